#!/usr/bin/env python3
"""`make bench`: issue 42's history and bin on ten years of the demo household (seed-demo writes
its history too). Prints the history's rows and bytes and the file's size, then the server's CPU
a request (wrk at 4 connections) for the owner's activity page and its filters, a record's edit
page with its change log, a regimen's page with its change log, the bin, and the settings page
that shows the history's size. Target: the activity page and a record's history under 1 ms.

    python3 Tests/bench/history.py [--server .build/release/hearth] [--data SEEDED_FOLDER] [--seconds 5]

Only loopback traffic; every loop is bounded."""

import argparse
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import run  # noqa: E402  (the bench's Server, wrk and page table)

BUDGET_CPU_MS = 1.0


def pages(data):
    """The pages, and what the history holds."""
    path = os.path.join(data, "hearth.sqlite")
    with sqlite3.connect(path) as db:
        rows = db.execute("SELECT count(*) FROM history").fetchone()[0]
        member = db.execute("SELECT account_id FROM history WHERE account_id IS NOT NULL GROUP BY account_id ORDER BY count(*) DESC").fetchone()
        pet = db.execute("SELECT id FROM subject WHERE kind = 'pet' ORDER BY id LIMIT 1").fetchone()[0]
        record = db.execute("SELECT max(id) FROM entry WHERE deleted_at IS NULL AND subject_id = ?", (pet,)).fetchone()[0]
        regimen = db.execute(
            "SELECT record_id FROM history WHERE record = 'regimen' GROUP BY record_id ORDER BY count(*) DESC LIMIT 1").fetchone()[0]
        day = db.execute("SELECT date(max(at)) FROM history").fetchone()[0]
    chosen = [
        ("/activity", "/activity"),
        ("/activity, page 2", "/activity?before=" + str(rows - 40)),
        ("/activity?subject= (a pet)", f"/activity?subject={pet}"),
        ("/activity?kind=regimen", "/activity?kind=regimen"),
        ("/activity?day= (the last)", f"/activity?day={day}"),
        (f"a record's edit page + history", f"/records/{record}/edit"),
        (f"a regimen's page + history", f"/regimens/{regimen}"),
        ("/bin", "/bin"),
        ("/settings (history's size)", "/settings"),
    ]
    if member:
        chosen.insert(2, ("/activity?member=", f"/activity?member={member[0]}"))
    return chosen, rows, os.path.getsize(path)


def history_bytes(data):
    with sqlite3.connect(os.path.join(data, "hearth.sqlite")) as db:
        return db.execute("SELECT sum(pgsize) FROM dbstat WHERE name LIKE 'history%'").fetchone()[0] or 0


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--server", default=str(run.ROOT / ".build" / "release" / "hearth"))
    parser.add_argument("--data", help="a folder already seeded with seed-demo (ten years: about 45 s)")
    parser.add_argument("--seconds", type=int, default=5)
    arguments = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="hearth-history-bench-")
    try:
        data = arguments.data
        if not data:
            data = folder + "/data"
            subprocess.run([arguments.server, "seed-demo", "--data-dir", data], capture_output=True, text=True, check=True)
        chosen, rows, size = pages(data)
        print(f"history: {rows:,} rows, {history_bytes(data) / 1e6:.0f} MB of a {size / 1e6:.0f} MB file")
        server = run.Server(arguments.server, data)
        try:
            cookie = server.sign_in("demo", "demo-household")
            print(f"wrk -t2 -c4, {arguments.seconds} s; budget {BUDGET_CPU_MS} ms CPU a request for the activity page and a record's history")
            over = run.page_table(server, cookie, chosen, arguments.seconds, BUDGET_CPU_MS)
            print("every page within the budget" if not over else f"over the budget: {', '.join(over)}")
        finally:
            server.stop()
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
