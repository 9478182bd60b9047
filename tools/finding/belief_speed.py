"""How fast the Finding Atlantis belief is on real situations (a measurement, not a test).

Each situation: a generated ocean and ~N facts read on it (Sonar rings of seamount/deep, Jelly
Rod trace/nothing pairs, explores, a few Archaeologist Counts), taken at random cells
(``--layout random``) or along a submarine's path (``--layout path``, closer to a game). Timed:
building the belief from the facts, the first ``cell_marginals()`` after it, then mid-game
steady state: one more fact added, ``cell_marginals()`` again, and ``sample(rng, 64)``; as
wall-clock and as this process's CPU time (the two differ when the
machine is shared). The memos are emptied before each situation, so nothing carries over
between situations.

    python -m tools.finding.belief_speed --size 8 --situations 50
"""

from __future__ import annotations

import argparse
import json
import random
import time

from ai.finding.belief import Belief, _counter, _tables
from game.finding.facts import Count, Fact, deep, exactly, no_trace, seamount, trace
from game.finding.ocean import LINES, MOVES, SIZES, Ocean, around, generate, neighbours8, step


def reading(ocean: Ocean, rng: random.Random, p: int) -> list[Fact]:
    size = ocean.size
    r = rng.random()
    if r < 0.4:
        return [
            seamount(c) if c in ocean.seamounts else deep(c)
            for c in around(size, p)
            if c is not None
        ]
    if r < 0.7:
        ends = [step(size, p, d) for d in LINES[rng.choice(list(LINES))]]
        return [trace(c) if c in ocean.traces else no_trace(c) for c in ends if c is not None]
    if r < 0.92:
        return [exactly(p, ocean.terrain(p))]
    cells = frozenset([p, *neighbours8(size, p)])
    return [Count(cells, "trace", frozenset({len(cells & ocean.traces)}))]


def situation(size: int, rng: random.Random, n_facts: int, layout: str):
    """An ocean, ``n_facts`` facts true on it, and one more fact to add afterwards."""
    ocean = generate(size, rng)
    facts: list[Fact] = []
    p = rng.randrange(size * size)
    while len(facts) <= n_facts:
        if layout == "random":
            p = rng.randrange(size * size)
        facts.extend(reading(ocean, rng, p))
        for _ in range(rng.randint(1, 2)):
            q = step(size, p, rng.choice(MOVES))
            p = p if q is None else q
    return ocean, facts[:n_facts], facts[n_facts]


def measure(size: int, situations: int, n_facts: int, layout: str, seed: int) -> dict:
    k, m = SIZES[size]
    start = time.perf_counter(), time.process_time()
    _tables(size, k)
    tables_s = time.perf_counter() - start[0]
    tables_cpu_s = time.process_time() - start[1]
    rng = random.Random(seed)
    keys = ("build", "first marginals", "add", "marginals", "add+marginals", "sample64")
    wall: dict[str, list[float]] = {key: [] for key in keys}
    cpu: dict[str, list[float]] = {key: [] for key in keys}
    groups: list[int] = []
    for _ in range(situations):
        ocean, facts, extra = situation(size, rng, n_facts, layout)
        counter = _counter(size * size, k, m)
        counter._solved.clear()
        counter._parts.clear()
        marks = [(time.perf_counter(), time.process_time())]
        belief = Belief(size, facts=facts)
        belief.total_weight()
        marks.append((time.perf_counter(), time.process_time()))
        belief.cell_marginals()  # the first ask after a build also sums the per-cell counts
        marks.append((time.perf_counter(), time.process_time()))
        belief.add(extra)
        belief.total_weight()
        marks.append((time.perf_counter(), time.process_time()))
        belief.cell_marginals()
        marks.append((time.perf_counter(), time.process_time()))
        belief.sample(random.Random(1), 64)
        marks.append((time.perf_counter(), time.process_time()))
        assert ocean.atlantis in belief.city_weights(), "the true city must stay possible"
        for which, out in ((0, wall), (1, cpu)):
            t = [mark[which] for mark in marks]
            out["build"].append(t[1] - t[0])
            out["first marginals"].append(t[2] - t[1])
            out["add"].append(t[3] - t[2])
            out["marginals"].append(t[4] - t[3])
            out["add+marginals"].append(t[4] - t[2])
            out["sample64"].append(t[5] - t[4])
        groups.append(len(belief._groups))

    def pct(v: list[float], q: float) -> float:
        v = sorted(v)
        return v[min(len(v) - 1, int(q * len(v)))]

    return {
        "size": size,
        "layout": layout,
        "situations": situations,
        "facts": n_facts,
        "tables_s": round(tables_s, 2),
        "tables_cpu_s": round(tables_cpu_s, 2),
        "wall_ms": {
            key: {"p50": round(pct(v, 0.5) * 1000, 1), "p95": round(pct(v, 0.95) * 1000, 1)}
            for key, v in wall.items()
        },
        "cpu_ms": {
            key: {"p50": round(pct(v, 0.5) * 1000, 1), "p95": round(pct(v, 0.95) * 1000, 1)}
            for key, v in cpu.items()
        },
        "groups": {"p50": pct(groups, 0.5), "p95": pct(groups, 0.95)},
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--size", type=int, default=8, choices=sorted(SIZES))
    ap.add_argument("--situations", type=int, default=50)
    ap.add_argument("--facts", type=int, default=20)
    ap.add_argument("--layout", choices=("random", "path"), default="random")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    out = measure(args.size, args.situations, args.facts, args.layout, args.seed)
    if args.json:
        print(json.dumps(out))
        return
    print(
        f"{out['size']}×{out['size']}, {out['situations']} situations of {out['facts']} facts "
        f"({out['layout']} cells); tables built once in {out['tables_s']} s "
        f"({out['tables_cpu_s']} s CPU)"
    )
    print(f"  {'':14} {'wall p50':>9} {'wall p95':>9} {'cpu p50':>9} {'cpu p95':>9}  (ms)")
    for key in out["wall_ms"]:
        w, c = out["wall_ms"][key], out["cpu_ms"][key]
        print(f"  {key:14} {w['p50']:9.1f} {w['p95']:9.1f} {c['p50']:9.1f} {c['p95']:9.1f}")
    print(
        f"  groups (cities sharing a residual): p50 {out['groups']['p50']}, p95 {out['groups']['p95']}"
    )


if __name__ == "__main__":
    main()
