"""The first-game guide for Atlantis Rising: what to do next, and why, in plain words.

:func:`hint` looks at the pending decision of one councilor (from that councilor's view) and
suggests one of the engine's own legal moves with a short reason. The board highlights the
suggestion's ``targets``: tile ids (``"hills-1"``, ``"centre"``, ``"navy"``),
``"component:<key>"``, ``"card:<key>"`` or ``"action:<kind>"`` for buttons.

The advice is a simple, readable heuristic (aim at the component you are closest to paying
for, roll where the die favours you, guard the Navy when the galley is strong, keep energy for
floods) rather than the bots' search: a new player must be able to follow the reasoning.
Pure Python: no pygame here, so it is tested like the engine.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass

from game.core.protocol import Action
from game.rising import components as comps
from game.rising import frames
from game.rising.councilors import COUNCILOR_INDEX, COUNCILORS
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
    SPOT_INDEX,
    VALUE,
    spot_name,
    tip_tile,
)
from game.rising.knowledge import KNOWLEDGE, KNOWLEDGE_INDEX
from game.rising.state import RisingState

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Hint:
    """One piece of advice: the words, what to highlight, and the suggested legal move."""

    text: str
    targets: tuple[str, ...]
    action: Action | None = None


# ---------------------------------------------------------------------------------------------
# naming things for people
def place_name(spot: str) -> str:
    """ "hills-3" -> "Hills 3", as the log says it (:func:`game.rising.island.spot_name`)."""
    return spot_name(spot)


def _card_name(key: str) -> str:
    return KNOWLEDGE[KNOWLEDGE_INDEX[key]].name


def _comp_name(key: str) -> str:
    return comps.COMPONENTS[comps.COMPONENT_INDEX[key]].name


def action_targets(view: RisingState, action: Action) -> tuple[str, ...]:
    """What the board should light up for ``action`` (the same ids :class:`Hint` uses)."""
    kind = action.kind
    if kind == "build":
        return (f"component:{action['component']}",)
    if kind == "build_item":
        return (f"item:{action['item']}",)
    if kind == "give_up":
        return (f"give_up:{action.get('resource') or action.get('card')}",)
    if kind == "choose" and action.get("monster") is not None:
        return (f"monster:{action['monster']}",)
    if kind in ("play", "keep", "discard"):
        return (f"card:{action['card']}",)
    at = action.get("at")
    if at is not None:
        return (str(at),)
    section = action.get("section")
    if section is not None:
        s = SECTION_INDEX[section]
        f = view.flooded[s]
        if kind == "unflip" or (kind == "choose" and _frame(view) == "unflip"):
            return (SPOT_IDS[s * 6 + f - 1],) if f else (f"action:{kind}",)
        t = tip_tile(view.flooded, s)
        return (SPOT_IDS[t],) if t is not None else (f"action:{kind}",)
    return (f"action:{kind}",)


def _frame(view: RisingState) -> str:
    return view.stack[-1][0] if view.stack else ""


# ---------------------------------------------------------------------------------------------
# what a councilor is working toward
def _unbuilt(view: RisingState) -> list[int]:
    return [ci for slot, ci in enumerate(view.blueprint) if view.built[slot] < 0]


def goal(view: RisingState, p: int) -> tuple[int | None, list[int]]:
    """The unbuilt component ``p`` is closest to paying for, and what is still missing."""
    best: tuple[int, int, int] | None = None
    for ci in _unbuilt(view):
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


def _missing_text(missing: list[int]) -> str:
    parts = [f"{n} {RESOURCES[r]}" for r, n in enumerate(missing) if n]
    return ", ".join(parts) if parts else "nothing"


def _odds(target: int) -> str:
    return f"{7 - target} times in 6"


def _expected_attack(view: RisingState) -> float:
    return view.galley + 3.5


def _navy(view: RisingState) -> int:
    return frames.navy_strength(view)


# ---------------------------------------------------------------------------------------------
# the Navy: the one thing that stands against the sea's attack
def navy_outlook(view: RisingState) -> tuple[float, float]:
    """Tiles the coming attack sinks on average now, and tiles one more Atlantean there saves.

    Both are the bots' own measures (``ai.rising.valuations``), so the guide's numbers and the
    bots' judgement agree.
    """
    from ai.rising import valuations

    return valuations.expected_deficit(view), valuations.navy_margin(view)


def navy_short(view: RisingState) -> bool:
    """Is the Navy weaker than the attack it will meet on average (galley + an average die)?"""
    return _navy(view) < _expected_attack(view)


def navy_lesson(view: RisingState) -> str:
    """What the Navy is for, with this turn's numbers (said before the first attack)."""
    lost, saved = navy_outlook(view)
    return (
        f"only the Navy meets the sea's attack (galley +{view.galley} plus a die, "
        f"{_expected_attack(view):.1f} on average). It holds {_navy(view)}, so about "
        f"{lost:.1f} tiles would sink; one more there saves about {saved:.1f}."
    )


def _navy_note(view: RisingState) -> str:
    """One sentence on the Navy for placements before the first attack."""
    n, avg = _navy(view), _expected_attack(view)
    if navy_short(view):
        return f" Mind the Navy: it holds {n} against an attack of {avg:.1f} on average."
    return f" The Navy holds {n}, above the attack's average of {avg:.1f}."


def _teach_navy(view: RisingState, p: int, legal: list[Action], action: Action) -> Action:
    """Before the first attack, a councilor with nobody in a short Navy is pointed there."""
    if view.round != 1 or action.kind not in ("place", "hold") or action.get("at") == "navy":
        return action
    if not navy_short(view) or p in view.occ[NAVY]:
        return action
    navy = Action.make(p, "place", at="navy")
    return navy if navy in legal else action


# ---------------------------------------------------------------------------------------------
# placement
def _needs(view: RisingState, p: int) -> list[int]:
    """What ``p`` still lacks for their goal; missing Atlantium also asks for ore to forge."""
    _, need = goal(view, p)
    if need[ATLANTIUM] and view.res[p][ORE] == 0:
        need = list(need)
        need[ORE] = max(need[ORE], 1)
    return need


def _left_to_place(view: RisingState) -> int:
    dec = view.decision()
    return int(dec.data.get("left", 1)) if dec is not None else 1


def _spot_value(view: RisingState, p: int, t: int, left: int, need: list[int]) -> tuple[float, str]:
    """How useful one more of ``p``'s Atlanteans is at spot ``t``, and the reason in words."""
    name = place_name(SPOT_IDS[t])
    if t == NAVY:
        gap = _expected_attack(view) - _navy(view)
        if gap > 0:
            return 0.45 + 0.08 * gap, "Send an Atlantean to the Navy: " + navy_lesson(view)
        return 0.1, (
            f"Add an Atlantean to the Navy: a high roll (up to {view.galley + 6}) could still "
            "beat it, and whoever has the most Atlanteans there earns a courage token."
        )
    if t == CENTRE:
        if view.crisis:
            return 0.02, "Crisis of Faith: the Mystic Power Source gives nothing this turn."
        low = view.total_energy() < frames.CANCEL_COST + 1
        return (0.6 if low else 0.32), (
            f"Draw on {name} for mystic energy — the table holds only {view.total_energy()}, "
            f"and {frames.CANCEL_COST} together cancel a flood."
            if low
            else f"Draw on {name}: mystic energy rescues failed rolls and cancels floods."
        )
    s = t // 6
    tip = t % 6 == view.flooded[s]
    risk = 0.85 if tip else 1.0
    risk_note = (
        " It is the next tile of its section to sink, so it may not get to act." if tip else ""
    )
    if s in SECTION_RESOURCE:
        r = SECTION_RESOURCE[s]
        target = view.target(p, t)
        chance = (7 - target) / 6
        weight = 1.0 if need[r] else 0.3
        why = (
            f"you still need {need[r]} {RESOURCES[r]}"
            if need[r]
            else f"{RESOURCES[r]} is always useful"
        )
        return chance * weight * risk, (
            f"Put an Atlantean on {name} — your target there is {target}, so the die succeeds "
            f"{_odds(target)}; {why}.{risk_note}"
        )
    if s == FORGES:
        rate = VALUE[t]["rate"]
        on_forges = sum(view.occ[u].count(p) for u in range(FORGES * 6, FORGES * 6 + 6))
        ore = view.res[p][ORE] - on_forges
        if ore <= 0:
            return 0.03, (
                f"Put an Atlantean on {name}: ore found this turn can be forged there into "
                f"{rate} Atlantium."
            )
        weight = 1.0 if need[ATLANTIUM] else 0.35
        return (0.35 + 0.15 * rate) * weight * risk, (
            f"Put an Atlantean on {name} — it turns 1 of your ore into {rate} Atlantium"
            f"{'' if not need[ATLANTIUM] else f', and you need {need[ATLANTIUM]} Atlantium'}."
            f"{risk_note}"
        )
    if s == LIBRARIES:
        draw, keep = VALUE[t]["draw"], VALUE[t]["keep"]
        return (0.3 + 0.05 * draw) * risk, (
            f"Study at {name}: draw {draw} knowledge card(s) and keep {keep} — cards give "
            f"resources, energy, barriers or help against the attack.{risk_note}"
        )
    if s == CITIES:
        cap, ratio = VALUE[t]["cap"], VALUE[t]["ratio"]
        own = view.occ[t].count(p)
        others = len(view.occ[t]) - own
        if others or cap - own > left:
            return 0.02, (
                f"Put an Atlantean on {name}: a city recruits only for a councilor who fills "
                f"all its {cap} ring(s) alone."
            )
        gain = cap // ratio
        return (0.3 + 0.25 * gain / cap) * risk, (
            f"Fill {name} with your own Atlanteans ({cap} ring(s)) to gain {gain} new "
            f"Atlantean(s) — more hands every turn after this one.{risk_note}"
        )
    return 0.0, ""


def _pick_place(view: RisingState, p: int, legal: list[Action]) -> Action | None:
    need = _needs(view, p)
    left = _left_to_place(view)
    best: tuple[float, Action] | None = None
    for a in legal:
        if a.kind != "place" or a.get("courage"):
            continue
        value, _ = _spot_value(view, p, SPOT_INDEX[a["at"]], left, need)
        if best is None or value > best[0]:
            best = (value, a)
    if best is None:
        return None
    with_token = Action.make(p, "place", at=best[1]["at"], courage=True)
    return with_token if best[1]["at"] == "navy" and with_token in legal else best[1]


def _explain_place(view: RisingState, p: int, a: Action) -> str:
    ci, need = goal(view, p)
    _, why = _spot_value(view, p, SPOT_INDEX[a["at"]], _left_to_place(view), _needs(view, p))
    if a.get("courage"):
        why += (
            " Put a courage token under it: in the Navy it counts twice."
            if a["at"] == "navy"
            else " Put a courage token under it: if the tile sinks, this Atlantean still acts."
        )
    if a["at"] == "navy":
        return why
    if view.round == 1:
        why += _navy_note(view)
    elif ci is not None and any(need):
        why += f" (Aim: the {comps.COMPONENTS[ci].name}, missing {_missing_text(need)}.)"
    return why


# ---------------------------------------------------------------------------------------------
# the other decisions: pickers (the guide's own rules of thumb)
def _pick_start(view: RisingState, p: int, legal: list[Action]) -> Action | None:
    ability = Action.make(p, "ability")
    if ability in legal and view.energy[p] >= 2:
        return ability
    worst = max(range(6), key=lambda s: view.flooded[s])
    raise_it = Action.make(p, "unflip", section=SECTIONS[worst])
    spare = view.total_energy() - frames.UNFLIP_COST
    if raise_it in legal and view.flooded[worst] >= 4 and spare >= 2 * frames.CANCEL_COST:
        return raise_it
    return Action.make(p, "done")


def _flood_reasons(view: RisingState) -> tuple[int | None, list[str]]:
    """The tile a pending flood would take (None: two other tiles) and reasons to stop it."""
    f = view.stack[-1]
    t, s = (f[2], f[3]) if f[0] == "flood_resp" else (-1, 0)
    if t < 0:
        return None, [
            f"the {SECTIONS[s]} are already gone, so this flood would take two other tiles"
        ]
    reasons = []
    people = len(view.occ[t])
    if people:
        reasons.append(f"{people} Atlantean(s) stand there and would swim home without acting")
    left_after = 5 - view.flooded[s]
    if left_after == 0:
        reasons.append(f"it is the last {SECTIONS[s]} tile standing")
    elif left_after <= 2:
        reasons.append(f"only {left_after} {SECTIONS[s]} tile(s) would remain")
    if view.total_energy() >= 3 * frames.CANCEL_COST:
        reasons.append(f"the table has {view.total_energy()} energy to spare")
    return t, reasons


def _pick_flood(view: RisingState, p: int, legal: list[Action]) -> Action | None:
    _, reasons = _flood_reasons(view)
    return Action.make(p, "cancel" if reasons else "accept")


def _pool_reachable(view: RisingState) -> bool:
    f = view.stack[-1]
    return sum(view.energy[q] for q in f[4]) >= frames.pool_room(f)


def _pick_pool(view: RisingState, p: int, legal: list[Action]) -> Action | None:
    room = frames.pool_room(view.stack[-1])
    amount = min(view.energy[p], room) if _pool_reachable(view) else 0
    return Action.make(p, "contribute", amount=amount)


def _sacrifice(view: RisingState, sections: list[int], p: int) -> int:
    """The section whose outermost tile hurts least to lose."""
    need = _needs(view, p)

    def cost(s: int) -> tuple[float, int]:
        t = tip_tile(view.flooded, s)
        people = len(view.occ[t]) if t is not None else 0
        res = SECTION_RESOURCE.get(s)
        wanted = 1 if res is not None and need[res] else 0
        return (people * 3 + wanted + view.flooded[s] * 1.5, s)

    return min(sections, key=cost)


def _section_people(view: RisingState, s: int) -> int:
    return sum(len(view.occ[t]) for t in range(s * 6, s * 6 + 6))


def _pick_choose(view: RisingState, p: int, legal: list[Action]) -> Action | None:
    frame = view.stack[-1]
    first = legal[0]
    if first.get("section") is not None:
        sections = [SECTION_INDEX[a["section"]] for a in legal]
        if frame[0] == "unflip":
            s = max(sections, key=lambda s: (view.flooded[s], -s))
        elif frame[0] == "mchoice" and frame[2] == "panic":
            s = min(sections, key=lambda s: (_section_people(view, s), s))
        else:
            s = _sacrifice(view, sections, p)
        return Action.make(p, "choose", section=SECTIONS[s])
    if first.get("at") is not None:
        if frame[0] == "barrier":
            return max(legal, key=lambda a: (_barrier_worth(view, SPOT_INDEX[a["at"]]), a["at"]))
        return min(legal, key=lambda a: (_plague_harm(view, SPOT_INDEX[a["at"]]), a["at"]))
    if first.get("councilor") is not None:
        prefs = _TALENT_PREFS.get(view.phase, ("explorer",))
        offered = {a["councilor"]: a for a in legal}
        return next((offered[k] for k in prefs if k in offered), first)
    return None


def _barrier_worth(view: RisingState, t: int) -> int:
    s = t // 6
    return (t % 6 == view.flooded[s]) * 10 + view.flooded[s] * 2 + len(view.occ[t])


def _plague_harm(view: RisingState, t: int) -> tuple[int, int]:
    losers = sum(1 for q in set(view.occ[t]) if view.atlanteans(q) > 3)
    return (losers, len(view.occ[t]))


_TALENT_PREFS = {
    "start": ("emissary", "explorer", "scholar"),
    "place": ("emissary", "explorer", "scholar"),
    "production": ("explorer", "priest"),
    "build": ("artificer",),
}


def _pick_window(view: RisingState, p: int, legal: list[Action]) -> Action | None:
    dec = view.decision()
    window = dec.data.get("window") if dec else None
    plays = {a["card"]: a for a in legal if a.kind == "play"}
    if window == "attack":
        deficit = view.die + view.galley - _navy(view)
        if deficit > 0 and "call_to_arms" in plays:
            return plays["call_to_arms"]
        if deficit > 0 and "ancestors_gambit" in plays and view.die >= 4:
            return plays["ancestors_gambit"]
        if "ballad_of_bravery" in plays and _navy_pairs(view) >= 2:
            return plays["ballad_of_bravery"]
    elif "rites_of_renewal" in plays and max(view.flooded) >= 3:
        return plays["rites_of_renewal"]
    return Action.make(p, "pass")


def _navy_pairs(view: RisingState) -> int:
    return sum(1 for q in range(view.n) if view.occ[NAVY].count(q) >= 2)


_PROD_ORDER = {0: 0, 1: 1, 2: 2, LIBRARIES: 3, CITIES: 4, -1: 5, FORGES: 6}


def _pick_production(view: RisingState, p: int, legal: list[Action]) -> Action | None:
    spots = [a for a in legal if a.kind == "produce"]
    if not spots:
        return None

    def order(a: Action) -> tuple[int, int]:
        t = SPOT_INDEX[a["at"]]
        return (_PROD_ORDER[-1 if t == CENTRE else t // 6], t)

    return min(spots, key=order)


def _boost_worth_it(view: RisingState, p: int, need: int, r: int) -> bool:
    return need == 1 or (_needs(view, p)[r] > 0 and view.energy[p] - need >= 1)


def _boost_info(view: RisingState) -> tuple[int, str, int]:
    f = view.stack[-1]
    t = f[2]
    return f[4] - f[3], SPOT_IDS[t], SECTION_RESOURCE[t // 6]


def _pick_boost(view: RisingState, p: int, legal: list[Action]) -> Action | None:
    need, _, r = _boost_info(view)
    return Action.make(p, "boost", amount=need if _boost_worth_it(view, p, need, r) else 0)


def card_value(view: RisingState, p: int, key: str) -> float:
    """How much a knowledge card is worth to ``p`` now (for keeping and discarding).

    The bots' own value (:func:`ai.rising.valuations.card_value`), so the guide keeps and drops
    the cards its team bots would.
    """
    from ai.rising import valuations

    return valuations.card_value(valuations.Ctx(view, p), KNOWLEDGE_INDEX[key])


def _pick_keep(view: RisingState, p: int, legal: list[Action]) -> Action | None:
    return max(legal, key=lambda a: (card_value(view, p, a["card"]), a["card"]))


_FREE_PLAYS = ("resource", "energy", "courage")


def _effect(key: str) -> str:
    return KNOWLEDGE[KNOWLEDGE_INDEX[key]].effect


def _pick_discard(view: RisingState, p: int, legal: list[Action]) -> Action | None:
    for a in legal:
        if a.kind == "play" and _effect(a["card"]) in _FREE_PLAYS:
            return a
    drops = [a for a in legal if a.kind == "discard"]
    return min(drops, key=lambda a: (card_value(view, p, a["card"]), a["card"])) if drops else None


def _enables(view: RisingState, q: int, have: list[int]) -> int | None:
    """A component ``q`` could pay for with ``have`` but not with what they hold now."""
    for ci in _unbuilt(view):
        cost = comps.COMPONENTS[ci].cost
        if all(have[x] >= cost[x] for x in range(4)) and not all(
            view.res[q][x] >= cost[x] for x in range(4)
        ):
            return ci
    return None


def _after_give(view: RisingState, p: int, a: Action) -> int | None:
    q, r = a["to"], RESOURCES.index(a["resource"])
    have = list(view.res[q])
    have[r] += min(2, view.res[p][r])
    return _enables(view, q, have)


def _pick_give(view: RisingState, p: int, legal: list[Action]) -> Action | None:
    return next((a for a in legal if _after_give(view, p, a) is not None), legal[0])


def _after_convert(view: RisingState, p: int, a: Action) -> int | None:
    have = list(view.res[p])
    have[RESOURCES.index(a["give"])] -= 1
    have[RESOURCES.index(a["take"])] += 1
    return _enables(view, p, have)


def _build_worth(view: RisingState, a: Action) -> tuple[int, int, int, str]:
    comp = comps.COMPONENTS[comps.COMPONENT_INDEX[a["component"]]]
    urgent = int(view.galley >= view.cap - 3 and any(e == "galley_back" for e, _ in comp.benefit))
    return (urgent, sum(comp.cost), a.get("waive") is not None, a["component"])


def _pick_build(view: RisingState, p: int, legal: list[Action]) -> Action | None:
    builds = [a for a in legal if a.kind == "build"]
    if builds:
        return max(builds, key=lambda a: _build_worth(view, a))
    for a in legal:
        if a.kind == "convert" and _after_convert(view, p, a) is not None:
            return a
    return Action.make(p, "pass")


# ---------------------------------------------------------------------------------------------
# the words: why a move is worth making
def explain(view: RisingState, p: int, a: Action) -> str:
    """Why ``a`` (any legal move of ``p`` now) is worth making, in plain words."""
    kind = a.kind
    frame = _frame(view)
    words = explain_monster(view, p, a, frame)
    if words is not None:
        return words
    if kind == "place":
        return _explain_place(view, p, a)
    if kind == "hold":
        return (
            "Keep this Atlantean back: after the misfortunes you will know which tiles "
            "survived, and you place it then."
        ) + (_navy_note(view) if view.round == 1 else "")
    if kind == "done":
        return (
            "Nothing here is urgent: carry on to placing Atlanteans. Keep your mystic energy — "
            f"{frames.CANCEL_COST} together cancel a flood and 1 each rescues a failed roll."
        )
    if kind == "ability":
        return (
            "Use your ability: 1 mystic energy becomes a courage token. A token under an "
            "Atlantean in the Navy doubles it; on a tile it lets the Atlantean act before the "
            "tile sinks."
        )
    if kind == "unflip":
        s = SECTION_INDEX[a["section"]]
        return (
            f"Ask the table for {frames.UNFLIP_COST} energy to raise a {SECTIONS[s]} tile: that "
            f"section has lost {view.flooded[s]} of 6, and a section with no tiles turns each "
            "of its floods into two lost tiles."
        )
    if kind == "convert":
        ci = _after_convert(view, p, a)
        tail = (
            f"then you can build the {comps.COMPONENTS[ci].name}."
            if ci is not None
            else f"{a['take']} is what your next component is short of."
        )
        return f"Convert 1 {a['give']} into 1 {a['take']} for {frames.CONVERT_COST} energy: {tail}"
    if kind == "play":
        return _explain_play(view, p, a["card"])
    if kind in ("accept", "cancel"):
        return _explain_flood(view, kind)
    if kind == "contribute":
        room = frames.pool_room(view.stack[-1])
        if a["amount"]:
            return (
                f"Offer {a['amount']}: together the table can reach the {view.stack[-1][3]} "
                "needed. If it falls short after all, everyone gets their energy back."
            )
        if _pool_reachable(view):
            return (
                f"Offer 0: the others can cover the {room} still missing, and you keep your "
                "energy for rolls and the next flood."
            )
        return (
            f"Offer 0: the councilors still to be asked hold too little to reach the {room} "
            "missing, and a pool that falls short changes nothing."
        )
    if kind == "choose":
        return _explain_choose(view, a, frame)
    if kind == "pass":
        if frame == "window":
            return _explain_window_pass(view)
        ci, missing = goal(view, p)
        if ci is None or not any(missing):
            return "Pass: keep what you have for the next turn."
        return (
            f"Pass: the {comps.COMPONENTS[ci].name} still needs {_missing_text(missing)}, "
            "so keep what you have."
        )
    if kind == "produce":
        return _explain_produce(view, p, a["at"])
    if kind == "boost":
        need, _, r = _boost_info(view)
        if a["amount"]:
            why = (
                "you need it for your next component"
                if _needs(view, p)[r]
                else "a success is worth the energy"
            )
            return f"Spend {need} energy to turn the roll into a success: {RESOURCES[r]} — {why}."
        return (
            f"Keep your energy: {need} is a lot for one {RESOURCES[r]}, and energy also cancels "
            "floods."
        )
    if kind == "keep":
        card = KNOWLEDGE[KNOWLEDGE_INDEX[a["card"]]]
        return f"Keep {card.name}: {_lower_first(card.text)}"
    if kind == "discard":
        return f"Discard {_card_name(a['card'])}: of your cards it helps least right now."
    if kind == "give":
        ci = _after_give(view, p, a)
        who = view.player_name(a["to"])
        if ci is not None:
            return f"Give {a['resource']} to {who}: then they can build the {comps.COMPONENTS[ci].name}."
        return f"Give {a['resource']} to {who}: they are closer to their next component."
    if kind == "build":
        comp = comps.COMPONENTS[comps.COMPONENT_INDEX[a["component"]]]
        text = f"Build the {comp.name} — {_lower_first(comp.text)}"
        if a.get("waive"):
            text += f" Your ability saves 1 {a['waive']}."
        return text + " Every component is one of the ten the gate needs."
    return "This move is safe now."


def _lower_first(text: str) -> str:
    return text[:1].lower() + text[1:]


def _explain_play(view: RisingState, p: int, key: str) -> str:
    card = KNOWLEDGE[KNOWLEDGE_INDEX[key]]
    text = f"Play {card.name}: {_lower_first(card.text)}"
    if view.phase == "attack":
        deficit = view.die + view.galley - _navy(view)
        if deficit > 0:
            text += f" The attack is {deficit} stronger than the Navy right now."
    elif _frame(view) == "discard":
        text += " Using it beats throwing it away."
    return text


def _explain_flood(view: RisingState, kind: str) -> str:
    t, reasons = _flood_reasons(view)
    where = place_name(SPOT_IDS[t]) if t is not None else "two other tiles"
    if kind == "cancel":
        why = "; ".join(reasons) if reasons else "the table can spare the energy"
        return f"Cancel the flood at {where} with {frames.CANCEL_COST} pooled energy: {why}."
    if reasons:
        return f"Let {where} go even though {reasons[0]}: the energy is needed more elsewhere."
    return (
        f"Let {where} go: nobody stands there and the section has tiles to spare. The "
        f"{view.total_energy()} energy on the table is worth more for later floods and failed "
        "rolls."
    )


def _explain_choose(view: RisingState, a: Action, frame: str) -> str:
    if a.get("councilor") is not None:
        c = COUNCILORS[COUNCILOR_INDEX[a["councilor"]]]
        return f"Borrow the {c.name}'s ability: {_lower_first(c.text)}"
    if a.get("at") is not None:
        t = SPOT_INDEX[a["at"]]
        if frame == "barrier":
            s = t // 6
            nxt = t % 6 == view.flooded[s]
            return (
                f"Shield {place_name(a['at'])}: "
                + (f"it is the next {SECTIONS[s]} tile the sea would take, and " if nxt else "")
                + "the barrier stops the next flood that reaches it."
            )
        return (
            f"Choose {place_name(a['at'])}: few Atlanteans are sent home there, and as few "
            "councilors as possible lose one for good."
        )
    s = SECTION_INDEX[a["section"]]
    if frame == "unflip":
        return (
            f"Raise a {SECTIONS[s]} tile: that section has lost {view.flooded[s]} of 6, and the "
            "tile that comes back is the best one still under water."
        )
    if frame == "mchoice" and view.stack[-1][2] == "panic":
        return (
            f"Choose the {SECTIONS[s]}: {_section_people(view, s)} Atlantean(s) stand there; "
            "the fewer run home, the less work is lost."
        )
    t = tip_tile(view.flooded, s)
    remaining = 6 - view.flooded[s]
    who = "nobody stands there" if t is None or not view.occ[t] else "few Atlanteans stand there"
    return (
        f"Give up {place_name(SPOT_IDS[t]) if t is not None else SECTIONS[s]}: the "
        f"{SECTIONS[s]} still have {remaining} tile(s) and {who}. Keep short sections alive — "
        "a section with no tiles turns each of its floods into two lost tiles."
    )


def _explain_window_pass(view: RisingState) -> str:
    if view.phase == "attack" and view.die + view.galley <= _navy(view):
        return "Pass: the Navy holds this attack."
    if view.phase == "attack":
        return "Pass: no card here turns this attack around; keep them for a better moment."
    return "Pass: keep your cards until they make a real difference."


def _explain_produce(view: RisingState, p: int, at: str) -> str:
    t = SPOT_INDEX[at]
    name = place_name(at)
    if t == CENTRE:
        return f"Act at {name} now: draw your mystic energy."
    s = t // 6
    if s in SECTION_RESOURCE:
        target = view.target(p, t)
        forge_later = s == 0 and any(p in view.occ[u] for u in range(FORGES * 6, FORGES * 6 + 6))
        return f"Roll at {name} (target {target}, success {_odds(target)})" + (
            " first: ore you find can still be forged afterwards." if forge_later else "."
        )
    if s == FORGES:
        return f"Forge at {name}: 1 ore becomes {VALUE[t]['rate']} Atlantium."
    if s == LIBRARIES:
        return f"Study at {name}: draw cards and choose what to keep."
    return f"Act at {name}: your Atlanteans there recruit together."


# ---------------------------------------------------------------------------------------------
# putting it together
# ---------------------------------------------------------------------------------------------
# the monsters (docs/monsters.md)
_MONSTER_WORDS = {"medusa": "Medusa", "harpies": "the Harpies", "scylla": "Scylla and Charybdis"}
_ORDER_WHY = {
    "medusa": "she only turns to stone what stands where she lands, so let her act first",
    "harpies": "their raid costs a resource or card, a small price",
    "scylla": "Scylla snatches from the Navy and Charybdis may drag a tip under",
}


def _active_at(view: RisingState, spot: str) -> int:
    return len(view.occ[SPOT_INDEX[spot]])


def explain_monster(view: RisingState, p: int, a: Action, frame: str) -> str | None:
    """Why a monster move is worth making (None: not a monster matter)."""
    from game.rising.monsters import common as cm
    from game.rising.monsters import harpies as hp
    from game.rising.monsters import scylla as sc

    kind = a.kind
    if kind == "choose" and a.get("monster") is not None:
        key = a["monster"]
        return f"Let {_MONSTER_WORDS[key]} act next: {_ORDER_WHY.get(key, 'any order is fine')}."
    if kind == "choose" and a.get("reward") is not None:
        if a["reward"] == "followers":
            return "Take the followers: they join your Atlanteans for good."
        return "Take the volunteers: twice as many hands, but only for the next round."
    if kind == "draw_gaze":
        where = place_name(a["at"])
        if view.items[cm.MEDUSA] == p:
            return (
                f"Draw her gaze to {where}: your Mirror Shield reflects it, the curse breaks and "
                "Medusa becomes your ally."
            )
        return (
            f"Draw her gaze to {where}: her dice could send her to a crowded tile, and here "
            f"only {_active_at(view, a['at'])} active Atlantean(s) would turn to stone."
        )
    if kind == "pass" and frame == "gaze":
        return (
            "Let the dice send her: drawing her gaze would turn your own Atlanteans there to stone."
        )
    if kind == "lure":
        return (
            f"Spend {hp.LURE_COST} energy to send the Harpies to {place_name(a['at'])}: "
            f"{_active_at(view, a['at'])} Atlantean(s) there to rob instead of a busy tile."
        )
    if kind == "confront" and frame == "hlure":
        return (
            "Shake the Bronze Rattle: the flock leaves for good and its messengers let you draw "
            "and keep one more card at every library."
        )
    if kind == "pass" and frame == "hlure":
        return "Let them fly: luring costs energy the table needs for floods and rolls."
    if kind == "give_up":
        if a.get("resource") is not None:
            return f"Give up 1 {a['resource']}: of what you hold, your next build misses it least."
        return f"Give up {_card_name(a['card'])}: the card that helps you least now."
    if kind == "confront":
        return (
            "Sail between them: Scylla and Charybdis are gone for good, every captive swims "
            f"home and the Navy counts {sc.GUARDIANS} more against every attack."
        )
    if kind == "pass" and frame == "sea_confront":
        return "Hold back for now: the Helm keeps Scylla off your crew meanwhile."
    if kind == "calm":
        return (
            f"Calm the whirlpool: {sc.CALM_COST} energy pooled keeps the tile standing, and a "
            "sunk tip brings the next flood nearer the centre."
        )
    if kind == "accept" and frame == "charyb":
        return "Let it sink: the table's energy is worth more for the floods still to come."
    if kind == "free":
        who = "the volunteer" if a["piece"] < 0 else "the Atlantean"
        return (
            f"Free {who} at {place_name(a['at'])} for 1 energy: it acts at once and the ring "
            "is usable again."
        )
    if kind == "build_item":
        it = cm.ITEMS[cm.ITEM_INDEX[a["item"]]]
        return f"Make the {it.name}: {it.text}"
    return None


def _pick_first(view: RisingState, p: int, legal: list[Action]) -> Action | None:
    return legal[0] if legal else None


def _pick_gaze(view: RisingState, p: int, legal: list[Action]) -> Action | None:
    from game.rising.monsters import common as cm

    gazes = [a for a in legal if a.kind == "draw_gaze"]
    if gazes and view.items[cm.MEDUSA] == p:
        return gazes[0]
    return Action.make(p, "pass")


def _pick_lure(view: RisingState, p: int, legal: list[Action]) -> Action | None:
    for a in legal:
        if a.kind == "confront":
            return a
    return Action.make(p, "pass")


def _pick_tribute(view: RisingState, p: int, legal: list[Action]) -> Action | None:
    need = _needs(view, p)
    res = [a for a in legal if a.get("resource") is not None]
    if res:
        return max(res, key=lambda a: view.res[p][RESOURCES.index(a["resource"])] - need[
            RESOURCES.index(a["resource"])])  # fmt: skip
    return legal[0] if legal else None


def _pick_charyb(view: RisingState, p: int, legal: list[Action]) -> Action | None:
    from game.rising.monsters import scylla as sc

    kind = "calm" if view.total_energy() >= sc.CALM_COST + frames.CANCEL_COST else "accept"
    return Action.make(p, kind)


_PICK: dict[str, Callable[[RisingState, int, list[Action]], Action | None]] = {
    "monster_order": _pick_first,
    "medusa_gaze": _pick_gaze,
    "medusa_ally": _pick_first,
    "harpies_lure": _pick_lure,
    "harpies_tribute": _pick_tribute,
    "sea_confront": _pick_first,
    "charybdis": _pick_charyb,
    "start_of_turn": _pick_start,
    "place": _pick_place,
    "late_place": _pick_place,
    "flood_response": _pick_flood,
    "pool_energy": _pick_pool,
    "misfortune_choice": _pick_choose,
    "card_window": _pick_window,
    "production": _pick_production,
    "boost": _pick_boost,
    "library_keep": _pick_keep,
    "discard": _pick_discard,
    "attack_tiles": _pick_choose,
    "place_barrier": _pick_choose,
    "unflip_tile": _pick_choose,
    "choose_councilor": _pick_choose,
    "give_resources": _pick_give,
    "build": _pick_build,
}


def suggest(view: RisingState, player: int, legal: list[Action]) -> Action:
    """The move the guide recommends: the team bot's choice, else the guide's rule of thumb."""
    action = _advised(view, player, legal)
    if action is None:
        dec = view.decision()
        pick = _PICK.get(dec.kind) if dec is not None else None
        action = pick(view, player, legal) if pick is not None else None
    if action not in legal:
        action = legal[-1]
    return _teach_navy(view, player, legal, action)


def hint(view: RisingState, player: int) -> Hint | None:
    """Advice for ``player``'s pending decision, or None when they have nothing to decide.

    The suggested move is always one of ``view.legal_actions(player)``.
    """
    dec = view.decision()
    if dec is None or player not in dec.players:
        return None
    legal = view.legal_actions(player)
    if not legal:
        return None
    action = suggest(view, player, legal)
    return Hint(explain(view, player, action), action_targets(view, action), action)


#: the guide asks the bots for a second opinion; tests switch it off to check the fallback
USE_BOT = True


def _advised(view: RisingState, player: int, legal: list[Action]) -> Action | None:
    """The move the team's ``normal`` bot would make, when the bots are available.

    The bot plans further ahead than a rule of thumb (flood risk, the whole team's needs),
    so the guide follows it and explains the move in words. Any trouble in the bot only
    costs the guide that second opinion; it never stops the board.
    """
    if not USE_BOT:
        return None
    try:
        from ai import rising as bot

        ranked = bot.rank(view, player, "normal")
    except Exception as exc:  # the guide must never take the board down with it
        log.warning("guide: the bot's advice is unavailable (%s)", exc)
        return None
    if not ranked or ranked[0][1] not in legal:
        return None
    return ranked[0][1]
