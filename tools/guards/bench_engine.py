"""Guards of Atlantis engine speed: full uniformly random legal games, and clone/apply costs.

``make bench`` runs :func:`measure` (section ``guards_engine``); run alone for a quick look:
``python -m tools.guards.bench_engine --seconds 10 --players 6``. The floor (issue 14) is 50 full
random 6-hero games a second on the 2-core reference machine. CPU time
(``time.process_time``) is reported next to wall time because other processes share the
machine; the floor is judged on CPU time, which is what the engine itself costs.

The rounds per game and how the games ended are reported with the speed, so a faster figure
can never hide shorter games. (Since the card's action is asked in two steps, the kind and
then the destination, random play attacks about a third of the time instead of once in ~58
choices: games average ~20 rounds instead of ~28, about a quarter reach the 30-round cap
instead of three quarters, at about the same ~1,300 actions a game, the second step costing
what the shorter games save.)
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

FLOOR_GAMES_PER_S = 50.0


def random_games(players: int, seconds: float, seed: int = 1) -> dict[str, Any]:
    """Play complete random legal games (``legal_actions`` + ``apply``) for ``seconds`` of wall
    time; games/s and actions/s by wall and by CPU time, rounds and endings."""
    from ai.match import playout
    from game.core import registry

    spec = registry.get("guards")
    rng = random.Random(seed)

    def pick(state: Any, player: int) -> Any:
        legal = state.legal_actions(player)
        return legal[rng.randrange(len(legal))]

    games = actions = 0
    rounds: list[int] = []
    endings: Counter[str] = Counter()
    pushes: list[int] = []
    wall0, cpu0 = time.perf_counter(), time.process_time()
    while games == 0 or time.perf_counter() - wall0 < seconds:
        state = spec.create(players, {}, seed + games)
        actions += playout(state, pick)
        games += 1
        rounds.append(state.round_number)
        endings[state.win_how] += 1
        pushes.append(state.pushes)
    wall = time.perf_counter() - wall0
    cpu = time.process_time() - cpu0
    return {
        "players": players,
        "games": games,
        "wall_s": round(wall, 3),
        "cpu_s": round(cpu, 3),
        "games_per_s_wall": games / wall,
        "games_per_s_cpu": games / cpu,
        "actions_per_s_wall": actions / wall,
        "actions_per_s_cpu": actions / cpu,
        "actions_per_game": actions / games,
        "rounds_mean": statistics.fmean(rounds),
        "rounds_min": min(rounds),
        "rounds_max": max(rounds),
        "endings": dict(endings),
        "pushes_per_game": statistics.fmean(pushes),
        "floor_games_per_s": FLOOR_GAMES_PER_S,
    }


def clone_apply_costs(players: int = 6, positions: int = 200, seed: int = 5) -> dict[str, Any]:
    """Microseconds per ``clone()``, per ``clone()`` + ``_apply()`` of a legal action (what a
    searching bot does per node) and per checked ``apply()``, over positions of random games."""
    from game.core import registry

    spec = registry.get("guards")
    rng = random.Random(seed)
    found: list[tuple[Any, Any]] = []
    game = 0
    while len(found) < positions:
        state = spec.create(players, {}, seed + game)
        game += 1
        step = 0
        while (dec := state.decision()) is not None:
            legal = state.legal_actions(dec.players[0])
            action = legal[rng.randrange(len(legal))]
            step += 1
            if step % 7 == 0 and len(found) < positions:
                found.append((state.clone(), action))
            state.apply(action)
    reps = 5

    def per_call(fn: Any) -> tuple[float, float]:
        wall0, cpu0 = time.perf_counter(), time.process_time()
        for _ in range(reps):
            for state, action in found:
                fn(state, action)
        n = reps * len(found)
        wall = time.perf_counter() - wall0
        cpu = time.process_time() - cpu0
        return wall / n * 1e6, cpu / n * 1e6

    clone_w, clone_c = per_call(lambda s, a: s.clone())
    both_w, both_c = per_call(lambda s, a: s.clone()._apply(a))
    full_w, full_c = per_call(lambda s, a: s.clone().apply(a))
    return {
        "positions": len(found),
        "clone_us_wall": clone_w,
        "clone_us_cpu": clone_c,
        "clone_apply_us_wall": both_w,
        "clone_apply_us_cpu": both_c,
        "clone_checked_apply_us_wall": full_w,
        "clone_checked_apply_us_cpu": full_c,
    }


def measure(seconds: float = 4.0, players: int = 6, positions: int = 200) -> dict[str, Any]:
    import game.guards  # noqa: F401 - registers the engine

    return {
        "random": random_games(players, seconds),
        "costs": clone_apply_costs(players, positions),
    }


def lines(res: dict[str, Any]) -> list[str]:
    """The report lines ``make bench`` prints."""
    r, c = res["random"], res["costs"]
    verdict = "ok" if r["games_per_s_cpu"] >= r["floor_games_per_s"] else "UNDER the floor"
    ends = ", ".join(f"{k or '?'} {v}" for k, v in sorted(r["endings"].items()))
    return [
        f"{r['players']} heroes, uniformly random legal play: {r['games_per_s_cpu']:.1f} full "
        f"games/s by CPU time, {r['games_per_s_wall']:.1f} by wall time (floor "
        f"{r['floor_games_per_s']:g} on CPU: {verdict})",
        f"engine actions/s: {r['actions_per_s_cpu']:,.0f} CPU, {r['actions_per_s_wall']:,.0f} "
        f"wall ({r['actions_per_game']:.0f} actions a game)",
        f"rounds a game: mean {r['rounds_mean']:.1f} (min {r['rounds_min']}, max "
        f"{r['rounds_max']}); {r['pushes_per_game']:.1f} pushes a game; endings: {ends} "
        f"({r['games']} games)",
        f"clone {c['clone_us_cpu']:.1f} us, clone + _apply {c['clone_apply_us_cpu']:.1f} us, "
        f"clone + checked apply {c['clone_checked_apply_us_cpu']:.1f} us a call (CPU; "
        f"{c['positions']} positions of random games)",
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=4.0)
    parser.add_argument("--players", type=int, default=6)
    args = parser.parse_args(argv)
    for line in lines(measure(args.seconds, args.players)):
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
