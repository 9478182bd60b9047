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
