"""The App: letterboxing, mouse mapping, F11, closing the window."""

from __future__ import annotations

import json

import pygame
import pytest
from conftest import click, frames, open_scene

from game.core import storage
from scenes.dialogs import ConfirmDialog
from scenes.stack import Scene
from scenes.title_scene import TitleScene


def _resize(app, w, h):
    frames(app, 1, [pygame.event.Event(pygame.VIDEORESIZE, {"size": (w, h), "w": w, "h": h})])


def test_canvas_keeps_its_aspect_in_any_window(app):
    _resize(app, 1920, 1080)
    assert app.view_rect == pygame.Rect(0, 0, 1920, 1080)
    _resize(app, 1000, 1000)
    r = app.view_rect
    assert r.width == 1000 and abs(r.height - 562) <= 1 and r.y == (1000 - r.height) // 2
    _resize(app, 2000, 720)
    r = app.view_rect
    assert r.height == 720 and r.width == 1280 and r.x == 360


def test_mouse_positions_map_back_to_the_canvas(app):
    _resize(app, 2000, 720)  # bars left and right, 360 px each
    assert app.to_canvas((360, 0)) == (0, 0)
    assert app.to_canvas((360 + 640, 360)) == (640, 360)
    _resize(app, 640, 360)  # half size
    assert app.to_canvas((320, 180)) == (640, 360)


def test_widgets_react_to_letterboxed_clicks(app):
    scene = TitleScene(app)
    open_scene(app, scene)
    _resize(app, 2000, 720)
    pressed = []
    scene.handle_ui = lambda e: pressed.append(e.ui_element)
    target = scene.help_btn
    win = (target.rect.centerx + 360, target.rect.centery)
    frames(
        app,
        1,
        [pygame.event.Event(pygame.MOUSEMOTION, {"pos": win, "rel": (0, 0), "buttons": (0, 0, 0)})],
    )
    assert target.hovered
    frames(app, 1, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, {"pos": win, "button": 1})])
    frames(app, 2, [pygame.event.Event(pygame.MOUSEBUTTONUP, {"pos": win, "button": 1})])
    assert target in pressed


def test_f11_toggles_fullscreen_and_remembers_it(app):
    open_scene(app, TitleScene(app))
    frames(
        app,
        1,
        [
            pygame.event.Event(
                pygame.KEYDOWN, {"key": pygame.K_F11, "mod": 0, "unicode": "", "scancode": 0}
            )
        ],
    )
    assert app.settings.fullscreen is True
    saved = json.loads((storage.config_dir() / "settings.json").read_text())
    assert saved["fullscreen"] is True
    alt_enter = {"key": pygame.K_RETURN, "mod": pygame.KMOD_LALT, "unicode": "\r", "scancode": 0}
    frames(app, 1, [pygame.event.Event(pygame.KEYDOWN, alt_enter)])
    assert app.settings.fullscreen is False


def test_closing_with_nothing_to_lose_quits_at_once(app):
    open_scene(app, TitleScene(app))
    frames(app, 1, [pygame.event.Event(pygame.QUIT)])
    assert app.running is False


def test_closing_with_something_to_lose_asks_first(app):
    scene = TitleScene(app)
    scene.unsaved_note = lambda: "Kleito is still choosing a move."
    open_scene(app, scene)
    frames(app, 2, [pygame.event.Event(pygame.QUIT)])
    top = app.stack.top
    assert isinstance(top, ConfirmDialog) and app.running
    assert "Kleito" in top.message
    frames(
        app,
        2,
        [
            pygame.event.Event(
                pygame.KEYDOWN, {"key": pygame.K_ESCAPE, "mod": 0, "unicode": "", "scancode": 0}
            )
        ],
    )
    assert app.stack.top is scene and app.running  # Esc = keep playing
    frames(app, 2, [pygame.event.Event(pygame.QUIT)])
    frames(app, 1, [pygame.event.Event(pygame.QUIT)])  # a second close means it
    assert app.running is False


def test_a_damaged_settings_file_is_reported_and_kept(tmp_path):
    from scenes.app import App

    path = storage.config_dir() / "settings.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("{not json")
    app = App(headless=True)
    open_scene(app, TitleScene(app))
    frames(app, 2)
    assert app.stack.top is not None and "damaged" in getattr(app.stack.top, "message", "")
    (aside,) = storage.config_dir().glob("settings.unreadable-*.json")  # set aside, intact
    assert aside.read_text() == "{not json"


def test_buttons_still_work_when_audio_is_off(app):
    from scenes.help_scene import HelpScene

    app.audio.ok = False  # no sound device: the click sound is skipped
    scene = TitleScene(app)
    open_scene(app, scene)
    click(app, scene.help_btn)
    frames(app, 1)
    assert isinstance(app.stack.top, HelpScene)  # the click still does what it says


def test_shutdown_keeps_a_damaged_settings_file():
    from scenes.app import App

    path = storage.config_dir() / "settings.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("[1, 2")
    app = App(headless=True)
    app.shutdown()
    (aside,) = storage.config_dir().glob("settings.unreadable-*.json")
    assert aside.read_text() == "[1, 2"


def test_a_command_line_display_mode_lasts_one_run_and_is_not_saved():
    from scenes.app import App

    storage.Settings(fullscreen=False, volume=0.3).save()
    app = App(headless=True, fullscreen=True)
    assert app.settings.fullscreen is True  # this run is full screen
    app.settings.volume = 0.6
    app.apply_settings()  # the player changes something else meanwhile
    app.shutdown()
    saved = json.loads((storage.config_dir() / "settings.json").read_text())
    assert saved["fullscreen"] is False and saved["volume"] == 0.6
    windowed = App(headless=True, fullscreen=False)
    windowed.set_fullscreen(True)  # choosing a mode in the game is remembered
    windowed.shutdown()
    assert json.loads((storage.config_dir() / "settings.json").read_text())["fullscreen"] is True


class _Broken(Scene):
    """A screen with a bug: its first update raises (after asking the program to close)."""

    def update(self, dt: float) -> None:
        pygame.event.post(pygame.event.Event(pygame.QUIT))
        raise RuntimeError("a bug in this screen")


def test_an_error_in_a_screen_brings_the_title_and_a_message_not_a_crash(app):
    from scenes.dialogs import MessageDialog
    from scenes.title_scene import TitleScene

    seen: list[tuple[type, type]] = []
    app.after_frame.append(lambda dt: seen.append((type(app.stack.scenes[0]), type(app.stack.top))))
    assert app.run(_Broken(app)) == 0  # the QUIT it posted ends the loop normally
    assert seen and seen[0] == (TitleScene, MessageDialog)


def test_errors_that_keep_coming_are_not_swallowed(app, monkeypatch):
    from scenes.app import MAX_RECOVERIES

    calls = []

    def broken(dt: float) -> None:
        calls.append(dt)
        raise RuntimeError("every frame")

    monkeypatch.setattr(app.sea, "update", broken)
    with pytest.raises(RuntimeError, match="every frame"):
        app.run()
    assert len(calls) == MAX_RECOVERIES + 1


def test_a_new_app_after_pygame_quit_draws_text_again():
    """A ``pygame.quit()`` kills every font face made before it; the next App must not reuse
    them (found when another test quit pygame before a board measured its lines)."""
    from scenes.app import App
    from scenes.assets import font

    first = App(headless=True)
    size = font(13).get_linesize()
    font(13).render("before", True, (255, 255, 255))
    del first
    pygame.quit()
    App(headless=True)
    assert font(13).get_linesize() == size
    assert font(13).render("after", True, (255, 255, 255)).get_width() > 0
