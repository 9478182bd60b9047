"""What a click on the Finding board can mean: the cards in hand and the choices each needs.

Pure Python (no pygame). Every choice the board offers is read from ``legal_actions``: a
*slot* is what a person clicks first (an action card, the captain, an artifact, or a start
move), then the card's parameters are asked one at a time (a compass point, a line, how
far, row or column, a submarine, a space), each offering only values some legal action
still has. When one action is left it is the move.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.core.protocol import Action
from game.finding.cards import ARTIFACT, CAPTAIN, CAPTAIN_CARD, CARD

#: the slot of the hidden starting move (it is no card)
START = "start"


def slot_of(action: Action) -> str:
    """The slot a (non-burn) turn action is played from: ``card:sonar``, ``captain``,
    ``art:pearl`` or ``start``."""
    if action.kind == "captain":
        return "captain"
    if action.kind == "artifact":
        return f"art:{action['name']}"
    if action.kind == "start_move":
        return START
    return f"card:{action.kind}"


def burn_slot(action: Action) -> str:
    card = action["card"]
    return "captain" if card == CAPTAIN_CARD else f"card:{card}"


def params_of(action: Action, burn: bool = False) -> tuple[str, ...]:
    """The parameters a person chooses for ``action``, in the order they are asked."""
    if burn or action.kind in ("burn", "start_move"):
        return ("direction",)
    if action.kind == "captain":
        return CAPTAIN[action["name"]].params
    if action.kind == "artifact":
        return ARTIFACT[action["name"]].params
    spec = CARD.get(action.kind)
    return spec.params if spec else ()


def value_of(action: Action, param: str) -> Any:
    if param == "offset":
        return (action.get("dx"), action.get("dy"))
    return action.get(param)


@dataclass
class Aim:
    """A card being aimed: its slot, burn or play, and the parameters chosen so far."""

    slot: str
    burn: bool = False
    chosen: dict[str, Any] = field(default_factory=dict)


def candidates(legal: list[Action], aim: Aim) -> list[Action]:
    """The legal actions ``aim`` can still become."""
    out = []
    for a in legal:
        if aim.burn:
            if a.kind != "burn" or burn_slot(a) != aim.slot:
                continue
        elif a.kind == "burn" or slot_of(a) != aim.slot:
            continue
        if all(value_of(a, k) == v for k, v in aim.chosen.items()):
            out.append(a)
    return out


def next_choice(legal: list[Action], aim: Aim) -> tuple[str, list[Any]] | None:
    """The parameter to ask next and the values still offered (None: nothing left to ask)."""
    cands = candidates(legal, aim)
    if not cands:
        return None
    for param in params_of(cands[0], aim.burn):
        if param in aim.chosen:
            continue
        values: list[Any] = []
        for a in cands:
            v = value_of(a, param)
            if v not in values:
                values.append(v)
        return param, values
    return None


def ready(legal: list[Action], aim: Aim) -> Action | None:
    """The one action ``aim`` now names, once every parameter is chosen."""
    cands = candidates(legal, aim)
    if len(cands) == 1 and next_choice(legal, aim) is None:
        return cands[0]
    return None


def playable_slots(legal: list[Action]) -> set[str]:
    return {slot_of(a) for a in legal if a.kind not in ("burn", "keep", "solve", "claim")}


def burnable_slots(legal: list[Action]) -> set[str]:
    return {burn_slot(a) for a in legal if a.kind == "burn"}


def is_free(slot: str, captain: str | None) -> bool:
    """Does playing ``slot`` cost no action (Smuggler, Seed of Youth, Chronometer)?"""
    if slot == "captain":
        return captain is not None and CAPTAIN[captain].free
    if slot.startswith("art:"):
        return ARTIFACT[slot[4:]].free
    return False
