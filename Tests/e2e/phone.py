"""Hearth on a phone over HTTPS: Chromium trusting the household's certificate authority
through an NSS database (certutil, as a person's phone would after the connect page's steps;
never --ignore-certificate-errors), the app installable, its service worker, and the outbox
of records typed without a connection."""

import http.client
import json
import os
import ssl
import re
import sqlite3
import subprocess
import tempfile
import time
import urllib.parse
import uuid
from pathlib import Path

import zxingcpp
from PIL import Image
from playwright.sync_api import expect

from accessibility import Audit

PASSWORD = "correct horse battery"
PHONE = {"width": 390, "height": 844}


def form(server, path, fields, cookie):
    return server.request("POST", path, urllib.parse.urlencode(fields), {"Content-Type": "application/x-www-form-urlencoded", "Cookie": cookie})


def multipart(server, path, fields, cookie):
    boundary = uuid.uuid4().hex
    body = "".join(f'--{boundary}\r\nContent-Disposition: form-data; name="{k}"\r\n\r\n{v}\r\n' for k, v in fields.items()) + f"--{boundary}--\r\n"
    return server.request("POST", path, body.encode(), {"Content-Type": f"multipart/form-data; boundary={boundary}", "Cookie": cookie})


def token(server, path, cookie):
    return re.search(r'name="_csrf" value="([0-9a-f]+)"', server.request("GET", path, headers={"Cookie": cookie})[1]).group(1)


def household(server):
    """A Korean household in Seoul: 엄마 (the owner, with her own water), 아빠, the cat 토리 and her heart pills due now."""
    status, body, headers = server.request("GET", "/setup")
    csrf = re.search(r'name="_csrf" value="([0-9a-f]+)"', body).group(1)
    anonymous = [v for k, v in headers if k.lower() == "set-cookie"][0].split(";")[0]
    status, _, headers = form(server, "/setup", {
        "_csrf": csrf, "household_name": "우리집", "time_zone": "Asia/Seoul", "language": "ko",
        "username": "mina", "display_name": "엄마", "password": PASSWORD, "password_confirm": PASSWORD}, anonymous)
    assert status == 303, status
    session = [v.split(";")[0] for k, v in headers if k.lower() == "set-cookie" and v.startswith("hearth_session=")][0]
    cookie = anonymous + "; " + session
    csrf = token(server, "/pets/new", cookie)
    status, _, headers = multipart(server, "/pets", {"_csrf": csrf, "name": "토리", "species": "cat"}, cookie)
    assert status == 303, status
    pet = dict(headers)["Location"].rsplit("/", 1)[1]
    status, _, headers = form(server, "/people", {"_csrf": csrf, "name": "엄마", "colour": "teal"}, cookie)
    assert status == 303, status
    person = dict(headers)["Location"].rsplit("/", 1)[1]
    assert form(server, "/accounts", {"_csrf": csrf, "username": "dad", "display_name": "아빠", "password": PASSWORD, "role": "adult"}, cookie)[0] == 303
    # A pill every day a few minutes ago in Seoul, so it is due now whatever the hour this runs.
    now = time.gmtime(time.time() + 9 * 3600 - 300)
    at = f"{now.tm_hour:02d}:{now.tm_min:02d}"
    status, _, headers = form(server, "/regimens", {
        "_csrf": csrf, "subject": pet, "name": "심장약", "item_1_name": "Pimobendan", "item_1_amount": "1", "item_1_unit": "tablet",
        "repeat": "daily", "time_1": at, "start": time.strftime("%Y-%m-%d", time.gmtime(time.time() + 9 * 3600 - 86400)), "end": "none"}, cookie)
    assert status == 303, status
    return {"pet": pet, "person": person, "cookie": cookie, "dose_time": at}


def trusting_home(ca_pem):
    """A HOME whose NSS database trusts the household's authority, as Chromium on Linux reads it."""
    home = tempfile.mkdtemp(prefix="hearth-phone-home-")
    nssdb = Path(home) / ".pki" / "nssdb"
    nssdb.mkdir(parents=True)
    subprocess.run(["certutil", "-d", f"sql:{nssdb}", "-N", "--empty-password"], check=True)
    subprocess.run(["certutil", "-d", f"sql:{nssdb}", "-A", "-t", "C,,", "-n", "Hearth household", "-i", ca_pem], check=True)
    return home


def rows(server, sql):
    database = sqlite3.connect(f"file:{server.data}/data/hearth.sqlite?mode=ro", uri=True)
    try:
        return database.execute(sql).fetchall()
    finally:
        database.close()


def phone_over_https(playwright, server, chromium, shots):
    ids = household(server)
    home = trusting_home(f"{server.data}/data/tls/household-ca.pem")
    # Requests the service worker makes pass through Playwright's routes only with this.
    os.environ["PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS"] = "1"
    browser = playwright.chromium.launch(executable_path=chromium, args=["--no-sandbox"], env={**os.environ, "HOME": home})
    try:
        connect_page(browser, server, shots)
        # A profile of its own (not incognito), as an installed app has.
        profile = tempfile.mkdtemp(prefix="hearth-phone-profile-")
        mom = playwright.chromium.launch_persistent_context(
            profile, executable_path=chromium, args=["--no-sandbox"], env={**os.environ, "HOME": home},
            viewport=PHONE, locale="ko-KR", timezone_id="Asia/Seoul")
        outbox(mom, browser, server, ids, shots)
    finally:
        browser.close()


def connect_page(browser, server, shots):
    """The connect page over plain HTTP: the QR code reads back as the HTTPS address, and the
    check says this browser trusts the household (it does: its NSS database holds the authority)."""
    context = browser.new_context(viewport=PHONE, locale="ko-KR", timezone_id="Asia/Seoul")
    page = context.new_page()
    audit = Audit(page)
    page.goto(server.url + "/login")
    page.click("text=휴대폰 연결 (HTTPS)")
    expect(page.locator("h1")).to_have_text("휴대폰 연결")
    expect(page.locator("#trust-check")).to_have_class(re.compile("yes"), timeout=10000)
    expect(page.locator("#trust-check")).to_contain_text("신뢰해요")
    svg = page.locator(".qr svg")
    svg.screenshot(path=shots / "phone-qr.png")
    found = zxingcpp.read_barcodes(Image.open(shots / "phone-qr.png"))
    assert [b.text for b in found] == [server.https_url + "/"], [b.text for b in found]
    audit.shot(path=shots / "phone-connect-ko.png", full_page=True)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"connect page is {width}px wide"
    # The certificate and the iPhone profile download; the key is nowhere.
    with page.expect_download() as download:
        page.click("text=프로파일 내려받기")
    profile = Path(download.value.path()).read_text()
    assert "com.apple.security.root" in profile and "PRIVATE" not in profile
    context.close()


def sign_in(page, server, username):
    page.goto(server.https_url + "/login")
    page.fill("#username", username)
    page.fill("#password", PASSWORD)
    page.click("main button.primary")
    expect(page.locator("h1")).not_to_have_text("로그인")


def outbox(mom, browser, server, ids, shots):
    pet, person = ids["pet"], ids["person"]
    page = mom.pages[0] if mom.pages else mom.new_page()
    audit = Audit(page)
    errors = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" and "Failed to load resource" not in m.text else None)
    sign_in(page, server, "mina")
    # Installable: Chromium's own verdict on the manifest, icons and service worker.
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.reload()
    assert page.evaluate("navigator.serviceWorker.controller !== null"), "the service worker controls the page"
    cdp = mom.new_cdp_session(page)
    manifest = cdp.send("Page.getAppManifest")
    assert not manifest.get("errors"), manifest.get("errors")
    parsed = page.evaluate("fetch('/manifest.webmanifest').then(r => r.json())")
    assert parsed["display"] == "standalone" and parsed["lang"] == "ko" and len(parsed["shortcuts"]) == 4, parsed
    assert {i["purpose"] for i in parsed["icons"]} == {"any", "maskable"} and {"192x192", "512x512"} <= {i["sizes"] for i in parsed["icons"]}
    installable = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    assert installable == [], installable
    audit.shot(path=shots / "phone-app-start.png", full_page=False)

    # Pages opened while connected are kept: home, doses, 토리's page and her meal form.
    for path in ["/", "/doses", f"/pets/{pet}", f"/pets/{pet}/records/new?kind=meal", f"/people/{person}"]:
        page.goto(server.https_url + path)
    dad = browser.new_context(viewport=PHONE, locale="ko-KR", timezone_id="Asia/Seoul")
    dad_page = dad.new_page()
    sign_in(dad_page, server, "dad")
    # Dad reads Hearth in English: the connect page as he sees it over HTTPS.
    dad_page.goto(server.https_url + "/me")
    dad_page.select_option("#language", "en")
    dad_page.locator("form[action='/me'] button[type=submit]").first.click()
    dad_page.goto(server.https_url + "/connect")
    expect(dad_page.locator("#trust-check")).to_contain_text("connected securely")
    Audit(dad_page).shot(path=shots / "phone-connect-en.png", full_page=True)
    dad_page.goto(server.https_url + "/doses")
    dad_page.reload()

    # The garden: no Wi-Fi. A cup of water, a meal and the pill, all typed offline.
    mom.set_offline(True)
    dad.set_offline(True)
    # A page never opened: the offline page says so.
    page.goto(server.https_url + "/recipes")
    expect(page.locator("h1")).to_have_text("Hearth에 연결되지 않았어요")
    audit.shot(path=shots / "phone-offline-page.png", full_page=False)
    page.goto(server.https_url + "/")
    expect(page.locator("#outbox .outbox-kept")).to_contain_text("오프라인")
    page.click("#water button.primary")
    expect(page.locator("#outbox .outbox-waiting")).to_contain_text("보낼 기록 1개")
    page.goto(server.https_url + f"/pets/{pet}/records/new?kind=meal")
    page.fill("#new_food_name", "참치 파우치")
    page.fill("#amount", "40")
    typed_meal = time.time()
    page.click("main button.primary")
    expect(page.locator("#outbox .outbox-waiting")).to_contain_text("보낼 기록 2개")
    page.goto(server.https_url + "/doses")
    page.locator("form[action^='/doses/mark'] button[value=given]").first.click()
    expect(page.locator("#outbox .outbox-waiting")).to_contain_text("3")
    dad_page.locator("form[action^='/doses/mark'] button[value=given]").first.click()
    expect(dad_page.locator("#outbox .outbox-waiting")).to_contain_text("1 record waiting to be sent")
    audit.shot(path=shots / "phone-outbox-waiting.png", full_page=False)
    assert rows(server, "SELECT count(*) FROM dose")[0][0] == 0
    assert rows(server, "SELECT count(*) FROM meal_entry")[0][0] == 0

    # Back in the house: Mom's phone sends first, then Dad's, who is told who gave the pill.
    time.sleep(2)
    mom.set_offline(False)
    page.evaluate("window.dispatchEvent(new Event('online'))")
    expect(page.locator("#outbox .outbox-sent")).to_have_count(3, timeout=15000)
    expect(page.locator("#outbox .outbox-waiting")).to_have_count(0)
    dad.set_offline(False)
    dad_page.evaluate("window.dispatchEvent(new Event('online'))")
    expect(dad_page.locator("#outbox .outbox-refused")).to_contain_text("given by 엄마 at", timeout=15000)
    Audit(dad_page).shot(path=shots / "phone-outbox-already-given.png", full_page=False)
    assert rows(server, "SELECT count(*) FROM dose")[0][0] == 1
    assert rows(server, "SELECT count(*) FROM meal_entry")[0][0] == 1
    assert water(server, person) == 250, water(server, person)
    # The meal is at the minute it was typed, not when it arrived (two seconds later, at least).
    occurred = rows(server, "SELECT strftime('%s', occurred_at) FROM entry e JOIN meal_entry m ON m.entry_id = e.id")[0][0]
    assert abs(int(occurred) - typed_meal) < 90, (occurred, typed_meal)

    # A reply lost on the way back: the server wrote, the phone never heard; the outbox sends
    # again with the same key and there is still one cup more, not two.
    before = water(server, person)
    lost = {"count": 0}

    authority = ssl.create_default_context(cafile=f"{server.data}/data/tls/household-ca.pem")

    def drop_reply(route):
        lost["count"] += 1
        if lost["count"] == 1:
            # The request reaches the server, which writes; its answer never reaches the phone.
            request = route.request
            target = urllib.parse.urlsplit(request.url)
            connection = http.client.HTTPSConnection("127.0.0.1", server.https_port, context=authority, timeout=10)
            headers = {k: v for k, v in request.all_headers().items() if not k.startswith(":")}
            connection.request(request.method, target.path + "?" + target.query, body=request.post_data_buffer, headers=headers)
            assert connection.getresponse().status == 303
            route.abort("connectionreset")
        else:
            route.continue_()

    mom.route(re.compile(r".*/people/\d+/water.*"), drop_reply)
    page.goto(server.https_url + "/")
    page.click("#water button.primary")
    # It waited in the outbox, which sent it again as soon as the page it came back to opened.
    expect(page.locator("#outbox .outbox-sent")).to_have_count(1, timeout=15000)
    assert lost["count"] == 2, lost
    assert water(server, person) == before + 250, (before, water(server, person))
    mom.unroute(re.compile(r".*/people/\d+/water.*"))

    # A shared tablet: 엄마's session ends without signing out, and 아빠 signs in on it. Her kept
    # pages are forgotten as his first page comes: offline, he sees only what he opened himself.
    tablet = browser.new_context(viewport=PHONE, locale="ko-KR", timezone_id="Asia/Seoul")
    shared = tablet.new_page()
    sign_in(shared, server, "mina")
    shared.evaluate("navigator.serviceWorker.ready.then(() => true)")
    shared.reload()
    shared.goto(server.https_url + f"/people/{person}")
    expect(shared.locator("h1")).to_contain_text("엄마")
    tablet.clear_cookies()
    sign_in(shared, server, "dad")
    shared.goto(server.https_url + "/doses")
    shared.wait_for_timeout(500)
    kept_by = shared.evaluate("caches.keys().then(names => names.filter(n => n.startsWith('hearth-pages')))")
    assert len(kept_by) == 1, kept_by
    tablet.set_offline(True)
    shared.goto(server.https_url + f"/people/{person}")
    expect(shared.locator("h1")).to_have_text("Hearth에 연결되지 않았어요")
    shared.goto(server.https_url + "/doses")
    expect(shared.locator("h1")).not_to_have_text("Hearth에 연결되지 않았어요")
    tablet.close()

    # A fresh phone that opened only home: the pages needed without Wi-Fi are there all the same,
    # the emergency page first among them, and the app's start address.
    fresh = browser.new_context(viewport=PHONE, locale="ko-KR", timezone_id="Asia/Seoul")
    first = fresh.new_page()
    sign_in(first, server, "mina")
    first.evaluate("navigator.serviceWorker.ready.then(() => true)")
    first.reload()
    kept_paths = "caches.keys().then(n => Promise.all(n.filter(k => k.startsWith('hearth-pages')).map(k => caches.open(k).then(c => c.keys())))).then(a => a.flat().map(r => new URL(r.url).pathname))"
    for _ in range(50):
        if {"/emergency", "/doses", "/"} <= set(first.evaluate(kept_paths)):
            break
        first.wait_for_timeout(100)
    fresh.set_offline(True)
    for path, heading in [("/emergency", "응급"), ("/doses", "복용"), ("/?from=app", "안녕하세요")]:
        first.goto(server.https_url + path)
        expect(first.locator("h1")).to_contain_text(heading)
        expect(first.locator("#outbox .outbox-kept")).to_contain_text("오프라인")
    Audit(first).shot(path=shots / "phone-offline-emergency-first-time.png", full_page=False)
    fresh.close()

    # Signing out clears what the phone kept.
    page.goto(server.https_url + "/")
    page.click("nav.main summary")  # on a phone, signing out is the last of More
    page.click("nav.main details button.link")
    expect(page.locator("h1")).to_have_text("로그인")
    kept = page.evaluate("caches.keys().then(names => Promise.all(names.map(n => caches.open(n).then(c => c.keys())))).then(all => all.flat().map(r => r.url))")
    assert not [u for u in kept if "/static/" not in u and "/offline" not in u and "manifest" not in u], kept
    assert not errors, errors
    audit.rest()
    mom.close()
    dad.close()


def water(server, person):
    found = rows(server, f"SELECT coalesce(sum(water_ml), 0) FROM daily_value WHERE subject_id = {person}")
    return found[0][0]


def run(check, server_class, playwright, binary, chromium, shots):
    server = server_class(binary, https=True)
    try:
        check("a phone over HTTPS: connect page and QR, installable app, records typed offline sent once (phone, 한국어)",
              phone_over_https, playwright, server, chromium, shots)
    finally:
        server.cleanup()
