"""Home is today, on a phone: the demo household's home at 08:30 and at 21:00 in Seoul fits in two
screens of 390×844 in Korean and English, the header and the bar at the bottom leave the rest of
the screen, and the day's jobs take one tap each (counted and printed), each saying what it did
with its undo."""

import datetime
import shutil
import sqlite3

from playwright.sync_api import expect

import demo
from accessibility import Audit

PHONE = {"width": 390, "height": 844}
SEOUL = datetime.timezone(datetime.timedelta(hours=9))


def seeded(binary):
    """A folder holding the ten-year demo household, as `Server(data=…)` takes it (demo.py)."""
    return demo.folder(binary, years=10, photos=False)


def speak(base, language):
    """The demo member reads Hearth in `language` (the account's own setting)."""
    db = sqlite3.connect(base + "/data/hearth.sqlite")
    db.execute("UPDATE account SET language = ?", (language,))
    db.commit()
    db.close()


def sign_in(browser, server, language):
    context = demo.context(browser, server, viewport=PHONE, locale="ko-KR" if language == "ko" else "en-GB", timezone_id="Asia/Seoul")
    page = context.new_page()
    page.goto(server.url + "/login")
    page.fill("#username", "demo")
    page.fill("#password", "demo-household")
    page.click("button[type=submit]")
    page.wait_for_url(server.url + "/")
    return context, page


def home_fits(browser, Server, binary, base, shots):
    """At 08:30 and at 21:00 of today in Seoul, in both languages: home at most two screens tall,
    the header and the bottom bar together at most 15% of the screen."""
    for hour, minute in [(8, 30), (21, 0)]:
        server = Server(binary, data=base, clock=demo.clock(hour, minute))
        try:
            for language in ["ko", "en"]:
                speak(base, language)
                context, page = sign_in(browser, server, language)
                audit = Audit(page)
                height = page.evaluate("document.documentElement.scrollHeight")
                header = page.evaluate("document.querySelector('header.site').getBoundingClientRect().height")
                bar = page.evaluate("document.querySelector('nav.main').getBoundingClientRect().height")
                screens = height / PHONE["height"]
                print(f"  home at {hour:02d}:{minute:02d} ({language}): {height} px = {screens:.2f} screens; header {header:.0f} px + bar {bar:.0f} px"
                      f" = {(header + bar) / PHONE['height']:.0%} of the screen", flush=True)
                audit.shot(path=shots / f"phone-40-home-{hour:02d}{minute:02d}-{language}.png", full_page=True)
                assert screens <= 2, f"home is {screens:.2f} screens tall at {hour:02d}:{minute:02d} ({language})"
                assert header + bar <= 0.15 * PHONE["height"], f"header {header} + bar {bar} px"
                # The list is cut, and the rest is one tap away on /today.
                more = page.locator(".todo .more-link a")
                if more.count():
                    more.click()
                    expect(page.locator("h1")).to_contain_text("할 일" if language == "ko" else "To do")
                    assert page.locator(".todo-list > li").count() > 3
                context.close()
        finally:
            server.stop()


def taps(browser, Server, binary, base, shots):
    """The jobs of every day from home, each one tap, each saying what it did with an undo that
    takes it back: a pet's usual meal, +1 cup, a dose given, a routine done."""
    server = Server(binary, data=base, clock=demo.clock(8, 30))
    try:
        speak(base, "ko")
        context, page = sign_in(browser, server, "ko")
        counted = {}

        # A pet's usual meal: one tap; the notice names the food, and 되돌리기 removes the record.
        meal = page.locator(".home-pets li", has=page.locator("form")).first
        name = meal.locator("strong").inner_text()
        food = meal.locator("form button .usual-food").inner_text().strip()
        amount = meal.locator("form button .usual-amount").inner_text().strip()
        meal.locator("form button").click()
        counted["meal"] = 1
        notice = page.locator(".notice.did")
        expect(notice).to_contain_text(f"{name}: ")
        expect(notice).to_contain_text("기록했어요")
        assert food.split(" ")[0] in notice.inner_text() and amount in notice.inner_text(), (food, amount, notice.inner_text())
        Audit(page).shot(path=shots / "phone-41-home-meal-logged.png")
        logged = int(page.url.split("logged=")[1])
        notice.locator("button", has_text="되돌리기").click()
        expect(page.locator(".notice.did")).to_contain_text("되돌렸어요")
        db = sqlite3.connect(base + "/data/hearth.sqlite")
        assert db.execute("SELECT deleted_at IS NOT NULL FROM entry WHERE id = ?", (logged,)).fetchone() == (1,)
        db.close()

        # +1 cup: one tap; the notice gives the day's water, and 되돌리기 takes the cup back.
        person = page.locator(".home-people li").first
        person.locator("form button").click()
        counted["+1 cup"] = 1
        expect(page.locator(".notice.did")).to_contain_text("물 한 컵 더")
        # Its undo on the screen, not above it (the page lands on the notice).
        undo = page.locator(".notice.did button", has_text="되돌리기").bounding_box()
        assert 0 <= undo["y"] and undo["y"] + undo["height"] <= page.viewport_size["height"], undo
        page.locator(".notice.did button", has_text="되돌리기").click()
        expect(page.locator(".notice.did")).to_contain_text("오늘 물")

        # A dose: one tap on 줬어요; the notice says who gave it, with its undo.
        page.goto(server.url + "/")
        dose = page.locator(".todo-list li.dose").first
        dose.locator("button[value=given]").click()
        counted["dose"] = 1
        expect(page.locator(".notice.did li.dose-given")).to_contain_text("Demo님이")
        page.locator(".notice.did button[value=undo]").click()
        expect(page.locator(".notice.did")).to_contain_text("되돌렸어요")

        # A routine due: one tap on 했어요 (from /today when home's few rows are doses).
        page.goto(server.url + "/today")
        routine = page.locator(".todo-list li.routine").first
        if routine.count():
            routine.locator("button[value=done]").first.click()
            counted["routine"] = 1
            expect(page.locator(".notice.did")).to_contain_text("Demo님이")
            page.locator(".notice.did button[value=undo]").click()
            expect(page.locator(".notice.did")).to_contain_text("되돌렸어요")
        print("  taps from home: " + ", ".join(f"{job} {n}" for job, n in counted.items()), flush=True)
        context.close()
    finally:
        server.stop()


def run(check, Server, browser, binary, shots):
    base = seeded(binary)
    try:
        check("home is today: two phone screens at 08:30 and 21:00, both languages (demo household)", home_fits, browser, Server, binary, base, shots)
        check("home's jobs in one tap each, each with its undo: a usual meal, +1 cup, a dose, a routine (phone, Korean)",
              taps, browser, Server, binary, base, shots)
    finally:
        shutil.rmtree(base, ignore_errors=True)
