"""The numbers Atlantis Rising's hints rest on, read from one councilor's own view.

What a councilor works toward (:func:`goal`, :func:`needs`), what one more Atlantean is worth at
a spot and why (:func:`spot_worth`), what a pending flood would cost (:func:`flood_facts`), the
Navy against the coming attack (:func:`navy_outlook`, the bots' own measures), and what a card,
a gift, a conversion or a build brings. The hint's rules of thumb
(:mod:`ai.rising.advice_picks`) choose by these, and the advisor (:mod:`ai.rising.advisor`)
hands the same numbers to the wording as facts, so what a player reads is what was weighed.
Each number is one a newcomer can check on the board: a simple, readable heuristic, not search.
"""

from __future__ import annotations

from typing import Any

from game.core.protocol import Action
from game.rising import components as comps
from game.rising import frames
from game.rising.island import (
    ATLANTIUM,
    CENTRE,
    CITIES,
    FORGES,
    LIBRARIES,
    NAVY,
    ORE,
    RESOURCES,
    SECTION_INDEX,
    SECTION_RESOURCE,
    SECTIONS,
    SPOT_IDS,
    VALUE,
    tip_tile,
)
from game.rising.knowledge import KNOWLEDGE, KNOWLEDGE_INDEX
from game.rising.state import RisingState

Facts = dict[str, Any]

#: misfortune choices that sink a section's outermost tile
SINKING_MISFORTUNES = ("overflow", "controlled")


def frame_kind(view: RisingState) -> str:
    """The kind of the turn machine's top frame ("" when nothing is pending)."""
    return view.stack[-1][0] if view.stack else ""


# ---------------------------------------------------------------------------------------------
# what a councilor is working toward
def unbuilt(view: RisingState) -> list[int]:
    return [ci for slot, ci in enumerate(view.blueprint) if view.built[slot] < 0]


def goal(view: RisingState, p: int) -> tuple[int | None, list[int]]:
    """The unbuilt component ``p`` is closest to paying for, and what is still missing."""
    best: tuple[int, int, int] | None = None
    for ci in unbuilt(view):
        cost = comps.COMPONENTS[ci].cost
        missing = sum(max(0, cost[r] - view.res[p][r]) for r in range(4))
        key = (missing, sum(cost), ci)
        if best is None or key < best:
            best = key
    if best is None:
        return None, [0, 0, 0, 0]
    ci = best[2]
    cost = comps.COMPONENTS[ci].cost
    return ci, [max(0, cost[r] - view.res[p][r]) for r in range(4)]


def needs(view: RisingState, p: int) -> list[int]:
    """What ``p`` still lacks for their goal; missing Atlantium also asks for ore to forge."""
    _, need = goal(view, p)
    if need[ATLANTIUM] and view.res[p][ORE] == 0:
        need = list(need)
        need[ORE] = max(need[ORE], 1)
    return need


def goal_facts(view: RisingState, p: int) -> Facts:
    """The goal as facts: ``component`` (its key, or None) and ``missing`` (per resource)."""
    ci, missing = goal(view, p)
    return {"component": comps.COMPONENTS[ci].key if ci is not None else None, "missing": missing}


def left_to_place(view: RisingState) -> int:
    dec = view.decision()
    return int(dec.data.get("left", 1)) if dec is not None else 1


# ---------------------------------------------------------------------------------------------
# the Navy: the one thing that stands against the sea's attack
def expected_attack(view: RisingState) -> float:
    """The attack's average: the galley plus an average die."""
    return view.galley + 3.5


def navy(view: RisingState) -> int:
    return frames.navy_strength(view)


def navy_outlook(view: RisingState) -> tuple[float, float]:
    """Tiles the coming attack sinks on average now, and tiles one more Atlantean there saves.

    Both are the bots' own measures (``ai.rising.valuations``), so the hint's numbers and the
    bots' judgement agree.
    """
    from ai.rising import valuations

    return valuations.expected_deficit(view), valuations.navy_margin(view)


def navy_short(view: RisingState) -> bool:
    """Is the Navy weaker than the attack it will meet on average (galley + an average die)?"""
    return navy(view) < expected_attack(view)


def navy_facts(view: RisingState) -> Facts:
    """The Navy against the average attack: ``navy``, ``attack``, ``galley``, ``short``."""
    return {
        "navy": navy(view),
        "attack": expected_attack(view),
        "galley": view.galley,
        "short": navy_short(view),
    }


# ---------------------------------------------------------------------------------------------
# placement
def spot_worth(
    view: RisingState, p: int, t: int, left: int, need: list[int]
) -> tuple[float, tuple[str, ...], Facts]:
    """How useful one more of ``p``'s Atlanteans is at spot ``t``, why (reason keys), and the
    facts the reasons name."""
    if t == NAVY:
        gap = expected_attack(view) - navy(view)
        if gap > 0:
            lost, saved = navy_outlook(view)
            return 0.45 + 0.08 * gap, ("navy_short",), {**navy_facts(view), "lost": lost,
                                                         "saved": saved}  # fmt: skip
        return 0.1, ("navy_holds",), {"highest": view.galley + 6}
    if t == CENTRE:
        if view.crisis:
            return 0.02, ("crisis",), {}
        energy = view.total_energy()
        low = energy < frames.CANCEL_COST + 1
        return (0.6 if low else 0.32), (("energy_low",) if low else ("energy",)), {"energy": energy}
    s = t // 6
    tip = t % 6 == view.flooded[s]
    risk = 0.85 if tip else 1.0
    tail = ("tip",) if tip else ()
    if s in SECTION_RESOURCE:
        r = SECTION_RESOURCE[s]
        target = view.target(p, t)
        chance = (7 - target) / 6
        weight = 1.0 if need[r] else 0.3
        why = "resource_needed" if need[r] else "resource_useful"
        facts = {"resource": RESOURCES[r], "target": target, "need": need[r]}
        return chance * weight * risk, (why, *tail), facts
    if s == FORGES:
        rate = VALUE[t]["rate"]
        on_forges = sum(view.occ[u].count(p) for u in range(FORGES * 6, FORGES * 6 + 6))
        ore = view.res[p][ORE] - on_forges
        if ore <= 0:
            return 0.03, ("forge_no_ore",), {"rate": rate}
        weight = 1.0 if need[ATLANTIUM] else 0.35
        facts = {"rate": rate, "need": need[ATLANTIUM]}
        return (0.35 + 0.15 * rate) * weight * risk, ("forge", *tail), facts
    if s == LIBRARIES:
        draw, keep = VALUE[t]["draw"], VALUE[t]["keep"]
        return (0.3 + 0.05 * draw) * risk, ("study", *tail), {"draw": draw, "keep": keep}
    if s == CITIES:
        cap, ratio = VALUE[t]["cap"], VALUE[t]["ratio"]
        own = view.occ[t].count(p)
        others = len(view.occ[t]) - own
        if others or cap - own > left:
            return 0.02, ("city_blocked",), {"cap": cap}
        gain = cap // ratio
        return (0.3 + 0.25 * gain / cap) * risk, ("city", *tail), {"cap": cap, "gain": gain}
    return 0.0, ("nothing",), {}


# ---------------------------------------------------------------------------------------------
# floods, pools and sections
def flood_facts(view: RisingState) -> tuple[tuple[str, ...], Facts]:
    """Why to stop the pending flood (reason keys; none: let it go) and the facts they name:
    ``tile`` (the spot it takes, None: two other tiles), ``section``, ``people``, ``left``
    (its section's tiles after it), ``energy`` (on the table)."""
    f = view.stack[-1]
    t, s = (f[2], f[3]) if f[0] == "flood_resp" else (-1, 0)
    energy = view.total_energy()
    facts: Facts = {"tile": None, "section": SECTIONS[s], "energy": energy}
    if t < 0:
        return ("section_gone",), facts
    facts["tile"] = SPOT_IDS[t]
    reasons = []
    people = facts["people"] = len(view.occ[t])
    if people:
        reasons.append("people")
    stone = facts["stone"] = len(view.petr[t])
    if stone:
        reasons.append("stone")
    left_after = facts["left"] = 5 - view.flooded[s]
    if left_after == 0:
        reasons.append("last_tile")
    elif left_after <= 2:
        reasons.append("few_left")
    if energy >= 3 * frames.CANCEL_COST:
        reasons.append("energy_spare")
    return tuple(reasons), facts


def pool_reachable(view: RisingState) -> bool:
    """Can the councilors still to be asked fill the energy pool?"""
    f = view.stack[-1]
    return sum(view.energy[q] for q in f[4]) >= frames.pool_room(f)


def section_people(view: RisingState, s: int) -> int:
    return sum(len(view.occ[t]) for t in range(s * 6, s * 6 + 6))


def own_pieces(view: RisingState, p: int, t: int | None) -> tuple[int, int]:
    """``p``'s active and stone Atlanteans on spot ``t`` (a stone one sunk is lost for good)."""
    if t is None:
        return 0, 0
    return view.occ[t].count(p), view.petr[t].count(p)


def sinking_tip(view: RisingState, action: Action) -> int | None:
    """The tile a sinking choice (the attack's or a misfortune's section) would take, else None."""
    f = view.stack[-1] if view.stack else ()
    sinking = f[:1] == ("atk_tiles",) or (f[:1] == ("mchoice",) and f[2] in SINKING_MISFORTUNES)
    section = action.get("section")
    if action.kind != "choose" or not sinking or section is None:
        return None
    return tip_tile(view.flooded, SECTION_INDEX[section])


def sacrifice(view: RisingState, sections: list[int], p: int) -> int:
    """The section whose outermost tile hurts least to lose."""
    need = needs(view, p)

    def cost(s: int) -> tuple[float, int]:
        t = tip_tile(view.flooded, s)
        people = len(view.occ[t]) + 2 * len(view.petr[t]) if t is not None else 0
        res = SECTION_RESOURCE.get(s)
        wanted = 1 if res is not None and need[res] else 0
        return (people * 3 + wanted + view.flooded[s] * 1.5, s)

    return min(sections, key=cost)


def barrier_worth(view: RisingState, t: int) -> int:
    s = t // 6
    return (t % 6 == view.flooded[s]) * 10 + view.flooded[s] * 2 + len(view.occ[t])


def plague_harm(view: RisingState, t: int) -> tuple[int, int]:
    losers = sum(1 for q in set(view.occ[t]) if view.atlanteans(q) > 3)
    return (losers, len(view.occ[t]))


def aimed_spot(view: RisingState, action: Action) -> str | None:
    """The spot ``action`` acts on: its tile, the tip a section move takes, the tile an unflip
    raises (None: no spot, e.g. a section already gone)."""
    at = action.get("at")
    if at is not None:
        return str(at)
    section = action.get("section")
    if section is None:
        return None
    s = SECTION_INDEX[section]
    f = view.flooded[s]
    if action.kind == "unflip" or (action.kind == "choose" and frame_kind(view) == "unflip"):
        return SPOT_IDS[s * 6 + f - 1] if f else None
    t = tip_tile(view.flooded, s)
    return SPOT_IDS[t] if t is not None else None


# ---------------------------------------------------------------------------------------------
# cards, the attack, boosts
def navy_pairs(view: RisingState) -> int:
    return sum(1 for q in range(view.n) if view.occ[NAVY].count(q) >= 2)


def attack_deficit(view: RisingState) -> int:
    """How much stronger the rolled attack is than the Navy (0 or less: the Navy holds)."""
    return view.die + view.galley - navy(view)


def card_value(view: RisingState, p: int, key: str) -> float:
    """How much a knowledge card is worth to ``p`` now (for keeping and discarding).

    The bots' own value (:func:`ai.rising.valuations.card_value`), so the hint keeps and drops
    the cards its team bots would.
    """
    from ai.rising import valuations

    return valuations.card_value(valuations.Ctx(view, p), KNOWLEDGE_INDEX[key])


def card_effect(key: str) -> str:
    return KNOWLEDGE[KNOWLEDGE_INDEX[key]].effect


def boost_info(view: RisingState) -> tuple[int, str, int]:
    """The energy a failed roll needs to succeed, its spot, and its resource (index)."""
    f = view.stack[-1]
    t = f[2]
    return f[4] - f[3], SPOT_IDS[t], SECTION_RESOURCE[t // 6]


def boost_worth_it(view: RisingState, p: int, need: int, r: int) -> bool:
    return need == 1 or (needs(view, p)[r] > 0 and view.energy[p] - need >= 1)


# ---------------------------------------------------------------------------------------------
# giving, converting, building
def enables(view: RisingState, q: int, have: list[int]) -> int | None:
    """A component ``q`` could pay for with ``have`` but not with what they hold now."""
    for ci in unbuilt(view):
        cost = comps.COMPONENTS[ci].cost
        if all(have[x] >= cost[x] for x in range(4)) and not all(
            view.res[q][x] >= cost[x] for x in range(4)
        ):
            return ci
    return None


def after_give(view: RisingState, p: int, a: Action) -> int | None:
    """The component a gift lets its receiver build (None: none yet)."""
    q, r = a["to"], RESOURCES.index(a["resource"])
    have = list(view.res[q])
    have[r] += min(2, view.res[p][r])
    return enables(view, q, have)


def after_convert(view: RisingState, p: int, a: Action) -> int | None:
    """The component a conversion lets ``p`` build (None: none yet)."""
    have = list(view.res[p])
    have[RESOURCES.index(a["give"])] -= 1
    have[RESOURCES.index(a["take"])] += 1
    return enables(view, p, have)


def build_worth(view: RisingState, a: Action) -> tuple[int, int, int, str]:
    comp = comps.COMPONENTS[comps.COMPONENT_INDEX[a["component"]]]
    urgent = int(view.galley >= view.cap - 3 and any(e == "galley_back" for e, _ in comp.benefit))
    return (urgent, sum(comp.cost), a.get("waive") is not None, a["component"])


def component_key(ci: int | None) -> str | None:
    return comps.COMPONENTS[ci].key if ci is not None else None
