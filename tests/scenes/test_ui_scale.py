"""The UI scale: text measured on the window the player sees, at 900×600 and at 1920×1080.

Text height is measured the way a reader meets it: the rows of window pixels a rendered word
covers. For a widget's label the frame is drawn twice, with and without the word, and the rows
that differ are the word's rows; a word with an ascender and a descender ("Display") covers
about its font size.
"""

from __future__ import annotations

import json

import pygame
import pygame_gui
import pytest
from conftest import frames, open_scene, pick

from game.core.storage import Settings, config_dir
from scenes import assets
from scenes.app import MIN_TEXT_PX, App, auto_text_floor
from scenes.settings_scene import SCALE_CHOICES, SettingsScene


@pytest.fixture(autouse=True)
def _reset_scale():
    yield
    assets.set_text_sizing(assets.TextSizing())  # process-wide: leave it as other tests expect
    if pygame.display.get_init():
        pygame.event.get()  # clear() would keep queued UI events (and their App) forever


def windowed_app(size: tuple[int, int], ui_scale: float = 0.0) -> App:
    """A headless App presenting into a real-size window surface."""
    app = App(headless=True, seed=3, settings=Settings(ui_scale=ui_scale))
    app.window = pygame.Surface(size)
    app.window_size = size
    app.apply_ui_scale()
    return app


def still_frame(app: App) -> pygame.Surface:
    """Draw one frame with no time passing (the sea stays put) and copy the window."""
    app.step([], 0.0)
    return app.window.copy()


def rows_that_differ(a: pygame.Surface, b: pygame.Surface, rect: pygame.Rect) -> list[int]:
    rows = []
    for y in range(rect.top, rect.bottom):
        for x in range(rect.left, rect.right):
            pa, pb = a.get_at((x, y)), b.get_at((x, y))
            if abs(pa.r - pb.r) + abs(pa.g - pb.g) + abs(pa.b - pb.b) > 90:
                rows.append(y)
                break
    return rows


def window_rect(app: App, canvas_rect: pygame.Rect, width: int = 1280) -> pygame.Rect:
    """Where a canvas rectangle lands in the window (``width``: how wide the space it is in is:
    a widget's manager lays out in the frame's own pixels)."""
    v = app.view_rect
    k = v.width / width
    return pygame.Rect(
        int(v.x + canvas_rect.x * k) - 1,
        int(v.y + canvas_rect.y * k) - 1,
        int(canvas_rect.width * k) + 3,
        int(canvas_rect.height * k) + 3,
    ).clip(app.window.get_rect())


def label_height_on_window(app: App, scene: SettingsScene, text: str = "Display") -> int:
    """Rows of window pixels the settings label ``text`` covers."""
    labels = [
        e
        for e in scene.manager.get_sprite_group().sprites()
        if isinstance(e, pygame_gui.elements.UILabel) and getattr(e, "text", "") == text
    ]
    assert labels, f"no label {text!r}"
    label = labels[0]
    with_text = still_frame(app)
    label.set_text("")
    without = still_frame(app)
    label.set_text(text)
    area = window_rect(app, label.rect, label.ui_manager.window_resolution[0])
    rows = rows_that_differ(with_text, without, area)
    assert rows, "the label drew nothing"
    return rows[-1] - rows[0] + 1


def settings_on(app: App) -> SettingsScene:
    scene = SettingsScene(app)
    open_scene(app, scene)
    frames(app, 2)
    return scene


# --- the rule ---------------------------------------------------------------------------------
def test_auto_grows_small_text_only_where_the_canvas_shrinks():
    assert auto_text_floor((1280, 720)) == 0
    assert auto_text_floor((1920, 1080)) == 0
    assert auto_text_floor((900, 600)) == 18  # canvas at 0.70: 18 px fonts come out 12 px
    assert auto_text_floor((640, 360)) == 24
    sizing = assets.TextSizing(floor=18)
    assert (sizing.size(12), sizing.size(17), sizing.size(21), sizing.size(56)) == (18, 18, 21, 56)
    assert assets.TextSizing(scale=1.5).size(14) == 21


# --- measured on the window -------------------------------------------------------------------
def test_at_900x600_a_settings_label_is_under_12px_unscaled_and_at_least_12px_on_auto():
    small = windowed_app((900, 600), ui_scale=1.0)
    unscaled = label_height_on_window(small, settings_on(small))
    small.stack.clear()
    small.stack.apply_pending()

    app = windowed_app((900, 600))  # auto
    scaled = label_height_on_window(app, settings_on(app))
    assert unscaled < MIN_TEXT_PX <= scaled, (unscaled, scaled)


def test_at_1080p_text_is_drawn_large_on_the_window():
    app = windowed_app((1920, 1080))
    # nothing shrinks: text is laid out as designed, and drawn at the window's 1.5 pixels a unit
    assert app.text_sizing == assets.TextSizing(density=1.5)
    height = label_height_on_window(app, settings_on(app))
    assert height >= 1.5 * MIN_TEXT_PX, height


def _log_line_heights(app: App) -> list[int]:
    """Heights of the bands of bright rows in the compact log on the window (one band per
    line of text, when lines do not run into each other). The log is as tall as the column
    leaves it (the panels above grow with the text): its lines are read under its heading."""
    from scenes.rising.panels import LOG, log_least

    frame = still_frame(app)
    assert LOG.height > log_least(), "the compact log has no room for a line"
    lines = pygame.Rect(LOG.x + 12, LOG.y + log_least(), LOG.width - 24, LOG.height - log_least())
    r = window_rect(app, lines.inflate(0, -4))
    bright = []
    for y in range(r.top, r.bottom):
        lit = 0
        for x in range(r.left, r.right):
            c = frame.get_at((x, y))
            lit += (c.r + c.g + c.b) > 330
        bright.append(lit > 0)
    bands, run = [], 0
    for on in [*bright, False]:
        if on:
            run += 1
        elif run:
            bands.append(run)
            run = 0
    return bands


def test_the_smallest_text_the_log_is_at_least_12px_at_900x600_on_auto():
    from scenes.rising import shots

    app = windowed_app((900, 600))
    board = shots.midgame(app)
    open_scene(app, board)
    assert board.log.lines, "the game has written nothing to the log yet"
    bands = _log_line_heights(app)
    assert len(bands) >= 2, bands  # lines stay apart: the log spaces them by the font
    assert max(bands) >= MIN_TEXT_PX, bands
    # each band is one line, not lines run together
    assert max(bands) < 2 * MIN_TEXT_PX + 4, bands


# --- the setting ------------------------------------------------------------------------------
def test_text_size_picked_by_mouse_applies_at_once_and_is_saved(app):
    scene = settings_on(app)
    before = scene.volume_label.font.size("Display")
    pick(app, scene.ui_scale, "150%")
    assert app.settings.ui_scale == 1.5
    assert assets.text_sizing() == assets.TextSizing(scale=1.5)
    after = scene.volume_label.font.size("Display")
    assert after[1] >= before[1] * 1.4, (before, after)  # the open screen was rebuilt
    saved = json.loads((config_dir() / "settings.json").read_text(encoding="utf-8"))
    assert saved["ui_scale"] == 1.5
    again, warning = Settings.load()
    assert warning is None and again.ui_scale == 1.5
    pick(app, scene.ui_scale, SCALE_CHOICES[0])
    assert app.settings.ui_scale == 0.0  # auto: at 1280×720 nothing is shrunk, nothing grows
    assert assets.text_sizing() == assets.TextSizing()
    assert scene.volume_label.font.size("Display") == before


def test_an_older_settings_file_without_the_scale_still_loads():
    path = config_dir() / "settings.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"volume": 0.3, "animation_speed": "2x"}), encoding="utf-8")
    s, warning = Settings.load()
    assert warning is None
    assert (s.volume, s.animation_speed, s.ui_scale) == (0.3, "2x", 0.0)
    path.write_text(json.dumps({"ui_scale": 2}), encoding="utf-8")
    assert Settings.load()[0].ui_scale == 2.0
    path.write_text(json.dumps({"ui_scale": 1.1}), encoding="utf-8")
    assert Settings.load()[0].ui_scale == 0.0  # not a step offered: back to auto


def test_shrinking_the_window_grows_the_text_at_once():
    app = windowed_app((1280, 720))
    scene = settings_on(app)
    assert label_height_on_window(app, scene) >= MIN_TEXT_PX
    app.window = pygame.Surface((900, 600))  # what the OS hands over after a resize
    resize = pygame.event.Event(pygame.VIDEORESIZE, {"size": (900, 600), "w": 900, "h": 600})
    app.step([resize], 1 / 60)
    frames(app, 20)  # a size held for a moment (not every frame of a drag) re-sizes the text
    assert assets.text_sizing().floor == auto_text_floor((900, 600)) == 18
    assert label_height_on_window(app, scene) >= MIN_TEXT_PX
