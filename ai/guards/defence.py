"""Defending: which card to throw away when attacked (or told to discard), or take the defeat.

A defeat costs the hero its place on the board until turn 1 of the next round, half its coins
and twice its level in coins to the attacker, so a bot always defends when a card holds; what
differs is which card goes. :func:`cheapest` throws the card that defends with the smallest
total that still holds (easy, and every quick play-out); :func:`keep_best` throws the card
the hero will miss least for the rest of the round (normal and hard).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.protocol import Action
from game.guards.combat import defense_total
from game.guards.units import icon

if TYPE_CHECKING:
    from game.guards.state import GuardsState


def _pending(st: GuardsState) -> tuple[str, int, int | None, int]:
    kind, target, source, value = st.pend  # type: ignore[misc]
    return kind, target, source, value


def cheapest(st: GuardsState, legal: list[Action]) -> Action:
    """The card whose defense only just holds (any card for a plain discard); never the
    defeat while a card can save the hero."""
    cards = [a for a in legal if a["card"]]
    if not cards:
        return legal[0]
    _, target, source, _ = _pending(st)

    def total(a: Action) -> int:
        t = defense_total(st, target, a["card"], source)
        return 0 if t is None else t

    return min(cards, key=lambda a: (total(a), a["card"]))


def card_worth(st: GuardsState, h: int, colour: str) -> float:
    """How much hero ``h`` would miss a card of its hand for the rest of the round."""
    c = st.card_in(h, colour)
    v = 0.0
    if c.primary == "attack":
        v += 1.0 + (icon(st, h, c, "attack") or 0) * 0.5
    elif c.primary in ("skill", "move"):
        v += 1.5
    v += (icon(st, h, c, "initiative") or 0) * 0.15
    v += (icon(st, h, c, "defense") or 0) * 0.2
    v += (icon(st, h, c, "move") or 0) * 0.2
    return v


def keep_best(st: GuardsState, legal: list[Action]) -> Action:
    """Throw away the card the hero will miss least; still never the defeat while one holds."""
    cards = [a for a in legal if a["card"]]
    if not cards:
        return legal[0]
    _, target, _, _ = _pending(st)
    return min(cards, key=lambda a: (card_worth(st, target, a["card"]), a["card"]))
