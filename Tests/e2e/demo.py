"""The demo household the modules read, seeded once a run and copied by each.

Seeded at one moment (`MOMENT`, Seoul) and served on a clock that starts on that day
(`clock(hour, minute)` for `Server(clock=…)`), so what its pages hold is the same every
day the suite runs: a test that reads the demo never reads the calendar."""

import datetime
import fcntl
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SEOUL = datetime.timezone(datetime.timedelta(hours=9))
# A Saturday; the demo's days are drawn back from it.
DAY = datetime.date(2026, 11, 28)
MOMENT = datetime.datetime(2026, 11, 28, 7, 0, tzinfo=SEOUL)
PHOTOS = ROOT / "Tests/Fixtures/exif-orientation"


def clock(hour=12, minute=0, day=DAY):
    """The moment a server on the demo starts its clock at (`--clock-starts-at`)."""
    return datetime.datetime(day.year, day.month, day.day, hour, minute, tzinfo=SEOUL).isoformat()


def folder(binary, years=1, photos=True):
    """A new folder holding a copy of the demo household (its data folder in `data/`), as
    `Server(data=…)` takes it. The first module to ask for one kind seeds it for the run
    (`run.py` names the folder in HEARTH_E2E_SEEDS); the others wait for it and copy it."""
    copy = tempfile.mkdtemp(prefix="hearth-e2e-demo-")
    seeds = os.environ.get("HEARTH_E2E_SEEDS")
    if not seeds:  # one module run by hand: a seed of its own
        seed(binary, copy + "/data", years, photos)
        return copy
    kept = Path(seeds) / f"{years}y{'-photos' if photos else ''}"
    with open(str(kept) + ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (kept / "seeded").exists():
            shutil.rmtree(kept, ignore_errors=True)
            seed(binary, str(kept / "data"), years, photos)
            (kept / "seeded").touch()
    shutil.copytree(kept / "data", copy + "/data")
    return copy


def seed(binary, data, years, photos):
    command = [binary, "seed-demo", "--data-dir", data, "--years", str(years), "--now", MOMENT.isoformat()]
    command += ["--photos", str(PHOTOS)] if photos else []
    done = subprocess.run(command, capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0, done.stdout + done.stderr


def context(browser, server, **options):
    """A browser context on `server` whose clock is the server's: a page stamps what is typed
    with the phone's own time, which must be the demo's day too."""
    made = browser.new_context(**options)
    if server.clock:
        made.clock.install(time=server.now())
    return made
