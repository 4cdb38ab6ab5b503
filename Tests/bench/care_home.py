#!/usr/bin/env python3
"""`make bench`: issue 41's bigger household. `hearth seed-demo --people 100 --pets 20` grows
the demo household into a care home (100 residents with 4–6 regimens each, ten years: about
2.1 million doses); on it home, `/doses`, the calendar month and day, a resident's page and
search should each stay under 2 ms of the server's CPU a request, and the server under 128 MB.
wrk at 4 connections; the server's CPU a request and its peak memory after all the pages.

    python3 Tests/bench/care_home.py [--server .build/release/hearth] [--data SEEDED_FOLDER] [--seconds 5]

Only loopback traffic; every loop is bounded."""

import argparse
import datetime
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import urllib.parse

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import run  # noqa: E402  (the bench's Server, wrk and CPU helpers)
import search  # noqa: E402  (the common word of the records)

BUDGET_CPU_MS = 2.0
BUDGET_MEMORY_MB = 128


def pages(data):
    today = datetime.datetime.now(datetime.timezone(datetime.timedelta(hours=9))).date().isoformat()
    with sqlite3.connect(os.path.join(data, "hearth.sqlite")) as db:
        resident, name = db.execute(
            "SELECT s.id, s.name FROM subject s JOIN regimen r ON r.subject_id = s.id WHERE s.kind = 'person' "
            "GROUP BY s.id ORDER BY count(*) DESC, s.id DESC LIMIT 1").fetchone()
        doses = db.execute("SELECT count(*) FROM dose").fetchone()[0]
        subjects = db.execute("SELECT count(*) FROM subject").fetchone()[0]
    (_, common, _), _, _ = search.words(data)[0]
    return [
        ("home", "/"),
        ("today, whole list", "/today"),
        ("/doses", "/doses"),
        ("calendar month", "/calendar"),
        ("calendar day", f"/calendar/{today}"),
        (f"resident {name}", f"/people/{resident}"),
        (f"search '{common}'", "/search?" + urllib.parse.urlencode({"q": common})),
        (f"search '{name.split()[0]}'", "/search?" + urllib.parse.urlencode({"q": name.split()[0]})),
    ], doses, subjects


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--server", default=str(run.ROOT / ".build" / "release" / "hearth"))
    parser.add_argument("--data", help="a folder already seeded with --people 100 --pets 20 (seeding takes about 90 s)")
    parser.add_argument("--seconds", type=int, default=5)
    arguments = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="hearth-care-bench-")
    try:
        data = arguments.data
        if not data:
            data = folder + "/data"
            seeded = subprocess.run([arguments.server, "seed-demo", "--data-dir", data, "--people", "100", "--pets", "20"],
                                    capture_output=True, text=True, check=True)
            print(seeded.stdout.strip().splitlines()[-2])
        chosen, doses, subjects = pages(data)
        server = run.Server(arguments.server, data)
        try:
            cookie = server.sign_in("demo", "demo-household")
            print(f"A care home: {subjects} subjects, {doses:,} doses; wrk -t2 -c4, {arguments.seconds} s; budget {BUDGET_CPU_MS} ms CPU a request")
            over = run.page_table(server, cookie, chosen, arguments.seconds, BUDGET_CPU_MS)
            memory = server.peak_memory_kb() / 1024
            print(f"server peak memory {memory:.0f} MB (budget {BUDGET_MEMORY_MB})")
            if memory > BUDGET_MEMORY_MB:
                over.append("memory")
            print("every page within the budget" if not over else f"over the budget: {', '.join(over)}")
        finally:
            server.stop()
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
