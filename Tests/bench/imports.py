#!/usr/bin/env python3
"""Peak memory of every import, with a normal file and a hostile one of each kind, made here:
`hearth import …` run under /usr/bin/time on a seeded household, one process each, so each
peak RSS is that file's alone. Refused files are expected to be refused (exit status 1).

Issue 23's target: no import, of any kind and any size within its limit, takes the command
(or the server, which runs the same readers) over 200 MB."""

import argparse
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from run import ROOT  # noqa: E402

DRUG_HEADER = "ITEM_SEQ,ITEM_NAME,ENTP_NAME,ITEM_INGR_NAME,SPCLTY_PBLC,PRDUCT_TYPE,NB_DOC_DATA\n"
CLINIC_HEADER = "개방자치단체코드,관리번호,사업장명,영업상태명,소재지전화,도로명전체주소,소재지전체주소,좌표정보(x),좌표정보(y)\n"


def write(path, text_or_bytes):
    mode = "wb" if isinstance(text_or_bytes, bytes) else "w"
    with open(path, mode, **({} if mode == "wb" else {"encoding": "utf-8"})) as out:
        out.write(text_or_bytes)
    return path


def drug_list(path, rows):
    with open(path, "w", encoding="utf-8") as out:
        out.write(DRUG_HEADER)
        for n in range(rows):
            out.write(f'{200000 + n},타이레놀정{n}밀리그람,한국얀센,아세트아미노펜 {n % 900}mg,일반의약품,[01140]해열.진통.소염제,"{"복용 전 의사와 상의하세요. " * 20}"\n')
    return path


def clinic_list(path, rows):
    """A national register's shape: a third of the clinics in Seoul (30 km around city hall, on the
    register's grid, EPSG:2097), the rest over the country, each at a place of its own (the list
    once put 45,000 clinics on 900 points of one square kilometre)."""
    place = random.Random(2097)
    with open(path, "w", encoding="utf-8") as out:
        out.write(CLINIC_HEADER)
        for n in range(rows):
            seoul = n % 3 == 0
            x = place.uniform(183_000, 213_000) if seoul else place.uniform(150_000, 400_000)
            y = place.uniform(437_000, 467_000) if seoul else place.uniform(150_000, 600_000)
            out.write(f"3220000,{n},행복동물병원{n},영업/정상,02-555-{n % 10000:04d},서울특별시 강남구 테헤란로 {n % 500},서울특별시 강남구 역삼동 {n},{x:.1f},{y:.1f}\n")
    return path


def google_fit(path, days):
    with open(path, "w", encoding="utf-8") as out:
        out.write("Date,Step count,Average weight (kg)\n")
        for n in range(days):
            out.write(f"20{16 + n // 366:02d}-{1 + n % 12:02d}-{1 + n % 28:02d},{4000 + n % 3000},{70 + n % 5}.2\n")
    return path


def unclosed_tags_zip(path):
    """The issue's 306 KB zip: 100 million `<a>` under the root, never closed."""
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        with archive.open("apple_health_export/export.xml", "w", force_zip64=True) as member:
            member.write(b'<?xml version="1.0"?>\n<HealthData locale="ko_KR">')
            block = b"<a>" * 1_000_000
            for _ in range(100):
                member.write(block)
    return path


def many_sources(path):
    """Step records whose sourceName is 4 MB each, all different."""
    with open(path, "w", encoding="utf-8") as out:
        out.write('<?xml version="1.0"?>\n<HealthData locale="ko_KR">\n')
        for n in range(60):
            name = f"{n:04d}" + "x" * (4 << 20)
            out.write(f' <Record type="HKQuantityTypeIdentifierStepCount" sourceName="{name}" unit="count" startDate="2026-05-01 10:{n % 60:02d}:00 +0900" value="10"/>\n')
        out.write("</HealthData>\n")
    return path


def recipe_page(path):
    """A 30 MB saved page of 40,000 scripts and no recipe, just under the recipe files' limit."""
    with open(path, "w", encoding="utf-8") as out:
        out.write("<html><head>")
        script = "<script>var a = 1 < 2; " + "x" * 700 + "</script>"
        for _ in range(40_000):
            out.write(script)
        out.write("</head></html>")
    return path


def recipe_json(path, count):
    import json
    recipes = [{"@type": "Recipe", "name": f"찌개 {n}", "recipeIngredient": [f"{i} g 두부" for i in range(12)],
                "recipeInstructions": [{"@type": "HowToStep", "text": f"{s}단계: 끓인다." * 3} for s in range(8)]} for n in range(count)]
    return write(path, json.dumps({"@context": "https://schema.org", "@graph": recipes}, ensure_ascii=False))


def huge_recipe_name(path):
    return write(path, '{"@type": "Recipe", "name": "' + "가" * (10 << 20) + '", "recipeIngredient": ["1 g salt"]}')


def measure(binary, data, arguments):
    started = time.monotonic()
    run = subprocess.run(["/usr/bin/time", "-v", binary, *arguments, "--data-dir", data], capture_output=True, text=True, cwd=ROOT)
    seconds = time.monotonic() - started
    peak_kb = int(re.search(r"Maximum resident set size \(kbytes\): (\d+)", run.stderr).group(1))
    said = (run.stdout.strip() or run.stderr.strip().splitlines()[0] if run.stderr.strip() else "").splitlines()
    return peak_kb / 1024, seconds, run.returncode, (said[0] if said else "")[:90]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--server", default=str(ROOT / ".build" / "release" / "hearth"))
    arguments = parser.parse_args()
    binary = arguments.server
    folder = tempfile.mkdtemp(prefix="hearth-bench-imports-")
    try:
        data = folder + "/data"
        subprocess.run([binary, "seed-demo", "--data-dir", data, "--years", "1"], check=True, capture_output=True)
        export = folder + "/export.xml"
        subprocess.run([sys.executable, str(ROOT / "Tests/bench/apple_health_export.py"), "--size-mb", "200", "--out", export], check=True, capture_output=True)
        cases = [
            ("apple health", "200 MB export.xml", ["import", "apple-health", export, "--person", "Mina"]),
            ("apple health", "306 KB zip, 100 M unclosed tags", ["import", "apple-health", unclosed_tags_zip(folder + "/tags.zip"), "--person", "Mina"]),
            ("apple health", "60 source names of 4 MB", ["import", "apple-health", many_sources(folder + "/sources.xml"), "--person", "Mina"]),
            ("google fit", "3,650 days", ["import", "google-fit", google_fit(folder + "/daily.csv", 3650), "--person", "Mina"]),
            ("google fit", "60 MB of blank lines", ["import", "google-fit", write(folder + "/blank.csv", b"\n" * (60 << 20)), "--person", "Mina"]),
            ("medicines", "200,000 drugs (120 MB)", ["import", "medicines", drug_list(folder + "/drugs.csv", 200_000)]),
            ("medicines", "one 200 MB field", ["import", "medicines", write(folder + "/field.csv", (DRUG_HEADER + '1,"' + "가" * (70 << 20) + '",x,,,,\n').encode())]),
            ("clinics", "50,000 clinics", ["import", "clinics", clinic_list(folder + "/clinics.csv", 50_000)]),
            ("clinics", "60 MB of one row", ["import", "clinics", write(folder + "/wide.csv", (CLINIC_HEADER + "x" * (60 << 20)).encode())]),
            ("recipes", "10,000 recipes", ["import", "recipes", recipe_json(folder + "/book.json", 10_000)]),
            ("recipes", "30 MB page of scripts, no recipe", ["import", "recipes", recipe_page(folder + "/page.html")]),
            ("recipes", "a 30 MB name", ["import", "recipes", huge_recipe_name(folder + "/name.json")]),
        ]
        print("\nimports, a normal and a hostile file of each kind, `hearth import` under /usr/bin/time (target: peak < 200 MB)")
        print(f"{'import':<14}{'file':<34}{'MB':>8}{'peak MB':>9}{'seconds':>9}  said")
        worst = 0
        for kind, label, command in cases:
            size = os.path.getsize(command[2]) / 1e6
            peak, seconds, status, said = measure(binary, data, command)
            worst = max(worst, peak)
            print(f"{kind:<14}{label:<34}{size:>8.1f}{peak:>9.0f}{seconds:>9.1f}  {'ok' if status == 0 else 'refused'}: {said}", flush=True)
        print(f"largest peak: {worst:.0f} MB")
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
