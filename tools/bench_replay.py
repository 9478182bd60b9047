"""Replay frame time at 1280×720 while a finished game plays back at 4x, for ``make bench``.

A headless App opens :class:`~scenes.history.replay_scene.ReplayScene` on a finished game of
each game (seeded random moves, so the numbers repeat) and plays it at 4x: the board steps on
by itself and animates each move, the pointer wanders over the board, and every 60th frame the
person steps one move back (a rebuild from the nearest snapshot). Frames are paced at 60 FPS;
each ``App.step`` is timed (wall and the main thread's own CPU). The floor is p95 ≤ 8 ms.
"""

from __future__ import annotations

import os
import time
from typing import Any

from game.core.stats import summary_ms

FLOOR_MS = 8.0
BACK_EVERY = 60


def measure(game: str, frames: int = 600) -> dict[str, Any]:
    """Time ``frames`` frames of a 4x replay of a finished ``game``."""
    import pygame

    from scenes.app import App
    from scenes.history.replay_scene import ReplayScene
    from tools.history_games import finished

    app = App(headless=True, seed=1)
    record = finished(game, autosave=False).record
    scene = ReplayScene(app, record)
    app.stack.push(scene)
    app.stack.apply_pending()
    for _ in range(5):
        app.step([], 1 / 60)
    scene.session.speed = "4x"
    scene._set_board_speed()
    scene.session.play(True)
    tick = 1 / 60
    wall: list[float] = []
    cpu: list[float] = []
    backs: list[float] = []
    forward, last = 0, scene.session.cursor
    try:
        for i in range(frames):
            if not scene.session.playing:
                scene.session.play(True)
            pos = (40 + (97 * i) % 1200, 60 + (53 * i) % 580)
            events = [
                pygame.event.Event(
                    pygame.MOUSEMOTION, {"pos": pos, "rel": (1, 1), "buttons": (0, 0, 0)}
                )
            ]
            back = i % BACK_EVERY == BACK_EVERY - 1 and scene.session.cursor > 0
            if back:
                events.append(
                    pygame.event.Event(
                        pygame.KEYDOWN,
                        {"key": pygame.K_LEFT, "mod": 0, "unicode": "", "scancode": 0},
                    )
                )
            c0 = time.thread_time()
            t0 = time.perf_counter()
            app.step(events, tick)
            took = time.perf_counter() - t0
            wall.append(took * 1000.0)
            cpu.append((time.thread_time() - c0) * 1000.0)
            if back:
                backs.append(took * 1000.0)
            if scene.session.cursor > last:
                forward += 1
            last = scene.session.cursor
            if took < tick:
                time.sleep(tick - took)
    finally:
        moves = scene.session.cursor
        app.stack.clear()
        app.stack.apply_pending()
    return {
        "game": game,
        "moves_in_game": len(record.actions),
        "cursor_at_end": moves,
        "moves_played": forward,
        "steps_back": len(backs),
        "wall": summary_ms(wall),
        "cpu": summary_ms(cpu),
        "back_step_frames": summary_ms(backs),
    }


def verdict(wall_p95: float, cpu_p95: float) -> str:
    """ok on the wall clock; else say whether the frame's own work fits (a loaded machine
    lends the wall clock to other processes)."""
    if wall_p95 <= FLOOR_MS:
        return "ok"
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    own = "own CPU within the floor" if cpu_p95 <= FLOOR_MS else "own CPU OVER it too"
    return f"wall OVER the {FLOOR_MS:g} ms floor, {own} (load average {load:.1f})"
