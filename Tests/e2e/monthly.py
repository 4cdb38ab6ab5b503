"""End-to-end for the gallery, the printed reports and backups (issue 13).

- A demo household (a year of records, photos from Tests/Fixtures): every report printed by
  Chromium at A4 and at Letter, each PDF turned into PNGs by pdftoppm (kept in the
  screenshots folder to look at), its page size and page count checked, and no chart or
  calendar crossing a page edge (each is outlined in magenta for the check; a box whose top
  and bottom edges are not on the same page crossed one).
- The gallery at phone and desktop size: pick photos, make an animated GIF, keep it.
- kill -9 in the middle of `hearth backup` and of `hearth import medicines`: the database
  passes SQLite's integrity check, and no archive is left under its final name unless it
  verifies (restoring it works)."""

import datetime
import os
import re
import shutil
import signal
import sqlite3
import subprocess
import tempfile
import time
from pathlib import Path

from playwright.sync_api import expect

import demo
from accessibility import Audit

ROOT = Path(__file__).resolve().parents[2]
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
PAPERS = {"a4": ("A4", (595.9, 841.9)), "letter": ("Letter", (612.0, 792.0))}
OUTLINE = ".report-chart, .report-calendar { border: 3px solid #ff00ff !important; }"


def demo_folder(binary):
    """A copy of the year-long demo household with photos (demo.py)."""
    return demo.folder(binary, years=1, photos=True)


def demo_server(server_class, binary, folder, hour=12, minute=0):
    """A server on a demo folder, its clock on the demo's day."""
    return server_class(binary, data=folder, clock=demo.clock(hour, minute))


def sign_in_demo(page, server):
    page.goto(server.url + "/login")
    page.fill("#username", "demo")
    page.fill("#password", "demo-household")
    page.click("main button[type=submit]")
    expect(page.locator("h1")).to_contain_text("Hello")


def magenta_boxes(png):
    """(boxes whole on the page, whether one crosses the page's top or bottom edge)."""
    from PIL import Image
    image = Image.open(png).convert("RGB")
    width, height = image.size
    pixels = image.load()
    rows = []
    for y in range(height):
        run = 0
        longest = 0
        any_magenta = False
        for x in range(width):
            r, g, b = pixels[x, y]
            if r > 200 and b > 200 and g < 90:
                run += 1
                any_magenta = True
                longest = max(longest, run)
            else:
                run = 0
        rows.append("edge" if longest > width * 0.25 else "side" if any_magenta else "none")
    boxes, inside, crosses = 0, False, False
    y = 0
    while y < height:
        kind = rows[y]
        if kind == "edge":
            while y < height and rows[y] == "edge":
                y += 1
            if inside:
                boxes += 1
            inside = not inside
            continue
        if kind == "side" and not inside:
            crosses = True  # a box's sides with no top edge above them: it began on the page before
        y += 1
    return boxes, crosses or inside


def print_report(page, server, path, paper, shots, name):
    page.goto(server.url + path + ("&" if "?" in path else "?") + "paper=" + paper)
    charts = page.locator(".report-chart, .report-calendar").count()
    subjects = page.locator(".report-subject").count()
    page.add_style_tag(content=OUTLINE)
    label, (width, height) = PAPERS[paper]
    pdf = Path(tempfile.mkdtemp()) / f"{name}-{paper}.pdf"
    page.pdf(path=str(pdf), prefer_css_page_size=True, print_background=True)
    data = pdf.read_bytes()
    pages = len(re.findall(rb"/Type\s*/Page[^s]", data))
    boxes = set(re.findall(rb"/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]", data))
    assert len(boxes) == 1, boxes
    w, h = (float(v) for v in boxes.pop())
    assert abs(w - width) < 2 and abs(h - height) < 2, f"{name} {paper}: {w}×{h}"
    # A month fits four pages a subject. The vet's 90 days touch four months (four calendars
    # and their charts) unless they start on the 1st: on Letter, shorter than A4, that is five.
    most = 5 if name == "vet" else 4
    assert subjects <= pages <= subjects * most, f"{name} {paper}: {pages} pages for {subjects} subjects"
    out = shots / f"report-{name}-{paper}"
    for stale in shots.glob(f"report-{name}-{paper}-*.png"):
        stale.unlink()  # an earlier run's pages: a report one page shorter today would count its last
    subprocess.run(["pdftoppm", "-r", "60", "-png", str(pdf), str(out)], check=True)
    images = sorted(shots.glob(f"report-{name}-{paper}-*.png"))
    assert len(images) == pages
    whole = 0
    for image in images:
        count, crossed = magenta_boxes(image)
        assert not crossed, f"a chart or calendar crosses a page edge on {image.name}"
        whole += count
    assert whole == charts, f"{name} {paper}: {charts} charts and calendars, {whole} found whole on the pages"
    print(f"  {name} on {label}: {pages} pages, {charts} charts and calendars, none across a page edge", flush=True)
    shutil.rmtree(pdf.parent, ignore_errors=True)
    return pages


def reports_in_print(browser, binary, server_class, shots):
    folder = demo_folder(binary)
    server = demo_server(server_class, binary, folder)
    try:
        # The page's policy allows no inline style; the check's outline is added past it.
        context = demo.context(browser, server, viewport=DESKTOP, locale="en-GB", bypass_csp=True)
        page = context.new_page()
        audit = Audit(page)
        sign_in_demo(page, server)
        page.goto(server.url + "/reports")
        audit.shot(path=str(shots / "reports-index-desktop.png"), full_page=True)
        last_month = (server.now().date().replace(day=1) - datetime.timedelta(days=1)).strftime("%Y-%m")
        pet = re.search(r'href="/reports/(\d+)/vet\?days=90"', page.content()).group(1)
        person = re.search(r'<th scope="row">Mina</th>\s*<td><a href="/reports/(\d+)/', page.content()).group(1)
        started = time.monotonic()
        page.goto(server.url + f"/reports/household/{last_month}")
        print(f"  household report for {last_month}: {time.monotonic() - started:.2f} s in the browser", flush=True)
        audit.shot(path=str(shots / "report-household-desktop.png"))
        reports = {"household": f"/reports/household/{last_month}", "pet": f"/reports/{pet}/{last_month}",
                   "vet": f"/reports/{pet}/vet?days=90", "person": f"/reports/{person}/{last_month}"}
        for name, path in reports.items():
            for paper in PAPERS:
                print_report(page, server, path, paper, shots, name)
        # The server's own PDF (Chromium on the server), Letter as asked.
        response = page.request.get(server.url + f"/reports/{pet}/{last_month}?paper=letter&pdf=1")
        assert response.status == 200 and response.headers["content-type"] == "application/pdf", response.status
        assert b"/MediaBox [0 0 612 792]" in response.body()
        audit.rest()
        context.close()
    finally:
        server.cleanup()
        shutil.rmtree(folder, ignore_errors=True)


def gallery_in_the_browser(browser, binary, server_class, shots):
    folder = demo_folder(binary)
    server = demo_server(server_class, binary, folder)
    try:
        for size, viewport in (("phone", PHONE), ("desktop", DESKTOP)):
            context = demo.context(browser, server, viewport=viewport, locale="en-GB")
            page = context.new_page()
            audit = Audit(page)
            sign_in_demo(page, server)
            page.goto(server.url + "/gallery")
            expect(page.locator(".gallery-grid img").first).to_be_visible()
            audit.shot(path=str(shots / f"gallery-{size}.png"))
            # Thumbnails say their size: nothing moves while they load.
            assert page.evaluate("[...document.querySelectorAll('.gallery-grid img')].every(i => i.getAttribute('width') === '320' && i.loading === 'lazy')")
            if size == "phone":
                boxes = page.locator(".gallery-grid input[type=checkbox]")
                for index in range(3):
                    boxes.nth(index).check()
                page.click("text=Make an animated GIF")
                expect(page.locator("h1")).to_have_text("Animated GIF")
                page.select_option("#side", "480")
                page.fill("#seconds", "0.4")
                audit.shot(path=str(shots / "animation-form-phone.png"), full_page=True)
                page.click("main button.primary")
                expect(page.locator("#animation-status")).to_have_text("Your animated GIF is ready.", timeout=30000)
                assert page.evaluate("document.querySelector('.animation-result').naturalWidth") == 480
                audit.shot(path=str(shots / "animation-done-phone.png"), full_page=True)
                page.click("text=Save as a diary record")
                expect(page.locator(".photo-view img")).to_be_visible()
                assert page.locator(".photo-view img").get_attribute("src").endswith(".gif"), "the kept photo is the animated original"
                page.click("text=Mark as favourite")
                expect(page.locator("button[aria-pressed=true]")).to_be_visible()
                audit.shot(path=str(shots / "gallery-photo-phone.png"), full_page=True)
                page.goto(server.url + "/gallery?favourites=1")
                assert page.locator(".gallery-grid img").count() == 1
            width = page.evaluate("document.documentElement.scrollWidth")
            assert width <= viewport["width"], f"gallery is {width}px wide at {size}"
            audit.rest()
            context.close()
    finally:
        server.cleanup()
        shutil.rmtree(folder, ignore_errors=True)


def integrity(database):
    connection = sqlite3.connect(database)
    try:
        return connection.execute("PRAGMA integrity_check").fetchone()[0]
    finally:
        connection.close()


def killed_backups_and_imports(binary):
    folder = demo_folder(binary)
    data = folder + "/data"
    backups = folder + "/backups"
    try:
        for delay in (0.02, 0.05, 0.1, 0.2, 0.3, 0.5):
            process = subprocess.Popen([binary, "backup", "--to", backups, "--data-dir", data], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=ROOT)
            time.sleep(delay)
            process.send_signal(signal.SIGKILL)
            process.wait()
            assert integrity(data + "/hearth.sqlite") == "ok"
            for name in os.listdir(backups) if os.path.exists(backups) else []:
                if re.fullmatch(r"hearth-\d{8}-\d{6}\.tar", name):
                    target = tempfile.mkdtemp(prefix="hearth-e2e-restore-") + "/data"
                    restored = subprocess.run([binary, "restore", os.path.join(backups, name), "--data-dir", target], capture_output=True, text=True, cwd=ROOT)
                    assert restored.returncode == 0, f"{name} is under its final name but does not restore: {restored.stderr}"
                    shutil.rmtree(os.path.dirname(target), ignore_errors=True)
            time.sleep(1.01)  # archive names have seconds
        done = subprocess.run([binary, "backup", "--to", backups, "--data-dir", data], capture_output=True, text=True, cwd=ROOT)
        assert done.returncode == 0 and "Verified" in done.stdout, done.stdout + done.stderr
        assert not [n for n in os.listdir(backups) if n.endswith(".partial")], "the next backup cleared what a killed one left"
        latest = sorted(n for n in os.listdir(backups) if n.endswith(".tar"))[-1]
        target = folder + "/restored"
        restored = subprocess.run([binary, "restore", os.path.join(backups, latest), "--data-dir", target], capture_output=True, text=True, cwd=ROOT)
        assert restored.returncode == 0, restored.stderr
        def counts(path):
            connection = sqlite3.connect(path)
            try:
                tables = [r[0] for r in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")]
                return {t: connection.execute(f'SELECT count(*) FROM "{t}"').fetchone()[0] for t in tables}
            finally:
                connection.close()
        assert counts(target + "/hearth.sqlite") == counts(data + "/hearth.sqlite"), "the restored database has every row"
        # A restore while a server holds the folder is refused, and says why.
        listing = subprocess.run([binary, "restore", os.path.join(backups, latest), "--data-dir", data], capture_output=True, text=True, cwd=ROOT)
        assert listing.returncode == 0  # no server: allowed
        # An import killed part way: the database stays sound, and the import run again completes.
        csv = Path(folder) / "drugs.csv"
        with csv.open("w", encoding="utf-8") as out:
            out.write("ITEM_SEQ,ITEM_NAME,ENTP_NAME\n")
            for index in range(200_000):
                out.write(f"{200000000 + index},Medicine {index},Company {index % 97}\n")
        for delay in (0.2, 0.6):
            process = subprocess.Popen([binary, "import", "medicines", str(csv), "--data-dir", data], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=ROOT)
            time.sleep(delay)
            process.send_signal(signal.SIGKILL)
            process.wait()
            assert integrity(data + "/hearth.sqlite") == "ok"
        again = subprocess.run([binary, "import", "medicines", str(csv), "--data-dir", data], capture_output=True, text=True, cwd=ROOT)
        assert again.returncode == 0, again.stdout + again.stderr
        connection = sqlite3.connect(data + "/hearth.sqlite")
        try:
            imported = connection.execute("SELECT count(*) FROM medicine WHERE name LIKE 'Medicine %'").fetchone()[0]
        finally:
            connection.close()
        assert imported == 200_000, imported
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def run(check, server_class, browser, binary, shots):
    check("reports printed at A4 and Letter: page sizes, page counts, no chart across a page edge", reports_in_print, browser, binary, server_class, shots)
    check("the gallery at phone and desktop size; an animated GIF made, kept and starred", gallery_in_the_browser, browser, binary, server_class, shots)
    check("kill -9 during hearth backup and hearth import medicines: a sound database, no half archive", killed_backups_and_imports, binary)
