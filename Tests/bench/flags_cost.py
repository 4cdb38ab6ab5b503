#!/usr/bin/env python3
"""What flags cost home (issue 44): two builds serve copies of one seeded data folder at once and
one client alternates between them, so both see this VM's drift; it prints each server's CPU
per request for home as it is kept (the flags read once per subject, day and ten minutes), and
for home right after a write (+1 cup on a person), when every subject's flags are worked out
again from its records.

    python3 Tests/bench/flags_cost.py OLD_BINARY NEW_BINARY DATA_DIR [rounds]

Give the older build the data folder it seeded (the newer one upgrades its copy). Only
loopback traffic; every loop is bounded."""

import http.client
import os
import re
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time
import urllib.parse

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import run  # noqa: E402  (the bench's Server helpers)


def main():
    binaries, data = sys.argv[1:3], sys.argv[3]
    rounds = int(sys.argv[4]) if len(sys.argv) > 4 else 200
    folder = tempfile.mkdtemp(prefix="hearth-flags-cost-")
    servers = []
    try:
        for index, binary in enumerate(binaries):
            copy = f"{folder}/data{index}"
            shutil.copytree(data, copy)
            port = run.free_port()
            process = subprocess.Popen([binary, "serve", "--port", str(port), "--data-dir", copy, "--resources", str(run.ROOT)],
                                       stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
            servers.append((process, port))
        time.sleep(3)
        with sqlite3.connect(f"{folder}/data0/hearth.sqlite") as db:
            person = db.execute("SELECT id FROM subject WHERE kind = 'person' ORDER BY id LIMIT 1").fetchone()[0]
        clients = []
        for process, port in servers:
            helper = run.Server.__new__(run.Server)
            helper.port = port
            cookie = helper.sign_in("demo", "demo-household")
            connection = http.client.HTTPConnection("127.0.0.1", port)
            connection.request("GET", "/", headers={"Cookie": cookie})
            page = connection.getresponse().read()
            token = re.search(rb'name="_csrf" value="([^"]+)"', page).group(1).decode()
            clients.append((connection, cookie, token))

        def home(client):
            connection, cookie, _ = client
            connection.request("GET", "/", headers={"Cookie": cookie})
            response = connection.getresponse()
            response.read()
            assert response.status == 200, response.status

        def cup(client):
            connection, cookie, token = client
            body = urllib.parse.urlencode({"change": "cup", "_csrf": token})
            connection.request("POST", f"/people/{person}/water", body=body,
                               headers={"Cookie": cookie, "Content-Type": "application/x-www-form-urlencoded"})
            response = connection.getresponse()
            response.read()
            assert response.status in (200, 303), response.status

        def measure(name, step):
            for _ in range(10):  # warm up
                for client in clients:
                    step(client)
            before = [run.cpu_seconds(process.pid) for process, _ in servers]
            for _ in range(rounds):
                for client in clients:
                    step(client)
            figures = [(run.cpu_seconds(process.pid) - start) * 1000 / rounds for (process, _), start in zip(servers, before)]
            print(f"{name:<28} old {figures[0]:.2f} ms  new {figures[1]:.2f} ms  ({figures[1] - figures[0]:+.2f} ms)", flush=True)

        measure("home, kept", home)
        measure("+1 cup, then home", lambda client: (cup(client), home(client)))
    finally:
        for process, _ in servers:
            process.terminate()
            process.wait(timeout=30)
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
