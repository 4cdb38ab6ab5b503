"""Reminders pushed to a phone and answered from the notification, checked by code nobody here
wrote: a stand-in push service on loopback, written with pywebpush's http_ece and cryptography,
verifies each message's VAPID signature and decrypts it with the subscription's private key and
auth secret (201, 410 and 429 by address); Chromium's own service worker is handed the message
through CDP's ServiceWorker.deliverPushMessage and shows it; the notification's button is then
run as the worker runs it, and the dose is found given once, "(알림에서)"."""

import base64
import json
import os
import re
import threading
import time
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import http_ece
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, utils

from accessibility import violations

PASSWORD = "correct horse battery"
PHONE = {"width": 390, "height": 844}


def b64(text):
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def unpadded(data):
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


class Browser:
    """A subscription as a browser makes one: a P-256 key pair and a 16-byte auth secret."""

    def __init__(self, endpoint):
        self.endpoint = endpoint
        self.key = ec.generate_private_key(ec.SECP256R1())
        self.auth = os.urandom(16)
        self.p256dh = unpadded(self.key.public_key().public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint))


class PushService:
    """The stand-in: `/gone/…` answers 410, `/slow/…` 429, anything else 201, once the VAPID
    header verified for this origin; each message to a known browser is decrypted and kept."""

    def __init__(self):
        self.browsers = {}
        self.received = []
        self.problems = []
        service = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args):
                pass

            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
                try:
                    service.take(self.path, dict(self.headers), body)
                except Exception as error:  # a message that does not verify or decrypt is a failure of the run
                    service.problems.append(f"{self.path}: {error!r}")
                status = 410 if self.path.startswith("/gone/") else 429 if self.path.startswith("/slow/") else 201
                self.send_response(status)
                self.send_header("Content-Length", "0")
                self.end_headers()

        class Quiet(ThreadingHTTPServer):
            def handle_error(self, request, address):
                pass  # a client closing its kept-alive connection is not news

        self.server = Quiet(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def subscribe(self, path):
        browser = Browser(self.url + path)
        self.browsers[path] = browser
        return browser

    def take(self, path, headers, body):
        headers = {k.lower(): v for k, v in headers.items()}
        fields = dict(part.strip().split("=", 1) for part in headers["authorization"][len("vapid "):].split(","))
        signed, signature = fields["t"].rsplit(".", 1)
        raw = b64(signature)
        public = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), b64(fields["k"]))
        public.verify(utils.encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big")), signed.encode(), ec.ECDSA(hashes.SHA256()))
        claims = json.loads(b64(signed.split(".")[1]))
        assert claims["aud"] == self.url and claims["exp"] > time.time(), claims
        assert headers["content-encoding"] == "aes128gcm" and headers["urgency"] == "high" and int(headers["ttl"]) > 0, headers
        assert 0 < len(headers["topic"]) <= 32, headers
        browser = self.browsers[path]
        message = json.loads(http_ece.decrypt(body, private_key=browser.key, auth_secret=browser.auth, version="aes128gcm"))
        self.received.append((path, message))

    def wait(self, path, seconds=75):
        ends = time.monotonic() + seconds
        while time.monotonic() < ends:
            found = [message for to, message in self.received if to == path]
            if found:
                return found
            time.sleep(0.5)
        raise AssertionError(f"nothing pushed to {path} in {seconds} s; problems: {self.problems}")

    def stop(self):
        self.server.shutdown()


def set_up(server):
    """A Korean household in Asia/Seoul, its owner 엄마 (`mina`); the owner's cookie."""
    status, body, headers = server.request("GET", "/setup")
    token = re.search(r'name="_csrf" value="([0-9a-f]+)"', body).group(1)
    anonymous = [v for k, v in headers if k.lower() == "set-cookie"][0].split(";")[0]
    form = urllib.parse.urlencode({
        "_csrf": token, "household_name": "우리 집", "time_zone": "Asia/Seoul", "language": "ko", "username": "mina",
        "display_name": "엄마", "password": PASSWORD, "password_confirm": PASSWORD})
    status, _, headers = server.post_setup(form, anonymous)
    assert status == 303, status


def reminders_to_the_phone(browser, server, shots):
    service = PushService()
    try:
        set_up(server)
        context = browser.new_context(viewport=PHONE, locale="ko-KR", timezone_id="Asia/Seoul", extra_http_headers={"Accept-Language": "ko-KR,ko;q=0.9"})
        context.grant_permissions(["notifications"], origin=server.url)
        page = context.new_page()
        page.goto(server.url + "/login")
        page.fill("input[name=username]", "mina")
        page.fill("input[name=password]", PASSWORD)
        page.click("button[type=submit]")
        page.goto(server.url + "/pets/new")
        page.fill("#name", "보리")
        page.click("main button.primary")
        page.click("#medicines a[href*='/regimens/new']")
        page.fill("#name", "심장약")
        page.fill("#item_1_name", "피모벤단")
        page.fill("#item_1_amount", "1")
        page.fill("#item_1_unit", "정")
        page.fill("#time_1", "08:00")
        page.click("main button.primary")
        page.wait_for_load_state()
        assert "심장약" in page.inner_text("h1"), page.inner_text("main")[:800]

        # The phone's subscriptions, posted through /me's own form (its CSRF token, its checks).
        phone, old, busy = service.subscribe("/ok/mina"), service.subscribe("/gone/mina-old"), service.subscribe("/slow/mina-tablet")
        for device in (phone, old, busy):
            page.goto(server.url + "/me")
            with page.expect_navigation():
                page.evaluate(
                    """d => { const f = document.querySelector('form.push-on'); f.elements.endpoint.value = d.endpoint;
                    f.elements.p256dh.value = d.p256dh; f.elements.auth.value = d.auth; f.elements.label.value = d.label; f.submit(); }""",
                    {"endpoint": device.endpoint, "p256dh": device.p256dh, "auth": unpadded(device.auth), "label": "Android · Chrome"})
        assert page.locator("ul.devices li").count() == 3, page.inner_text("ul.devices")

        pushed = service.wait("/ok/mina")
        assert not service.problems, service.problems
        message = pushed[0]
        assert message["title"] == "08:00 할 일", message
        assert message["body"] == "08:00 — 보리: 심장약 — 피모벤단 1정", message
        assert [a["title"] for a in message["actions"]] == ["줬어요", "10분 뒤"], message
        given = message["actions"][0]["url"]
        assert message["url"] == given, "a tap (iOS: the only way) opens the dose with its one button"
        time.sleep(1)
        page.goto(server.url + "/me")
        listed = page.inner_text("ul.devices")
        assert page.locator("ul.devices li").count() == 2, f"410: the old browser is forgotten, 429: the tablet waits\n{listed}"

        # Chromium's own service worker shows it, with its buttons.
        cdp = context.new_cdp_session(page)
        registrations = []
        cdp.on("ServiceWorker.workerRegistrationUpdated", lambda event: registrations.extend(event["registrations"]))
        cdp.send("ServiceWorker.enable")
        page.evaluate("navigator.serviceWorker.ready.then(() => true)")
        ends = time.monotonic() + 10
        while not registrations and time.monotonic() < ends:
            page.wait_for_timeout(200)
        registration = next(r for r in registrations if not r.get("isDeleted"))
        cdp.send("ServiceWorker.deliverPushMessage", {"origin": server.url, "registrationId": registration["registrationId"], "data": json.dumps(message, ensure_ascii=False)})
        shown = []
        ends = time.monotonic() + 10
        while not shown and time.monotonic() < ends:
            page.wait_for_timeout(300)
            shown = page.evaluate("""navigator.serviceWorker.ready.then(r => r.getNotifications()).then(ns => ns.map(n =>
                ({title: n.title, body: n.body, actions: n.actions.map(a => a.title), url: n.data && n.data.url})))""")
        assert shown and shown[0]["title"] == "08:00 할 일" and shown[0]["body"] == "08:00 — 보리: 심장약 — 피모벤단 1정", shown
        assert shown[0]["actions"] == ["줬어요", "10분 뒤"] and shown[0]["url"] == given, shown

        # The tap on iOS: the dose with one button; then the button, as the worker posts it.
        assert server.process.poll() is None, "the server is still up"
        page.goto(server.url + given)
        page.screenshot(path=str(shots / "ko-reminder-answer-phone.png"), full_page=True)
        assert "버튼을 누르면 기록돼요" in page.inner_text("main") and page.locator("main form button").count() == 1
        found = violations(page)
        assert not found, found
        post = "url => fetch(url, {method: 'POST', credentials: 'same-origin'}).then(r => r.status)"
        assert page.evaluate(post, given) == 200
        assert page.evaluate(post, given) == 410, "used once"
        assert page.evaluate(post, message["actions"][1]["url"]) == 409, "the dose is marked: 'later' says by whom"
        page.goto(server.url + "/doses")
        # The dose given from the notification is folded with the day's done ones: opened, it says so.
        page.locator("details.doses-done summary").click()
        doses = page.inner_text("main")
        assert doses.count("(알림에서)") == 1 and "엄마님이" in doses, doses[:1500]
        page.screenshot(path=str(shots / "ko-doses-from-reminder-phone.png"), full_page=True)
        context.close()
    finally:
        service.stop()


def run(check, Server, browser, binary, shots):
    server = Server(binary, clock="2026-11-28T07:59:40+09:00", flags=["--push-services-may-be-local"])
    try:
        check("a reminder pushed to the phone, shown by Chromium's service worker, answered '줬어요' from it once (Korean phone)",
              reminders_to_the_phone, browser, server, shots)
    finally:
        server.cleanup()
