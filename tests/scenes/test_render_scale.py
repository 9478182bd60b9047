"""A window larger than 1280×720 gets the frame drawn at its own resolution: text and lines
are made at the window's pixels, not a 1280×720 picture blown up (which blurs every letter).

Everything is measured on the window, as a player meets it. Text height is the rows of window
pixels a word covers (the frame drawn with and without it). Sharpness is how steep a glyph's
edges are: in each row of a word, the largest steps between neighbouring pixels, as a share of
the word's contrast. A 1280×720 frame smoothscaled to 1920×1080 spreads every edge over two or
three pixels and scores about 0.6 of the 1280×720 frame; a frame drawn at 1920×1080 scores as
the 1280×720 one does. The sharpness tests read only the window, so they run (and fail) on the
smoothscaling code as well.
"""

from __future__ import annotations

import statistics

import pygame
import pytest
from conftest import frames, on_window, open_scene, pick

from game.core.saves import Seat
from game.core.storage import Settings
from scenes import assets, canvas
from scenes.app import App
from scenes.session import GameSession

SMALL, HD = (1280, 720), (1920, 1080)


@pytest.fixture(autouse=True)
def _reset_sizing():
    yield
    assets.set_text_sizing(assets.TextSizing())  # process-wide: leave it as other tests expect
    if pygame.display.get_init():
        pygame.event.get()  # clear() would keep queued UI events (and their App) forever


def windowed_app(size: tuple[int, int]) -> App:
    """A headless App presenting into a window surface of ``size``."""
    app = App(headless=True, seed=3, settings=Settings())
    app.window = pygame.Surface(size)
    app.window_size = size
    app.apply_ui_scale()
    return app


def still_frame(app: App) -> pygame.Surface:
    """One frame with no time passing (the sea stays put), as the window shows it."""
    app.step([], 0.0)
    return app.window.copy()


def canvas_on_window(app: App, rect: pygame.Rect) -> pygame.Rect:
    """Where a rect in canvas units lands on the window (one pixel of margin around)."""
    v = app.view_rect
    s = v.width / 1280
    return pygame.Rect(
        int(v.x + rect.x * s) - 1,
        int(v.y + rect.y * s) - 1,
        int(rect.w * s) + 3,
        int(rect.h * s) + 3,
    ).clip(app.window.get_rect())


def widget_on_window(app: App, element) -> pygame.Rect:
    """Where a widget lands on the window (its manager lays out in the frame's own pixels)."""
    v = app.view_rect
    fw, fh = element.ui_manager.window_resolution
    r = element.rect
    return pygame.Rect(
        int(v.x + r.x * v.width / fw) - 1,
        int(v.y + r.y * v.height / fh) - 1,
        int(r.w * v.width / fw) + 3,
        int(r.h * v.height / fh) + 3,
    ).clip(app.window.get_rect())


def _lum(c: pygame.Color) -> float:
    return 0.299 * c.r + 0.587 * c.g + 0.114 * c.b


def ink_box(a: pygame.Surface, b: pygame.Surface, rect: pygame.Rect) -> pygame.Rect | None:
    """The box of window pixels that differ between two frames inside ``rect`` (the word)."""
    xs, ys = [], []
    for y in range(rect.top, rect.bottom):
        for x in range(rect.left, rect.right):
            pa, pb = a.get_at((x, y)), b.get_at((x, y))
            if abs(pa.r - pb.r) + abs(pa.g - pb.g) + abs(pa.b - pb.b) > 90:
                xs.append(x)
                ys.append(y)
    if not xs:
        return None
    return pygame.Rect(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)


def steepness(frame: pygame.Surface, rect: pygame.Rect) -> float:
    """How sharp the text in ``rect`` is: per row that crosses a glyph, the mean of its three
    largest neighbour steps over the box's contrast; the median over those rows (1: edges
    jump from background to ink in one pixel)."""
    rows = [
        [_lum(frame.get_at((x, y))) for x in range(rect.left, rect.right)]
        for y in range(rect.top, rect.bottom)
    ]
    flat = [v for row in rows for v in row]
    contrast = max(flat) - min(flat)
    assert contrast > 60, "no text to measure here"
    scores = []
    for row in rows:
        if max(row) - min(row) < contrast / 2:
            continue  # a row between lines or above the glyphs
        steps = sorted((abs(b - a) for a, b in zip(row, row[1:], strict=False)), reverse=True)
        scores.append(statistics.mean(steps[:3]) / contrast)
    return statistics.median(scores)


def measure_word(app: App, hide, show, rect: pygame.Rect) -> tuple[int, float]:
    """(rows the word covers, its sharpness): the frame is drawn with the word and without."""
    hide()
    without = still_frame(app)
    show()
    with_word = still_frame(app)
    box = ink_box(with_word, without, rect)
    assert box is not None, "the word drew nothing"
    return box.height, steepness(with_word, box.inflate(4, 4).clip(rect))


def widget_word(app: App, element) -> tuple[int, float]:
    text = element.text
    return measure_word(
        app,
        lambda: element.set_text(""),
        lambda: element.set_text(text),
        widget_on_window(app, element),
    )


def _title(app: App):
    from scenes.title_scene import TitleScene

    scene = TitleScene(app)
    open_scene(app, scene)
    return scene


def _setup(app: App):
    from scenes.setup_scene import SetupScene

    scene = SetupScene(app)
    open_scene(app, scene)
    return scene


def _players_label(scene):
    return next(e for e in scene.elements if getattr(e, "text", "") == "Players")


def heading_word(app: App, scene) -> tuple[int, float]:
    """The menu heading a scene draws itself (the display face)."""
    text = scene.heading
    return measure_word(
        app,
        lambda: setattr(scene, "heading", ""),
        lambda: setattr(scene, "heading", text),
        canvas_on_window(app, pygame.Rect(340, 28, 600, 70)),
    )


def _midgame(app: App):
    from scenes.rising import shots

    board = shots.midgame(app)
    open_scene(app, board)
    return board


def prompt_word(app: App, board, monkeypatch) -> tuple[int, float]:
    """The decision line under the island (the board draws it itself, bold)."""
    from scenes.rising import board_drawing

    prompt = "Click a highlighted place on the board."
    real = board_drawing.blit_text
    hidden = [False]

    def drawing(surface, s, *args, **kwargs):
        if hidden[0] and s == prompt:
            return pygame.Rect(0, 0, 0, 0)
        return real(surface, s, *args, **kwargs)

    monkeypatch.setattr(board_drawing, "blit_text", drawing)
    return measure_word(
        app,
        lambda: hidden.__setitem__(0, True),
        lambda: hidden.__setitem__(0, False),
        canvas_on_window(app, pygame.Rect(300, 640, 680, 80)),
    )


def compact_log(app: App) -> tuple[list[int], float]:
    """Heights of the compact log's lines on the window (bands of bright rows) and the log's
    sharpness."""
    from scenes.rising.panels import LOG

    frame = still_frame(app)
    r = canvas_on_window(app, LOG.inflate(-24, -60).move(0, 20))
    bands, run = [], 0
    for y in range(r.top, r.bottom + 1):
        lit = y < r.bottom and any(
            sum(frame.get_at((x, y))[:3]) > 330 for x in range(r.left, r.right)
        )
        if lit:
            run += 1
        elif run:
            bands.append(run)
            run = 0
    return bands, steepness(frame, r)


def _compare(small: tuple[int, float], large: tuple[int, float]) -> None:
    (h_small, sharp_small), (h_large, sharp_large) = small, large
    assert h_large >= 1.45 * h_small, (h_small, h_large)
    # as sharp as the 1280×720 frame's own text (the smoothscaled frame scores about 0.6 of it)
    assert sharp_large >= 0.9 * sharp_small, (sharp_small, sharp_large)


# --- 1: text at 1920×1080 is half as tall again and as sharp as at 1280×720 ---------------
def test_title_text_at_1080p_is_larger_and_sharp():
    measured = {}
    for size in (SMALL, HD):
        app = windowed_app(size)
        scene = _title(app)
        button = widget_word(app, scene.new_btn)
        subtitle = scene.subtitle
        line = measure_word(
            app,
            lambda s=scene: setattr(s, "subtitle", ""),
            lambda s=scene, t=subtitle: setattr(s, "subtitle", t),
            canvas_on_window(app, pygame.Rect(140, 136, 1000, 38)),
        )
        measured[size] = (button, line)
    _compare(measured[SMALL][0], measured[HD][0])  # a widget's label (pygame-gui)
    _compare(measured[SMALL][1], measured[HD][1])  # a line the scene draws itself


def test_setup_text_at_1080p_is_larger_and_sharp():
    measured = {}
    for size in (SMALL, HD):
        app = windowed_app(size)
        scene = _setup(app)
        measured[size] = (widget_word(app, scene.start_btn), heading_word(app, scene))
    _compare(measured[SMALL][0], measured[HD][0])
    _compare(measured[SMALL][1], measured[HD][1])


def test_rising_board_text_at_1080p_is_larger_and_sharp(monkeypatch):
    measured = {}
    for size in (SMALL, HD):
        app = windowed_app(size)
        board = _midgame(app)
        assert board.log.lines, "the game has written nothing to the log yet"
        measured[size] = (prompt_word(app, board, monkeypatch), compact_log(app))
        monkeypatch.undo()
    _compare(measured[SMALL][0], measured[HD][0])
    (small_lines, small_sharp), (large_lines, large_sharp) = measured[SMALL][1], measured[HD][1]
    assert large_sharp >= 0.9 * small_sharp, (small_sharp, large_sharp)
    # the same lines, none run together, each drawn larger (small print is hinted a little
    # taller at 12 px than at 18, so its rows grow by less than the scale: at least 1.3×)
    assert len(large_lines) == len(small_lines)
    assert max(large_lines) >= 1.3 * max(small_lines), (small_lines, large_lines)


def test_nothing_on_the_frames_at_1080p_is_resampled():
    """Every sprite, panel and picture is made at the window's pixels: none is scaled on its
    way to the 1920×1080 frame (a scaled one would be blurred), and the frame itself is put
    on the window pixel for pixel."""
    from scenes import canvas
    from scenes.rising import shots
    from scenes.settings_scene import SettingsScene

    app = windowed_app(HD)
    assert app.canvas.get_size() == HD
    before = canvas.stats.rescaled
    for make in (_title, _setup, lambda a: open_scene(a, SettingsScene(a))):
        make(app)
        frames(app, 3)
    for make in (shots.midgame, shots.attack, shots.medusa, shots.scylla):
        open_scene(app, make(app))
        frames(app, 3)
    assert canvas.stats.rescaled == before
    assert pygame.image.tobytes(app.window, "RGB") == pygame.image.tobytes(app.canvas, "RGB")


# --- 3: widgets and the board answer the mouse at 1920×1080 ----------------------------------
def test_players_picked_by_mouse_at_1080p_gives_four_seats():
    app = windowed_app(HD)
    scene = _setup(app)
    assert scene.count_menu.ui_manager.window_resolution == HD
    pick(app, scene.count_menu, "4")
    assert scene.seat_count == 4 and len(scene.rows) == 4


def _two_people() -> GameSession:
    seats = [Seat("Ana", "human", "easy", ""), Seat("Bo", "human", "easy", "")]
    return GameSession.new("rising", seats, seed=5, autosave=False)


def click_canvas_point(app: App, point: tuple[int, int]) -> None:
    """A person's click on the window where a canvas point shows."""
    v = app.view_rect
    s = v.width / 1280
    pos = (int(v.x + (point[0] + 0.5) * s), int(v.y + (point[1] + 0.5) * s))
    data = {"pos": pos, "rel": (0, 0), "buttons": (0, 0, 0)}
    app.step([pygame.event.Event(pygame.MOUSEMOTION, data)], 1 / 60)
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, {"pos": pos, "button": 1})], 1 / 60)
    app.step([pygame.event.Event(pygame.MOUSEBUTTONUP, {"pos": pos, "button": 1})], 1 / 60)


def _place_on_a_tile_by_mouse(app: App, board) -> None:
    from rising_ui import settle

    from game.rising.island import SPOT_INDEX

    settle(app, board)
    before = len(board.session.record.actions)
    spot = next(k for k, acts in board.plan.direct.items() if k in SPOT_INDEX and len(acts) == 1)
    wanted = board.plan.direct[spot][0]
    click_canvas_point(app, board.target_point(spot))
    frames(app, 2)
    assert len(board.session.record.actions) == before + 1, "the click on the tile did nothing"
    assert board.session.record.actions[-1] == wanted


def _board(app: App):
    from rising_ui import open_board

    return open_board(app, _two_people())


def test_a_board_tile_takes_a_click_at_1080p():
    app = windowed_app(HD)
    _place_on_a_tile_by_mouse(app, _board(app))


# --- 4: one App through three window sizes -------------------------------------------------
def _resize(app: App, size: tuple[int, int]) -> None:
    app.window = pygame.Surface(size)  # what the OS hands over after a resize
    event = pygame.event.Event(pygame.VIDEORESIZE, {"size": size, "w": size[0], "h": size[1]})
    app.step([event], 1 / 60)
    frames(app, 20)  # the size holds for a moment: widgets and the frame follow it


def test_resizing_1280_to_1080p_to_900x600_keeps_setup_working():
    app = windowed_app(SMALL)
    scene = _setup(app)
    pick(app, scene.count_menu, "3")
    assert len(scene.rows) == 3
    start_small = widget_word(app, scene.start_btn)
    for size, count in ((HD, "4"), ((900, 600), "2")):
        _resize(app, size)
        frame = app.canvas.get_size()
        assert frame == (HD if size == HD else SMALL)
        assert scene.manager.window_resolution == frame  # the widgets were laid out again
        pick(app, scene.count_menu, count)
        assert len(scene.rows) == int(count), size
        if size == HD:
            _compare(start_small, widget_word(app, scene.start_btn))
    # a widget made before the last resize answers too: the game menu opens and picks
    title = scene.game_menu.selected_option[0]
    pick(app, scene.game_menu, title)
    assert scene.spec is not None and scene.spec.title == title


def test_resizing_keeps_the_board_clickable():
    app = windowed_app(SMALL)
    board = _board(app)
    _place_on_a_tile_by_mouse(app, board)
    for size in (HD, (900, 600)):
        _resize(app, size)
        _place_on_a_tile_by_mouse(app, board)


def test_a_widget_tooltip_at_1080p_sits_beside_its_widget_inside_the_window():
    """The Monsters toggle's tooltip, hovered with the real pointer on a 1920×1080 window: as
    wide (in canvas units) as at 1280×720, beside its button, inside the frame."""
    widths = {}
    for size in (SMALL, HD):
        app = windowed_app(size)
        scene = _setup(app)
        toggle = next(iter(next(iter(scene.option_toggles.values())).values()))
        pos = on_window(app, toggle)
        app.step([pygame.event.Event(pygame.MOUSEMOTION, {"pos": pos, "rel": (1, 1)})], 1 / 60)
        for _ in range(13):
            app.step([], 0.1)
        tip = toggle.tool_tip
        assert tip is not None and tip.alive(), "no tooltip after the hover delay"
        frame = pygame.Rect((0, 0), app.canvas.get_size())
        assert frame.contains(tip.rect) and not tip.rect.colliderect(toggle.rect)
        widths[size] = tip.rect.width * 1280 / frame.width
    assert abs(widths[HD] - widths[SMALL]) <= 0.06 * widths[SMALL], widths


def test_a_dialog_in_its_panel_follows_a_resize_and_answers_the_mouse():
    """Widgets inside a panel (relative to it) move with it when the window changes scale."""
    from conftest import click

    from scenes.dialogs import MessageDialog

    app = windowed_app(SMALL)
    _title(app)
    closed = []
    dialog = MessageDialog(app, "A note", "Something to read.", on_close=lambda: closed.append(1))
    app.stack.push(dialog)
    frames(app, 2)
    _resize(app, HD)
    panel = dialog.panel.rect
    assert panel.size == (930, 450) and panel.center == (960, 540)  # 620×300 units at 1.5
    assert panel.contains(dialog.ok.rect)
    click(app, dialog.ok)
    assert closed and app.stack.top is not dialog


def test_every_line_of_a_size_is_drawn_at_one_height_on_a_large_window():
    """At 1920×1080 (1.5 pixels a unit) a long line, whose hinting runs wider than its layout,
    is drawn at the same size as a short one (condensed to its width, not a smaller face):
    a log's lines never show in two sizes."""
    pygame.font.init()
    assets.set_text_sizing(assets.TextSizing(density=1.5))
    try:
        lines = [
            "Calypso burns Sonar and moves one space E.",
            "Marina's Sonar: deep N, NE, NW; seamount E, SE, S, SW, W.",
            "Nereus explores: nothing at E5, and the monster wakes in the deep trench.",
            "Ok",
        ]
        for size in (13, 14, 15, 17):
            f = assets.font(size)
            heights = {f.render(t, True, (255, 255, 255)).surf.get_height() for t in lines}
            widths_ok = all(
                f.render(t, True, (255, 255, 255)).surf.get_width()
                <= canvas.px(f.size(t)[0], 1.5) + max(2, round(0.015 * f.size(t)[0] * 1.5))
                for t in lines
            )
            assert len(heights) == 1, (size, heights)
            assert widths_ok, size
    finally:
        assets.set_text_sizing(assets.TextSizing())
