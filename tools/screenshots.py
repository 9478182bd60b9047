"""``make screenshots``: run the real game window and save what it shows to docs/screenshots/.

Starts Xvfb when there is no display (installing it with apt-get if it is missing and we are
root), runs ``main.py --windowed --screenshot-script`` at 1280×720 with a private, empty
ATLANTIS_HOME (so no real settings or saves are used or touched), and checks every picture
was written. One foreign file is put in the private saves folder so the load screen shows
how a file it cannot open is listed.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "screenshots"
RISING = (
    "rising-fresh", "rising-midgame", "rising-attack", "rising-build", "rising-results",
    "rising-medusa", "rising-harpies", "rising-scylla",
)  # fmt: skip
#: Finding Atlantis on both map sizes (scenes/finding/shots.py)
FINDING = tuple(
    f"finding-{name}-{size}"
    for size in (6, 8)
    for name in (
        "setup", "chart-early", "chart-late", "sonar", "heat", "mine", "solve", "results",
    )
)  # fmt: skip
#: Guards of Atlantis (scenes/guards/shots.py), in a run of its own (ATLANTIS_SHOTS=guards)
GUARDS = tuple(
    f"guards-{name}"
    for name in (
        "selection", "fresh", "reveal", "target", "defence", "level", "two-lane", "victory",
        "tutorial",
    )
)  # fmt: skip
#: the board again in a large and a small window (the canvas is letterboxed into any size)
SIZES = (("-large", 1920, 1080), ("-small", 960, 540))
EXPECTED = (
    "title", "setup", "settings", "load", "help", *RISING, *FINDING, *GUARDS,
    *(name + suffix for suffix, _, _ in SIZES for name in RISING),
)  # fmt: skip
DISPLAY = ":97"


def _ensure_xvfb() -> str:
    xvfb = shutil.which("Xvfb")
    if xvfb:
        return xvfb
    if os.geteuid() == 0 and shutil.which("apt-get"):
        subprocess.run(["apt-get", "install", "-y", "-qq", "xvfb"], check=False)
        xvfb = shutil.which("Xvfb")
        if xvfb:
            return xvfb
    raise SystemExit("screenshots: Xvfb is needed when there is no display (apt-get install xvfb)")


def _start_xvfb() -> subprocess.Popen[bytes]:
    proc = subprocess.Popen(
        [_ensure_xvfb(), DISPLAY, "-screen", "0", "1920x1080x24", "-nolisten", "tcp"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    for _ in range(50):
        if Path(f"/tmp/.X11-unix/X{DISPLAY[1:]}").exists():
            return proc
        time.sleep(0.1)
    proc.kill()
    raise SystemExit("screenshots: Xvfb did not start")


def _seed_home(home: Path) -> None:
    saves = home / "data" / "saves"
    saves.mkdir(parents=True)
    (saves / "notes from a friend.json").write_text(
        json.dumps({"shopping": ["bread"]}), encoding="utf-8"
    )


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    xvfb = None
    env = dict(os.environ)
    if not env.get("DISPLAY"):
        xvfb = _start_xvfb()
        env["DISPLAY"] = DISPLAY
    env.pop("SDL_VIDEODRIVER", None)
    env["SDL_AUDIODRIVER"] = "dummy"
    try:
        with tempfile.TemporaryDirectory(prefix="atlantis-shots-") as home:
            _seed_home(Path(home))
            env["ATLANTIS_HOME"] = home
            for name in EXPECTED:
                (OUT / f"{name}.png").unlink(missing_ok=True)
            cmd = [
                sys.executable,
                str(ROOT / "main.py"),
                "--windowed",
                "--seed",
                "7",
                "--screenshot-script",
                str(OUT),
            ]
            result = subprocess.run(cmd, env=env, cwd=ROOT, timeout=180, check=False)
            if result.returncode != 0:
                print(f"screenshots: the game exited with {result.returncode}", file=sys.stderr)
                return 1
            guards = dict(env, ATLANTIS_SHOTS="guards")
            result = subprocess.run(cmd, env=guards, cwd=ROOT, timeout=180, check=False)
            if result.returncode != 0:
                print(
                    f"screenshots: the Guards run exited with {result.returncode}", file=sys.stderr
                )
                return 1
            for suffix, w, h in SIZES:
                settings = Path(home) / "config" / "settings.json"
                settings.parent.mkdir(parents=True, exist_ok=True)
                settings.write_text(json.dumps({"window_width": w, "window_height": h}))
                sized = dict(env, ATLANTIS_SHOTS="rising", ATLANTIS_SHOT_SUFFIX=suffix)
                result = subprocess.run(cmd, env=sized, cwd=ROOT, timeout=180, check=False)
                if result.returncode != 0:
                    print(
                        f"screenshots: the {w}x{h} run exited with {result.returncode}",
                        file=sys.stderr,
                    )
                    return 1
    finally:
        if xvfb is not None:
            xvfb.terminate()
            xvfb.wait(timeout=10)
    missing = [n for n in EXPECTED if not (OUT / f"{n}.png").is_file()]
    if missing:
        print(f"screenshots: not written: {', '.join(missing)}", file=sys.stderr)
        return 1
    for n in EXPECTED:
        print(OUT / f"{n}.png")
    return 0


if __name__ == "__main__":
    sys.exit(main())
