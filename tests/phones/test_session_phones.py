"""A seat on a phone is a person whose answers come from their own screen: the desktop hands
off only to the people sitting at it, and a game with one person left at it shows theirs."""

from __future__ import annotations

import random

from game.core.saves import Seat
from scenes.session import TABLE, GameSession


def _to_face_down(session: GameSession) -> None:
    """Random moves (autosave off) until every hero chooses a face-down card."""
    rng = random.Random(2)
    state = session.state
    while not (state.phase == "play" and state.decision().kind == "play"):
        dec = state.decision()
        seat = rng.choice([p for p in dec.players if state.legal_actions(p)])
        session.apply(rng.choice(state.legal_actions(seat)))


def _session(kinds: list[str]) -> GameSession:
    names = ["Ann", "Bob", "Cy", "Di"]
    seats = [Seat(n, k, "random") for n, k in zip(names, kinds, strict=True)]
    return GameSession.new("guards", seats, {}, 9, autosave=False)


def test_phones_need_no_hand_off_and_the_one_left_at_the_screen_gets_one() -> None:
    session = _session(["human", "human", "human", "bot"])
    _to_face_down(session)
    assert session.needs_handoff() in (0, 1, 2)  # three people share the screen
    session.remote = frozenset({1, 2})
    assert session.deciding_humans() == [0]
    assert session.deciding_remote() == [1, 2]
    assert session.needs_handoff() == 0  # the phones' people see the big screen: hand off
    session.mark_shown(0)
    assert session.viewer() == 0
    play = session.state.legal_actions(0)[0]
    session.apply(play)
    assert session.needs_handoff() == TABLE  # only phones decide: the table's view comes back
    session.mark_shown(TABLE)
    assert session.viewer() is None
    assert session.waiting_remote() == "Bob (phone) and Cy (phone)"


def test_with_every_person_on_a_phone_the_desktop_shows_the_table_only() -> None:
    session = _session(["human", "human", "bot", "bot"])
    _to_face_down(session)
    session.remote = frozenset({0, 1})
    assert session.deciding_humans() == [] and session.needs_handoff() is None
    assert session.viewer() is None and session.view().commit == session.state.view(None).commit
    session.remote = frozenset()  # the table closed: hot-seat again, with its hand-offs
    assert session.needs_handoff() in (0, 1)


def test_one_person_on_a_phone_and_one_at_the_screen() -> None:
    session = _session(["human", "human", "bot", "bot"])
    _to_face_down(session)
    session.remote = frozenset({1})
    assert session.local_humans() == [0]
    assert session.needs_handoff() == 0  # Bob on his phone still looks at the big screen
