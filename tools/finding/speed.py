"""How fast the Finding Atlantis engine plays: random 4-submarine games per second.

    python -m tools.finding.speed --games 200 --size 8 --mode pirate

A timing script, not a test (speed belongs outside the test suite). Reports whole random
games per second (every move through ``apply``, so the legality check is included), the
actions per second, and the cost of the calls bots make most: ``clone``, ``legal_actions``,
``view`` and ``determinize``.
"""

from __future__ import annotations

import argparse
import json
import random
import time

from game.finding.ocean import atlantis_placements
from game.finding.setup import new_game


def measure(games: int, players: int, size: str, mode: str, monsters: str, seed: int) -> dict:
    options = {"size": size, "mode": mode, "monsters": monsters}
    atlantis_placements(int(size), 4 if size == "6" else 6)  # built once per process
    actions = 0
    mids = []
    t0 = time.perf_counter()
    for g in range(games):
        st = new_game(players, options, seed + g)
        rng = random.Random(seed + g)
        while (d := st.decision()) is not None:
            legal = st.legal_actions(d.players[0])
            st.apply(legal[rng.randrange(len(legal))])
            actions += 1
            if actions % 97 == 0 and len(mids) < 200:
                mids.append(st.clone())
    elapsed = time.perf_counter() - t0

    def per_call(fn, reps: int = 2000) -> float:
        t = time.perf_counter()
        for i in range(reps):
            fn(mids[i % len(mids)])
        return (time.perf_counter() - t) / reps * 1e6

    rng = random.Random(1)
    for s in mids:  # a bot's table keeps its charts read: measure views of such positions
        s.view(0)
    return {
        "games": games,
        "players": players,
        "options": options,
        "games_per_s": round(games / elapsed, 1),
        "actions_per_s": round(actions / elapsed),
        "clone_us": round(per_call(lambda s: s.clone()), 1),
        "legal_actions_us": round(
            per_call(lambda s: s.legal_actions(d.players[0]) if (d := s.decision()) else None), 1
        ),
        "view_us": round(per_call(lambda s: s.view(0), 500), 1),
        "determinize_us": round(per_call(lambda s: s.view(0).determinize(rng), 200), 1),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="finding_speed", description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--size", default="8", choices=("6", "8"))
    parser.add_argument("--mode", default="classic", choices=("classic", "pirate"))
    parser.add_argument("--monsters", default="sleepy", choices=("sleepy", "hunting"))
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    report = measure(args.games, args.players, args.size, args.mode, args.monsters, args.seed)
    print(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
