"""Three people share one screen: every frame of their game is checked for the others' cards.

Each seat's cards are painted in a loud colour of that seat's own (``hand_view.face_colour``),
so counting those colours on the canvas says whose hand is on screen. Every frame: a hand-off
shows no seat's cards; a person's own screen shows only that person's; the table's screen shows
nobody's. The words drawn are checked too: while cards lie face down, no other seat's
committed card is named anywhere, so the reveal is seen only once the engine has made it.
"""

from __future__ import annotations

import pygame
import pytest
from conftest import frames
from guards_ui import answer_handoffs, do, guards_shown, open_board, settle  # noqa: F401
from scripted import ScriptedRunner, plan

from game.core.saves import Seat
from game.guards.cards import COLOURS
from scenes.guards import hand_view, look
from scenes.handoff_scene import HandoffScene
from scenes.session import GameSession

LOUD = [(251, 3, 249), (3, 251, 7), (7, 11, 251), (251, 251, 3)]
MODULES = ("board_drawing", "queue_view", "hand_view", "selection_view", "log_panel", "animations")


def count(surface, colour) -> int:
    return pygame.mask.from_threshold(surface, colour, (2, 2, 2, 255)).count()


@pytest.fixture
def loud(monkeypatch):
    monkeypatch.setattr(
        hand_view, "face_colour", lambda seat: LOUD[seat] if 0 <= seat < 4 else look.CARD_FACE
    )
    written: list[str] = []
    import importlib

    real = look.draw_text

    def spy(surface, text, *a, **kw):
        written.append(str(text))
        return real(surface, text, *a, **kw)

    for name in MODULES:
        mod = importlib.import_module(f"scenes.guards.{name}")
        monkeypatch.setattr(mod, "draw_text", spy)
    return written


def check_frame(app, session, written, settled: bool = True) -> tuple[int | None, bool]:
    """Assert the frame just drawn shows only what its viewer may see; (viewer, hidden held)."""
    canvas = app.canvas
    top = app.stack.top
    state = session.state
    if isinstance(top, HandoffScene):
        allowed = None
    else:
        allowed = session.viewer()
    for seat in range(3):
        n = count(canvas, LOUD[seat])
        if seat == allowed:
            if settled and not isinstance(top, HandoffScene) and state.phase == "play":
                assert n > 0, f"seat {seat} cannot see its own hand"
            continue
        assert n == 0, f"seat {seat}'s cards on the screen of {allowed} ({type(top).__name__})"
    hidden_held = False
    if state.phase == "play":
        mine = set()
        if allowed is not None:
            mine = {state.card_in(h, c).name for h in state.seat_heroes[allowed] for c in COLOURS}
        for h, col in enumerate(state.commit):
            if col is None or state.seat_of[h] == allowed:
                continue
            hidden_held = True
            name = state.card_in(h, col).name
            if name not in mine:
                assert name not in written, f"{name!r} (face down) written on {allowed}'s screen"
    written.clear()
    return allowed, hidden_held


def test_nobody_sees_another_persons_cards(app, loud):
    app.settings.animation_speed = "2x"
    seats = [Seat("Ana"), Seat("Bo"), Seat("Cy"), Seat("Bot", "bot", "random")]
    session = GameSession.new("guards", seats, {"board": "one_lane"}, seed=4,
                              runner_factory=lambda: ScriptedRunner(), pace_s=0.0)  # fmt: skip
    seen_private: set[int] = set()
    seen_while_hidden: set[int | None] = set()
    real_step = app.step

    def step(events, dt):  # every frame drawn is checked right after it is drawn
        before = app.stack.top
        real_step(events, dt)
        viewer, hidden = check_frame(app, session, loud, settled=app.stack.top is before)
        if viewer is not None and not isinstance(app.stack.top, HandoffScene):
            seen_private.add(viewer)
        if hidden:
            seen_while_hidden.add(viewer)

    app.step = step
    board = open_board(app, session)
    handoffs = 0
    for _ in range(60000):
        if session.state.round > 2 or session.is_over:
            break
        top = app.stack.top
        if isinstance(top, HandoffScene):
            handoffs += answer_handoffs(app, 1)
            continue
        if top is board and board.human is not None and not board.animating():
            settle(app, board)
            if board.human is None or app.stack.top is not board:
                continue
            seat = board.human
            do(app, board, plan(session.state.view(seat), seat))
        else:
            frames(app, 1)
    assert session.state.round > 2, "the test played too little to prove anything"
    assert handoffs > 0 and seen_private == {0, 1, 2}
    # frames of each person's screen and of the table's were checked while others held cards
    assert {0, 1, 2, None} <= seen_while_hidden
