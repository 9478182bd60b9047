"""Headless bot-only games: ``python main.py simulate GAME --players N --bots LEVEL[,LEVEL...]``.

Used for balance checks, benchmarks and CI smoke runs. The games run through
:func:`ai.match.play`, so bots only ever receive ``state.view(player)``. A list of levels gives
one level per seat, or per team for team games (``hard,normal``: the first team hard, the second
normal); the sides swap seats from game to game so no level keeps the first seat, and the report
measures what the first seat or team is worth on its own. :func:`simulate` returns the report as
a dict (the monsters balance script imports it); :func:`run_cli` prints it.
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
from ai.match import MAX_ACTIONS, Decided, play
from game.core import registry
from game.core.protocol import GameState
from game.core.stats import percentile

DEFAULT_BUDGET_S = 0.25

#: game id -> a per-game score of the final state (e.g. components built in a co-op game)
_SCORES: dict[str, Callable[[GameState], float]] = {}


def register_score(game_id: str, fn: Callable[[GameState], float]) -> None:
    """Report ``fn(final_state)`` per game as ``score`` (mean, p50, p90) in :func:`simulate`."""
    _SCORES[game_id] = fn


def game_score(game_id: str, state: GameState) -> float | None:
    """The registered score of a finished game, or ``None`` if the game has no score hook."""
    fn = _SCORES.get(game_id)
    return None if fn is None else float(fn(state))


def _sides(spec: registry.GameSpec, players: int) -> tuple[list[int], str, list[str]]:
    """Seat -> side (team index for team games, else the seat itself), the kind of side, and
    each side's name in the reports (the game's team names where it has them).

    The teams come from the game's spec alone (its default teams, numbered by first
    appearance), so any team game gets team reports without code of its own here.
    """
    if spec.team_game and not spec.cooperative:
        teams = list(spec.default_teams(players))
        if len(teams) != players or None in teams:
            raise ValueError(f"{spec.game_id}: its default teams do not seat {players} players")
        order = {t: i for i, t in enumerate(dict.fromkeys(teams))}
        if spec.team_names:
            names = [spec.team_name(t) for t in order]
        else:
            names = [f"team{i + 1}" for i in range(len(order))]
        return [order[t] for t in teams], "team", names
    return list(range(players)), "seat", [f"seat{i + 1}" for i in range(players)]


def _lineups(side_of: list[int], side_name: str, levels: list[str]) -> list[list[str]]:
    """The levels each side's seats play, side by side (``lineups[i][k]``: its k-th seat, or
    ``[level]`` for every seat of the side).

    ``levels`` holds one level (every seat), one per side or, in a team game, one per seat;
    per-seat levels travel with their team when the sides swap, so the teams must be equal.
    """
    num_sides = max(side_of) + 1
    players = len(side_of)
    seats_of = [[s for s in range(players) if side_of[s] == i] for i in range(num_sides)]
    if len(levels) == 1:
        levels = levels * num_sides
    if len(levels) == num_sides:
        return [[levels[i]] for i in range(num_sides)]
    if len(levels) == players and side_name == "team":
        if len({len(seats) for seats in seats_of}) != 1:
            raise ValueError(
                "one level per seat in a team game needs teams of equal size "
                "(the sides swap every game); give one level per team instead"
            )
        return [[levels[s] for s in seats] for seats in seats_of]
    wanted = f"one per {side_name} ({num_sides})"
    if side_name == "team":
        wanted += f" or one per seat ({players})"
    raise ValueError(f"give one bot level or {wanted}, not {len(levels)}")


def _seat_levels(side_of: list[int], lineups: list[list[str]], game: int) -> list[str]:
    """Who plays at which level in game ``game`` (0-based): side i plays lineup ``i + game``."""
    num_sides = len(lineups)
    taken = [0] * num_sides
    out = []
    for side in side_of:
        lineup = lineups[(side + game) % num_sides]
        out.append(lineup[taken[side] % len(lineup)])
        taken[side] += 1
    return out


def _label(lineup: list[str]) -> str:
    return lineup[0] if len(set(lineup)) == 1 else "/".join(lineup)


def _winner(values: list[float]) -> int | None:
    """The one side with the best result, or ``None`` for a draw (shared or nobody won)."""
    best = max(values)
    if best <= 0 or values.count(best) > 1:
        return None
    return values.index(best)


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

    ``levels`` has one entry (every seat), one per side (seat, or team in a team game) or, in a
    team game, one per seat. Side ``i`` of ``win_rate`` is the i-th lineup of levels, played from
    a different side each game (two teams swap every other game); ``position_win_rate`` and
    ``first_advantage`` count by where the sides sat instead, so the first seat's or first
    team's edge shows. A game without one outright winner is a draw (``draws``). ``first_error``
    holds the traceback of the first game that raised (or ``None``); such games count in
    ``errors`` and nothing else.
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
    side_of, side_name, names = _sides(spec, players)
    num_sides = max(side_of) + 1
    levels = [lv.strip() for lv in levels]
    for lv in levels:
        if lv not in LEVELS:
            raise ValueError(f"unknown bot level {lv!r} (levels: {', '.join(LEVELS)})")
    lineups = _lineups(side_of, side_name, levels)
    make_bot(game_id, levels[0], 0)  # an unknown game fails here, before any game starts

    wins = [0] * num_sides  # by lineup (the levels)
    at = [0] * num_sides  # by where the side sat
    draws = 0
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
        seat_level = _seat_levels(side_of, lineups, g)
        bots: list[Bot] = [
            make_bot(game_id, seat_level[s], seed * 7919 + g * 101 + s) for s in range(players)
        ]

        def timed(step: Decided, seat_level: list[str] = seat_level) -> None:
            if step.choices > 1:
                decision_ms[seat_level[step.player]].append(step.seconds * 1000.0)

        try:
            state = spec.create(players, opts, seed + g)
            actions = play(state, bots, budget, observe=timed, max_actions=MAX_ACTIONS)
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
            continue
        sides = [
            sum(returns[s] for s in range(players) if side_of[s] == i) / side_of.count(i)
            for i in range(num_sides)
        ]
        winner = _winner(sides)
        if winner is None:
            draws += 1
        else:
            at[winner] += 1
            wins[(winner + g) % num_sides] += 1
    elapsed = time.perf_counter() - started

    def rate(count: float) -> float:
        return count / finished if finished else 0.0

    win_rate: float | dict[str, float]
    if spec.cooperative:
        win_rate = rate(coop_wins)
    else:
        win_rate = {names[i]: rate(wins[i]) for i in range(num_sides)}
    report: dict[str, Any] = {
        "game": game_id,
        "games": games,
        "seed": seed,
        "options": opts,
        "players": players,
        "bots": [_label(lineup) for lineup in lineups],
        "sides": side_name,
        "lineups": {names[i]: _label(lineups[i]) for i in range(num_sides)},
        "seat_levels": [_seat_levels(side_of, lineups, g) for g in range(min(games, num_sides))],
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
    if side_name == "team":
        report["teams"] = {
            names[i]: [s + 1 for s in range(players) if side_of[s] == i] for i in range(num_sides)
        }
    if not spec.cooperative:
        report["draws"] = rate(draws)
        report["position_win_rate"] = {names[i]: rate(at[i]) for i in range(num_sides)}
        first = rate(at[0])
        fair = (1.0 - rate(draws)) / num_sides
        report["first_advantage"] = {
            "side": names[0],
            "win_rate": first,
            "fair_share": fair,
            "advantage": first - fair,
            "se": math.sqrt(first * (1.0 - first) / finished) if finished else 0.0,
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


def _seats(seats: Sequence[int]) -> str:
    return ("seat " if len(seats) == 1 else "seats ") + ", ".join(map(str, seats))


def format_report(report: Mapping[str, Any]) -> str:
    """The human summary ``simulate`` prints without ``--json``."""
    sides = report.get("sides", "seat")
    lines = [
        f"{report['game']}: {report['games']} games, {report['players']} players, "
        f"bots {', '.join(report['bots'])}, seed {report['seed']}",
    ]
    if report["options"]:
        opts = ", ".join(f"{k}={v}" for k, v in report["options"].items())
        lines.append(f"  options: {opts}")
    teams = report.get("teams")
    if teams:
        lines.append("  teams: " + "; ".join(f"{t} {_seats(s)}" for t, s in teams.items()))
    cycle = report.get("seat_levels", [])
    if teams or len({lv for game in cycle for lv in game}) > 1:
        games = [f"game {g + 1}: {', '.join(lv)}" for g, lv in enumerate(cycle)]
        more = ", and so on in turn" if report["games"] > len(cycle) else ""
        lines.append(f"  levels by seat, {'; '.join(games)}{more}")
    wr = report["win_rate"]
    if isinstance(wr, dict):
        lineups = report.get("lineups", {})
        nth = ("1st", "2nd", "3rd")
        parts = [
            f"{lineups.get(k, '?')} (listed {nth[i] if i < 3 else f'{i + 1}th'}) {v:.0%}"
            for i, (k, v) in enumerate(wr.items())
        ]
        draws = f"; draws {report['draws']:.0%}" if "draws" in report else ""
        lines.append("  win rate by bots (they change places every game): " + ", ".join(parts))
        lines[-1] += draws
    else:
        lines.append(f"  team win rate: {wr:.0%}")
    placed = report.get("position_win_rate")
    if placed:
        parts = [
            f"{k} ({_seats(teams[k])}) {v:.0%}" if teams else f"{k} {v:.0%}"
            for k, v in placed.items()
        ]
        lines.append("  win rate by place, whichever bots sat there: " + ", ".join(parts))
    first = report.get("first_advantage")
    if first:
        who = "first team" if sides == "team" else "first player"
        lines.append(
            f"  {who}'s advantage: {first['advantage'] * 100:+.0f} ± {first['se'] * 100:.0f} "
            f"points over a fair share of {first['fair_share']:.0%}"
        )
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
