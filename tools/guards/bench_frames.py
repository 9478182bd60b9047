"""Guards of Atlantis's board frame time at 1280×720 (``make bench``, section guards_frames).

A headless App shows the real Guards board for a ten-hero game on the two-lane board, hard
bots in the default bot runner (a separate process, as in play), at the 1x animation speed.
Hero selection and the heroes' entry are played out first by random legal moves (they are not
what is measured); then frames are paced at 60 FPS, each ``App.step`` timed and sorted by what
the board was doing: *animating* (a glide, strike, burst, reveal or banner playing) or
*thinking* (a hard bot searching, nothing animating). The floor is p95 ≤ 8 ms for both.

Two clocks per frame, as in tools/finding/bench.py: the wall time a player waits for (on a busy
machine it includes the time the OS gave other processes, the bots' own search among them) and
the main thread's own CPU time (``time.thread_time``: what the frame itself costs).
"""

from __future__ import annotations

import random
from typing import Any

from tools.board_frames import FLOOR_MS, time_frames, verdict

__all__ = ["FLOOR_MS", "measure", "verdict"]


def _past_selection(session: Any, seed: int) -> None:
    """Random legal moves until the first cards are to be chosen (selection, entry done)."""
    rng = random.Random(seed)
    state = session.state
    for _ in range(2000):
        if state.is_terminal() or state.phase == "play":
            return
        dec = state.decision()
        seat = dec.players[0]
        session.apply(rng.choice(list(state.legal_actions(seat))))


def measure(frames: int = 600, players: int = 10, level: str = "hard", seed: int = 5) -> dict:
    """Time ``frames`` frames of the board while ``players`` bots play on the two-lane board."""

    from game.core.saves import Seat
    from scenes.app import App
    from scenes.guards.board import GuardsBoard
    from scenes.session import GameSession

    app = App(headless=True, seed=1)
    app.settings.animation_speed = "1x"
    seats = [Seat(f"Bot {i + 1}", "bot", level) for i in range(players)]
    session = GameSession.new("guards", seats, {"board": "two_lane"}, seed=seed, autosave=False)
    _past_selection(session, seed)
    board = GuardsBoard(app, session)
    out: dict[str, Any] = {"players": players, "level": level, "board": "two_lane"}
    out.update(time_frames(app, board, session, frames))
    return out


if __name__ == "__main__":  # a quick look: python -m tools.guards.bench_frames [frames]
    import os
    import sys

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    res = measure(frames=int(sys.argv[1]) if len(sys.argv) > 1 else 600)
    for what in ("animating", "thinking", "other"):
        d, c = res[what], res[f"{what}_cpu"]
        print(f"{what:<9} wall p50 {d['p50']:5.2f} p95 {d['p95']:6.2f} max {d['max']:7.2f}; "
              f"cpu p50 {c['p50']:5.2f} p95 {c['p95']:5.2f} max {c['max']:6.2f} ({d['n']} frames)")  # fmt: skip
    print("moves", res["moves"])
