"""An independent oracle for flags, the vet's and the doctor's figures and the medication chart:
the demo household's JSON export read by Python alone — vomiting counts, weight change, each
regimen's doses due and given worked out from its schedule — and compared with what Hearth's
pages say. Then the doctor's report and the chart printed by the server in Korean, on A4."""
import datetime
import json
import math
import re
import shutil
import subprocess
import tempfile
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path
from zoneinfo import ZoneInfo

import demo
from accessibility import Audit
from monthly import demo_folder, demo_server, sign_in_demo

DESKTOP = {"width": 1280, "height": 900}
WINDOW = datetime.timedelta(hours=2)  # a dose is "due now", not yet missed, for two hours


def number(value, decimals=1):
    """As Hearth writes a number: rounded half away from zero, no trailing zeros."""
    text = str(Decimal(str(value)).quantize(Decimal(1).scaleb(-decimals), rounding=ROUND_HALF_UP))
    return text.rstrip("0").rstrip(".") if "." in text else text


def add_months(day, months):
    """`day` moved by whole months, clamped to the month's last day (LocalDate.adding(months:))."""
    index = day.year * 12 + day.month - 1 + months
    year, month = divmod(index, 12)
    month += 1
    following = datetime.date(year + (month == 12), month % 12 + 1, 1)
    return datetime.date(year, month, min(day.day, (following - datetime.timedelta(days=1)).day))


class Schedule:
    """One span of a regimen's schedule, from the export's `regimens` row."""

    def __init__(self, row):
        self.repeat = row["repeat"]
        self.every = row["every"] or 1
        self.weekdays = {int(d) for d in (row["weekdays"] or "").split(",") if d}
        self.times = [int(t) for t in str(row["times"] or "").split(",") if t]
        self.start = datetime.date.fromisoformat(row["start_date"])
        self.last = datetime.date.fromisoformat(row["end_date"]) if row["end_date"] else None
        if row["end_days"]:
            self.last = self.start + datetime.timedelta(days=row["end_days"] - 1)
        self.span_from = datetime.date.fromisoformat(row["from_date"]) if row["from_date"] else self.start
        self.span_until = datetime.date.fromisoformat(row["until_date"]) if row["until_date"] else None

    def falls(self, day):
        if day < self.start or day < self.span_from or (self.last and day > self.last) or (self.span_until and day > self.span_until):
            return False
        offset = (day - self.start).days
        if self.repeat == "daily":
            return True
        if self.repeat == "weekdays":
            return day.isoweekday() % 7 + 1 in self.weekdays
        if self.repeat == "days":
            return offset % self.every == 0
        if self.repeat == "weeks":
            return offset % (7 * self.every) == 0
        if self.repeat == "months":
            months = (day.year * 12 + day.month) - (self.start.year * 12 + self.start.month)
            return months % self.every == 0 and add_months(self.start, months) == day
        return False  # as needed, or after it is done


class Household:
    """The export, and what Python makes of it."""

    def __init__(self, export, now):
        self.kinds = export["kinds"]
        self.zone = ZoneInfo(export["household"]["time_zone"])
        self.now = now.astimezone(self.zone)
        self.today = self.now.date()
        self.schedules = {}
        self.names = {}
        for row in self.kinds["regimens"]:
            if row["deleted_at"] is None:
                self.schedules.setdefault(row["regimen_id"], []).append(Schedule(row))
                self.names[row["regimen_id"]] = (row["subject"], row["name"])
        self.doses = {(d["regimen_id"], d["day"], d["time"]): d for d in self.kinds["doses"]}
        assert not self.kinds["dose_changes"], "the demo moves no dose (the oracle would have to)"

    def slots(self, regimen, first, last):
        """Every scheduled dose from `first` to `last`: (day, minutes, instant)."""
        day = first
        while day <= last:
            for schedule in self.schedules[regimen]:
                if schedule.falls(day):
                    for minutes in schedule.times:
                        instant = datetime.datetime.combine(day, datetime.time(minutes // 60, minutes % 60), self.zone)
                        yield day, minutes, instant
            day += datetime.timedelta(days=1)

    def status(self, regimen, day, minutes):
        dose = self.doses.get((regimen, day.isoformat(), f"{minutes // 60:02d}:{minutes % 60:02d}"))
        return dose["status"] if dose else None

    def owed(self, instant, status):
        """As adherence counts a dose: given, or its time come and marked, or its two hours past."""
        return status == "given" or (instant <= self.now and (status is not None or instant + WINDOW <= self.now))

    def adherence(self, regimen, first, last):
        """(given, due) as the report counts them."""
        given = due = 0
        for day, minutes, instant in self.slots(regimen, first, last):
            status = self.status(regimen, day, minutes)
            if self.owed(instant, status):
                due += 1
                given += status == "given"
        return given, due

    def by_time(self, regimen, first, last):
        """{minutes: (given, due)}: the medication chart's rows."""
        rows = {}
        for day, minutes, instant in self.slots(regimen, first, last):
            status = self.status(regimen, day, minutes)
            given, due = rows.get(minutes, (0, 0))
            if self.owed(instant, status):
                rows[minutes] = (given + (status == "given"), due + 1)
            else:
                rows[minutes] = (given, due)
        return rows

    def uses(self, regimen, first, last):
        return sum(1 for d in self.kinds["doses"] if d["regimen_id"] == regimen and d["status"] == "given"
                   and first.isoformat() <= d["day"] <= last.isoformat())

    def missed_days(self, regimen):
        """The days of the last 90 with a dose past its window and never marked."""
        days = set()
        # Days that are over only: today's doses may still be given late.
        for day, minutes, instant in self.slots(regimen, self.today - datetime.timedelta(days=89), self.today - datetime.timedelta(days=1)):
            if instant + WINDOW <= self.now and self.status(regimen, day, minutes) is None:
                days.add(day)
        return days

    def streak(self, days):
        last = self.today if self.today in days else self.today - datetime.timedelta(days=1)
        run = 0
        while last - datetime.timedelta(days=run) in days:
            run += 1
        return run

    def low_adherence(self, regimen):
        given = due = 0
        days_due = set()
        for day, minutes, instant in self.slots(regimen, self.today - datetime.timedelta(days=29), self.today):
            status = self.status(regimen, day, minutes)
            if not self.owed(instant, status):
                continue  # still to come, or inside its window
            due += 1
            days_due.add(day)
            given += status == "given"
        return due >= 10 and len(days_due) >= 7 and given / due < 0.8

    def vomits(self, subject, first, last):
        return sum(v["times"] for v in self.kinds["vomits"] if v["subject_id"] == subject and first.isoformat() <= v["local_date"] <= last.isoformat())

    def weight_flag(self, subject, pet):
        """The flags' weight rule: the latest weighing (within 60 days) against the earliest 28–183 days before it."""
        weighings = [(datetime.date.fromisoformat(w["local_date"]), w["grams"]) for w in self.kinds["weights"] if w["subject_id"] == subject]
        weighings = [w for w in weighings if w[0] <= self.today]
        if not weighings or (self.today - weighings[-1][0]).days > 60:
            return None
        latest = weighings[-1]
        earlier = next((w for w in weighings if 28 <= (latest[0] - w[0]).days <= 183 and w[1] > 0), None)
        if earlier is None:
            return None
        change = (latest[1] - earlier[1]) / earlier[1]
        return ("weight_loss" if change < 0 else "weight_gain") if abs(change) >= (0.10 if pet else 0.05) else None

    def expected_flags(self, subject, pet):
        """{flag key: words it must show} for the rules this oracle works out."""
        flags = {}
        if pet:
            count = self.vomits(subject, self.today - datetime.timedelta(days=29), self.today)
            if count >= 3:
                before = self.vomits(subject, self.today - datetime.timedelta(days=119), self.today - datetime.timedelta(days=30))
                flags["vomiting"] = f"Vomited {count} times in the last 30 days — about {number(before / 3)} a month in the 90 days before"
            weight = self.weight_flag(subject, pet)
            if weight:
                flags[weight] = ""
        for regimen, (_, name) in self.names.items():
            if self.subject_of(regimen) != subject:
                continue
            if self.low_adherence(regimen):
                flags[f"low_adherence.{regimen}"] = name
            run = self.streak(self.missed_days(regimen))
            if run >= 2:
                flags[f"missed_days.{regimen}"] = f"{name}: doses missed {run} days running"
        return flags

    def subject_of(self, regimen):
        return next(r["subject_id"] for r in self.kinds["regimens"] if r["regimen_id"] == regimen)


def text_of(html):
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).replace("&amp;", "&").strip()


def figures_agree(browser, server, shots):
    context = demo.context(browser, server, viewport=DESKTOP, locale="en-GB", timezone_id="Asia/Seoul")
    page = context.new_page()
    sign_in_demo(page, server)
    response = page.request.get(server.url + "/settings/export/hearth.json")
    assert response.status == 200, response.status
    household = Household(json.loads(response.body()), server.now())
    today = household.today
    last_month_end = today.replace(day=1) - datetime.timedelta(days=1)
    last_month = last_month_end.replace(day=1)
    subjects = {}
    for kind, path in (("pet", "/pets"), ("person", "/people")):
        page.goto(server.url + path)
        for found in re.finditer(rf'href="{path}/(\d+)"', page.content()):
            subjects[int(found.group(1))] = kind == "pet"
    assert len(subjects) >= 8, subjects
    raised = []
    checked = {"flags": 0, "adherence": 0, "chart rows": 0, "vomits": 0, "weights": 0}
    for subject, pet in sorted(subjects.items()):
        # Flags: the page's raised keys of the rules worked out here are exactly Python's.
        page.goto(server.url + ("/pets/" if pet else "/people/") + str(subject))
        html = page.content()
        shown = {m.group(1): text_of(m.group(2)) for m in re.finditer(r'<li class="flag[^"]*" data-flag="([^"]+)">(.*?)</li>', html, re.S)}
        ours = {key: words for key, words in shown.items() if key.split(".")[0] in
                ("vomiting", "missed_days", "low_adherence") + (("weight_loss", "weight_gain") if pet else ())}
        expected = household.expected_flags(subject, pet)
        assert set(ours) == set(expected), (subject, sorted(ours), sorted(expected))
        for key, words in expected.items():
            assert words in ours[key], (subject, key, words, ours[key])
            raised.append(f"{subject}: {ours[key][:90]}")
        checked["flags"] += len(expected)

        # The last month's report: each regimen's "NN% (given/due)" and as-needed uses.
        page.goto(server.url + f"/reports/{subject}/{last_month:%Y-%m}")
        report = page.content()
        for regimen, (_, name) in household.names.items():
            if household.subject_of(regimen) != subject:
                continue
            row = re.search(rf"<tr><td><strong>{re.escape(name)}</strong>.*?</tr>", report, re.S)
            given, due = household.adherence(regimen, last_month, last_month_end)
            if any(s.repeat == "as_needed" for s in household.schedules[regimen]):
                # Listed whether used or not (a doctor weighs an unused painkiller too), with its uses.
                uses = household.uses(regimen, last_month, last_month_end)
                cell = text_of(row.group(0)) if row else ""
                said = f"as needed — {uses} times" in cell if uses > 0 else ("as needed" in cell and " times" not in cell)
                assert row and said, (subject, name, uses, cell)
                continue
            assert row, (subject, name)
            given, due = household.adherence(regimen, last_month, last_month_end)
            percent = math.floor(given / due * 100 + 0.5)  # Swift's rounded(): half away from zero
            assert f"{percent}% ({given}/{due})" in text_of(row.group(0)), (subject, name, given, due, text_of(row.group(0)))
            checked["adherence"] += 1

        # The month's medication chart: each row's given/due.
        page.goto(server.url + f"/reports/{subject}/{last_month:%Y-%m}/mar")
        chart = page.content()
        for regimen, (_, name) in household.names.items():
            if household.subject_of(regimen) != subject:
                continue
            for minutes, (given, due) in household.by_time(regimen, last_month, last_month_end).items():
                row = re.search(rf'<tr><th scope="row"><strong>{re.escape(name)}</strong> {minutes // 60:02d}:{minutes % 60:02d}.*?</tr>', chart, re.S)
                assert row, (subject, name, minutes)
                assert f'<td class="total">{given}/{due}</td>' in row.group(0), (subject, name, minutes, given, due)
                cells = re.findall(r'<td class="(given|skipped|missed)', row.group(0))
                assert cells.count("given") == given and len(cells) == due, (subject, name, minutes, len(cells), due)
                checked["chart rows"] += 1

        # A pet's 30 days for the vet: vomits counted as the flags count them, the weight's change in percent.
        if pet:
            page.goto(server.url + f"/reports/{subject}/vet?days=30")
            vet = text_of(page.content())
            first = today - datetime.timedelta(days=29)
            vomits = household.vomits(subject, first, today)
            if vomits:
                assert f"vomits: {vomits};" in vet, (subject, vomits, re.search(r"Symptom records[^.]*", vet))
                checked["vomits"] += 1
            weighings = [w for w in household.kinds["weights"] if w["subject_id"] == subject and first.isoformat() <= w["local_date"] <= today.isoformat()]
            if weighings:
                change = (weighings[-1]["grams"] - weighings[0]["grams"]) / weighings[0]["grams"] * 100
                percent = ("+" if change >= 0 else "−") + number(abs(change)) + "%"
                assert f", {percent}); lowest" in vet, (subject, percent, re.search(r"From [^;]*", vet))
                checked["weights"] += 1
    print(f"  oracle checked {checked}; raised today: {raised}", flush=True)
    assert checked["adherence"] >= 20 and checked["chart rows"] >= 20 and checked["vomits"] >= 1 and checked["weights"] >= 3, checked
    context.close()


def printed_in_korean(browser, server, shots):
    """The doctor's month (Grandma's report) and her medication chart, printed by the server in
    Korean on A4: pages, the paper's way round, nothing cut at an edge; pictures kept to look at."""
    context = demo.context(browser, server, viewport=DESKTOP, locale="ko-KR", timezone_id="Asia/Seoul")
    page = context.new_page()
    audit = Audit(page)
    sign_in_demo(page, server)
    page.goto(server.url + "/reports")
    grandma = re.search(r'<th scope="row">Grandma</th>\s*<td><a href="/reports/(\d+)/', page.content()).group(1)
    page.goto(server.url + "/me")
    page.select_option("#language", "ko")
    page.click("form[action='/me'] button.primary")
    page.wait_for_load_state()
    month = server.now().date().replace(day=1) - datetime.timedelta(days=1)
    folder = Path(tempfile.mkdtemp(prefix="hearth-e2e-pdf-"))
    try:
        for name, path, landscape in (("doctor-report", f"/reports/{grandma}/{month:%Y-%m}", False),
                                      ("medication-chart", f"/reports/{grandma}/{month:%Y-%m}/mar", True)):
            page.goto(server.url + path)
            assert "Grandma" in page.content()
            audit.shot(path=str(shots / f"{name}-ko.png"), full_page=True)
            response = page.request.get(server.url + path + "?paper=a4&pdf=1")
            assert response.status == 200 and response.headers["content-type"] == "application/pdf", response.status
            pdf = folder / f"{name}.pdf"
            pdf.write_bytes(response.body())
            info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True).stdout
            width, height = map(float, re.search(r"Page size:\s+([\d.]+) x ([\d.]+) pts", info).groups())
            a4 = (841.9, 595.3) if landscape else (595.3, 841.9)
            assert abs(width - a4[0]) < 2 and abs(height - a4[1]) < 2, info
            pages = int(re.search(r"Pages:\s+(\d+)", info).group(1))
            if name == "medication-chart":
                assert pages == 1, info
            text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
            assert ("투약 기록표" if name == "medication-chart" else "다음 복용") in text, text[:400]
            subprocess.run(["pdftoppm", "-png", "-r", "60", "-f", "1", "-l", "1", str(pdf), str(shots / f"{name}-ko-pdf")], check=True)
            print(f"  {name}: {pages} page(s), {width:.0f} x {height:.0f} pt", flush=True)
        audit.rest()
    finally:
        shutil.rmtree(folder, ignore_errors=True)
        context.close()


def run(check, server_class, browser, binary, shots):
    folder = demo_folder(binary)
    server = demo_server(server_class, binary, folder)
    try:
        check("flags, the vet's figures, the report's adherence and the medication chart agree with Python's reading of the JSON export",
              figures_agree, browser, server, shots)
        check("the doctor's report and the medication chart printed in Korean on A4 (portrait, landscape)", printed_in_korean, browser, server, shots)
    finally:
        server.cleanup()
        shutil.rmtree(folder, ignore_errors=True)
