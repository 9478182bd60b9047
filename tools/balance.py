"""Atlantis Rising balance: win rate per difficulty level and bot level.

``python -m tools.balance --games 200 --players 4 --levels hard --worlds 0 --workers 1``

Plays ``--games`` bot-only games for every difficulty x bot level (all seats at one level),
seeds ``seed .. seed + games - 1`` (the same seeds for every cell), and prints a markdown table:
win rate, mean rounds, mean components built, decision time p50/p95. Bots only ever receive
``state.view(player)`` (like :func:`ai.simulate.simulate`); this loop is our own because the
balance table also needs the components built per game. ``--workers 1`` runs half of the
games in one extra process. The report is written to ``build/balance.json``.

``--worlds K`` caps the hard bot's search at ``K`` sampled worlds per decision (on top of the
``--budget`` time limit), so a measurement does not depend on the machine's speed; with
``--worlds 0`` (or fewer than 8 worlds) the hard bot plays its own base policy, the tuned
heuristic its search starts from.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import sys
import time
from pathlib import Path
from typing import Any

from game.core.stats import percentile

DIFFICULTIES = ("easy", "normal", "hard", "cosmic")
OUT = Path(__file__).resolve().parent.parent / "build" / "balance.json"


def make_rising_bot(level: str, seed: int, budget: float, worlds: int | None = None) -> Any:
    """The bot ``level`` for one seat; ``worlds`` caps a hard bot's sampled worlds."""
    from ai.bots import make_bot

    if level == "hard" and worlds is not None:
        from ai.rising import SearchRisingBot

        return SearchRisingBot("hard", seed, max_worlds=worlds, max_time=budget)
    return make_bot("rising", level, seed)


def play_game(
    level: str,
    players: int,
    difficulty: str,
    seed: int,
    budget: float,
    options: dict[str, str],
    worlds: int | None = None,
) -> dict[str, Any]:
    """One game, every seat played by ``level``; returns the outcome and decision times."""
    from game.core import registry

    spec = registry.get("rising")
    opts = spec.parse_options({**options, "difficulty": difficulty})
    state = spec.create(players, opts, seed)
    bots = [make_rising_bot(level, seed * 7919 + s, budget, worlds) for s in range(players)]
    times: list[float] = []
    while True:
        dec = state.decision()
        if dec is None:
            break
        p = dec.players[0]
        view = state.view(p)
        many = len(view.legal_actions(p)) > 1
        t0 = time.perf_counter()
        action = bots[p].choose(view, p, time.monotonic() + budget)
        if many:
            times.append((time.perf_counter() - t0) * 1000.0)
        state.apply(action)
    return {
        "won": state.result == "won",
        "rounds": state.round,
        "built": sum(b >= 0 for b in state.built),
        "ms": times,
    }


def _batch(args: tuple) -> list[dict[str, Any]]:
    import game.rising  # noqa: F401  (registers the game in a spawned worker)

    level, players, difficulty, seeds, budget, options, worlds = args
    return [play_game(level, players, difficulty, s, budget, options, worlds) for s in seeds]


def run(
    games: int,
    players: int,
    levels: list[str],
    difficulties: list[str],
    seed: int = 0,
    budget: float = 0.25,
    workers: int = 0,
    options: dict[str, str] | None = None,
    worlds: int | None = None,
) -> list[dict[str, Any]]:
    import game.rising  # noqa: F401

    options = dict(options or {})
    rows: list[dict[str, Any]] = []
    pool = multiprocessing.get_context("spawn").Pool(1) if workers > 0 else None
    try:
        for level in levels:
            for diff in difficulties:
                seeds = list(range(seed, seed + games))
                started = time.perf_counter()
                if pool is not None:
                    half = seeds[len(seeds) // 2 :]
                    mine = seeds[: len(seeds) // 2]
                    job = pool.apply_async(
                        _batch, ((level, players, diff, half, budget, options, worlds),)
                    )
                    results = _batch((level, players, diff, mine, budget, options, worlds))
                    results += job.get()
                else:
                    results = _batch((level, players, diff, seeds, budget, options, worlds))
                ms = [m for r in results for m in r["ms"]]
                n = len(results)
                rate = sum(r["won"] for r in results) / n
                rows.append(
                    {
                        "level": level,
                        "difficulty": diff,
                        "monsters": options.get("monsters", "none"),
                        "players": players,
                        "games": n,
                        "seeds": [seeds[0], seeds[-1]],
                        "budget_s": budget,
                        "worlds": worlds,
                        "win_rate": rate,
                        "win_se": math.sqrt(rate * (1.0 - rate) / n),
                        "wins": [bool(r["won"]) for r in results],
                        "built": [r["built"] for r in results],
                        "mean_rounds": sum(r["rounds"] for r in results) / n,
                        "mean_built": sum(r["built"] for r in results) / n,
                        "decision_ms_p50": percentile(ms, 0.5),
                        "decision_ms_p95": percentile(ms, 0.95),
                        "seconds": time.perf_counter() - started,
                    }
                )
                print(_row(rows[-1]), file=sys.stderr, flush=True)
    finally:
        if pool is not None:
            pool.close()
            pool.join()
    return rows


def _row(r: dict[str, Any]) -> str:
    return (
        f"| {r['players']} | {r['difficulty']} | {r['level']} | "
        f"{r['win_rate']:.1%} ± {r['win_se']:.1%} | {r['mean_rounds']:.1f} | "
        f"{r['mean_built']:.2f} | {r['games']} | {r['decision_ms_p50']:.1f} / "
        f"{r['decision_ms_p95']:.1f} |"
    )


def table(rows: list[dict[str, Any]]) -> str:
    head = (
        "| players | difficulty | bots | win rate ± SE | mean rounds | mean components built | "
        "games | decision ms p50 / p95 |\n|---|---|---|---|---|---|---|---|"
    )
    return "\n".join([head, *(_row(r) for r in rows)])


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=50)
    ap.add_argument("--players", type=int, nargs="+", default=[4])
    ap.add_argument("--levels", default="hard", help="comma list of random,easy,normal,hard")
    ap.add_argument("--difficulties", default=",".join(DIFFICULTIES))
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--budget", type=float, default=0.25, help="seconds per bot decision")
    ap.add_argument(
        "--worlds", type=int, default=None, help="cap on the hard bot's sampled worlds per decision"
    )
    ap.add_argument("--workers", type=int, default=0, choices=(0, 1))
    ap.add_argument("--energy-start", default="yes", choices=("yes", "no"))
    ap.add_argument(
        "--monsters", default="none", help="monster scenarios in play, e.g. medusa,harpies,scylla"
    )
    ap.add_argument("--out", type=Path, default=OUT)
    ap.add_argument("--append", action="store_true", help="add the rows to an existing report")
    args = ap.parse_args(argv)
    rows: list[dict[str, Any]] = []
    for n in args.players:
        rows += run(
            args.games,
            n,
            args.levels.split(","),
            args.difficulties.split(","),
            args.seed,
            args.budget,
            args.workers,
            {"energy_start": args.energy_start, "monsters": args.monsters},
            args.worlds,
        )
    print(table(rows))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    report: dict[str, Any] = {
        "date": time.strftime("%Y-%m-%d"),
        "seed": args.seed,
        "budget_s": args.budget,
        "worlds": args.worlds,
    }
    if args.append and args.out.exists():
        old = json.loads(args.out.read_text())
        rows = [*old.get("rows", []), *rows]
        report["runs"] = [*old.get("runs", []), {k: report[k] for k in ("date", "seed")}]
    report["rows"] = rows
    args.out.write_text(json.dumps(report, indent=2, sort_keys=True))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
