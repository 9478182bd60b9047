"""The setup screen offers Guards of Atlantis by mouse (its registration makes it known to the
shell, as every game's does): open the game drop-down, pick it, choose
the players, Start, and the Guards board opens on hero selection."""

from __future__ import annotations

import pytest
from conftest import click, frames, open_scene, pick, type_text
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
    pick(app, scene.option_menus["board"], "Sunken Causeway (one lane)")
    assert scene.option_values["board"] == "one_lane"
    click(app, scene.start_btn)
    frames(app, 3)
    board = app.stack.scenes[0]
    assert isinstance(board, GuardsBoard)
    assert board.session.record.game == "guards" and len(board.session.seats) == 4
    assert board.view.phase == "select" and board.view.board == "one_lane"


def test_the_board_options_read_as_words_not_ids(app):
    scene = SetupScene(app)
    open_scene(app, scene)
    pick(app, scene.game_menu, "Guards of Atlantis")
    click(app, scene.option_menus["board"])
    entries = scene.option_menus["board"].current_state.options_selection_list.item_list
    shown = [i["text"] for i in entries]
    assert shown == ["By the players", "Sunken Causeway (one lane)", "Twin Currents (two lanes)"]
    assert not any("_" in t for t in shown)


def test_the_setup_remembers_the_last_games_options_and_names(app, quiet_bots):
    scene = SetupScene(app)
    open_scene(app, scene)
    pick(app, scene.game_menu, "Guards of Atlantis")
    pick(app, scene.count_menu, "4")
    pick(app, scene.option_menus["board"], "Sunken Causeway (one lane)")
    pick(app, scene.option_menus["towers"], "3 towers")
    type_text(app, scene.rows[0].name, "Marta")
    type_text(app, scene.rows[2].name, "Ilias")
    teams = [row.team for row in scene.rows]
    click(app, scene.start_btn)
    frames(app, 3)
    assert isinstance(app.stack.scenes[0], GuardsBoard)
    # a new setup screen (the same program, and a fresh one reading the settings file)
    for fresh in (False, True):
        if fresh:
            from game.core.storage import Settings

            app.settings = Settings.load()[0]
        again = SetupScene(app)
        open_scene(app, again)
        assert again.spec.game_id == "guards"
        assert again.game_menu.selected_option[0] == "Guards of Atlantis"
        assert len(again.rows) == 4 and [r.team for r in again.rows] == teams
        assert again.rows[0].name.get_text() == "Marta" and again.rows[2].name.get_text() == "Ilias"
        assert again.option_values["board"] == "one_lane" and again.option_values["towers"] == "3"
        assert again.option_menus["towers"].selected_option[0] == "3 towers"


def test_a_damaged_memory_of_the_last_setup_is_ignored(app):
    app.settings.last_setup = {
        "game": "guards",
        "games": {"guards": {"options": {"board": "moon", "towers": 7}, "seats": [{"name": 3}]}},
    }
    scene = SetupScene(app)
    open_scene(app, scene)
    assert scene.spec.game_id == "guards"
    assert scene.option_values["board"] == "auto" and scene.option_values["towers"] == "off"
    assert len(scene.rows) == 2
