"""Whole games of Finding Atlantis through the board scene: U-Bots alone, and a person by mouse.

The bots think inline (same answers, no processes); the person's moves are chosen by an easy
U-Bot reading that person's own view and then made with the mouse on the board's cards,
compass rose, chart and dialogs, through ``App.step``.
"""

from __future__ import annotations

import time

import pytest
from conftest import frames
from finding_ui import answer_handoffs, claim, do, open_board, settle, spy

from ai.bots import make_bot
from ai.runner import BotRunner
from game.core.saves import Seat
from scenes.finding.results import FindingResults
from scenes.session import GameSession


def bot_game(size: str, mode: str, monsters: str, n: int, seed: int) -> GameSession:
    return GameSession.new(
        "finding",
        [Seat(f"U{i}", "bot", "easy") for i in range(n)],
        {"size": size, "mode": mode, "monsters": monsters},
        seed=seed,
        runner_factory=lambda: BotRunner(mode="inline"),
        pace_s=0.0,
    )


def run_to_results(app, board, limit: int = 20000) -> None:
    for _ in range(limit):
        if isinstance(app.stack.top, FindingResults):
            return
        frames(app, 1)
    raise AssertionError("the game did not reach its results screen")


@pytest.mark.parametrize(
    "size,mode,monsters,n,speed",
    [
        ("6", "classic", "sleepy", 3, "4x"),
        ("8", "classic", "hunting", 2, "instant"),
        ("6", "pirate", "hunting", 4, "instant"),
    ],
    ids=["6x6", "8x8-hunting", "6x6-pirate"],
)
def test_u_bots_play_a_whole_game_through_the_board(app, size, mode, monsters, n, speed):
    app.settings.animation_speed = speed
    session = bot_game(size, mode, monsters, n, seed=11)
    moves = spy(session)
    board = open_board(app, session)
    played = []
    real = board.anim.add
    board.anim.add = lambda anim, **kw: (played.append(anim.kind), real(anim, **kw))
    run_to_results(app, board)
    assert session.is_over and moves
    # nobody's private chart was ever on screen: no person plays, so the table's view is up
    assert board.viewer is None
    lines = board.voice.lines_for(None)
    assert len(lines) == 2 and all(lines)
    if speed == "4x":
        assert "ping" in played or "rod" in played  # readings were animated
    results = app.stack.top
    assert results.routes and all(len(r) >= 1 for r in results.routes)
    frames(app, 2)  # the true map and each chart draw


def test_a_person_plays_a_whole_game_by_mouse_against_u_bots(app):
    app.settings.animation_speed = "instant"
    session = GameSession.new(
        "finding",
        [Seat("Ana"), Seat("Kleito", "bot", "easy")],
        {"size": "6"},
        seed=5,
        runner_factory=lambda: BotRunner(mode="inline"),
        pace_s=0.0,
    )
    moves = spy(session)
    board = open_board(app, session)
    me = make_bot("finding", "easy", 99)
    mine = 0
    for _ in range(4000):
        if session.is_over:
            break
        answer_handoffs(app)
        if session.current_human() == 0 and board.human == 0:
            settle(app, board)
            view = session.state.view(0)
            action = me.choose(view, 0, time.monotonic() + 5)
            before = len(session.record.actions)
            if action.kind == "claim":
                claim(app, board, whole_claim(session, me, action))
            else:
                do(app, board, action)
            assert len(session.record.actions) > before, f"{action} was not made"
            mine += 1
        else:
            frames(app, 1)
    assert session.is_over, "the game did not end"
    assert mine > 5
    assert all(a in moves for a in session.record.actions)
    run_to_results(app, board)


def whole_claim(session, bot, first) -> list[int]:
    """Every space the person's bot would name, starting with ``first`` (worked out on a copy
    of the game, so the board sends the whole claim at once as a person does)."""
    copy = session.state.clone()
    cells = []
    action = first
    while True:
        cells.append(action["cell"])
        copy.apply(action)
        if copy.phase != "claim":
            return cells
        action = bot.choose(copy.view(0), 0, time.monotonic() + 5)
