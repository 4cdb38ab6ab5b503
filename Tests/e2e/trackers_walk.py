"""The three ready-made trackers as a Korean household uses them on a phone: each added in one
tap, a cat's insulin tied to its glucose, a day of readings logged through the pet's and the
person's forms, the charts read (the curve's lowest point), a six-minute seizure raised as an
emergency with the emergency page a tap away, and the reports printed. Then Python alone reads
the JSON export and works out the curve (hours since the shot, the lowest point) and the home
blood pressure average (NICE NG136: seven days, day one left out) that the pages must say."""
import datetime
import json
import os
import re
import shutil
import sqlite3
import subprocess
import tempfile
from pathlib import Path
from zoneinfo import ZoneInfo

from flags_oracle import number
from korean_walk import household_words, problems_on, sign_in_korean
from monthly import demo_folder, demo_server
from accessibility import violations

PHONE = {"width": 390, "height": 844}
# The cat's day: just before the 08:00 shot (given at 08:05), then every two hours.
GLUCOSE = [("07:55", 320), ("10:05", 250), ("12:05", 180), ("14:05", 95), ("16:05", 120), ("18:05", 210), ("20:05", 300)]


def subjects(data):
    with sqlite3.connect(os.path.join(data, "hearth.sqlite")) as db:
        zone = ZoneInfo(db.execute("SELECT time_zone FROM household").fetchone()[0])
        pet = ("SELECT s.id, s.name FROM subject s JOIN pet_profile p ON p.subject_id = s.id"
               " WHERE p.species = ? AND s.archived_at IS NULL ORDER BY s.id LIMIT 1")
        cat = db.execute(pet, ("cat",)).fetchone()
        dog = db.execute(pet, ("dog",)).fetchone()
        person = db.execute("SELECT id, name FROM subject WHERE kind = 'person' AND archived_at IS NULL ORDER BY id LIMIT 1").fetchone()
    return zone, cat, dog, person


def walk(browser, server, data, shots):
    context, page = sign_in_korean(browser, server, PHONE)
    typed = household_words(data)
    url = server.url
    failures = []
    zone, cat, dog, person = subjects(data)
    today = server.now().astimezone(zone).date()
    yesterday = today - datetime.timedelta(days=1)

    def look(name, what):
        failures.extend(f"{name}: {p}" for p in problems_on(page, typed) + violations(page))
        page.screenshot(path=str(shots / f"ko-tracker-{name}-phone.png"), full_page=True)
        assert what in page.inner_text("main"), f"{name}: {what!r} not in\n{page.inner_text('main')[:2000]}"

    # An insulin regimen for the cat, every morning at 08:00 since three days ago.
    page.goto(f"{url}/regimens/new?subject={cat[0]}")
    page.fill("input[name=name]", "인슐린")
    page.fill("input[name=item_1_name]", "캐닌슐린")
    page.fill("input[name=item_1_amount]", "2")
    page.fill("input[name=item_1_unit]", "U")
    page.fill("input[name=time_1]", "08:00")
    page.fill("input[name=start]", (today - datetime.timedelta(days=3)).isoformat())
    page.click("form[action='/regimens'] button[type=submit]")
    page.wait_for_load_state()
    found = re.search(r"/regimens/(\d+)$", page.url)
    assert found, page.url + "\n" + page.inner_text("main")[:1500]
    regimen = int(found.group(1))
    # Yesterday's shot, given at 08:05, marked on that day's doses.
    page.goto(f"{url}/doses?day={yesterday}&subject={cat[0]}")
    dose = page.locator(f"form.dose-actions:has(input[name=regimen][value='{regimen}'])").first
    dose.locator("input[name=at]").fill("08:05")
    dose.locator("button[value=given]").click()
    page.wait_for_load_state()

    # The three ready-made trackers, each in one tap; the glucose one tied to the insulin.
    ids = {}
    for ready in ("glucose", "seizure", "blood_pressure"):
        page.goto(url + "/trackers")
        page.click(f"form[action='/trackers/ready-made']:has(input[value='{ready}']) button")
        page.wait_for_load_state()
        ids[ready] = int(re.search(r"/trackers/(\d+)", page.url).group(1))
    page.goto(f"{url}/trackers/{ids['glucose']}/edit")
    page.select_option("select[name=regimen_id]", str(regimen))
    page.click(f"form[action='/trackers/{ids['glucose']}'] button[type=submit].primary")
    page.wait_for_load_state()
    page.goto(url + "/trackers")
    look("list", "혈당")

    # A day of the cat's curve through the pet's record form.
    for time, value in GLUCOSE:
        page.goto(f"{url}/pets/{cat[0]}/records/new?kind=tracker&tracker={ids['glucose']}")
        page.fill("input[name=date]", yesterday.isoformat())
        page.fill("input[name=time]", time)
        page.fill("input[name=tracker_f1]", str(value))
        page.click("main form button.primary")
        page.wait_for_load_state()
        assert "/records/new" not in page.url, page.inner_text("main")[:1500]
    page.goto(f"{url}/pets/{cat[0]}/records/new?kind=tracker&tracker={ids['glucose']}")
    look("glucose-form", "혈당")
    # Out of bounds is refused on its field, nothing written.
    page.fill("input[name=tracker_f1]", "4,800")
    page.click("main form button.primary")
    page.wait_for_load_state()
    assert "/records/new" in page.url or "10부터 800까지" in page.inner_text("main"), page.url
    assert "10부터 800까지" in page.inner_text("main"), page.inner_text("main")[:1500]

    # The chart: the readings' line, and the day's curve by hours since the shot.
    page.goto(f"{url}/pets/{cat[0]}")
    page.click(f"a[href*='chart=tracker-{ids['glucose']}-f1']")
    page.wait_for_load_state()
    look("glucose-chart", "최저 95 mg/dL — 투약 후 6시간 (14:05)")

    # A seizure of six minutes: an emergency, the emergency page a tap away.
    page.goto(f"{url}/pets/{dog[0]}/records/new?kind=tracker&tracker={ids['seizure']}")
    page.fill("input[name=date]", yesterday.isoformat())
    page.fill("input[name=time]", "19:00")
    page.fill("input[name=tracker_f1_min]", "6")
    page.click("main form button.primary")
    page.wait_for_load_state()
    page.goto(f"{url}/pets/{dog[0]}")
    flag = page.locator(f"li.flag[data-flag='urgent_reading.{ids['seizure']}']")
    assert flag.count() == 1, page.inner_text("main")[:2000]
    assert "지금 동물병원에 연락하세요" in flag.inner_text(), flag.inner_text()
    flag.screenshot(path=str(shots / "ko-tracker-seizure-flag-phone.png"))
    failures.extend(f"dog page: {p}" for p in problems_on(page, typed) + violations(page))
    flag.locator("a[href='/emergency']").click()
    page.wait_for_load_state()
    assert page.url.endswith("/emergency"), page.url
    page.goto(f"{url}/pets/{dog[0]}/charts?chart=tracker-{ids['seizure']}-f1&period=week")
    look("seizure-chart", "6분")

    # Blood pressure morning and evening through the person's form.
    for time, when, systolic, diastolic in (("07:30", "아침", "128", "82"), ("21:00", "저녁", "132", "84")):
        page.goto(f"{url}/people/{person[0]}/trackers/{ids['blood_pressure']}")
        page.fill("input[name=date]", yesterday.isoformat())
        page.fill("input[name=time]", time)
        page.fill("input[name=tracker_f1]", systolic)
        page.fill("input[name=tracker_f2]", diastolic)
        page.fill("input[name=tracker_f3]", "64")
        page.get_by_label(when, exact=True).check() if page.get_by_label(when, exact=True).count() else page.select_option("select[name=tracker_f4]", label=when)
        page.click("main form button.primary")
        page.wait_for_load_state()
        assert "/trackers/" not in page.url, page.inner_text("main")[:1500]
    page.goto(f"{url}/people/{person[0]}/charts?chart=tracker-{ids['blood_pressure']}-f1&period=week")
    look("blood-pressure-chart", "평균 130 mmHg · 2번 측정")

    # The reports, printed: the cat's with its curve, the person's with the readings.
    folder = Path(tempfile.mkdtemp(prefix="hearth-e2e-trackers-"))
    try:
        for name, subject, words in (("cat", cat[0], "혈당"), ("person", person[0], "혈압")):
            path = f"/reports/{subject}/{yesterday:%Y-%m}"
            page.goto(url + path)
            look(f"report-{name}", words)
            response = page.request.get(url + path + "?paper=a4&pdf=1")
            assert response.status == 200 and response.headers["content-type"] == "application/pdf", response.status
            pdf = folder / f"{name}.pdf"
            pdf.write_bytes(response.body())
            text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
            assert words in text, text[:1500]
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    context.close()
    assert not failures, "\n  ".join(failures)


def curve(records, doses, zone):
    """(hours, value, local time) of each reading against the dose before it (within a day) or
    the one within the hour after it, as a vet charts a glucose curve; and those left out."""
    points, left = [], 0
    for at, value in records:
        before = [d for d in doses if d <= at and at - d < datetime.timedelta(days=1)]
        after = [d for d in doses if d > at and d - at <= datetime.timedelta(hours=1)]
        dose = max(before) if before else (min(after) if after else None)
        if dose is None:
            left += 1
            continue
        points.append(((at - dose).total_seconds() / 3600, value, at.astimezone(zone).strftime("%H:%M")))
    return points, left


def home_average(readings):
    """NICE NG136: the seven days to the last reading, day one left out, at least four days."""
    if not readings:
        return None
    last = max(day for day, _, _ in readings)
    week = [r for r in readings if (last - r[0]).days < 7]
    days = {r[0] for r in week}
    if len(days) < 4:
        return None
    kept = [r for r in week if r[0] != min(days)]
    return sum(r[1] for r in kept) / len(kept), sum(r[2] for r in kept) / len(kept), len(kept)


def instant(text):
    return datetime.datetime.fromisoformat(text.replace("Z", "+00:00"))


def oracle(browser, server, data, shots):
    """The export read by Python alone: the cat's curve and the person's home average."""
    context, page = sign_in_korean(browser, server, PHONE)
    url = server.url
    export = json.loads(page.request.get(url + "/settings/export/hearth.json").body())
    kinds = export["kinds"]
    zone = ZoneInfo(export["household"]["time_zone"])
    definitions = {row["tracker_id"]: row for row in kinds["tracker_definitions"] if row["deleted_at"] is None}
    checked = 0
    for tracker_id, definition in definitions.items():
        rows = [r for r in kinds["trackers"] if r["tracker_id"] == tracker_id and not r.get("deleted_at")]
        values = lambda r: json.loads(r["field_values"]) if isinstance(r["field_values"], str) else r["field_values"]
        if definition["ready_made"] == "glucose" and definition["regimen_id"]:
            doses = [instant(d["given_at"]) for d in kinds["doses"] if d["regimen_id"] == definition["regimen_id"] and d["status"] == "given"]
            by_day = {}
            for r in rows:
                if "f1" in values(r):
                    by_day.setdefault((r["subject_id"], r["local_date"]), []).append((instant(r["occurred_at"]), float(values(r)["f1"])))
            (subject, day), readings = max(by_day.items(), key=lambda item: item[0][1])
            points, left = curve(sorted(readings), doses, zone)
            lowest = min(points, key=lambda p: p[1])
            page.goto(f"{url}/pets/{subject}/charts?chart=tracker-{tracker_id}-f1&period=week&at={day}")
            html = page.content()
            for hours, value, time in points:
                row = f"<td>{time}</td><td>{number(hours)}시간</td><td>{number(value, 0)}"
                assert row in html, f"curve row {row} missing"
            said = f"최저 {number(lowest[1], 0)} mg/dL — 투약 후 {number(lowest[0])}시간 ({lowest[2]})"
            assert said in page.inner_text("main"), said
            print(f"  glucose curve on {day}: {len(points)} points, lowest {said}, {left} left out", flush=True)
            checked += 1
        if definition["ready_made"] == "blood_pressure":
            by_subject = {}
            for r in rows:
                v = values(r)
                if "f1" in v and "f2" in v:
                    by_subject.setdefault(r["subject_id"], []).append((datetime.date.fromisoformat(r["local_date"]), float(v["f1"]), float(v["f2"])))
            for subject, readings in by_subject.items():
                month = max(r[0] for r in readings).replace(day=1)
                in_month = [r for r in readings if r[0].replace(day=1) == month]
                average = home_average(in_month)
                page.goto(f"{url}/reports/{subject}/{month:%Y-%m}")
                text = page.inner_text("main")
                if average is None:
                    assert "일 이상 잰 주가 있어야" in text, text[:2000]
                    print(f"  blood pressure of {subject} in {month:%Y-%m}: too few days, as the report says", flush=True)
                else:
                    said = f"{number(average[0], 0)}/{number(average[1], 0)} mmHg"
                    assert said in text and f"측정 {average[2]}번" in text, f"{said} not in the report:\n{text[:3000]}"
                    print(f"  blood pressure of {subject} in {month:%Y-%m}: {said} from {average[2]} readings", flush=True)
                checked += 1
    context.close()
    assert checked >= 2, f"only {checked} trackers checked"


def run(check, Server, browser, binary, shots):
    folder = demo_folder(binary)
    data = os.path.join(folder, "data")
    server = demo_server(Server, binary, folder)
    try:
        check("the three ready-made trackers on a Korean phone: added, a day logged, charts read, an emergency raised, reports printed",
              walk, browser, server, data, shots)
        check("the glucose curve and the home blood pressure average agree with Python's reading of the JSON export",
              oracle, browser, server, data, shots)
    finally:
        server.cleanup()
        shutil.rmtree(folder, ignore_errors=True)
