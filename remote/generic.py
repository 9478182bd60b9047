"""The payload of a game without a page of its own: the round and the buttons only.

The action words come from the game itself (``describe_action``), the words the desktop's
log uses; the payload says nothing the seat's view does not hold.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.core.protocol import Action, GameState


def payload(view: GameState, seat: int, names: Sequence[str] = ()) -> dict[str, Any]:
    """What the generic page draws: the round and whether the game is over (the seats'
    ``names`` travel in the message itself)."""
    return {"round": view.round_number, "over": view.is_terminal()}


def label(view: GameState, seat: int, action: Action) -> str:
    """The button's words: the game's own phrase for the move."""
    phrase = view.describe_action(action)
    return phrase[:1].upper() + phrase[1:]
