"""A Guards game is autosaved as it is played, and the title's Continue brings back the same
position on the Guards board."""

from __future__ import annotations

from conftest import click, frames, open_scene
from guards_ui import do, guards_shown, open_board, settle  # noqa: F401
from scripted import ScriptedRunner, choose

from game.core.saves import Seat
from scenes.guards.board import GuardsBoard
from scenes.session import GameSession


def test_continue_from_the_title_lands_on_the_same_guards_position(app):
    session = GameSession.new(
        "guards",
        [Seat("Ana"), Seat("Bot", "bot", "random")],
        {"board": "one_lane"},
        seed=4,
        pace_s=0.0,
        runner_factory=lambda: ScriptedRunner(),
    )
    board = open_board(app, session)
    made = 0
    for _ in range(200):  # a few of the person's moves by mouse: picks, entry, a card
        settle(app, board)
        if session.current_human() == 0 and board.human == 0:
            do(app, board, choose(session.state.view(0), 0))
            made += 1
            if made >= 4 and session.state.phase in ("play", "resolve"):
                break
        else:
            frames(app, 1)
    assert made >= 4 and session.state.phase in ("play", "resolve")
    moves = list(session.record.actions)
    shown = board.view.to_json() if hasattr(board.view, "to_json") else None
    from scenes.title_scene import TitleScene

    open_scene(app, TitleScene(app))  # back to the title (the board closes, the save stays)
    assert app.stack.top.continue_btn.is_enabled
    click(app, app.stack.top.continue_btn)
    frames(app, 3)
    board2 = app.stack.scenes[0]
    assert isinstance(board2, GuardsBoard) and board2 is not board
    assert board2.session.record.actions == moves
    if shown is not None:
        assert board2.session.state.view(0).to_json() == shown
    assert board2.session.state.round == session.state.round
    assert board2.session.state.turn == session.state.turn
