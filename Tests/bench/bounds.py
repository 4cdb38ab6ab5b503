#!/usr/bin/env python3
"""`make bench`: issue 57's figure — no page, reminder tick or reminder costs more because one
member filled every collection to its bound. Two copies of one seeded household (a year of the
demo, pinned at 2026-12-07 in Seoul) with the same second member and phone; in the second,
the owner then adds, through the forms as a member would, everything the bounds allow:
trackers to 100 (each 20 choice fields of 20 choices), 200 routines, 20 API tokens and
20 phones that take Web Push. Each copy is then served from 07:59:40, so the 08:00 doses
fall due 20 s in, to a push service stand-in on loopback that answers 201 and notes when
each message came. Printed side by side: the server's CPU over the first 70 s (the 08:00
tick with every reminder it sends) and over the next 60 s (two idle ticks), how late the
second member's 08:00 reminder reached their phone, and the CPU a request of the pages
that read what was piled up (wrk at 4 connections).

    python3 Tests/bench/bounds.py [--server .build/release/hearth] [--seconds 5]

Only loopback traffic; every loop is bounded."""

import argparse
import base64
import os
import re
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import run  # noqa: E402  (the bench's Server, wrk and page table)

SEEDED_AT = "2026-12-07T07:00:00+09:00"
SERVED_FROM = "2026-12-07T07:59:40+09:00"
DOSE_AFTER = 20.0  # seconds from the start to 08:00 on the served clock
OTHER = ("nanny", "nanny password 1")
FORM = {"Content-Type": "application/x-www-form-urlencoded"}
# A P-256 public key (uncompressed point) and a 16-byte auth secret: what a browser sends. The
# stand-in does not decrypt (push.py does); it notes who was sent what, and when.
P256DH = "BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U"
AUTH = base64.urlsafe_b64encode(b"0123456789abcdef").decode().rstrip("=")


class PushService:
    """Answers 201 to every message and keeps (path, arrival) for each."""

    def __init__(self):
        self.arrivals = []
        service = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args):
                pass

            def do_POST(self):
                self.rfile.read(int(self.headers.get("Content-Length", "0")))
                service.arrivals.append((self.path, time.monotonic()))
                self.send_response(201)
                self.send_header("Content-Length", "0")
                self.end_headers()

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()


def csrf(server, cookie):
    _, body, _ = server.request("GET", "/me", headers={"Cookie": cookie})
    return re.search(rb'name="_csrf" value="([0-9a-f]+)"', body).group(1).decode()


def post(server, cookie, token, path, fields, expect=(303,)):
    body = urllib.parse.urlencode({"_csrf": token, **fields})
    status, page, _ = server.request("POST", path, body, {**FORM, "Cookie": cookie})
    assert status in expect, (path, status, page[:300])
    return page


def add_device(server, cookie, endpoint, label):
    post(server, cookie, csrf(server, cookie), "/me/devices", {"endpoint": endpoint, "p256dh": P256DH, "auth": AUTH, "label": label})


def fill(server, cookie, push):
    """Everything the bounds allow the owner to add, through the forms."""
    token = csrf(server, cookie)
    with sqlite3.connect(server.data + "/hearth.sqlite") as db:
        have = db.execute("SELECT count(*) FROM tracker WHERE deleted_at IS NULL").fetchone()[0]
        routines = db.execute("SELECT count(*) FROM routine WHERE deleted_at IS NULL").fetchone()[0]
        tokens = db.execute("SELECT count(*) FROM api_token WHERE revoked_at IS NULL AND account_id = (SELECT id FROM account WHERE username = 'demo')").fetchone()[0]
    subjects = ["people", "species:dog", "species:cat"]
    for n in range(100 - have):
        fields = {"name": f"Tracker {n}", "subjects": subjects[n % 3]}
        for f in range(1, 21):
            fields[f"field_{f}_name"] = f"Field {f}"
            fields[f"field_{f}_kind"] = "choice"
            for c in range(1, 21):
                fields[f"field_{f}_choice_{c}"] = f"Choice {f}.{c} of tracker {n}"
        post(server, cookie, token, "/trackers", fields)
    post(server, cookie, token, "/trackers", {"name": "One more", "subjects": "people", "field_1_name": "How", "field_1_kind": "text"}, expect=(422,))
    for n in range(200 - routines):
        post(server, cookie, token, "/routines", {"subject": "", "name": f"Routine {n}", "repeat": "days", "every": str(2 + n % 5), "start": "2026-01-01"})
    made = None
    for n in range(20 - tokens):
        page = post(server, cookie, token, "/me/tokens", {"name": f"tablet {n}", "scope": "read"}, expect=(200, 201, 303))
        made = made or re.search(rb"hearth_[A-Za-z0-9_-]+", page)
    for n in range(20):
        add_device(server, cookie, f"{push.url}/owner/{n}", f"phone {n}")
    status, _, _ = server.request(
        "POST", "/me/devices", urllib.parse.urlencode({"_csrf": token, "endpoint": f"{push.url}/owner/21", "p256dh": P256DH, "auth": AUTH}),
        {**FORM, "Cookie": cookie})
    assert status == 422, f"the 21st phone: {status}"
    return made.group(0).decode() if made else None


def household(binary, folder):
    """The seeded household both copies start from: the demo, a second member with reminders on."""
    data = folder + "/seeded"
    subprocess.run([binary, "seed-demo", "--data-dir", data, "--years", "1", "--now", SEEDED_AT], capture_output=True, text=True, check=True)
    subprocess.run([binary, "user", "add", OTHER[0], "--role", "adult", "--password-stdin", "--data-dir", data],
                   input=OTHER[1] + "\n", capture_output=True, text=True, check=True)
    with sqlite3.connect(data + "/hearth.sqlite") as db:
        db.execute("UPDATE account SET reminders = 1")
    return data


def prepare(binary, seeded, folder, name, push, piled):
    """A copy with the second member's phone, and the owner's pile when `piled`; its API token."""
    data = f"{folder}/{name}"
    shutil.copytree(seeded, data)
    server = run.Server(binary, data, ["--push-services-may-be-local", "--clock-starts-at", "2026-12-07T05:00:00+09:00"])
    server.data = data
    try:
        other = server.sign_in(*OTHER)
        add_device(server, other, f"{push.url}/nanny/{name}", "nanny's phone")
        owner = server.sign_in("demo", "demo-household")
        if piled:
            return data, fill(server, owner, push)
        page = post(server, owner, csrf(server, owner), "/me/tokens", {"name": "tablet", "scope": "read"}, expect=(200, 201, 303))
        return data, re.search(rb"hearth_[A-Za-z0-9_-]+", page).group(0).decode()
    finally:
        server.stop()


def measure(binary, data, name, push, api_token, seconds):
    """The dose tick, idle ticks and pages of one copy; a dict of figures."""
    push.arrivals.clear()
    started = time.monotonic()
    server = run.Server(binary, data, ["--push-services-may-be-local", "--clock-starts-at", SERVED_FROM])
    figures = {}
    try:
        pid = server.process.pid
        time.sleep(max(0, started + 70 - time.monotonic()))
        figures["CPU ms, 0–70 s (the 08:00 tick)"] = run.cpu_seconds(pid) * 1000
        nanny = [at for path, at in push.arrivals if path == f"/nanny/{name}"]
        figures["the other member's 08:00 reminder, s after 08:00"] = (min(nanny) - started - DOSE_AFTER) if nanny else float("nan")
        figures["messages to the owner's phones"] = sum(1 for path, _ in push.arrivals if path.startswith("/owner/"))
        before = run.cpu_seconds(pid)
        time.sleep(60)
        figures["CPU ms, 70–130 s (two idle ticks)"] = (run.cpu_seconds(pid) - before) * 1000
        cookie = server.sign_in("demo", "demo-household")
        with sqlite3.connect(data + "/hearth.sqlite") as db:
            pet = db.execute("SELECT subject_id FROM pet_profile WHERE species = 'cat' ORDER BY subject_id LIMIT 1").fetchone()[0]
            person = db.execute("SELECT id FROM subject WHERE kind = 'person' ORDER BY id LIMIT 1").fetchone()[0]
        for label, path, header in [
            ("/", "/", None), (f"/pets/{pet} (a cat)", f"/pets/{pet}", None), (f"/people/{person}", f"/people/{person}", None),
            ("/me", "/me", None), ("/trackers", "/trackers", None), ("/routines", "/routines", None),
            ("/api/v1/trackers", "/api/v1/trackers", f"Authorization: Bearer {api_token}"),
        ]:
            status, body, _ = server.request("GET", path, headers={"Authorization": header.split(": ", 1)[1]} if header else {"Cookie": cookie})
            assert status == 200, (path, status)
            _, p99, _, cpu, bad = run.wrk(f"http://127.0.0.1:{server.port}{path}", cookie, seconds, pid, connections=4, header=header)
            assert bad == 0, path
            figures[f"{label}: bytes"] = len(body)
            figures[f"{label}: CPU ms a request"] = cpu
            figures[f"{label}: p99 ms"] = p99
    finally:
        server.stop()
    return figures


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--server", default=str(run.ROOT / ".build" / "release" / "hearth"))
    parser.add_argument("--seconds", type=int, default=5)
    arguments = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="hearth-bounds-bench-")
    push = PushService()
    try:
        seeded = household(arguments.server, folder)
        copies = {}
        for name, piled in [("as-seeded", False), ("at-every-bound", True)]:
            copies[name] = prepare(arguments.server, seeded, folder, name, push, piled)
        with sqlite3.connect(copies["at-every-bound"][0] + "/hearth.sqlite") as db:
            counts = [db.execute(sql).fetchone()[0] for sql in [
                "SELECT count(*) FROM tracker WHERE deleted_at IS NULL", "SELECT sum(length(fields)) FROM tracker",
                "SELECT count(*) FROM routine WHERE deleted_at IS NULL", "SELECT count(*) FROM api_token WHERE revoked_at IS NULL",
                "SELECT count(*) FROM push_device"]]
        print(f"the pile: {counts[0]} trackers ({counts[1] / 1e6:.1f} MB of fields), {counts[2]} routines, {counts[3]} tokens, {counts[4]} phones (with the other member's one)")
        results = {name: measure(arguments.server, data, name, push, token, arguments.seconds) for name, (data, token) in copies.items()}
        print(f"\n{'':<52}{'as seeded':>12}{'every bound':>13}")
        for key in results["as-seeded"]:
            a, b = results["as-seeded"][key], results["at-every-bound"][key]
            print(f"{key:<52}{a:>12,.2f}{b:>13,.2f}" if isinstance(a, float) else f"{key:<52}{a:>12,}{b:>13,}", flush=True)
    finally:
        push.server.shutdown()
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
