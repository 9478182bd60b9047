"""Settings and files on disk: round trips, damaged files, atomic writes."""

from __future__ import annotations

import json
import os

from game.core import storage
from game.core.storage import Settings


def test_settings_round_trip():
    s = Settings(fullscreen=True, volume=0.25, animation_speed="4x", colourblind=True)
    s.save()
    loaded, problem = Settings.load()
    assert problem is None
    assert loaded == s


def test_settings_live_in_the_config_dir(_private_home):
    Settings().save()
    assert (storage.config_dir() / "settings.json").exists()
    assert str(storage.config_dir()).startswith(str(_private_home))


def test_damaged_settings_give_defaults_a_message_and_are_set_aside_intact():
    path = storage.config_dir() / "settings.json"
    path.parent.mkdir(parents=True)
    path.write_text("{ not json", encoding="utf-8")
    loaded, problem = Settings.load()
    assert loaded == Settings()
    assert problem and "damaged" in problem and "defaults" in problem
    (aside,) = storage.config_dir().glob("settings.unreadable-*.json")
    assert aside.name in problem
    assert aside.read_text(encoding="utf-8") == "{ not json"


def test_out_of_range_settings_are_clamped():
    path = storage.config_dir() / "settings.json"
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({"volume": 7, "animation_speed": "99x", "window_width": 5}))
    loaded, _ = Settings.load()
    assert loaded.volume == 1.0
    assert loaded.animation_speed == "1x"
    assert loaded.window_width == 640


def test_atomic_write_never_leaves_a_half_file(tmp_path, monkeypatch):
    target = tmp_path / "f.json"
    storage.atomic_write(target, "old")

    def boom(src, dst):
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", boom)
    try:
        storage.atomic_write(target, "new")
    except OSError:
        pass
    assert target.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["f.json"]


def test_damaged_statistics_are_set_aside_not_lost():
    path = storage.data_dir() / "stats.json"
    path.parent.mkdir(parents=True)
    path.write_text("garbage")
    problem = storage.record_result("toy", {"won": True})
    assert storage.load_stats()["games"] == [{"game": "toy", "won": True}]
    (aside,) = storage.data_dir().glob("stats.unreadable-*.json")
    assert aside.read_text() == "garbage"
    assert problem and "damaged" in problem and aside.name in problem


# --- autosaves: one per game ------------------------------------------------------------------
def _record(game: str = "toy", moves: int = 0):
    import toygame

    from game.core.saves import GameRecord, Seat

    toygame.install()
    record = GameRecord(game, {}, 3, [Seat("Ana"), Seat("Bo", "bot", "easy")])
    record.actions = []
    for _ in range(moves):
        state = record.replay()
        dec = state.decision()
        record.actions.append(state.legal_actions(dec.players[0])[0])
    return record


def test_each_game_has_its_own_autosave_file():
    assert storage.autosave_path("rising").name == "autosave-rising.json"
    assert storage.autosave_path("guards") != storage.autosave_path("rising")
    for name, auto in (
        ("autosave-rising", True),
        ("autosave", True),  # the single slot of older versions
        ("autosave.unreadable-20261201-120000", False),
        ("autosave-rising.unreadable-20261201-120000", False),
        ("Evening dive", False),
    ):
        assert storage.is_autosave(storage.saves_dir() / f"{name}.json") is auto, name


def test_list_autosaves_leaves_out_named_and_set_aside_files():
    storage.write_save(_record(), storage.autosave_slot("toy"))
    storage.write_save(_record(), "My game")
    aside = storage.saves_dir() / "autosave.unreadable-20261201-120000.json"
    aside.write_text("{")
    assert [p.name for p in storage.list_autosaves()] == ["autosave-toy.json"]
    assert storage.has_autosave()


def test_an_old_autosave_of_the_same_game_is_adopted_byte_for_byte():
    legacy = storage.write_save(_record(moves=2), storage.AUTOSAVE)
    before = legacy.read_bytes()
    storage.adopt_legacy_autosave("toy")
    assert not legacy.exists()
    assert storage.autosave_path("toy").read_bytes() == before


def test_an_old_autosave_of_another_game_or_beside_an_own_one_stays():
    legacy = storage.write_save(_record(moves=2), storage.AUTOSAVE)
    before = legacy.read_bytes()
    storage.adopt_legacy_autosave("rising")  # another game: not its autosave
    assert legacy.read_bytes() == before
    own = storage.write_save(_record(moves=1), storage.autosave_slot("toy"))
    own_bytes = own.read_bytes()
    storage.adopt_legacy_autosave("toy")  # the game has its own: nothing is replaced
    assert legacy.read_bytes() == before and own.read_bytes() == own_bytes


def test_an_unreadable_old_autosave_is_set_aside_not_overwritten():
    legacy = storage.save_path(storage.AUTOSAVE)
    legacy.parent.mkdir(parents=True, exist_ok=True)
    legacy.write_text("{ damaged")
    storage.adopt_legacy_autosave("toy")
    assert not legacy.exists()
    aside = [p for p in storage.list_saves() if ".unreadable-" in p.name]
    assert len(aside) == 1 and aside[0].read_text() == "{ damaged"
    assert storage.list_autosaves() == []
