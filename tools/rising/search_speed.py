"""How many sampled worlds the searching hard bot gets through per decision at its in-game budget.

The hard bot (:class:`ai.rising.SearchRisingBot`) compares its base policy's best few moves on
sampled worlds until its own time cap (``max_time``) or the in-game budget
(``scenes.session.LEVEL_BUDGET_S["hard"]``) runs out, or ``max_worlds`` are done. Its strength
depends on that number, so ``make bench`` reports it. Positions are real hard decisions the
search looks at, taken from games the hard base policy plays (so they are mid-game, not the first
few random moves of a random game).

``python -m tools.rising.search_speed [--positions 20] [--seed 7] [--check]``: ``--check`` also runs a
world-capped search (no clock) on every position and prints the chosen actions, so two versions
of the engine can be compared move for move.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

#: the hard level's in-game time budget per decision (scenes/session.py LEVEL_BUDGET_S)
IN_GAME_BUDGET_S = 2.0


def searched_positions(
    count: int, seed: int, players: int = 4, options: dict[str, str] | None = None
) -> list[tuple[Any, int]]:
    """Views where the hard bot really searches (two or more distinct candidates).

    ``options``: the games' options (default: normal difficulty, no monsters).
    """
    from ai import rising as ar
    from game.rising.setup import new_game

    opts = {"difficulty": "normal", **(options or {})}
    found: list[tuple[Any, int]] = []
    g = 0
    while len(found) < 4 * count and g < 20:
        st = new_game(players, opts, seed + g)
        g += 1
        while st.result is None:
            dec = st.decision()
            if dec is None:
                break
            p = dec.players[0]
            legal = st.legal_actions(p)
            if len(legal) > 1 and st.stack[-1][0] in ar.SEARCHED:
                view = st.view(p)
                ranked = ar.rank(view, p, "hard")
                if len(ar.distinct_candidates(view, ranked, 4)) >= 2:
                    found.append((view, p))
            st.apply(ar.heuristic_action(st, p, "hard"))
    if len(found) <= count:
        return found
    step = len(found) / count
    return [found[int(i * step)] for i in range(count)]


def measure(count: int = 20, seed: int = 7, check: bool = False) -> dict[str, Any]:
    """Worlds per decision at the in-game budget, and the time one world takes."""
    from ai.rising import SearchRisingBot

    positions = searched_positions(count, seed)
    worlds: list[int] = []
    playouts: list[int] = []
    secs: list[float] = []
    for i, (view, p) in enumerate(positions):
        bot = SearchRisingBot("hard", seed=i)
        t0 = time.perf_counter()
        bot.choose(view, p, time.monotonic() + IN_GAME_BUDGET_S)
        secs.append(time.perf_counter() - t0)
        worlds.append(bot.last_worlds)
        playouts.append(getattr(bot, "last_playouts", 0))
    free: list[int] = []
    for i, (view, p) in enumerate(positions):  # the same clock without the 64-world cap
        bot = SearchRisingBot("hard", seed=i, max_worlds=1_000_000)
        bot.choose(view, p, time.monotonic() + IN_GAME_BUDGET_S)
        free.append(bot.last_worlds)
    out: dict[str, Any] = {
        "positions": len(positions),
        "worlds_mean": sum(worlds) / max(1, len(worlds)),
        "worlds_min": min(worlds, default=0),
        "capped": sum(w >= SearchRisingBot().max_worlds for w in worlds),
        "uncapped_worlds_mean": sum(free) / max(1, len(free)),
        "decision_s_mean": sum(secs) / max(1, len(secs)),
        "playouts_mean": sum(playouts) / max(1, len(playouts)),
        "ms_per_world": 1000.0 * sum(secs) / max(1, sum(worlds)),
    }
    if check:
        chosen = []
        for i, (view, p) in enumerate(positions):
            bot = SearchRisingBot("hard", seed=i, max_time=1e9)
            a = bot.choose(view, p, time.monotonic() + 1e9)
            chosen.append([a.kind, list(a.args), bot.last_worlds])
        out["world_capped_choices"] = chosen
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions", type=int, default=20)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    res = measure(args.positions, args.seed, args.check)
    if args.json:
        print(json.dumps(res, default=str))
    else:
        print(
            f"hard search at the in-game budget: {res['worlds_mean']:.1f} worlds per decision "
            f"(min {res['worlds_min']}, {res['capped']} of {res['positions']} at the cap), "
            f"{res['ms_per_world']:.2f} ms per world, {res['decision_s_mean']:.2f} s per decision; "
            f"without the cap {res['uncapped_worlds_mean']:.0f} worlds in the same time"
        )
        for c in res.get("world_capped_choices", []):
            print(" ", c)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
