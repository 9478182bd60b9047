"""Count the Guards bots' faults a player notices, over all-bot games.

``python -m tools.guards.bot_faults --games 200 --heroes 6 --level normal`` plays seeded games
(every seat the same level; heroes picked at random by the tool, as in :mod:`tools.guards.balance`,
so the games differ), appends one JSON line per game to
``docs/measurements/guards-faults-<name>.jsonl`` (``--name``, default ``<level>``; a stopped run
resumes where its file ends) and prints the totals. ``--summary`` only reads the file.

What is counted (a *hero-turn* is one hero in one of the four turns of a round; "strike" means
a card whose primary is an attack; the checks read the real state, the bots only ever saw
their views):

``own_minion``
    (a) a hero's attack that defeats a minion of its own team (the engine's ``attack`` event
    without a target, followed by a ``minion_defeated`` of the attacker's team).
``exposed``
    (b) a hero-turn whose card resolution ends with the hero next to an enemy hero on the board,
    no card in its hand that can defend (only Hold, or cards without a defense value, or none),
    and an attack still able to come before its cards return: the turn is not the round's
    last, or an adjacent enemy hero has still to resolve its card this turn.
    ``exposed_walked`` is the part where the hero's own action moved it (it stood elsewhere when
    its card began to resolve).
``held_in_reach``
    (c) a hero-turn where the hero did nothing while it could strike an enemy when it decided:
    it played Hold while it had another card and, at the card choice, one of the attack cards
    in its hand had an enemy unit (hero, or minion that is not a shielded heavy) among its
    attack targets from where the hero stood (no movement first; the card's primary possible);
    or its card's action neither used the primary nor moved it (an "idle" card, or a move that
    stayed put) while, when the card began to resolve, that card's attack had such a target.
``idle_no_heroes``
    (d) a hero-turn where the hero did nothing (as in c) while no enemy hero was on the board at
    the start of the turn and an enemy minion was in reach: an attack card could strike it from
    where the hero stood, or (the hero not yet next to one, and not in the round's last turn)
    a card could walk the hero next to it while another card of its hand is an attack.
``holds``
    every Hold the heroes chose (another card was in hand); per turn how many heroes held at
    once (``holds_per_turn``: number of heroes holding, forced Holds included -> turns); and
    how many turns had two or more heroes of one team choosing Hold (``team_bulk_holds``).

Forced Holds (Hold the only card left) are not counted as chosen holds nor as (c)/(d): the hero
had no choice that turn. Every record keeps a few examples of each fault (round, turn, hero,
hex) so a remaining non-zero can be looked at and explained.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

from ai.bots import make_bot
from game.core import registry
from game.guards import combat, effects, turns
from game.guards.cards import card
from game.guards.geo import distance
from game.guards.units import heavy_shielded, unit_team
from tools.guards.balance import RandomPicker

OUT = Path(__file__).resolve().parents[2] / "docs" / "measurements"
KEYS = (
    "own_minion", "exposed", "exposed_walked", "held_in_reach", "idle_no_heroes", "holds",
    "team_bulk_holds", "hero_turns", "resolutions",
)  # fmt: skip
EXAMPLES = 3


def attack_targets(st: Any, h: int, colour: str) -> list[int]:
    """Enemy unit codes the card's first attack could pick from where hero ``h`` stands now."""
    c = st.card_in(h, colour)
    if c.primary != "attack" or not effects.feasible(st, h, c):
        return []
    step = next((s for s in c.effect if s.name == "attack"), None)
    if step is None:
        return []
    pr = {"h": h, "card": c.id, "last": None, "moved": False}
    mine = st.team_of[h]
    return [u for u in effects.targets(st, pr, step, attack=True) if unit_team(st, u) != mine]


def can_defend(st: Any, h: int) -> bool:
    return any(combat.defense_total(st, h, col, None) is not None for col in st.hand[h])


def minion_in_walk(st: Any, h: int) -> bool:
    """Could hero ``h``, not yet next to a strikable enemy minion, walk next to one with a card
    of its hand while keeping an attack card for a later turn of the round?"""
    team = st.team_of[h]
    targets = set()
    for i, (_, t, _, p) in enumerate(st.minions):
        if p is not None and t != team and not heavy_shielded(st, i):
            targets.update(st.geo.nbrs[p])
    if not targets or st.pos[h] in targets or st.turn >= turns.TURNS:
        return False
    real = [col for col in st.hand[h] if col != "black"]
    for col in real:
        later = any(st.card_in(h, x).primary == "attack" for x in real if x != col)
        if later and any(d in targets for d in turns.regular_moves(st, h, st.card_in(h, col))):
            return True
    return False


class Watch:
    """Follows one game action by action and counts the faults of the module docstring."""

    def __init__(self) -> None:
        self.n: Counter[str] = Counter()
        self.examples: dict[str, list[list[Any]]] = {}
        self.holds_per_turn: Counter[int] = Counter()
        self.turn: tuple[int, int] | None = None
        self.start: dict[int, dict[str, Any]] = {}  # hero -> what it could do at turn start
        self.res: dict[int, dict[str, Any]] = {}  # hero -> its resolution this turn
        self.open: set[int] = set()
        self.held: list[int] = []
        self.last_attacker: int | None = None

    def note(self, key: str, st: Any, h: int) -> None:
        self.n[key] += 1
        got = self.examples.setdefault(key, [])
        if len(got) < EXAMPLES:
            rnd, turn = self.turn if self.turn is not None else (st.round, st.turn)
            got.append([rnd, turn, st.hero_id[h], st.pos[h]])

    # --- a turn begins and ends ---
    def begin_turn(self, st: Any) -> None:
        self.end_turn(st)
        self.turn = (st.round, st.turn)
        self.start, self.res, self.held = {}, {}, []
        enemy_on = [
            any(st.pos[x] is not None and st.team_of[x] != t for x in st.heroes) for t in (0, 1)
        ]  # fmt: skip
        for h in st.heroes:
            if st.pos[h] is None or not st.hand[h] or st.commit[h] is not None:
                continue
            strike = [u for col in st.hand[h] if col != "black" for u in attack_targets(st, h, col)]
            choice = any(col != "black" for col in st.hand[h])
            none_on = not enemy_on[st.team_of[h]]
            minion = none_on and (any(u < 0 for u in strike) or minion_in_walk(st, h))
            self.start[h] = {"strike": bool(strike), "choice": choice, "minion": minion}

    def end_turn(self, st: Any) -> None:
        if self.turn is None:
            return
        held = set(self.held)
        per_team = Counter(st.team_of[h] for h in held if self.start.get(h, {}).get("choice"))
        self.holds_per_turn[len(held)] += 1
        if max(per_team.values(), default=0) >= 2:
            self.n["team_bulk_holds"] += 1
        for h, s in self.start.items():
            self.n["hero_turns"] += 1
            r = self.res.get(h)
            if h in held:
                nothing = s["choice"]
                if nothing:
                    self.n["holds"] += 1
                strike = s["strike"]
            elif r is not None:
                nothing = r["idle"] or (not r["primary"] and r["end"] == r["from"])
                strike = r["strike"]
            else:
                continue  # defeated before its card resolved
            if nothing and strike:
                self.note("held_in_reach", st, h)
            if nothing and s["minion"]:
                self.note("idle_no_heroes", st, h)
        self.turn = None

    # --- one action and its events ---
    def before(self, st: Any, action: Any) -> int | None:
        h = st.prog["h"] if st.prog is not None else None
        primary = action.kind == "primary" or (action.kind == "act" and action["what"] == "primary")
        if h is not None and primary and h in self.res:
            self.res[h]["primary"] = True
        return h

    def after(self, st: Any, events: list[Any]) -> None:
        for e in events:
            k, d = e.kind, e.data
            if k == "hold":
                self.held.append(d["hero"])
            elif k == "resolve":
                h = d["hero"]
                auto = card(d["card"]).move is None  # no move icon: the primary runs at once
                strike = st.pos[h] is not None and bool(attack_targets(st, h, st.commit[h]))
                self.res[h] = {
                    "from": st.pos[h], "primary": auto, "idle": False, "end": None,
                    "strike": strike,
                }  # fmt: skip
                self.open.add(h)
            elif k == "idle" and d["hero"] in self.res:
                self.res[d["hero"]].update(idle=True, primary=False)
            elif k == "attack":
                self.last_attacker = d["hero"] if "target" not in d else None
            elif k == "minion_defeated":
                a = self.last_attacker
                if a is not None and d["team"] == st.team_of[a]:
                    self.note("own_minion", st, a)
                self.last_attacker = None
        acting = st.prog["h"] if st.prog is not None else None
        for h in sorted(self.open):
            if h != acting:
                self.open.discard(h)
                self.close(st, h)

    def close(self, st: Any, h: int) -> None:
        """Hero ``h``'s card has resolved: is it left next to an enemy hero, unable to defend?"""
        r = self.res[h]
        r["end"] = st.pos[h]
        self.n["resolutions"] += 1
        me = st.pos[h]
        if me is None or can_defend(st, h):
            return
        team = st.team_of[h]
        near = [
            x for x in st.heroes
            if st.team_of[x] != team and st.pos[x] is not None and distance(me, st.pos[x]) == 1
        ]  # fmt: skip
        if not near:
            return
        waiting = any(x in st.queue for x in near)
        if st.turn < turns.TURNS or waiting:
            self.note("exposed", st, h)
            if r["from"] != me:
                self.note("exposed_walked", st, h)


def one_game(level: str, players: int, seed: int, budget: float) -> dict[str, Any]:
    """One all-``level`` game; its fault counts and examples."""
    spec = registry.get("guards")
    st = spec.create(players, {}, seed)
    bots = [RandomPicker(make_bot("guards", level, seed * 1009 + s), seed * 7 + s)
            for s in range(players)]  # fmt: skip
    w = Watch()
    t0 = time.perf_counter()
    while (dec := st.decision()) is not None:
        if dec.kind == "play" and w.turn != (st.round, st.turn):
            w.begin_turn(st)
        p = dec.players[0]
        action = bots[p].choose(st.view(p), p, time.monotonic() + budget)
        w.before(st, action)
        w.after(st, st.apply(action))
    w.end_turn(st)
    return {
        "seed": seed,
        "players": players,
        "level": level,
        "winner": st.winner,
        "rounds": st.round,
        "seconds": round(time.perf_counter() - t0, 2),
        "counts": {k: w.n[k] for k in KEYS},
        "holds_per_turn": {str(k): v for k, v in sorted(w.holds_per_turn.items())},
        "examples": w.examples,
    }


def summarise(records: list[dict[str, Any]]) -> dict[str, Any]:
    """Totals, games with at least one of each fault, and the holds-per-turn histogram."""
    total: Counter[str] = Counter()
    games: Counter[str] = Counter()
    per_turn: Counter[str] = Counter()
    for r in records:
        for k, v in r["counts"].items():
            total[k] += v
            games[k] += 1 if v else 0
        per_turn.update(r["holds_per_turn"])
    return {
        "games": len(records),
        "total": {k: total[k] for k in KEYS},
        "games_with": {k: games[k] for k in KEYS},
        "holds_per_turn": dict(sorted(per_turn.items(), key=lambda kv: int(kv[0]))),
        "rounds_mean": sum(r["rounds"] for r in records) / max(1, len(records)),
    }


def lines(s: dict[str, Any]) -> list[str]:
    t, g = s["total"], s["games_with"]
    out = [f"{s['games']} games, mean {s['rounds_mean']:.1f} rounds, "
           f"{t['hero_turns']} hero-turns, {t['resolutions']} cards resolved"]  # fmt: skip
    for k in KEYS[:-2]:
        out.append(f"  {k:<16} {t[k]:6d}  ({g[k]} games with any)")
    out.append(f"  heroes holding in one turn -> turns: {s['holds_per_turn']}")
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="tools.guards.bot_faults", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)  # fmt: skip
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--heroes", type=int, default=6, help="seats (the duo seat has two apes)")
    ap.add_argument("--level", default="normal")
    ap.add_argument("--name", default=None)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--budget", type=float, default=2.0)
    ap.add_argument("--summary", action="store_true", help="only read the file")
    args = ap.parse_args(argv)
    path = OUT / f"guards-faults-{args.name or args.level}.jsonl"
    done = len(path.read_text().splitlines()) if path.exists() else 0
    if not args.summary:
        OUT.mkdir(parents=True, exist_ok=True)
        with path.open("a") as f:
            for g in range(done, args.games):
                rec = one_game(args.level, args.heroes, args.seed + g, args.budget)
                f.write(json.dumps(rec, sort_keys=True) + "\n")
                f.flush()
                c = rec["counts"]
                print(f"game {g + 1}: {rec['rounds']} rounds {rec['seconds']} s "
                      + " ".join(f"{k}={c[k]}" for k in KEYS[:-2]), flush=True)  # fmt: skip
    records = [json.loads(x) for x in path.read_text().splitlines() if x.strip()]
    print("\n".join(lines(summarise(records))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
