"""Regimens and the shared dose log in a phone's browser."""

import datetime
import re
from zoneinfo import ZoneInfo

from playwright.sync_api import expect

from accessibility import Audit

PASSWORD = "correct horse battery"
PHONE = {"width": 390, "height": 844}

# Notifications are observed, not replaced: the page's own script calls the browser's
# Notification, and this wrapper keeps a note of each one raised.
OBSERVE_NOTIFICATIONS = """
(() => {
  const Real = window.Notification;
  if (!Real) return;
  window.__raised = [];
  const Observed = function (title, options) { window.__raised.push({ title, body: options && options.body }); return new Real(title, options); };
  Observed.requestPermission = (...args) => Real.requestPermission(...args);
  Object.defineProperty(Observed, "permission", { get: () => Real.permission });
  window.Notification = Observed;
})();
"""


def doses_in_the_browser(browser, server, shots):
    """At 390×844: a regimen with two times; one dose due now is announced by a browser
    notification once the member allows them; marked given on the home page; another member
    sees who gave it."""
    context = browser.new_context(viewport=PHONE, locale="en-GB")
    context.add_init_script(OBSERVE_NOTIFICATIONS)
    page = context.new_page()
    audit = Audit(page)
    errors = []
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" and not message.text.startswith("Failed to load resource") else None)

    page.goto(server.url + "/setup")
    page.fill("#household_name", "The Kims")
    # A household where it is day now, so a dose a minute ago and one at 23:55 are the same day
    # whatever the hour this runs at.
    zone = next(name for name in ("UTC", "Asia/Seoul", "America/Bogota", "Pacific/Honolulu")
                if 6 <= datetime.datetime.now(ZoneInfo(name)).hour < 20)
    page.select_option("#time_zone", zone)
    page.fill("#username", "mina")
    page.fill("#display_name", "Mina")
    page.fill("#password", PASSWORD)
    page.fill("#password_confirm", PASSWORD)
    page.click("main button.primary")
    expect(page.locator("h1")).to_have_text("Hello, Mina")

    page.goto(server.url + "/pets/new")
    page.fill("#name", "Mochi")
    page.click("main button.primary")
    expect(page.locator("h1")).to_have_text("Mochi")
    page.click("#medicines >> text=New regimen")

    now = datetime.datetime.now(ZoneInfo(zone))
    due = (now - datetime.timedelta(minutes=1)).strftime("%H:%M")
    later = "23:55"
    page.fill("#name", "Heart pills")
    page.fill("#item_1_name", "Pimobendan")
    page.fill("#item_1_amount", "1")
    page.fill("#item_1_unit", "tablet")
    page.fill("#item_1_mg_per_kg", "0.25")
    page.fill("#time_1", due)
    page.fill("#time_2", later)
    audit.shot(path=shots / "phone-30-regimen-form.png", full_page=True)
    page.click("main button.primary")
    expect(page.locator("h1")).to_have_text("Heart pills")
    expect(page.locator("main")).to_contain_text(f"Every day at {due}, 23:55")
    audit.shot(path=shots / "phone-31-regimen.png", full_page=True)

    # The whole list has the later dose; home, the first few, has the one due now.
    page.goto(server.url + "/today")
    expect(page.locator("section.todo li.dose-later")).to_contain_text("23:55")
    page.goto(server.url + "/")
    doses = page.locator("section.todo")
    expect(doses).to_contain_text("Mochi: Heart pills")
    expect(doses.locator("li.dose-due")).to_contain_text("due now")
    # The script offers notifications; the member allows them (Chromium is told to grant the
    # permission when asked), and the due dose is announced once.
    expect(page.locator("text=Notify me when a dose is due")).to_be_visible()
    assert page.evaluate("window.__raised.length") == 0, "nothing before the member allows it"
    context.grant_permissions(["notifications"], origin=server.url)
    page.click("text=Notify me when a dose is due")
    page.wait_for_function("window.__raised && window.__raised.length > 0", timeout=5000)
    raised = page.evaluate("window.__raised")
    assert raised == [{"title": "Dose due", "body": f"{due} — Mochi: Heart pills — Pimobendan 1 tablet"}], raised
    expect(doses).to_contain_text("Notifications are on for this browser.")
    audit.shot(path=shots / "phone-32-home-doses.png", full_page=True)
    page.reload()
    page.wait_for_timeout(500)
    assert len(page.evaluate("window.__raised")) == 0, "announced once per dose, not on every visit"

    doses.locator("li.dose-due button.primary").click()
    expect(page.locator("section.todo")).not_to_contain_text("due now")
    # Home says what the tap did, with its undo.
    expect(page.locator(".notice.did li.dose-given")).to_contain_text("Mochi: Heart pills")

    # Another member: Dad sees who gave it, on his own phone.
    page.goto(server.url + "/accounts")
    page.fill("#username", "dad")
    page.fill("#display_name", "Dad")
    page.fill("#new_member_password", PASSWORD)
    page.select_option("#new_member_role", "adult")
    page.click("form[action='/accounts'] button.primary")
    expect(page.locator("main")).to_contain_text("dad")
    dad_context = browser.new_context(viewport=PHONE, locale="en-GB")
    dad = dad_context.new_page()
    dad.goto(server.url + "/login")
    dad.fill("#username", "dad")
    dad.fill("#password", PASSWORD)
    dad.click("main button.primary")
    dad.goto(server.url + "/doses")
    given = dad.locator("li.dose-given")
    expect(given).to_contain_text(re.compile(r"given by Mina at \d\d:\d\d"))
    Audit(dad).shot(path=shots / "phone-33-doses-as-dad.png", full_page=True)
    dad.goto(server.url + "/calendar")
    Audit(dad).shot(path=shots / "phone-34-calendar-doses.png", full_page=True)
    width = dad.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"page is {width}px wide"
    assert not errors, f"console errors: {errors}"
    audit.rest()
    dad_context.close()
    context.close()
