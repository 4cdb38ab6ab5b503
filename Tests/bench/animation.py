#!/usr/bin/env python3
"""The animated GIF target: 50 frames at 640 px from 9-megapixel JPEGs, under 5 s and
under 150 MB RSS. Runs `hearth photos animate` (the code the gallery runs on its worker
thread) on the 3840x2400 JPEG wallpapers of ukui-wallpapers, cycled to 50 frames, three
times; reports the wall time and the process's peak RSS. Then compares the two palette
choices on ten frames (README, "Animated GIFs")."""
import argparse, os, subprocess, sys, tempfile, time
from pathlib import Path

parser = argparse.ArgumentParser()
parser.add_argument("--server", default=".build/release/hearth")
args = parser.parse_args()

photos = sorted(p for p in Path("/usr/share/backgrounds").glob("*.jpg"))
if len(photos) < 2:
    sys.exit("animation bench: no JPEG photos under /usr/share/backgrounds (apt-get install ukui-wallpapers)")
frames = [str(photos[i % len(photos)]) for i in range(50)]

def run(files, *extra):
    out = tempfile.mktemp(suffix=".gif")
    started = time.monotonic()
    process = subprocess.Popen([args.server, "photos", "animate", *files, "--to", out, *extra], stdout=subprocess.PIPE, text=True)
    _, status, usage = os.wait4(process.pid, 0)
    seconds = time.monotonic() - started
    line = process.stdout.read().strip()
    if status != 0:
        sys.exit(f"animate failed: {line}")
    size = os.path.getsize(out)
    os.unlink(out)
    return seconds, usage.ru_maxrss / 1024, size, line

print(f"animated GIF: 50 frames at 640 px from {len(photos)} JPEGs of 3840x2400 (9.2 MP), cycled")
results = [run(frames, "--side", "640", "--seconds", "0.5") for _ in range(3)]
for seconds, rss, size, _ in results:
    print(f"  {seconds:.2f} s, peak RSS {rss:.0f} MB, {size / 1e6:.1f} MB file")
worst = max(r[0] for r in results), max(r[1] for r in results)
print(f"  worst: {worst[0]:.2f} s (target < 5 s), {worst[1]:.0f} MB (target < 150 MB)")
for palette in ["perFrameDithered", "global"]:
    print("  palette", palette, "→", run(frames[:10], "--side", "640", "--palette", palette, "--measure")[3])
