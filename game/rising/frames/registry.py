"""The one table of the turn machine: a :class:`Frame` record for every frame kind.

A frame on ``st.stack`` is a small tuple whose first item is its kind; :data:`FRAMES` maps the
kind to its record. The driver (:mod:`game.rising.turns`) looks the record up once and calls
what it holds, so a frame's whole behaviour is one record in one module. The base frames are
registered by :mod:`game.rising.frames`; a rules module (the monsters) adds its own with
:func:`register_frame` and :func:`add_frame_actions`. Nothing else writes :data:`FRAMES`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from operator import itemgetter
from typing import TYPE_CHECKING

from game.core.protocol import Action, Decision

if TYPE_CHECKING:
    from game.rising.state import RisingState

Auto = Callable[["RisingState", tuple], None]
Ready = Callable[["RisingState", tuple], bool]
Legal = Callable[["RisingState", tuple, int], list[Action]]
Handle = Callable[["RisingState", tuple, Action], None]
Decide = Callable[["RisingState", tuple], Decision]

#: most decision frames are ``(kind, seat, ...)``
SEAT_FIRST: Callable[[tuple], int] = itemgetter(1)


@dataclass(frozen=True, slots=True)
class Frame:
    """One frame kind: automatic (``auto`` only) or a decision (the other callables).

    * ``auto(st, f)``: run at once when ``f`` reaches the top (it is popped first); it may push.
    * ``ready(st, f)``: True when ``f`` asks something now; False when it dropped or replaced
      itself (nothing to ask), and the machine carries on.
    * ``legal(st, f, p)``: the seat's legal actions; ``handle(st, f, a)`` applies one of them;
      ``decide(st, f)`` builds the :class:`Decision` (who, what, the prompt).
    * ``seat(f)``: the deciding seat read off the frame (the first seat ``decide`` names).
    * ``actions``: every action kind the frame can ever offer (clear refusals, the UI);
      ``decisions``: the ``Decision.kind`` values it asks with.
    """

    kind: str
    auto: Auto | None = None
    ready: Ready | None = None
    legal: Legal | None = None
    handle: Handle | None = None
    decide: Decide | None = None
    actions: tuple[str, ...] = ()
    decisions: tuple[str, ...] = ()
    seat: Callable[[tuple], int] = SEAT_FIRST


#: every frame kind the machine knows, base and registered, in the order they were added
FRAMES: dict[str, Frame] = {}


def add(frame: Frame) -> Frame:
    """Put ``frame`` in :data:`FRAMES`, checked like :func:`register_frame`."""
    if frame.kind in FRAMES:
        raise ValueError(f"the turn machine already has a frame {frame.kind!r}")
    parts = (frame.ready, frame.legal, frame.handle, frame.decide)
    if frame.auto is not None:
        if any(x is not None for x in parts) or frame.actions or frame.decisions:
            raise ValueError(f"automatic frame {frame.kind!r} takes only auto=")
    elif any(x is None for x in parts):
        raise ValueError(f"decision frame {frame.kind!r} needs ready=, legal=, handle= and decide=")
    FRAMES[frame.kind] = frame
    return frame


def register_frame(
    kind: str,
    *,
    auto: Auto | None = None,
    ready: Ready | None = None,
    legal: Legal | None = None,
    handle: Handle | None = None,
    decide: Decide | None = None,
    actions: tuple[str, ...] = (),
    decisions: tuple[str, ...] = (),
) -> None:
    """Add the frame ``kind`` to the machine: automatic (``auto`` only) or a decision.

    A decision frame needs ``ready`` (False: drop it, nothing to ask), ``legal``, ``handle`` and
    ``decide``; ``actions`` lists the action kinds it can offer and ``decisions`` the
    ``Decision.kind`` values it asks with. A kind already known is refused, so two modules
    cannot silently replace each other's frames.
    """
    add(Frame(kind, auto, ready, legal, handle, decide, tuple(actions), tuple(decisions)))


def unregister_frame(kind: str) -> None:
    """Remove a registered frame (tests that add a frame of their own clean up with it)."""
    FRAMES.pop(kind, None)


def add_frame_actions(kind: str, actions: tuple[str, ...]) -> None:
    """Let the decision frame ``kind`` offer more action kinds (a module's extra moves)."""
    frame = FRAMES.get(kind)
    if frame is None or frame.auto is not None:
        raise ValueError(f"the turn machine has no decision frame {kind!r}")
    have = frame.actions
    more = have + tuple(x for x in actions if x not in have)
    FRAMES[kind] = dataclasses.replace(frame, actions=more)


class _FrameActions(Mapping[str, tuple[str, ...]]):
    """``FRAME_ACTIONS[kind]``: the action kinds of each decision frame (read from FRAMES)."""

    def __getitem__(self, kind: str) -> tuple[str, ...]:
        frame = FRAMES.get(kind)
        if frame is None or frame.auto is not None:
            raise KeyError(kind)
        return frame.actions

    def __iter__(self) -> Iterator[str]:
        return (k for k, fr in FRAMES.items() if fr.auto is None)

    def __len__(self) -> int:
        return sum(fr.auto is None for fr in FRAMES.values())


#: every action kind a decision frame can ever offer (for clear refusals and the UI); a
#: read-only view of :data:`FRAMES`
FRAME_ACTIONS: Mapping[str, tuple[str, ...]] = _FrameActions()


def decision_kinds() -> tuple[str, ...]:
    """Every ``Decision.kind`` the machine can ask, the registered frames' included."""
    out: list[str] = []
    for frame in FRAMES.values():
        out += [k for k in frame.decisions if k not in out]
    return tuple(out)
