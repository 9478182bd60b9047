"""Guards of Atlantis bot and balance numbers: levels against each other, game length, the
first-pick team's and the initiative token's edge, and every hero's win rate.

``python -m tools.guards.balance run --name hard-normal --bots hard,normal --games 60`` plays
games (the two teams' levels swap sides every game, as in ``simulate``) and appends one JSON
line per game to ``docs/measurements/guards-<name>.jsonl``, so a long run can be stopped and
resumed (``--seed`` continues where the file ends). ``--random-picks`` lets the tool choose
the heroes at random (seeded) instead of the bots, so hero win rates are not confounded with
the bots' pick order. ``python -m tools.guards.balance summary`` reads every such file and
prints the numbers with their standard errors (``summary NAME`` merges a run's shards
``NAME-*.jsonl``). Run it at ``nice 10``: CPU is shared. On a loaded machine give hard a
larger ``--budget`` than the game's 2 s, or its sampling is cut short by the clock.

Besides the levels, ``--bots`` takes ``hard_v1`` / ``normal_v1`` (the bots before issue 27,
:mod:`tools.guards.hard_v1`) and hard's named settings (``ai.guards.search.PRESETS``, e.g.
``hard_quick``: hard as it was, on today's judgement of a position).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

from ai.bots import make_bot
from ai.guards import search
from ai.guards.bots import GuardsBot
from ai.match import playout
from game.core import registry

OUT = Path(__file__).resolve().parents[2] / "docs" / "measurements"


class RandomPicker:
    """Answers hero selection at random, hands every other decision to the seat's bot."""

    def __init__(self, bot: Any, seed: int) -> None:
        self.bot = bot
        self.level = bot.level
        self.rng = random.Random(seed)

    def choose(self, view: Any, player: int, deadline: float, should_stop: Any = None) -> Any:
        dec = view.decision()
        if dec is not None and dec.kind in ("pick", "ban", "recruit"):
            legal = view.legal_actions(player)
            return legal[self.rng.randrange(len(legal))]
        return self.bot.choose(view, player, deadline)


def bot_for(level: str, seed: int) -> Any:
    """Today's bot at ``level``, or the old one for ``hard_v1`` / ``normal_v1`` (see
    :mod:`tools.guards.hard_v1`): a measurement may set a new level against the one it replaced."""
    if level.endswith("_v1"):
        from tools.guards import hard_v1

        return hard_v1.make(level, seed)
    if level in search.PRESETS:  # hard with another preset's settings
        return GuardsBot("hard", seed, params=search.PRESETS[level])
    return make_bot("guards", level, seed)


def one_game(
    levels: tuple[str, str], players: int, seed: int, swap: bool, options: dict[str, str],
    random_picks: bool, budget: float,
) -> dict[str, Any]:  # fmt: skip
    """One game; ``levels[0]`` plays the Titans unless ``swap``. Returns its record."""
    spec = registry.get("guards")
    st = spec.create(players, options, seed)
    team_level = (levels[1], levels[0]) if swap else levels
    bots = []
    for s in range(players):
        bot = bot_for(team_level[st.seat_team[s]], seed * 1009 + s)
        bots.append(RandomPicker(bot, seed * 7 + s) if random_picks else bot)
    first_team = st.first_team
    t0 = time.perf_counter()
    tally = Tally()

    def pick(real: Any, player: int) -> Any:
        return bots[player].choose(real.view(player), player, time.monotonic() + budget)

    actions = playout(_Watched(st, tally), pick)
    return {
        "seed": seed,
        "players": players,
        "options": options,
        "random_picks": random_picks,
        "budget": budget,  # seconds a decision may take (hard stops sampling when it passes)
        "bots": list(levels),  # as listed: the first is the level the win rate is about
        "levels": list(team_level),  # Titans, Atlanteans
        "winner": st.winner,  # 0 Titans, 1 Atlanteans, -1 draw
        "win_level": team_level[st.winner] if st.winner in (0, 1) else None,
        "how": st.win_how,
        "rounds": st.round,
        "pushes": st.pushes,
        "first_team": first_team,  # picked first and held the initiative token at the start
        "heroes": [[st.hero_id[h] for h in st.heroes if st.team_of[h] == t] for t in (0, 1)],
        "levels_reached": [st.level[h] for h in st.heroes],
        "actions": actions,
        "seconds": round(time.perf_counter() - t0, 2),
        "ties_won": tally.ties_won,  # cross-team ties the token holder won, per team
        "hero_stats": {st.hero_id[h]: tally.of(h, st) for h in st.heroes},
    }


class Tally:
    """Counts, per hero, what it did in one game (from the engine's public events), so a
    hero's win rate can be explained: cards it resolved, minions and heroes it defeated,
    its own defeats, defences, Hold turns and cards that did nothing."""

    KEYS = ("plays", "holds", "idle", "minions", "kills", "deaths", "defends", "hero_attacks")

    def __init__(self) -> None:
        self.n: dict[tuple[int, str], int] = Counter()
        self.colour: dict[tuple[int, str], int] = Counter()
        self.ties_won = [0, 0]
        self.resolver: int | None = None

    def see(self, st: Any, events: list[Any]) -> None:
        for e in events:
            k, d = e.kind, e.data
            if k == "resolve":
                self.resolver = d["hero"]
                self.n[d["hero"], "plays"] += 1
                self.colour[d["hero"], d["card"].rsplit("_", 1)[1].rstrip("ab0123")] += 1
            elif k == "reveal":
                self.resolver = None
            elif k == "hold":
                self.n[d["hero"], "holds"] += 1
            elif k == "idle":
                self.n[d["hero"], "idle"] += 1
            elif k == "minion_defeated" and d.get("coins") and self.resolver is not None:
                self.n[self.resolver, "minions"] += 1
            elif k == "defeat":
                self.n[d["hero"], "deaths"] += 1
                if d.get("by") is not None and d["by"] >= 0:
                    self.n[d["by"], "kills"] += 1
            elif k == "defend":
                self.n[d["hero"], "defends"] += 1
            elif k == "attack" and "target" in d:
                self.n[d["hero"], "hero_attacks"] += 1
            elif k == "token" and "team" in d and "kind" not in d:
                self.ties_won[1 - d["team"]] += 1

    def of(self, h: int, st: Any) -> dict[str, Any]:
        out: dict[str, Any] = {k: self.n[h, k] for k in self.KEYS}
        out["colours"] = {c: self.colour[h, c] for c in ("gold", "red", "blue", "green")}
        out["level"] = st.level[h]
        out["coins"] = st.coins[h]
        return out


class _Watched:
    """The real state, with every applied action's events handed to a :class:`Tally`."""

    def __init__(self, st: Any, tally: Tally) -> None:
        self._st = st
        self._tally = tally

    def decision(self) -> Any:
        return self._st.decision()

    def apply(self, action: Any) -> list[Any]:
        ev = self._st.apply(action)
        self._tally.see(self._st, ev)
        return ev

    def view(self, player: int) -> Any:
        return self._st.view(player)


def run(args: argparse.Namespace) -> int:
    levels = tuple(x.strip() for x in args.bots.split(","))
    if len(levels) == 1:
        levels = (levels[0], levels[0])
    options = dict(kv.split("=", 1) for kv in args.option or ())
    OUT.mkdir(parents=True, exist_ok=True)
    path = OUT / f"guards-{args.name}.jsonl"
    done = len(path.read_text().splitlines()) if path.exists() else 0
    with path.open("a") as f:
        for g in range(done, args.games):
            rec = one_game(
                levels, args.players, args.seed + g, g % 2 == 1, options, args.random_picks,
                args.budget,
            )  # fmt: skip
            f.write(json.dumps(rec, sort_keys=True) + "\n")
            f.flush()
            print(f"{path.name} game {g + 1}: {rec['win_level']} ({rec['how']}, "
                  f"{rec['rounds']} rounds, {rec['seconds']} s)", flush=True)  # fmt: skip
    return 0


def _se(p: float, n: int) -> float:
    return math.sqrt(p * (1 - p) / n) if n else 0.0


def summarise(records: list[dict[str, Any]]) -> dict[str, Any]:
    """The numbers of one file: win rate of the first listed level, rounds, how games end,
    the first-pick (token) team's edge, and each hero's win rate."""
    n = len(records)
    first_level = records[0]["bots"][0]
    wins = sum(1 for r in records if r["win_level"] == first_level)
    same = records[0]["bots"][0] == records[0]["bots"][1]
    draws = sum(1 for r in records if r["winner"] not in (0, 1))
    firsts = sum(1 for r in records if r["winner"] == r["first_team"])
    titans = sum(1 for r in records if r["winner"] == 0)
    rounds = Counter(r["rounds"] for r in records)
    how = Counter(r["how"] for r in records)
    heroes: dict[str, list[int]] = {}
    for r in records:
        for t in (0, 1):
            for hid in r["heroes"][t]:
                got = heroes.setdefault(hid, [0, 0])
                got[0] += 1 if r["winner"] == t else 0
                got[1] += 1
    out: dict[str, Any] = {
        "games": n,
        "rounds": dict(sorted(rounds.items())),
        "rounds_mean": sum(r["rounds"] for r in records) / n,
        "how": dict(how),
        "draws": draws / n,
        "first_pick_team_win_rate": firsts / n,
        "first_pick_team_se": _se(firsts / n, n),
        "titan_win_rate": titans / n,
        "heroes": {
            h: {"win_rate": w / g, "games": g, "se": _se(w / g, g)}
            for h, (w, g) in sorted(heroes.items())
        },  # fmt: skip
    }
    tied = [r for r in records if "ties_won" in r]
    if tied:
        more = [r for r in tied if r["ties_won"][0] != r["ties_won"][1]]
        out["ties"] = {
            "per_game": sum(sum(r["ties_won"]) for r in tied) / len(tied),
            "games": len(more),
            "more_won": sum(
                1 for r in more if r["winner"] == (0 if r["ties_won"][0] > r["ties_won"][1] else 1)
            ),
        }  # fmt: skip
    if not same:
        out["level"] = first_level
        out["win_rate"] = wins / n
        out["se"] = _se(wins / n, n)
    return out


def _groups(names: list[str]) -> list[tuple[str, list[Path]]]:
    """Every file alone, or with names: each name's files merged (``NAME.jsonl`` and its
    shards ``NAME-*.jsonl``, so a run split over processes reads as one)."""
    if not names:
        return [(p.name, [p]) for p in sorted(OUT.glob("guards-*.jsonl"))]
    out = []
    for name in names:
        paths = sorted({*OUT.glob(f"guards-{name}.jsonl"), *OUT.glob(f"guards-{name}-*.jsonl")})
        out.append((f"{name} ({len(paths)} files)", paths))
    return out


def hero_counts(records: list[dict[str, Any]]) -> dict[str, dict[str, float]]:
    """Each hero's mean counts per game it played (records with ``hero_stats`` only)."""
    sums: dict[str, Counter[str]] = {}
    games: Counter[str] = Counter()
    for r in records:
        for hid, d in r.get("hero_stats", {}).items():
            games[hid] += 1
            c = sums.setdefault(hid, Counter())
            for k, v in d.items():
                if k != "colours":
                    c[k] += v
    return {h: {k: v / games[h] for k, v in c.items()} for h, c in sorted(sums.items())}


def summary(args: argparse.Namespace) -> int:
    for label, paths in _groups(args.names):
        records = [
            json.loads(x) for p in paths for x in p.read_text().splitlines() if x.strip()
        ]  # fmt: skip
        if not records:
            continue
        s = summarise(records)
        print(f"== {label}: {s['games']} games")
        if "win_rate" in s:
            print(f"  {s['level']} wins {s['win_rate']:.1%} ± {s['se']:.1%}")
        print(f"  ends: {s['how']}; draws {s['draws']:.1%}; mean {s['rounds_mean']:.1f} rounds")
        print(f"  rounds: {s['rounds']}")
        print(f"  first-pick/token team wins {s['first_pick_team_win_rate']:.1%} ± "
              f"{s['first_pick_team_se']:.1%}; Titans win {s['titan_win_rate']:.1%}")  # fmt: skip
        if "ties" in s:
            t = s["ties"]
            print(f"  cross-team ties a game {t['per_game']:.1f}; the team that won more of "
                  f"them won {t['more_won']} of {t['games']} games")  # fmt: skip
        counts = hero_counts(records)
        for h, d in s["heroes"].items():
            extra = ""
            if h in counts:
                c = counts[h]
                extra = (f"  minions {c['minions']:.1f} kills {c['kills']:.1f} defeats "
                         f"{c['deaths']:.1f} level {c['level']:.1f}")  # fmt: skip
            print(f"    {h:<10} {d['win_rate']:.1%} ± {d['se']:.1%} ({d['games']} games){extra}")
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="tools.guards.balance", description=__doc__)
    sub = ap.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("run")
    r.add_argument("--name", required=True)
    r.add_argument("--bots", required=True)
    r.add_argument("--games", type=int, default=100)
    r.add_argument("--players", type=int, default=6)
    r.add_argument("--seed", type=int, default=0)
    r.add_argument("--budget", type=float, default=2.0)
    r.add_argument("--random-picks", action="store_true")
    r.add_argument("--option", action="append")
    sm = sub.add_parser("summary")
    sm.add_argument("names", nargs="*", help="merge these runs (a name and its -* shards)")
    args = ap.parse_args(argv)
    return run(args) if args.cmd == "run" else summary(args)


if __name__ == "__main__":
    sys.exit(main())
