"""Build the standalone app for this OS, archive it, optionally smoke-run it.

Usage (from the project root; ``make build`` runs the first form)::

    python build/build.py                      # one-folder app + archive in build/dist
    python build/build.py --onefile            # single executable (Windows/Linux)
    python build/build.py --selftest           # also run the built app's --selftest
    python build/build.py --skip-archive --distpath /tmp/d --workpath /tmp/w

A PyInstaller build only runs on the OS/arch it was made on, so CI runs this once per OS.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import buildlib  # noqa: E402

SPEC = buildlib.ROOT / "build" / "atlantis.spec"
SELFTEST_TIMEOUT = 180.0


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--onefile", action="store_true", help="single executable (Win/Linux)")
    parser.add_argument("--skip-archive", action="store_true", help="do not pack the result")
    parser.add_argument(
        "--selftest", action="store_true", help="run the built app with --selftest; fail if != 0"
    )
    parser.add_argument("--distpath", type=Path, default=buildlib.ROOT / "build" / "dist")
    parser.add_argument("--workpath", type=Path, default=buildlib.ROOT / "build" / "work")
    return parser.parse_args(argv)


def run_pyinstaller(distpath: Path, workpath: Path, onefile: bool) -> None:
    """Run PyInstaller in a child process so its logging and exit code stay its own."""
    cmd = [
        sys.executable,
        "-m",
        "PyInstaller",
        str(SPEC),
        "--noconfirm",
        "--clean",
        "--log-level",
        "WARN",
        "--distpath",
        str(distpath),
        "--workpath",
        str(workpath),
    ]
    if onefile:
        cmd += ["--", "--onefile"]
    env = dict(os.environ, PYGAME_HIDE_SUPPORT_PROMPT="1")
    print("$", " ".join(cmd), flush=True)
    subprocess.run(cmd, check=True, cwd=buildlib.ROOT, env=env)


def run_selftest(exe: Path, timeout: float = SELFTEST_TIMEOUT) -> subprocess.CompletedProcess[str]:
    """Run ``exe --selftest`` headless (SDL dummy drivers) from a neutral working directory.

    The cwd is an empty scratch folder, not the repo, so a build that silently reads
    ``assets/`` from the working directory instead of from the bundle fails here.
    """
    with tempfile.TemporaryDirectory(prefix="atlantis-selftest-") as scratch:
        env = buildlib.headless_env()
        env.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
        env["ATLANTIS_HOME"] = scratch  # settings/saves/logs go here, not the user's dirs
        return subprocess.run(
            [str(exe), "--selftest"],
            cwd=scratch,
            env=env,
            capture_output=True,
            text=True,
            timeout=timeout,
            check=False,
        )


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if args.onefile and buildlib.os_tag() == "macos":
        print("error: --onefile is for Windows/Linux; macOS ships a one-folder .app")
        return 2
    version = buildlib.project_version()
    # One-file output goes to its own folder: its executable has the one-folder app's name.
    archive_dir: Path = args.distpath.resolve()
    distpath = archive_dir / "onefile" if args.onefile else archive_dir
    workpath: Path = args.workpath.resolve() / ("onefile" if args.onefile else "onedir")

    started = time.monotonic()
    try:
        run_pyinstaller(distpath, workpath, args.onefile)
    except subprocess.CalledProcessError as exc:
        print(f"error: PyInstaller failed with exit code {exc.returncode}")
        return exc.returncode or 1
    artifact = buildlib.shipped_artifact(distpath, args.onefile)
    exe = buildlib.executable_path(distpath, args.onefile)
    if not exe.exists():
        print(f"error: expected executable {exe} was not produced")
        return 1
    print(
        f"built {artifact} ({buildlib.mib(buildlib.tree_size(artifact))} unpacked) "
        f"in {time.monotonic() - started:.0f}s"
    )

    if args.selftest:
        try:
            result = run_selftest(exe)
        except subprocess.TimeoutExpired:
            print(f"error: {exe.name} --selftest did not finish in {SELFTEST_TIMEOUT:.0f}s")
            return 1
        sys.stdout.write(result.stdout)
        sys.stderr.write(result.stderr)
        if result.returncode != 0:
            print(f"error: {exe.name} --selftest exited {result.returncode}")
            return 1
        print(f"selftest: {exe.name} --selftest exited 0")

    if not args.skip_archive:
        stem = buildlib.archive_stem(version) + ("-onefile" if args.onefile else "")
        archive = buildlib.make_archive(artifact, archive_dir, stem)
        print(f"archive: {archive} ({buildlib.mib(archive.stat().st_size)})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
