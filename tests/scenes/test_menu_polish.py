"""What a newcomer tripped over on the menus, checked on the frame they see: the seat colours
of Settings, the monster toggles, labels that fit at any size, drop-downs that open downwards."""

from __future__ import annotations

from collections import Counter

import pygame
import pygame_gui
import pytest
from conftest import frames, open_scene

from game.core.saves import Seat
from game.core.storage import Settings
from game.rising.councilors import COLOURS
from scenes import assets
from scenes.app import App
from scenes.palette import INK
from scenes.settings_scene import SettingsScene
from scenes.setup_scene import SetupScene


@pytest.fixture(autouse=True)
def _reset_sizing():
    yield
    assets.set_text_sizing(assets.TextSizing())  # process-wide: leave it as other tests expect
    if pygame.display.get_init():
        pygame.event.get()


def _windowed(size: tuple[int, int], ui_scale: float = 0.0) -> App:
    """A headless App presenting into a window surface of ``size``."""
    app = App(headless=True, seed=3, settings=Settings(ui_scale=ui_scale))
    app.window = pygame.Surface(size)
    app.window_size = size
    app.apply_ui_scale()
    return app


def _dominant(app, centre, r: int = 14) -> tuple[int, int, int]:
    """The most common colour around ``centre`` on the frame, the marker's outline left out."""
    cx, cy = centre
    seen = Counter(
        tuple(app.frame.get_at((x, y)))[:3]
        for x in range(cx - r, cx + r + 1)
        for y in range(cy - r, cy + r + 1)
    )
    for colour, _ in seen.most_common():
        if colour != INK:
            return colour
    raise AssertionError("nothing drawn")


def test_settings_seat_colours_are_the_councilor_colours_the_rising_board_draws(app):
    from scenes.rising.board import RisingBoard
    from scenes.session import GameSession

    seats = [Seat(f"P{i}", "human", "normal", c) for i, c in enumerate(COLOURS)]
    session = GameSession.new("rising", seats, seed=2, autosave=False)
    for colourblind in (False, True):
        app.settings.colourblind = colourblind
        board_colours = [s.rgb for s in RisingBoard(app, session).styles]
        scene = SettingsScene(app)
        open_scene(app, scene)
        frames(app, 1)
        centres = scene.swatch_centres()
        assert len(centres) == len(COLOURS)
        shown = [_dominant(app, c) for c in centres]
        assert shown == board_colours, colourblind


# --- seat drop-downs open downwards whenever their list fits below ---------------------------
def _open_list(app, menu):
    """Click a drop-down as a person does and return its open list (the rect it shows at)."""
    from conftest import click

    click(app, menu)
    entries = getattr(menu.current_state, "options_selection_list", None)
    assert entries is not None, "the drop-down did not open"
    return entries


def _close(app, menu) -> None:
    """Close an open list the way a click elsewhere does (pygame-gui: the menu loses focus)."""
    menu.unfocus()
    frames(app, 2)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_seat_four_opens_its_lists_downwards_where_they_fit(size):
    from conftest import pick

    app = _windowed(size)
    scene = SetupScene(app)
    open_scene(app, scene)
    pick(app, scene.count_menu, "4")
    row = scene.rows[3]
    for menu in (row.kind, row.colour):
        shown = _open_list(app, menu)
        assert shown.rect.top > menu.rect.centery, "opened upwards with room below"
        assert shown.rect.bottom <= menu.ui_manager.window_resolution[1]
        assert len(shown.item_list) == len(menu.options_list)
        _close(app, menu)


def test_every_seat_list_opens_downwards_unless_it_would_not_fit(app):
    from conftest import pick

    scene = SetupScene(app)
    open_scene(app, scene)
    pick(app, scene.count_menu, "6")
    height = app.frame.get_height()
    for row in scene.rows:
        for menu in (row.kind, row.colour):
            shown = _open_list(app, menu)
            assert 0 <= shown.rect.top and shown.rect.bottom <= height, "the list is cut"
            downwards = shown.rect.top > menu.rect.centery
            room = height - menu.rect.bottom
            whole = len(menu.options_list) * 44 + 6  # the theme's item height, shadow, border
            assert downwards == (whole <= room), (menu.selected_option, room)
            _close(app, menu)


# --- the monster toggles show on and off by shape and brightness, not by hue ------------------
def _lum(c) -> float:
    return 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2]


def _mark_brightness(app, centre, r: int = 5) -> float:
    """The share of bright pixels in the disc of a toggle's mark (grey levels only: what a
    colour-blind player tells apart as well as anyone)."""
    cx, cy = centre
    pts = [
        (x, y)
        for x in range(cx - r, cx + r + 1)
        for y in range(cy - r, cy + r + 1)
        if (x - cx) ** 2 + (y - cy) ** 2 <= r * r
    ]
    return sum(_lum(app.frame.get_at(p)) > 110 for p in pts) / len(pts)


def test_monster_toggles_show_a_tick_when_on_and_an_empty_ring_when_off(app):
    from conftest import click

    scene = SetupScene(app)
    open_scene(app, scene)
    toggles = scene.option_toggles["monsters"]
    click(app, toggles["medusa"])
    click(app, toggles["scylla"])
    click(app, toggles["scylla"])  # on and off again: it must look off
    app.step(
        [pygame.event.Event(pygame.MOUSEMOTION, pos=(640, 700), rel=(0, 0), buttons=(0, 0, 0))],
        1 / 60,
    )
    frames(app, 2)
    # the mark sits on each button's top-right corner
    marks = {b: (b.rect.right - 4, b.rect.y + 4) for b in toggles.values()}
    bright = {name: _mark_brightness(app, marks[b]) for name, b in toggles.items()}
    assert toggles["medusa"].is_selected and not toggles["scylla"].is_selected
    assert bright["medusa"] > 0.55, bright  # a filled disc (with its dark tick)
    assert bright["scylla"] < 0.2 and bright["harpies"] < 0.2, bright  # an empty ring
    cx, cy = marks[toggles["medusa"]]
    tick = [app.frame.get_at((cx + dx, cy + dy)) for dx in range(-4, 5) for dy in range(-4, 5)]
    assert any(_lum(c) < 40 for c in tick), "no tick drawn in the disc"
    assert marks == dict(scene.toggle_marks())


# --- labels are as large as their text, at any size and after a resize ----------------------
def _every_scene(app):
    """Every screen the screenshots show, then the dialogs and overlays the fuzz tests visit."""
    from test_scene_fuzz import SCENES

    from scenes.screenshot_director import _shots
    from scenes.title_scene import TitleScene

    for name, make in _shots():
        yield name, (lambda a: TitleScene(a)) if make is None else make
    yield from ((f"fuzz-{name}", make) for name, make in SCENES.items())


def _label_complaints(got: list, records: list) -> list[str]:
    said = [str(w.message) for w in got] + [r.getMessage() for r in records]
    return [s for s in said if "too small" in s]


@pytest.mark.parametrize(("size", "ui_scale"), [((900, 600), 0.0), ((1280, 720), 2.0)])
def test_no_label_is_too_small_for_its_text_on_any_screen(toy_game, caplog, size, ui_scale):
    import logging
    import warnings

    app = _windowed(size, ui_scale)
    caplog.set_level(logging.WARNING)
    complaints: dict[str, list[str]] = {}
    for name, make in _every_scene(app):
        caplog.clear()
        with warnings.catch_warnings(record=True) as got:
            warnings.simplefilter("always")
            open_scene(app, make(app))
            frames(app, 2)
        if found := _label_complaints(got, caplog.records):
            complaints[name] = found
    app.stack.clear()
    app.stack.apply_pending()
    assert not complaints, complaints


def _resize(app, size: tuple[int, int]) -> None:
    """The player drags the window to ``size``; the text follows once the size holds."""
    app.window = pygame.Surface(size)
    app.step([pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])], 1 / 60)
    frames(app, 30)  # past the settle time


def test_after_a_resize_to_900x600_the_setup_labels_fit_and_every_choice_is_kept():
    import warnings

    from conftest import click, pick

    app = _windowed((1280, 720))
    scene = SetupScene(app)
    open_scene(app, scene)
    pick(app, scene.count_menu, "4")
    pick(app, scene.option_menus["energy_start"], "no")
    pick(app, scene.rows[2].kind, "Human")
    click(app, scene.option_toggles["monsters"]["medusa"])
    before = (dict(scene.option_values), [(r.kind_value, r.colour_value) for r in scene.rows])
    with warnings.catch_warnings(record=True) as got:
        warnings.simplefilter("always")
        _resize(app, (900, 600))
    assert app.text_sizing.floor == 18  # the text did grow
    assert not _label_complaints(got, []), got
    assert (dict(scene.option_values), [(r.kind_value, r.colour_value) for r in scene.rows]) == (
        before
    )
    assert scene.option_menus["energy_start"].selected_option[0] == "no"
    assert scene.option_toggles["monsters"]["medusa"].is_selected
    labels = {el.text: el for el in scene.elements if isinstance(el, pygame_gui.elements.UILabel)}
    for opt_key, menu in scene.option_menus.items():
        opt = next(o for o in scene.spec.options if o.key == opt_key)
        lab = labels[opt.label]
        width = lab.font.get_rect(lab.text).width
        assert width <= lab.rect.width, opt.label  # the whole text is drawn
        assert lab.rect.x + width <= menu.rect.x, opt.label  # and not under its drop-down


def test_picking_200_percent_moves_the_settings_controls_clear_of_their_labels(app):
    from conftest import pick

    scene = SettingsScene(app)
    open_scene(app, scene)
    pick(app, scene.ui_scale, "200%")
    assert app.settings.ui_scale == 2.0
    frames(app, 2)
    controls = [scene.display, scene.ui_scale, scene.volume, scene.speed]
    controls += [scene.colourblind, scene.guidance]
    for lab, control in zip(scene.labels, controls, strict=True):
        width = lab.font.get_rect(lab.text).width
        assert width <= lab.rect.width, lab.text
        assert lab.rect.x + width < control.rect.x, lab.text
    assert scene.volume_label.font.get_rect("70%").width <= scene.volume_label.rect.width
