"""What the seat panel says of where another submarine is: the chart's last sure place."""

from __future__ import annotations

from board_ui import drawn_texts
from finding_ui import ana_and_a_silent_bot, open_board

from scenes.finding import board_drawing


def test_after_surfacing_and_a_public_burn_the_panel_says_the_new_place(app, monkeypatch):
    """The old panel said "last seen" at the surfacing even after the table heard the burn that
    moved the submarine on: the chart knew better than its own panel."""
    session = ana_and_a_silent_bot()
    st = session.state
    while st.phase != "play":  # captains kept, first hidden moves made
        d = st.decision()
        session.apply(st.legal_actions(d.players[0])[0])
    while st.decision().players != (1,):
        session.apply(
            next(a for a in st.legal_actions(st.seat) if a.kind in ("sonar", "jelly", "explore"))
        )
    session.apply(next(a for a in st.legal_actions(1) if a.kind == "surface"))
    burn = next(
        a
        for a in st.legal_actions(1)
        if a.kind == "burn" and st.possible_positions(0, 1) != frozenset() and _moves(st, a)
    )
    session.apply(burn)
    where = st.possible_positions(0, 1)
    assert len(where) == 1
    open_board(app, session)
    text = " ".join(drawn_texts(app, monkeypatch, board_drawing))
    cell = next(iter(where))
    name = f"{chr(ord('A') + cell % 6)}{cell // 6 + 1}"
    assert f"known to be at {name}" in text
    assert "last seen" not in text


def _moves(st, burn) -> bool:
    from game.finding.ocean import step

    return step(st.size, st.pos[1], burn["direction"]) is not None


def test_after_a_hidden_move_the_panel_says_last_known_not_known(app, monkeypatch):
    """The dive (a hidden first move) is the newest entry: the place before it is where the
    submarine was, not where it is."""
    session = ana_and_a_silent_bot()
    st = session.state
    while not (st.phase == "start" and st.decision().players == (1,)):
        d = st.decision()
        session.apply(st.legal_actions(d.players[0])[0])
    start = st.pos[1]
    session.apply(st.legal_actions(1)[0])  # Kleito dives: the newest entry is his move
    assert len(st.possible_positions(0, 1)) > 1
    open_board(app, session)
    text = " ".join(drawn_texts(app, monkeypatch, board_drawing))
    name = f"{chr(ord('A') + start % 6)}{start // 6 + 1}"
    assert f"last known at {name} (round 0)" in text and "known to be at" not in text.replace(
        "last known", ""
    )
