#!/usr/bin/env python3
"""Which of two builds spends less CPU on a page? On this shared VM the speed drifts by a
third over minutes, so wrk figures taken one after the other cannot tell a 5% change.
This runs both servers at once on the same data folder and one client alternates requests
between them, so both see the same drift; it prints each server's CPU per request.

    python3 Tests/bench/compare.py OLD_BINARY NEW_BINARY DATA_DIR /pets/1 [requests]

DATA_DIR is a seeded data folder (`hearth seed-demo --data-dir DATA_DIR`); the second
server gets a copy of it (a data folder takes one server), both sign in as the demo owner
and only read. Run it twice with the binaries swapped.
CLOCK=2026-11-28T08:30:00+09:00 starts both servers' clocks there (`serve --clock-starts-at`, builds
that have it); ACCEPT_ENCODING=gzip asks for the pages a browser gets.
A binary reads Templates/ and Public/ from this checkout; when a change touches templates,
give the old build its own as BINARY@FOLDER (e.g. a `git worktree` of the old commit)."""

import http.client
import os
import shutil
import subprocess
import tempfile
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import run  # noqa: E402  (the bench's Server helpers)

ROOT = run.ROOT


def main():
    binaries, data, path = sys.argv[1:3], sys.argv[3], sys.argv[4]
    count = int(sys.argv[5]) if len(sys.argv) > 5 else 3000
    servers = []
    copy = tempfile.mkdtemp(prefix="hearth-compare-")
    shutil.copytree(data, copy + "/data")
    try:
        for binary, folder in zip(binaries, [data, copy + "/data"]):
            binary, _, resources = binary.partition("@")
            port = run.free_port()
            clock = ["--clock-starts-at", os.environ["CLOCK"]] if os.environ.get("CLOCK") else []
            process = subprocess.Popen([binary, "serve", "--port", str(port), "--data-dir", folder, "--resources", resources or str(ROOT)] + clock,
                                       stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
            servers.append((binary, process, port))
        time.sleep(2)
        clients = []
        for binary, process, port in servers:
            helper = run.Server.__new__(run.Server)
            helper.port = port
            clients.append((http.client.HTTPConnection("127.0.0.1", port), helper.sign_in("demo", "demo-household")))

        def ask(connection, cookie):
            headers = {"Cookie": cookie}
            if os.environ.get("ACCEPT_ENCODING"):
                headers["Accept-Encoding"] = os.environ["ACCEPT_ENCODING"]
            connection.request("GET", path, headers=headers)
            response = connection.getresponse()
            response.read()
            assert response.status == 200, response.status

        for _ in range(100):  # warm up both
            for connection, cookie in clients:
                ask(connection, cookie)
        before = [run.cpu_seconds(process.pid) for _, process, _ in servers]
        for _ in range(count):
            for connection, cookie in clients:
                ask(connection, cookie)
        for (binary, process, _), start in zip(servers, before):
            print(f"{binary} {path}: {(run.cpu_seconds(process.pid) - start) * 1000 / count:.3f} ms CPU per request")
    finally:
        for _, process, _ in servers:
            process.terminate()
            process.wait(timeout=30)
        shutil.rmtree(copy, ignore_errors=True)


if __name__ == "__main__":
    main()
