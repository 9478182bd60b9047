"""Atlantis Tabletop: start the game, open a save, run bot games, or check an install.

    python main.py                      open the game
    python main.py --load FILE          open a save (a bad file: message on stderr, exit 2)
    python main.py --selftest           headless smoke test of assets and every scene
    python main.py simulate rising --players 3 --bots normal --games 20 --seed 1

pygame is imported only once we know a window (or the self-test) is wanted, so ``--help`` and
``simulate`` stay fast and work without a display.
"""

from __future__ import annotations

import argparse
import logging
import math
import multiprocessing
import os
import sys
import tempfile
import time
from collections.abc import Callable
from logging.handlers import RotatingFileHandler
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

from ai.base import LEVELS

if TYPE_CHECKING:
    from scenes.app import App

#: when main was imported, i.e. start-up (``--first-frame`` counts from here; the interpreter's
#: own start is not included, the benchmark's wall-clock figure covers that)
STARTED = time.perf_counter()
EXIT_BAD_SAVE = 2


def _levels(text: str) -> str:
    """Validate ``--bots``; kept as the comma-separated string ai.simulate expects."""
    levels = [p.strip() for p in text.split(",") if p.strip()]
    bad = [p for p in levels if p not in LEVELS]
    if not levels or bad:
        raise argparse.ArgumentTypeError(
            f"bot levels must be a comma-separated list of {', '.join(LEVELS)} (got {text!r})"
        )
    return ",".join(levels)


#: the largest seed a save holds (files.MAX_INT: JSON integers in saves are 64-bit)
MAX_SEED = 2**63 - 1
#: the longest a searched bot may think per decision on the command line (ten minutes)
MAX_BUDGET_S = 600.0
MAX_GAMES = 1_000_000


def _int_in(lo: int, hi: int) -> Callable[[str], int]:
    """An argparse type: an integer from ``lo`` to ``hi``."""

    def parse(text: str) -> int:
        try:
            value = int(text.strip())
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text[:40]!r} is not a whole number") from None
        if not lo <= value <= hi:
            raise argparse.ArgumentTypeError(f"{value} is not between {lo} and {hi}")
        return value

    return parse


def _budget(text: str) -> float:
    """``--budget``: seconds, finite and positive (``nan``/``inf`` would search for ever)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text[:40]!r} is not a number of seconds") from None
    if not math.isfinite(value) or not 0 < value <= MAX_BUDGET_S:
        raise argparse.ArgumentTypeError(
            f"{text[:40]!r} is not a number of seconds from more than 0 to {MAX_BUDGET_S:g}"
        )
    return value


class _Parser(argparse.ArgumentParser):
    """A bad command line gets one line (what is wrong), not a usage block; exit 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {message} (see --help)\n")


def _option(text: str) -> str:
    if "=" not in text or not text.split("=", 1)[0].strip():
        raise argparse.ArgumentTypeError(f"options are written key=value (got {text!r})")
    return text


def build_parser() -> argparse.ArgumentParser:
    """The command line: game options at the top level, ``simulate`` as a subcommand."""
    parser = _Parser(
        prog="atlantis",
        description="Atlantis Tabletop: three Atlantis board games against bots or hot-seat.",
    )
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--windowed", action="store_true", help="start in a window")
    mode.add_argument("--fullscreen", action="store_true", help="start full screen (F11 toggles)")
    parser.add_argument(
        "--seed",
        type=_int_in(0, MAX_SEED),
        metavar="N",
        help="seed for new games and the title sea",
    )
    parser.add_argument("--load", type=Path, metavar="PATH", help="open this save file")
    parser.add_argument(
        "--selftest",
        action="store_true",
        help="load every asset, build and draw every scene headless, print a summary and exit",
    )
    parser.add_argument("--screenshot-script", type=Path, metavar="DIR", help=argparse.SUPPRESS)
    # for the benchmark: print "first frame: <ms> ms" (since start-up) after the first frame, exit 0
    parser.add_argument("--first-frame", action="store_true", help=argparse.SUPPRESS)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sim = sub.add_parser(
        "simulate",
        help="play bot-only games without a window and report the results",
        description="Play bot-only games headless and report win rates (per seat or team, "
        "with draws and the first side's advantage) and timings.",
    )
    sim.add_argument("game", metavar="GAME", help="game id, e.g. rising")
    sim.add_argument(
        "--players", type=_int_in(1, 64), required=True, metavar="N", help="number of seats"
    )
    sim.add_argument(
        "--bots",
        type=_levels,
        required=True,
        metavar="LEVEL[,LEVEL...]",
        help="bot levels: one for every seat, one per seat, or one per team in a team game "
        "(hard,normal: first team hard, second normal); the sides swap seats from game to "
        "game. Levels: random, easy, normal, hard",
    )
    sim.add_argument(
        "--games",
        type=_int_in(1, MAX_GAMES),
        default=1,
        metavar="K",
        help="number of games (default 1)",
    )
    sim.add_argument(
        "--seed", type=_int_in(0, MAX_SEED), default=0, metavar="S", help="first seed (default 0)"
    )
    sim.add_argument(
        "--option",
        type=_option,
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a game option; repeat for several",
    )
    sim.add_argument("--json", action="store_true", help="print the report as JSON")
    sim.add_argument(
        "--budget",
        type=_budget,
        default=0.25,
        metavar="SECONDS",
        help="thinking time per searched bot decision (default 0.25)",
    )
    return parser


def setup_logging() -> Path | None:
    """Log to a rotating file in the user log dir (never fatal if that is not writable)."""
    from game.core import storage

    root = logging.getLogger()
    root.setLevel(logging.INFO)
    console = logging.StreamHandler()
    console.setLevel(logging.WARNING)
    root.addHandler(console)
    try:
        log_dir = storage.log_dir()
        log_dir.mkdir(parents=True, exist_ok=True)
        path = log_dir / "atlantis.log"
        handler = RotatingFileHandler(path, maxBytes=1_000_000, backupCount=3, encoding="utf-8")
    except OSError as exc:
        logging.warning("no log file: %s", exc)
        return None
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root.addHandler(handler)
    return path


def cmd_simulate(args: argparse.Namespace) -> int:
    """Play bot-only games headless (imported lazily so the window starts fast)."""
    from ai.simulate import run_cli

    return int(run_cli(args))


def _prepare_sdl(headless: bool) -> None:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    os.environ.setdefault("SDL_WINDOWS_DPI_AWARENESS", "permonitorv2")
    if headless:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        os.environ["SDL_AUDIODRIVER"] = "dummy"


def cmd_selftest() -> int:
    """Smoke test for installs and frozen builds: exit 0 with a summary line, or 1 and why."""
    _prepare_sdl(headless=True)
    if not os.environ.get("ATLANTIS_HOME"):
        os.environ["ATLANTIS_HOME"] = tempfile.mkdtemp(prefix="atlantis-selftest-")
    try:
        from scenes.selftest import run_selftest

        ok, summary = run_selftest()
    except Exception as exc:  # the point of the self-test is to report anything at all
        import traceback

        traceback.print_exc()
        print(f"selftest FAILED: {type(exc).__name__}: {exc}", file=sys.stderr)
        return 1
    print(summary, file=sys.stdout if ok else sys.stderr)
    return 0 if ok else 1


def check_save(path: Path) -> int | None:
    """Read and replay a save before any window opens; a bad one ends the program with 2."""
    from game.core.files import shown
    from game.core.saves import SaveError
    from scenes.boards import why_not_playable
    from scenes.session import load_file

    where = shown(str(path), 300)  # a path, like a file's text, is bounded before it is printed
    try:
        record, _ = load_file(path)
    except SaveError as exc:
        print(f"Cannot open {where}: {exc}", file=sys.stderr)
        return EXIT_BAD_SAVE
    reason = why_not_playable(record.game)
    if reason:
        print(f"Cannot open {where}: {reason}", file=sys.stderr)
        return EXIT_BAD_SAVE
    return None


def run_game(args: argparse.Namespace) -> int:
    """Open the window and play until the player quits."""
    _prepare_sdl(headless=False)
    from game.core import storage

    for leftover in storage.remove_leftover_temps():
        logging.info("removed %s, left by an interrupted write", leftover)
    if args.load is not None:
        code = check_save(args.load)
        if code is not None:
            return code
    from scenes.app import App
    from scenes.title_scene import TitleScene

    fullscreen = True if args.fullscreen else False if args.windowed else None
    app = App(fullscreen=fullscreen, seed=args.seed)
    app.stack.push(TitleScene(app))
    app.stack.apply_pending()
    if args.load is not None:
        from scenes.load_scene import open_save

        open_save(app, args.load)
        app.stack.apply_pending()
    if args.screenshot_script is not None:
        from scenes.screenshot_director import ScreenshotDirector

        app.after_frame.append(ScreenshotDirector(app, args.screenshot_script))
    if args.first_frame:
        app.after_frame.append(lambda _dt: _report_first_frame(app))
    return app.run()


def _report_first_frame(app: App) -> None:
    """Print the time from start-up to the first presented frame and end the run."""
    print(f"first frame: {(time.perf_counter() - STARTED) * 1000.0:.1f} ms", flush=True)
    app.quit()


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.command == "simulate":
        return cmd_simulate(args)
    if args.selftest:
        return cmd_selftest()
    setup_logging()
    try:
        return run_game(args)
    except Exception:
        logging.exception("Atlantis Tabletop stopped because of an unexpected error")
        raise


if __name__ == "__main__":
    multiprocessing.freeze_support()
    sys.exit(main())
