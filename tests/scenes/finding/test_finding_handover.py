"""Hot-seat: after your turn your own screen stays up, with what the device told you, until
you pass the device; then the hand-off screen covers it at once."""

from __future__ import annotations

import pygame
from board_ui import drawn_texts
from conftest import click, frames, key
from finding_ui import do, open_board, press, settle

from game.core.saves import Seat
from scenes.finding import board_drawing
from scenes.handoff_scene import HandoffScene
from scenes.session import GameSession


def _two_people(app):
    session = GameSession.new(
        "finding",
        [Seat("Ana", colour="yellow"), Seat("Bo", colour="red")],
        {"size": "6"},
        seed=5,
        pace_s=0.0,
        autosave=False,
    )
    board = open_board(app, session)
    return session, board


def _play_until(app, session, board, done, what: str) -> None:
    """Answer hand-offs, pass lingering screens and make each person's first offered move
    until ``done()`` (a person's decision is on screen for them)."""
    for _ in range(400):
        top = app.stack.top
        if isinstance(top, HandoffScene):
            frames(app, 2)
            click(app, top.ready)
            continue
        if session.lingering is not None:
            key(app, pygame.K_RETURN)
            continue
        if done():
            settle(app, board)
            return
        p = session.current_human()
        if p is not None and board.human == p:
            settle(app, board)
            do(app, board, session.state.legal_actions(p)[0])
        else:
            frames(app, 1)
    raise AssertionError(f"never reached {what}")


def _to_anas_turn(app, session, board) -> None:
    _play_until(
        app,
        session,
        board,
        lambda: session.state.phase == "play" and board.human == 0 and board.kind == "turn",
        "Ana's turn",
    )


def test_your_results_stay_up_until_you_pass_and_then_the_curtain_comes_at_once(app, monkeypatch):
    session, board = _two_people(app)
    _to_anas_turn(app, session, board)
    settle(app, board)
    silent = next(a for a in session.state.legal_actions(0) if a.kind == "silent")
    do(app, board, silent)
    sonar = next(a for a in session.state.legal_actions(0) if a.kind == "sonar")
    do(app, board, sonar)  # her second action: the turn is Bo's now
    assert session.state.seat == 1
    frames(app, 30)  # half a second and more: her screen is still hers
    assert app.stack.top is board and session.viewer() == 0 and session.lingering == 0
    text = " ".join(drawn_texts(app, monkeypatch, board_drawing))
    assert "Your turn is over" in text and "Pass the device" in text
    heard = " ".join(board.voice.lines_for(0, names=board.names))
    assert "You moved" in heard or "Ana's Sonar" in heard  # what the device told her
    # Pass (a click on the button): from then on the board draws nothing of anyone's view
    # (the hand-off screen covers it, and the frame before it comes shows only the sea)
    boards_after: list[int | None] = []
    real = board.draw_board

    def draw_board(surface):
        if session.lingering is None:
            boards_after.append(session.viewer())
        return real(surface)

    monkeypatch.setattr(board, "draw_board", draw_board)
    press(app, board, "pass")
    frames(app, 2)
    assert boards_after == []
    assert session.lingering is None
    assert isinstance(app.stack.top, HandoffScene) and app.stack.top.name == "Bo"


def test_keeping_a_captain_does_not_linger_but_the_first_hidden_move_does(app, monkeypatch):
    session, board = _two_people(app)
    _play_until(app, session, board, lambda: board.human == 0, "Ana's captain")
    do(app, board, next(a for a in session.state.legal_actions(0) if a.kind == "keep"))
    assert session.lingering is None  # nothing to read: the next person may take the device
    _play_until(
        app, session, board, lambda: board.human == 0 and board.kind == "start_move", "her dive"
    )
    do(app, board, next(a for a in session.state.legal_actions(0) if a.kind == "start_move"))
    assert session.lingering == 0
    text = " ".join(drawn_texts(app, monkeypatch, board_drawing))
    assert "Your first move is made" in text


def test_keep_searching_lingers_like_any_other_turn_end(app, monkeypatch):
    session, board = _two_people(app)
    _to_anas_turn(app, session, board)
    st = session.state
    st.pos[0] = min(st.ocean.atlantis)  # set-up: her submarine lies over the city
    do(app, board, next(a for a in st.legal_actions(0) if a.kind == "sonar"))
    do(app, board, next(a for a in st.legal_actions(0) if a.kind == "explore"))
    settle(app, board)
    assert board.kind == "solve"
    do(app, board, next(a for a in st.legal_actions(0) if a.kind == "keep_searching"))
    assert st.seat == 1  # the turn is Bo's
    frames(app, 30)
    assert app.stack.top is board and session.lingering == 0
    text = " ".join(drawn_texts(app, monkeypatch, board_drawing))
    assert "Pass the device" in text
