"""How long hostile files take to reach the person as a message (`make bench`, "hostile files").

Each case puts one file with a huge field (1 MB and 10 MB by default) where the program reads
it, then times the path a person takes to the message, in a headless App: Continue on the title
screen (a save with a huge move argument), opening History (an entry with a huge headline),
``main.py --load``'s check (the one line printed), and reading the Guards hero files with one
huge hero name. The floor is 1 s each (issue 25).

    python -m tools.bench_files --sizes 1,10
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import shutil
import tempfile
import time
from pathlib import Path
from typing import Any

from tools.bench import private_home

MB = 1024 * 1024
FLOOR_S = 1.0


def _record(game: str, moves: int = 12) -> Any:
    from game.core.saves import Seat
    from scenes.session import GameSession
    from tools.history_games import play_out

    seats = [Seat("Ann", team=0), Seat("Bo", "bot", "easy", team=1)]
    if game == "finding":
        seats = [Seat("Ann"), Seat("Bo", "bot", "easy")]
    s = GameSession.new(game, seats, {}, seed=7, autosave=False)
    return play_out(s, 7, upto=moves).record


def _app() -> Any:
    from scenes.app import App
    from scenes.title_scene import TitleScene

    app = App(headless=True, seed=3)
    title = TitleScene(app)
    app.stack.reset(title)
    app.stack.apply_pending()
    app.step([], 1 / 60)
    return app, title


def _press(app: Any, element: Any) -> None:
    import pygame

    v = app.view_rect
    fw, fh = element.ui_manager.window_resolution
    x, y = element.rect.center
    pos = (int(v.x + (x + 0.5) * v.width / fw), int(v.y + (y + 0.5) * v.height / fh))
    for kind, extra in (
        (pygame.MOUSEMOTION, {"rel": (0, 0), "buttons": (0, 0, 0)}),
        (pygame.MOUSEBUTTONDOWN, {"button": 1}),
        (pygame.MOUSEBUTTONUP, {"button": 1}),
    ):
        app.step([pygame.event.Event(kind, {"pos": pos, **extra})], 1 / 60)
    app.step([], 1 / 60)


def continue_huge_move(size: int) -> dict[str, Any]:
    """Title -> Continue on an autosave whose third move carries ``size`` characters."""
    from game.core import storage
    from scenes.dialogs import MessageDialog

    with private_home():
        data = _record("guards").to_json()
        data["actions"][2]["what"] = "x" * size
        path = storage.autosave_path("guards")
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(data), encoding="utf-8")
        app, title = _app()
        started = time.perf_counter()
        _press(app, title.continue_btn)
        app.step([], 1 / 60)
        took = time.perf_counter() - started
        top = app.stack.top
        ok = isinstance(top, MessageDialog)
        return {"s": took, "message_chars": len(top.message) if ok else None, "dialog": ok}


def history_huge_headline(size: int) -> dict[str, Any]:
    """Title -> History with one entry whose headline is ``size`` characters (and one good)."""
    from game.core import history
    from scenes.history.history_scene import HistoryScene

    with private_home():
        record = _record("guards")
        state = record.replay()
        folder = history.folder()
        folder.mkdir(parents=True, exist_ok=True)
        for name, headline in (("20260101-100000-000", "h" * size), ("20260101-090000-000", "")):
            entry = history.entry_json(record, state, 1, headline)
            (folder / f"{name}-guards.json").write_text(json.dumps(entry), encoding="utf-8")
        app, title = _app()
        started = time.perf_counter()
        _press(app, title.history_btn)
        app.step([], 1 / 60)
        took = time.perf_counter() - started
        scene = app.stack.top
        ok = isinstance(scene, HistoryScene)
        return {
            "s": took,
            "listed": len(scene.entries) if ok else None,
            "skipped": len(scene.problems) if ok else None,
            "longest_label": max(map(len, scene._by_label), default=0) if ok else None,
        }


def load_check_huge_move(size: int) -> dict[str, Any]:
    """``main.py --load`` on a save with a ``size``-character move: time and the line printed."""
    import main

    with private_home() as home:
        data = _record("finding").to_json()
        data["actions"][1]["card"] = "c" * size
        path = home / "big.json"
        path.write_text(json.dumps(data), encoding="utf-8")
        err = io.StringIO()
        started = time.perf_counter()
        with contextlib.redirect_stderr(err):
            code = main.check_save(path)
        return {
            "s": time.perf_counter() - started,
            "exit": code,
            "printed_chars": len(err.getvalue()),
        }


def hero_huge_name(size: int) -> dict[str, Any]:
    """The Guards hero files read with Wasp's name ``size`` characters long."""
    from game.guards import cards

    real = cards.HERO_DIR
    with tempfile.TemporaryDirectory() as tmp:
        for f in real.glob("*.toml"):
            shutil.copy(f, Path(tmp) / f.name)
        wasp = Path(tmp) / "wasp.toml"
        text = wasp.read_text(encoding="utf-8")
        wasp.write_text(text.replace('name = "Wasp"', f'name = "{"W" * size}"', 1))
        cards.HERO_DIR = Path(tmp)
        cards._hero_files.cache_clear()
        try:
            started = time.perf_counter()
            offered = len(cards.heroes())
            problems = cards.hero_file_problems()
            took = time.perf_counter() - started
        finally:
            cards.HERO_DIR = real
            cards._hero_files.cache_clear()
    return {"s": took, "heroes_offered": offered, "problem_chars": sum(map(len, problems))}


CASES = {
    "Continue, a save with a huge move": continue_huge_move,
    "History, an entry with a huge headline": history_huge_headline,
    "main.py --load, a huge move": load_check_huge_move,
    "Guards hero files, a huge hero name": hero_huge_name,
}


def measure(sizes_mb: tuple[int, ...] = (1, 10)) -> dict[str, dict[str, Any]]:
    return {f"{name} ({mb} MB)": fn(mb * MB) for name, fn in CASES.items() for mb in sizes_mb}


def lines(results: dict[str, dict[str, Any]]) -> list[str]:
    out = []
    for name, res in results.items():
        rest = ", ".join(f"{k} {v}" for k, v in res.items() if k != "s")
        verdict = "met" if res["s"] <= FLOOR_S else "MISSED"
        out.append(f"{name:<50} {res['s'] * 1000:7.0f} ms ({rest}) {verdict}")
    out.append(f"(wall time to the message; floor {FLOOR_S:g} s each)")
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="1,10", help="field sizes in MB, comma-separated")
    args = parser.parse_args(argv)
    sizes = tuple(int(x) for x in args.sizes.split(","))
    print("\n".join(lines(measure(sizes))))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
