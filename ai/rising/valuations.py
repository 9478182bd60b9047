"""Atlantis Rising bots: what things are worth to a councilor now, and what a position is worth.

:class:`Ctx` holds one decision's valuations for one seat (a resource, a mystic energy, a
standing tile); around it are the values of cards (:func:`card_value`, :func:`play_value`),
component benefits, placement spots, flood and Navy risks, each seat's target component
(:func:`targets`) and the search's cut-off evaluation (:func:`evaluate`). The rankers
(:mod:`ai.rising.rankers`) turn these into scores, and the first-game guide quotes them, so the
numbers a player reads are the ones the bots play by.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from game.core.protocol import Action, GameState
from game.rising import components as comps
from game.rising import frames
from game.rising.councilors import ABILITIES
from game.rising.island import (
    ATLANTIUM,
    CENTRE,
    FORGES,
    LIBRARIES,
    NAVY,
    NUM_TILES,
    ORE,
    SECTION_RESOURCE,
    VALUE,
    flood_order,
    tip_tile,
)
from game.rising.knowledge import HAND_LIMIT, KNOWLEDGE, KNOWLEDGE_INDEX
from game.rising.misfortunes import FLOODS_PER_SECTION, MISFORTUNES

#: how hard each resource is to come by (one unit, in "resource units")
BASE = (1.0, 1.3, 1.7, 0.6)
RES_KEYS = ("ore", "gold", "crystal", "atlantium")
#: units of one resource of a cost the Artificer's ability waives (the councilor's data)
WAIVED = ABILITIES["artificer"].amount
_DECK_SIZE = sum(m.count for m in MISFORTUNES)
#: chance that one misfortune draw floods a given section
_Q_FLOOD = FLOODS_PER_SECTION / _DECK_SIZE

#: the heuristic's tunable weights; ``normal`` plays :data:`NORMAL_W`, ``hard`` plays (and
#: searches over) :data:`HARD_W`, tuned on paired seeds with ``tools/rising/balance.py``
NORMAL_W: dict[str, float] = {
    "tv_base": 1.2,  # what a standing island tile is worth (plus tv_scale / tiles left)
    "tv_scale": 8.0,
    "ev": 1.0,  # multiplier on what a mystic energy is worth
    "need": 1.3,  # a resource the councilor's target still needs
    "spare": 0.45,  # a resource some other unbuilt component needs
    "hold": 0.8,  # keeping an Atlantean home for late placement
    "token": 0.8,  # a courage token
    "navy": 1.0,  # multiplier on the Navy's value
    "cancel": 1.0,  # multiplier on the cost of cancelling a flood with energy
    "atl": 0.3,  # a new Atlantean, per round left
    "library": 1.3,  # multiplier on the library tiles
    "unflip_spare": 4.0,  # energy the team keeps after raising a tile at the start of a turn
}


class Level:
    """What a ranker knows of the bot level: whether it is easy, and the weights it plays.

    Rankers receive it as their ``easy`` argument, so it is falsy unless the level is easy.
    """

    __slots__ = ("easy", "w")

    def __init__(self, easy: bool, w: dict[str, float]) -> None:
        self.easy = easy
        self.w = w

    def __bool__(self) -> bool:
        return self.easy


def _binom_tail(n: int, k: int, q: float) -> float:
    """P(X >= k) for X ~ Binomial(n, q)."""
    if k <= 0:
        return 1.0
    if k > n:
        return 0.0
    return sum(math.comb(n, i) * q**i * (1 - q) ** (n - i) for i in range(k, n + 1))


_TAIL = {(n, k): _binom_tail(n, k, _Q_FLOOD) for n in range(7) for k in range(8)}


# ---------------------------------------------------------------------------------------------
# what a councilor is working toward
def _unbuilt(st: GameState) -> list[int]:
    return [ci for slot, ci in enumerate(st.blueprint) if st.built[slot] < 0]


def _shortfall(have: list[float], cost: tuple[int, ...]) -> list[float]:
    return [max(0.0, cost[r] - have[r]) for r in range(4)]


def _effort(short: list[float]) -> float:
    return short[0] * BASE[0] + short[1] * BASE[1] + short[2] * BASE[2] + short[3] * BASE[3]


#: targets() answers by (blueprint, built, every seat's resources): rollouts ask the same
#: question at almost every step while nobody's resources change (placement, misfortunes)
_TARGETS: dict[tuple, dict[int, int]] = {}


def targets(st: GameState) -> dict[int, int]:
    """Seat -> the unbuilt component it should aim at (closest first, each taken once).

    Callers must not change the returned dict (it is shared through the cache).
    """
    key = (st.blueprint, tuple(st.built), *map(tuple, st.res))
    got = _TARGETS.get(key)
    if got is None:
        if len(_TARGETS) > 20_000:
            _TARGETS.clear()
        got = _TARGETS[key] = _targets(st)
    return got


def _targets(st: GameState) -> dict[int, int]:
    unbuilt = _unbuilt(st)
    b0, b1, b2, b3 = BASE
    pairs = []
    for ci in unbuilt:
        c0, c1, c2, c3 = comps.COMPONENTS[ci].cost
        for q in range(st.n):
            h0, h1, h2, h3 = st.res[q]
            # exactly _effort(_shortfall(...)): the same products summed in the same order
            e = (
                (c0 - h0 if c0 > h0 else 0.0) * b0
                + (c1 - h1 if c1 > h1 else 0.0) * b1
                + (c2 - h2 if c2 > h2 else 0.0) * b2
                + (c3 - h3 if c3 > h3 else 0.0) * b3
            )
            pairs.append((e, q, ci))
    pairs.sort()
    out: dict[int, int] = {}
    taken: set[int] = set()
    for _, q, ci in pairs:
        if q in out or (ci in taken and len(taken) < len(unbuilt)):
            continue
        out[q] = ci
        taken.add(ci)
    return out


def _best_forge_rate(st: GameState) -> int:
    s = FORGES
    t = tip_tile(st.flooded, s)
    return VALUE[t]["rate"] if t is not None else 0


_TEAM: dict[tuple, tuple[list[int], list[float]]] = {}


def _team_need(st: GameState) -> tuple[list[int], list[float]]:
    """The unbuilt components and what they cost together (shared lists: read only)."""
    key = (st.blueprint, tuple(st.built))
    got = _TEAM.get(key)
    if got is None:
        if len(_TEAM) > 5_000:
            _TEAM.clear()
        unbuilt = _unbuilt(st)
        team = [0.0, 0.0, 0.0, 0.0]
        for ci in unbuilt:
            for r in range(4):
                team[r] += comps.COMPONENTS[ci].cost[r]
        got = _TEAM[key] = (unbuilt, team)
    return got


#: Ctx's values worked out on first use (one plan gives them all): most production, flood and
#: card-window decisions never read them, and the plan is most of a Ctx's cost
_PLANNED = frozenset({"need", "team_need", "val", "pending"})


class Ctx:
    """Per-decision valuations for seat ``p`` (what a resource, energy, a tile is worth now).

    ``need``, ``team_need``, ``val`` and ``pending`` are computed when first read, from the
    state as it is then: a Ctx is read while its state stands still (inside one ranking).
    """

    __slots__ = (
        "st", "p", "easy", "w", "need", "team_need", "val", "ev", "tv", "atl", "pending"
    )  # fmt: skip

    def __init__(self, st: GameState, p: int, easy: bool | Level = False) -> None:
        self.st = st
        self.p = p
        self.easy = bool(easy)
        w = easy.w if isinstance(easy, Level) else NORMAL_W
        self.w = w
        surviving = st.surviving()
        self.tv = w["tv_base"] + w["tv_scale"] / max(surviving, 4)
        team_energy = st.total_energy()
        self.ev = 0.8 if team_energy < 3 else 0.55 if team_energy < 6 else 0.35
        if st.energy[p] < 2:
            self.ev += 0.1
        self.ev *= w["ev"]
        rounds_left = max(1.0, surviving / 4.5)
        room = st.colour_room(p) > 0 or st.grey_supply > 0
        self.atl = w["atl"] * min(rounds_left, 6.0) if room else 0.0

    def __getattr__(self, name: str) -> object:
        # only reached for an unset slot: the planned values, on their first read
        if name not in _PLANNED:
            raise AttributeError(name)
        self._plan()
        return object.__getattribute__(self, name)

    def _plan(self) -> None:
        st, p, easy, w = self.st, self.p, self.easy, self.w
        # this turn's expected gains of p from Atlanteans already standing on the island
        pending = [0.0, 0.0, 0.0, 0.0]
        forge_uses = 0
        if st.phase in ("place", "misfortune", "late", "production"):
            for t in flood_order(st.flooded):
                k = st.occ[t].count(p)
                if not k:
                    continue
                s = t // 6
                if s in SECTION_RESOURCE:
                    pending[SECTION_RESOURCE[s]] += k * _p_success(st, p, t)
                elif s == FORGES:
                    forge_uses += k
        self.pending = pending
        unbuilt, team = _team_need(st)
        self.team_need = team
        have = [st.res[p][r] + pending[r] for r in range(4)]
        have[ORE] -= forge_uses
        need = [0.0, 0.0, 0.0, 0.0]
        if unbuilt:
            tgt = targets(st).get(p)
            if tgt is not None:
                need = _shortfall(have, comps.COMPONENTS[tgt].cost)
                if sum(need) < 0.3:
                    # on course for the target: look at the next cheapest one
                    left = [have[r] - comps.COMPONENTS[tgt].cost[r] for r in range(4)]
                    rest = [ci for ci in unbuilt if ci != tgt]
                    if rest:
                        nxt = min(
                            rest, key=lambda c: _effort(_shortfall(left, comps.COMPONENTS[c].cost))
                        )
                        need = _shortfall(left, comps.COMPONENTS[nxt].cost)
            rate = _best_forge_rate(st) or 1
            need[ORE] += max(0.0, need[ATLANTIUM] - 0.5) / rate
        self.need = need
        val = [0.0, 0.0, 0.0, 0.0]
        for r in range(4):
            if easy:
                # plain: what the own target still lacks is worth more, nothing finer
                val[r] = BASE[r] * (1.3 if need[r] > 0.3 else 0.6) if team[r] > 0 else 0.1
            elif need[r] > 0.3:
                val[r] = BASE[r] * w["need"]
            elif team[r] > 0:
                val[r] = BASE[r] * w["spare"]
            else:
                val[r] = 0.1
        self.val = val


def _p_success(st: GameState, p: int, t: int) -> float:
    target = st.target(p, t)
    return (7 - target) / 6.0


def flood_risk(st: GameState, t: int) -> float:
    """Chance that island tile ``t`` sinks before production this turn."""
    if st.phase not in ("start", "place"):
        return 0.0
    s = t // 6
    k = t % 6 - st.flooded[s]
    k += sum(1 for x in range(s * 6 + st.flooded[s], t + 1) if st.barrier[x])
    risk = _TAIL[(min(st.n, 6), k + 1)] if k + 1 < 8 else 0.0
    if st.total_energy() >= frames.CANCEL_COST:
        risk *= 0.5
    return risk


def tile_quality(st: GameState, t: int) -> float:
    """How much a standing tile is worth to keep for the coming turns."""
    if t >= NUM_TILES:
        return 10.0
    s = t // 6
    v = VALUE[t]
    cap = v["cap"]
    if s in SECTION_RESOURCE:
        q = (7 - v["target"]) / 6.0 * BASE[SECTION_RESOURCE[s]]
    elif s == FORGES:
        q = v["rate"] * 0.35
    elif s == LIBRARIES:
        q = v["keep"] * 0.7 + v["draw"] * 0.1
    else:
        q = {1: 1.2, 2: 0.6, 3: 0.4}[v["ratio"]]
    return q * (0.7 + 0.3 * cap)


def section_loss(st: GameState, s: int, occupied_matter: bool) -> float:
    """What losing the outermost tile of section ``s`` costs."""
    t = tip_tile(st.flooded, s)
    if t is None:
        return 1e9
    loss = tile_quality(st, t)
    left = 6 - st.flooded[s]
    if left == 1:
        loss += 3.0
    loss += (6 - left) * 0.12
    if st.barrier[t]:
        loss += 0.6
    if occupied_matter:
        loss += 1.0 * len(st.occ[t]) - 0.5 * len(st.cour[t])
    return loss


def navy_strength(st: GameState) -> int:
    return len(st.occ[NAVY]) + len(st.cour[NAVY]) + st.navy_bonus


def navy_margin(st: GameState, extra: int = 1) -> float:
    """Expected tiles saved by ``extra`` more Navy strength against this turn's attack."""
    cards = 0
    for h in st.hand:
        for c in h:
            if KNOWLEDGE[c].effect == "navy":
                cards += KNOWLEDGE[c].params["n"]
    n = navy_strength(st) + min(cards, 2)
    g = st.galley
    saved = 0.0
    for i in range(extra):
        gap = n + i - g  # the die must beat this gap for the next Atlantean to matter
        saved += max(0, min(6, 6 - gap)) / 6.0
    return saved


# ---------------------------------------------------------------------------------------------
# card values
def card_value(cx: Ctx, idx: int) -> float:
    st = cx.st
    card = KNOWLEDGE[idx]
    eff = card.effect
    if eff == "resource":
        return card.params["n"] * cx.val[card.params["res"]]
    if eff == "energy":
        return card.params["n"] * cx.ev
    if eff == "courage":
        return 0.8
    if eff == "barrier":
        return 1.3
    if eff == "unflip":
        return 1.4 if any(st.flooded) else 0.7
    if eff == "navy":
        return 1.5
    if eff == "gambit":
        return 0.9
    if eff == "atlas":
        return 0.7
    if eff == "ballad":
        return 0.4
    if eff == "double":
        return 0.7
    if eff == "give":
        return 0.6
    if eff == "libram":
        return 0.5
    return 0.3


def benefit_value(cx: Ctx, ci: int) -> float:
    st = cx.st
    total = 0.0
    for eff, prm in comps.COMPONENTS[ci].benefit:
        n = prm.get("n", 1)
        if eff == "energy":
            total += n * cx.ev
        elif eff == "energy_each":
            total += n * st.n * cx.ev
        elif eff == "energy_floor":
            total += sum(max(0, n - e) for e in st.energy) * cx.ev
        elif eff in ("courage", "courage_each"):
            total += 0.8 * n * (st.n if eff == "courage_each" else 1)
        elif eff == "barrier":
            total += 1.2 * n
        elif eff in ("draw", "draw_each"):
            total += 1.0 * n * (st.n if eff == "draw_each" else 1)
        elif eff == "galley_reset":
            total += 1.0 * st.galley
        elif eff == "galley_back":
            total += 1.0 * min(n, st.galley)
        elif eff == "unflip":
            total += 1.4 * min(n, sum(st.flooded))
        elif eff == "watchtower":
            total += 0.0 if st.watch[cx.p] else 1.5
        elif eff == "recruit":
            total += cx.atl * n
        elif eff == "resource":
            total += n * cx.val[prm["res"]]
    return total


# ---------------------------------------------------------------------------------------------
# spot values (placement)
def spot_value(cx: Ctx, t: int) -> float:
    """Value of one more of ``p``'s Atlanteans on spot ``t`` (before flood risk)."""
    st, p = cx.st, cx.p
    if t == CENTRE:
        v = cx.ev
        if st.has_ability(p, "priest") and p not in st.occ[CENTRE]:
            v += cx.ev
        return v
    if t == NAVY:
        if cx.easy:
            # a plain rule: match the galley plus an average die
            want = st.galley + 3
            return 2.0 if navy_strength(st) < want else 0.1
        return navy_margin(st) * cx.tv * cx.w["navy"]
    s = t // 6
    if s in SECTION_RESOURCE:
        r = SECTION_RESOURCE[s]
        ps = _p_success(st, p, t)
        if not cx.easy and st.energy[p] > 0:
            ps = min(1.0, ps + 0.08)
        return ps * cx.val[r]
    if s == FORGES:
        ore = st.res[p][ORE] + cx.pending[ORE] - st.occ[t].count(p)
        for x in flood_order(st.flooded):
            if x // 6 == FORGES and x != t:
                ore -= st.occ[x].count(p)
        if ore < 0.6:
            return 0.02
        rate = VALUE[t]["rate"]
        if cx.easy:
            return rate * 0.5
        need = max(0.0, cx.need[ATLANTIUM])
        useful = min(rate, need)
        v = useful * BASE[ATLANTIUM] * 1.6 + (rate - useful) * 0.25
        return v - cx.val[ORE] * 0.3
    if s == LIBRARIES:
        v = VALUE[t]
        per = 1.0 if len(st.hand[p]) < HAND_LIMIT else 0.4
        return (v["keep"] * per + (v["draw"] - v["keep"]) * 0.1) * cx.w["library"]
    # cities
    occ = st.occ[t]
    cap, ratio = VALUE[t]["cap"], VALUE[t]["ratio"]
    if cx.atl <= 0 or any(q != p for q in occ):
        return 0.0
    mine = len(occ)
    if mine >= cap:
        return 0.0
    if st.home[p] + st.held[p] < cap - mine:
        return 0.0
    gain = (cap // ratio) * cx.atl
    if mine:
        return gain * (mine + 1) / cap
    return gain / cap


# ---------------------------------------------------------------------------------------------
# card plays (where a card is offered outside its own special window)
def best_barrier_tile(st: GameState) -> tuple[float, int]:
    best = (-1e9, -1)
    for t in st.barrier_spots():
        s = t // 6
        tip = t == tip_tile(st.flooded, s)
        v = tile_quality(st, t) + (1.0 if tip else -1.0 * (t % 6 - st.flooded[s]))
        if 6 - st.flooded[s] <= 2:
            v += 0.8
        v += 0.3 * len(st.occ[t])
        if (v, -t) > (best[0], -best[1]):
            best = (v, t)
    return best


def unflip_gain(st: GameState, s: int) -> float:
    f = st.flooded[s]
    if f == 0:
        return -1e9
    t = s * 6 + f - 1
    return tile_quality(st, t) + (3.0 if f == 6 else 0.0) + 0.15 * f


def play_value(cx: Ctx, key: str, where: str) -> float:
    """Value of playing ``key`` now (negative: keep it)."""
    st, p = cx.st, cx.p
    idx = KNOWLEDGE_INDEX[key]
    card = KNOWLEDGE[idx]
    eff = card.effect
    if cx.easy:
        if eff in ("resource", "courage", "energy") and where in ("build", "discard"):
            return 0.5
        if where != "place":
            return -1.0
        # while placing, easy plays a card the way normal does (a Navy or barrier card when
        # the sea comes): an all-easy team never won a game without it
    if eff == "resource":
        r = card.params["res"]
        if where == "discard":
            return 1.0
        if where == "build" and cx.need[r] > 0.3:
            return 1.0
        return -1.0
    if eff == "energy":
        return 1.0 if where == "discard" or st.total_energy() < 5 else -1.0
    if eff == "courage":
        return 1.0 if where in ("start", "discard", "build") else -1.0
    if eff == "barrier":
        return 1.0 if st.barrier_supply > 0 and st.barrier_spots() else -1.0
    if eff == "unflip":
        gain = max(unflip_gain(st, s) for s in range(6))
        return gain - card_value(cx, idx) if where != "discard" else gain
    if eff == "atlas":
        if where != "production":
            return -1.0 if where != "discard" else 0.1
        rolls = sum(
            st.occ[t].count(p)
            for t in flood_order(st.flooded)
            if t // 6 in SECTION_RESOURCE and st.target(p, t) > 2
        )
        return 1.0 if rolls >= 2 else -1.0
    if eff == "libram":
        return -1.0 if where != "discard" else 0.05
    if eff == "give":
        return 0.5 if best_give(st, p)[0] > 0.5 else (-1.0 if where != "discard" else 0.05)
    if eff == "talent":
        return -1.0 if where != "discard" else 0.05
    if eff == "double":
        return -1.0 if where != "discard" else 0.05
    return -1.0


def best_give(st: GameState, p: int) -> tuple[float, Action | None]:
    tg = targets(st)
    mine = Ctx(st, p)
    best: tuple[float, Action | None] = (0.0, None)
    for q in st.order(p)[1:]:
        ci = tg.get(q)
        if ci is None:
            continue
        short = _shortfall(st.res[q], comps.COMPONENTS[ci].cost)
        for r in range(4):
            if st.res[p][r] and short[r] > 0 and mine.need[r] <= 0.3:
                v = min(2, st.res[p][r], short[r]) * BASE[r] + (2.0 if sum(short) <= 2 else 0.0)
                if v > best[0]:
                    best = (v, frames.act(p, "give", ("resource", RES_KEYS[r]), ("to", q)))
    return best


def expected_deficit(st: GameState) -> float:
    n = navy_strength(st)
    return sum(max(0, d + st.galley - n) for d in range(1, 7)) / 6.0


def enables_build(
    st: GameState, p: int, card: str | None = None, convert: Action | None = None
) -> bool:
    have = list(st.res[p])
    if card is not None:
        c = KNOWLEDGE[KNOWLEDGE_INDEX[card]]
        have[c.params["res"]] += min(c.params["n"], st.res_supply[c.params["res"]])
    if convert is not None:
        have[RES_KEYS.index(convert["give"])] -= 1
        have[RES_KEYS.index(convert["take"])] += 1
    waive = st.has_ability(p, "artificer")
    h0, h1, h2, h3 = have
    for ci in _team_need(st)[0]:  # the unbuilt components, in blueprint order
        c0, c1, c2, c3 = comps.COMPONENTS[ci].cost
        short = (
            (c0 - h0 if c0 > h0 else 0)
            + (c1 - h1 if c1 > h1 else 0)
            + (c2 - h2 if c2 > h2 else 0)
            + (c3 - h3 if c3 > h3 else 0)
        )
        if short == 0:
            return True
        # the Artificer's waiver: up to WAIVED units of one resource, where more is spent
        if waive and short <= WAIVED and c0 + c1 + c2 + c3 > WAIVED:
            if max(c0 - h0, c1 - h1, c2 - h2, c3 - h3) == short:  # all of it in one resource
                return True
    return False


#: hard's weights, tuned on paired seeds (tools/rising/balance.py; docs/rules-decisions.md, Balance):
#: value the library tiles and the target's missing resources less greedily than normal, hold
#: Atlanteans back for late placement, keep energy for floods, grow the family sooner
HARD_W: dict[str, float] = {
    **NORMAL_W,
    "hold": 1.0,
    "cancel": 1.3,
    "atl": 0.45,
    "ev": 1.3,
    "tv_scale": 5.0,
}

_LEVELS: dict[str, Level] = {
    "easy": Level(True, NORMAL_W),
    "normal": Level(False, NORMAL_W),
    "hard": Level(False, HARD_W),
}


def level(name: str) -> Level:
    """What the rankers know of bot level ``name`` (an unknown name plays as normal)."""
    return _LEVELS.get(name, _LEVELS["normal"])


# ---------------------------------------------------------------------------------------------
# evaluation at a search cut-off
def evaluate(st: GameState, player: int = 0) -> float:
    """How well the team is doing, in component-sized units (a won game is worth the most)."""
    if st.result == "won":
        return 1000.0
    built = sum(b >= 0 for b in st.built)
    if st.result == "lost":
        return built * 10.0 - 500.0
    v = built * 10.0
    unbuilt = _unbuilt(st)
    tg = targets(st)
    for q in range(st.n):
        ci = tg.get(q)
        if ci is not None:
            cost = comps.COMPONENTS[ci].cost
            total = _effort([float(c) for c in cost])
            short = _effort(_shortfall(st.res[q], cost))
            v += 6.0 * (1.0 - short / total) if total else 0.0
        v += 0.15 * sum(st.res[q][r] * BASE[r] for r in range(4))
    surviving = st.surviving()
    v += 0.9 * surviving + 0.5 * sum(1 for s in range(6) if st.flooded[s] < 6)
    v += 0.35 * min(st.total_energy(), 12)
    v += 0.9 * sum(st.atlanteans(q) for q in range(st.n))
    v += 0.4 * sum(st.courage) + 0.8 * sum(st.barrier)
    v += 0.3 * sum(len(h) for h in st.hand)
    v -= 0.8 * st.galley
    if not unbuilt:
        v += 50.0
    if st.monsters:  # the monsters module's part (ai/rising/monsters.py registers it)
        v += _monster_value(st)
    return v


def _no_monster_value(st: GameState) -> float:
    raise RuntimeError("a game with monsters needs ai.rising.monsters (it registers its value)")


_monster_value: Callable[[GameState], float] = _no_monster_value


def register_monster_evaluation(extra: Callable[[GameState], float]) -> None:
    """Add ``extra(st)`` to :func:`evaluate` of games with monsters (the monsters module's part)."""
    global _monster_value
    if _monster_value is not _no_monster_value and _monster_value is not extra:
        raise ValueError("the Rising evaluation already has a monsters part")
    _monster_value = extra
