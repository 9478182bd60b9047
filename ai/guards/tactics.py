"""What a Guards bot reads off a position: board distances, lanes, threats and its value.

Everything here is a pure function of a state a bot may see (its view or a world sampled from
it); nothing reads another seat's face-down card. :func:`evaluate` is the one judgement of a
position every level shares (the levels differ in how far they look, not in what they like):
pushes and minions first, then heroes alive, coins and levels, cards left in hand, and where
the heroes stand (near the battle zone, near enemies they can strike, away from danger when
their hand is thin).
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from typing import TYPE_CHECKING

from game.guards.geo import Geo, Hex, distance
from game.guards.turns import TURNS

if TYPE_CHECKING:
    from game.guards.state import GuardsState

#: what a won (lost) game is worth; every other term stays far below it
WIN = 1000.0
PUSH = 40.0
ALIVE = 9.0
COIN = 0.45
CARD = 1.1
LEVEL_COIN = 0.55
ZONE_STEP = 0.6
ENGAGE = 0.12
#: per hex closer than 4 to an enemy hero, for a hero with one card left that can defend
DANGER = 0.3
#: the same for a hero with no card that can defend (a hit would defeat it)
EXPOSED = 3.5
#: a hand holds five cards for four turns: what a hero's cards are worth between rounds
FULL_HAND = 5
#: per space between a hero and the nearest enemy minion it could strike
HUNT = 0.35


@cache
def zone_distances(geo_name: str, zone: str) -> dict[Hex, int]:
    """Hex -> hex distance to the nearest hex of ``zone`` (0 inside it), for one board."""
    from game.guards.geo import get

    geo = get(geo_name)
    inside = geo.zone_open[zone]
    return {hx: min(distance(hx, z) for z in inside) for hx in geo.hexes}


def battle_zone(st: GuardsState, lane: int) -> str:
    return st.geo.lanes[lane][st.battle[lane]]


def hero_lane(st: GuardsState, h: int) -> int:
    """The lane a hero works (two lanes: a team's heroes take turns, so they spread out)."""
    lanes = len(st.geo.lanes)
    if lanes == 1:
        return 0
    team = st.team_of[h]
    rank = sum(1 for x in range(h) if st.team_of[x] == team)
    return rank % lanes


def lane_minions(st: GuardsState, lane: int, team: int) -> list[tuple[int, str, Hex]]:
    """(index, kind, hex) of a team's minions standing in a lane."""
    return [
        (i, k, p)
        for i, (ln, t, k, p) in enumerate(st.minions)
        if ln == lane and t == team and p is not None
    ]


def minion_worth(count: int) -> float:
    """What a team's standing minions in a lane are worth: the last ones matter most (when the
    last falls the lane is pushed)."""
    if count <= 0:
        return -8.0
    return 4.0 * count - 7.0 / count


def hand_cards(st: GuardsState, h: int) -> int:
    """Cards a hero can still defend or act with (the Hold card does not count)."""
    return sum(1 for c in st.hand[h] if c != "black")


def hand_worth(st: GuardsState, h: int) -> int:
    """How many cards a hero's hand counts for: every card, the Hold card too.

    A hero plays one card every turn, so playing a card or Hold costs the same one card: the
    Hold card in hand is the turn a hero may later pass without spending a real card. (Counting
    only real cards made Hold look like a card saved, and the bots held in bulk.) Only a
    defense or a discard costs a card more; between rounds every hand comes back whole.
    """
    if st.phase in ("combat", "level"):
        return FULL_HAND
    return len(st.hand[h])


def defenders(st: GuardsState, h: int) -> int:
    """Cards in a hero's hand with a defense value (Hold has none)."""
    return sum(1 for c in st.hand[h] if c != "black" and st.card_in(h, c).defense is not None)


def threatened(st: GuardsState, foe: int) -> bool:
    """Can enemy hero ``foe`` still strike before the hands come back: its card of this turn
    still to resolve, or a real card in hand for a later turn of this round?"""
    if st.phase in ("combat", "level"):
        return False
    if foe in st.queue:
        return True
    now = st.commit[foe]
    if st.phase == "play" and now is not None:
        return now != "black"  # committed this turn (face down to us: it may strike)
    later = st.turn < TURNS or (st.phase == "play" and now is None)
    return later and any(c != "black" for c in st.hand[foe])


def enemy_units(st: GuardsState, team: int) -> list[tuple[Hex, int]]:
    """(hex, unit code) of the other team's units on the board."""
    out = []
    team_of = st.team_of
    minions = st.minions
    for hx, code in st.occ.items():
        t = team_of[code] if code >= 0 else minions[-code - 1][1]
        if t != team:
            out.append((hx, code))
    return out


def strike_map(st: GuardsState, team: int, depth: int = 7) -> dict[Hex, int]:
    """Steps ``team``'s heroes need to stand next to an enemy minion they may strike (not a
    shielded heavy), walking round mountains,
    magma and every unit (a hero's own space is reached, not walked through): one
    breadth-first search from the enemy minions, so a wall of friendly minions shows."""
    geo = st.geo
    occ = st.occ
    passable = geo.passable
    nbrs = geo.nbrs
    tokens = st.tokens
    seen: dict[Hex, int] = {}
    frontier = []
    standing = Counter((ln, t) for ln, t, _, p in st.minions if p is not None)
    for ln, t, kind, p in st.minions:
        if p is None or t == team:
            continue
        if kind == "heavy" and standing[(ln, t)] > 1:
            continue  # shielded while another minion of its team stands in the lane
        for x in nbrs[p]:
            if x not in seen and x in passable:
                seen[x] = 0
                if x not in occ:
                    frontier.append(x)
    for d in range(1, depth + 1):
        nxt = []
        for hx in frontier:
            for x in nbrs[hx]:
                if x in seen or x not in passable:
                    continue
                if x in tokens and tokens[x][0] == "magma":
                    continue
                seen[x] = d
                if x not in occ:
                    nxt.append(x)
        if not nxt:
            break
        frontier = nxt
    return seen


def strikable(st: GuardsState, team: int) -> list[Hex]:
    """Spaces of the other team's units ``team`` may strike: heroes, and minions other than a
    heavy that still has a minion of its team in its lane."""
    standing = Counter((ln, t) for ln, t, _, p in st.minions if p is not None)
    out = [st.pos[h] for h in st.heroes if st.pos[h] is not None and st.team_of[h] != team]
    for ln, t, kind, p in st.minions:
        if p is not None and t != team and not (kind == "heavy" and standing[(ln, t)] > 1):
            out.append(p)
    return out  # type: ignore[return-value]


def nearest(hx: Hex, spots: list[Hex]) -> int:
    return min((distance(hx, s) for s in spots), default=12)


def evaluate(st: GuardsState, team: int) -> float:
    """The value of a position for ``team`` (positive: good for it); a won game is ``WIN``."""
    if st.winner is not None:
        if st.winner < 0:
            return 0.0
        return WIN if st.winner == team else -WIN
    geo: Geo = st.geo
    score = 0.0
    for lane, zones in enumerate(geo.lanes):
        adv = st.battle[lane] - len(zones) // 2
        score += PUSH * (adv if team == 0 else -adv)
        mine = ours = theirs = 0
        for ln, t, _, p in st.minions:
            if ln == lane and p is not None:
                if t == team:
                    mine += 1
                else:
                    theirs += 1
        ours = mine
        score += minion_worth(ours) - minion_worth(theirs)
    hero_spots: list[list[Hex]] = [[], []]
    for h in st.heroes:
        p = st.pos[h]
        if p is not None:
            hero_spots[st.team_of[h]].append(p)
    maps = [strike_map(st, 0), strike_map(st, 1)]
    name = geo.name
    for h in st.heroes:
        sign = 1.0 if st.team_of[h] == team else -1.0
        lv = st.level[h]
        v = COIN * st.coins[h] + LEVEL_COIN * (lv * (lv + 1) // 2 - 1)
        p = st.pos[h]
        if p is not None:
            v += ALIVE + CARD * hand_worth(st, h)
            lane = hero_lane(st, h)
            d = zone_distances(name, battle_zone(st, lane)).get(p, 8)
            v -= ZONE_STEP * min(d, 10)
            other = 1 - st.team_of[h]
            foes = hero_spots[other]
            e = nearest(p, foes) if foes else 6
            if e <= 3:
                v -= _danger(st, h, p)
            m = maps[st.team_of[h]].get(p, 8)
            v -= ENGAGE * min(e, 8) + HUNT * m
        else:
            v += 2.0  # it will be back; its cards come back too
        score += sign * v
    return score


def _danger(st: GuardsState, h: int, p: Hex) -> float:
    """What standing near enemy heroes costs a hero with a thin hand: per hex closer than 4 to
    the nearest enemy hero that can still strike this round, little with one card that can
    defend, much with none (an attack would defeat it)."""
    guards = defenders(st, h)
    if guards > 1:
        return 0.0
    team = st.team_of[h]
    e = min(
        (
            d for x in st.heroes
            if st.team_of[x] != team and st.pos[x] is not None
            and (d := distance(p, st.pos[x])) <= 3 and threatened(st, x)
        ),
        default=4,
    )  # fmt: skip
    return (EXPOSED if guards == 0 else DANGER) * (4 - e)


def near_enemy(st: GuardsState, h: int, reach: int) -> list[tuple[Hex, int]]:
    """Enemy units within ``reach`` of hero ``h`` (nearest first)."""
    p = st.pos[h]
    if p is None:
        return []
    out = [(hx, code) for hx, code in enemy_units(st, st.team_of[h]) if distance(p, hx) <= reach]
    out.sort(key=lambda x: distance(p, x[0]))
    return out
