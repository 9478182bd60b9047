"""What a player notices of the Guards board's layout: every word stays inside its card,
button or panel at 1280x720 and in a 900x600 window (where the text floor makes small fonts
larger), on every kind of screen a person meets; and the camera fits either board."""

from __future__ import annotations

import importlib

import pygame
import pytest
from conftest import frames
from guards_ui import guards_shown, open_board, settle  # noqa: F401
from scripted import ScriptedRunner, reach

from game.core.saves import Seat
from scenes.guards import look, selection_view
from scenes.guards.hexes import Camera
from scenes.session import GameSession

SIZES = [(1280, 720), (900, 600)]
MODULES = ("board_drawing", "queue_view", "hand_view", "selection_view", "log_panel")
REGIONS = [look.TOP_BAR, look.ARENA, look.STRIP, look.QUEUE, look.HEROES, look.HAND, look.ASK]
SELECTING = [look.TOP_BAR, selection_view.GRID, selection_view.PREVIEW]


@pytest.fixture
def sizing_reset():
    yield
    from scenes import assets

    assets.set_text_sizing(assets.TextSizing())
    pygame.event.get()


def windowed(size):
    from game.core.storage import Settings
    from scenes.app import App

    app = App(headless=True, seed=3, settings=Settings())
    app.window = pygame.Surface(size)
    app.window_size = size
    app.apply_ui_scale()
    app.settings.animation_speed = "instant"
    return app


def record_texts(monkeypatch) -> list[tuple[str, pygame.Rect]]:
    drawn: list[tuple[str, pygame.Rect]] = []
    real = look.draw_text

    def recording(surface, text, pos, *a, **kw):
        rect = real(surface, text, pos, *a, **kw)
        drawn.append((text, pygame.Rect(rect)))
        return rect

    for name in MODULES:
        monkeypatch.setattr(
            importlib.import_module(f"scenes.guards.{name}"), "draw_text", recording
        )
    return drawn


def check(board, drawn, where: str) -> int:
    """Each text lies wholly inside the smallest card, button or panel holding its middle."""
    regions = SELECTING if board.view.phase == "select" else REGIONS
    if board.log.open and board.view.phase != "select":
        regions = [r for r in regions if r not in (look.QUEUE, look.HEROES)] + [look.LOG]
    boxes = [r for r, key, _ in board.hits if not key.startswith("info:")] + regions
    checked = 0
    for text, rect in drawn:
        if not text.strip():
            continue
        holders = [b for b in boxes if b.collidepoint(rect.center)]
        assert holders, f"{where}: {text!r} at {rect} is in no panel"
        box = min(holders, key=lambda b: b.w * b.h)
        assert box.contains(rect), f"{where}: {text!r} {rect} spills out of {box}"
        checked += 1
    return checked


STEPS = ["pick", "place", "play", "act", "defend", "level"]


@pytest.mark.parametrize("size", SIZES, ids=["1280x720", "900x600"])
def test_every_text_stays_inside_its_box(monkeypatch, sizing_reset, size):
    app = windowed(size)
    drawn = record_texts(monkeypatch)
    for step in STEPS:
        session = GameSession.new("guards", [Seat("Ana"), Seat("Bot", "bot", "random")],
                                  {"board": "one_lane"}, seed=5, pace_s=0.0, autosave=False,
                                  runner_factory=lambda: ScriptedRunner())  # fmt: skip
        reach(session, step)
        board = open_board(app, session)
        settle(app, board)
        if step == "pick":  # a hero previewed: its cards and the button show
            board.preview = "tile:unit:brogan"[5:]
        if step == "act":
            board.stage = "move"
        drawn.clear()
        board.redraw()
        frames(app, 1)
        assert check(board, drawn, f"{step} at {size}") > 10
        board.log.open = True
        drawn.clear()
        board.redraw()
        frames(app, 1)
        check(board, drawn, f"{step} (log) at {size}")


def test_the_camera_fits_both_boards_and_zooms_about_the_pointer():
    from game.guards import board as gboard

    for name in ("one_lane", "two_lane"):
        b = gboard.load(name)
        cam = Camera(tuple(look.ARENA), b.hexes)
        for h in b.hexes:  # every hex on screen when fitted
            x, y = cam.centre(h)
            assert look.ARENA.collidepoint(x, y)
            assert cam.hex_at((x, y)) == h
        h = b.hexes[len(b.hexes) // 2]
        p = cam.centre(h)
        cam.zoom_at(p, 2.0)
        assert cam.hex_at(p) == h and cam.size > cam.base_size * 1.9
        cam.pan(40, 0)
        assert cam.centre(h)[0] == pytest.approx(p[0] + 40, abs=1)
        cam.fit()
        assert cam.size == cam.base_size


@pytest.mark.parametrize("size", SIZES, ids=["1280x720", "900x600"])
def test_every_card_name_is_shown_whole_on_the_narrowest_card(monkeypatch, sizing_reset, size):
    """Every card of every hero, drawn as narrow as a hand ever makes it (the duo seat's ten
    cards) and at full size: its name is all there (shrunk or on two lines, never cut with an
    ellipsis), and every word stays on the card. On a full-size card at 1280x720 every value
    is shown whole too (a narrow card may shorten them; the tooltip has them all)."""
    from game.guards.cards import heroes
    from scenes import canvas as canvases
    from scenes.guards import hand_view

    windowed(size)
    session = GameSession.new("guards", [Seat("Ana"), Seat("Bob")], {"board": "one_lane"},
                              seed=5, pace_s=0.0, autosave=False)  # fmt: skip
    reach(session, "play")
    view = session.state.view(0)
    drawn = record_texts(monkeypatch)
    canvas = canvases.surface((1280, 720))
    narrow = hand_view.hand_rects(look.HAND, 10)[0]
    full = hand_view.hand_rects(look.HAND, 5)[0]
    count = 0
    for hero in heroes().values():
        for c in hero.cards:
            for rect in (narrow, full):
                drawn.clear()
                hand_view.draw_card(canvas, rect, view, 0, c, seat=0, note="face down")
                texts = [t for t, _ in drawn]
                joined = " ".join(texts).replace("- ", "")
                assert c.name in joined, (c.name, texts, size, rect.w)
                assert "face down" in joined, (c.name, texts, size, rect.w)
                if rect is full and size == (1280, 720):
                    assert not any("…" in t for t in texts), (c.name, texts)
                for t, r in drawn:
                    assert rect.contains(r), (c.name, t, r, rect)
                count += 1
    assert count > 200
