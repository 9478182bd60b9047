"""Levelling up: which of the next-tier cards to take (the other becomes an item), and when.

Coins are half lost on a defeat, so every level a bot can afford it buys at once. Easy takes
the first card offered; normal and hard weigh the card's icons and the item the other card of
the pair leaves behind (:func:`choice_worth`), and always take the Ultimate when it comes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.protocol import Action
from game.guards.cards import Card, card

if TYPE_CHECKING:
    from game.guards.state import GuardsState

#: what one +1 item is worth on every card the hero plays
ITEM_WORTH = {
    "attack": 2.2, "defense": 1.6, "initiative": 1.3, "move": 1.0, "range": 0.9, "radius": 0.6,
}  # fmt: skip


def card_quality(c: Card) -> float:
    """The icons of a card, weighed as a bot values them (its text is the same family)."""
    v = 0.0
    if c.primary == "attack":
        v += 1.0 * (c.attack or 0) + 0.5 * (c.range or 0)
    else:
        v += 2.0 + 0.6 * (c.radius or 0) + 0.3 * (c.range or 0)
    v += 0.45 * (c.defense or 0) + 0.3 * (c.initiative or 0) + 0.4 * (c.move or 0)
    return v


def choice_worth(st: GuardsState, h: int, cid: str) -> float:
    """Taking ``cid``: its own quality plus the item its partner card turns into."""
    c = card(cid)
    if c.colour == "ultimate":
        return 100.0
    hero = st.hero_def(h)
    v = card_quality(c)
    if hero.items:
        other = next((x for x in hero.card(c.colour, c.tier) if x.id != cid), None)
        if other is not None:
            v += ITEM_WORTH.get(other.item, 0.5)
    return v


def first(st: GuardsState, legal: list[Action]) -> Action:
    """Easy: level whenever it can, taking the first card offered."""
    return next((a for a in legal if a["card"]), legal[0])


def best(st: GuardsState, legal: list[Action]) -> Action:
    """Normal and hard: level whenever possible, the card (and item) worth most."""
    h = st.level_queue[0]
    cards = [a for a in legal if a["card"]]
    if not cards:
        return legal[0]
    return max(cards, key=lambda a: (choice_worth(st, h, a["card"]), a["card"]))
