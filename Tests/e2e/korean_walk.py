"""The Korean walk: a seeded household read by a Korean member in a Korean browser
(Accept-Language ko-KR, Asia/Seoul), at a phone's size and a desktop's. It follows every link
from the navigation and the pages it reaches, and fails on a raw string key, on `Optional(`,
on a string missing from the Korean files (Templates/i18n/ko/) (the server runs with HEARTH_STRICT_STRINGS=1), and on a
Latin-letter word that is neither a unit or abbreviation a Korean page uses nor a name the
household typed. axe-core checks each page; the main pages are photographed."""

import os
import re
import sqlite3
import tempfile
import urllib.parse

import demo
from accessibility import violations

# Words a Korean page may show in Latin letters: units, abbreviations, formats, the product's
# own name, the vaccine abbreviations vets write as they are, the phone makers' words Koreans
# write in Latin letters (Wi-Fi, Safari, Chrome), and commands typed as they are (make run, hearth serve).
ALLOWED = {
    "hearth", "kg", "g", "lb", "ml", "l", "kcal", "km", "mg", "mm", "cm", "fl", "oz", "pdf", "csv", "json", "jsonld", "ics", "tar",
    "icalendar", "url", "https", "http", "ntfy", "webhook", "heic", "heif", "avif", "webp", "jpeg", "jpg", "png", "gif", "gb", "mb",
    "kb", "sqlite", "id", "os", "ios", "android", "iphone", "apple", "health", "google", "fit", "zip", "xml", "qr", "sha", "utf",
    "dapp", "dhppl", "fvrcp", "felv", "rhd", "rhdv", "myxo", "am", "pm", "a4", "letter", "ok", "vs", "ld",
    "cp", "exif", "usb", "html", "cookrcp", "english", "manifest", "wsava", "aaha", "post", "krw", "usd", "eur", "gbp", "jpy",
    "wi", "fi", "safari", "chrome", "ipad", "make", "run", "serve",
    # The API's and Home Assistant's own names: its description's format, its files and folders.
    "api", "openapi", "restful", "nfc", "yaml", "config", "packages",
    # Written as they are in Korean: the drug-safety service (DUR), the grid's TM, a pill's printed mark in an example.
    "dur", "tm", "yh",
    # The animal hospital chain the flags' help cites (its name is its letters).
    "vca",
    # The medication chart's name in care homes and nursing (Medication Administration Record).
    "mar",
    # Trackers: the units doctors and vets write as they are, and the bodies whose guidelines the help cites.
    "dl", "mmhg", "mmol", "bpm", "acvim", "esh", "nice", "ng",
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
    context, page = sign_in_korean(browser, server, viewport)
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


# A small list shaped as the public DUR list of pairs (병용금기), and the permit list's rows of
# the two products that hold them.
DUR_PAIRS = """DUR성분코드,DUR성분명,DUR성분명영문,병용금기DUR성분코드,병용금기DUR성분명,병용금기DUR성분명영문,고시일자,금기내용
D000027,심바스타틴,simvastatin,D000573,클래리트로마이신,clarithromycin,20081212,횡문근융해증 위험 증가
"""
DRUGS = """ITEM_SEQ,ITEM_NAME,ENTP_NAME,ITEM_INGR_NAME,SPCLTY_PBLC
300001,심바스트정10밀리그램,한국제약,[M040534]심바스타틴,전문의약품
300002,클래리정250밀리그램,대한제약,클래리트로마이신 250mg,전문의약품
"""


def sign_in_korean(browser, server, viewport):
    """The demo member in a Korean browser: the demo household is English, so the member chooses Korean for themselves."""
    context = demo.context(browser, server, viewport=viewport, locale="ko-KR", timezone_id="Asia/Seoul", extra_http_headers={"Accept-Language": "ko-KR,ko;q=0.9"})
    page = context.new_page()
    page.goto(server.url + "/login")
    page.fill("input[name=username]", "demo")
    page.fill("input[name=password]", "demo-household")
    page.click("button[type=submit]")
    page.goto(server.url + "/me")
    page.select_option("select[name=language]", "ko")
    page.click("form[action='/me'] button[type=submit]")
    return context, page


def safety(browser, server, data, shots):
    """On a Korean phone: the DUR list and two products imported from the medicines page, a
    regimen that meets another's ingredient warned of before saving and saved when confirmed,
    the warning on the person's page; then the search box in the header finds it."""
    context, page = sign_in_korean(browser, server, {"width": 390, "height": 844})
    typed = household_words(data)
    folder = tempfile.mkdtemp(prefix="hearth-dur-")
    failures = []
    for name, text in (("병용금기.csv", DUR_PAIRS), ("의약품.csv", DRUGS)):
        path = os.path.join(folder, name)
        with open(path, "w", encoding="utf-8") as file:
            file.write(text)
        page.goto(server.url + "/medicines")
        page.set_input_files("form[action='/medicines/import'] input[type=file]", path)
        page.click("form[action='/medicines/import'] button[type=submit]")
        page.wait_for_selector("p.notice[role=status]", timeout=20000)
    with sqlite3.connect(os.path.join(data, "hearth.sqlite")) as db:
        person = db.execute("SELECT id, name FROM subject WHERE kind = 'person' AND archived_at IS NULL ORDER BY id LIMIT 1").fetchone()
        simva = db.execute("SELECT id FROM medicine WHERE list_key = 'drug:300001'").fetchone()[0]
        clari = db.execute("SELECT id FROM medicine WHERE list_key = 'drug:300002'").fetchone()[0]
    for name, medicine in (("콜레스테롤 약", simva), ("기관지염 항생제", clari)):
        page.goto(f"{server.url}/regimens/new?subject={person[0]}&medicine={medicine}")
        page.fill("input[name=name]", name)
        page.fill("input[name=item_1_unit]", "정")
        page.click("form[action='/regimens'] button[type=submit]")
    # The second was asked about first: the warning, then saved as the doctor decided.
    assert "심바스타틴 + 클래리트로마이신" in page.inner_text("main"), page.inner_text("main")[:2000]
    page.screenshot(path=str(shots / "ko-interaction-warning-phone.png"), full_page=True)
    failures += [f"regimen form: {p}" for p in problems_on(page, typed) + violations(page)]
    page.click("form[action='/regimens'] button[type=submit]")
    assert "/regimens/" in page.url and "기관지염 항생제" in page.inner_text("h1"), page.url
    page.goto(f"{server.url}/people/{person[0]}")
    assert "횡문근융해증 위험 증가" in page.inner_text("main")
    page.locator(".interactions").screenshot(path=str(shots / "ko-interaction-person-phone.png"))
    failures += [f"person page: {p}" for p in problems_on(page, typed) + violations(page)]

    # The header's box: a word of a Korean drug name and a word of the household's records.
    for word, expected in (("클래리", "기관지염 항생제"), ("산책", "산책·놀이")):
        page.fill("#site-q", word)
        page.press("#site-q", "Enter")
        page.wait_for_url("**/search?q=*")
        text = page.inner_text("main")
        assert "찾은 결과가 없어요" not in text, f"{word}: nothing found"
        if expected:
            assert expected in text, text[:1500]
        failures += [f"search {word}: {p}" for p in problems_on(page, typed) + violations(page)]
    page.screenshot(path=str(shots / "ko-search-phone.png"), full_page=True)
    context.close()
    assert not failures, "\n  ".join(failures)



def history_and_bin(browser, server, data, shots):
    """On a Korean phone: a weighing edited twice and deleted, found in 휴지통, put back on
    its timeline, and its change log read in Korean, old → new, with who."""
    context, page = sign_in_korean(browser, server, {"width": 390, "height": 844})
    page.on("dialog", lambda dialog: dialog.accept())
    typed = household_words(data)
    failures = []
    with sqlite3.connect(os.path.join(data, "hearth.sqlite")) as db:
        record, pet, name = db.execute(
            "SELECT e.id, s.id, s.name FROM entry e JOIN subject s ON s.id = e.subject_id"
            " WHERE e.kind = 'weight' AND e.deleted_at IS NULL AND e.together_id IS NULL AND s.kind = 'pet'"
            " ORDER BY e.occurred_at DESC LIMIT 1").fetchone()
    for note in ("첫 번째 고침", "두 번째 고침"):
        page.goto(f"{server.url}/records/{record}/edit")
        page.fill("textarea[name=note]", note)
        page.click("form.record-form button.primary, .record-form form button[type=submit].primary")
        page.wait_for_load_state()
    page.goto(f"{server.url}/pets/{pet}/timeline")
    page.click(f"button[formaction='/records/{record}/delete']")
    page.wait_for_load_state()
    page.goto(server.url + "/bin")
    text = page.inner_text("main")
    assert "휴지통" in text and name in text and "체중" in text, text[:1500]
    page.screenshot(path=str(shots / "ko-bin-phone.png"), full_page=True)
    failures += [f"bin: {p}" for p in problems_on(page, typed) + violations(page)]
    row = page.locator("ul.bin li", has_text=name).filter(has_text="체중").first
    row.locator("button[type=submit]").click()
    page.wait_for_load_state()
    assert "되돌렸" in page.inner_text("main"), page.inner_text("main")[:1500]
    with sqlite3.connect(os.path.join(data, "hearth.sqlite")) as db:
        assert db.execute("SELECT deleted_at FROM entry WHERE id = ?", (record,)).fetchone()[0] is None
    page.goto(f"{server.url}/records/{record}/edit")
    log = page.inner_text("ol.history")
    for words in ("메모 없음 → 첫 번째 고침", "첫 번째 고침 → 두 번째 고침", "휴지통으로", "되돌림"):
        assert words in log, log
    assert "Demo" in log or "데모" in log, log
    page.locator("ol.history").screenshot(path=str(shots / "ko-record-history-phone.png"))
    failures += [f"record history: {p}" for p in problems_on(page, typed) + violations(page)]
    context.close()
    assert not failures, "\n  ".join(failures)


def run(check, Server, browser, binary, shots, size):
    """The walk at one size (run.py runs the two side by side, each on a copy of the demo); the
    phone's run also tries the medicines' safety and a record's history and bin."""
    folder = demo.folder(binary, years=1, photos=False)
    data = os.path.join(folder, "data")
    server = Server(binary, data=folder, clock=demo.clock(12, 0))
    try:
        if size == "phone":
            check("medicine interactions and search, on a Korean phone", safety, browser, server, data, shots)
            check("a weighing edited twice, deleted, put back from 휴지통, its history read, on a Korean phone", history_and_bin, browser, server, data, shots)
        viewport = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 800}}[size]
        check(f"the Korean walk: every page a Korean member reaches, in Korean ({size})", walk, browser, server, data, size, viewport, shots)
    finally:
        server.cleanup()
