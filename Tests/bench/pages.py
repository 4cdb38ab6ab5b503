#!/usr/bin/env python3
"""`make bench`, first part: the page budgets of issue 26, in one run.

On the 10-year seed-demo household (release build): every page of the navigation, a pet's
and a person's page, a report, a recipe and a photo's page, each with wrk for a few
seconds at 32 and at 4 connections, the server's CPU a request, and nginx serving that
page's very bytes in the same run ("of nginx"). Then a repeat view answered 304 beside
`/healthz`, the stylesheet beside nginx serving the same gzipped bytes, the household
month report's CPU, idle memory, and a cold start to the first page.

    python3 Tests/bench/pages.py [--server .build/release/hearth] [--seconds 6] [--only WORD,...]

Only loopback traffic; every loop is bounded."""

import argparse
import datetime
import gzip
import os
import re
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import run  # noqa: E402  (the bench's Server, wrk and CPU helpers)

ROOT = run.ROOT


class Nginx:
    """nginx serving files from a folder on a free port, as a ceiling for the same bytes."""

    def __init__(self, folder):
        self.folder = folder
        self.port = run.free_port()
        os.makedirs(folder + "/www", exist_ok=True)
        # nginx's workers run as nobody: they must be able to reach the files.
        for path in [os.path.dirname(folder), folder, folder + "/www"]:
            os.chmod(path, 0o755)
        with open(folder + "/nginx.conf", "w") as conf:
            conf.write(f"""
worker_processes 2;
pid {folder}/nginx.pid;
error_log {folder}/error.log;
events {{ worker_connections 1024; }}
http {{
    access_log off;
    default_type text/html;
    types {{ text/css css; }}
    client_body_temp_path {folder}/body; proxy_temp_path {folder}/proxy; fastcgi_temp_path {folder}/fcgi;
    uwsgi_temp_path {folder}/uwsgi; scgi_temp_path {folder}/scgi;
    server {{
        listen 127.0.0.1:{self.port};
        root {folder}/www;
        location /gz/ {{ add_header Content-Encoding gzip; default_type text/css; }}
    }}
}}
""")
        subprocess.run(["nginx", "-c", folder + "/nginx.conf", "-p", folder], check=True)
        time.sleep(0.3)

    def put(self, name, body):
        path = self.folder + "/www/" + name
        os.makedirs(os.path.dirname(path), mode=0o755, exist_ok=True)
        with open(path, "wb") as file:
            file.write(body)
        os.chmod(path, 0o644)
        return f"http://127.0.0.1:{self.port}/{name}"

    def pids(self):
        return [int(pid) for pid in subprocess.run(["pgrep", "-f", self.folder + "/nginx.conf"], capture_output=True, text=True).stdout.split()]

    def stop(self):
        subprocess.run(["nginx", "-c", self.folder + "/nginx.conf", "-p", self.folder, "-s", "stop"], capture_output=True)


def wrk_plain(url, seconds, connections, headers=()):
    """Requests a second and p99 (ms) of wrk against any server."""
    command = ["wrk", "-t2", f"-c{connections}", f"-d{seconds}s", "--latency"]
    for header in headers:
        command += ["-H", header]
    output = subprocess.run(command + [url], capture_output=True, text=True, timeout=seconds + 60).stdout
    if re.search(r"Non-2xx or 3xx responses: (\d+)", output):
        raise RuntimeError(f"{url}: answers other than 2xx/3xx:\n{output}")
    found = re.search(r"99%\s+([\d.]+)(us|ms|s)\b", output)
    p99 = float(found.group(1)) * {"us": 0.001, "ms": 1, "s": 1000}[found.group(2)]
    return float(re.search(r"Requests/sec:\s+([\d.]+)", output).group(1)), p99


def wrk_hearth(server, path, cookie, seconds, connections, extra=()):
    """req/s, p99 ms and the server's CPU ms a request."""
    before = run.cpu_seconds(server.process.pid)
    command = ["wrk", "-t2", f"-c{connections}", f"-d{seconds}s", "--latency", "-H", f"Cookie: {cookie}", "-H", "Accept: text/html"]
    for header in extra:
        command += ["-H", header]
    output = subprocess.run(command + [f"http://127.0.0.1:{server.port}{path}"], capture_output=True, text=True, timeout=seconds + 60).stdout
    used = run.cpu_seconds(server.process.pid) - before
    total = int(re.search(r"(\d+) requests in", output).group(1))
    if re.search(r"Non-2xx or 3xx responses: (\d+)", output):
        raise RuntimeError(f"{path}: answers other than 2xx/3xx:\n{output}")
    found = re.search(r"99%\s+([\d.]+)(us|ms|s)\b", output)
    p99 = float(found.group(1)) * {"us": 0.001, "ms": 1, "s": 1000}[found.group(2)]
    return float(re.search(r"Requests/sec:\s+([\d.]+)", output).group(1)), p99, used * 1000 / max(1, total)


def rss_mb(pid):
    for line in open(f"/proc/{pid}/status"):
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024


def pages_to_measure(server, cookie, database):
    status, home, _ = server.request("GET", "/", headers={"Cookie": cookie, "Accept": "text/html"})
    navigation = re.search(rb'<nav[^>]*>(.*?)</nav>', home, re.S).group(1).decode()
    pages = []
    for href in re.findall(r'href="(/[^"#?]*)"', navigation):
        if href not in [p for _, p in pages] and not href.startswith("/static") and href != "/logout":
            pages.append((f"nav {href}", href))
    with sqlite3.connect(database) as db:
        person = db.execute("SELECT id FROM subject WHERE kind = 'person' ORDER BY id LIMIT 1").fetchone()[0]
        recipe = db.execute("SELECT id FROM recipe ORDER BY id LIMIT 1").fetchone()
        photo = db.execute(
            "SELECT e.id, p.position FROM entry e JOIN entry_photo p ON p.entry_id = e.id WHERE e.deleted_at IS NULL ORDER BY e.occurred_at DESC LIMIT 1").fetchone()
    last_month = (datetime.date.today().replace(day=1) - datetime.timedelta(days=1)).strftime("%Y-%m")
    today = datetime.date.today().isoformat()
    pages += [("a pet's page", "/pets/1"), ("a pet's timeline", "/pets/1/timeline"), ("a person's page", f"/people/{person}"),
              ("calendar day", f"/calendar/{today}"), ("a pet's month report", f"/reports/1/{last_month}"),
              ("household month report", f"/reports/household/{last_month}")]
    if recipe:
        pages.append(("a recipe", f"/recipes/{recipe[0]}"))
    if photo:
        pages.append(("a photo's page", f"/gallery/{photo[0]}-{photo[1]}"))
    return pages


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--server", default=str(ROOT / ".build" / "release" / "hearth"))
    parser.add_argument("--seconds", type=int, default=6)
    parser.add_argument("--only", help="only the pages whose name or path contains one of these comma-separated words")
    arguments = parser.parse_args()
    binary = arguments.server
    folder = tempfile.mkdtemp(prefix="hearth-pages-")
    nginx = None
    try:
        data = folder + "/data"
        subprocess.run([binary, "seed-demo", "--data-dir", data, "--photos", str(ROOT / "Tests/Fixtures/exif-orientation")],
                       capture_output=True, text=True, check=True)
        # A cold start: from launch to the first /healthz, and to the first page signed in.
        started = time.monotonic()
        server = run.Server(binary, data)
        ready = time.monotonic() - started
        try:
            time.sleep(1)
            idle = rss_mb(server.process.pid)
            cookie = server.sign_in("demo", "demo-household")
            started = time.monotonic()
            server.request("GET", "/", headers={"Cookie": cookie, "Accept": "text/html"})
            first_page = time.monotonic() - started
            nginx = Nginx(folder + "/nginx")
            pages = pages_to_measure(server, cookie, data + "/hearth.sqlite")
            if arguments.only:
                pages = [(n, p) for n, p in pages if any(w in n or w in p for w in arguments.only.split(","))]
            seconds = arguments.seconds
            print(f"wrk -t2, {seconds} s at 32 and at 4 connections; CPU is the server's CPU time a request; "
                  f"'of nginx' is Hearth's rate over nginx's serving the same bytes in the same run")
            print(f"{'page':<32}{'path':<34}{'bytes':>8}{'gzip':>7}{'req/s':>8}{'CPU ms':>8}{'p99@32':>8}{'p99@4':>7}{'nginx/s':>9}{'of nginx':>9}")
            report_cpu = None
            for name, path in pages:
                status, body, headers = server.request("GET", path, headers={"Cookie": cookie, "Accept": "text/html"})
                if status != 200:
                    print(f"{name:<32}{path:<34} answered {status}")
                    continue
                rps, p99, cpu = wrk_hearth(server, path, cookie, seconds, 32)
                _, p99_4, _ = wrk_hearth(server, path, cookie, seconds, 4)
                ceiling, _ = wrk_plain(nginx.put("page" + re.sub(r"[^A-Za-z0-9]", "_", path) + ".html", body), seconds, 32)
                if "household" in name:
                    report_cpu = cpu
                print(f"{name:<32}{path[:33]:<34}{len(body):>8,}{len(gzip.compress(body, 6)):>7,}{rps:>8.0f}{cpu:>8.2f}{p99:>8.1f}{p99_4:>7.1f}"
                      f"{ceiling:>9.0f}{rps / ceiling * 100:>8.1f}%")

            # A repeat view: the page's ETag asked again, beside /healthz.
            status, _, headers = server.request("GET", "/", headers={"Cookie": cookie, "Accept": "text/html"})
            tag = dict((k.lower(), v) for k, v in headers).get("etag")
            if tag:
                rps, p99, cpu = wrk_hearth(server, "/", cookie, seconds, 32, [f"If-None-Match: {tag}"])
                health, health_p99, health_cpu = wrk_hearth(server, "/healthz", cookie, seconds, 32)
                print(f"\nrepeat view of / (304): {rps:.0f} req/s, {cpu:.3f} ms CPU, p99 {p99:.1f} ms; "
                      f"/healthz: {health:.0f} req/s, {health_cpu:.3f} ms CPU, p99 {health_p99:.1f} ms")
            else:
                print("\nrepeat view: / has no ETag")

            # The stylesheet as a phone gets it, beside nginx serving the same gzipped bytes.
            _, home, _ = server.request("GET", "/", headers={"Cookie": cookie, "Accept": "text/html"})
            css = re.search(rb'href="(/static/css/hearth[^"]*\.css)"', home).group(1).decode()
            status, packed, headers = server.request("GET", css, headers={"Accept-Encoding": "gzip"})
            encoded = dict((k.lower(), v) for k, v in headers).get("content-encoding") == "gzip"
            rps, p99, cpu = wrk_hearth(server, css, cookie, seconds, 32, ["Accept-Encoding: gzip"])
            ceiling, _ = wrk_plain(nginx.put("gz/hearth.css", packed), seconds, 32)
            print(f"stylesheet {css} ({len(packed):,} bytes{', gzip' if encoded else ''}): {rps:.0f} req/s, {cpu:.3f} ms CPU; "
                  f"nginx {ceiling:.0f} req/s: {rps / ceiling * 100:.0f}% of nginx")

            if report_cpu is not None:
                print(f"household month report: {report_cpu:.2f} ms CPU a request")
            print(f"cold start: first /healthz {ready:.2f} s after launch; first page {first_page * 1000:.0f} ms later; "
                  f"idle RSS {idle:.0f} MB, {rss_mb(server.process.pid):.0f} MB after the run")
        finally:
            server.stop()
    finally:
        if nginx:
            nginx.stop()
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
