"""The Atlantis Rising board's frame time while hard bots play (``make bench``: rising_frames)."""

from __future__ import annotations

import time

import pygame

from game.core.stats import summary_ms
from scenes.rising.board import RisingBoard


def measure(
    frames: int = 600, players: int = 4, level: str = "hard", speed: str = "1x"
) -> dict[str, float]:
    """Frame times (ms) of the board off-screen while bots think and their moves animate.

    Builds a headless App and a bots-only game (bot runner in its default process mode, so a
    hard bot searches while frames are drawn), steps ``frames`` frames at 60 FPS pacing and
    returns p50/p95/max/mean (``make bench``, section rising_frames).
    """
    from game.core.saves import Seat
    from scenes.app import App
    from scenes.session import GameSession

    app = App(headless=True, seed=1)
    app.settings.animation_speed = speed
    seats = [Seat(f"Bot {i + 1}", "bot", level) for i in range(players)]
    session = GameSession.new("rising", seats, seed=17, autosave=False)
    board = RisingBoard(app, session)
    app.stack.push(board)
    app.stack.apply_pending()
    for _ in range(5):
        app.step([], 1 / 60)
    times: list[float] = []
    tick = 1 / 60
    try:
        for i in range(frames):
            pos = (300 + (97 * i) % 680, 60 + (53 * i) % 600)
            move = pygame.event.Event(
                pygame.MOUSEMOTION, {"pos": pos, "rel": (1, 1), "buttons": (0, 0, 0)}
            )
            t0 = time.perf_counter()
            app.step([move], tick)
            took = time.perf_counter() - t0
            times.append(took * 1000.0)
            if took < tick:
                time.sleep(tick - took)
    finally:
        app.stack.clear()
        app.stack.apply_pending()
    summary = summary_ms(times)
    return {
        "frames": float(len(times)),
        "p50": summary["p50"],
        "p95": summary["p95"],
        "max": summary["max"],
        "mean": sum(times) / len(times),
        "moves": float(len(session.record.actions)),
    }
