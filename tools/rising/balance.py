"""Atlantis Rising balance: win rate per difficulty level and bot level.

``python -m tools.rising.balance --games 200 --players 4 --levels hard --worlds 0 --workers 1``

Plays ``--games`` bot-only games for every difficulty x bot level (all seats at one level),
seeds ``seed .. seed + games - 1`` (the same seeds for every cell), and prints a markdown table:
win rate, mean rounds, mean components built, decision time p50/p95. The games run through
:func:`ai.match.play` (bots only ever receive ``state.view(player)``), watched for decision times;
the components built are read from each final state. ``--workers 1`` runs half of the
games in one extra process. The report is written to ``build/balance.json``.

``--councilors`` deals the councilors at random from each game's seed (the ``councilors``
option, every seat ``random``) and adds a table per councilor: the team's win rate in the games
that councilor sat in, beside the rate in the games it did not, per difficulty.

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
from game.rising.councilors import COUNCILORS

DIFFICULTIES = ("easy", "normal", "hard", "cosmic")
OUT = Path(__file__).resolve().parents[2] / "build" / "balance.json"


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
    from ai.match import Decided, play
    from game.core import registry

    spec = registry.get("rising")
    opts = spec.parse_options({**options, "difficulty": difficulty})
    state = spec.create(players, opts, seed)
    bots = [make_rising_bot(level, seed * 7919 + s, budget, worlds) for s in range(players)]
    times: list[float] = []

    def timed(step: Decided) -> None:
        if step.choices > 1:
            times.append(step.seconds * 1000.0)

    play(state, bots, budget, observe=timed)
    return {
        "won": state.result == "won",
        "rounds": state.round,
        "built": sum(b >= 0 for b in state.built),
        "councilors": [COUNCILORS[c].key for c in state.councilor],
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
                        "seated": [r["councilors"] for r in results],
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


def _one(args: tuple) -> dict[str, Any]:
    import game.rising  # noqa: F401  (registers the game in a spawned worker)

    level, players, difficulty, seed, budget, options, worlds = args
    r = play_game(level, players, difficulty, seed, budget, options, worlds)
    ms = r.pop("ms")
    return {
        **r, "level": level, "players": players, "difficulty": difficulty, "seed": seed,
        "worlds": worlds, "budget_s": budget, "monsters": options.get("monsters", "none"),
        "decisions": len(ms), "ms_p50": percentile(ms, 0.5), "ms_p95": percentile(ms, 0.95),
    }  # fmt: skip


def run_logged(
    log: Path,
    games: int,
    players: int,
    levels: list[str],
    difficulties: list[str],
    seed: int,
    budget: float,
    processes: int,
    options: dict[str, str],
    worlds: int | None,
) -> list[dict[str, Any]]:
    """Every game as one JSON line in ``log``, seed by seed across the cells; resumable.

    Games already in the log are not played again, so a long measurement can be stopped and
    started again (by a faster build of the same bots) and read at any time: every cell then
    holds the same seeds, give or take the games in flight.
    """
    import game.rising  # noqa: F401

    done = set()
    if log.exists():
        for line in log.read_text().splitlines():
            g = json.loads(line)
            done.add((g["level"], g["players"], g["difficulty"], g["seed"], g["worlds"]))
    jobs = [
        (level, players, diff, s, budget, options, worlds)
        for s in range(seed, seed + games)
        for level in levels
        for diff in difficulties
        if (level, players, diff, s, worlds) not in done
    ]
    with log.open("a") as out:
        if processes > 1:
            with multiprocessing.get_context("spawn").Pool(processes) as pool:
                for g in pool.imap_unordered(_one, jobs):
                    out.write(json.dumps(g) + "\n")
                    out.flush()
        else:
            for job in jobs:
                out.write(json.dumps(_one(job)) + "\n")
                out.flush()
    return summarise(log)


def summarise(log: Path) -> list[dict[str, Any]]:
    """One row per (level, players, difficulty, worlds) over the games in ``log``, so far."""
    cells: dict[tuple, list[dict[str, Any]]] = {}
    for line in log.read_text().splitlines():
        g = json.loads(line)
        cells.setdefault((g["level"], g["players"], g["difficulty"], g["worlds"]), []).append(g)
    rows = []
    for (level, players, diff, worlds), gs in cells.items():
        n = len(gs)
        rate = sum(g["won"] for g in gs) / n
        seeds = sorted(g["seed"] for g in gs)
        rows.append({
            "level": level, "difficulty": diff, "players": players, "games": n,
            "worlds": worlds, "seeds": [seeds[0], seeds[-1]], "wins": sum(g["won"] for g in gs),
            "win_rate": rate, "win_se": math.sqrt(rate * (1.0 - rate) / n),
            "mean_rounds": sum(g["rounds"] for g in gs) / n,
            "mean_built": sum(g["built"] for g in gs) / n,
            "decision_ms_p50": percentile([g["ms_p50"] for g in gs], 0.5),
            "decision_ms_p95": percentile([g["ms_p95"] for g in gs], 0.5),
        })  # fmt: skip
    order = {d: i for i, d in enumerate(DIFFICULTIES)}
    rows.sort(key=lambda r: (r["level"], r["players"], order.get(r["difficulty"], 9)))
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


def councilor_rows(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Per councilor and difficulty: the win rate of the games it sat in, and of the others
    (the same seeds, so the two rates differ by who was at the table)."""
    out = []
    for r in rows:
        for c in COUNCILORS:
            with_c = [
                w for w, seated in zip(r["wins"], r["seated"], strict=True) if c.key in seated
            ]
            without = [
                w for w, seated in zip(r["wins"], r["seated"], strict=True) if c.key not in seated
            ]
            rate = sum(with_c) / len(with_c) if with_c else 0.0
            out.append({
                "councilor": c.name, "difficulty": r["difficulty"], "players": r["players"],
                "level": r["level"], "worlds": r["worlds"], "games": len(with_c),
                "win_rate": rate,
                "win_se": math.sqrt(rate * (1 - rate) / len(with_c)) if with_c else 0.0,
                "without_games": len(without),
                "without_rate": sum(without) / len(without) if without else 0.0,
            })  # fmt: skip
    return out


def councilor_table(rows: list[dict[str, Any]]) -> str:
    """A markdown table: one line per councilor, one column per difficulty ("with / without")."""
    cells = councilor_rows(rows)
    diffs = [d for d in DIFFICULTIES if any(c["difficulty"] == d for c in cells)]
    head = "| councilor | " + " | ".join(diffs) + " | all |\n|---|" + "---|" * (len(diffs) + 1)
    lines = [head]
    for c in COUNCILORS:
        mine = [x for x in cells if x["councilor"] == c.name]
        parts = []
        for d in diffs:
            x = [m for m in mine if m["difficulty"] == d]
            games = sum(m["games"] for m in x)
            wins = sum(m["win_rate"] * m["games"] for m in x)
            other = sum(m["without_games"] for m in x)
            other_wins = sum(m["without_rate"] * m["without_games"] for m in x)
            parts.append(_with_without(wins, games, other_wins, other))
        games = sum(m["games"] for m in mine)
        other = sum(m["without_games"] for m in mine)
        parts.append(
            _with_without(
                sum(m["win_rate"] * m["games"] for m in mine), games,
                sum(m["without_rate"] * m["without_games"] for m in mine), other,
            )
        )  # fmt: skip
        lines.append(f"| {c.name} | " + " | ".join(parts) + " |")
    return "\n".join(lines)


def _with_without(wins: float, games: int, other_wins: float, other: int) -> str:
    if not games:
        return "–"
    rate = wins / games
    se = math.sqrt(rate * (1 - rate) / games)
    rest = f" (without: {other_wins / other:.0%}, {other})" if other else ""
    return f"{rate:.0%} ± {se:.0%} of {games}{rest}"


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
    ap.add_argument(
        "--councilors", action="store_true",
        help="deal the councilors at random per seed and add a table per councilor",
    )  # fmt: skip
    ap.add_argument("--out", type=Path, default=OUT)
    ap.add_argument("--append", action="store_true", help="add the rows to an existing report")
    ap.add_argument(
        "--log", type=Path, default=None,
        help="one JSON line per game, seed by seed across the cells; resumes a stopped run",
    )  # fmt: skip
    ap.add_argument("--processes", type=int, default=1, help="with --log: games in parallel")
    ap.add_argument("--summary", action="store_true", help="with --log: only print the table")
    args = ap.parse_args(argv)
    rows: list[dict[str, Any]] = []
    if args.log is not None:
        for n in args.players:
            if args.summary:
                break
            run_logged(
                args.log, args.games, n, args.levels.split(","), args.difficulties.split(","),
                args.seed, args.budget, args.processes,
                {"energy_start": args.energy_start, "monsters": args.monsters}, args.worlds,
            )  # fmt: skip
        print(table(summarise(args.log)))
        return 0
    for n in args.players:
        options = {"energy_start": args.energy_start, "monsters": args.monsters}
        if args.councilors:
            options["councilors"] = ",".join(["random"] * n)
        rows += run(
            args.games,
            n,
            args.levels.split(","),
            args.difficulties.split(","),
            args.seed,
            args.budget,
            args.workers,
            options,
            args.worlds,
        )
    print(table(rows))
    if args.councilors:
        print()
        print(councilor_table(rows))
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
