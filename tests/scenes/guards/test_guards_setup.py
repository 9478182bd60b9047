"""The setup screen offers Guards of Atlantis by mouse (its registration makes it known to the
shell, as every game's does): open the game drop-down, pick it, choose
the players, Start, and the Guards board opens on hero selection."""

from __future__ import annotations

import pytest
from conftest import click, frames, open_scene, pick
from guards_ui import guards_shown  # noqa: F401

from scenes.boards import playable_games, why_not_playable
from scenes.guards.board import GuardsBoard
from scenes.setup_scene import SetupScene


@pytest.fixture
def quiet_bots(monkeypatch):
    from ai.runner import BotRunner
    from scenes import session as session_mod

    monkeypatch.setattr(session_mod, "default_runner", lambda: BotRunner(mode="inline"))


def test_the_setup_screen_offers_guards_and_starts_its_board(app, quiet_bots):
    assert why_not_playable("guards") is None
    assert "guards" in [g.game_id for g in playable_games()]
    scene = SetupScene(app)
    open_scene(app, scene)
    pick(app, scene.game_menu, "Guards of Atlantis")
    assert scene.spec.game_id == "guards"
    pick(app, scene.count_menu, "4")
    assert len(scene.rows) == 4
    pick(app, scene.option_menus["board"], "one_lane")
    assert scene.option_values["board"] == "one_lane"
    click(app, scene.start_btn)
    frames(app, 3)
    board = app.stack.scenes[0]
    assert isinstance(board, GuardsBoard)
    assert board.session.record.game == "guards" and len(board.session.seats) == 4
    assert board.view.phase == "select" and board.view.board == "one_lane"
