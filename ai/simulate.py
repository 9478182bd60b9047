"""Headless bot-only games: ``python main.py simulate GAME --players N --bots LEVEL[,LEVEL...]``.

Used for balance checks, benchmarks and CI smoke runs. Bots run inline and only ever receive
``state.view(player)``. A list of levels gives one level per seat (or per team for team games);
sides rotate across games so no level keeps the first seat. :func:`simulate` returns the report
as a dict (the benchmark and balance scripts import it); :func:`run_cli` prints it.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
import traceback
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ai.base import LEVELS, Bot
from ai.bots import make_bot
from game.core import registry
from game.core.protocol import GameState
from game.core.stats import percentile

DEFAULT_BUDGET_S = 0.25
MAX_ACTIONS = 200_000

#: game id -> a per-game score of the final state (e.g. components built in a co-op game)
_SCORES: dict[str, Callable[[GameState], float]] = {}


def register_score(game_id: str, fn: Callable[[GameState], float]) -> None:
    """Report ``fn(final_state)`` per game as ``score`` (mean, p50, p90) in :func:`simulate`."""
    _SCORES[game_id] = fn


def game_score(game_id: str, state: GameState) -> float | None:
    """The registered score of a finished game, or ``None`` if the game has no score hook."""
    fn = _SCORES.get(game_id)
    return None if fn is None else float(fn(state))


def _sides(spec: registry.GameSpec, players: int) -> tuple[list[int], str]:
    """Seat -> side (team index for team games, else the seat itself) and the side's name."""
    if spec.teams is not None and not spec.cooperative:
        teams = list(spec.teams(players))
        order = {t: i for i, t in enumerate(dict.fromkeys(teams))}
        return [order[t] for t in teams], "team"
    return list(range(players)), "seat"


def simulate(
    game_id: str,
    players: int,
    levels: Sequence[str],
    games: int,
    seed: int = 0,
    options: Mapping[str, str] | None = None,
    budget: float = DEFAULT_BUDGET_S,
) -> dict[str, Any]:
    """Play ``games`` bot-only games and report results; bad input raises ``ValueError``.

    ``levels`` has one entry (every seat), one per side. Side ``i`` of the report is the
    i-th level, played from a different seat each game. ``first_error`` holds the traceback of
    the first game that raised (or ``None``); such games count in ``errors`` and nothing else.
    """
    try:
        spec = registry.get(game_id)
    except KeyError as exc:
        raise ValueError(exc.args[0]) from None
    opts = spec.parse_options(dict(options or {}))
    if not spec.min_players <= players <= spec.max_players:
        raise ValueError(
            f"{spec.title} is for {spec.min_players}-{spec.max_players} players, not {players}"
        )
    if games < 1:
        raise ValueError("--games must be at least 1")
    if not (isinstance(budget, (int, float)) and math.isfinite(budget) and budget > 0):
        raise ValueError(f"the time budget must be a positive number of seconds, not {budget!r}")
    side_of, side_name = _sides(spec, players)
    num_sides = max(side_of) + 1
    levels = [lv.strip() for lv in levels]
    for lv in levels:
        if lv not in LEVELS:
            raise ValueError(f"unknown bot level {lv!r} (levels: {', '.join(LEVELS)})")
    if len(levels) == 1:
        levels = levels * num_sides
    if len(levels) != num_sides:
        raise ValueError(
            f"give one bot level or one per {side_name} ({num_sides}), not {len(levels)}"
        )
    make_bot(game_id, levels[0], 0)  # an unknown game fails here, before any game starts

    wins = [0.0] * num_sides
    coop_wins = 0.0
    finished = 0
    errors = 0
    first_error: str | None = None
    lengths: list[float] = []
    scores: list[float] = []
    decision_ms: dict[str, list[float]] = {lv: [] for lv in dict.fromkeys(levels)}
    total_actions = 0
    started = time.perf_counter()
    for g in range(games):
        # rotate sides across games: side i sits where side (i + g) would have sat
        seat_level = [levels[(side_of[s] + g) % num_sides] for s in range(players)]
        bots: list[Bot] = [
            make_bot(game_id, seat_level[s], seed * 7919 + g * 101 + s) for s in range(players)
        ]
        try:
            state = spec.create(players, opts, seed + g)
            actions = 0
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
                    decision_ms[seat_level[p]].append((time.perf_counter() - t0) * 1000.0)
                state.apply(action)
                actions += 1
                if actions > MAX_ACTIONS:
                    raise RuntimeError(f"game did not end within {MAX_ACTIONS} actions")
        except Exception:
            errors += 1
            if first_error is None:
                first_error = f"game {g + 1} (seed {seed + g}):\n{traceback.format_exc()}"
            continue
        finished += 1
        total_actions += actions
        lengths.append(float(state.round_number))
        score = game_score(game_id, state)
        if score is not None:
            scores.append(score)
        returns = state.returns()
        if spec.cooperative:
            coop_wins += returns[0]
        else:
            for side in range(num_sides):
                seats = [s for s in range(players) if (side_of[s] + g) % num_sides == side]
                wins[side] += sum(returns[s] for s in seats) / len(seats)
    elapsed = time.perf_counter() - started

    win_rate: float | dict[str, float]
    if spec.cooperative:
        win_rate = coop_wins / finished if finished else 0.0
    else:
        win_rate = {
            f"{side_name}{i + 1}": (wins[i] / finished if finished else 0.0)
            for i in range(num_sides)
        }
    report: dict[str, Any] = {
        "game": game_id,
        "games": games,
        "seed": seed,
        "options": opts,
        "players": players,
        "bots": list(levels),
        "sides": side_name,
        "budget_s": budget,
        "win_rate": win_rate,
        "length": {
            "mean": sum(lengths) / len(lengths) if lengths else 0.0,
            "p50": percentile(lengths, 0.5),
            "p90": percentile(lengths, 0.9),
        },
        "decision_ms": {
            lv: {"p50": percentile(ms, 0.5), "p95": percentile(ms, 0.95), "n": len(ms)}
            for lv, ms in decision_ms.items()
        },
        "actions_per_second": total_actions / elapsed if elapsed > 0 else 0.0,
        "seconds": elapsed,
        "errors": errors,
        "first_error": first_error,
    }
    if scores:
        report["score"] = {
            "mean": sum(scores) / len(scores),
            "p50": percentile(scores, 0.5),
            "p90": percentile(scores, 0.9),
        }
    return report


def _parse_options(raw: Sequence[str] | None) -> dict[str, str]:
    out: dict[str, str] = {}
    for item in raw or ():
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise ValueError(f"--option wants key=value, not {item!r}")
        out[key.strip()] = value.strip()
    return out


def format_report(report: Mapping[str, Any]) -> str:
    """The human summary ``simulate`` prints without ``--json``."""
    lines = [
        f"{report['game']}: {report['games']} games, {report['players']} players, "
        f"bots {', '.join(report['bots'])}, seed {report['seed']}",
    ]
    if report["options"]:
        opts = ", ".join(f"{k}={v}" for k, v in report["options"].items())
        lines.append(f"  options: {opts}")
    wr = report["win_rate"]
    if isinstance(wr, dict):
        parts = [
            f"{k} ({lv}) {v:.0%}" for (k, v), lv in zip(wr.items(), report["bots"], strict=True)
        ]
        lines.append("  win rate: " + ", ".join(parts))
    else:
        lines.append(f"  team win rate: {wr:.0%}")
    ln = report["length"]
    lines.append(f"  length: mean {ln['mean']:.1f} rounds, p50 {ln['p50']:g}, p90 {ln['p90']:g}")
    if "score" in report:
        sc = report["score"]
        lines.append(f"  score: mean {sc['mean']:.2f}, p50 {sc['p50']:g}, p90 {sc['p90']:g}")
    for lv, d in report["decision_ms"].items():
        lines.append(f"  {lv}: decision p50 {d['p50']:.1f} ms, p95 {d['p95']:.1f} ms")
    lines.append(
        f"  {report['actions_per_second']:.0f} actions/s, {report['seconds']:.1f} s, "
        f"errors {report['errors']}"
    )
    return "\n".join(lines)


def _arg(args: argparse.Namespace, name: str, default: Any) -> Any:
    value = getattr(args, name, None)
    return default if value is None else value


def run_cli(args: argparse.Namespace) -> int:
    """The ``simulate`` command: 0 ok, 1 if any game raised, 2 for bad input."""
    try:
        spec_players = getattr(args, "players", None)
        if spec_players is None:
            spec_players = registry.get(args.game).min_players
        levels = str(_arg(args, "bots", "random")).split(",")
        report = simulate(
            args.game,
            int(spec_players),
            levels,
            int(_arg(args, "games", 1)),
            int(_arg(args, "seed", 0)),
            _parse_options(getattr(args, "option", None)),
            float(_arg(args, "budget", DEFAULT_BUDGET_S)),
        )
    except (ValueError, KeyError) as exc:
        msg = exc.args[0] if exc.args else str(exc)
        print(f"simulate: {msg}", file=sys.stderr)
        return 2
    first_error = report.pop("first_error")
    if first_error:
        print(f"simulate: {report['errors']} game(s) raised; the first:", file=sys.stderr)
        print(first_error, file=sys.stderr)
    if getattr(args, "json", False):
        print(json.dumps(report, sort_keys=True))
    else:
        print(format_report(report))
    return 1 if report["errors"] else 0
