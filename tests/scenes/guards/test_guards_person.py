"""A person plays Guards of Atlantis by mouse, start to finish: hero pick, placement, cards,
the action buttons, hexes, a fast travel, a defence, level-ups; and two people sharing one
screen, with a hand-off before each private step.

The person's moves come from the scripted player (tests/scenes/guards/scripted.py) reading that
person's own view; each is then made with clicks through ``App.step``. The seed is found by
playing the same seats headless first, so the events the test needs happen in that game.
"""

from __future__ import annotations

from conftest import frames
from guards_ui import answer_handoffs, do, guards_shown, open_board, settle, spy  # noqa: F401
from scripted import ScriptedRunner, headless_game, plan

from game.core.saves import Seat
from scenes.guards.board import GuardsBoard
from scenes.guards.results import GuardsResults
from scenes.handoff_scene import HandoffScene
from scenes.session import GameSession


def find_seed(seats, options, person_seats, tries: int = 30) -> int:
    """The first seed whose headless game has a person defend, level up and fast travel."""
    for seed in range(1, tries + 1):
        _, log = headless_game([Seat(s.name, s.kind, s.level) for s in seats], options, seed)
        mine = [a for p, a, _ in log if p in person_seats]
        if (any(a.kind == "defend" and a["card"] for a in mine)
                and any(a.kind == "level" and a["card"] for a in mine)
                and any(a.kind == "fast" for a in mine)):  # fmt: skip
            return seed
    raise AssertionError("no seed gives a defence, a level-up and a fast travel")


def play_by_mouse(app, session: GameSession, limit: int = 200000) -> dict[str, int]:
    """Run the game, answering hand-offs and making every person's move by clicks."""
    board = open_board(app, session)
    seen = {"handoffs": 0, "defence_prompts": 0}
    for _ in range(limit):
        top = app.stack.top
        if isinstance(top, GuardsResults):
            return seen
        if isinstance(top, HandoffScene):
            seen["handoffs"] += answer_handoffs(app)
            continue
        if top is board and board.human is not None and not board.animating():
            settle(app, board)
            if board.human is None or app.stack.top is not board:
                continue
            seat = board.human
            action = plan(session.state.view(seat), seat)  # a move: its kind and hex at once
            if board.kind == "defend":
                seen["defence_prompts"] += 1
                assert "attacked" in board._ask_lines()[0] or "throw away" in board._ask_lines()[0]
                # the defender's own screen (behind a hand-off when several people play)
                assert session.viewer() == seat and board.shown_heroes() == tuple(
                    session.state.seat_heroes[seat]
                )
            before = len(session.record.actions)
            do(app, board, action)
            assert action in session.record.actions[before:], (action, board.notice)
            continue
        frames(app, 1)
    raise AssertionError("the game did not reach its results screen")


def test_a_person_plays_a_whole_game_by_mouse(app):
    app.settings.animation_speed = "instant"
    seats = [Seat("Ana"), Seat("Bot", "bot", "random")]
    opts = {"board": "one_lane"}
    seed = find_seed(seats, opts, {0})
    session = GameSession.new("guards", seats, opts, seed=seed,
                              runner_factory=lambda: ScriptedRunner(), pace_s=0.0)  # fmt: skip
    moves = spy(session)
    seen = play_by_mouse(app, session)
    assert session.is_over
    mine = [a for a in moves if a.player == 0]
    assert any(a.kind == "defend" and a["card"] for a in mine)
    assert any(a.kind == "level" and a["card"] for a in mine)
    assert any(a.kind == "fast" for a in mine)
    assert any(a.kind == "pick" for a in mine) and any(a.kind == "place" for a in mine)
    assert seen["defence_prompts"] >= 1
    assert seen["handoffs"] == 0  # one person: nobody to hand the screen to


def test_two_people_share_the_screen_on_the_two_lane_board(app):
    app.settings.animation_speed = "instant"
    seats = [Seat("Ana"), Seat("Bo"), Seat("Bot1", "bot", "random"), Seat("Bot2", "bot", "random")]
    opts = {"board": "two_lane"}
    seed = find_seed(seats, opts, {0, 1})
    session = GameSession.new("guards", seats, opts, seed=seed,
                              runner_factory=lambda: ScriptedRunner(), pace_s=0.0)  # fmt: skip
    moves = spy(session)
    seen = play_by_mouse(app, session)
    assert session.is_over
    assert seen["handoffs"] > 0
    people = [a for a in moves if a.player in (0, 1)]
    assert {a.player for a in people if a.kind == "play"} == {0, 1}
    assert any(a.kind == "defend" and a["card"] for a in people)
    assert any(a.kind == "fast" for a in people)
    assert isinstance(app.stack.top, GuardsResults)
    _ = GuardsBoard
