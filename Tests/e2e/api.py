"""Hearth's API as scripts and Home Assistant call it, against the real server on a real
data folder: the description validates (openapi-spec-validator) and is what the server
serves; schemathesis sends its generated cases with a token (no 5xx, every answer as
described); and the Home Assistant package made on its page parses, and every sensor and
command in it answers as Home Assistant calls it — the same method, headers and body, its
templates rendered by Jinja2 as Home Assistant renders them."""

import json
import os
import re
import subprocess
import sys
import tempfile
import urllib.parse
from datetime import datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import jinja2
import yaml
from openapi_spec_validator import validate
from playwright.sync_api import expect

import phone
from accessibility import Audit

ROOT = Path(__file__).resolve().parents[2]
DOCUMENT = ROOT / "Sources" / "HearthAPI" / "openapi.yaml"
PHONE = {"width": 390, "height": 844}
# `make test` runs a bounded number of cases; `make fuzz-api` many more.
EXAMPLES = int(os.environ.get("HEARTH_API_EXAMPLES", "15"))


def make_token(server, cookie, name, scope):
    """A token made on /me as the member would, read off the page that shows it once."""
    csrf = phone.token(server, "/me", cookie)
    status, body, _ = phone.form(server, "/me/tokens", {"_csrf": csrf, "name": name, "scope": scope}, cookie)
    assert status == 200, status
    return re.search(r"hearth_[0-9a-f]{64}", body).group(0)


def call(server, method, path, token, body=None, headers=None):
    headers = {"Authorization": f"Bearer {token}", **(headers or {})}
    if body is not None:
        headers["Content-Type"] = "application/json"
        body = json.dumps(body)
    status, text, _ = server.request(method, path, body, headers)
    return status, (json.loads(text) if text else None)


def description(server, cookie):
    """The document served is the repository's, and it is valid OpenAPI 3.1."""
    token = make_token(server, cookie, "description", "read")
    status, served, headers = server.request("GET", "/api/v1/openapi.yaml", headers={"Authorization": f"Bearer {token}"})
    assert status == 200 and dict(headers)["Content-Type"].startswith("application/yaml"), status
    assert served == DOCUMENT.read_text(encoding="utf-8"), "the server serves the repository's description"
    validate(yaml.safe_load(served))


def fuzz(server, cookie):
    """schemathesis's cases with a read-and-record token: no server error, every answer as described.
    Its check that a wrong token is refused is left to the Swift tests: twenty wrong tokens lock
    the address (as twenty wrong passwords do), which that check would trip."""
    token = make_token(server, cookie, "schemathesis", "record")
    report = Path(tempfile.mkdtemp(prefix="hearth-schemathesis-"))
    command = [
        "schemathesis", "--config-file", str(ROOT / "Tests" / "api" / "schemathesis.toml"), "run", str(DOCUMENT),
        "--url", f"{server.url}/api/v1", "-H", f"Authorization: Bearer {token}", "-n", str(EXAMPLES), "--checks", "all",
        "--exclude-checks", "ignored_auth", "--report", "junit", "--report-dir", str(report), "--no-color",
    ]
    if os.environ.get("HEARTH_API_SEED"):
        command += ["--seed", os.environ["HEARTH_API_SEED"]]
    # In the report folder: schemathesis keeps a cache (.schemathesis/) where it runs.
    run = subprocess.run(command, capture_output=True, text=True, timeout=900, cwd=report)
    summary = "\n".join(run.stdout.splitlines()[-40:])
    print(summary, flush=True)
    assert run.returncode == 0, f"schemathesis found problems:\n{run.stdout[-20000:]}\n{run.stderr[-2000:]}"
    assert re.search(r"\d+ generated", run.stdout), summary


class HomeAssistant:
    """What Home Assistant does with the package: RESTful sensors fetched with their headers and
    read through their value_template; rest_commands sent with their method, headers,
    content_type and payload, url and payload rendered as templates with the call's variables."""

    def __init__(self, package, server):
        self.package = yaml.safe_load(package)
        self.server = server
        self.templates = jinja2.Environment()

    def request(self, method, url, headers, body=None):
        parts = urllib.parse.urlsplit(url)
        assert f"{parts.scheme}://{parts.netloc}" == self.server.url, url
        path = parts.path + (f"?{parts.query}" if parts.query else "")
        return self.server.request(method.upper(), path, body, headers)

    def sensors(self, answered=True):
        """Every sensor's state by name. As Home Assistant 2024.3's RESTful integration does, the
        body is read whatever the status (a revoked token's 401 too), and a sensor whose
        `availability` template is not true is "unavailable"."""
        states = {}
        self.attributes = {}
        for resource in self.package["rest"]:
            status, body, _ = self.request("GET", resource["resource"], resource["headers"])
            assert (status == 200) == answered, (resource["resource"], status, body)
            value_json = json.loads(body)
            for sensor in resource["sensor"]:
                # json_attributes: the answer's keys kept beside the state, for automations to read.
                self.attributes[sensor["name"]] = {key: value_json[key] for key in sensor.get("json_attributes", []) if key in value_json}
                available = sensor.get("availability")
                if available is not None and self.templates.from_string(available).render(value_json=value_json).strip() != "True":
                    states[sensor["name"]] = "unavailable"
                    continue
                states[sensor["name"]] = self.templates.from_string(sensor["value_template"]).render(value_json=value_json).strip()
        return states

    def command(self, name, **variables):
        command = self.package["rest_command"][name]
        url = self.templates.from_string(command["url"]).render(**variables)
        payload = self.templates.from_string(command["payload"]).render(**variables)
        json.loads(payload)  # what Home Assistant sends is JSON
        headers = {**command["headers"], "Content-Type": command["content_type"]}
        status, body, _ = self.request(command.get("method", "get"), url, headers, payload.encode())
        assert 200 <= status < 300, (name, status, body)
        return json.loads(body)


def revoke_tokens(server, ids):
    """엄마 revokes every token on her page, as she would the kitchen tablet's."""
    status, body, _ = server.request("GET", "/me", None, {"Cookie": ids["cookie"]})
    assert status == 200, status
    csrf = re.search(r'name="_csrf" value="([0-9a-f]+)"', body).group(1)
    revoked = 0
    for token_id in sorted(set(re.findall(r'action="/me/tokens/(\d+)/revoke"', body))):
        status, _, _ = phone.form(server, f"/me/tokens/{token_id}/revoke", {"_csrf": csrf}, ids["cookie"])
        assert status == 303, status
        revoked += 1
    assert revoked, "the page lists the tokens"


def home_assistant(browser, server, ids, shots):
    """엄마 makes the package on its page (Korean, phone size), and Home Assistant uses it."""
    context = browser.new_context(viewport=PHONE, locale="ko-KR", timezone_id="Asia/Seoul")
    page = context.new_page()
    audit = Audit(page)
    page.goto(server.url + "/login")
    page.fill("#username", "mina")
    page.fill("#password", phone.PASSWORD)
    page.click("main button.primary")
    expect(page.locator("h1")).not_to_have_text("로그인")

    page.goto(server.url + "/me")
    page.fill("#token-name", "주방 태블릿")
    page.check("input[name=scope][value=record]")
    page.click("#tokens button.primary")
    expect(page.locator("h1")).to_have_text("새 토큰")
    shown = page.input_value("#new-token")
    assert re.fullmatch(r"hearth_[0-9a-f]{64}", shown), shown
    audit.shot(path=str(shots / "api-token-made-phone-ko.png"), full_page=True)
    page.goto(server.url + "/me#tokens")
    expect(page.locator("#tokens")).to_contain_text("주방 태블릿")
    assert shown not in page.content(), "shown once"
    page.locator("#tokens").scroll_into_view_if_needed()
    audit.shot(path=str(shots / "api-tokens-me-phone-ko.png"), full_page=True)

    page.goto(server.url + "/api")
    expect(page.locator("h1")).to_have_text("Hearth API")
    audit.shot(path=str(shots / "api-page-phone-ko.png"), full_page=True)
    page.click("a[href='/api/home-assistant']")
    page.click("main button.primary")
    package = page.input_value("#ha-package")
    with page.expect_download() as saved:
        page.click("a[download]")
    assert saved.value.suggested_filename == "hearth.yaml"
    assert Path(saved.value.path()).read_text(encoding="utf-8") == package, "the file saved is the package shown"
    audit.shot(path=str(shots / "api-home-assistant-phone-ko.png"), full_page=True)
    audit.rest()
    context.close()

    ha = HomeAssistant(package, server)
    names = {sensor["name"] for resource in ha.package["rest"] for sensor in resource["sensor"]}
    assert {"Hearth 지금 먹일 약", "Hearth 다음 약", "엄마 오늘 마신 물", "토리 마지막 식사", "토리 몸무게"} <= names, names
    assert set(ha.package["rest_command"]) == {"hearth_dose_given", f"hearth_water_cup_{ids['person']}", f"hearth_walk_{ids['pet']}"}

    before = ha.sensors()
    assert before["Hearth 지금 먹일 약"] == "1", before  # 토리's heart pill, due a few minutes ago
    # Nothing to show yet is "unavailable", never "None" (no number or time) nor 0.
    assert before["엄마 오늘 마신 물"] == "0" and before["토리 마지막 식사"] == "unavailable" and before["토리 몸무게"] == "unavailable", before
    assert re.fullmatch(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+09:00", before["Hearth 다음 약"]), before

    # The buttons: a cup for 엄마, the dose Home Assistant's due list names, a walk of 25 minutes.
    assert ha.command(f"hearth_water_cup_{ids['person']}")["ml"] == 250
    token = ha.package["rest"][0]["headers"]["Authorization"].split()[1]
    _, due = call(server, "GET", "/api/v1/due?days=0", token)
    dose = [item["dose"] for item in due["due"] if item["kind"] == "dose"][0]
    given = ha.command("hearth_dose_given", dose=dose)
    assert given["state"] == "given" and given["by"] == "엄마", given
    walk = ha.command(f"hearth_walk_{ids['pet']}", minutes=25)
    assert walk["kind"] == "walk" and walk["fields"]["minutes"] == "25", walk

    after = ha.sensors()
    assert after["엄마 오늘 마신 물"] == "250" and after["Hearth 지금 먹일 약"] == "0", after
    # A meal and a weighing from another script show on the sensors too.
    assert call(server, "POST", f"/api/v1/subjects/{ids['pet']}/records", token,
                {"kind": "meal", "fields": {"new_food_name": "습식 사료", "amount": "85 g"}})[0] == 201
    assert call(server, "POST", f"/api/v1/subjects/{ids['pet']}/records", token, {"kind": "weight", "fields": {"weight": "4,250", "unit": "g"}})[0] == 201
    later = ha.sensors()
    assert later["토리 몸무게"] in ("4250", "4250.0"), later
    assert re.fullmatch(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+09:00", later["토리 마지막 식사"]), later

    # Three vomits in 30 days raise a flag: the sensor counts it, and its attributes carry the
    # words an automation would announce, the rule, the advice and the records behind it.
    assert later["Hearth 살펴볼 점"] == "0", later
    for day in (1, 2, 3):
        at = f"{(datetime.now(ZoneInfo('Asia/Seoul')).date() - timedelta(days=day)).isoformat()}T08:00:00+09:00"
        assert call(server, "POST", f"/api/v1/subjects/{ids['pet']}/records", token, {"kind": "vomit", "at": at, "fields": {"times": "1"}})[0] == 201
    flagged = ha.sensors()
    assert flagged["Hearth 살펴볼 점"] == "1", flagged
    [flag] = ha.attributes["Hearth 살펴볼 점"]["flags"]
    assert flag["rule"] == "vomiting" and flag["subjectName"] == "토리" and flag["figures"]["count"] == 3, flag
    assert flag["text"].startswith("최근 30일 구토 3회") and flag["advice"] == "수의사와 상의해 보세요.", flag
    assert flag["url"].startswith(f"/pets/{ids['pet']}/timeline?") and "kind=vomit" in flag["url"], flag

    # The token revoked: every sensor is unavailable, not a false all-clear ("doses due now: 0").
    revoke_tokens(server, ids)
    gone = ha.sensors(answered=False)
    assert set(gone.values()) == {"unavailable"}, gone


def run(check, server_class, browser, binary, shots):
    server = server_class(binary)
    try:
        ids = phone.household(server)
        check("the API's description is served and validates (openapi-spec-validator)", description, server, ids["cookie"])
        check(f"schemathesis against the API with a token ({EXAMPLES} cases an operation)", fuzz, server, ids["cookie"])
    finally:
        server.cleanup()
    server = server_class(binary)
    try:
        ids = phone.household(server)
        check("Home Assistant: the package made on its page parses, its sensors read and its commands record (phone, 한국어)",
              home_assistant, browser, server, ids, shots)
    finally:
        server.cleanup()
