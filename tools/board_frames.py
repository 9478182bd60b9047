"""The frame-time loop every board bench shares (tools/finding/bench.py, bench_guards_frames.py).

Frames are paced at 60 FPS with the pointer sweeping the window; each ``App.step`` is timed on
two clocks and sorted by what the board was doing: *animating*, *thinking* (a bot searching,
nothing animating) or *other*. The wall time is what a player waits for (on a busy machine it
includes other processes, the bots' own search among them); the main thread's own CPU time
(``time.thread_time``) is what the frame itself costs. The floor is p95 ≤ 8 ms.
"""

from __future__ import annotations

import time
from typing import Any

from game.core.stats import summary_ms

FLOOR_MS = 8.0


def time_frames(app: Any, board: Any, session: Any, frames: int) -> dict[str, Any]:
    """Push ``board`` on ``app`` and time ``frames`` frames of it: p50/p95 per kind of frame."""
    import pygame

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
    out: dict[str, Any] = {}
    for what, times in by.items():
        out[what] = summary_ms(times)
        out[f"{what}_cpu"] = summary_ms(cpu[what])
    out["all"] = summary_ms([t for times in by.values() for t in times])
    out["moves"] = len(session.record.actions)
    return out


def verdict(p95: float, n: int) -> str:
    """What a section prints beside a p95 of ``n`` frames."""
    if n == 0:
        return "no such frames"
    return "ok" if p95 <= FLOOR_MS else f"OVER the {FLOOR_MS:g} ms floor"


def frame_lines(label: str, res: dict[str, Any], kinds: tuple[str, ...]) -> list[str]:
    """A report line per kind of frame: wall p50/p95/max, own CPU p95/max and the verdict."""
    lines = []
    for what in kinds:
        d, c = res[what], res[f"{what}_cpu"]
        lines.append(
            f"{label}, {what:<9}: wall p50 {d['p50']:5.2f} ms p95 {d['p95']:6.2f} ms max "
            f"{d['max']:7.2f} ms; own CPU p95 {c['p95']:5.2f} ms max {c['max']:6.2f} ms "
            f"({d['n']} frames) {verdict(d['p95'], d['n'])}"
        )
    return lines
