"""The public choices outside the cards: hero selection, where a hero enters, which minion falls
back after minion combat, and who of a tie goes first.

Selection: easy picks at random among what is offered; normal and hard pick (and ban) by
:data:`PREFERENCE`, a fixed strength order (our first guess from the cards; the measured hero
win rates are in docs/measurements/guards-*.jsonl, ``python -m tools.guards.balance summary``),
and a captain recruits the player holding the best-ranked hero.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ai.guards import moves
from ai.guards.tactics import battle_zone, evaluate, hero_lane, zone_distances
from game.core.protocol import Action
from game.guards.geo import distance

if TYPE_CHECKING:
    from game.guards.state import GuardsState

#: heroes (Wuk & Hanu as one unit) from the strongest down, for picks, bans and recruits
PREFERENCE = (
    "brogan", "wasp", "arien", "tigerclaw", "dodger", "sabina", "min", "ignatia", "swift",
    "wukhanu",
)  # fmt: skip


def _rank(unit: str) -> int:
    return PREFERENCE.index(unit) if unit in PREFERENCE else len(PREFERENCE)


def select(st: GuardsState, legal: list[Action], rng: random.Random, careful: bool) -> Action:
    """A pick, ban or recruit: random for easy, the strongest on offer otherwise."""
    if not careful:
        return legal[rng.randrange(len(legal))]
    kind = legal[0].kind
    if kind == "recruit":
        return min(legal, key=lambda a: _rank(_dealt_unit(st, a["seat"])))
    return min(legal, key=lambda a: (_rank(a["hero"]), a["hero"]))


def _dealt_unit(st: GuardsState, seat: int) -> str:
    u = st.dealt[seat]
    return "wukhanu" if u in ("wuk", "hanu") else str(u)


def place(st: GuardsState, legal: list[Action]) -> Action:
    """The entry space nearest the hero's battle zone (then the nearest enemy)."""
    h = legal[0]["hero"]
    zd = zone_distances(st.geo.name, battle_zone(st, hero_lane(st, h)))
    return min(legal, key=lambda a: (zd.get(a["at"], 9), a["at"][1], a["at"][0]))


def remove(st: GuardsState, legal: list[Action], careful: bool) -> Action:
    """Minion combat: the minion the team misses least (normal and hard look, easy takes the
    one furthest from the enemy)."""
    if len(legal) == 1:
        return legal[0]
    team = st.seat_team[legal[0].player]
    if careful:

        def value(a: Action) -> float:
            w = st.clone()
            w._apply_quiet(a)
            return evaluate(w, team)

        return max(legal, key=lambda a: (value(a), -a["at"][1], -a["at"][0]))
    foes = [st.pos[h] for h in st.heroes if st.pos[h] is not None and st.team_of[h] != team]
    return max(legal, key=lambda a: (min((distance(a["at"], f) for f in foes), default=0), a["at"]))


def first(st: GuardsState, legal: list[Action]) -> Action:
    """A tie of one team: the hero whose card has an enemy within its reach goes first."""

    def rank(a: Action) -> tuple[int, int]:
        h = a["hero"]
        me = st.pos[h]
        far = moves.strike_reach(st, h, st.commit[h])
        foes = [hx for hx, code in st.occ.items() if (st.team_of[code] if code >= 0 else
                st.minions[-code - 1][1]) != st.team_of[h]]  # fmt: skip
        near = me is not None and any(distance(me, f) <= far for f in foes)
        return (0 if near else 1, h)

    return min(legal, key=rank)
