#!/usr/bin/env python3
"""`make bench`: the figures the pets issue asks for, measured on this machine.

1. seed-demo: 3 pets × 10 years × ~8 records a day (~88,000 records), and 10 subjects × 5
   regimens with ten years of doses (~99,000).
2. wrk, 32 connections, 2 threads: the pet page, the first timeline page and a deep one;
   the home page, a calendar month and day, a year of steps by week and all-time weight,
   each beside Hearth's static stylesheet measured in the same run.
3b. A generated 1 GB Apple Health export.xml imported with `hearth import`: time, peak RSS.
3. Thumbnails of a 3840×2400 JPEG, both derivatives, Hearth against vipsthumbnail.
4. Peak memory of the server while one upload of 20 such photos is processed, and how
   long other pages take to answer meanwhile.

Only loopback traffic; every loop is bounded."""

import argparse
import datetime
import http.client
import json
import os
import random
import re
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
WALLPAPERS = Path("/usr/share/backgrounds")
BIG_PHOTOS = ["2004default.jpg", "the-mouse.jpg", "rhythm.jpg", "firstgeneration.jpg", "string.jpg"]


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    def __init__(self, binary, data, extra=()):
        self.port = free_port()
        self.process = subprocess.Popen(
            [binary, "serve", "--port", str(self.port), "--data-dir", data, "--resources", str(ROOT), *extra],
            stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                if self.request("GET", "/healthz")[0] == 200:
                    return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("server did not start")

    def request(self, method, path, body=None, headers=None, timeout=60):
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        connection.request(method, path, body=body, headers=headers or {})
        response = connection.getresponse()
        return response.status, response.read(), response.getheaders()

    def sign_in(self, username, password):
        status, body, headers = self.request("GET", "/login")
        token = re.search(rb'name="_csrf" value="([0-9a-f]+)"', body).group(1).decode()
        anonymous = [v.split(";")[0] for k, v in headers if k.lower() == "set-cookie"][0]
        form = urllib.parse.urlencode({"_csrf": token, "username": username, "password": password})
        status, _, headers = self.request("POST", "/login", form, {"Content-Type": "application/x-www-form-urlencoded", "Cookie": anonymous})
        assert status == 303, status
        session = [v.split(";")[0] for k, v in headers if k.lower() == "set-cookie" and v.startswith("hearth_session=")][0]
        return anonymous + "; " + session

    def peak_memory_kb(self):
        for line in open(f"/proc/{self.process.pid}/status"):
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
        return 0

    def stop(self):
        self.process.send_signal(signal.SIGTERM)
        self.process.wait(timeout=30)


def cpu_seconds(pid):
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def wrk(url, cookie, seconds, pid, connections=32, header=None):
    """One wrk run: p50 and p99 latency (ms), requests a second, and the server's CPU
    milliseconds per request (steadier than latency on a shared machine). `header` replaces
    the cookie (an API token's `Authorization: Bearer …`)."""
    before = cpu_seconds(pid)
    output = subprocess.run(
        ["wrk", "-t2", f"-c{connections}", f"-d{seconds}s", "--latency", "-H", header or f"Cookie: {cookie}", "-H",
         "Accept: application/json" if header else "Accept: text/html", url],
        capture_output=True, text=True, timeout=seconds + 60).stdout
    used = cpu_seconds(pid) - before
    def milliseconds(label):
        found = re.search(label + r"\s+([\d.]+)(us|ms|s)\b", output)
        if not found:
            raise RuntimeError("wrk said:\n" + output)
        return float(found.group(1)) * {"us": 0.001, "ms": 1, "s": 1000}[found.group(2)]
    total = int(re.search(r"(\d+) requests in", output).group(1))
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", output).group(1))
    non2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", output)
    return milliseconds("50%"), milliseconds("99%"), rps, used * 1000 / max(1, total), int(non2xx.group(1)) if non2xx else 0


def page_table(server, cookie, pages, seconds, budget_ms):
    """wrk at 4 connections on each (name, path): a line of bytes, requests a second, the
    server's CPU a request and p99; returns the names over `budget_ms` of CPU."""
    print(f"{'page':<34}{'bytes':>9}{'req/s':>8}{'CPU ms':>8}{'p99 ms':>8}")
    over = []
    for name, path in pages:
        status, body, _ = server.request("GET", path, headers={"Cookie": cookie})
        assert status == 200, (path, status)
        _, p99, rps, cpu, bad = wrk(f"http://127.0.0.1:{server.port}{path}", cookie, seconds, server.process.pid, connections=4)
        assert bad == 0, f"{path}: {bad} answers other than 2xx"
        print(f"{name:<34}{len(body):>9,}{rps:>8.0f}{cpu:>8.2f}{p99:>8.1f}", flush=True)
        if cpu > budget_ms:
            over.append(name)
    return over


def deep_cursor(database, pet_id, offset):
    connection = sqlite3.connect(f"file:{database}?mode=ro", uri=True)
    occurred, entry_id = connection.execute(
        "SELECT occurred_at, id FROM entry WHERE subject_id = ? AND deleted_at IS NULL ORDER BY occurred_at, id LIMIT 1 OFFSET ?",
        (pet_id, offset)).fetchone()
    connection.close()
    moment = datetime.datetime.strptime(occurred, "%Y-%m-%d %H:%M:%S.%f").replace(tzinfo=datetime.timezone.utc)
    return f"{int(round(moment.timestamp() * 1000))}_{entry_id}"


def thumbnails(binary, repeat):
    source = WALLPAPERS / BIG_PHOTOS[0]
    hearth = subprocess.run([binary, "photos", "derive", str(source), "--repeat", str(repeat)], capture_output=True, text=True, check=True).stdout
    hearth_ms = float(re.search(r"([\d.]+) ms per photo", hearth).group(1))
    work = Path(tempfile.mkdtemp(prefix="hearth-vips-"))
    try:
        names = []
        for index in range(repeat):
            link = work / f"photo{index}.jpg"
            link.symlink_to(source)
            names.append(str(link))
        out = work / "out"
        out.mkdir()
        started = time.monotonic()
        # One process each for all files, as a fair match for Hearth's one process.
        subprocess.run(["vipsthumbnail", *names, "-s", "1600", "-o", f"{out}/%s_1600.jpg[Q=82]"], check=True)
        subprocess.run(["vipsthumbnail", *names, "-s", "320x320", "--smartcrop", "centre", "-o", f"{out}/%s_320.jpg[Q=80]"], check=True)
        vips_ms = (time.monotonic() - started) * 1000 / repeat
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return hearth_ms, vips_ms


def set_up_household(server):
    """Sets the household up through the form; returns the owner's cookie and a page's CSRF token."""
    status, body, headers = server.request("GET", "/setup")
    token = re.search(rb'name="_csrf" value="([0-9a-f]+)"', body).group(1).decode()
    anonymous = [v.split(";")[0] for k, v in headers if k.lower() == "set-cookie"][0]
    form = urllib.parse.urlencode({"_csrf": token, "household_name": "Bench", "time_zone": "UTC", "language": "en",
                                   "username": "owner", "password": "bench password 1", "password_confirm": "bench password 1"})
    status, _, headers = server.request("POST", "/setup", form, {"Content-Type": "application/x-www-form-urlencoded", "Cookie": anonymous})
    cookie = anonymous + "; " + [v.split(";")[0] for k, v in headers if k.lower() == "set-cookie" and v.startswith("hearth_session=")][0]
    status, body, _ = server.request("GET", "/pets/new", headers={"Cookie": cookie})
    return cookie, re.search(rb'name="_csrf" value="([0-9a-f]+)"', body).group(1).decode()


def upload_twenty(binary):
    data = tempfile.mkdtemp(prefix="hearth-bench-upload-")
    server = Server(binary, data + "/data")
    try:
        subprocess.run([binary, "user", "add", "bench", "--role", "owner", "--password-stdin", "--data-dir", data + "/data", "--resources", str(ROOT)],
                       input="bench password 1\n", text=True, check=True, capture_output=True)
        cookie, token = set_up_household(server)
        boundary = uuid.uuid4().hex
        def multipart(fields, files):
            parts = []
            for name, value in fields:
                parts.append(f"--{boundary}\r\nContent-Disposition: form-data; name=\"{name}\"\r\n\r\n{value}\r\n".encode())
            for name, filename, content in files:
                parts.append(f"--{boundary}\r\nContent-Disposition: form-data; name=\"{name}\"; filename=\"{filename}\"\r\nContent-Type: image/jpeg\r\n\r\n".encode() + content + b"\r\n")
            return b"".join(parts) + f"--{boundary}--\r\n".encode()
        headers = {"Cookie": cookie, "Content-Type": f"multipart/form-data; boundary={boundary}"}
        status, _, _ = server.request("POST", "/pets", multipart([("_csrf", token), ("name", "Bench"), ("species", "dog")], []), headers)
        assert status == 303, status
        photos = []
        for index in range(20):
            content = (WALLPAPERS / BIG_PHOTOS[index % len(BIG_PHOTOS)]).read_bytes()
            # Bytes after the end-of-image marker: a different file (digest) showing the same picture.
            photos.append(("photos", f"photo{index}.jpg", content + index.to_bytes(2, "big")))
        body = multipart([("_csrf", token), ("kind", "diary"), ("title", "Twenty"), ("date", "2026-11-20"), ("time", "10:00")], photos)
        before = server.peak_memory_kb()
        latencies = []
        done = threading.Event()
        def probe():
            while not done.is_set():
                started = time.monotonic()
                server.request("GET", "/pets/1", headers={"Cookie": cookie})
                latencies.append((time.monotonic() - started) * 1000)
                time.sleep(0.05)
        prober = threading.Thread(target=probe)
        prober.start()
        started = time.monotonic()
        status, response, _ = server.request("POST", "/pets/1/records", body, headers, timeout=300)
        elapsed = time.monotonic() - started
        done.set()
        prober.join()
        assert status == 303, (status, response[:500])
        return {"upload_mb": len(body) / 1e6, "seconds": elapsed, "peak_before_mb": before / 1024, "peak_mb": server.peak_memory_kb() / 1024,
                "probe_max_ms": max(latencies), "probe_median_ms": sorted(latencies)[len(latencies) // 2], "probes": len(latencies)}
    finally:
        server.stop()
        shutil.rmtree(data, ignore_errors=True)


def medicine_list(path, count):
    """A drug-permit list of `count` items in the public list's shape (codes as headers), with
    Korean names made of real syllables so trigram search has realistic work to do."""
    syllables = "타이레놀부루펜아스피린게보린판콜에이스트리온베아제훼스탈까스활명수"
    companies = ["한국얀센", "삼일제약", "동아제약", "유한양행", "종근당", "대웅제약", "한미약품", "녹십자"]
    ingredients = ["아세트아미노펜", "이부프로펜", "아스피린", "덱스트로메토르판", "클로르페니라민", "카페인무수물"]
    generator = random.Random(7)
    with open(path, "w", encoding="utf-8") as file:
        file.write("ITEM_SEQ,ITEM_NAME,ENTP_NAME,ITEM_INGR_NAME,SPCLTY_PBLC,PRDUCT_TYPE\n")
        for number in range(count):
            name = "".join(generator.choice(syllables) for _ in range(generator.randint(3, 7))) + f"정{generator.randint(1, 999)}밀리그램"
            file.write(f"{200000000 + number},{name},{generator.choice(companies)},{generator.choice(ingredients)} {generator.randint(5, 650)}mg,"
                       f"{generator.choice(['일반의약품', '전문의약품'])},[0{generator.randint(1000, 9999)}]분류\n")


def many_photos(database, wanted=10_000):
    """Photo rows for the gallery's target: records given one of the demo's few photos each
    (many rows over a few files), until the household has `wanted` photos in records.
    Returns a deep gallery cursor (the 5,000th photo) and one photo's place."""
    connection = sqlite3.connect(database)
    try:
        shas = [row[0] for row in connection.execute("SELECT sha256 FROM photo")]
        have = connection.execute("SELECT count(*) FROM entry_photo p JOIN entry e ON e.id = p.entry_id WHERE e.deleted_at IS NULL").fetchone()[0]
        entries = [row[0] for row in connection.execute("SELECT id FROM entry WHERE kind = 'meal' AND photo_count = 0 AND deleted_at IS NULL ORDER BY id LIMIT ?", (max(0, wanted - have),))]
        connection.executemany("INSERT INTO entry_photo (entry_id, photo_sha, position) VALUES (?, ?, 0)", [(entry, shas[entry % len(shas)]) for entry in entries])
        # A few favourites, as a household marks them.
        connection.execute("UPDATE photo SET favourite_at = '2026-01-01 00:00:00.000' WHERE sha256 = ?", (shas[0],))
        connection.commit()
        total = connection.execute("SELECT count(*) FROM entry_photo p JOIN entry e ON e.id = p.entry_id WHERE e.deleted_at IS NULL").fetchone()[0]
        row = connection.execute("""
            SELECT CAST(round((julianday(e.occurred_at) - 2440587.5) * 86400000) AS INTEGER), e.id, p.position FROM entry e JOIN entry_photo p ON p.entry_id = e.id
            WHERE e.deleted_at IS NULL ORDER BY e.occurred_at DESC, e.id DESC, p.position LIMIT 1 OFFSET 5000""").fetchone()
        return total, f"{row[0]}_{row[1]}_{row[2]}", f"{row[1]}-{row[2]}"
    finally:
        connection.close()


def recipe_book(path, count):
    """A JSON-LD file of `count` recipes for the bench household: Korean and English titles
    from a few words, eight ingredient lines each from a vocabulary of forty, five steps."""
    chooser = random.Random(14)
    dishes = ["찌개", "볶음밥", "국", "전", "무침", "조림", "stew", "soup", "salad", "pie", "cake", "noodles", "curry", "bake"]
    mains = ["김치", "된장", "두부", "돼지고기", "감자", "버섯", "chicken", "beef", "tofu", "apple", "pumpkin", "lentil", "salmon", "egg"]
    things = ["두부", "양파", "대파", "마늘", "간장", "고추장", "된장", "감자", "애호박", "김치", "참기름", "설탕", "소금", "달걀", "버섯", "당근", "쌀", "멸치", "돼지고기", "쇠고기",
              "onion", "garlic", "flour", "butter", "sugar", "salt", "eggs", "milk", "chicken", "beef", "tomatoes", "rice", "carrot", "potato", "cream", "lemon", "basil", "oil", "cheese", "pepper"]
    categories = ["Dessert", "Side dish", "Rice", "Soup and stew", "One-dish", "Other"]
    graph = []
    for number in range(count):
        title = f"{chooser.choice(mains)} {chooser.choice(dishes)} {number}"
        lines = [f"{chooser.choice(['1', '2', '1/2', '3', '200'])} {chooser.choice(['tbsp', 'cup', 'g', '큰술', '개'])} {thing}" for thing in chooser.sample(things, 8)]
        graph.append({"@type": "Recipe", "name": title, "recipeCategory": chooser.choice(categories), "recipeYield": "4 servings",
                      "recipeIngredient": lines, "recipeInstructions": [{"@type": "HowToStep", "text": f"Step {step} of {title}."} for step in range(1, 6)]})
    Path(path).write_text(json.dumps({"@context": "https://schema.org", "@graph": graph}, ensure_ascii=False))


def recipe_cursor(database, offset):
    with sqlite3.connect(database) as connection:
        return connection.execute("SELECT id FROM recipe ORDER BY title COLLATE NOCASE, id LIMIT 1 OFFSET ?", (offset,)).fetchone()[0]


def people_ids(database):
    with sqlite3.connect(database) as connection:
        return [row[0] for row in connection.execute("SELECT id FROM subject WHERE kind = 'person' ORDER BY id")]


def apple_health_import(binary, size_mb):
    """A generated export.xml of `size_mb` (real record shapes, Tests/bench/apple_health_export.py)
    imported with `hearth import apple-health`: wall time and peak RSS, from /usr/bin/time."""
    folder = tempfile.mkdtemp(prefix="hearth-import-")
    try:
        export = folder + "/export.xml"
        subprocess.run([sys.executable, str(ROOT / "Tests/bench/apple_health_export.py"), "--size-mb", str(size_mb), "--out", export], check=True, capture_output=True)
        subprocess.run([binary, "seed-demo", "--data-dir", folder + "/data", "--years", "1"], check=True, capture_output=True)
        started = time.monotonic()
        run = subprocess.run(["/usr/bin/time", "-v", binary, "import", "apple-health", export, "--person", "Mina", "--data-dir", folder + "/data"],
                             capture_output=True, text=True, cwd=ROOT)
        seconds = time.monotonic() - started
        if run.returncode != 0:
            raise RuntimeError(run.stderr[-2000:])
        peak_kb = int(re.search(r"Maximum resident set size \(kbytes\): (\d+)", run.stderr).group(1))
        return {"seconds": seconds, "peak_mb": peak_kb / 1024, "summary": run.stdout.strip().splitlines()[-1],
                "size_mb": os.path.getsize(export) / 1024 / 1024}
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--server", default=str(ROOT / ".build" / "release" / "hearth"))
    parser.add_argument("--seconds", type=int, default=10)
    # Five runs, not three: this shared VM's speed drifts by a third over minutes, and the
    # median of five is steadier. Every run's p99 is printed beside it.
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--export-mb", type=int, default=1024, help="size of the generated Apple Health export to import")
    parser.add_argument("--pages", help="only the pages whose name contains one of these comma-separated words, and nothing after them (no import, thumbnails or upload)")
    arguments = parser.parse_args()
    binary = arguments.server

    data = tempfile.mkdtemp(prefix="hearth-bench-")
    try:
        started = time.monotonic()
        seeded = subprocess.run([binary, "seed-demo", "--data-dir", data + "/data", "--photos", str(ROOT / "Tests/Fixtures/exif-orientation")],
                                capture_output=True, text=True, check=True).stdout
        print(f"seed-demo: {seeded.strip().splitlines()[-2]} (wall {time.monotonic() - started:.1f} s)")
        medicines = data + "/medicines.csv"
        medicine_list(medicines, 50_000)
        started = time.monotonic()
        imported = subprocess.run([binary, "import", "medicines", medicines, "--data-dir", data + "/data"], capture_output=True, text=True, check=True).stdout
        print(f"hearth import medicines, 50,000 items: {imported.strip()} ({time.monotonic() - started:.1f} s)")
        book = data + "/recipes.jsonld"
        recipe_book(book, 10_000)
        started = time.monotonic()
        imported = subprocess.run([binary, "import", "recipes", book, "--data-dir", data + "/data"], capture_output=True, text=True, check=True).stdout
        print(f"hearth import recipes, 10,000 recipes in one JSON-LD file: {imported.splitlines()[0]} ({time.monotonic() - started:.1f} s)")
        deep_recipe = recipe_cursor(data + "/data/hearth.sqlite", 5000)
        photos, gallery_cursor, gallery_place = many_photos(data + "/data/hearth.sqlite")
        print(f"gallery: {photos:,} photos in records (rows over the demo's few files)")
        server = Server(binary, data + "/data")
        try:
            cookie = server.sign_in("demo", "demo-household")
            cursor = deep_cursor(data + "/data/hearth.sqlite", 1, 300)
            base = f"http://127.0.0.1:{server.port}"
            person = people_ids(data + "/data/hearth.sqlite")[0]
            yesterday = (datetime.date.today() - datetime.timedelta(days=1)).isoformat()
            last_month = (datetime.date.today().replace(day=1) - datetime.timedelta(days=1)).strftime("%Y-%m")
            print(f"\nwrk -t2 -c32 -d{arguments.seconds}s, {arguments.runs} runs each, the median run shown "
                  f"(targets: p99 < 20 ms for pets' pages, < 15 ms for the household's); req/s beside Hearth's own static route")
            # 32 connections keep both cores busy, so p99 there is mostly queueing (32 × the CPU a
            # request takes ÷ 2 cores); 4 connections are a household's phones at once.
            print(f"{'page':<34}{'p50 ms':>8}{'p99 ms':>8}{'req/s':>8}{'CPU ms/req':>12}{'static req/s':>14}{'p99 @4':>8}  p99 of each run")
            for name, path in [("pet page /pets/1", "/pets/1"), ("timeline, first page", "/pets/1/timeline"),
                               ("timeline, deep page", f"/pets/1/timeline?before={cursor}"),
                               ("timeline, meals only, deep", f"/pets/1/timeline?kind=meal&before={cursor}"),
                               ("home page / (50 regimens, 10 y of doses)", "/"), ("doses today /doses", "/doses"),
                               ("a regimen /regimens/1 (a year)", "/regimens/1"), ("calendar month", "/calendar"), ("calendar day", f"/calendar/{yesterday}"),
                               ("a year of steps by week", f"/people/{person}/charts?chart=steps&period=year"),
                               ("all-time weight (person)", f"/people/{person}/charts?chart=weight&period=all"),
                               ("all-time weight (pet)", "/pets/1/charts?chart=weight&period=all"),
                               ("emergency /emergency", "/emergency"), ("health card /pets/1/card", "/pets/1/card"),
                               ("clinics /clinics", "/clinics"),
                               ("gallery /gallery (10,000 photos)", "/gallery"), ("gallery, page 84", f"/gallery?after={gallery_cursor}"),
                               ("gallery favourites", "/gallery?favourites=1"), ("gallery, one pet", "/gallery?subject=1"),
                               ("gallery, one photo's page", f"/gallery/{gallery_place}"),
                               ("household report, last month", f"/reports/household/{last_month}"),
                               ("a pet's report for the vet, 90 days", "/reports/1/vet?days=90"),
                               ("catalogue search 타이레 (50,000 items)", "/medicines?q=%ED%83%80%EC%9D%B4%EB%A0%88"),
                               ("catalogue search 아세트아미노펜 (50,000)", "/medicines?q=%EC%95%84%EC%84%B8%ED%8A%B8%EC%95%84%EB%AF%B8%EB%85%B8%ED%8E%9C"),
                               ("catalogue search, one letter (50,000)", "/medicines?q=%EC%A0%95"),
                               ("recipes /recipes (10,000)", "/recipes"), ("recipes, page 101", f"/recipes?after={deep_recipe}"),
                               ("recipes, one category", "/recipes?category=4"),
                               ("recipes by name 찌개 (2 letters)", "/recipes?q=%EC%B0%8C%EA%B0%9C"),
                               ("recipes by name 볶음밥 (trigrams)", "/recipes?q=%EB%B3%B6%EC%9D%8C%EB%B0%A5"),
                               ("recipes, all of 두부 양파 garlic", "/recipes?i=%EB%91%90%EB%B6%80%2C%20%EC%96%91%ED%8C%8C%2C%20garlic&match=all"),
                               ("recipes, any of 멸치 lemon", "/recipes?i=%EB%A9%B8%EC%B9%98%2C%20lemon&match=any"),
                               ("a recipe scaled to 6", "/recipes/5000?servings=6")]:
                if arguments.pages and not any(word in name for word in arguments.pages.split(",")):
                    continue
                runs = sorted((wrk(base + path, cookie, arguments.seconds, server.process.pid) for _ in range(arguments.runs)), key=lambda run: run[1])
                p50, p99, rps, cpu, bad = runs[len(runs) // 2]
                # The same run's ceiling: Hearth's static stylesheet, measured right after.
                static = wrk(base + "/static/css/hearth.css", cookie, arguments.seconds, server.process.pid)[2]
                household = wrk(base + path, cookie, arguments.seconds, server.process.pid, connections=4)[1]
                flag = "" if all(run[4] == 0 for run in runs) else "  (non-2xx answers!)"
                print(f"{name:<34}{p50:>8.2f}{p99:>8.2f}{rps:>8.0f}{cpu:>12.2f}{static:>14.0f}{household:>8.2f}  {', '.join(f'{run[1]:.1f}' for run in runs)}{flag}")
        finally:
            server.stop()
    finally:
        shutil.rmtree(data, ignore_errors=True)

    if arguments.pages:
        return
    imported = apple_health_import(binary, arguments.export_mb)
    print(f"\nApple Health import of a {imported['size_mb']:.0f} MB export.xml: {imported['seconds']:.1f} s, peak RSS {imported['peak_mb']:.0f} MB "
          f"(targets: < 60 s, < 200 MB); {imported['summary']}")

    hearth_ms, vips_ms = thumbnails(binary, 10)
    print(f"\nthumbnail + preview of a 3840×2400 JPEG: Hearth {hearth_ms:.1f} ms, vipsthumbnail {vips_ms:.1f} ms, "
          f"ratio {hearth_ms / vips_ms:.2f} (target ≤ 1.5)")

    upload = upload_twenty(binary)
    print(f"\nupload of 20 photos ({upload['upload_mb']:.0f} MB) in {upload['seconds']:.1f} s; server peak memory "
          f"{upload['peak_mb']:.0f} MB (before: {upload['peak_before_mb']:.0f} MB; target < 400 MB); "
          f"pet page meanwhile: median {upload['probe_median_ms']:.1f} ms, max {upload['probe_max_ms']:.1f} ms over {upload['probes']} requests")


if __name__ == "__main__":
    main()
