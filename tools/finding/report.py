"""The U-Bot's measurements for issue 12, printed as JSON (long: run it at ``nice -n 10``).

    python -m tools.finding.report solo --size 6 --games 200
    python -m tools.finding.report four --size 6 --games 100
    python -m tools.finding.report captains --size 6 --games 200
    python -m tools.finding.report speed --size 8 --decisions 150

``solo``: one submarine per game; every level (random, easy, normal, hard) and the oracle play
the same seeds, so the same maps from the same starts. Turns to solve are the rounds a game
took; a game that reaches the round limit unsolved counts as the limit (``solved`` says how
many did not), and ``wrong_claim_games`` is the share of games with at least one wrong claim.
The oracle is a benchmark, handed the real state (``ai.finding.oracle``); it is never a player.
``four``: one hard U-Bot against three normals through ``ai.simulate`` (the sides change seats
every game). ``captains``: four hard U-Bots; each captain's win rate among the games in which
a seat kept it. ``speed``: the belief update and the action choice per level, p50/p95, over
the decisions of bot games on that map size, and full random 4-submarine games per second.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections import defaultdict
from typing import Any

from ai.bots import make_bot
from ai.finding.oracle import OracleBot
from ai.match import play, playout
from ai.simulate import simulate
from game.core.stats import percentile
from game.finding.setup import new_game

SOLO_LEVELS = ("random", "easy", "normal", "hard")


def _stats(values: list[float]) -> dict[str, float]:
    return {
        "median": percentile(values, 0.5),
        "p90": percentile(values, 0.9),
        "mean": round(statistics.fmean(values), 3) if values else 0.0,
    }


def solo(size: str, games: int, seed: int, levels: tuple[str, ...], budget: float) -> dict:
    """Turns to solve per level next to the oracle, on the same seeds."""
    out: dict[str, Any] = {"size": int(size), "games": games, "seed": seed, "levels": {}}
    for level in (*levels, "oracle"):
        turns: list[float] = []
        wrong_games = 0
        wrong = 0
        solved = 0
        ms: list[float] = []
        started = time.perf_counter()
        for g in range(games):
            st = new_game(1, {"size": size}, seed + g)
            if level == "oracle":
                oracle = OracleBot(seed + g)
                playout(st, lambda s, p, o=oracle: o.choose(s, p, 0.0))
            else:
                bot = make_bot("finding", level, seed * 7919 + g * 101)  # as simulate seeds it

                def timed(step: Any, ms: list[float] = ms) -> None:
                    if step.choices > 1:
                        ms.append(step.seconds * 1000.0)

                play(st, [bot], budget, observe=timed)
            n_wrong = sum(1 for e in st.log if e.kind == "wrong_claim")
            wrong += n_wrong
            wrong_games += n_wrong > 0
            solved += st.winner == 0
            turns.append(float(st.round))
        out["levels"][level] = {
            "turns": _stats(turns),
            "solved": solved,
            "wrong_claims": wrong,
            "wrong_claim_games": wrong_games / games,
            "decision_ms": {"p50": percentile(ms, 0.5), "p95": percentile(ms, 0.95)},
            "seconds": round(time.perf_counter() - started, 1),
        }
        print(f"solo {size}: {level} done", file=sys.stderr, flush=True)
    lv = out["levels"]
    oracle = lv["oracle"]["turns"]["median"]
    if "hard" in lv and oracle:
        out["hard_over_oracle_median"] = lv["hard"]["turns"]["median"] / oracle
    order = [lv[k]["turns"]["mean"] for k in ("hard", "normal", "easy", "random") if k in lv]
    out["ordered_hard_normal_easy_random_by_mean"] = all(
        a < b for a, b in zip(order, order[1:], strict=False)
    )
    return out


def four(size: str, games: int, seed: int, budget: float) -> dict:
    rep = simulate(
        "finding", 4, ["hard", "normal", "normal", "normal"], games, seed=seed,
        options={"size": size}, budget=budget,
    )  # fmt: skip
    rep.pop("first_error", None)
    return rep


class _DealtCaptain:
    """A hard U-Bot that keeps a random one of its two dealt captains (the measurement's
    choice, so every captain is played about as often), then plays on its own."""

    def __init__(self, seed: int) -> None:
        self.bot = make_bot("finding", "hard", seed)
        self.level = "hard"
        self.rng = random.Random(seed)

    def choose(self, view: Any, player: int, deadline: float, *rest: Any) -> Any:
        legal = view.legal_actions(player)
        if view.decision().kind == "captain":
            return legal[self.rng.randrange(len(legal))]
        return self.bot.choose(view, player, deadline)


def captains(size: str, games: int, seed: int, budget: float) -> dict:
    """Four hard U-Bots: each captain's win rate over the seats that kept it.

    Each seat keeps one of its two dealt captains at random, so each captain sits at about
    half of the seats it is dealt to; a fair captain wins a quarter of its games.
    """
    kept: dict[str, int] = defaultdict(int)
    won: dict[str, int] = defaultdict(int)
    nobody = 0
    lengths: list[float] = []
    for g in range(games):
        st = new_game(4, {"size": size}, seed + g)
        bots = [_DealtCaptain(seed * 7919 + g * 101 + s) for s in range(4)]
        play(st, bots, budget)
        lengths.append(float(st.round))
        for s in range(4):
            cap = st.captain[s]
            kept[cap] += 1  # type: ignore[index]
            if st.winner == s:
                won[cap] += 1  # type: ignore[index]
        nobody += st.winner is None
        print(f"captains: game {g + 1}/{games}", file=sys.stderr, flush=True)
    return {
        "size": int(size),
        "games": games,
        "seed": seed,
        "nobody_won": nobody,
        "rounds": _stats(lengths),
        "captains": {
            c: {"kept": kept[c], "won": won[c], "win_rate": won[c] / kept[c] if kept[c] else None}
            for c in sorted(kept)
        },
    }


def speed(
    size: str, decisions: int, seed: int, players: int = 4, random_seconds: float = 10.0
) -> dict:
    """Belief update and choice times per level on ``size`` (bot games, every real choice).

    The belief's tables for the map size are built before the clock starts (once per
    process, a few seconds on 8x8), as they are before a game in the program.
    """
    from ai.finding.belief import Belief

    Belief(int(size))
    out: dict[str, Any] = {"size": int(size), "players": players}
    for level in ("easy", "normal", "hard"):
        upd: list[float] = []
        cho: list[float] = []
        whole: list[float] = []
        g = 0
        while len(cho) < decisions:
            st = new_game(players, {"size": size}, seed + g)
            bots = [make_bot("finding", level, seed + g * 10 + s) for s in range(players)]

            def note(step: Any, bots: list = bots, upd=upd, cho=cho, whole=whole) -> None:
                if step.choices > 1:
                    u, c = bots[step.player].last_ms
                    upd.append(u)
                    cho.append(c)
                    whole.append(step.seconds * 1000.0)

            play(st, bots, 10.0, observe=note)
            g += 1
        out[level] = {
            "belief_update_ms": {"p50": percentile(upd, 0.5), "p95": percentile(upd, 0.95)},
            "choice_ms": {"p50": percentile(cho, 0.5), "p95": percentile(cho, 0.95)},
            "decision_ms": {"p50": percentile(whole, 0.5), "p95": percentile(whole, 0.95)},
            "decisions": len(cho),
            "games": g,
        }
        print(f"speed {size}: {level} done", file=sys.stderr, flush=True)
    rng = random.Random(seed)

    def pick(s: Any, p: int) -> Any:
        legal = s.legal_actions(p)
        return legal[rng.randrange(len(legal))]

    t0 = time.perf_counter()
    n = 0
    while time.perf_counter() - t0 < random_seconds or n == 0:
        playout(new_game(4, {"size": size}, seed + n), pick)
        n += 1
    out["random_4_sub_games_per_s"] = n / (time.perf_counter() - t0)
    out["random_games"] = n
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="finding_report", description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=("solo", "four", "captains", "speed"))
    parser.add_argument("--size", default="6", choices=("6", "8"))
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--decisions", type=int, default=150)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--levels", default=",".join(SOLO_LEVELS))
    # the hard level's budget in a game (scenes.session.LEVEL_BUDGET_S): the endgame search
    # fills what it is given, so a longer budget would measure a bot nobody plays against
    parser.add_argument("--budget", type=float, default=2.0)
    args = parser.parse_args(argv)
    if args.what == "solo":
        levels = tuple(x for x in args.levels.split(",") if x)
        report = solo(args.size, args.games, args.seed, levels, args.budget)
    elif args.what == "four":
        report = four(args.size, args.games, args.seed, args.budget)
    elif args.what == "captains":
        report = captains(args.size, args.games, args.seed, args.budget)
    else:
        report = speed(args.size, args.decisions, args.seed)
    print(json.dumps(report, indent=1, sort_keys=True))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
