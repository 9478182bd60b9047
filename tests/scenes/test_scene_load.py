"""The load screen never crashes on a bad file, says what is wrong, and never writes to it."""

from __future__ import annotations

import json

import pytest
from conftest import click, frames, list_button, open_scene
from scene_toy import GAME_ID, ToyBoard

from game.core import storage
from game.core.saves import APP_MARKER, FORMAT_VERSION
from scenes.dialogs import MessageDialog
from scenes.load_scene import LoadScene


def good_save(actions=None) -> dict:
    return {
        "app": APP_MARKER,
        "format_version": FORMAT_VERSION,
        "game": GAME_ID,
        "options": {"rounds": "2"},
        "seed": 9,
        "players": [{"name": "Ana", "kind": "human"}, {"name": "Bo", "kind": "human"}],
        "actions": actions
        if actions is not None
        else [{"player": 0, "kind": "dive", "fathoms": 2}],
        "meta": {},
    }


def _json(data) -> bytes:
    return json.dumps(data).encode()


BAD = {
    "not-json": (b"this is not json at all", "not valid JSON"),
    "truncated": (_json(good_save())[:60], "truncated"),
    "empty": (b"", "not valid JSON"),
    "foreign": (_json({"name": "shopping", "items": [1, 2]}), "not an Atlantis Tabletop save"),
    "newer": (_json({**good_save(), "format_version": FORMAT_VERSION + 1}), "newer version"),
    "unknown-game": (_json({**good_save(), "game": "atlantis-golf"}), "does not have"),
    "bad-action": (
        _json(good_save([{"player": 1, "kind": "dive", "fathoms": 2}])),
        "does not replay",
    ),
    "not-utf8": (b"\xff\xfe\x00garbage", "cannot be read"),
}


@pytest.mark.parametrize("name", sorted(BAD))
def test_a_bad_save_shows_its_problem_and_stays_untouched(app, toy_game, name):
    content, expected = BAD[name]
    path = storage.saves_dir() / f"{name}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(content)
    mtime = path.stat().st_mtime_ns
    scene = LoadScene(app)
    open_scene(app, scene)
    entry = next(e for e in scene.entries if e.path == path)
    click(app, list_button(scene.list, entry.label))
    frames(app, 2)
    click(app, scene.load_btn)
    top = app.stack.top
    assert isinstance(top, MessageDialog), f"{name}: no dialog"
    assert expected.lower() in top.message.lower()
    click(app, top.ok)
    assert app.stack.top is scene
    assert path.read_bytes() == content and path.stat().st_mtime_ns == mtime
    assert not storage.list_autosaves()


def test_the_list_shows_game_date_and_players(app, toy_game):
    path = storage.save_path("Evening dive")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(good_save()))
    (storage.saves_dir() / "broken.json").write_text("{")
    scene = LoadScene(app)
    open_scene(app, scene)
    labels = [e.label for e in scene.entries]
    good = next(label for label in labels if label.startswith("Evening dive"))
    assert "Toy Divers" in good and "Ana, Bo" in good
    assert any("cannot be opened" in label for label in labels)


def test_a_good_save_opens_its_board(app, toy_game):
    path = storage.save_path("Evening dive")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(good_save()))
    before = path.read_bytes()
    scene = LoadScene(app)
    open_scene(app, scene)
    click(app, list_button(scene.list, scene.entries[0].label))
    frames(app, 2)
    click(app, scene.load_btn)
    board = app.stack.top
    assert isinstance(board, ToyBoard) or board.__class__.__name__ == "HandoffScene"
    assert path.read_bytes() == before  # playing on autosaves elsewhere
    frames(app, 1)


def test_no_saves_explains_where_saves_come_from(app):
    scene = LoadScene(app)
    open_scene(app, scene)
    assert "No saves yet" in scene.details.html_text and not scene.load_btn.is_enabled


def test_the_details_name_options_as_the_setup_screen_does():
    from scenes.load_scene import _options_text

    text = _options_text("rising", {"energy_start": "no", "fast": "yes"})
    assert text == "Starting mystic energy: no, Faster play: yes"
    assert _options_text("no-such-game", {"x": "1"}) == "x: 1"
