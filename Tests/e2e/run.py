#!/usr/bin/env python3
"""End-to-end: the built Hearth server on a temporary data folder, driven by Debian's
Chromium through Playwright, at a phone and a desktop size. Screenshots go to
Tests/e2e/screenshots/ for a person to look at.

Each module (MODULES) runs in a process of its own, two side by side, then those that must be
alone; `--only NAME` runs one. Ends with the line 'e2e: N passed, N failed' ('N passed, N failed'
for one module); exits non-zero on any failure."""

import argparse
import datetime
import http.client
import os
import re
import resource
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import traceback
import urllib.parse
from pathlib import Path

from playwright.sync_api import sync_playwright, expect

import api
import demo
import doses
import feed_oracle
import flags_oracle
import hostile
import korean_walk
import markup
import monthly
import phone
import push
import recipes
import routines
import today
import trackers_walk
from accessibility import Audit

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "Tests" / "e2e" / "screenshots"
PASSWORD = "correct horse battery"
VIEWPORTS = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 800}}

results = []


SUITE_STARTED = time.monotonic()


def check(name, function, *args):
    """Runs one check and says how it went, how long it took and when it ended in the suite
    (what lies between checks, such as seeding a household, shows as a gap): the suite must
    stay well inside `make test`'s time."""
    started = time.monotonic()
    try:
        function(*args)
        results.append((name, True))
        outcome = "PASS"
    except Exception:
        results.append((name, False))
        outcome = "FAIL"
        traceback.print_exc()
    ended = time.monotonic()
    print(f"{outcome} {name} ({ended - started:.0f} s, at {ended - SUITE_STARTED:.0f} s)", flush=True)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """One real `hearth serve` on its own data folder."""

    def __init__(self, binary, host="127.0.0.1", data=None, open_files=None, https=False, clock=None, flags=()):
        """`data`: a folder of the caller's to keep the data folder in (else a new one);
        `open_files`: (soft, hard) limits on open files to start the server under;
        `clock`: the moment the server's clock starts at (`2026-11-28T08:30:00+09:00`)."""
        self.data = data or tempfile.mkdtemp(prefix="hearth-e2e-")
        self.port = free_port()
        # Beside the data folder's parent, not in it: a test may fill the data folder's disk.
        self.log_path = Path(tempfile.mkstemp(prefix="hearth-e2e-", suffix=".log")[1])
        self.log = open(self.log_path, "a")
        started = time.monotonic()
        limit = (lambda: resource.setrlimit(resource.RLIMIT_NOFILE, open_files)) if open_files else None
        # With HTTPS, the household's own certificate on a second port (`self.https_url`).
        self.https_port = free_port() if https else None
        self.https_url = f"https://127.0.0.1:{self.https_port}" if https else None
        extra = ["--https", "--https-port", str(self.https_port)] if https else []
        extra += ["--clock-starts-at", clock] if clock else []
        extra += list(flags)
        self.process = subprocess.Popen(
            [binary, "serve", "--host", host, "--port", str(self.port), "--data-dir", self.data + "/data", "--resources", str(ROOT)] + extra,
            stdout=self.log, stderr=subprocess.STDOUT, preexec_fn=limit)
        self.url = f"http://127.0.0.1:{self.port}"
        while True:
            try:
                if self.request("GET", "/healthz")[0] == 200:
                    break
            except OSError:
                pass
            if time.monotonic() - started > 30 or self.process.poll() is not None:
                raise RuntimeError("server did not start:\n" + self.log_path.read_text())
            time.sleep(0.05)
        self.cold_start = time.monotonic() - started
        self.clock = (datetime.datetime.fromisoformat(clock), started) if clock else None
        print(f"server ready on {self.url} in {self.cold_start * 1000:.0f} ms", flush=True)

    def now(self):
        """The server's clock: the real time, or the moment it started at and the seconds since."""
        if not self.clock:
            return datetime.datetime.now(datetime.timezone.utc)
        start, launched = self.clock
        return start + datetime.timedelta(seconds=time.monotonic() - launched)

    def request(self, method, path, body=None, headers=None):
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
        connection.request(method, path, body=body, headers=headers or {})
        response = connection.getresponse()
        return response.status, response.read().decode("utf-8", "replace"), response.getheaders()

    def setup_form(self):
        """The setup form filled in for an owner `mina`, and the anonymous cookie its token belongs to."""
        status, body, headers = self.request("GET", "/setup")
        token = re.search(r'name="_csrf" value="([0-9a-f]+)"', body).group(1)
        cookie = [v for k, v in headers if k.lower() == "set-cookie"][0].split(";")[0]
        form = urllib.parse.urlencode({
            "_csrf": token, "household_name": "Home", "time_zone": "UTC", "language": "en",
            "username": "mina", "password": PASSWORD, "password_confirm": PASSWORD})
        return form, cookie

    def post_setup(self, form, cookie):
        return self.request("POST", "/setup", form, {"Content-Type": "application/x-www-form-urlencoded", "Cookie": cookie})

    def set_up_household(self):
        """Sets the household up; returns the owner's cookie header and a page's CSRF token."""
        form, anonymous = self.setup_form()
        status, _, headers = self.post_setup(form, anonymous)
        assert status == 303, status
        session = [v.split(";")[0] for k, v in headers if k.lower() == "set-cookie" and v.startswith("hearth_session=")][0]
        cookie = anonymous + "; " + session
        token = re.search(r'name="_csrf" value="([0-9a-f]+)"', self.request("GET", "/pets/new", headers={"Cookie": cookie})[1]).group(1)
        return cookie, token

    def stop(self, sig=signal.SIGTERM):
        if self.process.poll() is None:
            self.process.send_signal(sig)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()  # a hung server must not outlive the run
                self.process.wait()
                raise
        self.log.close()
        return self.process.returncode

    def cleanup(self):
        self.stop()
        shutil.rmtree(self.data, ignore_errors=True)
        self.log_path.unlink(missing_ok=True)


def sign_out(page):
    """Signing out: beside the member's name on a wide screen, at the end of More on a phone."""
    button = page.locator("header .who button.link")
    if not button.is_visible():
        page.click("nav.main summary")
        button = page.locator("nav.main details button.link")
    button.click()


def setup_sign_in_sign_out(browser, server, size):
    """The first person in the house sets Hearth up, signs out, and signs back in."""
    context = browser.new_context(viewport=VIEWPORTS[size], locale="en-GB")
    page = context.new_page()
    audit = Audit(page)
    errors = []
    # 401/422 answers are expected here and logged by Chromium as "Failed to load resource";
    # anything else (a CSP refusal, a script error) is a failure.
    page.on("console", lambda message: errors.append(message.text)
            if message.type == "error" and not message.text.startswith("Failed to load resource") else None)

    page.goto(server.url + "/")
    expect(page).to_have_url(re.compile(r"/setup$"))
    audit.shot(path=SHOTS / f"{size}-1-setup.png", full_page=True)

    # A mistake first: the form comes back with the message next to the field.
    page.fill("#household_name", "The Kims")
    page.fill("#username", "mina")
    page.fill("#display_name", "Mina")
    page.fill("#password", "short")
    page.fill("#password_confirm", "short")
    page.click("main button.primary")
    expect(page.locator(".field-error")).to_contain_text("At least 10 characters")
    expect(page.locator("#household_name")).to_have_value("The Kims")
    audit.shot(path=SHOTS / f"{size}-2-setup-error.png", full_page=True)

    page.fill("#password", PASSWORD)
    page.fill("#password_confirm", PASSWORD)
    page.click("main button.primary")
    expect(page).to_have_url(server.url + "/")
    expect(page.locator("h1")).to_have_text("Hello, Mina")
    expect(page.locator(".brand")).to_have_text("The Kims")
    audit.shot(path=SHOTS / f"{size}-3-home.png", full_page=True)
    page.pdf(path=str(SHOTS / f"{size}-home-print.pdf")) if size == "desktop" else None

    sign_out(page)
    expect(page).to_have_url(re.compile(r"/login$"))
    page.goto(server.url + "/")
    expect(page).to_have_url(re.compile(r"/login"))

    page.fill("#username", "mina")
    page.fill("#password", "not the password")
    page.click("main button.primary")
    expect(page.locator(".problem")).to_contain_text("do not match")
    audit.shot(path=SHOTS / f"{size}-4-login-failed.png", full_page=True)

    page.fill("#password", PASSWORD)
    page.click("main button.primary")
    expect(page.locator("h1")).to_have_text("Hello, Mina")

    go(page, "Accounts")
    expect(page.locator("h1")).to_have_text("Household accounts")
    audit.shot(path=SHOTS / f"{size}-5-accounts.png", full_page=True)
    go(page, "Settings")
    page.select_option("#language", "ko")
    page.click("main button.primary")
    expect(page.locator(".notice")).to_have_text("설정을 저장했어요.")
    audit.shot(path=SHOTS / f"{size}-6-settings-korean.png", full_page=True)

    sign_out(page)
    expect(page).to_have_url(re.compile(r"/login$"))
    audit.shot(path=SHOTS / f"{size}-7-login-korean.png", full_page=True)

    # The page must not be wider than the screen: nothing to scroll sideways on a phone.
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= VIEWPORTS[size]["width"], f"page is {width}px wide"
    assert not errors, f"console errors (CSP violations show up here): {errors}"
    context.close()


FIXTURES = ROOT / "Tests" / "Fixtures" / "exif-orientation"


def pet_with_photo(browser, server):
    """On a phone: add a pet with a photo, quick-add a weight and a meal (with a photo of
    the bowl), and find both on the timeline with their thumbnails."""
    context = browser.new_context(viewport=VIEWPORTS["phone"], locale="en-GB")
    page = context.new_page()
    audit = Audit(page)
    sign_up_owner(page, server)
    go(page, "Pets")
    page.click("text=Add a pet")
    page.fill("#name", "Nabi")
    page.select_option("#species", "cat")
    page.fill("#age_years", "3")
    page.set_input_files("#photo", str(FIXTURES / "Landscape_6.jpg"))
    audit.shot(path=SHOTS / "phone-8-add-pet.png", full_page=True)
    page.click("main button.primary")
    expect(page.locator("h1")).to_have_text("Nabi")
    expect(page.locator("img.pet-photo")).to_be_visible()
    assert page.evaluate("document.querySelector('img.pet-photo').naturalWidth") == 320

    page.click(".quick-add >> text=Weight")
    page.fill("#weight", "4.2")
    page.click("main button.primary")
    expect(page.locator("p.weight strong")).to_have_text("4.2 kg")
    expect(page.locator(".notice")).to_have_text("Saved.")

    page.click(".quick-add >> text=Meal")
    page.fill("#new_food_name", "Tuna pouch")
    page.fill("#amount", "40")
    page.set_input_files("#photos", str(FIXTURES / "Landscape_3.jpg"))
    audit.shot(path=SHOTS / "phone-9-add-meal.png", full_page=True)
    page.click("main button.primary")
    expect(page.locator(".entries .entry.meal")).to_contain_text("Tuna pouch")
    audit.shot(path=SHOTS / "phone-10-pet.png", full_page=True)

    page.click("text=Whole timeline")
    expect(page.locator(".entry.weight")).to_contain_text("4.2 kg")
    expect(page.locator(".entry.meal")).to_contain_text("Tuna pouch · 40 g · Ate it all")
    thumbnail = page.locator(".entry.meal .thumbs img")
    expect(thumbnail).to_be_visible()
    assert page.evaluate("document.querySelector('.entry.meal .thumbs img').naturalWidth") == 320
    expect(page.locator("img.avatar")).to_be_visible()
    audit.shot(path=SHOTS / "phone-11-timeline.png", full_page=True)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= VIEWPORTS["phone"]["width"], f"page is {width}px wide"

    # Every delete button submits the page's one form with its own formaction: the browser
    # must send that form's CSRF token to the record's own address.
    page.click(".entry.weight >> text=Delete")
    expect(page.locator("form.undo")).to_contain_text("Weight")
    expect(page.locator(".entry.weight")).to_have_count(0)
    expect(page.locator(".entry.meal")).to_contain_text("Tuna pouch")
    page.click("form.undo >> text=Undo")
    expect(page.locator(".notice")).to_have_text("Record restored.")
    expect(page.locator(".entry.weight")).to_contain_text("4.2 kg")
    audit.rest()
    context.close()


def a_person(browser, server):
    """On a phone: add a person of the household with a colour, and find them on the list."""
    context = browser.new_context(viewport=VIEWPORTS["phone"], locale="en-GB")
    page = context.new_page()
    audit = Audit(page)
    sign_up_owner(page, server)
    go(page, "People")
    page.click("text=Add a person")
    page.fill("#name", "Mina")
    page.fill("#birth_date", "1986-05-01")
    page.check("input[name=colour][value=teal]")
    page.select_option("#account_id", label="Mina (mina)")
    audit.shot(path=SHOTS / "phone-12-add-person.png", full_page=True)
    page.click("main button.primary")
    expect(page.locator("h1")).to_have_text("Mina")
    expect(page.locator(".facts")).to_contain_text("Mina (mina)")
    # Goals, then two taps of +1 cup: the glass fills, with the cups still to go.
    page.click("#today >> text=Goals")
    page.fill("#water", "8")
    page.click("main button.primary")
    expect(page.locator(".field-error")).to_contain_text("check the unit")
    page.select_option("#water_unit", "cups")
    page.fill("#cup_ml", "250")
    page.fill("#steps", "10000")
    page.click("main button.primary")
    page.click("text=+1 cup (250 ml)")
    page.click("text=+1 cup (250 ml)")
    expect(page.locator(".water-today")).to_contain_text("500 ml")
    expect(page.locator(".water-today")).to_contain_text("6 cups to go")
    expect(page.locator(".water-today")).to_contain_text("25%")
    page.fill("#steps", "8012")
    page.click("form[action$='/steps'] >> text=Save")
    expect(page.locator("#today")).to_contain_text("8,012 steps")
    audit.shot(path=SHOTS / "phone-13-person.png", full_page=True)
    go(page, "Home")
    expect(page.locator("#water")).to_contain_text("500 ml")
    page.click("#water >> text=+1 cup (250 ml)")
    expect(page).to_have_url(re.compile(r"/\?water=\d+&change=cup#did$"))
    expect(page.locator("#water")).to_contain_text("750 ml")
    expect(page.locator(".notice.did")).to_contain_text("Mina: one more cup — 750 ml today")
    audit.shot(path=SHOTS / "phone-15-home-water.png", full_page=True)
    go(page, "People")
    expect(page.locator(".person-card.colour-teal")).to_contain_text("Mina")
    colour = page.evaluate("getComputedStyle(document.querySelector('.person-card')).borderLeftColor")
    assert colour == "rgb(0, 105, 92)", colour
    audit.shot(path=SHOTS / "phone-14-people.png", full_page=True)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= VIEWPORTS["phone"]["width"], f"page is {width}px wide"
    audit.rest()
    context.close()


def go(page, place):
    """Follows the main navigation as a person would: on a phone, places beyond the first
    four are in the More menu, opened first."""
    link = page.locator("nav.main a:visible", has_text=place)
    if link.count() == 0:
        page.click("nav.main summary")
        link = page.locator("nav.main a:visible", has_text=place)
    link.first.click()


def today_in_the_household(browser, server, size):
    """A person's water from the home page, the sample Apple Health export imported with its
    progress page, their steps charted by week, month and year, the calendar's month and day,
    and the month printed to PDF on A4 landscape."""
    context = browser.new_context(viewport=VIEWPORTS[size], locale="en-GB")
    page = context.new_page()
    audit = Audit(page)
    sign_up_owner(page, server)
    go(page, "People")
    page.click("text=Add a person")
    page.fill("#name", "Jun")
    page.check("input[name=colour][value=orange]")
    page.click("main button.primary")
    person = page.url.rstrip("/").split("/")[-1].split("?")[0].split("#")[0]
    page.click("#today >> text=Goals")
    page.fill("#water", "2")
    page.select_option("#water_unit", "ml")
    page.fill("#water", "1000")
    page.fill("#steps", "2000")
    page.click("main button.primary")
    go(page, "Home")
    heights = []
    for cups in (1, 2, 3):
        page.click("#water >> text=+1 cup (250 ml)")
        expect(page.locator("#water")).to_contain_text(f"{cups * 250} ml")
        heights.append(float(page.locator("#water svg.water-glass rect.water").get_attribute("height")))
    assert heights[0] < heights[1] < heights[2], f"the glass fills: {heights}"
    expect(page.locator(".notice.did")).to_contain_text("750 ml today")
    audit.shot(path=SHOTS / f"{size}-16-home-today.png", full_page=True)

    page.goto(f"{server.url}/people/{person}/import")
    page.check("input[name=source][value=apple-health]")
    page.set_input_files("#file", str(ROOT / "Tests/Fixtures/apple-health/export6s3sample.xml"))
    page.click("main button.primary")
    expect(page).to_have_url(re.compile(r"/imports/\d+$"))
    expect(page.locator(".import-progress")).to_contain_text("Import finished.", timeout=15000)
    expect(page.locator(".import-progress")).to_contain_text("15 records read")
    expect(page.locator(".import-progress")).to_contain_text("1 day written")
    audit.shot(path=SHOTS / f"{size}-17-import-done.png", full_page=True)

    for period in ("week", "month", "year"):
        page.goto(f"{server.url}/people/{person}/charts?period={period}&at=2014-09-14")
        bars = page.locator("[aria-labelledby='steps-title steps-desc'] .chart-bars rect").count()
        assert bars >= 1, f"{period}: {bars} bars"
        expect(page.locator("main")).to_contain_text("2,517")
        audit.shot(path=SHOTS / f"{size}-18-steps-{period}.png", full_page=True)

    # Today's steps by hand meet today's goal: the calendar marks the day in Jun's colour.
    page.goto(f"{server.url}/people/{person}")
    page.fill("#steps", "2500")
    page.click("form[action$='/steps'] >> text=Save")
    go(page, "Calendar")
    cell = page.locator("td.today a")
    expect(cell).to_have_attribute("aria-label", re.compile("Jun: steps goal met"))
    expect(cell.locator(".dot.goal-steps.colour-orange")).to_have_count(1)
    audit.shot(path=SHOTS / f"{size}-19-calendar-month.png", full_page=True)
    if size == "desktop":
        pdf = SHOTS / "desktop-calendar-month.pdf"
        page.pdf(path=str(pdf), prefer_css_page_size=True, print_background=True)
        box = re.search(rb"/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]", pdf.read_bytes())
        assert box and float(box.group(1)) > float(box.group(2)), f"A4 landscape: {box and box.groups()}"
    # The imported day, before any goal was set: its figures without a goal.
    page.goto(f"{server.url}/calendar/2014-09")
    page.click("a[href='/calendar/2014-09-13']")
    expect(page.locator("main")).to_contain_text("Steps: 2,517")
    audit.shot(path=SHOTS / f"{size}-20-calendar-day.png", full_page=True)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= VIEWPORTS[size]["width"], f"page is {width}px wide"
    audit.rest()
    context.close()


def pet_health(browser, server):
    """On a phone: a puppy's two vaccines in one visit, due again on the home page; a 24-hour
    clinic first on /emergency (one tap from the bar); the health card printed to PDF on A4."""
    context = browser.new_context(viewport=VIEWPORTS["phone"], locale="en-GB")
    page = context.new_page()
    audit = Audit(page)
    sign_up_owner(page, server)
    go(page, "Pets")
    page.click("text=Add a pet")
    page.fill("#name", "Bori")
    page.select_option("#species", "dog")
    today = datetime.date.today()
    page.fill("#birth_date", (today - datetime.timedelta(weeks=12)).isoformat())
    page.click("main button.primary")
    expect(page.locator("h1")).to_have_text("Bori")
    # No vaccination recorded: her history is asked for, nothing called overdue.
    expect(page.locator("#care .vaccine-history")).to_contain_text("Do you know its vaccinations?")
    expect(page.locator("#care .due-overdue")).to_have_count(0)

    # At 9 weeks: DAPP and coronavirus in one visit; both are due again 3 weeks on, tomorrow.
    page.click("#care >> text=+ Vaccination")
    page.check("input[name='vaccine_dog.dapp']")
    page.fill("input[name='batch_dog.dapp']", "A123")
    page.check("input[name='vaccine_dog.coronavirus']")
    page.fill("#clinic_name", "Mapo Animal Clinic")
    page.fill("#date", (today - datetime.timedelta(days=20)).isoformat())
    audit.shot(path=SHOTS / "phone-21-vaccination.png", full_page=True)
    page.click("main button.primary")
    expect(page.locator(".notice")).to_have_text("Saved.")
    expect(page.locator("#care")).to_contain_text("dose 2 of the starting series")
    audit.shot(path=SHOTS / "phone-22-pet-care.png", full_page=True)
    page.goto(server.url + "/today")
    due = page.locator(".todo-list")
    expect(due).to_contain_text("Bori: DAPP (distemper, adenovirus, parvovirus, parainfluenza) — dose 2 of the starting series")
    expect(due).to_contain_text("Bori: Canine coronavirus — dose 2 of the starting series")
    audit.shot(path=SHOTS / "phone-23-home-due.png", full_page=True)

    # Two clinics: one open all day (not the favourite), one open day and night.
    for name, fields in (("Day Clinic", {"#phone": "02-111-1111", "#hours_1": "00:00-24:00", "#hours_2": "00:00-24:00", "#hours_3": "00:00-24:00",
                                         "#hours_4": "00:00-24:00", "#hours_5": "00:00-24:00", "#hours_6": "00:00-24:00", "#hours_0": "00:00-24:00"}),
                         ("Seoul 24 Animal Medical Center", {"#phone": "02-555-2424"})):
        page.goto(f"{server.url}/clinics/new")
        page.fill("#name", name)
        for selector, value in fields.items():
            page.fill(selector, value)
        if "24" in name:
            page.check("input[name=open_24_hours]")
        page.click("main button.primary")
        expect(page).to_have_url(re.compile(r"/clinics$"))
    go(page, "Emergency")
    first = page.locator("article.clinic").first
    expect(first.locator("h3")).to_have_text("Seoul 24 Animal Medical Center")
    expect(first.locator("a.call")).to_have_attribute("href", "tel:025552424")
    box = first.locator("a.call").bounding_box()
    assert box["height"] >= 48 and box["width"] >= 300, f"a big call button: {box}"
    audit.shot(path=SHOTS / "phone-24-emergency.png", full_page=True)

    page.click(".card-links >> text=Bori")
    expect(page.locator("h1")).to_have_text("Bori")
    expect(page.locator(".health-card")).to_contain_text("DAPP")
    audit.shot(path=SHOTS / "phone-25-health-card.png", full_page=True)
    pdf = SHOTS / "health-card.pdf"
    page.pdf(path=str(pdf), prefer_css_page_size=True, print_background=True)
    data = pdf.read_bytes()
    pages = len(re.findall(rb"/Type\s*/Page[^s]", data))
    assert pages == 1, f"the card is one page: {pages}"
    box = re.search(rb"/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]", data)
    assert box and abs(float(box.group(1)) - 595.92) < 2 and abs(float(box.group(2)) - 842.88) < 2, f"A4: {box and box.groups()}"
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= VIEWPORTS["phone"]["width"], f"page is {width}px wide"
    audit.rest()
    context.close()


def sign_up_owner(page, server):
    page.goto(server.url + "/setup")
    page.fill("#household_name", "The Kims")
    page.fill("#username", "mina")
    page.fill("#display_name", "Mina")
    page.fill("#password", PASSWORD)
    page.fill("#password_confirm", PASSWORD)
    page.click("main button.primary")
    expect(page.locator("h1")).to_have_text("Hello, Mina")


def graceful_shutdown(binary):
    """SIGTERM while a sign-in (bcrypt cost 12) is in flight: the request finishes, the database closes."""
    server = Server(binary)
    try:
        form, cookie = server.setup_form()
        outcome = {}

        def submit():
            outcome["status"] = server.post_setup(form, cookie)[0]

        worker = threading.Thread(target=submit)
        worker.start()
        time.sleep(0.05)  # bcrypt at cost 12 takes far longer than this
        code = server.stop(signal.SIGTERM)
        worker.join(timeout=20)
        assert outcome.get("status") == 303, f"in-flight setup answered {outcome}"
        assert code == 0, f"exit code {code}"
        log = server.log_path.read_text()
        assert "database closed cleanly" in log, log
    finally:
        server.cleanup()


def members_at_once(binary):
    """Many requests at once, reads and writes mixed, over real connections: every one is
    answered (requests run on the event loops and read SQLite there; a read that waited on
    a suspended task could deadlock them, and this would hang)."""
    server = Server(binary)
    try:
        cookie, token = server.set_up_household()
        boundary = "hearthboundary"

        def add_pet(name):
            parts = [("_csrf", token), ("name", name), ("species", "cat")]
            body = "".join(f'--{boundary}\r\nContent-Disposition: form-data; name="{key}"\r\n\r\n{value}\r\n' for key, value in parts) + f"--{boundary}--\r\n"
            return server.request("POST", "/pets", body, {"Cookie": cookie, "Content-Type": f"multipart/form-data; boundary={boundary}"})[0]

        answers, lock = [], threading.Lock()

        def record(what, ask):
            try:
                status = ask()
            except OSError as error:  # a timeout: no answer within 10 s
                status = repr(error)
            with lock:
                answers.append((what, status))

        def reader(index):
            for round in range(10):
                path = ["/", "/pets", "/me", "/pets/1", "/pets/1/timeline"][(index + round) % 5]
                record(path, lambda: server.request("GET", path, headers={"Cookie": cookie})[0])

        def writer(index):
            for round in range(5):
                record("POST /pets", lambda: add_pet(f"Cat {index}-{round}"))

        assert add_pet("First") == 303
        started = time.monotonic()
        workers = [threading.Thread(target=reader, args=(i,)) for i in range(24)] + [threading.Thread(target=writer, args=(i,)) for i in range(4)]
        for worker in workers:
            worker.start()
        for worker in workers:
            worker.join(timeout=60)
        elapsed = time.monotonic() - started
        assert not any(worker.is_alive() for worker in workers), "requests still waiting after 60 s"
        assert len(answers) == 24 * 10 + 4 * 5, len(answers)
        wrong = [answer for answer in answers if answer[1] != (303 if answer[0] == "POST /pets" else 200)]
        assert not wrong, wrong[:5]
        pets = server.request("GET", "/pets", headers={"Cookie": cookie})[1]
        assert pets.count('class="pet-card"') == 21, "the first pet and all twenty added at once"
        print(f"  {len(answers)} requests from 28 clients at once in {elapsed:.1f} s", flush=True)
    finally:
        server.cleanup()


def import_on_the_command_line(binary):
    """`hearth import apple-health` on a demo household: a summary, nothing more the second
    time, and a cut-off file refused with the reason and a non-zero exit."""
    folder = demo.folder(binary, years=1, photos=False)
    try:
        sample = ROOT / "Tests/Fixtures/apple-health/export6s3sample.xml"
        command = [binary, "import", "apple-health", str(sample), "--person", "Mina", "--data-dir", folder + "/data"]
        first = subprocess.run(command, capture_output=True, text=True, cwd=ROOT)
        assert first.returncode == 0 and "15 records read · 1 day written" in first.stdout, first.stdout + first.stderr
        again = subprocess.run(command, capture_output=True, text=True, cwd=ROOT)
        assert again.returncode == 0 and "0 days written" in again.stdout, again.stdout + again.stderr
        cut = Path(folder) / "export.xml"
        cut.write_bytes(sample.read_bytes()[:3000])
        refused = subprocess.run(command[:3] + [str(cut)] + command[4:], capture_output=True, text=True, cwd=ROOT)
        assert refused.returncode == 1 and "cut off" in refused.stderr and "Nothing was written." in refused.stderr, refused.stderr
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def lan_urls(binary):
    """With --host 0.0.0.0 the server says which addresses phones can open."""
    server = Server(binary, host="0.0.0.0")
    try:
        log = server.log_path.read_text()
        urls = re.findall(r"Hearth is serving at (http://\S+)", log)
        assert urls and all(url.endswith(f":{server.port}") for url in urls), log
        assert server.stop(signal.SIGINT) == 0
    finally:
        server.cleanup()


def served(check_name, function, binary, browser, *args):
    """One check on a server of its own, removed after it."""
    server = Server(binary)
    try:
        check(check_name, function, browser, server, *args)
    finally:
        server.cleanup()


def first_steps(playwright, browser, binary, chromium):
    for size in VIEWPORTS:
        served(f"setup, sign in, sign out at {size} size", setup_sign_in_sign_out, binary, browser, size)
    served("pet with a photo, weight and meal on the timeline (phone)", pet_with_photo, binary, browser)
    served("a person of the household, in their colour (phone)", a_person, binary, browser)
    served("pet health: two vaccines in a visit, due at home, /emergency, a printed health card (phone)", pet_health, binary, browser)
    served("doses: a regimen with two times, a notification, given on the home page, seen by another member (phone)",
           doses.doses_in_the_browser, binary, browser, SHOTS)
    for size in VIEWPORTS:
        served(f"today in the household: water, an import, charts, the calendar ({size})", today_in_the_household, binary, browser, size)


def the_server(playwright, browser, binary, chromium):
    check("graceful shutdown on SIGTERM", graceful_shutdown, binary)
    check("many requests at once, reads and writes mixed", members_at_once, binary)
    check("LAN addresses logged on 0.0.0.0", lan_urls, binary)
    check("hearth import apple-health on the command line", import_on_the_command_line, binary)


# Each module's checks, run by a process of its own (`--only NAME`). Two run side by side, the
# longest first; those marked alone run by themselves after the rest: hostile.py times the
# server's answers under attack, the server's checks send 260 requests at once and time a
# SIGTERM, and push.py waits for reminders due at a minute of the server's clock.
MODULES = {
    "first_steps": first_steps,
    "monthly": lambda playwright, browser, binary, chromium: monthly.run(check, Server, browser, binary, SHOTS),
    "flags": lambda playwright, browser, binary, chromium: flags_oracle.run(check, Server, browser, binary, SHOTS),
    "recipes": lambda playwright, browser, binary, chromium: recipes.run(check, Server, browser, binary, SHOTS),
    "routines": lambda playwright, browser, binary, chromium: routines.run(check, Server, browser, binary, SHOTS),
    "korean_walk": lambda playwright, browser, binary, chromium: korean_walk.run(check, Server, browser, binary, SHOTS, "phone"),
    "korean_walk_desktop": lambda playwright, browser, binary, chromium: korean_walk.run(check, Server, browser, binary, SHOTS, "desktop"),
    "trackers": lambda playwright, browser, binary, chromium: trackers_walk.run(check, Server, browser, binary, SHOTS),
    "today": lambda playwright, browser, binary, chromium: today.run(check, Server, browser, binary, SHOTS),
    "api": lambda playwright, browser, binary, chromium: api.run(check, Server, browser, binary, SHOTS),
    "phone": lambda playwright, browser, binary, chromium: phone.run(check, Server, playwright, binary, chromium, SHOTS),
    "feed": lambda playwright, browser, binary, chromium: feed_oracle.run(check, Server, binary),
    "markup": lambda playwright, browser, binary, chromium: markup.run(check, Server, binary),
    "push": lambda playwright, browser, binary, chromium: push.run(check, Server, browser, binary, SHOTS),
    "server": the_server,
    "hostile": lambda playwright, browser, binary, chromium: hostile.run_all(check, Server, binary),
}
ALONE = {"push", "server", "hostile"}
# Seconds each took on a 2-core machine (Tests/README.md's table): the longest start first.
LONGEST_FIRST = ["korean_walk", "korean_walk_desktop", "monthly", "first_steps", "today", "feed", "trackers", "phone", "flags", "api", "routines",
                 "recipes", "markup"]


def run_module(name, binary, chromium):
    """One module's checks in this process, with a browser of its own."""
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
        try:
            MODULES[name](playwright, browser, binary, chromium)
        finally:
            browser.close()


def run_side_by_side(binary, chromium, names, workers):
    """Each module in a process of its own, `workers` at once; each one's output printed whole when
    it ends. Returns (module, passed, failed, seconds) for each."""
    from concurrent.futures import ThreadPoolExecutor

    def one(name):
        started = time.monotonic()
        done = subprocess.run([sys.executable, __file__, "--server", binary, "--chromium", chromium, "--only", name],
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        took = time.monotonic() - started
        closing = re.findall(r"^(\d+) passed, (\d+) failed$", done.stdout, re.M)
        passed, failed = (int(closing[-1][0]), int(closing[-1][1])) if closing else (0, 0)
        if done.returncode != 0 and failed == 0:
            failed = 1  # the module itself broke before it could count
        with print_lock:
            print(f"===== {name}: {passed} passed, {failed} failed in {took:.0f} s =====\n{done.stdout}", flush=True)
        return name, passed, failed, took

    print_lock = threading.Lock()
    with ThreadPoolExecutor(max_workers=workers) as pool:
        return list(pool.map(one, names))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--server", default=str(ROOT / ".build" / "release" / "hearth"))
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    parser.add_argument("--only", choices=sorted(MODULES), help="run only the checks of this module")
    parser.add_argument("--workers", type=int, default=2, help="modules run side by side (those marked alone never are)")
    parser.add_argument("--part", choices=["together", "alone", "all"], default="all",
                        help="only the modules that run side by side, or only those that run alone (make test runs the unit tests beside the first)")
    arguments = parser.parse_args()
    SHOTS.mkdir(parents=True, exist_ok=True)
    # A string missing from a language's file renders as a marker the checks fail on.
    os.environ["HEARTH_STRICT_STRINGS"] = "1"
    if arguments.only:
        run_module(arguments.only, arguments.server, arguments.chromium)
        print(f"{sum(1 for _, ok in results if ok)} passed, {sum(1 for _, ok in results if not ok)} failed")
        sys.exit(0 if all(ok for _, ok in results) else 1)

    # The demo households the modules copy, seeded once for the run (demo.py), or for the runs of
    # both parts when the caller names the folder.
    own_seeds = not os.environ.get("HEARTH_E2E_SEEDS")
    if own_seeds:
        os.environ["HEARTH_E2E_SEEDS"] = tempfile.mkdtemp(prefix="hearth-e2e-seeds-")
    try:
        together = [name for name in LONGEST_FIRST if name in MODULES and name not in ALONE]
        together += [name for name in MODULES if name not in ALONE and name not in together]
        outcomes = []
        if arguments.part != "alone":
            outcomes += run_side_by_side(arguments.server, arguments.chromium, together, arguments.workers)
        if arguments.part != "together":
            outcomes += run_side_by_side(arguments.server, arguments.chromium, [name for name in MODULES if name in ALONE], 1)
    finally:
        if own_seeds:
            shutil.rmtree(os.environ["HEARTH_E2E_SEEDS"], ignore_errors=True)
    passed = sum(outcome[1] for outcome in outcomes)
    failed = sum(outcome[2] for outcome in outcomes)
    print(f"screenshots in {SHOTS}")
    # `make test`'s table of phases (Tests/make/test) gets a row a module.
    if os.environ.get("HEARTH_PHASES"):
        with open(os.environ["HEARTH_PHASES"], "a") as table:
            for name, _, failed_here, took in outcomes:
                table.write(f"  e2e {'alone' if name in ALONE else '∥'} {name}\t{took:.0f}\t{1 if failed_here else 0}\n")
    print(f"e2e: {passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
