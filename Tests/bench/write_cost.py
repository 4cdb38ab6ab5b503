#!/usr/bin/env python3
"""What a write costs with its history (issue 42): two builds serve copies of one seeded data
folder at once and one client alternates the same writes between them, so both see this VM's
drift; it prints each server's CPU per write. The writes: +1 cup on a person (a daily value),
a meal record saved (a record and its details), a dose marked and its mark taken back.

    python3 Tests/bench/write_cost.py OLD_BINARY NEW_BINARY DATA_DIR [rounds]

Target: under 0.2 ms more a write. Only loopback traffic; every loop is bounded."""

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
    rounds = int(sys.argv[4]) if len(sys.argv) > 4 else 300
    folder = tempfile.mkdtemp(prefix="hearth-write-cost-")
    servers = []
    try:
        for index, binary in enumerate(binaries):
            copy = f"{folder}/data{index}"
            shutil.copytree(data, copy)
            port = run.free_port()
            process = subprocess.Popen([binary, "serve", "--port", str(port), "--data-dir", copy, "--resources", str(run.ROOT)],
                                       stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
            servers.append((binary, process, port, copy))
        time.sleep(2)
        with sqlite3.connect(f"{folder}/data0/hearth.sqlite") as db:
            person = db.execute("SELECT id FROM subject WHERE kind = 'person' ORDER BY id LIMIT 1").fetchone()[0]
            pet = db.execute("SELECT id FROM subject WHERE kind = 'pet' ORDER BY id LIMIT 1").fetchone()[0]
            regimen = db.execute("SELECT r.id FROM regimen r JOIN regimen_schedule s ON s.regimen_id = r.id WHERE s.repeat = 'daily' ORDER BY r.id LIMIT 1").fetchone()[0]
            food = db.execute("SELECT id FROM food ORDER BY id LIMIT 1").fetchone()[0]
        clients = []
        for binary, process, port, _ in servers:
            helper = run.Server.__new__(run.Server)
            helper.port = port
            cookie = helper.sign_in("demo", "demo-household")
            connection = http.client.HTTPConnection("127.0.0.1", port)
            connection.request("GET", "/", headers={"Cookie": cookie})
            page = connection.getresponse().read()
            token = re.search(rb'name="_csrf" value="([^"]+)"', page).group(1).decode()
            clients.append((connection, cookie, token))

        def post(client, path, fields):
            connection, cookie, token = client
            body = urllib.parse.urlencode(dict(fields, _csrf=token))
            connection.request("POST", path, body=body, headers={"Cookie": cookie, "Content-Type": "application/x-www-form-urlencoded"})
            response = connection.getresponse()
            response.read()
            assert response.status in (200, 303), (path, response.status)

        writes = {
            "+1 cup": lambda client, n: post(client, f"/people/{person}/water", {"change": "cup"}),
            "a meal": lambda client, n: post(client, f"/pets/{pet}/records", {
                "kind": "meal", "food_id": str(food), "amount": "40", "amount_unit": "g", "outcome": "all", "date": "2026-11-20", "time": "08:00"}),
            "dose mark + undo": lambda client, n: (
                post(client, "/doses/mark", {"regimen": str(regimen), "day": "2026-11-20", "time": "480", "action": "undo"}),
                post(client, "/doses/mark", {"regimen": str(regimen), "day": "2026-11-20", "time": "480", "action": "given", "confirm": "yes"})),
        }
        for name, write in writes.items():
            for n in range(20):  # warm up
                for client in clients:
                    write(client, n)
            before = [run.cpu_seconds(process.pid) for _, process, _, _ in servers]
            for n in range(rounds):
                for client in clients:
                    write(client, 1000 + n)
            figures = [(run.cpu_seconds(process.pid) - start) * 1000 / rounds for (_, process, _, _), start in zip(servers, before)]
            print(f"{name:<18} old {figures[0]:.3f} ms  new {figures[1]:.3f} ms  ({figures[1] - figures[0]:+.3f} ms a write)", flush=True)
    finally:
        for _, process, _, _ in servers:
            process.terminate()
            process.wait(timeout=30)
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
