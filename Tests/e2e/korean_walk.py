"""The Korean walk: a seeded household read by a Korean member in a Korean browser
(Accept-Language ko-KR, Asia/Seoul), at a phone's size and a desktop's. It follows every link
from the navigation and the pages it reaches, and fails on a raw string key, on `Optional(`,
on a string missing from the Korean files (Templates/i18n/ko/) (the server runs with HEARTH_STRICT_STRINGS=1), and on a
Latin-letter word that is neither a unit or abbreviation a Korean page uses nor a name the
household typed. axe-core checks each page; the main pages are photographed."""

import os
import re
import sqlite3
import subprocess
import tempfile
import urllib.parse

from accessibility import violations

# Words a Korean page may show in Latin letters: units, abbreviations, formats, the product's
# own name, the vaccine abbreviations vets write as they are, the phone makers' words Koreans
# write in Latin letters (Wi-Fi, Safari, Chrome), and commands typed as they are (make run, hearth serve).
ALLOWED = {
    "hearth", "kg", "g", "lb", "ml", "l", "kcal", "km", "mg", "mm", "cm", "fl", "oz", "pdf", "csv", "json", "jsonld", "ics",
    "icalendar", "url", "https", "http", "ntfy", "webhook", "heic", "heif", "avif", "webp", "jpeg", "jpg", "png", "gif", "gb", "mb",
    "kb", "sqlite", "id", "os", "ios", "android", "iphone", "apple", "health", "google", "fit", "zip", "xml", "qr", "sha", "utf",
    "dapp", "dhppl", "fvrcp", "felv", "rhd", "rhdv", "myxo", "am", "pm", "a4", "letter", "ok", "vs", "ld",
    "cp", "exif", "usb", "html", "cookrcp", "english", "manifest", "wsava", "aaha", "post", "krw", "usd", "eur", "gbp", "jpy",
    "wi", "fi", "safari", "chrome", "ipad", "make", "run", "serve",
    # The API's and Home Assistant's own names: its description's format, its files and folders.
    "api", "openapi", "restful", "nfc", "yaml", "config", "packages",
}
RAW_KEY = re.compile(r"(?<![\w/.@:-])[a-z][a-z0-9_]*\.[a-z0-9_]+\.[a-z0-9_.]*[a-z0-9_](?![\w/-])")
LATIN_WORD = re.compile(r"[A-Za-z][A-Za-z]+")
SKIPPED = re.compile(r"/logout|/photos/|/feeds/|/settings/export/|/settings/backups/hearth-|[?&](pdf|download|print)=|/file$|\.(ics|csv|json|jsonld|yaml)$|/status$|/export$")
PAGES = 160


def household_words(data):
    """Every Latin word in what the household typed: names, notes, foods, clinics, medicines."""
    words = set()
    with sqlite3.connect(os.path.join(data, "hearth.sqlite")) as db:
        for (table,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '%fts%'"):
            columns = [row[1] for row in db.execute(f'PRAGMA table_info("{table}")') if (row[2] or "").upper() in ("TEXT", "")]
            for column in columns:
                for (value,) in db.execute(f'SELECT DISTINCT "{column}" FROM "{table}" WHERE typeof("{column}") = \'text\' LIMIT 5000'):
                    words.update(w.lower() for w in LATIN_WORD.findall(value))
    return words


def shape(url):
    """Pages of one kind: numbers and query values do not make a new kind."""
    parts = urllib.parse.urlsplit(url)
    return re.sub(r"\d+", "#", parts.path) + "?" + ",".join(sorted(urllib.parse.parse_qs(parts.query)))


# Not read as Korean: commands and code, the time zones' IANA names, text marked as another
# language (a guideline's English title in <cite lang="en">).
FOREIGN = "code, pre, select[name=time_zone], [lang]:not([lang^=ko])"


def problems_on(page, typed):
    text = page.evaluate("""(foreign) => {
        let text = document.body.innerText;
        for (const e of document.querySelectorAll(foreign)) text = text.split(e.innerText).join(' ');
        return text + '\\n' + Array.from(document.querySelectorAll('[aria-label],[title],[placeholder],[alt]'))
            .map(e => [e.getAttribute('aria-label'), e.getAttribute('title'), e.getAttribute('placeholder'), e.getAttribute('alt')].filter(Boolean).join(' ')).join('\\n');
    }""", FOREIGN)
    text = re.sub(r"\w+://\S+", " ", text)
    # File names are names: export.zip, hearth.sqlite.
    text = re.sub(r"[\w-]+\.(zip|xml|csv|json|jsonld|ics|tar|jpg|jpeg|png|heic|pdf|sqlite)\b", " ", text)
    found = []
    if "⟦missing" in text:
        found += sorted(set(re.findall(r"⟦missing [a-z]+: [^⟧]+⟧", text)))
    if "Optional(" in text:
        found.append("Optional(")
    found += [f"raw key {key}" for key in sorted(set(RAW_KEY.findall(text)))]
    english = sorted({w for w in LATIN_WORD.findall(text) if w.lower() not in ALLOWED and w.lower() not in typed})
    if english:
        found.append("Latin words: " + " ".join(english[:25]))
    return found


def walk(browser, server, data, size, viewport, shots):
    context = browser.new_context(viewport=viewport, locale="ko-KR", timezone_id="Asia/Seoul", extra_http_headers={"Accept-Language": "ko-KR,ko;q=0.9"})
    page = context.new_page()
    page.goto(server.url + "/login")
    page.fill("input[name=username]", "demo")
    page.fill("input[name=password]", "demo-household")
    page.click("button[type=submit]")
    # A Korean member: the demo household is English, so the member chooses Korean for themselves.
    page.goto(server.url + "/me")
    page.select_option("select[name=language]", "ko")
    page.click("form[action='/me'] button[type=submit]")
    typed = household_words(data)
    queue, seen_shapes, failures, visited, done = ["/"], {}, [], 0, set()
    nav = None
    while queue and visited < PAGES:
        path = queue.pop(0)
        if path in done:
            continue
        done.add(path)
        response = page.goto(server.url + path)
        visited += 1
        if response is None or response.status >= 400 or "text/html" not in (response.headers.get("content-type") or ""):
            if response is not None and response.status >= 500:
                failures.append(f"{path}: {response.status}")
            continue
        for problem in problems_on(page, typed):
            failures.append(f"{path}: {problem}")
        for problem in violations(page):
            failures.append(f"{path}: {problem}")
        if nav is None:
            nav = set(page.eval_on_selector_all("nav a[href^='/']", "links => links.map(a => a.getAttribute('href'))"))
        if path == "/" or path in nav:
            slug = re.sub(r"[^a-z0-9]+", "-", path.strip("/")) or "home"
            page.screenshot(path=str(shots / f"ko-{slug}-{size}.png"), full_page=True)
        for href in page.eval_on_selector_all("a[href^='/']", "links => links.map(a => a.getAttribute('href'))"):
            href = href.split("#")[0]
            if not href or SKIPPED.search(href):
                continue
            key = shape(href)
            if seen_shapes.get(key, 0) >= 2 or href in queue or href in done:
                continue
            seen_shapes[key] = seen_shapes.get(key, 0) + 1
            queue.append(href)
    context.close()
    print(f"Korean walk ({size}): {visited} pages", flush=True)
    assert visited >= 40, f"the walk reached only {visited} pages"
    assert not failures, f"{len(failures)} problems on Korean pages:\n  " + "\n  ".join(failures[:80])


def run(check, Server, browser, binary, shots):
    folder = tempfile.mkdtemp(prefix="hearth-ko-walk-")
    data = os.path.join(folder, "data")
    seeded = subprocess.run([binary, "seed-demo", "--data-dir", data, "--years", "1"], capture_output=True, text=True)
    assert seeded.returncode == 0, seeded.stderr
    server = Server(binary, data=folder)
    try:
        for size, viewport in (("phone", {"width": 390, "height": 844}), ("desktop", {"width": 1280, "height": 800})):
            check(f"the Korean walk: every page a Korean member reaches, in Korean ({size})", walk, browser, server, data, size, viewport, shots)
    finally:
        server.cleanup()
