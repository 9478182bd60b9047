"""Atlantis Rising bots: the monster decisions (Medusa, the Harpies, Scylla and Charybdis).

On import this module registers its frames' rankers with :mod:`ai.rising.rankers`, which then
hands every decision of a game with monsters to :func:`rank` here: it lets the monster frames'
rankers score their frames, the base ranker score the base actions of the base frames, and
then adjusts those scores for the monsters: never walk onto Medusa's tile, bring
the item holder to where the monster can be confronted, don't try to fill a city half full of
stone. :func:`evaluate_extra` adds the monsters to the search's evaluation, so ``hard`` can
search the monster decisions listed in :data:`SEARCHED` with the same rollouts.
"""

from __future__ import annotations

from collections.abc import Callable

from ai.rising import rankers
from ai.rising import valuations as base
from game.core.protocol import Action, GameState
from game.rising.island import CAP, CENTRE, CITIES, NAVY, NUM_TILES, RESOURCES, SPOT_INDEX
from game.rising.knowledge import KNOWLEDGE_INDEX
from game.rising.monsters import common as cm
from game.rising.monsters import harpies as hp
from game.rising.monsters import scylla as sc

#: monster decision frames the hard bot searches
SEARCHED = frozenset({"gaze", "hlure", "charyb", "mally"})
MONSTER_KINDS = frozenset({"free", "build_item"})
PIECE_LOSS = 1.6  # what one active Atlantean turned to stone costs the team (action + freeing)
STEAL_LOSS = 1.0  # one resource or card taken by the Harpies
ORDER_PREF = {"medusa": 3.0, "harpies": 2.0, "scylla": 1.0}  # stone pieces cannot be robbed


def rank(
    st: GameState,
    f: tuple,
    p: int,
    legal: list[Action],
    easy: bool,
    handler: Callable | None,
) -> list[tuple[float, Action]]:
    """Scores for a game with monsters (``handler``: the registered ranker of this frame, if any)."""
    own = _RANKERS.get(f[0])
    if own is not None:  # a monster frame: its own ranker alone
        return own(st, f, p, legal, easy)
    plain = [a for a in legal if a.kind not in MONSTER_KINDS]
    scored = handler(st, f, p, plain, easy) if handler else [(0.0, a) for a in plain]
    if f[0] in ("place",):
        scored = _adjust_place(st, p, scored, easy)
    for a in legal:
        if a.kind == "free":
            scored.append((_free_value(st, p, a, easy), a))
        elif a.kind == "build_item":
            scored.append((_item_value(st, p, a, easy), a))
    return scored


# ---------------------------------------------------------------------------------------------
# base decisions, adjusted
def _adjust_place(
    st: GameState, p: int, scored: list[tuple[float, Action]], easy: bool
) -> list[tuple[float, Action]]:
    out = []
    shield = st.items[cm.MEDUSA] == p
    for v, a in scored:
        if a.kind == "place":
            t = SPOT_INDEX[a["at"]]
            if t == st.medusa and not (shield and p not in st.occ[t]):
                v -= 6.0  # turned to stone at once
            elif t < NUM_TILES and st.petr[t]:
                if t // 6 == CITIES:
                    v = min(v, 0.05)  # no one can fill a city with stone on its rings
                if not easy and p in st.petr[t] and st.energy[p] >= 1:
                    v += 0.6  # standing there lets us free our own Atlantean
            if not easy:
                if st.items[cm.HARPIES] == p and t == st.harpies and p not in st.occ[t]:
                    v += 3.0  # be on the roost to shake the Rattle
                if st.items[cm.SCYLLA] == p and t == NAVY and st.occ[NAVY].count(p) < sc.CREW:
                    v += 3.0  # crew the Navy to sail between the monsters
                if (
                    st.items[cm.MEDUSA] == p
                    and st.medusa >= 0
                    and t < NUM_TILES
                    and t != st.medusa
                    and not any(p in st.occ[x] for x in cm.island_spots(st))
                ):
                    v += 1.5  # an Atlantean on the island may carry the Shield to her
        out.append((v, a))
    return out


def _free_value(st: GameState, p: int, a: Action, easy: bool) -> float:
    q = a["piece"]
    if q >= 0:
        return 25.0 if (q == p or not easy) else -1.0
    if easy or st.energy[p] < 2:
        return -1.0
    t = SPOT_INDEX[a["at"]]
    if t // 6 == CITIES and t < NUM_TILES:
        mine = st.occ[t].count(p)
        return 22.0 if mine + 1 >= CAP[t] else -1.0
    return 12.0


def _item_value(st: GameState, p: int, a: Action, easy: bool) -> float:
    if easy:
        return -1.0
    i = cm.ITEM_INDEX[a["item"]]
    cost = cm.item_cost(st, i)
    spare = st.res[p][cm.ITEMS[i].resource] - cost
    return 60.0 - 8.0 * cost + 2.0 * min(spare, 3)


# ---------------------------------------------------------------------------------------------
# Medusa
def _strike_loss(st: GameState, t: int, p_bearer: int = -1) -> float:
    """What Medusa arriving at ``t`` costs now, plus her blocking the tile afterwards."""
    occ = st.occ[t]
    active = len(occ) - (1 if p_bearer >= 0 and p_bearer in occ else 0)
    if active > 0:
        loss = active * PIECE_LOSS
    elif t < NUM_TILES and not occ:
        loss = cm.free_room(st, t) * 0.25 * base.tile_quality(st, t)
    else:
        loss = 0.0
    stay = base.tile_quality(st, t) if t < NUM_TILES else 3.0
    return loss + 0.3 * stay


def _random_tiles(st: GameState) -> list[tuple[float, int]]:
    sections = [s for s in range(6) if st.flooded[s] < 6]
    if not sections:
        return [(1.0, CENTRE)]
    out = []
    for s in sections:
        tiles = range(s * 6 + st.flooded[s], s * 6 + 6)
        for t in tiles:
            out.append((1.0 / len(sections) / len(tiles), t))
    return out


def _rank_gaze(st, f, p, legal, easy):
    holder = st.items[cm.MEDUSA]
    expected = sum(w * _strike_loss(st, t, holder) for w, t in _random_tiles(st))
    out = []
    for a in legal:
        if a.kind == "pass":
            out.append((-expected, a))
            continue
        if holder == p:
            out.append((100.0, a))
            continue
        t = SPOT_INDEX[a["at"]]
        v = -_strike_loss(st, t, holder) - (0.5 if easy else 0.0)
        out.append((v, a))
    return out


def _rank_ally(st, f, p, legal, easy):
    n = f[2]
    cx = base.Ctx(st, p, easy)
    room = st.colour_room(p) + st.grey_supply
    followers = min(2 * n, room) * max(cx.atl, 0.2)
    volunteers = 4 * n * 0.45
    return [(followers if a["reward"] == "followers" else volunteers, a) for a in legal]


def _rank_order(st, f, p, legal, easy):
    return [(ORDER_PREF.get(a["monster"], 0.0), a) for a in legal]


# ---------------------------------------------------------------------------------------------
# the Harpies
def _raid_loss(st: GameState, t: int) -> float:
    holder = st.items[cm.HARPIES]
    victims = [q for q in st.occ[t] if q != holder]
    if victims:
        return STEAL_LOSS * hp.TRIBUTE * len(victims)
    if holder >= 0 and holder in st.occ[t]:
        return 0.0
    return 0.6 * hp.COUNCIL_RAID if any(st.hand[q] for q in range(st.n) if q != holder) else 0.0


def _rank_lure(st, f, p, legal, easy):
    sections = [s for s in range(6) if st.flooded[s] < 6]
    expected = 0.0
    for s in sections:
        tiles = range(s * 6 + st.flooded[s], s * 6 + 6)
        t = max(tiles, key=lambda x: (len(st.occ[x]), -x))
        expected += _raid_loss(st, t) / len(sections)
    cx = base.Ctx(st, p, easy)
    out = []
    for a in legal:
        if a.kind == "confront":
            out.append((100.0, a))
        elif a.kind == "pass":
            out.append((-expected, a))
        else:
            t = SPOT_INDEX[a["at"]]
            v = -_raid_loss(st, t) - hp.LURE_COST * cx.ev - (1.0 if easy else 0.0)
            holder = st.items[cm.HARPIES]
            if holder >= 0 and t < NUM_TILES and cm.free_room(st, t) > 0 and t != st.medusa:
                v += 0.8  # somewhere the Rattle's holder can reach next round
            out.append((v, a))
    return out


def _rank_tribute(st, f, p, legal, easy):
    cx = base.Ctx(st, p, easy)
    out = []
    for a in legal:
        if a.get("resource") is not None:
            v = -cx.val[RESOURCES.index(a["resource"])]
        else:
            v = -base.card_value(cx, KNOWLEDGE_INDEX[a["card"]])
        out.append((v, a))
    return out


# ---------------------------------------------------------------------------------------------
# Scylla and Charybdis
def _rank_confront(st, f, p, legal, easy):
    return [(1.0 if a.kind == "confront" else 0.0, a) for a in legal]


def _rank_charyb(st, f, p, legal, easy):
    t = f[2]
    cx = base.Ctx(st, p, easy)
    loss = cx.tv + base.tile_quality(st, t) + 0.6 * len(st.occ[t])
    if 6 - st.flooded[t // 6] == 1:
        loss += 3.0
    cost = sc.CALM_COST * cx.ev
    return [((loss - cost) if a.kind == "calm" else 0.0, a) for a in legal]


_RANKERS: dict[str, Callable[..., list[tuple[float, Action]]]] = {
    "gaze": _rank_gaze,
    "mally": _rank_ally,
    "morder": _rank_order,
    "hlure": _rank_lure,
    "htribute": _rank_tribute,
    "sea_confront": _rank_confront,
    "charyb": _rank_charyb,
}


# ---------------------------------------------------------------------------------------------
# evaluation at a search cut-off
def evaluate_extra(st: GameState) -> float:
    """The monsters' weight on :func:`ai.rising.valuations.evaluate` (stone, captives, items)."""
    v = 0.0
    for t, stone in enumerate(st.petr):
        own = sum(1 for q in stone if q >= 0)
        v -= 1.2 * own + 0.3 * (len(stone) - own)
        if t < NUM_TILES and t // 6 == CITIES and stone:
            v -= 0.3
    v -= 1.0 * len(st.captives)
    for i, it in enumerate(cm.ITEMS):
        if cm.alive(st, it.monster):
            v -= 4.0
            if st.items[i] >= 0:
                v += 2.0
    return v


# ---------------------------------------------------------------------------------------------
# registration with the base rankers and evaluation
for _kind, _ranker in _RANKERS.items():
    rankers.register_ranker(_kind, _ranker)
rankers.register_monster_ranking(rank)
base.register_monster_evaluation(evaluate_extra)
