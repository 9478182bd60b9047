"""Every pygame-gui widget on every screen answers a real mouse and keyboard through App.step.

Drop-downs are opened by a click and an entry is clicked (``pick``), lists are clicked and
double-clicked, the volume slider is dragged by its handle, text boxes are clicked into and
typed in with KEYDOWN/TEXTINPUT. Each test then checks what a player would see: the seats, the
saved setting shown again, the help page, the loaded game, the name used. No pygame-gui result
event is posted by hand here.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pygame
import pytest
from conftest import (
    click,
    double_click,
    drag,
    frames,
    key,
    list_button,
    open_scene,
    pick,
    save_by_name,
    type_text,
)
from scene_toy import GAME_ID, FakeRunner, ToyBoard

from game.core import storage
from game.core.saves import Seat
from game.core.storage import Settings
from scenes.dialogs import MessageDialog
from scenes.handoff_scene import HandoffScene
from scenes.help_scene import HelpScene
from scenes.load_scene import LoadScene
from scenes.pause_scene import PauseScene
from scenes.session import GameSession
from scenes.settings_scene import SettingsScene
from scenes.setup_scene import KINDS, SetupScene
from scenes.title_scene import TitleScene

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def quiet_bots(monkeypatch):
    """Bots of a started Rising game answer in-line (no process is spawned for a setup test)."""
    from ai.runner import BotRunner
    from scenes import session as session_mod

    monkeypatch.setattr(session_mod, "default_runner", lambda: BotRunner(mode="inline"))


def _rising(app) -> SetupScene:
    scene = SetupScene(app)
    open_scene(app, scene)
    assert scene.spec is not None and scene.spec.game_id == "rising"
    return scene


# --- setup ------------------------------------------------------------------------------------
def test_players_menu_opens_on_a_click_and_four_gives_four_seats(app):
    scene = SetupScene(app)
    open_scene(app, scene)
    pick(app, scene.count_menu, "4")
    assert scene.seat_count == 4 and len(scene.rows) == 4


def test_one_person_and_three_hard_bots_with_medusa_set_up_by_mouse(app, quiet_bots):
    """The coordinator's first real-window game, done headless: every choice by a click."""
    scene = _rising(app)
    pick(app, scene.count_menu, "4")
    for row in scene.rows[1:]:
        pick(app, row.kind, "Bot · hard")
    pick(app, scene.option_menus["difficulty"], "hard")
    pick(app, scene.option_menus["energy_start"], "no")
    pick(app, scene.option_menus["fast"], "yes")
    click(app, scene.option_toggles["monsters"]["medusa"])
    type_text(app, scene.rows[0].name, "Ana")
    type_text(app, scene.seed_entry, "4242")
    click(app, scene.start_btn)
    board = app.stack.top
    assert board.__class__.__name__ == "RisingBoard"
    rec = board.session.record
    assert [(s.name, s.kind, s.level) for s in rec.seats] == [
        ("Ana", "human", "normal"),
        *[(name, "bot", "hard") for name in ("Euenor", "Leukippe", "Gadeiros")],
    ]
    assert rec.options == {
        "difficulty": "hard",
        "energy_start": "no",
        "fast": "yes",
        "monsters": "medusa",
        "councilors": "explorer,bot,bot,bot",  # the person's seat 1 councilor, bots pick
    }
    assert rec.seed == 4242


def test_two_person_hot_seat_set_up_by_mouse(app, quiet_bots):
    scene = _rising(app)
    pick(app, scene.rows[1].kind, "Human")
    assert scene.rows[1].name.get_text() == "Player 2"  # the default name follows the kind
    type_text(app, scene.rows[1].name, "Bo")
    click(app, scene.start_btn)
    frames(app, 2)
    rec = app.stack.scenes[0].session.record
    assert [(s.name, s.kind) for s in rec.seats] == [("Player 1", "human"), ("Bo", "human")]


@pytest.mark.parametrize("count", [2, 6])
def test_every_seat_menu_opens_and_picks_with_every_seat_count(app, quiet_bots, count):
    """Who plays and colour of each seat, down to the sixth row near the bottom of the screen."""
    scene = _rising(app)
    pick(app, scene.count_menu, str(count))
    colours = scene._colour_names()
    wanted = [colours[(i + 1) % len(colours)] for i in range(count)]
    for i, row in enumerate(scene.rows):
        pick(app, row.kind, KINDS[(i + 1) % len(KINDS)])
        pick(app, row.colour, wanted[i])
        assert row.kind.selected_option[0] == KINDS[(i + 1) % len(KINDS)]
    assert [row.colour_value for row in scene.rows] == wanted
    assert [row.kind_value for row in scene.rows] == [
        KINDS[(i + 1) % len(KINDS)] for i in range(count)
    ]
    if count == 2:  # seats 1 and 2 swapped round the colour wheel: the game starts with them
        pick(app, scene.rows[0].kind, "Human")
        click(app, scene.start_btn)
        rec = app.stack.top.session.record
        assert [s.colour for s in rec.seats] == wanted


def test_the_seat_marker_shows_the_colour_picked(app):
    """Picking "red" paints the seat's marker red as the board draws it (it was Urchin purple)."""
    from scenes.rising.look import councilor_style
    from scenes.setup_scene import RIGHT

    scene = _rising(app)
    pick(app, scene.count_menu, "6")
    for i, colour in ((0, "red"), (5, "orange"), (3, "yellow")):
        pick(app, scene.rows[i].colour, colour)
        frames(app, 1)
        centre = (RIGHT.x + 38, RIGHT.y + 80 + i * scene.row_h + min(42, scene.row_h - 6) // 2)
        assert tuple(app.canvas.get_at(centre))[:3] == councilor_style(colour, i, False).rgb


def test_game_menu_switches_game_by_mouse(app, toy_game):
    scene = SetupScene(app)
    open_scene(app, scene)
    pick(app, scene.game_menu, toy_game.SPEC.title)
    assert scene.spec.game_id == GAME_ID and "rounds" in scene.option_menus
    pick(app, scene.option_menus["rounds"], "3")
    type_text(app, scene.seed_entry, "42")
    click(app, scene.start_btn)
    board = app.stack.top
    assert isinstance(board, ToyBoard)
    assert board.session.record.options == {"rounds": "3"} and board.session.record.seed == 42


def test_seed_box_takes_only_digits_typed(app):
    scene = _rising(app)
    type_text(app, scene.seed_entry, "4a2")
    assert scene.seed_entry.get_text() == "42"


# --- settings ---------------------------------------------------------------------------------
def test_settings_drop_downs_slider_and_toggles_by_mouse_are_saved_and_shown_again(app):
    scene = SettingsScene(app)
    open_scene(app, scene)
    pick(app, scene.speed, "4x")
    pick(app, scene.display, "Full screen")
    track = scene.volume.rect
    drag(app, scene.volume.sliding_button, (track.x + track.width // 4, track.centery))
    click(app, scene.colourblind)
    click(app, scene.guidance)
    saved, problem = Settings.load()
    assert problem is None
    assert saved.animation_speed == "4x" and saved.fullscreen is True
    assert 0.05 < saved.volume < 0.5, saved.volume  # dragged to about a quarter of the track
    assert scene.volume_label.text == f"{round(saved.volume * 100)}%"
    assert app.audio.volume == saved.volume
    assert saved.colourblind is True and saved.guided_first_game is False
    again = SettingsScene(app)
    open_scene(app, again)
    assert again.speed.selected_option[0] == "4x"
    assert again.display.selected_option[0] == "Full screen"
    assert again.volume.get_current_value() == round(saved.volume * 100)
    pick(app, again.display, "Windowed")
    assert Settings.load()[0].fullscreen is False


def test_volume_slider_dragged_to_the_right_end_is_full_volume(app):
    scene = SettingsScene(app)
    open_scene(app, scene)
    track = scene.volume.rect
    drag(app, scene.volume.sliding_button, (track.right + 40, track.centery))
    assert Settings.load()[0].volume == 1.0 and scene.volume_label.text == "100%"


# --- help -------------------------------------------------------------------------------------
def test_help_topic_picked_by_mouse_changes_the_page(app):
    title = TitleScene(app)
    open_scene(app, title)
    click(app, title.help_btn)
    scene = app.stack.top
    assert isinstance(scene, HelpScene) and scene.chooser is not None
    assert "Welcome to Atlantis Tabletop" in scene.text.html_text
    pick(app, scene.chooser, "Atlantis Rising")
    assert scene.topic == "rising" and "Mystic energy" in scene.text.html_text
    pick(app, scene.chooser, "Atlantis Tabletop")
    assert "Welcome to Atlantis Tabletop" in scene.text.html_text


def test_a_fresh_program_offers_the_rising_rules_in_the_title_help(tmp_path):
    """In a new process (nothing imported yet) the title's Help already lists Atlantis Rising."""
    code = textwrap.dedent(
        """
        import sys
        sys.path.insert(0, "tests/scenes")
        from conftest import click, open_scene, pick
        from scenes.app import App
        from scenes.title_scene import TitleScene
        app = App(headless=True, seed=3)
        title = TitleScene(app)
        open_scene(app, title)
        click(app, title.help_btn)
        scene = app.stack.top
        assert scene.chooser is not None, [t for t, _ in scene.topics]
        pick(app, scene.chooser, "Atlantis Rising")
        assert "Mystic energy" in scene.text.html_text
        print("ok")
        """
    )
    env = {
        "ATLANTIS_HOME": str(tmp_path / "fresh"),
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "PYGAME_HIDE_SUPPORT_PROMPT": "1",
        "PYTHONPATH": str(ROOT),
        "PATH": "/usr/bin:/bin",
    }
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert done.returncode == 0 and done.stdout.strip().endswith("ok"), done.stderr[-2000:]


# --- load -------------------------------------------------------------------------------------
def _named_save(name: str, seats=("Ana", "Bo")) -> Path:
    session = GameSession.new(
        GAME_ID,
        [Seat(n, "human") for n in seats],
        {"rounds": "2"},
        seed=5,
        runner_factory=FakeRunner,
    )
    session.save_as(name)
    session.close()
    return storage.save_path(name)


def _label(scene: LoadScene, name: str) -> str:
    return next(e.label for e in scene.entries if e.path.stem == name)


def test_a_single_click_selects_a_save_and_enables_load(app, toy_game):
    _named_save("Evening dive")
    _named_save("Morning dive", ("Cy", "Di"))
    scene = LoadScene(app)
    open_scene(app, scene)
    assert not scene.load_btn.is_enabled
    click(app, list_button(scene.list, _label(scene, "Morning dive")))
    frames(app, 2)
    assert scene.load_btn.is_enabled and "Cy" in scene.details.html_text
    assert scene.list.get_single_selection() == _label(scene, "Morning dive")
    click(app, list_button(scene.list, _label(scene, "Evening dive")))
    frames(app, 2)
    assert "Ana" in scene.details.html_text and scene.selected.path.stem == "Evening dive"
    # a second, slow click on the selected save keeps it selected: Load is never lit for nothing
    frames(app, 1, dt=0.6)  # longer than pygame-gui's double-click time
    click(app, list_button(scene.list, _label(scene, "Evening dive")))
    frames(app, 2)
    assert app.stack.top is scene  # not taken for a double-click
    assert scene.list.get_single_selection() == _label(scene, "Evening dive")
    assert scene.load_btn.is_enabled
    frames(app, 1, dt=0.6)
    click(app, scene.load_btn)
    frames(app, 1)
    assert isinstance(app.stack.top, HandoffScene)
    board = app.stack.scenes[0]
    assert isinstance(board, ToyBoard) and [s.name for s in board.session.record.seats] == [
        "Ana",
        "Bo",
    ]


def test_a_double_click_loads_the_save(app, toy_game):
    _named_save("Evening dive")
    _named_save("Morning dive", ("Cy", "Di"))
    scene = LoadScene(app)
    open_scene(app, scene)
    double_click(app, list_button(scene.list, _label(scene, "Morning dive")))
    board = app.stack.scenes[0]
    assert isinstance(board, ToyBoard), app.stack.scenes
    assert [s.name for s in board.session.record.seats] == ["Cy", "Di"]


def test_a_double_click_on_a_damaged_save_explains_and_keeps_it_selected(app, toy_game):
    path = storage.saves_dir() / "broken.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("{")
    scene = LoadScene(app)
    open_scene(app, scene)
    double_click(app, list_button(scene.list, _label(scene, "broken")))
    dialog = app.stack.top
    assert isinstance(dialog, MessageDialog) and "not valid JSON" in dialog.message
    click(app, dialog.ok)
    frames(app, 2)
    assert app.stack.top is scene and scene.load_btn.is_enabled
    assert scene.list.get_single_selection() == _label(scene, "broken")
    assert path.read_text() == "{"


# --- the name prompt (pause → Save as…) -------------------------------------------------------
def test_save_as_name_typed_is_used_and_the_save_loads_from_the_list(app, toy_game):
    session = GameSession.new(
        GAME_ID,
        [Seat("Ana", "human"), Seat("Bot", "bot")],
        {"rounds": "2"},
        seed=3,
        runner_factory=FakeRunner,
    )
    board = ToyBoard(app, session)
    open_scene(app, board)
    key(app, pygame.K_SPACE)  # one move, so the save has something in it
    key(app, pygame.K_ESCAPE)
    pause = app.stack.top
    assert isinstance(pause, PauseScene)
    assert isinstance(save_by_name(app, pause, "Deep water"), MessageDialog)
    saved = json.loads(storage.save_path("Deep water").read_text())
    assert len(saved["actions"]) == 1
    click(app, app.stack.top.ok)
    # the same again with Enter instead of the button
    save_by_name(app, pause, "Shallows", enter=True)
    assert storage.save_path("Shallows").exists()
    click(app, app.stack.top.ok)
    click(app, pause.quit_btn)
    title = app.stack.top
    assert isinstance(title, TitleScene)
    click(app, title.load_btn)
    load = app.stack.top
    assert isinstance(load, LoadScene)
    double_click(app, list_button(load.list, _label(load, "Deep water")))
    resumed = app.stack.top
    assert isinstance(resumed, ToyBoard) and len(resumed.session.record.actions) == 1


# --- over a running game, and in a small window ------------------------------------------------
def test_pause_settings_and_help_over_a_rising_game_answer_the_mouse(app, quiet_bots):
    scene = _rising(app)
    click(app, scene.start_btn)
    board = app.stack.top
    assert board.__class__.__name__ == "RisingBoard"
    key(app, pygame.K_ESCAPE)
    pause = app.stack.top
    assert isinstance(pause, PauseScene)
    click(app, pause.settings_btn)
    settings = app.stack.top
    assert isinstance(settings, SettingsScene)
    pick(app, settings.speed, "instant")
    assert Settings.load()[0].animation_speed == "instant"
    click(app, settings.back_btn)
    assert app.stack.top is pause
    click(app, pause.help_btn)
    help_scene = app.stack.top
    assert isinstance(help_scene, HelpScene) and help_scene.topic == "rising"
    pick(app, help_scene.chooser, "Atlantis Tabletop")
    assert "Welcome to Atlantis Tabletop" in help_scene.text.html_text
    click(app, help_scene.back_btn)
    click(app, pause.resume_btn)
    assert app.stack.top is board


def _at(app, element) -> tuple[int, int]:
    """Where a canvas widget's centre is in the (letterboxed) window."""
    r = app.view_rect
    cx, cy = element.rect.center
    return (r.x + round(cx * r.width / 1280), r.y + round(cy * r.height / 720))


def _window_click(app, element) -> None:
    pos = _at(app, element)
    for kind, data in (
        (pygame.MOUSEMOTION, {"rel": (0, 0), "buttons": (0, 0, 0)}),
        (pygame.MOUSEBUTTONDOWN, {"button": 1}),
        (pygame.MOUSEBUTTONUP, {"button": 1}),
    ):
        app.step([pygame.event.Event(kind, {"pos": pos, **data})], 1 / 60)
    frames(app, 3)


def test_a_drop_down_picks_by_mouse_in_a_small_letterboxed_window(app):
    frames(
        app, 1, [pygame.event.Event(pygame.VIDEORESIZE, {"size": (900, 600), "w": 900, "h": 600})]
    )
    assert app.view_rect.size != (1280, 720)  # scaled and letterboxed
    scene = _rising(app)
    _window_click(app, scene.count_menu)
    entries = scene.count_menu.current_state.options_selection_list
    five = next(i["button_element"] for i in entries.item_list if i["text"] == "5")
    _window_click(app, five)
    assert scene.seat_count == 5 and len(scene.rows) == 5
