#!/usr/bin/env python3
"""Peak memory of the server for the largest photo it accepts, in each format: a
50-megapixel (8660×5773) JPEG, PNG, WebP, GIF and AVIF, and a HEIC whose single HEVC
frame is at the 25-megapixel frame limit (6120×4080), each under 25 MB, made with libgd
by make_photo.c and kept in .build/bench-photos (the HEIC takes minutes to encode).
One fresh server per format, so each VmHWM is that photo's alone.

Issue 8's target: the server's peak RSS stays under 400 MB for any single upload."""

import argparse
import shutil
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from run import ROOT, Server, set_up_household  # noqa: E402

WIDTH, HEIGHT = 8660, 5773
SIZE = {"heic": (6120, 4080)}
CACHE = ROOT / ".build" / "bench-photos"
# How much grain each format gets: PNG is lossless, so less of it keeps the file under 25 MB.
GRAIN = {"jpeg": 16, "png": 2, "webp": 16, "gif": 16, "avif": 16, "heic": 16}


def photo(format):
    CACHE.mkdir(parents=True, exist_ok=True)
    maker = CACHE / "make_photo"
    source = Path(__file__).resolve().parent / "make_photo.c"
    if not maker.exists() or maker.stat().st_mtime < source.stat().st_mtime:
        subprocess.run(["cc", "-O2", str(source), "-lgd", "-o", str(maker)], check=True)
    width, height = SIZE.get(format, (WIDTH, HEIGHT))
    path = CACHE / f"largest-{width}x{height}.{format}"
    if not path.exists():
        started = time.monotonic()
        subprocess.run([str(maker), format, str(width), str(height), str(path) + ".part", str(GRAIN[format])], check=True)
        Path(str(path) + ".part").rename(path)
        print(f"  (made {path.name} in {time.monotonic() - started:.0f} s)", flush=True)
    return path.read_bytes()


def upload(binary, format):
    content = photo(format)
    data = tempfile.mkdtemp(prefix="hearth-bench-largest-")
    server = Server(binary, data + "/data")
    try:
        cookie, token = setup(server)
        before = server.peak_memory_kb()
        boundary = uuid.uuid4().hex
        fields = [("_csrf", token), ("kind", "diary"), ("title", "Big"), ("date", "2026-11-20"), ("time", "10:00")]
        body = b"".join(f"--{boundary}\r\nContent-Disposition: form-data; name=\"{k}\"\r\n\r\n{v}\r\n".encode() for k, v in fields)
        body += f"--{boundary}\r\nContent-Disposition: form-data; name=\"photos\"; filename=\"largest.{format}\"\r\nContent-Type: application/octet-stream\r\n\r\n".encode()
        body += content + f"\r\n--{boundary}--\r\n".encode()
        started = time.monotonic()
        status, response, _ = server.request("POST", "/pets/1/records", body, {"Cookie": cookie, "Content-Type": f"multipart/form-data; boundary={boundary}"}, timeout=300)
        seconds = time.monotonic() - started
        assert status == 303, (format, status, response[-800:])
        return len(content), before / 1024, server.peak_memory_kb() / 1024, seconds
    finally:
        server.stop()
        shutil.rmtree(data, ignore_errors=True)


def setup(server):
    """The household and one pet to write a diary for."""
    cookie, token = set_up_household(server)
    boundary = uuid.uuid4().hex
    body = "".join(f"--{boundary}\r\nContent-Disposition: form-data; name=\"{k}\"\r\n\r\n{v}\r\n" for k, v in [("_csrf", token), ("name", "Bench"), ("species", "dog")])
    status, _, _ = server.request("POST", "/pets", body + f"--{boundary}--\r\n", {"Cookie": cookie, "Content-Type": f"multipart/form-data; boundary={boundary}"})
    assert status == 303, status
    return cookie, token


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--server", default=str(ROOT / ".build" / "release" / "hearth"))
    parser.add_argument("--formats", default="jpeg,png,webp,gif,avif,heic")
    arguments = parser.parse_args()
    print("\nthe largest accepted photo of each format, one fresh server each (target: peak < 400 MB)")
    print(f"{'format':<8}{'pixels':>12}{'file MB':>9}{'peak MB':>9}{'before':>8}{'seconds':>9}")
    worst = 0
    for format in arguments.formats.split(","):
        size, before, peak, seconds = upload(arguments.server, format)
        worst = max(worst, peak)
        width, height = SIZE.get(format, (WIDTH, HEIGHT))
        print(f"{format:<8}{f'{width}×{height}':>12}{size / 1e6:>9.1f}{peak:>9.0f}{before:>8.0f}{seconds:>9.1f}", flush=True)
    print(f"largest peak: {worst:.0f} MB")


if __name__ == "__main__":
    main()
