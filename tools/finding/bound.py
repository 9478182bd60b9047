"""How few readings could ever name the city? A bot freed of moving, cards and turns.

    python -m tools.finding.bound --size 6 --games 40 --kinds sonar,explore,jelly

Each game's map is the solo report's (the same seeds). A "teleporting" reader takes, every
step, the single reading with the most expected information about the city over maps drawn
from the exact belief (the hard U-Bot's own scorer), anywhere on the map, with any of the
given cards, as often as it likes; the true map answers; it stops when the best city reaches
the hard bot's claim threshold. Its count of readings is what information alone costs: a real
submarine also spends actions moving and surfacing, so its rounds can only be higher than
half this count. The U-Bot's planners are judged against this floor (docs/rules-decisions.md).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics

from ai.finding.belief import Belief
from ai.finding.bots import LEVEL_PARAMS
from ai.finding.outcomes import as_sample
from ai.finding.planner import Scorer
from game.finding.ocean import LINES
from game.finding.readings import answer, facts_of
from game.finding.setup import new_game

#: the readings a card kind gives (the jelly rod on each of its four lines)
TEMPLATES = {
    "sonar": [("sonar", ())],
    "explore": [("explore", ())],
    "jelly": [("jelly", (("line", line),)) for line in LINES],
    "surveyor": [("surveyor", ())],
    "archaeologist": [("archaeologist", ())],
}


def readings_needed(size: int, seed: int, kinds: list[str], samples: int = 128) -> int:
    """Readings the teleporting reader takes on game ``seed``'s map until it may claim."""
    params = LEVEL_PARAMS["hard"][0]
    st = new_game(1, {"size": size}, seed)
    belief = Belief(size)
    rng = random.Random(seed)
    templates = [t for k in kinds for t in TEMPLATES[k]]
    count = 0
    while belief.best_city()[1] < params.threshold and count < 4 * size * size:
        sc = Scorer([as_sample(o) for o in belief.sample(rng, samples)], size, params.beta)
        _gain, kind, args, cell = max(
            ((sc.gain((k, a, q))[0], k, a, q) for q in range(size * size) for k, a in templates),
            key=lambda x: x[0],
        )
        for fact in facts_of(answer(kind, args, cell, st), cell, size) or ():
            belief.add(fact)
        count += 1
    return count


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="finding_bound", description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=6, choices=(6, 8))
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--kinds", default="sonar,explore,jelly")
    args = parser.parse_args(argv)
    kinds = [k for k in args.kinds.split(",") if k]
    counts = [readings_needed(args.size, args.seed + g, kinds) for g in range(args.games)]
    print(
        json.dumps(
            {
                "size": args.size,
                "games": args.games,
                "kinds": kinds,
                "readings_median": statistics.median(counts),
                "readings_mean": round(statistics.fmean(counts), 2),
                "readings_p90": sorted(counts)[int(0.9 * (len(counts) - 1))],
            }
        )
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
