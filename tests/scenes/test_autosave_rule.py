"""The autosave rule, as a player meets it, by mouse through App.step.

Each game id keeps its own autosave; Continue resumes the newest unfinished one (or lets the
player pick); Start game asks before replacing an unfinished game of the same kind; an old
single ``autosave.json`` still continues; unreadable autosaves are set aside, never overwritten.
"""

from __future__ import annotations

import json
import os
import time

import pygame
import pygame_gui
from conftest import click, frames, key, open_scene, pick

from game.core import storage
from game.core.saves import GameRecord, Seat
from scenes.load_scene import LoadScene
from scenes.title_scene import TitleScene

TOY = "scenes-toy"


def button_named(scene, text: str) -> pygame_gui.elements.UIButton:
    """The button on ``scene`` whose label is ``text`` (what a player looks for)."""
    found = [
        e
        for e in scene.manager.get_sprite_group().sprites()
        if isinstance(e, pygame_gui.elements.UIButton) and e.text == text
    ]
    assert found, f"no {text!r} button on {type(scene).__name__}"
    return found[0]


def has_button(scene, text: str) -> bool:
    return any(
        isinstance(e, pygame_gui.elements.UIButton) and e.text == text
        for e in scene.manager.get_sprite_group().sprites()
    )


def to_setup(app, title: str):
    """Title -> New game -> pick the game by mouse; returns the setup scene."""
    start = TitleScene(app)
    open_scene(app, start)
    click(app, start.new_btn)
    setup = app.stack.top
    if setup.game_menu.selected_option[0] != title:
        pick(app, setup.game_menu, title)
    return setup


def play_a_move(app) -> None:
    """The toy board: Space dives for the human on turn."""
    key(app, pygame.K_SPACE)
    frames(app, 2)


def start_toy_game(app, moves: int = 1):
    setup = to_setup(app, "Toy Divers")
    click(app, setup.start_btn)
    board = app.stack.top
    assert board.__class__.__name__ == "ToyBoard"
    for _ in range(moves):
        play_a_move(app)
    return board


def start_rising_game(app):
    setup = to_setup(app, "Atlantis Rising")
    click(app, setup.start_btn)
    board = app.stack.top
    assert board.session.record.game == "rising"
    frames(app, 2)
    return board


def autosave_files() -> list[str]:
    return sorted(p.name for p in storage.list_saves() if p.name.startswith("autosave"))


def toy_record(moves: int, **meta) -> GameRecord:
    from game.core.protocol import Action

    record = GameRecord(TOY, {"rounds": "2"}, 5, [Seat("Ana"), Seat("Bo", "bot", "easy")])
    for i in range(moves):
        record.actions.append(Action.make(i % 2, "dive", fathoms=1))
    record.meta.update(meta)
    return record


# --- two kinds, two autosaves -----------------------------------------------------------------
def test_two_games_of_different_kinds_keep_two_autosaves(app, toy_game):
    start_toy_game(app)
    toy_path = storage.autosave_path(TOY)
    toy_bytes = toy_path.read_bytes()
    assert json.loads(toy_bytes)["actions"]
    setup = to_setup(app, "Atlantis Rising")
    click(app, setup.start_btn)
    assert app.stack.top.__class__.__name__ != "ReplaceAutosaveDialog"  # nothing to replace
    assert app.stack.top.session.record.game == "rising"
    frames(app, 2)
    assert toy_path.read_bytes() == toy_bytes  # the toy game is untouched
    assert storage.autosave_path("rising").exists()
    assert autosave_files() == ["autosave-rising.json", "autosave-scenes-toy.json"]


# --- the same kind asks first -----------------------------------------------------------------
def test_a_new_game_of_the_same_kind_asks_and_keep_it_changes_nothing(app, toy_game):
    start_toy_game(app)
    path = storage.autosave_path(TOY)
    before = path.read_bytes()
    setup = to_setup(app, "Toy Divers")
    click(app, setup.start_btn)
    ask = app.stack.top
    assert ask is not setup and ask.modal
    text = ask.message
    assert "Toy Divers" in text and "Player 1" in text and "Euenor" in text
    assert "round 1" in text and "move" in text and "saved just now" in text
    assert "replaces it" in text
    click(app, button_named(ask, "Keep it"))
    assert app.stack.top is setup  # back on the setup screen, nothing started
    assert path.read_bytes() == before
    # Esc also keeps it
    click(app, setup.start_btn)
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is setup and path.read_bytes() == before


def test_start_anyway_replaces_the_unfinished_game(app, toy_game):
    start_toy_game(app, moves=1)
    path = storage.autosave_path(TOY)
    old = json.loads(path.read_text())
    setup = to_setup(app, "Toy Divers")
    click(app, setup.start_btn)
    click(app, button_named(app.stack.top, "Start anyway"))
    board = app.stack.top
    assert board.__class__.__name__ == "ToyBoard" and board.session.record.actions == []
    new = json.loads(path.read_text())
    assert new["actions"] == [] and len(old["actions"]) >= 1
    assert autosave_files() == ["autosave-scenes-toy.json"]


def test_save_it_first_keeps_the_old_game_under_a_name_and_starts(app, toy_game):
    start_toy_game(app, moves=1)
    before = storage.autosave_path(TOY).read_bytes()
    setup = to_setup(app, "Toy Divers")
    click(app, setup.start_btn)
    ask = app.stack.top
    click(app, button_named(ask, "Save it first"))
    board = app.stack.top
    assert board.__class__.__name__ == "ToyBoard" and board.session.record.actions == []
    kept = [p for p in storage.list_saves() if not storage.is_autosave(p)]
    assert len(kept) == 1 and kept[0].read_bytes() == before
    assert kept[0].stem in ask.message  # the dialog named the save it writes
    load = LoadScene(app)
    open_scene(app, load)
    assert any(e.label.startswith(kept[0].stem) for e in load.entries)


def test_a_finished_game_is_replaced_without_asking(app, toy_game):
    setup = to_setup(app, "Toy Divers")
    pick(app, setup.option_menus["rounds"], "1")
    click(app, setup.start_btn)
    session = app.stack.top.session
    play_a_move(app)  # the human dives; then the bot ends the one round
    for _ in range(600):
        if session.is_over:
            break
        frames(app, 1)
    assert session.is_over
    assert json.loads(storage.autosave_path(TOY).read_text())["meta"]["finished"] is True
    setup = to_setup(app, "Toy Divers")
    click(app, setup.start_btn)
    assert app.stack.top.__class__.__name__ == "ToyBoard"
    assert app.stack.top.session.record.actions == []


def test_a_game_nobody_has_moved_in_yet_is_replaced_without_asking(app, toy_game):
    start_toy_game(app, moves=0)
    assert [p.name for p in storage.list_autosaves()] == ["autosave-scenes-toy.json"]
    setup = to_setup(app, "Toy Divers")
    click(app, setup.start_btn)
    assert app.stack.top.__class__.__name__ == "ToyBoard"


# --- Continue ---------------------------------------------------------------------------------
def test_continue_resumes_the_newest_and_offers_the_choice(app, toy_game):
    start_rising_game(app)
    start_toy_game(app, moves=1)
    now = time.time()
    os.utime(storage.autosave_path("rising"), (now - 600, now - 600))
    os.utime(storage.autosave_path(TOY), (now - 60, now - 60))
    title = TitleScene(app)
    open_scene(app, title)
    assert title.continue_btn.is_enabled
    assert "own autosave" in title.continue_btn.tool_tip_text
    click(app, title.continue_btn)
    chooser = app.stack.top
    assert chooser is not title and chooser.modal
    labels = [b.text for b in chooser.choices]
    assert labels[0].startswith("Toy Divers") and "1 minute ago" in labels[0]
    assert labels[1].startswith("Atlantis Rising") and "10 minutes ago" in labels[1]
    key(app, pygame.K_RETURN)  # Enter takes the newest
    resumed = app.stack.top
    assert resumed.session.record.game == TOY and len(resumed.session.record.actions) >= 1
    # and the older one is still there to pick by mouse
    title = TitleScene(app)
    open_scene(app, title)
    click(app, title.continue_btn)
    click(app, button_named(app.stack.top, app.stack.top.choices[1].text))
    assert app.stack.top.session.record.game == "rising"


def test_one_unfinished_game_continues_straight_away(app, toy_game):
    start_rising_game(app)
    start_toy_game(app, moves=1)
    # the Rising game ends (as the session records it): only the toy game is unfinished
    path = storage.autosave_path("rising")
    data = json.loads(path.read_text())
    data["meta"]["finished"] = True
    path.write_text(json.dumps(data))
    title = TitleScene(app)
    open_scene(app, title)
    click(app, title.continue_btn)
    assert app.stack.top.__class__.__name__ == "ToyBoard"


# --- saves from before --------------------------------------------------------------------------
def test_an_old_autosave_json_still_continues_and_becomes_the_games_autosave(app, toy_game):
    legacy = storage.save_path("autosave")
    storage.atomic_write(legacy, toy_record(1, saved="2026-11-30 20:00").dumps())
    title = TitleScene(app)
    open_scene(app, title)
    assert title.continue_btn.is_enabled and "Toy Divers" in title.continue_btn.tool_tip_text
    click(app, title.continue_btn)
    board = app.stack.top
    assert board.__class__.__name__ == "ToyBoard"
    assert len(board.session.record.actions) == 1
    for _ in range(600):  # seat 1 (a bot) answers at its pace
        if len(board.session.record.actions) > 1:
            break
        frames(app, 1)
    assert not legacy.exists()  # adopted, not duplicated
    saved = json.loads(storage.autosave_path(TOY).read_text())
    assert len(saved["actions"]) >= 2
    assert autosave_files() == ["autosave-scenes-toy.json"]


def test_an_old_unfinished_autosave_json_is_protected_by_the_question(app, toy_game):
    legacy = storage.save_path("autosave")
    storage.atomic_write(legacy, toy_record(1).dumps())
    before = legacy.read_bytes()
    setup = to_setup(app, "Toy Divers")
    click(app, setup.start_btn)
    ask = app.stack.top
    assert ask is not setup and "Ana, Bo" in ask.message
    click(app, button_named(ask, "Keep it"))
    assert app.stack.top is setup and legacy.read_bytes() == before


def test_an_old_autosave_of_another_game_is_left_alone(app, toy_game):
    legacy = storage.save_path("autosave")
    storage.atomic_write(legacy, toy_record(1).dumps())
    before = legacy.read_bytes()
    start_rising_game(app)
    assert legacy.read_bytes() == before
    title = TitleScene(app)
    open_scene(app, title)
    click(app, title.continue_btn)
    assert len(app.stack.top.choices) == 2  # both games can be continued


def test_an_unreadable_old_autosave_is_set_aside_by_the_next_game(app, toy_game):
    legacy = storage.save_path("autosave")
    legacy.parent.mkdir(parents=True, exist_ok=True)
    legacy.write_text("{ damaged", encoding="utf-8")
    title = TitleScene(app)
    open_scene(app, title)
    assert "problem" in title.continue_btn.tool_tip_text
    start_toy_game(app)  # nothing unfinished to replace: no question
    aside = [p for p in storage.list_saves() if ".unreadable-" in p.name]
    assert len(aside) == 1 and aside[0].read_text(encoding="utf-8") == "{ damaged"
    assert not legacy.exists()
    assert [p.name for p in storage.list_autosaves()] == ["autosave-scenes-toy.json"]


# --- loading a named save plays on in its game's autosave -------------------------------------
def _load_by_mouse(app, stem: str) -> LoadScene:
    load = LoadScene(app)
    open_scene(app, load)
    item = next(i for i in load.list.item_list if i["text"].startswith(stem))
    click(app, item["button_element"])
    click(app, load.load_btn)
    return load


def test_loading_another_save_asks_before_replacing_an_unfinished_game(app, toy_game):
    start_toy_game(app, moves=1)
    path = storage.autosave_path(TOY)
    before = path.read_bytes()
    storage.atomic_write(storage.save_path("Other dive"), toy_record(0).dumps())
    load = _load_by_mouse(app, "Other dive")
    ask = app.stack.top
    assert ask is not load and "Player 1, Euenor" in ask.message
    click(app, button_named(ask, "Keep it"))
    assert app.stack.top is load and path.read_bytes() == before
    click(app, load.load_btn)
    click(app, button_named(app.stack.top, "Load anyway"))
    board = app.stack.top
    assert board.__class__.__name__ == "ToyBoard" and board.session.record.seats[0].name == "Ana"


def test_loading_a_save_that_holds_the_whole_unfinished_game_does_not_ask(app, toy_game):
    board = start_toy_game(app, moves=1)
    board.session.save_as("Kept dive")
    _load_by_mouse(app, "Kept dive")
    assert app.stack.top.__class__.__name__ == "ToyBoard"
    # it plays on in the game's own autosave; the named save stays as it was written
    assert [p.name for p in storage.list_autosaves()] == ["autosave-scenes-toy.json"]


def test_an_atlantis_rising_autosave_counts_turns_as_its_board_does():
    """The board says "Turn 2"; the replace question said "round 2" of the same game."""
    import game.rising  # noqa: F401  (registers the game)
    from scenes.autosaves import read_autosave

    record = GameRecord("rising", {}, 5, [Seat("Ana"), Seat("Kleito", "bot", "easy")])
    record.meta["round"] = 2
    path = storage.write_save(record, storage.autosave_slot("rising"))
    where = read_autosave(path).where()
    assert where.startswith("turn 2, ") and "round" not in where


def test_enter_on_the_replace_question_keeps_the_unfinished_game(app, toy_game):
    """The default answer (the main button, and Enter) is the safe one: Keep it."""
    start_toy_game(app, moves=1)
    path = storage.autosave_path(TOY)
    before = path.read_bytes()
    setup = to_setup(app, "Toy Divers")
    click(app, setup.start_btn)
    ask = app.stack.top
    assert ask.keep_btn.get_class_ids()[-1] == "@primary_button"
    assert ask.start_btn.get_class_ids()[-1] != "@primary_button"
    key(app, pygame.K_RETURN)
    assert app.stack.top is setup and path.read_bytes() == before
