#!/usr/bin/env python3
"""Issue 39's figures for the national-size public lists, on the release build:

- the animal-hospital register at the national size (50,043 clinics): `/search` for a clinic
  and `/clinics` (first page, a later page, a search), each the server's CPU a request and its
  latency with wrk, and `/healthz` answered meanwhile (target: search and `/clinics` under 5 ms);
- the DUR pairs list at 90,096 rows imported through the server while a member adds water
  every 100 ms: how long the import took and the longest a +1 cup waited (the write happens
  after every row's keys are worked out, so the wait is the write's alone)."""

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import run  # noqa: E402
from imports import clinic_list  # noqa: E402

DUR_HEADER = "DUR성분코드,DUR성분명,DUR성분명영문,복합제,관계성분,병용금기DUR성분코드,병용금기DUR성분명,병용금기DUR성분명영문,병용금기복합제,병용금기관계성분,고시일자,금기내용,비고,삭제여부\n"


def dur_list(path, rows):
    with open(path, "w", encoding="utf-8") as out:
        out.write(DUR_HEADER)
        for n in range(rows):
            out.write(f"D{n:06d},성분{n} 염산염 {n % 500}mg,ingredient{n} hydrochloride,단일,,D{n + 1:06d},다른성분{n} (as 나트륨),other{n},단일,,2024{1 + n % 12:02d}{1 + n % 28:02d},함께 복용하면 위험이 커집니다 {n},,N\n")
    return path


def multipart(fields, files):
    boundary = uuid.uuid4().hex
    body = b""
    for name, value in fields.items():
        body += f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n{value}\r\n'.encode()
    for name, (filename, data) in files.items():
        body += f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"; filename="{filename}"\r\nContent-Type: text/csv\r\n\r\n'.encode() + data + b"\r\n"
    return body + f"--{boundary}--\r\n".encode(), f"multipart/form-data; boundary={boundary}"


def csrf(server, cookie, path):
    _, body, _ = server.request("GET", path, headers={"Cookie": cookie})
    return re.search(rb'name="_csrf" value="([0-9a-f]+)"', body).group(1).decode()


def clinics(server, cookie, seconds):
    print("\nthe national clinic register (50,043), wrk -t2 at 4 connections; target: search and /clinics under 5 ms")
    print(f"{'page':<34}{'bytes':>10}{'CPU ms':>8}{'p50':>8}{'p99':>8}")
    def measure(path, label=None):
        status, body, _ = server.request("GET", path, headers={"Cookie": cookie})
        assert status == 200, (path, status)
        p50, p99, _, cpu, bad = run.wrk(f"http://127.0.0.1:{server.port}{path}", cookie, seconds, server.process.pid, connections=4)
        assert bad == 0, path
        print(f"{label or path:<34}{len(body):>10,}{cpu:>8.2f}{p50:>8.1f}{p99:>8.1f}", flush=True)

    for path in ["/search?q=" + urllib.parse.quote("행복동물병원4321"), "/clinics", "/clinics?page=300", "/clinics?q=" + urllib.parse.quote("행복동물병원4321"), "/emergency"]:
        measure(path)
    # Where home is, set: /clinics nearest first (ordered by SQLite over the whole register), /emergency by distance.
    token = csrf(server, cookie, "/clinics")
    status, _, _ = server.request(
        "POST", "/clinics/home", urllib.parse.urlencode({"_csrf": token, "coordinates": "37.5665, 126.9780"}),
        headers={"Cookie": cookie, "Content-Type": "application/x-www-form-urlencoded"})
    assert status == 303, status
    measure("/clinics", "/clinics (home set)")
    measure("/emergency", "/emergency (home set)")


def dur_import(server, cookie, folder, person):
    path = dur_list(folder + "/dur.csv", 90_096)
    print(f"\nthe DUR pairs list, 90,096 rows ({os.path.getsize(path) / 1e6:.1f} MB), imported through the server while +1 cup is sent every 100 ms")
    waits, stop = [], threading.Event()

    def cups():
        token = csrf(server, cookie, f"/people/{person}")
        while not stop.is_set():
            started = time.monotonic()
            status, _, _ = server.request(
                "POST", f"/people/{person}/water", urllib.parse.urlencode({"_csrf": token, "change": "cup"}),
                {"Content-Type": "application/x-www-form-urlencoded", "Cookie": cookie})
            waits.append(time.monotonic() - started)
            time.sleep(0.1)

    body, kind = multipart({"_csrf": csrf(server, cookie, "/medicines")}, {"file": ("병용금기.csv", open(path, "rb").read())})
    watcher = threading.Thread(target=cups)
    watcher.start()
    started = time.monotonic()
    status, _, headers = server.request("POST", "/medicines/import", body, {"Content-Type": kind, "Cookie": cookie}, timeout=1800)
    job = dict(headers).get("Location", "")
    while True:
        _, page, _ = server.request("GET", job + "/status", headers={"Cookie": cookie})
        if b'"running"' not in page:
            break
        time.sleep(0.5)
    took = time.monotonic() - started
    stop.set()
    watcher.join()
    print(f"import {took:.1f} s; +1 cup: {len(waits)} sent, median {sorted(waits)[len(waits) // 2] * 1000:.0f} ms, longest {max(waits) * 1000:.0f} ms; server peak {server.peak_memory_kb() / 1024:.0f} MB")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--server", default=str(run.ROOT / ".build" / "release" / "hearth"))
    parser.add_argument("--seconds", type=int, default=5)
    arguments = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="hearth-registers-bench-")
    try:
        data = folder + "/data"
        subprocess.run([arguments.server, "seed-demo", "--data-dir", data, "--years", "1"], capture_output=True, text=True, check=True)
        subprocess.run([arguments.server, "import", "clinics", clinic_list(folder + "/clinics.csv", 50_043), "--data-dir", data],
                       capture_output=True, text=True, check=True, cwd=run.ROOT)
        person = run.people_ids(data + "/hearth.sqlite")[0]
        server = run.Server(arguments.server, data)
        try:
            cookie = server.sign_in("demo", "demo-household")
            clinics(server, cookie, arguments.seconds)
            dur_import(server, cookie, folder, person)
        finally:
            server.stop()
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
