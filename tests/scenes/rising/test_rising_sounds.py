"""Rising's event sounds: every file exists and loads, every engine event is accounted for."""

from __future__ import annotations

import random
import wave
from pathlib import Path

import pygame
import pytest

from game.core import registry
from game.core.events import SESSION_EVENTS
from game.core.protocol import Event
from scenes import audio as audio_mod
from scenes.assets import asset
from scenes.rising import sounds

ROOT = Path(__file__).resolve().parents[3]


def test_every_mapped_sound_is_a_known_name_with_a_file():
    for name in set(sounds.SOUND_FOR_EVENT.values()):
        assert name in audio_mod.SOUNDS, name
    for filename in audio_mod.SOUNDS.values():
        path = asset("sounds", filename)
        assert path.is_file(), path
        with wave.open(str(path)) as wav:
            assert wav.getnchannels() == 1 and wav.getsampwidth() == 2
            assert 0.03 < wav.getnframes() / wav.getframerate() < 10


def test_sounds_load_and_play_with_the_dummy_driver():
    a = audio_mod.Audio(0.6)
    if not a.ok:
        pytest.skip(f"no mixer even with the dummy driver: {a.problem}")
    assert set(a.sounds) == set(audio_mod.SOUNDS)
    for name in set(sounds.SOUND_FOR_EVENT.values()):
        a.play(name)
    a.play(None)
    a.play("no-such-sound")
    assert a.ok
    # the volume setting reaches every sound (the sea sits lower)
    a.set_volume(0.5)
    assert a.sounds["dice"].get_volume() == pytest.approx(0.5, abs=0.01)
    assert a.sounds["waves"].get_volume() < 0.5
    a.set_volume(0.0)
    a.play("flood")  # silent at volume 0, and no error
    assert a.ok


def test_a_missing_file_silences_only_that_sound(monkeypatch):
    if pygame.mixer.get_init() is None:
        try:
            pygame.mixer.init()
        except pygame.error:
            pytest.skip("no mixer")
    monkeypatch.setitem(audio_mod.SOUNDS, "dice", "missing.wav")
    a = audio_mod.Audio(0.4)
    assert a.ok and "dice" not in a.sounds and "flood" in a.sounds
    a.play("dice")
    assert a.ok


def test_every_event_the_engine_emits_is_sounded_or_deliberately_silent():
    assert not set(sounds.SOUND_FOR_EVENT) & sounds.SILENT_EVENTS
    known = set(sounds.SOUND_FOR_EVENT) | sounds.SILENT_EVENTS
    seen: set[str] = set()
    for seed in range(8):
        state = registry.get("rising").create(2 + seed % 5, {}, seed)
        rng = random.Random(seed)
        while state.decision() is not None:
            player = state.decision().players[0]
            for event in state.apply(rng.choice(state.legal_actions(player))):
                seen.add(event.kind)
    assert seen <= known, sorted(seen - known)
    assert {"die_rolled", "tile_flooded", "atlantean_placed", "game_lost"} <= seen
    # and every kind the engine declares is listed too (rare ones included), and nothing else
    declared = set(registry.get("rising").events) | set(SESSION_EVENTS)
    assert declared == known, (sorted(declared - known), sorted(known - declared))


def test_sound_for_accepts_events_and_kinds():
    assert sounds.sound_for(Event("tile_flooded", "x")) == "flood"
    assert sounds.sound_for("component_built") == "build"
    assert sounds.sound_for("energy_gained") is None
    batch = [Event("die_rolled", "a"), Event("resource_gained", "b"), Event("die_rolled", "c")]
    assert sounds.sounds_for(batch) == ["dice"]


def test_the_generator_is_deterministic_and_matches_the_files(tmp_path, monkeypatch):
    import importlib.util

    spec = importlib.util.spec_from_file_location("make_sounds", ROOT / "assets" / "make_sounds.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    monkeypatch.setattr(module, "OUT", tmp_path)
    for name in ("place.wav", "dice.wav"):  # the short ones; the rest follow the same code
        module._write(name, module.SOUNDS[name]())
        assert (tmp_path / name).read_bytes() == asset("sounds", name).read_bytes()
    assert set(module.SOUNDS) == set(audio_mod.SOUNDS.values())
