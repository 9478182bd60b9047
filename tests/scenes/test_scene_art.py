"""Assets, audio that may fail, palettes, the sea and the icon."""

from __future__ import annotations

import json

import pygame

from scenes import assets
from scenes.audio import Audio
from scenes.canvas import Canvas
from scenes.palette import COLOURBLIND_SEATS, STANDARD_SEATS, draw_seat_marker, style_by_name
from scenes.sea import Sea


def test_every_bundled_file_is_present_and_the_theme_uses_absolute_fonts():
    assert assets.missing_files() == []
    theme = assets.theme_dict()
    paths = []

    def walk(node):
        if isinstance(node, dict):
            for k, v in node.items():
                if k.endswith("_path"):
                    paths.append(v)
                walk(v)

    walk(theme)
    assert paths and all(assets.asset_root().as_posix() in p.replace("\\", "/") for p in paths)
    assert json.loads(assets.asset("theme.json").read_text())["defaults"]


def test_frozen_builds_find_assets_under_meipass(monkeypatch, tmp_path):
    monkeypatch.setattr("sys._MEIPASS", str(tmp_path), raising=False)
    assert assets.asset("icon.png") == tmp_path / "assets" / "icon.png"


def test_fonts_licences_ship_with_the_fonts():
    fonts = assets.asset("fonts")
    assert (fonts / "NotoSans-OFL.txt").is_file() and (fonts / "Quattrocento-OFL.txt").is_file()


def test_no_audio_device_means_silence_not_a_crash(monkeypatch):
    def broken(*a, **k):
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", broken)
    audio = Audio(0.8)
    assert not audio.ok and "no audio" in audio.problem
    audio.play("click")
    audio.start_ambience()
    audio.set_volume(0.2)
    audio.stop_ambience()


def test_a_sound_that_fails_mid_game_turns_audio_off(monkeypatch):
    audio = Audio(0.5)
    if not audio.ok:
        return

    class Broken:
        def play(self, *a, **k):
            raise pygame.error("device gone")

        def set_volume(self, v):
            raise pygame.error("device gone")

    audio.sounds["click"] = Broken()
    audio.play("click")
    assert not audio.ok


def test_colourblind_palette_is_okabe_ito_with_distinct_letters_and_shapes():
    assert (230, 159, 0) in [s.rgb for s in COLOURBLIND_SEATS]
    assert len({s.letter for s in COLOURBLIND_SEATS}) == len(COLOURBLIND_SEATS)
    assert len({s.shape for s in COLOURBLIND_SEATS}) == len(COLOURBLIND_SEATS)
    # a seat keeps its place when the setting changes
    assert style_by_name("Lagoon", True) == COLOURBLIND_SEATS[1]
    assert style_by_name("Sky blue", False) == STANDARD_SEATS[1]


def test_seat_markers_draw_every_shape():
    surf = Canvas(pygame.Surface((400, 60)))
    for i, style in enumerate(COLOURBLIND_SEATS):
        draw_seat_marker(surf, style, (30 + i * 60, 30), 18, True)
    assert surf.get_at((30, 30)) != pygame.Color(0, 0, 0)


def test_the_sea_moves():
    sea = Sea(1)
    a = Canvas(pygame.Surface((1280, 720)))
    b = Canvas(pygame.Surface((1280, 720)))
    sea.draw(a)
    for _ in range(30):
        sea.update(1 / 60)
    sea.draw(b)
    assert pygame.image.tobytes(a.surf, "RGB") != pygame.image.tobytes(b.surf, "RGB")
