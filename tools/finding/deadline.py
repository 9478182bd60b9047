"""Does the U-Bot answer in time? Four-submarine games, every decision timed against its budget.

    python -m tools.finding.deadline run --size 8 --games 100 --seed 0 --out FILE.jsonl
    python -m tools.finding.deadline summary FILE.jsonl [FILE.jsonl ...]

Each game is played by four bots of one level (hard by default: the slowest) through
:func:`ai.match.play`, which hands each bot its seat's view and a deadline ``budget`` seconds
away, as the game's bot runner does. A decision that answers after its deadline is one the
runner would have had to replace by a fallback move once its grace ran out: the count of those
is the number that must be 0. Wall time is what the runner sees; process time is recorded next
to it, so a run on a busy machine can tell a slow bot from a starved one. As in the runner, a
bot's ``prepare`` (the city tables) runs once before its first budget starts. One JSON line per
game, so runs can be split over processes and their files summarised together.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

from ai.bots import make_bot
from ai.match import play
from game.core.stats import percentile
from game.finding.setup import new_game


def one_game(size: int, seed: int, level: str, players: int, budget: float) -> dict[str, Any]:
    """Play one game; return its per-decision times (ms) and how many missed the deadline."""
    st = new_game(players, {"size": str(size)}, seed)
    bots = [make_bot("finding", level, seed * 31 + s) for s in range(players)]
    wall: list[float] = []
    cpu: list[float] = []
    #: (belief update, choice) ms of each timed decision, as the bot measured them
    parts: list[tuple[float, float]] = []
    clock = time.process_time

    class Timed:
        def __init__(self, bot: Any) -> None:
            self.bot = bot
            self.prepared = False

        def choose(self, view: Any, player: int, deadline: float, *rest: Any) -> Any:
            if not self.prepared:  # as the runner does when it builds a bot: before its budget
                self.prepared = True
                self.bot.prepare(view)
                deadline = time.monotonic() + budget
            c0, w0 = clock(), time.monotonic()
            action = self.bot.choose(view, player, deadline, *rest)
            if len(view.legal_actions(player)) > 1:
                wall.append((time.monotonic() - w0) * 1000.0)
                cpu.append((clock() - c0) * 1000.0)
                parts.append(getattr(self.bot, "last_ms", (0.0, 0.0)))
            return action

    play(st, [Timed(b) for b in bots], budget)
    limit = budget * 1000.0
    return {
        "seed": seed,
        "size": size,
        "level": level,
        "players": players,
        "budget": budget,
        "rounds": st.round,
        "decisions": len(wall),
        "late_wall": sum(1 for w in wall if w > limit),
        "late_cpu": sum(1 for c in cpu if c > limit),
        "max_wall_ms": round(max(wall, default=0.0), 1),
        "max_cpu_ms": round(max(cpu, default=0.0), 1),
        "max_update_ms": round(max((u for u, _ in parts), default=0.0), 1),
        "max_choice_ms": round(max((c for _, c in parts), default=0.0), 1),
        "wall_ms": [round(w, 1) for w in wall],
    }


def summary(paths: list[str]) -> dict[str, Any]:
    games = [json.loads(line) for p in paths for line in Path(p).read_text().splitlines() if line]
    wall = [w for g in games for w in g["wall_ms"]]
    return {
        "games": len(games),
        "decisions": len(wall),
        "late_wall": sum(g["late_wall"] for g in games),
        "late_cpu": sum(g["late_cpu"] for g in games),
        "p50_ms": round(percentile(wall, 0.5), 1),
        "p95_ms": round(percentile(wall, 0.95), 1),
        "p99_ms": round(percentile(wall, 0.99), 1),
        "max_wall_ms": max((g["max_wall_ms"] for g in games), default=0.0),
        "max_cpu_ms": max((g["max_cpu_ms"] for g in games), default=0.0),
        "max_update_ms": max((g.get("max_update_ms", 0.0) for g in games), default=0.0),
        "max_choice_ms": max((g.get("max_choice_ms", 0.0) for g in games), default=0.0),
        "median_rounds": percentile([float(g["rounds"]) for g in games], 0.5),
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="tools.finding.deadline")
    sub = parser.add_subparsers(dest="what", required=True)
    run = sub.add_parser("run")
    run.add_argument("--size", type=int, default=8, choices=(6, 8))
    run.add_argument("--games", type=int, default=100)
    run.add_argument("--seed", type=int, default=0)
    run.add_argument("--level", default="hard")
    run.add_argument("--players", type=int, default=4)
    run.add_argument("--budget", type=float, default=1.0)
    run.add_argument("--out", required=True)
    summ = sub.add_parser("summary")
    summ.add_argument("files", nargs="+")
    args = parser.parse_args(argv)
    if args.what == "summary":
        print(json.dumps(summary(args.files), indent=1))
        return
    out = Path(args.out)
    done = len(out.read_text().splitlines()) if out.exists() else 0
    for g in range(done, args.games):
        row = one_game(args.size, args.seed + g, args.level, args.players, args.budget)
        with out.open("a") as f:
            f.write(json.dumps(row) + "\n")
        print(
            f"game {g + 1}/{args.games}: {row['decisions']} decisions, late {row['late_wall']}, "
            f"max {row['max_wall_ms']} ms",
            file=sys.stderr,
            flush=True,
        )


if __name__ == "__main__":
    main()
