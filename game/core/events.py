"""Declared events: each game says once which kinds of event it records and what data each carries.

Rules record events with :meth:`GameState.emit <game.core.protocol.GameState.emit>`; scenes
animate, sound and log them by kind and read their data. The declaration is the contract between
the two: a table of kind -> the data fields an event of that kind carries, written as one string
of field names::

    EVENTS = declare({
        "die_rolled": "die value galley total | die value player tile target",
        "harpies_moved": "from to roll rerolls reason?",
        "game_won": "",
    })

A field ending in ``?`` may be missing; ``|`` separates the shapes of a kind that comes in
several (an event must fit one of them exactly: every field it requires, no field it does not
name). A game hands its table to the registry (``GameSpec.events``); the conformance suite checks
every event of random games against it, and the scenes' tests check that every kind a board
reacts to is declared.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from game.core.protocol import Event


@dataclass(frozen=True, slots=True)
class EventShape:
    """One shape of an event's data: the fields it always carries and those it may."""

    required: frozenset[str]
    optional: frozenset[str] = frozenset()

    def fits(self, fields: Iterable[str]) -> bool:
        keys = set(fields)
        return self.required <= keys and keys <= self.required | self.optional

    @property
    def fields(self) -> frozenset[str]:
        return self.required | self.optional

    def __str__(self) -> str:
        names = sorted(self.required) + [f"{k}?" for k in sorted(self.optional)]
        return " ".join(names) or "(no data)"


@dataclass(frozen=True, slots=True)
class EventKind:
    """A declared kind of event and the shapes its data may take."""

    kind: str
    shapes: tuple[EventShape, ...]

    @property
    def fields(self) -> frozenset[str]:
        """Every field an event of this kind may carry."""
        return frozenset().union(*(s.fields for s in self.shapes))

    def fits(self, data: Mapping[str, Any]) -> bool:
        return any(s.fits(data) for s in self.shapes)

    def __str__(self) -> str:
        return f"{self.kind}: " + " | ".join(map(str, self.shapes))


def _shape(text: str, kind: str) -> EventShape:
    required: set[str] = set()
    optional: set[str] = set()
    for word in text.split():
        name = word.removesuffix("?")
        if not name.isidentifier():
            raise ValueError(f"event {kind!r}: {word!r} is no field name")
        if name in required or name in optional:
            raise ValueError(f"event {kind!r} names its field {name!r} twice in one shape")
        (optional if word.endswith("?") else required).add(name)
    return EventShape(frozenset(required), frozenset(optional))


def declare(table: Mapping[str, str]) -> dict[str, EventKind]:
    """The event kinds of a game from its table of kind -> fields (see the module's docstring)."""
    out: dict[str, EventKind] = {}
    for kind, fields in table.items():
        if not kind or not isinstance(fields, str):
            raise ValueError(f"event {kind!r}: declare its fields as one string")
        out[kind] = EventKind(kind, tuple(_shape(part, kind) for part in fields.split("|")))
    return out


def undeclared(declared: Mapping[str, EventKind], event: Event) -> str | None:
    """Why ``event`` is not as ``declared`` says, in a few words (``None``: it is)."""
    spec = declared.get(event.kind)
    if spec is None:
        return f"event kind {event.kind!r} is not declared"
    if spec.fits(event.data):
        return None
    got = " ".join(sorted(event.data)) or "(no data)"
    return f"event {event.kind!r} carries {got}; declared: {' | '.join(map(str, spec.shapes))}"


#: events the session itself records in every game (scenes/session.py), beside the engine's
SESSION_EVENTS = declare(
    {
        "undo": "player action",  # a move taken back: who, and the move (as JSON)
    }
)
