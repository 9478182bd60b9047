"""Atlantis Rising bots: one score per legal action of the pending decision frame.

:func:`rank` looks the top frame's kind up in a registry of rankers (:func:`register_ranker`);
the base game's rankers are below, the monsters module adds its frames' rankers and, with
monsters in play, adjusts the base scores (:func:`register_monster_ranking`). ``easy`` uses a
plain version of the scores; ``normal`` and ``hard`` plan with :mod:`ai.rising.valuations`
(their weights differ, :data:`~ai.rising.valuations.HARD_W`).
"""

from __future__ import annotations

from collections.abc import Callable

from ai.rising.valuations import (
    _TAIL,
    RES_KEYS,
    WAIVED,
    Ctx,
    Level,
    benefit_value,
    best_barrier_tile,
    best_give,
    card_value,
    enables_build,
    expected_deficit,
    navy_margin,
    navy_strength,
    play_value,
    section_loss,
    spot_value,
    tile_quality,
    unflip_gain,
)
from ai.rising.valuations import (
    level as level_of,
)
from game.core.protocol import Action, GameState
from game.rising import components as comps
from game.rising import frames
from game.rising.island import (
    CENTRE,
    CITIES,
    FORESTS,
    FORGES,
    HILLS,
    LIBRARIES,
    MOUNTAINS,
    NAVY,
    NUM_TILES,
    SECTION_INDEX,
    SECTION_RESOURCE,
    SPOT_IDS,
    SPOT_INDEX,
    tip_tile,
)
from game.rising.knowledge import KNOWLEDGE, KNOWLEDGE_INDEX, playable

#: ``ranker(st, frame, p, legal, easy)`` -> ``(score, action)`` for every legal action
Ranker = Callable[[GameState, tuple, int, list[Action], Level], list[tuple[float, Action]]]
#: ``ranking(st, frame, p, legal, easy, ranker)``: a module's scoring of every decision
ModuleRanking = Callable[
    [GameState, tuple, int, list[Action], Level, Ranker | None], list[tuple[float, Action]]
]


# ---------------------------------------------------------------------------------------------
# the ranker: one score per legal action of the pending decision
def rank(st: GameState, p: int, level: str = "normal") -> list[tuple[float, Action]]:
    """Every legal action of ``p`` with the heuristic's score (higher is better), best first."""
    legal = st.legal_actions(p)
    if len(legal) <= 1:
        return [(0.0, a) for a in legal]
    f = st.stack[-1]
    kind = f[0]
    easy = level_of(level)
    handler = _RANKERS.get(kind)
    if st.monsters:  # the monsters module scores and adjusts (ai/rising/monsters.py)
        scored = _monster_ranking(st, f, p, legal, easy, handler)
    elif handler is not None:
        scored = handler(st, f, p, legal, easy)
        if handler in _IN_ORDER and len(scored) == len(legal):
            scored.sort(key=_neg_score)
            return scored
    else:
        scored = [(0.0, a) for a in legal]
    if len(scored) == len(legal) and all(sa[1] is a for sa, a in zip(scored, legal, strict=True)):
        # already in the legal order: a stable sort on the score breaks ties the same way
        scored.sort(key=_neg_score)
        return scored
    order = {a: i for i, a in enumerate(legal)}
    scored.sort(key=lambda sa: (-sa[0], order[sa[1]]))
    return scored


def _neg_score(sa: tuple[float, Action]) -> float:
    return -sa[0]


def _rank_start(st, f, p, legal, easy):
    cx = Ctx(st, p, easy)
    out = []
    for a in legal:
        if a.kind == "done":
            out.append((0.0, a))
        elif a.kind == "play":
            out.append((play_value(cx, a["card"], "start"), a))
        elif a.kind == "ability":
            ok = not easy and st.energy[p] >= 2 and st.total_energy() >= 5
            out.append((0.5 if ok else -1.0, a))
        elif a.kind == "unflip":
            s = SECTION_INDEX[a["section"]]
            spare = st.total_energy() - frames.UNFLIP_COST
            ok = not easy and spare >= cx.w["unflip_spare"]
            out.append(((unflip_gain(st, s) - 2.0) if ok else -1.0, a))
        else:
            out.append((-1.0, a))
    return out


def _rank_place_frame(st, f, p, legal, easy):
    return _rank_place(st, f, p, legal, easy)


def _rank_flood(st, f, p, legal, easy):
    _, _, t, s = f
    cx = Ctx(st, p, easy)
    if t < 0:
        loss = 2 * cx.tv + 1.0
    elif easy:
        loss = 3.0 + (2.0 if st.occ[t] else 0.0)
    else:
        loss = cx.tv + tile_quality(st, t) + section_loss(st, s, True) - tile_quality(st, t)
        loss += sum(0.6 for _ in st.occ[t])
    cost = frames.CANCEL_COST * cx.ev * cx.w["cancel"]
    out = []
    for a in legal:
        out.append(((loss - cost) if a.kind == "cancel" else 0.0, a))
    return out


def _rank_pool(st, f, p, legal, easy):
    room = frames.pool_room(f)
    queue = f[4]
    others = sum(st.energy[q] for q in queue[1:])
    out = []
    for a in legal:
        k = a["amount"]
        if others + st.energy[p] < room:
            v = -k  # the pool will fail anyway: keep the energy
        elif easy:
            v = k
        else:
            # give what is needed, leaving later councilors as little to give as possible
            v = -abs(min(st.energy[p], room) - k)
        out.append((float(v), a))
    return out


def _rank_mchoice(st, f, p, legal, easy):
    what = f[2]
    out = []
    for a in legal:
        if what in ("overflow", "controlled"):
            s = SECTION_INDEX[a["section"]]
            v = -section_loss(st, s, True)
        elif what == "panic":
            s = SECTION_INDEX[a["section"]]
            v = -sum(len(st.occ[t]) - 0.5 * len(st.cour[t]) for t in range(s * 6, s * 6 + 6))
        else:
            t = SPOT_INDEX[a["at"]]
            v = -len(st.occ[t])
            for q in set(st.occ[t]):
                if st.atlanteans(q) > 3:
                    v -= 2.0
        out.append((v, a))
    return out


def _rank_window(st, f, p, legal, easy):
    out = []
    cx = Ctx(st, p, easy)
    deficit = st.die + st.galley - navy_strength(st)
    for a in legal:
        if a.kind == "pass":
            out.append((0.0, a))
            continue
        key = a["card"]
        eff = KNOWLEDGE[KNOWLEDGE_INDEX[key]].effect
        if f[1] == "attack":
            if eff == "navy":
                v = min(2, deficit) * cx.tv - 1.0
            elif eff == "gambit":
                v = (deficit - expected_deficit(st)) * cx.tv - 0.8
            elif eff == "ballad":
                counts = [st.occ[NAVY].count(q) for q in range(st.n)]
                v = sum(c >= 2 for c in counts) - 1.5
            else:
                v = -1.0
            if easy:
                v = 1.0 if (eff == "navy" and deficit > 0) else -1.0
        else:
            v = play_value(cx, key, "react")
        out.append((v, a))
    return out


_PROD_ORDER = {-1: 0, MOUNTAINS: 1, HILLS: 2, FORESTS: 3, LIBRARIES: 4, CITIES: 5, FORGES: 6}


def _rank_prod(st, f, p, legal, easy):
    cx = None  # built only when a card is offered (most production steps have none)
    out = []
    for a in legal:
        if a.kind == "produce":
            t = SPOT_INDEX[a["at"]]
            sec = -1 if t == CENTRE else t // 6
            out.append((10.0 - _PROD_ORDER[sec] - (t % 6) * 0.01, a))
        elif a.kind == "play":
            if cx is None:
                cx = Ctx(st, p, easy)
            out.append((20.0 if play_value(cx, a["card"], "production") > 0 else -1.0, a))
        else:
            out.append((-5.0, a))
    return out


def _rank_boost(st, f, p, legal, easy):
    _, _, t, roll, target = f
    need = target - roll
    cx = Ctx(st, p, easy)
    r = SECTION_RESOURCE[t // 6]
    gain = cx.val[r]
    cost = need * cx.ev
    if st.total_energy() - need < frames.CANCEL_COST:
        cost += 0.4 * need
    if easy:
        gain, cost = (1.0, 0.0) if need == 1 else (0.0, 1.0)
    return [((gain - cost) if a["amount"] else 0.0, a) for a in legal]


def _rank_keep(st, f, p, legal, easy):
    cx = Ctx(st, p, easy)
    out = []
    for a in legal:
        idx = KNOWLEDGE_INDEX[a["card"]]
        out.append((card_value(cx, idx) if not easy else -idx * 0.01, a))
    return out


def _rank_discard(st, f, p, legal, easy):
    cx = Ctx(st, p, easy)
    out = []
    for a in legal:
        if a.kind == "play":
            v = play_value(cx, a["card"], "discard")
            out.append((v if v > 0 else -5.0, a))
        else:
            out.append((-card_value(cx, KNOWLEDGE_INDEX[a["card"]]), a))
    return out


def _rank_atk(st, f, p, legal, easy):
    out = []
    for a in legal:
        s = SECTION_INDEX[a["section"]]
        if easy:
            v = -tile_quality(st, tip_tile(st.flooded, s))
        else:
            v = -section_loss(st, s, False)
        out.append((v, a))
    return out


def _rank_barrier(st, f, p, legal, easy):
    out = []
    best_v, best_t = best_barrier_tile(st)
    for a in legal:
        t = SPOT_INDEX[a["at"]]
        out.append((1.0 if t == best_t else -tile_quality(st, t) * 0.01 - t * 1e-4, a))
    return out


def _rank_unflip(st, f, p, legal, easy):
    return [(unflip_gain(st, SECTION_INDEX[a["section"]]), a) for a in legal]


_TALENT_PREF = {"explorer": 3, "emissary": 2, "priest": 1}


def _rank_talent(st, f, p, legal, easy):
    return [(_TALENT_PREF.get(a["councilor"], 0), a) for a in legal]


def _rank_give(st, f, p, legal, easy):
    v, best = best_give(st, p)
    return [(1.0 if a == best else 0.0, a) for a in legal]


def _rank_build(st, f, p, legal, easy):
    cx = Ctx(st, p, easy)
    out = []
    builds = [a for a in legal if a.kind == "build"]
    for a in legal:
        kind = a.kind
        if kind == "build":
            ci = comps.COMPONENT_INDEX[a["component"]]
            cost = list(comps.COMPONENTS[ci].cost)
            waive = a.get("waive")
            if waive is not None:
                cost[RES_KEYS.index(waive)] -= WAIVED
            paid = sum(cost[r] * cx.val[r] for r in range(4))
            if easy:
                v = 100.0 - ci * 0.01
            else:
                v = 100.0 + benefit_value(cx, ci) - 0.3 * paid
                if st.double[p]:
                    v += benefit_value(cx, ci)
        elif kind == "pass":
            v = 0.0
        elif kind == "play":
            key = a["card"]
            eff = KNOWLEDGE[KNOWLEDGE_INDEX[key]].effect
            if eff == "double":
                best = max(
                    (benefit_value(cx, comps.COMPONENT_INDEX[b["component"]]) for b in builds),
                    default=0.0,
                )
                v = 150.0 if (builds and best >= 1.5 and not easy) else -1.0
            elif eff == "resource" and not builds:
                v = 50.0 if enables_build(st, p, card=key) else play_value(cx, key, "build")
            elif not builds:
                v = play_value(cx, key, "build")
            else:
                v = -1.0
        else:  # convert
            if easy or builds:
                v = -1.0
            else:
                v = (
                    40.0 - cx.val[RES_KEYS.index(a["give"])]
                    if enables_build(st, p, convert=a)
                    else -1.0
                )
        out.append((v, a))
    return out


def _rank_place(
    st: GameState, f: tuple, p: int, legal: list[Action], easy: bool
) -> list[tuple[float, Action]]:
    cx = Ctx(st, p, easy)
    late = f[2]
    values: dict[int, float] = {}
    risks: dict[int, float] = {}
    out: list[tuple[float, Action]] = []
    holds: list[int] = []
    best_safe = 0.0
    # flood_risk's per-state parts, asked once (the per-tile part is inlined below)
    risky = st.phase in ("start", "place")
    halve = st.total_energy() >= frames.CANCEL_COST
    seats = min(st.n, 6)
    flooded, barrier = st.flooded, st.barrier
    for a in legal:
        if a.kind == "hold":
            holds.append(len(out))
            out.append((0.0, a))
            continue
        if a.kind == "play":
            v = play_value(cx, a["card"], "place")
            out.append((v, a))
            continue
        t = SPOT_INDEX[a["at"]]
        if t not in values:
            values[t] = spot_value(cx, t)
        v = values[t]
        courage = bool(a.get("courage"))
        if t < NUM_TILES:
            if late:  # easy too sees the flood risk: it kept losing the tiles it stood on
                risk = 0.0
            else:
                risk = risks.get(t, -1.0)
                if risk < 0.0:
                    if risky:  # exactly flood_risk(st, t)
                        s = t // 6
                        k = t % 6 - flooded[s]
                        k += sum(1 for x in range(s * 6 + flooded[s], t + 1) if barrier[x])
                        risk = _TAIL[(seats, k + 1)] if k + 1 < 8 else 0.0
                        if halve:
                            risk *= 0.5
                    else:
                        risk = 0.0
                    risks[t] = risk
            best_safe = max(best_safe, v)
            if courage:
                v = v - risk * cx.w["token"]
            else:
                v = v * (1.0 - risk)
        elif t == NAVY and courage:
            v = navy_margin(st, 2) * cx.tv * cx.w["navy"] - cx.w["token"]
        out.append((v, a))
    for i in holds:  # in the legal order (rank breaks ties by it)
        out[i] = (best_safe * cx.w["hold"] if not easy else -1.0, out[i][1])
    return out


_RANKERS: dict[str, Ranker] = {
    "start": _rank_start,
    "place": _rank_place_frame,
    "flood_resp": _rank_flood,
    "pool": _rank_pool,
    "mchoice": _rank_mchoice,
    "window": _rank_window,
    "prod": _rank_prod,
    "boost": _rank_boost,
    "keep": _rank_keep,
    "discard": _rank_discard,
    "atk_tiles": _rank_atk,
    "barrier": _rank_barrier,
    "unflip": _rank_unflip,
    "talent": _rank_talent,
    "give": _rank_give,
    "build": _rank_build,
}


#: the rankers above score every legal action in the legal order (one pass over ``legal``),
#: so rank's stable sort on the score alone breaks their ties by the legal order
_IN_ORDER: frozenset[Ranker] = frozenset(_RANKERS.values())


def register_ranker(kind: str, ranker: Ranker) -> None:
    """Score the decision frame ``kind`` with ``ranker`` (a kind is registered once)."""
    if kind in _RANKERS:
        raise ValueError(f"decision frame {kind!r} already has a Rising ranker")
    _RANKERS[kind] = ranker


def _no_monster_ranking(st, f, p, legal, easy, ranker):
    raise RuntimeError("a game with monsters needs ai.rising.monsters (it registers its ranking)")


_monster_ranking: ModuleRanking = _no_monster_ranking


def register_monster_ranking(ranking: ModuleRanking) -> None:
    """Score every decision of a game with monsters through ``ranking`` (given the frame's ranker)."""
    global _monster_ranking
    if _monster_ranking is not _no_monster_ranking and _monster_ranking is not ranking:
        raise ValueError("the Rising rankers already have a monsters ranking")
    _monster_ranking = ranking


def heuristic_action(st: GameState, p: int, level: str = "normal") -> Action:
    """The heuristic's move for ``p`` (the best-ranked legal action)."""
    if st.result is None and st.stack and not st.monsters:
        f = st.stack[-1]
        if f[0] == "prod" and f[1] == p and _RANKERS["prod"] is _rank_prod:
            a = _best_prod(st, p, level_of(level))
            if a is not None:
                return a
    return rank(st, p, level)[0][1]


def _best_prod(st: GameState, p: int, easy: Level) -> Action | None:
    """``rank(...)[0][1]`` of a production step, without listing and sorting every action.

    Playouts ask this at almost every production step. :func:`_rank_prod` scores a card worth
    playing 20, a spot at most 10 and at least 3.9, a card to keep -1 and a conversion -5, and
    rank breaks ties by the legal order (spots, then cards, then conversions): so the first
    card worth playing wins, else the first best spot.
    """
    spots = frames.prod_spots(st, p)
    if not spots:
        return None
    cards = playable(st, p, "any")
    if cards:
        cx = Ctx(st, p, easy)
        for key in cards:
            if play_value(cx, key, "production") > 0:
                return frames.act(p, "play", ("card", key))
    best, best_v = spots[0], -1e9
    for t in spots:
        sec = -1 if t == CENTRE else t // 6
        v = 10.0 - _PROD_ORDER[sec] - (t % 6) * 0.01
        if v > best_v:
            best, best_v = t, v
    return frames.act(p, "produce", ("at", SPOT_IDS[best]))
