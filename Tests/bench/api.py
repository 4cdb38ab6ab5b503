#!/usr/bin/env python3
"""`make bench`: the API's reads on the 10-year seed-demo household (issue 28: at most 0.5 ms
of the server's CPU a request). A read-and-record token made on /me, then wrk on each read at
32 and at 4 connections with `Authorization: Bearer`, and the server's CPU a request.

    python3 Tests/bench/api.py [--server .build/release/hearth] [--seconds 5]

Only loopback traffic; every loop is bounded."""

import argparse
import os
import re
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import urllib.parse

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import run  # noqa: E402  (the bench's Server and CPU helpers)

BUDGET_MS = 0.5


def make_token(server, cookie):
    status, body, _ = server.request("GET", "/me", headers={"Cookie": cookie})
    csrf = re.search(rb'name="_csrf" value="([0-9a-f]+)"', body).group(1).decode()
    form = urllib.parse.urlencode({"_csrf": csrf, "name": "bench", "scope": "record"})
    status, body, _ = server.request("POST", "/me/tokens", form, {"Content-Type": "application/x-www-form-urlencoded", "Cookie": cookie})
    assert status == 200, status
    return re.search(rb"hearth_[0-9a-f]{64}", body).group(0).decode()


def wrk(server, path, token, seconds, connections):
    """req/s, p99 ms and the server's CPU ms a request; any answer but 2xx stops the run."""
    before = run.cpu_seconds(server.process.pid)
    output = subprocess.run(
        ["wrk", "-t2", f"-c{connections}", f"-d{seconds}s", "--latency", "-H", f"Authorization: Bearer {token}",
         f"http://127.0.0.1:{server.port}{path}"], capture_output=True, text=True, timeout=seconds + 60).stdout
    used = run.cpu_seconds(server.process.pid) - before
    if re.search(r"Non-2xx or 3xx responses: (\d+)", output):
        raise RuntimeError(f"{path}: answers other than 2xx:\n{output}")
    total = int(re.search(r"(\d+) requests in", output).group(1))
    found = re.search(r"99%\s+([\d.]+)(us|ms|s)\b", output)
    p99 = float(found.group(1)) * {"us": 0.001, "ms": 1, "s": 1000}[found.group(2)]
    return float(re.search(r"Requests/sec:\s+([\d.]+)", output).group(1)), p99, used * 1000 / max(1, total)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--server", default=str(run.ROOT / ".build" / "release" / "hearth"))
    parser.add_argument("--seconds", type=int, default=5)
    arguments = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="hearth-api-bench-")
    try:
        data = folder + "/data"
        subprocess.run([arguments.server, "seed-demo", "--data-dir", data], capture_output=True, text=True, check=True)
        with sqlite3.connect(data + "/hearth.sqlite") as db:
            pet = db.execute("SELECT id FROM subject WHERE kind = 'pet' ORDER BY id LIMIT 1").fetchone()[0]
            record = db.execute("SELECT id FROM entry WHERE subject_id = ? AND deleted_at IS NULL ORDER BY occurred_at DESC LIMIT 1", (pet,)).fetchone()[0]
            records = db.execute("SELECT COUNT(*) FROM entry").fetchone()[0]
        server = run.Server(arguments.server, data)
        try:
            token = make_token(server, server.sign_in("demo", "demo-household"))
            reads = [
                ("who the token is", "/api/v1/me"),
                ("subjects with today", "/api/v1/subjects"),
                ("one subject", f"/api/v1/subjects/{pet}"),
                ("a page of 50 records", f"/api/v1/subjects/{pet}/records?limit=50"),
                ("a page of 50 walks in 2020", f"/api/v1/subjects/{pet}/records?kind=walk&from=2020-01-01&to=2020-12-31&limit=50"),
                ("one record", f"/api/v1/records/{record}"),
                ("today's doses", "/api/v1/doses"),
                ("what is due in a week", "/api/v1/due"),
            ]
            print(f"API reads on the seed-demo household ({records:,} records); wrk -t2, {arguments.seconds} s; "
                  f"CPU is the server's CPU time a request (budget {BUDGET_MS} ms)")
            print(f"{'read':<28}{'path':<64}{'bytes':>8}{'req/s':>8}{'CPU ms':>8}{'p99@32':>8}{'p99@4':>7}")
            over = []
            for name, path in reads:
                status, body, _ = server.request("GET", path, headers={"Authorization": f"Bearer {token}"})
                assert status == 200, (path, status, body[:300])
                rps, p99, cpu = wrk(server, path, token, arguments.seconds, 32)
                _, p99_4, _ = wrk(server, path, token, arguments.seconds, 4)
                print(f"{name:<28}{path:<64}{len(body):>8,}{rps:>8.0f}{cpu:>8.3f}{p99:>8.1f}{p99_4:>7.1f}", flush=True)
                if cpu > BUDGET_MS:
                    over.append(name)
            print("every read within the budget" if not over else f"over the budget: {', '.join(over)}")
        finally:
            server.stop()
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
