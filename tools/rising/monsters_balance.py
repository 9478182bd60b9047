"""Win rate with and without each monster scenario: ``python -m tools.rising.monsters_balance``.

``--games 24 --players 4 --levels random,hard --budget 0.02`` plays every monster setting
(none, medusa, harpies, scylla, all three) with every bot level on the same seeds through
:func:`ai.simulate.simulate` (bots only see their view) and prints a markdown table.
"""

from __future__ import annotations

import argparse
import json
import sys

from ai.simulate import simulate

SETTINGS = ("none", "medusa", "harpies", "scylla", "medusa,harpies,scylla")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=24)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--levels", default="random,hard")
    ap.add_argument("--budget", type=float, default=0.02)
    ap.add_argument("--seed", type=int, default=1000)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    rows = []
    print("| monsters | bots | win rate | mean rounds | mean components | games |")
    print("|---|---|---|---|---|---|")
    for level in args.levels.split(","):
        for setting in SETTINGS:
            r = simulate(
                "rising", args.players, [level], args.games, args.seed,
                {"monsters": setting}, args.budget,
            )  # fmt: skip
            rows.append({"monsters": setting, "bots": level, **r})
            score = r.get("score", {}).get("mean", 0.0)
            print(
                f"| {setting} | {level} | {r['win_rate']:.0%} | {r['length']['mean']:.1f} | "
                f"{score:.2f} | {args.games} |",
                flush=True,
            )
    if args.json:
        json.dump(rows, sys.stdout, default=str)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
