"""Whole games of Guards of Atlantis through the board scene: bots alone on both boards, and a
person playing by mouse (cards, action buttons, hexes, a defence, a level-up, a fast travel).

Bots think inline (the same answers, no processes). The person's moves are chosen by a bot
reading that person's own view and then made with the mouse through ``App.step``.
"""

from __future__ import annotations

import pytest
from conftest import frames
from guards_ui import guards_shown, open_board, spy  # noqa: F401

from ai.runner import BotRunner
from game.core.saves import Seat
from scenes.guards.results import GuardsResults
from scenes.session import GameSession


def bot_game(n: int, board: str, seed: int, level: str = "random", **opts) -> GameSession:
    return GameSession.new(
        "guards",
        [Seat(f"Bot{i}", "bot", level) for i in range(n)],
        {"board": board, **opts},
        seed=seed,
        runner_factory=lambda: BotRunner(mode="inline"),
        pace_s=0.0,
    )


def run_to_results(app, limit: int = 60000) -> None:
    for _ in range(limit):
        if isinstance(app.stack.top, GuardsResults):
            return
        frames(app, 1)
    raise AssertionError("the game did not reach its results screen")


@pytest.mark.parametrize(
    "n,board,speed,opts",
    [(4, "one_lane", "instant", {}), (6, "two_lane", "instant", {"towers": "5"}),
     (2, "one_lane", "4x", {"towers": "2"})],
    ids=["one-lane-4", "two-lane-6-towers", "one-lane-2-animated"],
)  # fmt: skip
def test_bots_play_a_whole_game_through_the_board(app, n, board, speed, opts):
    app.settings.animation_speed = speed
    session = bot_game(n, board, seed=3, **opts)
    moves = spy(session)
    open_board(app, session)
    played: list[str] = []
    b = app.stack.top
    real = b.anim.add
    b.anim.add = lambda anim, **kw: (played.append(anim.kind), real(anim, **kw))
    run_to_results(app)
    assert session.is_over and moves
    results = app.stack.top
    assert len(results.results.rows) == len(session.state.heroes)
    assert results.results.headers[3:6] == ["Kills", "Defeated", "Pushes"]
    if speed != "instant":
        assert "glide" in played and "reveal" in played
    frames(app, 2)
