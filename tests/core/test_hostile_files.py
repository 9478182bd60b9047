"""Hostile files and folders below the screens: an unreadable setting deletes nothing, text
from a file is bounded before anyone lays it out or prints it, folders that cannot be listed
and names that are not UTF-8 are reported, never raised, and a save's name is never a device.
"""

from __future__ import annotations

import json
import os
import shutil

import pytest
from damaged_files import good_record

import main
from game.core import files, history, storage
from game.core.saves import GameRecord, SaveError, load_and_replay

MB = 1024 * 1024


def _entry_text() -> str:
    record = good_record("guards")
    return json.dumps(history.entry_json(record, record.replay(), 1, "Ann wins"))


def _fill_history(n: int) -> None:
    """``n`` entries, oldest first by name (written as files: adding them one by one would
    take a game each)."""
    folder = history.folder()
    folder.mkdir(parents=True, exist_ok=True)
    text = _entry_text()
    for i in range(n):
        (folder / f"2025{i:010d}-000-guards.json").write_text(text, encoding="utf-8")


@pytest.mark.parametrize("damage", ["{not json", '{"cap": "lots"}', '{"cap": 0}', "[1000]"])
def test_an_unreadable_keep_setting_deletes_no_game_and_says_so(damage):
    _fill_history(1000)
    history.set_cap(1000)
    history._settings_path().write_text(damage, encoding="utf-8")
    record = good_record("guards")
    problem = history.add(record, record.replay(), 1, "Bo wins")
    assert len(list(history.folder().glob("2*.json"))) == 1001, "games were deleted"
    assert problem and "no finished game is deleted" in problem
    assert history.read_cap() == (None, problem)
    assert history._settings_path().read_text(encoding="utf-8") == damage  # untouched


def test_choosing_a_cap_again_sets_the_damaged_setting_aside_and_prunes():
    _fill_history(30)
    history._settings_path().write_text("{damaged", encoding="utf-8")
    gone = history.set_cap(20)
    assert len(gone) == 10 and history.read_cap() == (20, None)
    (aside,) = history.folder().glob("settings.unreadable-*.json")
    assert aside.read_text(encoding="utf-8") == "{damaged"


def test_no_settings_file_is_the_default_cap_without_a_word():
    assert history.read_cap() == (history.DEFAULT_CAP, None)


@pytest.mark.parametrize("size", [MB, 10 * MB])
def test_a_huge_move_argument_is_a_short_message(size, tmp_path):
    data = good_record("guards").to_json()
    data["actions"][2]["what"] = "x" * size
    path = tmp_path / "big.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(SaveError) as exc:
        load_and_replay(storage.read_save(path).dumps())
    message = str(exc.value)
    assert len(message) <= files.MAX_SHOWN and "x" * 200 not in message  # the move is quoted short
    assert ("move 3" in message) if size == MB else ("too large" in message)


@pytest.mark.parametrize("size", [MB, 10 * MB])
def test_main_load_prints_one_short_line(size, tmp_path, capsys):
    data = good_record("finding").to_json()
    data["actions"][1]["card"] = "c" * size
    path = tmp_path / "big.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main.check_save(path) == main.EXIT_BAD_SAVE
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and len(err) < 1000, len(err)


def test_a_very_long_path_is_printed_bounded(tmp_path, capsys):
    path = tmp_path / ("d" * 200) / ("e" * 200) / "save.json"
    assert main.check_save(path) == main.EXIT_BAD_SAVE
    err = capsys.readouterr().err
    assert len(err) < 1000


def test_a_history_entry_keeps_its_text_bounded(tmp_path):
    record = good_record("guards")
    data = history.entry_json(record, record.replay(), 1, "h" * MB)
    data["roles"] = [["r" * MB] * 50 for _ in record.seats]
    entry = history.parse(tmp_path / "x.json", json.dumps(data))
    assert len(entry.headline) <= history.MAX_HEADLINE_CHARS
    assert all(len(r) <= history.MAX_ROLE_CHARS for row in entry.roles for r in row)
    assert all(len(row) <= history.MAX_ROLES for row in entry.roles)
    assert len(entry.label()) < 400


def test_a_saves_folder_behind_a_name_too_long_is_a_message_not_a_crash(monkeypatch, tmp_path):
    monkeypatch.setenv("ATLANTIS_HOME", str(tmp_path / ("h" * 5000)))
    with pytest.raises(OSError):
        storage.saves_dir().is_dir()  # what Python 3.11 raises (the crash this replaces)
    paths, problem = storage.scan_saves()
    assert paths == [] and problem and "cannot be read" in problem
    assert storage.list_autosaves() == [] and len(problem) <= files.MAX_SHOWN
    entries, problems = history.load()
    assert entries == [] and problems and "cannot be read" in problems[0]
    assert history.prune(1) == [] and history.delete_all() == 0


def test_a_folder_that_cannot_be_entered_is_a_message(monkeypatch):
    """As root every folder can be entered, so the refusal is what ``os.scandir`` raises for
    a person without permission."""
    storage.saves_dir().mkdir(parents=True)
    real = os.scandir

    def refuse(path):
        if os.fspath(path) == os.fspath(storage.saves_dir()):
            raise PermissionError(13, "Permission denied", os.fspath(path))
        return real(path)

    monkeypatch.setattr(os, "scandir", refuse)
    paths, problem = storage.scan_saves()
    assert paths == [] and "permission denied" in problem


def test_names_that_are_not_utf8_are_listed_and_shown_with_a_mark():
    folder = storage.saves_dir()
    folder.mkdir(parents=True)
    raw = os.fsencode(folder) + b"/caf\xe9 \xff.json"
    with open(raw, "w", encoding="utf-8") as fh:
        fh.write(good_record("rising").dumps())
    (path,) = storage.list_saves()
    with pytest.raises(UnicodeEncodeError):
        path.name.encode("utf-8")
    shown = files.shown_name(path)
    assert shown == "caf? ?.json"
    assert storage.read_save(path).game == "rising"  # the file itself still opens


def test_shown_bounds_and_cleans_any_text():
    assert files.shown("a" * 10) == "a" * 10
    long = files.shown("b" * MB)
    assert len(long) <= files.MAX_SHOWN and long.endswith("more characters)")
    assert files.shown("x\udcff") == "x?"


@pytest.mark.parametrize(
    "slot", ["CON", "con", "Nul", "AUX", "PRN", "COM1", "lpt9", "COM\u00b9", " CON ", "CON."]
)
def test_a_save_is_never_named_as_a_windows_device(slot):
    stem = storage.save_path(slot).stem
    assert stem.upper() not in storage.DEVICE_NAMES and stem.rstrip("_").upper() in {
        slot.strip(" .").upper(),
        slot.strip().upper().replace(".", "_").rstrip("_"),
    }


@pytest.mark.parametrize("slot", ["CONSOLE", "COM10", "my CON game", "autosave-guards"])
def test_ordinary_names_are_kept(slot):
    assert storage.save_path(slot).stem == slot


def test_a_slot_name_stays_short_enough_for_every_file_system():
    stem = storage.save_path("\U0001f30a" * 500).stem
    assert len(os.fsencode(stem + ".json")) <= 255


def test_format_version_true_is_not_one():
    data = good_record("rising").to_json()
    data["format_version"] = True
    with pytest.raises(SaveError, match="version"):
        GameRecord.from_json(data)


def test_a_hero_file_with_a_huge_name_is_left_out_with_its_reason(monkeypatch, tmp_path):
    from game.guards import cards

    for f in cards.HERO_DIR.glob("*.toml"):
        shutil.copy(f, tmp_path / f.name)
    wasp = tmp_path / "wasp.toml"
    text = wasp.read_text(encoding="utf-8")
    wasp.write_text(text.replace('name = "Wasp"', 'name = "' + "W" * 40_000 + '"', 1))
    assert wasp.read_text(encoding="utf-8") != text
    monkeypatch.setattr(cards, "HERO_DIR", tmp_path)
    cards._hero_files.cache_clear()
    try:
        assert "wasp" not in cards.heroes() and "brogan" in cards.heroes()
        (problem,) = cards.hero_file_problems()
        assert "wasp.toml" in problem and "40,000 characters" in problem
        assert len(problem) <= files.MAX_SHOWN
    finally:
        cards._hero_files.cache_clear()
