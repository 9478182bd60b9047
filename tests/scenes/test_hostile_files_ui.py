"""Hostile files and folders as a person meets them: through the title screen's Continue, Load,
History and Replay a save, by mouse. Each gives a clear, short message (or a marked name) and
leaves every other entry usable; none hangs, crashes or deletes."""

from __future__ import annotations

import json
import os

import pygame
import pytest
from conftest import click, double_click, frames, list_button, open_scene, pick
from core.damaged_files import good_record

from game.core import files, history, storage
from scenes.dialogs import MAX_MESSAGE_CHARS, MessageDialog
from scenes.history import history_scene
from scenes.history.history_scene import CAP_NOTE, UNKNOWN_CAP, HistoryScene, keep_label
from scenes.history.replay_save import ReplaySaveScene
from scenes.history.replay_scene import ReplayScene
from scenes.load_scene import LoadScene
from scenes.title_scene import TitleScene

MB = 1024 * 1024


def _title(app) -> TitleScene:
    title = TitleScene(app)
    open_scene(app, title)
    frames(app, 2)
    return title


def _entry(record, headline: str = "Ann wins") -> str:
    return json.dumps(history.entry_json(record, record.replay(), 1, headline))


@pytest.mark.parametrize("size", [MB, 10 * MB])
def test_continue_on_a_save_with_a_huge_move_says_why_in_a_short_dialog(app, size):
    data = good_record("guards").to_json()
    data["actions"][2]["what"] = "x" * size
    path = storage.autosave_path("guards")
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps(data), encoding="utf-8")
    title = _title(app)
    click(app, title.continue_btn)
    dialog = app.stack.top
    assert isinstance(dialog, MessageDialog)
    assert len(dialog.message) <= MAX_MESSAGE_CHARS and "x" * 200 not in dialog.message
    assert ("move 3" in dialog.message) if size == MB else ("too large" in dialog.message)
    click(app, dialog.ok)
    assert app.stack.top is title
    assert path.stat().st_size > size  # left as it was


def test_a_dialog_bounds_whatever_it_is_handed(app):
    dialog = MessageDialog(app, "T" * 5000, "m" * (3 * MB))
    app.stack.push(dialog)
    frames(app, 2)
    assert len(dialog.message) <= MAX_MESSAGE_CHARS
    assert len(dialog.title_label.text) <= 80


def test_a_history_entry_with_a_huge_headline_opens_and_is_watched(app):
    record = good_record("guards")
    folder = history.folder()
    folder.mkdir(parents=True)
    (folder / "20260101-100000-000-guards.json").write_text(_entry(record, "h" * MB))
    (folder / "20260101-090000-000-guards.json").write_text(_entry(record))
    scene = HistoryScene(app)
    open_scene(app, scene)
    assert len(scene.entries) == 2
    labels = list(scene._by_label)
    assert all(len(label) < 400 for label in labels)
    click(app, list_button(scene.list, labels[0]))
    frames(app, 2)
    assert scene.selected is not None and scene.watch_btn.is_enabled


def test_an_unreadable_keep_setting_is_shown_and_a_new_choice_mends_it(app, monkeypatch):
    record = good_record("guards")
    folder = history.folder()
    folder.mkdir(parents=True)
    for i in range(25):
        (folder / f"202601{i:02d}-100000-000-guards.json").write_text(_entry(record))
    history._settings_path().write_text('{"cap": "everything"}', encoding="utf-8")
    scene = HistoryScene(app)
    open_scene(app, scene)
    assert scene.cap_menu.selected_option[0] == UNKNOWN_CAP
    assert scene.cap_problem and "no finished game is deleted" in scene.cap_problem
    assert "damaged" in scene.details.html_text
    assert len(scene.entries) == 25
    drawn: list[str] = []
    original = history_scene.draw_text

    def recording(surface, text, *args, **kwargs):
        drawn.append(text)
        return original(surface, text, *args, **kwargs)

    monkeypatch.setattr(history_scene, "draw_text", recording)
    frames(app, 1)
    assert CAP_NOTE in drawn
    pick(app, scene.cap_menu, keep_label(20))
    assert history.read_cap() == (20, None) and len(scene.entries) == 20
    assert scene.cap_problem is None


def test_names_that_are_not_utf8_show_everywhere_and_still_open(app):
    record = good_record("guards")
    saves = storage.saves_dir()
    saves.mkdir(parents=True)
    with open(os.fsencode(saves) + b"/my \xff game.json", "w", encoding="utf-8") as fh:
        fh.write(record.dumps())
    with open(os.fsencode(saves) + b"/autosave-gu\xfeards.json", "w", encoding="utf-8") as fh:
        fh.write(record.dumps())
    folder = history.folder()
    folder.mkdir(parents=True)
    (folder / "20260101-090000-000-guards.json").write_text(_entry(record))
    with open(os.fsencode(folder) + b"/2026\xff.json", "w", encoding="utf-8") as fh:
        fh.write("{}")
    title = _title(app)
    click(app, title.load_btn)
    load = app.stack.top
    assert isinstance(load, LoadScene) and len(load.entries) == 2
    label = next(x for x in load._by_label if x.startswith("my ? game"))
    double_click(app, list_button(load.list, label))
    frames(app, 2)
    assert type(app.stack.top).__name__ == "GuardsBoard"
    title = _title(app)
    click(app, title.history_btn)
    scene = app.stack.top
    assert isinstance(scene, HistoryScene) and len(scene.entries) == 1
    assert scene.problems and scene.problems[0].startswith("2026?.json")
    frames(app, 2)
    click(app, scene.save_btn)
    chooser = app.stack.top
    assert isinstance(chooser, ReplaySaveScene)
    label = next(x for x in chooser._by_label if x.startswith("my ? game"))
    double_click(app, list_button(chooser.list, label))
    frames(app, 2)
    assert isinstance(app.stack.top, ReplayScene)


def test_a_saves_folder_that_cannot_be_read_starts_the_title_and_says_so(monkeypatch, tmp_path):
    from scenes.app import App

    monkeypatch.setenv("ATLANTIS_HOME", str(tmp_path / ("h" * 5000)))
    app = App(headless=True, seed=3)
    try:
        title = _title(app)
        assert not title.continue_btn.is_enabled
        click(app, title.load_btn)
        load = app.stack.top
        assert isinstance(load, LoadScene) and load.entries == []
        assert "cannot be listed" in load.details.html_text
        assert "cannot be read" in load.details.html_text
        assert len(load.details.html_text) < 1000
        click(app, load.back_btn)
        click(app, title.history_btn)
        scene = app.stack.top
        assert isinstance(scene, HistoryScene) and scene.problems
    finally:
        app.stack.clear()
        app.stack.apply_pending()
        pygame.event.get()


def test_a_save_named_like_a_device_is_written_beside_it(app):
    from conftest import save_by_name

    from game.core.saves import Seat
    from scenes.pause_scene import PauseScene
    from scenes.session import GameSession

    s = GameSession.new("rising", [Seat("Ann"), Seat("Bo", "bot", "easy")], {}, seed=2)
    pause = PauseScene(app, s)
    open_scene(app, pause)
    save_by_name(app, pause, "CON")
    assert storage.save_path("CON").name == "CON_.json"
    assert (storage.saves_dir() / "CON_.json").exists()
    assert files.shown_name(storage.save_path("CON")) == "CON_.json"


def test_watching_a_save_with_a_huge_move_says_why_in_a_short_dialog(app):
    data = good_record("guards").to_json()
    data["actions"][2]["what"] = "x" * MB
    saves = storage.saves_dir()
    saves.mkdir(parents=True)
    (saves / "huge.json").write_text(json.dumps(data), encoding="utf-8")
    history_scene_ = HistoryScene(app)
    open_scene(app, history_scene_)
    click(app, history_scene_.save_btn)
    chooser = app.stack.top
    assert isinstance(chooser, ReplaySaveScene)
    double_click(app, list_button(chooser.list, next(iter(chooser._by_label))))
    frames(app, 2)
    dialog = app.stack.top
    assert isinstance(dialog, MessageDialog) and "move 3" in dialog.message.lower()
    assert len(dialog.message) < 500 and "x" * 200 not in dialog.message
