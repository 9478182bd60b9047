"""What a seat may know in this cooperative game: everything but the order of the two decks.

Hands, the island and the track are open on the table; the misfortune and knowledge decks are
face down, so a view holds their cards in a canonical order (:func:`redact`) and a sampled
world shuffles them again (:func:`fill`). Nobody's move is secret, so ``observe`` is the
protocol's default.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from game.core.hidden import hide_order

if TYPE_CHECKING:
    from game.rising.state import RisingState


def redact(st: RisingState, viewer: int | None) -> None:
    """Turn ``st`` (a fresh copy) into ``viewer``'s view, in place."""
    hide_order(st.mdeck)
    hide_order(st.kdeck)


def fill(st: RisingState, rng: random.Random) -> None:
    """Give the view's decks one order the table cannot rule out."""
    rng.shuffle(st.mdeck)
    rng.shuffle(st.kdeck)
