"""Finding Atlantis's board frame time at 1280×720, for ``make bench`` (tools/bench.py).

A headless App shows the real Finding board (whatever ``scenes.boards`` registers) for a
game of hard U-Bots in the default bot runner (a separate process, as in play), at the 1x
animation speed. Frames are paced at 60 FPS and each ``App.step`` is timed, then sorted by
what the board was doing: *animating* (a move's ping, rod, explosion or monster playing) or
*thinking* (a hard U-Bot searching, nothing animating). The floor is p95 ≤ 8 ms for both.

Two clocks per frame: the wall time a player waits for (on a busy machine it includes the
time the OS gave other processes, the bot's own search among them) and the main thread's
own CPU time (``time.thread_time``: what the frame itself costs, whatever else runs).
"""

from __future__ import annotations

import time
from typing import Any

from game.core.stats import summary_ms

FLOOR_MS = 8.0


def measure(frames: int = 600, size: int = 6, players: int = 3, level: str = "hard") -> dict:
    """Time ``frames`` frames of the board while ``players`` U-Bots play on a ``size`` map."""
    import pygame

    from game.core.saves import Seat
    from scenes.app import App
    from scenes.boards import board_for
    from scenes.session import GameSession

    factory = board_for("finding")
    if factory is None:
        raise LookupError("Finding Atlantis has no board registered")
    app = App(headless=True, seed=1)
    app.settings.animation_speed = "1x"
    seats = [Seat(f"U-Bot {i + 1}", "bot", level) for i in range(players)]
    session = GameSession.new("finding", seats, {"size": str(size)}, seed=23, autosave=False)
    board = factory(app, session)
    app.stack.push(board)
    app.stack.apply_pending()
    for _ in range(5):
        app.step([], 1 / 60)
    tick = 1 / 60
    by: dict[str, list[float]] = {"animating": [], "thinking": [], "other": []}
    cpu: dict[str, list[float]] = {k: [] for k in by}
    try:
        for i in range(frames):
            pos = (40 + (97 * i) % 1200, 60 + (53 * i) % 620)
            move = pygame.event.Event(
                pygame.MOUSEMOTION, {"pos": pos, "rel": (1, 1), "buttons": (0, 0, 0)}
            )
            top = app.stack.top
            what = (
                "animating"
                if top is board and board.animating()
                else "thinking"
                if top is board and session.thinking()
                else "other"
            )
            c0 = time.thread_time()
            t0 = time.perf_counter()
            app.step([move], tick)
            took = time.perf_counter() - t0
            cpu[what].append((time.thread_time() - c0) * 1000.0)
            by[what].append(took * 1000.0)
            if took < tick:
                time.sleep(tick - took)
    finally:
        app.stack.clear()
        app.stack.apply_pending()
    out: dict[str, Any] = {"size": size, "players": players, "level": level}
    for what, times in by.items():
        out[what] = summary_ms(times)
        out[f"{what}_cpu"] = summary_ms(cpu[what])
    out["all"] = summary_ms([t for times in by.values() for t in times])
    out["moves"] = len(session.record.actions)
    return out


def verdict(p95: float, n: int) -> str:
    if n == 0:
        return "no such frames"
    return "ok" if p95 <= FLOOR_MS else f"OVER the {FLOOR_MS:g} ms floor"
