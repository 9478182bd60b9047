"""Every damaged file of the corpus, as the autosave and as the settings file: the title screen
still starts, says what is wrong, and the file is left exactly as it was."""

from __future__ import annotations

import pygame
import pytest
from conftest import click, frames
from core.damaged_files import corpus, shipped_games, snapshot

from game.core import storage
from scenes.dialogs import MessageDialog
from scenes.load_scene import LoadScene
from scenes.title_scene import TitleScene

#: every file-level damage, and the save-specific kinds that reach the screen or the bots
#: (tests/core/test_damaged_files.py runs the whole corpus through the same reading path)
ON_SCREEN = ("action argument nested 800 deep", "unknown bot level", "huge name", "null in name")
CASES = [(g, d) for g in shipped_games() for d in corpus(g) if d.any_file or d.name in ON_SCREEN]
ANY_FILE = [d for d in corpus(shipped_games()[0]) if d.any_file]


def _start():
    from scenes.app import App

    app = App(headless=True, seed=3)
    title = TitleScene(app)
    app.stack.push(title)
    app.stack.apply_pending()
    frames(app, 3)
    return app, title


def _stop(app) -> None:
    app.stack.clear()
    app.stack.apply_pending()
    pygame.event.clear()


@pytest.mark.parametrize("case", CASES, ids=[f"{g}-{d}" for g, d in CASES])
def test_a_damaged_autosave_still_lets_the_title_screen_start_and_says_why(case):
    _game, damage = case
    path = storage.save_path(storage.AUTOSAVE)
    path.parent.mkdir(parents=True, exist_ok=True)
    damage.make(path)
    before = snapshot(path)
    app, title = _start()
    try:
        assert app.stack.top is title
        tip = title.continue_btn.tool_tip_text or ""
        if damage.name != "link to nowhere":  # no autosave at all: nothing to continue
            assert "problem" in tip and damage.expect in tip.lower(), tip
            click(app, title.continue_btn)
            dialog = app.stack.top
            assert isinstance(dialog, MessageDialog)
            assert damage.expect in dialog.message.lower()
            assert "Traceback" not in dialog.message
            click(app, dialog.ok)
            assert app.stack.top is title
        click(app, title.load_btn)  # the load screen lists it too, without crashing
        assert isinstance(app.stack.top, LoadScene)
        frames(app, 2)
        assert snapshot(path) == before
    finally:
        _stop(app)


@pytest.mark.parametrize("damage", ANY_FILE, ids=str)
def test_damaged_settings_start_with_defaults_and_a_notice(damage):
    path = storage.config_dir() / "settings.json"
    path.parent.mkdir(parents=True)
    damage.make(path)
    before = snapshot(path)
    app, title = _start()
    try:
        dialog = app.stack.top
        assert isinstance(dialog, MessageDialog)
        assert "defaults" in dialog.message and damage.expect in dialog.message.lower()
        click(app, dialog.ok)
        assert app.stack.top is title
        (aside,) = storage.config_dir().glob("settings.unreadable-*.json")
        assert snapshot(aside) == before
    finally:
        _stop(app)
