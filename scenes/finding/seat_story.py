"""What every player may check of each submarine at any time: its last two actions, and the
order in which the cards on its discard pile were played (the rulebook lets everyone look).

Read from the events the seat on screen may see (a hidden move's direction stays its mover's).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.core.protocol import Event
from game.finding.cards import CAPTAIN, CAPTAIN_CARD
from scenes.finding.voice import QUIET, rename, split_log

#: events that are the captain card's play though they name no card (the Phantom's reveal)
CAPTAIN_KINDS = frozenset({"phantom"})


def played(e: Event) -> str | None:
    """The card ``e`` shows its submarine played: a hand card's key, or CAPTAIN_CARD for any
    captain's play (a captain's reading or move names the captain, a burn names the card)."""
    if e.kind in CAPTAIN_KINDS:
        return CAPTAIN_CARD
    card = e.data.get("card") or e.data.get("by")
    if not isinstance(card, str):
        return None
    return CAPTAIN_CARD if card in CAPTAIN else card


#: announcements that open the game rather than record a turn's action
NOT_ACTIONS = frozenset({"start", "first", "captain_kept", "refill", "dealt", "kept", "turn"})
#: announcements that go on the one before them: naming the city's spaces, one by one, is
#: still the one action that began with "tries to name the city"
CONTINUES = frozenset({"claim"})


def actions(events: Sequence[Event]) -> list[list[Event]]:
    """The log as actions: the voice's announcements, with a claim's naming steps kept on
    the attempt they belong to."""
    out: list[list[Event]] = []
    for group in split_log(events):
        if out and group[0].kind in CONTINUES:
            out[-1].extend(group)
        else:
            out.append(group)
    return out


@dataclass(frozen=True)
class SeatStory:
    """``last``: the seat's newest actions in words, newest last (at most two); ``order``: the
    cards it played since it last surfaced, oldest first (a card played twice counts once,
    where it was played last; the captain card is CAPTAIN_CARD, whichever captain it is)."""

    last: tuple[str, ...]
    order: tuple[str, ...]

    def rank(self, card: str) -> int:
        """Where ``card`` stands in the order played (-1: not seen played, e.g. a loaded game's
        older moves); cards sort by it."""
        return self.order.index(card) if card in self.order else -1


def seat_story(events: Sequence[Event], seat: int, names: list[str]) -> SeatStory:
    """``seat``'s story from ``events`` (already only what the viewer may see)."""
    order: list[str] = []
    for e in events:
        if e.data.get("who") != seat:
            continue
        if e.kind == "surface":
            order.clear()
            continue
        card = played(e)
        if card is not None:
            if card in order:
                order.remove(card)
            order.append(card)
    last: list[str] = []
    for group in reversed(actions(events)):
        head = group[0]
        if head.kind in NOT_ACTIONS or head.data.get("who") != seat:
            continue
        words = " ".join(rename(e.text, names) for e in group if e.kind not in QUIET and e.text)
        if words:
            last.append(words)
            if len(last) == 2:
                break
    return SeatStory(tuple(reversed(last)), tuple(order))
