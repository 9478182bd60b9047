"""Choosing councilors on the setup screen (issue 29), by mouse through ``App.step``: each seat
row of a Rising game has a councilor drop-down whose entries explain the ability, a councilor
goes to one seat only, bots pick for themselves, and the choice is saved, remembered and
replayed by Continue after a restart."""

from __future__ import annotations

import pygame
import pytest
from conftest import click, frames, open_scene, pick, type_text

from game.core import storage
from game.rising.councilors import BOT_PREFERENCE, COUNCILOR_INDEX, COUNCILORS, assign
from scenes.rising.board import RisingBoard
from scenes.rising.log_panel import by_councilor, humanize
from scenes.setup_scene import SetupScene
from scenes.title_scene import TitleScene


@pytest.fixture
def quiet_bots(monkeypatch):
    from ai.runner import BotRunner
    from scenes import session as session_mod

    monkeypatch.setattr(session_mod, "default_runner", lambda: BotRunner(mode="inline"))


def _rising_setup(app, seats: str = "3") -> SetupScene:
    scene = SetupScene(app)
    open_scene(app, scene)
    if scene.spec.game_id != "rising":
        pick(app, scene.game_menu, "Atlantis Rising")
    if scene.count_menu.selected_option[0] != seats:
        pick(app, scene.count_menu, seats)
    return scene


def _shown(row) -> str:
    return row.role.selected_option[0]


def _hover(app, element) -> None:
    from conftest import on_window

    pos = on_window(app, element)
    motion = pygame.event.Event(
        pygame.MOUSEMOTION, {"pos": pos, "rel": (0, 0), "buttons": (0, 0, 0)}
    )
    app.step([motion], 1 / 60)
    frames(app, 2)


def test_a_person_picks_the_scholar_for_seat_2_and_continue_after_a_restart_replays_it(
    app, quiet_bots
):
    scene = _rising_setup(app)
    pick(app, scene.rows[1].kind, "Human")
    pick(app, scene.rows[1].role, "Scholar")
    assert _shown(scene.rows[1]) == "Scholar" and scene.rows[1].role_value == "scholar"
    assert "plays the Scholar" in scene.role_note and COUNCILORS[2].text in scene.role_note
    click(app, scene.start_btn)
    frames(app, 3)
    board = app.stack.scenes[0]
    assert isinstance(board, RisingBoard)
    state = board.session.state
    assert state.councilor[1] == COUNCILOR_INDEX["scholar"]
    assert state.player_name(1) == "the Scholar"
    saved = storage.read_save(storage.autosave_path("rising"))
    assert saved.options["councilors"].split(",")[1] == "scholar"
    assert saved.replay().councilor == state.councilor
    played = board.session.state.fingerprint()
    # a restart: a new program reads the autosave and Continue replays it
    from scenes.app import App

    again = App(headless=True, seed=3)
    try:
        title = TitleScene(again)
        open_scene(again, title)
        click(again, title.continue_btn)
        frames(again, 2)
        resumed = again.stack.top
        assert isinstance(resumed, RisingBoard)
        assert resumed.session.state.councilor[1] == COUNCILOR_INDEX["scholar"]
        assert resumed.session.state.fingerprint() == played
    finally:
        again.stack.clear()
        again.stack.apply_pending()


def test_a_councilor_another_seat_has_is_refused_with_the_reason(app):
    scene = _rising_setup(app)
    type_text(app, scene.rows[0].name, "Ana")
    before = scene.rows[1].role_value
    pick(app, scene.rows[1].role, "Explorer")  # seat 1 plays the Explorer
    assert scene.rows[1].role_value == before and scene.rows[0].role_value == "explorer"
    assert _shown(scene.rows[1]) != "Explorer"
    assert "already Ana (seat 1)'s" in scene.role_note
    # the list says whose it is before anyone clicks
    click(app, scene.rows[2].role)
    entries = scene.rows[2].role.current_state.options_selection_list.item_list
    explorer = next(i["button_element"] for i in entries if i["text"] == "Explorer")
    frames(app, 1)
    assert "Taken by Ana (seat 1)" in explorer.tool_tip_text


def test_each_entry_explains_its_ability_while_choosing(app):
    scene = _rising_setup(app)
    # asked on the seats' rows only, not with the game's options
    assert "councilors" not in scene.option_menus and "councilors" not in scene.option_toggles
    click(app, scene.rows[0].role)
    entries = scene.rows[0].role.current_state.options_selection_list.item_list
    shown = [i["text"] for i in entries]
    assert shown == [c.name for c in COUNCILORS] + ["Random deal"]  # a person has no bot pick
    frames(app, 1)
    for item in entries:
        tip = item["button_element"].tool_tip_text
        assert tip and (
            item["text"] == "Random deal"
            or tip.startswith(next(c.text for c in COUNCILORS if c.name == item["text"]))
        )
    priest = next(i["button_element"] for i in entries if i["text"] == "Priest")
    _hover(app, priest)
    assert "Priest" in scene.role_note and COUNCILORS[3].text in scene.role_note
    frames(app, 20, dt=0.1)  # the tooltip's delay
    tip = priest.tool_tip
    assert tip is not None and COUNCILORS[3].text in priest.tool_tip_text
    # beside the open list, never over the entries a person is choosing from
    assert not tip.rect.colliderect(scene.rows[0].role.current_state.options_selection_list.rect)


def test_bots_choose_for_themselves_and_a_random_deal_comes_from_the_seed(app, quiet_bots):
    scene = _rising_setup(app, "4")
    bots = [r for r in scene.rows if r.kind_value != "Human"]
    assert bots and all(_shown(r) == "Bot's choice" for r in bots)
    pick(app, scene.rows[0].role, "Random deal")
    pick(app, scene.rows[1].role, "Random deal")
    type_text(app, scene.seed_entry, "77")
    click(app, scene.start_btn)
    frames(app, 3)
    state = app.stack.scenes[0].session.state
    choices = ["random", "random", "bot", "bot"]
    assert state.councilor == assign(choices, 4, 77)
    assert (
        state.councilor[2]
        == COUNCILOR_INDEX[
            next(k for k in BOT_PREFERENCE if COUNCILOR_INDEX[k] not in state.councilor[:2])
        ]
    )


def test_the_setup_remembers_each_seats_councilor(app, quiet_bots):
    scene = _rising_setup(app)
    pick(app, scene.rows[0].role, "Champion")
    pick(app, scene.rows[2].role, "Artificer")
    click(app, scene.start_btn)
    frames(app, 3)
    again = SetupScene(app)
    open_scene(app, again)
    assert again.spec.game_id == "rising"
    assert [r.role_value for r in again.rows] == ["champion", "bot", "artificer"]
    assert [_shown(r) for r in again.rows] == ["Champion", "Bot's choice", "Artificer"]


def test_the_log_names_the_person_who_plays_each_councilor():
    names = by_councilor(["Ana", "Bo"], [COUNCILOR_INDEX["scholar"], COUNCILOR_INDEX["explorer"]])
    said = humanize("The Explorer hands 1 ore to the Scholar.", names)
    assert said == "Bo (Explorer) hands 1 ore to Ana (Scholar)."
    assert humanize("The Emissary waits.", names) == "The Emissary waits."


def test_a_councilor_brings_the_colour_of_its_title_when_no_other_seat_has_it(app):
    scene = _rising_setup(app, "2")
    assert [r.colour_value for r in scene.rows] == ["orange", "blue"]
    pick(app, scene.rows[1].role, "Scholar")
    assert scene.rows[1].colour_value == "green"
    assert scene.rows[1].colour.selected_option[0] == "green"
    pick(app, scene.rows[0].colour, "purple")
    pick(app, scene.rows[1].role, "Priest")  # purple is seat 1's now: seat 2 stays green
    assert scene.rows[1].role_value == "priest" and scene.rows[1].colour_value == "green"


def test_who_plays_a_seat_changes_what_its_councilor_list_offers(app):
    scene = _rising_setup(app)
    row = scene.rows[1]
    assert row.kind_value != "Human" and row.role_value == "bot"
    pick(app, row.kind, "Human")  # a person has no bot's pick: the first councilor left
    assert row.role_value == "emissary" and _shown(row) == "Emissary"
    pick(app, row.role, "Priest")
    pick(app, row.kind, "Bot · easy")  # a bot keeps the councilor chosen for it
    assert row.role_value == "priest"
    click(app, row.role)
    entries = row.role.current_state.options_selection_list.item_list
    assert [i["text"] for i in entries][0] == "Bot's choice"
