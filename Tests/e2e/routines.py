"""Care routines and appointments in a Korean household's phone browser (390×844, Asia/Seoul):
a routine added from a pet's page and done with one tap from home, whose turn is next; a vet
visit's follow-up booked from the pet's page and shown as D-3 on home; the same pages in English."""

import datetime
import re
from zoneinfo import ZoneInfo

import icalendar
import recurring_ical_events
from playwright.sync_api import expect

from accessibility import Audit

PASSWORD = "correct horse battery"
PHONE = {"width": 390, "height": 844}


def routines_and_appointments(browser, server, shots):
    context = browser.new_context(viewport=PHONE, locale="ko-KR", timezone_id="Asia/Seoul",
                                  extra_http_headers={"Accept-Language": "ko-KR,ko;q=0.9"})
    page = context.new_page()
    audit = Audit(page)
    today = datetime.datetime.now(ZoneInfo("Asia/Seoul")).date()

    page.goto(server.url + "/setup")
    page.fill("#household_name", "우리 집")
    page.select_option("#time_zone", "Asia/Seoul")
    page.select_option("#language", "ko")
    page.fill("#username", "mom")
    page.fill("#display_name", "엄마")
    page.fill("#password", PASSWORD)
    page.fill("#password_confirm", PASSWORD)
    page.click("main button.primary")
    page.goto(server.url + "/accounts")
    page.fill("#username", "dad")
    page.fill("#display_name", "아빠")
    page.fill("#new_member_password", PASSWORD)
    page.select_option("#new_member_role", "adult")
    page.click("form[action='/accounts'] button[type=submit]")
    page.goto(server.url + "/pets/new")
    page.fill("#name", "토리")
    page.select_option("#species", "dog")
    page.click("main button.primary")
    expect(page.locator("h1")).to_have_text("토리")
    pet_url = page.url

    # A routine from the pet's page: teeth every two days, mom and dad in turn.
    page.click("#routines >> text=루틴 추가")
    page.fill("#name", "양치")
    page.check("input[name=repeat][value=days]")
    page.fill("#every", "2")
    page.check("input[name=assign][value=turn]")
    for label in ("엄마", "아빠"):
        page.locator("fieldset", has_text="구성원").get_by_label(label).check()
    audit.shot(path=shots / "routines-form-phone-ko.png", full_page=True)
    page.click("main button.primary")
    expect(page.locator("h1")).to_have_text("양치")
    expect(page.locator("main")).to_contain_text("2일마다")

    # Home: today, mom's turn; one tap does it.
    page.goto(server.url + "/")
    card = page.locator("section.todo")
    expect(card).to_contain_text("토리: 양치")
    expect(card).to_contain_text("오늘")
    expect(card).to_contain_text("엄마 차례")
    audit.shot(path=shots / "routines-home-phone-ko.png", full_page=True)
    card.locator("button", has_text="했어요").first.click()
    # Done: gone from the list, and home says who did it, with its undo.
    expect(page.locator("section.todo")).not_to_contain_text("토리: 양치")
    expect(page.locator(".notice.did")).to_contain_text("토리: 양치 — 엄마님이")
    expect(page.locator(".notice.did button", has_text="되돌리기")).to_be_visible()
    page.goto(pet_url)
    routines = page.locator("#routines")
    expect(routines).to_contain_text("아빠 차례")
    expect(routines).to_contain_text("D-2")
    audit.shot(path=shots / "routines-pet-card-phone-ko.png", full_page=True)

    # A vet visit asking to come back in three days: booked from the pet's page, D-3 on home.
    follow_up = today + datetime.timedelta(days=3)
    page.goto(pet_url + "/records/new?kind=vet_visit")
    page.fill("#reason", "기침")
    page.fill("#follow_up", follow_up.isoformat())
    page.click("main button.primary")
    page.goto(pet_url)
    # The follow-up's own "Book it" (a new dog's vaccinations due have theirs too).
    page.locator("li.due", has_text="기침").locator("a.book").click()
    expect(page.locator("#date")).to_have_value(follow_up.isoformat())
    page.fill("#time", "10:00")
    page.fill("#place", "해든동물병원")
    audit.shot(path=shots / "appointments-form-phone-ko.png", full_page=True)
    page.click("main button.primary")
    expect(page.locator(".dday-big")).to_have_text("D-3")
    audit.shot(path=shots / "appointments-page-phone-ko.png", full_page=True)
    page.goto(server.url + "/today")
    coming = page.locator("section.todo")
    expect(coming).to_contain_text("D-3")
    expect(coming).to_contain_text("토리 병원 진료")
    expect(coming).to_contain_text("10:00 · 해든동물병원")
    audit.shot(path=shots / "appointments-home-phone-ko.png", full_page=True)

    # The calendar feed, read by independent iCalendar libraries: the routine every other day
    # from today, the appointment at 10:00 Seoul time with alarms a day and an hour before.
    page.goto(server.url + "/me")
    page.click("form[action='/me/feed'] button[value=renew]")
    feed_path = re.search(r"/feeds/[0-9a-f]+\.ics", page.content()).group(0)
    feed = icalendar.Calendar.from_ical(page.request.get(server.url + feed_path).body())
    fortnight = recurring_ical_events.of(feed).between(today, today + datetime.timedelta(days=15))
    teeth = sorted(event["DTSTART"].dt for event in fortnight if str(event["SUMMARY"]) == "토리: 양치")
    assert teeth == [today + datetime.timedelta(days=n) for n in range(0, 15, 2)], teeth
    visits = [event for event in fortnight if str(event["UID"]).startswith("appointment-")]
    assert len(visits) == 1, visits
    start = visits[0]["DTSTART"].dt
    assert start == datetime.datetime.combine(follow_up, datetime.time(10, 0), ZoneInfo("Asia/Seoul")), start
    assert str(visits[0]["LOCATION"]) == "해든동물병원"
    triggers = sorted(alarm["TRIGGER"].dt for alarm in visits[0].walk("VALARM"))
    assert triggers == [-datetime.timedelta(days=1), -datetime.timedelta(hours=1)], triggers

    # The same in English, for a member who reads it.
    page.goto(server.url + "/me")
    page.select_option("select[name=language]", "en")
    page.click("form[action='/me'] button[type=submit]")
    page.goto(server.url + "/routines")
    expect(page.locator("main")).to_contain_text("아빠's turn")
    audit.shot(path=shots / "routines-list-phone-en.png", full_page=True)
    page.goto(server.url + "/today")
    expect(page.locator("section.todo")).to_contain_text("토리 vet visit")
    audit.shot(path=shots / "appointments-home-phone-en.png", full_page=True)
    page.goto(server.url + "/appointments")
    audit.shot(path=shots / "appointments-list-phone-en.png", full_page=True)
    page.goto(pet_url + "/timeline")
    audit.shot(path=shots / "timeline-pet-phone-en.png", full_page=True)
    audit.rest()
    context.close()


def run(check, Server, browser, binary, shots):
    server = Server(binary)
    try:
        check("routines and appointments: added from a pet's page, done from home, whose turn, a follow-up booked, D-3 (phone, Korean)",
              routines_and_appointments, browser, server, shots)
    finally:
        server.cleanup()
