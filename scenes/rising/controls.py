"""Where each engine action is offered on the board, and how it reads.

The board never invents moves: it takes ``legal_actions`` and sorts each one either onto a
*direct target* (a tile, the centre, the Navy, a card in hand, a blueprint component) or into
the *action bar* (buttons, grouped into pop-up menus where there are many). Every legal action
lands somewhere, so every decision the engine can ask is answerable with the mouse.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from game.core.protocol import Action
from game.rising.components import COMPONENT_INDEX, COMPONENTS
from game.rising.councilors import COUNCILOR_INDEX, COUNCILORS
from game.rising.frames import CANCEL_COST, CONVERT_COST, UNFLIP_COST
from game.rising.island import SECTION_INDEX, SPOT_INDEX, spot_name
from game.rising.knowledge import KNOWLEDGE, KNOWLEDGE_INDEX
from game.rising.monsters import common as monster_rules
from game.rising.monsters import harpies as harpy_rules
from game.rising.monsters import scylla as sea_rules

MONSTER_NAMES = {"medusa": "Medusa", "harpies": "the Harpies", "scylla": "Scylla & Charybdis"}


def card_name(key: str) -> str:
    idx = KNOWLEDGE_INDEX.get(key)
    return KNOWLEDGE[idx].name if idx is not None else key


def component_name(key: str) -> str:
    idx = COMPONENT_INDEX.get(key)
    return COMPONENTS[idx].name if idx is not None else key


def item_name(key: str) -> str:
    idx = monster_rules.ITEM_INDEX.get(key)
    return monster_rules.ITEMS[idx].name if idx is not None else key


def monster_label(
    decision_kind: str, action: Action, data: Mapping[str, Any] | None = None
) -> str | None:
    """Words for the actions the monsters module adds (None: not a monster action)."""
    k = action.kind
    data = data or {}
    if k == "choose" and action.get("monster") is not None:
        name = MONSTER_NAMES.get(action["monster"], action["monster"])
        return f"{name[0].upper()}{name[1:]} next"
    if k == "choose" and action.get("reward") is not None:
        if action["reward"] == "followers":
            n = data.get("followers")
            return f"Take {n} followers" if n else "Take the followers"
        n = data.get("volunteers")
        return f"Take {n} volunteers" if n else "Take the volunteers"
    if k == "draw_gaze":
        return f"Draw Medusa's gaze to {spot_name(action['at'])}"
    if k == "lure":
        return f"Lure the Harpies to {spot_name(action['at'])} ({harpy_rules.LURE_COST} energy)"
    if k == "confront":
        if decision_kind == "harpies_lure":
            return "Shake the Bronze Rattle"
        return "Sail between them"
    if k == "give_up":
        if action.get("resource") is not None:
            return f"Give up 1 {action['resource']}"
        return f"Give up {card_name(action['card'])}"
    if k == "calm":
        return f"Calm it ({sea_rules.CALM_COST} energy pooled)"
    if k == "accept" and decision_kind == "charybdis":
        return "Let it sink"
    if k == "free":
        what = "a volunteer" if action["piece"] < 0 else "an Atlantean"
        return f"Free {what} at {spot_name(action['at'])} (1 energy)"
    if k == "build_item":
        return f"Make the {item_name(action['item'])}"
    if k == "pass" and decision_kind in ("medusa_gaze", "harpies_lure", "sea_confront"):
        return "Pass" if decision_kind != "medusa_gaze" else "Let the dice decide"
    return None


def label(
    action: Action,
    names: Sequence[str],
    flooded: Sequence[int] = (0,) * 6,
    decision_kind: str = "",
    data: Mapping[str, Any] | None = None,
) -> str:
    """The words on a button for ``action`` (our own words, short)."""
    k = action.kind
    words = monster_label(decision_kind, action, data)
    if words is not None:
        return words
    if k == "place":
        where = spot_name(action["at"])
        return f"Place at {where}" + (" with courage" if action.get("courage") else "")
    if k == "hold":
        return "Keep one back"
    if k == "play":
        return f"Play {card_name(action['card'])}"
    if k == "ability":
        return "Rally: 1 energy for courage"
    if k == "convert":
        return f"{action['give'].capitalize()} to {action['take']}"
    if k == "unflip":
        return f"Raise {action['section'].capitalize()} ({UNFLIP_COST} energy pooled)"
    if k == "done":
        return "Done"
    if k == "pass":
        return "Pass"
    if k == "accept":
        return "Let it flood"
    if k == "cancel":
        return f"Gather {CANCEL_COST} energy to stop it"
    if k == "contribute":
        n = action["amount"]
        return "Give nothing" if n == 0 else f"Give {n} energy"
    if k == "boost":
        n = action["amount"]
        return "Take the miss" if n == 0 else f"Spend {n} energy"
    if k == "produce":
        return f"Act at {spot_name(action['at'])}"
    if k == "keep":
        return f"Keep {card_name(action['card'])}"
    if k == "discard":
        return f"Discard {card_name(action['card'])}"
    if k == "give":
        to = action["to"]
        who = names[to] if 0 <= to < len(names) else f"seat {to + 1}"
        return f"Give {action['resource']} to {who}"
    if k == "build":
        text = f"Build {component_name(action['component'])}"
        waive = action.get("waive")
        return text + (f" (waive 1 {waive})" if waive else "")
    if k == "choose":
        if action.get("section") is not None:
            return str(action["section"]).capitalize()
        if action.get("at") is not None:
            return spot_name(action["at"])
        if action.get("councilor") is not None:
            c = COUNCILOR_INDEX.get(action["councilor"])
            return f"The {COUNCILORS[c].name}" if c is not None else str(action["councilor"])
    return ", ".join([k, *(f"{a}={v}" for a, v in action.args)])


@dataclass
class BarItem:
    """One button of the action bar: a single action, or a group that opens a menu."""

    label: str
    actions: list[Action]
    primary: bool = False
    group: bool = False


@dataclass
class Plan:
    """Where the current human's legal actions are offered."""

    direct: dict[str, list[Action]] = field(default_factory=dict)
    bar: list[BarItem] = field(default_factory=list)

    def all_actions(self) -> set[Action]:
        out = {a for acts in self.direct.values() for a in acts}
        for item in self.bar:
            out.update(item.actions)
        return out


def _section_tiles(section: str, flooded: Sequence[int], sunk: bool) -> list[str]:
    s = SECTION_INDEX[section]
    f = flooded[s]
    rng = range(f) if sunk else range(f, 6)
    return [f"{section}-{i + 1}" for i in rng]


def make_plan(
    decision_kind: str,
    legal: Sequence[Action],
    names: Sequence[str],
    flooded: Sequence[int],
    data: Mapping[str, Any] | None = None,
) -> Plan:
    """Sort ``legal`` into board targets and action-bar buttons."""
    plan = Plan()
    groups: dict[str, BarItem] = {}

    def words(a: Action) -> str:
        return label(a, names, flooded, decision_kind, data)

    def direct(target: str, a: Action) -> None:
        plan.direct.setdefault(target, []).append(a)

    def bar(a: Action, primary: bool = False) -> None:
        plan.bar.append(BarItem(words(a), [a], primary))

    def group(key: str, title: str, a: Action) -> None:
        item = groups.get(key)
        if item is None:
            item = groups[key] = BarItem(title, [], group=True)
            plan.bar.append(item)
        item.actions.append(a)

    for a in legal:
        k = a.kind
        if k in ("place", "produce", "draw_gaze", "lure") and a.get("at") in SPOT_INDEX:
            direct(a["at"], a)
            if k == "lure" and a["at"] == "centre":
                bar(a)  # the centre sits under the tokens: a button too
        elif k == "choose" and a.get("monster") is not None:
            key = "charybdis" if a["monster"] == "scylla" else a["monster"]
            direct(f"monster:{key}", a)
            if a["monster"] == "scylla":
                direct("monster:scylla", a)
            bar(a)
        elif k == "give_up":
            if a.get("card") is not None:
                direct(f"card:{a['card']}", a)
                group("give_card", "Give up a card…", a)
            else:
                bar(a)
        elif k == "free":
            group("free", "Free a stone figure… (1 energy)", a)
        elif k == "build_item":
            direct(f"item:{a['item']}", a)
            bar(a)
        elif k in ("play", "discard"):
            direct(f"card:{a['card']}", a)
            if decision_kind == "card_window" and k == "play":
                bar(a)
        elif k == "keep":
            direct(f"keep:{a['card']}", a)
        elif k == "build":
            direct(f"comp:{a['component']}", a)
        elif k == "convert":
            group("convert", f"Convert… ({CONVERT_COST} energy)", a)
        elif k == "unflip":
            for t in _section_tiles(a["section"], flooded, sunk=True):
                direct(t, a)
            group("unflip", f"Raise a tile… ({UNFLIP_COST} energy)", a)
        elif k == "choose" and a.get("section") in SECTION_INDEX:
            sunk = decision_kind == "unflip_tile"
            for t in _section_tiles(a["section"], flooded, sunk=sunk):
                direct(t, a)
            bar(a)
        elif k == "choose" and a.get("at") in SPOT_INDEX:
            direct(a["at"], a)
        elif k == "give":
            to = a["to"]
            who = names[to] if 0 <= to < len(names) else f"seat {to + 1}"
            group(f"give:{to}", f"To {who}…", a)
        elif k in ("done", "pass"):
            bar(a, primary=True)
        else:
            bar(a)
    # a group with one action is just a button
    for i, item in enumerate(plan.bar):
        if item.group and len(item.actions) == 1:
            plan.bar[i] = BarItem(words(item.actions[0]), item.actions)
    # primary buttons last (the eye ends there; Space presses them)
    plan.bar.sort(key=lambda it: it.primary)
    return plan
