"""The schedule engine against an independent one. A household in New York (two clock
changes a year) gets 1,000 random regimens through the regimen form, 100 of them changed
"from now on"; its calendar feed is expanded with Python's `icalendar` and
`recurring_ical_events`, and every dose they find over two years must be a dose Hearth
itself works out (`hearth doses`), and the other way round."""

import calendar
import datetime
import json
import random
import re
import subprocess
import urllib.parse
import uuid
import zoneinfo

import icalendar
import recurring_ical_events

PASSWORD = "correct horse battery"
ZONE = "America/New_York"
FIRST, LAST = datetime.date(2026, 10, 2), datetime.date(2028, 9, 29)


def form(server, path, fields, cookie):
    return server.request("POST", path, urllib.parse.urlencode(fields),
                          {"Content-Type": "application/x-www-form-urlencoded", "Cookie": cookie})


def multipart(server, path, fields, cookie):
    boundary = uuid.uuid4().hex
    body = "".join(f'--{boundary}\r\nContent-Disposition: form-data; name="{k}"\r\n\r\n{v}\r\n' for k, v in fields.items()) + f"--{boundary}--\r\n"
    return server.request("POST", path, body.encode(), {"Content-Type": f"multipart/form-data; boundary={boundary}", "Cookie": cookie})


def set_up(server):
    status, body, headers = server.request("GET", "/setup")
    token = re.search(r'name="_csrf" value="([0-9a-f]+)"', body).group(1)
    anonymous = [v for k, v in headers if k.lower() == "set-cookie"][0].split(";")[0]
    status, _, headers = form(server, "/setup", {
        "_csrf": token, "household_name": "Oracle", "time_zone": ZONE, "language": "en",
        "username": "mina", "display_name": "Mina", "password": PASSWORD, "password_confirm": PASSWORD}, anonymous)
    assert status == 303, status
    session = [v.split(";")[0] for k, v in headers if k.lower() == "set-cookie" and v.startswith("hearth_session=")][0]
    cookie = anonymous + "; " + session
    token = re.search(r'name="_csrf" value="([0-9a-f]+)"', server.request("GET", "/pets/new", headers={"Cookie": cookie})[1]).group(1)
    return cookie, token


def random_rule(rng, index):
    start = FIRST + datetime.timedelta(days=rng.randrange(0, 450))
    times = rng.sample(["01:30", "02:30", "00:00", "08:00", "12:15", "20:00", "23:59", "01:00", "02:00", "03:00"] +
                       [f"{rng.randrange(24):02d}:{rng.randrange(60):02d}" for _ in range(4)], rng.randrange(1, 4))
    fields = {"name": f"R{index}", "item_1_name": "Pill", "item_1_amount": "1", "item_1_unit": "tablet", "start": start.isoformat()}
    for n, time in enumerate(times, 1):
        fields[f"time_{n}"] = time
    kind = rng.choice(["daily", "weekdays", "days", "weeks", "months", "months"])
    fields["repeat"] = kind
    if kind == "weekdays":
        for day in rng.sample(range(1, 8), rng.randrange(1, 8)):
            fields[f"weekday_{day}"] = "on"
    if kind == "days":
        fields["every"] = str(rng.choice([1, 2, 3, 7, 10, 45, 365]))
    if kind == "weeks":
        fields["every"] = str(rng.choice([1, 2, 3, 52]))
    if kind == "months":
        fields["every"] = str(rng.choice([1, 1, 2, 3, 12]))
        if rng.random() < 0.5:  # the 29th–31st: the month's last day when shorter
            last = calendar.monthrange(start.year, start.month)[1]
            fields["start"] = start.replace(day=rng.randrange(29, last + 1) if last >= 29 else last).isoformat()
    end = rng.choice(["none", "none", "date", "days"])
    fields["end"] = end
    if end == "date":
        fields["end_date"] = (datetime.date.fromisoformat(fields["start"]) + datetime.timedelta(days=rng.randrange(0, 500))).isoformat()
    if end == "days":
        fields["end_days"] = str(rng.randrange(1, 400))
    return fields


def feed_matches_the_engine(server, binary, seed=20261123, count=1000):
    rng = random.Random(seed)
    cookie, token = set_up(server)
    status, _, headers = multipart(server, "/pets", {"_csrf": token, "name": "Oracle", "species": "cat"}, cookie)
    assert status == 303, status
    pet = [v for k, v in headers if k.lower() == "location"][0].rstrip("/").split("/")[-1]
    rules = []
    for index in range(count):
        fields = random_rule(rng, index)
        status, body, headers = form(server, "/regimens", dict(fields, _csrf=token, subject=pet), cookie)
        assert status == 303, (status, fields, re.findall(r'field-error[^>]*>([^<]*)', body))
        rules.append((int([v for k, v in headers if k.lower() == "location"][0].split("/")[-1]), fields))
    # A hundred of them changed "from now on": a new span (and VEVENT) from today, the old one ends.
    for regimen, fields in rng.sample(rules, 100):
        taken = {value for key, value in fields.items() if key.startswith("time_")}
        new_time = next(t for t in (f"{rng.randrange(24):02d}:{rng.randrange(60):02d}" for _ in range(100)) if t not in taken)
        changed = dict(fields, _csrf=token, time_1=new_time)
        status, body, _ = form(server, f"/regimens/{regimen}", changed, cookie)
        assert status == 303, (status, re.findall(r'field-error[^>]*>([^<]*)', body))

    assert form(server, "/me/feed", {"_csrf": token, "action": "renew"}, cookie)[0] == 303
    me = server.request("GET", "/me", headers={"Cookie": cookie})[1]
    path = re.search(r'/feeds/[0-9a-f]+\.ics', me).group(0)
    status, text, _ = server.request("GET", path)
    assert status == 200, status
    feed = icalendar.Calendar.from_ical(text)

    zone = zoneinfo.ZoneInfo(ZONE)
    low = datetime.datetime.combine(FIRST, datetime.time(), zone)
    high = datetime.datetime.combine(LAST, datetime.time(23, 59), zone)
    theirs = set()
    for event in recurring_ical_events.of(feed).between(FIRST - datetime.timedelta(days=2), LAST + datetime.timedelta(days=2)):
        uid = str(event["UID"])
        match = re.match(r"(?:regimen|moved)-(\d+)-", uid)
        if not match:
            continue
        start = event["DTSTART"].dt
        if low <= start <= high:
            theirs.add((int(match.group(1)), start.astimezone(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")))

    lines = subprocess.run([binary, "doses", "--from", (FIRST - datetime.timedelta(days=2)).isoformat(), "--to", (LAST + datetime.timedelta(days=2)).isoformat(),
                            "--data-dir", server.data + "/data"], check=True, capture_output=True, text=True).stdout.splitlines()
    ours = set()
    for line in lines:
        dose = json.loads(line)
        at = datetime.datetime.fromisoformat(dose["at"].replace("Z", "+00:00"))
        if low <= at <= high:
            ours.add((dose["regimen"], dose["at"]))
    assert len(ours) > 50_000, f"a real sample: {len(ours)} doses"
    only_ours, only_theirs = sorted(ours - theirs), sorted(theirs - ours)
    rule_of = dict(rules)
    assert not only_ours and not only_theirs, (
        f"{len(ours)} doses by Hearth, {len(theirs)} by recurring_ical_events; only Hearth: {only_ours[:5]}, only the feed: {only_theirs[:5]}; "
        f"rules: {[rule_of.get(r) for r, _ in (only_ours[:2] + only_theirs[:2])]}")
    print(f"feed oracle: {len(ours)} doses of {count} rules agree", flush=True)


def run(check, Server, binary):
    server = Server(binary)
    try:
        check("1,000 random rules: the calendar feed expanded by recurring_ical_events matches Hearth's doses", feed_matches_the_engine, server, binary)
    finally:
        server.cleanup()
