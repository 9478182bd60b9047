"""Bench: Guards of Atlantis bot decision times per level, and one 10-hero simultaneous card
choice answered by nine hard bots.

Positions come from a real game of normal bots (6 heroes, the one-lane board), every decision
with more than one choice, spread over the game; each level answers each position from the
deciding seat's view with the in-game budget (hard 2 s; floors: hard p95 <= 2 s, normal p95
<= 100 ms). The simultaneous card choice: a 10-player game on the two-lane board played by
normal bots into round 2, then nine seats ask the runner's process pool for hard bots at once
(the tenth seat is the person); the wall time until the last answer (floor 2.5 s).
"""

from __future__ import annotations

import statistics
import time
from typing import Any

from ai.bots import make_bot
from ai.match import Decided, play
from game.core import registry
from game.core.stats import summary_ms

BUDGET_S = 2.0
FLOORS_MS = {"normal": 100.0, "hard": 2000.0}


def positions(count: int, seed: int = 7, players: int = 6) -> list[tuple[Any, int, str]]:
    """(state, seat, decision kind) of real choices in a game of normal bots."""
    spec = registry.get("guards")
    state = spec.create(players, {}, seed)
    found: list[tuple[Any, int, str]] = []

    def keep(step: Decided) -> None:
        if step.choices > 1:
            dec = step.state.decision()
            found.append((step.state.clone(), step.player, dec.kind if dec else ""))

    bots = [make_bot("guards", "normal", seed * 11 + s) for s in range(players)]
    play(state, bots, BUDGET_S, observe=keep)
    if len(found) <= count:
        return found
    gap = len(found) / count
    return [found[int(i * gap)] for i in range(count)]


def decision_times(count: int = 40, seed: int = 7) -> dict[str, Any]:
    """p50/p95 per level over ``count`` positions, and hard's card choices on their own."""
    pos = positions(count, seed)
    out: dict[str, Any] = {"positions": len(pos)}
    for level in ("easy", "normal", "hard"):
        bot = make_bot("guards", level, 5)
        times, plays = [], []
        for state, seat, kind in pos:
            view = state.view(seat)
            t0 = time.perf_counter()
            bot.choose(view, seat, time.monotonic() + BUDGET_S)
            ms = (time.perf_counter() - t0) * 1000.0
            times.append(ms)
            if kind == "play":
                plays.append(ms)
        out[level] = summary_ms(times)
        out[level + "_play"] = summary_ms(plays) if plays else {}
    return out


def ten_hero_choice(
    decisions: int = 2, seed: int = 3, budget_s: float = BUDGET_S
) -> dict[str, Any]:
    """Wall seconds of one 10-hero card choice by nine hard bots in the runner's pool."""
    from ai.runner import BotRunner, pool_size

    spec = registry.get("guards")
    state = spec.create(10, {}, seed)
    bots = [make_bot("guards", "normal", s) for s in range(10)]
    while (dec := state.decision()) is not None:  # normal bots play into round 2
        if dec.kind == "play" and state.round >= 2 and len(dec.players) == 10:
            break
        p = dec.players[0]
        state.apply(bots[p].choose(state.view(p), p, time.monotonic() + BUDGET_S))
    walls: list[float] = []
    runner = BotRunner("process")
    try:
        for k in range(decisions + 1):
            budget = 0.1 if k == 0 else budget_s  # the warm-up starts every worker
            start = time.perf_counter()
            seats = list(range(1, 10))
            for seat in seats:
                runner.request(state.view(seat), seat, "guards", "hard", budget)
            got: dict[int, Any] = {}
            while len(got) < len(seats):
                for seat in seats:
                    if seat not in got and (a := runner.poll(seat)) is not None:
                        got[seat] = a
                time.sleep(0.002)
            if k:
                walls.append(time.perf_counter() - start)
    finally:
        runner.close()
    return {
        "seats": 9,
        "heroes": 10,
        "budget_s": budget_s,
        "workers": pool_size(),
        "wall_s_median": round(statistics.median(walls), 3),
        "wall_s_max": round(max(walls), 3),
    }


def lines(res: dict[str, Any], sim: dict[str, Any]) -> list[str]:
    out = []
    for level in ("easy", "normal", "hard"):
        d = res[level]
        floor = FLOORS_MS.get(level)
        verdict = ""
        if floor is not None:
            verdict = "  ok" if d["p95"] <= floor else f"  OVER the {floor:g} ms floor"
        play_ms = res.get(level + "_play") or {}
        extra = f"; card choice p95 {play_ms['p95']:.1f} ms" if play_ms else ""
        out.append(
            f"guards {level:<6} p50 {d['p50']:8.2f} ms  p95 {d['p95']:8.2f} ms{extra}  "
            f"({res['positions']} positions){verdict}"
        )
    verdict = "ok" if sim["wall_s_max"] <= 2.5 else "OVER the 2.5 s floor"
    out.append(
        f"guards 10-hero card choice by 9 hard bots ({sim['workers']} workers, budget "
        f"{sim['budget_s']:g} s): median {sim['wall_s_median']:.3f} s, max "
        f"{sim['wall_s_max']:.3f} s ({verdict})"
    )
    return out


if __name__ == "__main__":
    r = decision_times()
    s = ten_hero_choice()
    print("\n".join(lines(r, s)))
