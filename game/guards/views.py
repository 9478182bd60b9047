"""What one seat may know: other seats' face-down cards are hidden until the reveal.

Hands are not secret in substance (every card a hero owns follows from its public level-ups,
and played and discarded cards lie face up), so a view hides exactly one thing: the card each
other seat has committed this turn but not yet revealed (teammates' too). The committed card
stays in its hero's hand until the reveal, so the hand does not give it away; in a view it
reads :data:`~game.core.hidden.HIDDEN`. ``fill`` (determinize) puts a card from that hero's hand there.
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from typing import TYPE_CHECKING

from game.core.hidden import HIDDEN
from game.core.protocol import Action

if TYPE_CHECKING:
    from game.guards.state import GuardsState


def redact(st: GuardsState, viewer: int | None) -> None:
    """Turn ``st`` (a fresh copy) into ``viewer``'s view, in place."""
    if st.phase != "play":
        return
    st.commit = [
        c if c is None or st.seat_of[h] == viewer else HIDDEN for h, c in enumerate(st.commit)
    ]


def fill(st: GuardsState, rng: random.Random) -> None:
    """Give every hidden commit one card of that hero's hand, at random."""
    for h, c in enumerate(st.commit):
        if c == HIDDEN:
            hand = st.hand[h]
            st.commit[h] = hand[rng.randrange(len(hand))]


def observe(st: GuardsState, a: Action, viewer: int | None) -> Hashable:
    """Another seat's ``play`` looks the same whatever it committed."""
    if a.kind == "play" and viewer != a.player:
        return ("play", a.player)
    return a
