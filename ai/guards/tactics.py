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

if TYPE_CHECKING:
    from game.guards.state import GuardsState

#: what a won (lost) game is worth; every other term stays far below it
WIN = 1000.0
PUSH = 30.0
ALIVE = 9.0
COIN = 0.45
CARD = 1.1
LEVEL_COIN = 0.55
ZONE_STEP = 0.6
ENGAGE = 0.12
DANGER = 1.6
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
            cards = hand_cards(st, h)
            v += ALIVE + CARD * cards
            lane = hero_lane(st, h)
            d = zone_distances(name, battle_zone(st, lane)).get(p, 8)
            v -= ZONE_STEP * min(d, 10)
            other = 1 - st.team_of[h]
            foes = hero_spots[other]
            e = nearest(p, foes) if foes else 6
            if cards <= 1 and e <= 3:
                v -= DANGER * (4 - e)
            m = maps[st.team_of[h]].get(p, 8)
            v -= ENGAGE * min(e, 8) + HUNT * m
        else:
            v += 2.0  # it will be back; its cards come back too
        score += sign * v
    return score


def near_enemy(st: GuardsState, h: int, reach: int) -> list[tuple[Hex, int]]:
    """Enemy units within ``reach`` of hero ``h`` (nearest first)."""
    p = st.pos[h]
    if p is None:
        return []
    out = [(hx, code) for hx, code in enemy_units(st, st.team_of[h]) if distance(p, hx) <= reach]
    out.sort(key=lambda x: distance(p, x[0]))
    return out
