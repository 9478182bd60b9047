"""How fast the heat map's posterior over map and routes updates (a measurement, not a test).

Random 4-submarine games on 8×8 (classic and pirate by turns, nobody solving), seat 0's view
answered after every action by one kept :class:`ai.finding.posterior.Posterior`, as the heat
map's worker does. Reported: the update's wall-clock and CPU time (they differ when the machine
is shared), how often it had to leave readings out, its terms, and whether the truth (every
submarine's cell, every space's terrain) always kept a chance.

    python -m tools.finding.posterior_speed --games 20 --actions 160
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import time

from ai.finding.belief import prepare
from ai.finding.posterior import Posterior
from game.core.stats import summary_ms
from game.finding.setup import new_game


def measure(games: int, actions: int, size: int = 8, seed: int = 1000) -> dict:
    prepare(size)
    wall: list[float] = []
    cpu: list[float] = []
    inexact = unsound = 0
    terms: list[int] = []
    for g in range(games):
        st = new_game(4, {"size": str(size), "mode": "pirate" if g % 2 else "classic"}, seed + g)
        rng = random.Random(g)
        post = Posterior(0, 4, size)
        for _ in range(actions):
            d = st.decision()
            if d is None:
                break
            legal = [a for a in st.legal_actions(d.players[0]) if a.kind != "solve"]
            st.apply(legal[rng.randrange(len(legal))])
            log = st.view(0).log
            t0, c0 = time.perf_counter(), time.process_time()
            got = post.update(log)
            wall.append((time.perf_counter() - t0) * 1000)
            cpu.append((time.process_time() - c0) * 1000)
            inexact += not got.exact
            terms.append(got.terms)
            unsound += sum(
                st.pos[w] is not None and got.where[w].get(st.pos[w], 0.0) <= 0 for w in range(4)
            )
            assert st.ocean is not None
            unsound += sum(got.cells[x][st.ocean.terrain(x)] <= 0 for x in range(size * size))
    terms.sort()
    return {
        "games": games,
        "updates": len(wall),
        "wall": summary_ms(wall),
        "cpu": summary_ms(cpu),
        "inexact_share": round(inexact / max(1, len(wall)), 3),
        "terms_p50": terms[len(terms) // 2] if terms else 0,
        "terms_max": terms[-1] if terms else 0,
        "unsound": unsound,
        "max_rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024,
    }


def line(res: dict) -> str:
    w, c = res["wall"], res["cpu"]
    return (
        f"posterior update, 8x8, 4 submarines, {res['updates']} updates in {res['games']} games: "
        f"wall p50 {w['p50']:.1f} ms p95 {w['p95']:.1f} ms max {w['max']:.0f} ms; CPU p50 "
        f"{c['p50']:.1f} ms p95 {c['p95']:.1f} ms; not exact {res['inexact_share']:.0%}; terms "
        f"p50 {res['terms_p50']} max {res['terms_max']}; truth ruled out {res['unsound']} times"
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--actions", type=int, default=160)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    res = measure(args.games, args.actions)
    print(json.dumps(res) if args.json else line(res))


if __name__ == "__main__":
    main()
