"""The driver of the turn machine: run automatic frames, and ask and answer decisions.

``st.stack`` holds small tuples, the first item of each its kind. The top frame is either
*automatic* (run at once by :func:`run`; it may push more frames) or a *decision* (it waits for
one action). A decision frame that has nothing to offer is dropped by its ``ready`` check, so a
player is only asked when they really have a choice. What each kind does is its
:class:`~game.rising.frames.Frame` record in :data:`~game.rising.frames.FRAMES`: one dict lookup,
then an attribute, on every step a bot takes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.rising.frames import FRAMES

if TYPE_CHECKING:
    from game.core.protocol import Action, Decision
    from game.rising.state import RisingState


def run(st: RisingState) -> None:
    """Run automatic frames until a real decision waits or the game ends."""
    stack = st.stack
    frames = FRAMES
    while st.result is None:
        if not stack:
            stack.append(("round",))
        f = stack[-1]
        frame = frames[f[0]]
        auto = frame.auto
        if auto is not None:
            stack.pop()
            auto(st, f)
            continue
        if frame.ready(st, f):  # type: ignore[misc]
            return


def decision(st: RisingState) -> Decision | None:
    if st.result is not None or not st.stack:
        return None
    f = st.stack[-1]
    return FRAMES[f[0]].decide(st, f)  # type: ignore[misc]


def next_decider(st: RisingState) -> int | None:
    """``decision(st).players[0]`` (None when there is no decision), without building it."""
    if st.result is not None or not st.stack:
        return None
    f = st.stack[-1]
    return FRAMES[f[0]].seat(f)


def legal_actions(st: RisingState, player: int) -> list[Action]:
    if st.result is not None or not st.stack:
        return []
    f = st.stack[-1]
    frame = FRAMES[f[0]]
    if frame.seat(f) != player:
        return []
    return frame.legal(st, f, player)  # type: ignore[misc]


def apply_action(st: RisingState, action: Action) -> None:
    f = st.stack[-1]
    FRAMES[f[0]].handle(st, f, action)  # type: ignore[misc]
