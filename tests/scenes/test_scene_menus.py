"""Settings round-trip, setup, help, title Continue, pause and results through real widgets."""

from __future__ import annotations

import json
import warnings

import pygame
import pygame_gui
import pytest
from conftest import click, drag, frames, key, open_scene, pick, save_by_name, type_text
from scene_toy import GAME_ID, ToyBoard

from game.core import storage
from game.core.storage import Settings
from scenes.dialogs import MessageDialog
from scenes.help_scene import HelpScene
from scenes.load_scene import LoadScene
from scenes.pause_scene import PauseScene
from scenes.results_scene import ResultsScene
from scenes.settings_scene import SettingsScene
from scenes.setup_scene import SetupScene
from scenes.title_scene import TitleScene


def test_settings_round_trip_through_the_scene(app):
    scene = SettingsScene(app)
    open_scene(app, scene)
    click(app, scene.colourblind)
    click(app, scene.guidance)
    pick(app, scene.speed, "4x")
    track = scene.volume.rect
    drag(app, scene.volume.sliding_button, (track.x - 30, track.centery))  # all the way down
    pick(app, scene.display, "Full screen")
    saved, problem = Settings.load()
    assert problem is None
    assert saved.colourblind is True and saved.guided_first_game is False
    assert saved.animation_speed == "4x" and saved.volume == 0.0 and saved.fullscreen is True
    assert app.audio.volume == 0.0  # applied at once
    again = SettingsScene(app)  # a new scene shows what was saved
    assert again.colourblind.get_state() is True and again.speed.selected_option[0] == "4x"
    assert again.volume.get_current_value() == 0


def test_settings_done_goes_back(app):
    title = TitleScene(app)
    open_scene(app, title)
    scene = SettingsScene(app)
    app.stack.push(scene)
    frames(app, 1)
    click(app, scene.back_btn)
    assert app.stack.top is title


def test_title_buttons_open_their_scenes(app):
    title = TitleScene(app)
    open_scene(app, title)
    assert not title.continue_btn.is_enabled  # no autosave yet
    for btn, kind in (
        (title.new_btn, SetupScene),
        (title.load_btn, LoadScene),
        (title.settings_btn, SettingsScene),
        (title.help_btn, HelpScene),
    ):
        click(app, btn)
        assert isinstance(app.stack.top, kind)
        key(app, pygame.K_ESCAPE)
        assert app.stack.top is title
    click(app, title.quit_btn)
    assert app.running is False


def test_setup_says_plainly_when_nothing_is_playable(app):
    scene = SetupScene(app)
    open_scene(app, scene)
    if scene.games:  # a real board has been added since: the plain message is not needed
        return
    assert scene.start_btn is None and "No game can be played yet" in scene.empty.html_text


def test_setup_starts_a_toy_game_with_the_chosen_seats(app, toy_game):
    scene = SetupScene(app)
    open_scene(app, scene)
    toy_title = toy_game.SPEC.title
    pick(app, scene.game_menu, toy_title)
    assert scene.spec.game_id == GAME_ID
    pick(app, scene.count_menu, "3")
    assert len(scene.rows) == 3
    pick(app, scene.rows[1].kind, "Human")
    assert scene.rows[1].name.get_text() == "Player 2"  # default name follows the kind
    pick(app, scene.option_menus["rounds"], "3")
    type_text(app, scene.seed_entry, "42")
    click(app, scene.start_btn)
    board = app.stack.top
    assert isinstance(board, ToyBoard)
    rec = board.session.record
    assert rec.seed == 42 and rec.options == {"rounds": "3"}
    assert [s.kind for s in rec.seats] == ["human", "human", "bot"]


def test_setup_refuses_duplicate_names(app, toy_game):
    scene = SetupScene(app)
    open_scene(app, scene)
    pick(app, scene.game_menu, toy_game.SPEC.title)
    for row in scene.rows:
        type_text(app, row.name, "Same")
    click(app, scene.start_btn)
    assert isinstance(app.stack.top, MessageDialog)


def test_setup_refuses_duplicate_colours(app, toy_game):
    scene = SetupScene(app)
    open_scene(app, scene)
    pick(app, scene.game_menu, toy_game.SPEC.title)
    first = scene.rows[0].colour_value
    pick(app, scene.rows[1].colour, first)
    assert scene.rows[1].colour_value == first
    click(app, scene.start_btn)
    dialog = app.stack.top
    assert isinstance(dialog, MessageDialog) and "colour" in dialog.title_label.text


def _rising_setup(app) -> SetupScene:
    scene = SetupScene(app)
    open_scene(app, scene)
    rising = next((g for g in scene.games if g.game_id == "rising"), None)
    if rising is None:
        pytest.skip("Atlantis Rising is not playable in this build")
    if scene.spec is not rising:
        pick(app, scene.game_menu, rising.title)
    return scene


def test_setup_option_labels_fit_their_boxes(app):
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # pygame-gui warns when a label's text does not fit
        scene = _rising_setup(app)
    labels = [el for el in scene.elements if isinstance(el, pygame_gui.elements.UILabel)]
    assert "Starting mystic energy" in {el.text for el in labels}
    for el in labels:
        assert el.font.size(el.text)[0] <= el.rect.width, el.text
    bottom = max(el.rect.bottom for el in scene.elements)
    assert bottom <= 590  # everything inside "The game" panel


def test_setup_monsters_are_toggles_not_combinations(app):
    scene = _rising_setup(app)
    assert "monsters" not in scene.option_menus
    toggles = scene.option_toggles["monsters"]
    assert set(toggles) == {"medusa", "harpies", "scylla"}
    assert scene.option_values["monsters"] == "none"
    click(app, toggles["scylla"])
    click(app, toggles["medusa"])
    assert scene.option_values["monsters"] == "medusa,scylla"
    assert toggles["medusa"].is_selected and not toggles["harpies"].is_selected
    click(app, toggles["medusa"])
    click(app, toggles["scylla"])
    assert scene.option_values["monsters"] == "none"
    click(app, toggles["harpies"])
    click(app, scene.start_btn)
    board = app.stack.top
    assert board.session.record.options["monsters"] == "harpies"


def _board(app, kinds=("human", "human"), rounds="1"):
    import scene_toy

    from game.core.saves import Seat
    from scenes.session import GameSession

    session = GameSession.new(
        GAME_ID,
        [Seat(f"Diver {i + 1}", k) for i, k in enumerate(kinds)],
        {"rounds": rounds},
        seed=3,
        runner_factory=lambda: scene_toy.FakeRunner(),
    )
    board = ToyBoard(app, session)
    open_scene(app, board)
    return board


def test_continue_resumes_the_autosave(app, toy_game):
    board = _board(app, ("human", "bot"))
    key(app, pygame.K_SPACE)
    assert len(board.session.record.actions) == 1
    title = TitleScene(app)
    open_scene(app, title)
    assert title.continue_btn.is_enabled
    click(app, title.continue_btn)
    resumed = app.stack.top
    assert isinstance(resumed, ToyBoard) and len(resumed.session.record.actions) == 1


def test_pause_menu_and_save_as(app, toy_game):
    board = _board(app, ("human", "bot"))
    key(app, pygame.K_ESCAPE)
    pause = app.stack.top
    assert isinstance(pause, PauseScene)
    assert isinstance(save_by_name(app, pause, "My dive"), MessageDialog)
    assert storage.save_path("My dive").exists()
    key(app, pygame.K_RETURN)
    # saving again asks before replacing; a foreign file of that name is never replaced
    foreign = storage.save_path("Notes")
    foreign.write_text("shopping list")
    pause.save_named("Notes")
    frames(app, 1)
    assert isinstance(app.stack.top, MessageDialog) and "left untouched" in app.stack.top.message
    assert foreign.read_text() == "shopping list"
    key(app, pygame.K_RETURN)
    click(app, pause.resume_btn)
    assert app.stack.top is board
    key(app, pygame.K_ESCAPE)
    click(app, app.stack.top.quit_btn)
    assert isinstance(app.stack.top, TitleScene) and board.session.closed


def test_hot_seat_game_to_results_and_rematch(app, toy_game):
    board = _board(app, ("human", "human"))
    for _ in range(2):
        frames(app, 2)
        handoff = app.stack.top
        assert handoff.__class__.__name__ == "HandoffScene"
        click(app, handoff.ready)
        assert app.stack.top is board
        key(app, pygame.K_SPACE)
    frames(app, 120)  # the final position stays a moment, then the results
    results = app.stack.top
    assert isinstance(results, ResultsScene) and results.results.rows
    click(app, results.same_seed)
    again = app.stack.top
    assert isinstance(again, ToyBoard) and again.session.record.seed == board.session.record.seed


def test_bot_thinking_is_shown_and_cancelled_on_leaving(app, toy_game):
    board = _board(app, ("bot", "human"))
    board.session.pace_s = 10.0
    frames(app, 3)
    assert board.session.thinking() == "Diver 1"
    runner = board.session._runner
    app.stack.reset(TitleScene(app))
    frames(app, 1)
    assert runner.cancelled and runner.closed


def test_help_scrolls_and_has_the_app_page(app):
    scene = HelpScene(app)
    open_scene(app, scene)
    assert "Hot-seat" in scene.text.html_text
    wheel = pygame.event.Event(
        pygame.MOUSEWHEEL, {"x": 0, "y": -3, "flipped": False, "precise_x": 0.0, "precise_y": -3.0}
    )
    frames(
        app,
        1,
        [
            pygame.event.Event(
                pygame.MOUSEMOTION,
                {"pos": scene.text.rect.center, "rel": (0, 0), "buttons": (0, 0, 0)},
            )
        ],
    )
    frames(app, 3, [wheel])
    assert scene.text.scroll_bar is not None and scene.text.scroll_bar.start_percentage > 0


def test_stats_are_written_with_results(app, toy_game):
    _board(app, ("human", "bot"))
    key(app, pygame.K_SPACE)
    for _ in range(10):
        frames(app, 60)
    stats = json.loads((storage.data_dir() / "stats.json").read_text())
    assert stats["games"][0]["game"] == GAME_ID
