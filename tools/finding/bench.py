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

from typing import Any

from tools.board_frames import FLOOR_MS, time_frames, verdict

__all__ = ["FLOOR_MS", "measure", "verdict"]


def measure(frames: int = 600, size: int = 6, players: int = 3, level: str = "hard") -> dict:
    """Time ``frames`` frames of the board while ``players`` U-Bots play on a ``size`` map."""

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
    out: dict[str, Any] = {"size": size, "players": players, "level": level}
    out.update(time_frames(app, board, session, frames))
    return out
