"""How a view writes what its seat may not know, the same way in every game.

A view (``GameState.view``) is a playable state of the same type, so what its seat does not
know is not left out but written canonically: a value it cannot know reads :data:`HIDDEN`
(another seat's face-down card, an unknown artifact, a cell nobody told it), and a pile whose
order it cannot know is put in one fixed order by :func:`hide_order`. ``determinize`` then
samples a world by putting something real wherever a view holds these.
"""

from __future__ import annotations

from typing import Any

#: what a view holds in place of a value its seat may not know: JSON-safe, equal to no card,
#: cell, seat or number a game uses, and not ``None`` (which games use for "nothing there")
HIDDEN = "?"


def hide_order(pile: list[Any]) -> None:
    """Put ``pile``, whose order the viewer does not know, in a canonical order (in place):
    two views that differ only in that order become equal."""
    pile.sort()
