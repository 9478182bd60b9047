"""The setup screen at a large text size: when the game's words no longer fit two panels side
by side, it shows one panel at a time over the whole width (a page button between them, a page
per team in a team game). Every control is used through real mouse events via App.step."""

from __future__ import annotations

import pytest
from conftest import click, open_scene, pick

from scenes import assets
from scenes.setup_scene import SetupScene


@pytest.fixture(autouse=True)
def _reset_sizing():
    yield
    assets.set_text_sizing(assets.TextSizing())


def _setup(app, game: str, scale: float) -> SetupScene:
    from scenes.game_ui import register_game_ui
    from scenes.guards import registration

    register_game_ui(registration.UI)
    app.settings.ui_scale = scale
    app.apply_ui_scale()
    app.settings.last_setup = {"game": game}
    scene = SetupScene(app)
    open_scene(app, scene)
    assert scene.spec is not None and scene.spec.game_id == game
    return scene


def _shown(el) -> bool:  # noqa: ANN001
    return bool(el.visible)


def test_at_text_size_two_the_game_and_the_seats_take_turns_on_the_whole_width(app):
    scene = _setup(app, "rising", 2.0)
    assert scene.paged and scene.page == "game"
    assert _shown(scene.count_menu) and _shown(scene.option_menus["difficulty"])
    assert not any(_shown(el) for row in scene.rows for el in row.widgets())
    assert scene.page_btn.text == "Seats »"
    click(app, scene.page_btn)
    assert scene.page == "seats" and scene.page_btn.text == "« The game"
    assert all(_shown(el) for row in scene.rows for el in row.widgets())
    assert not _shown(scene.count_menu) and not _shown(scene.game_menu)
    # the seats' widgets work where they now are: a bot's level picked by the mouse
    pick(app, scene.rows[1].kind, "Bot · hard")
    assert scene.rows[1].kind_value == "Bot · hard"
    click(app, scene.page_btn)
    assert scene.page == "game" and _shown(scene.count_menu)
    assert not any(_shown(el) for row in scene.rows for el in row.widgets())
    # the choice made on the seats' page is kept while the pages turn
    assert scene.seats()[1].level == "hard"


def test_at_the_designed_size_both_panels_show_side_by_side(app):
    scene = _setup(app, "rising", 1.0)
    assert not scene.paged and scene.page_btn is None
    assert _shown(scene.count_menu)
    assert all(_shown(el) for row in scene.rows for el in row.widgets())


def test_a_team_game_at_text_size_two_has_a_page_per_team(app):
    scene = _setup(app, "guards", 2.0)
    assert scene.paged and scene.page_btn.text == "The Titans »"
    click(app, scene.page_btn)
    assert scene.page == "team0" and scene.page_btn.text == "The Atlanteans »"
    titans = [r for r in scene.rows if r.team == 0]
    others = [r for r in scene.rows if r.team != 0]
    assert titans and others
    assert all(_shown(r.name) for r in titans) and not any(_shown(r.name) for r in others)
    click(app, scene.page_btn)
    assert scene.page == "team1"
    assert all(_shown(r.name) for r in others) and not any(_shown(r.name) for r in titans)
    click(app, scene.page_btn)
    assert scene.page == "game" and _shown(scene.count_menu)
