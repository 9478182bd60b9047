"""The three boards draw every line of their panels apart and inside its panel, at every text
size a player can pick (1.0 to 2.0) and at "auto" in a small window (the text audit:
tests/scenes/text_audit.py records where each line's glyphs really land)."""

from __future__ import annotations

import importlib

import pygame
import pytest
import text_audit
from text_audit import Line, audit_frame, auditing, lines_on, problems

from game.core.storage import Settings
from scenes import canvas
from scenes.app import App
from scenes.game_ui import register_game_ui

POSITIONS = [
    ("rising", "rising-midgame"),
    ("rising", "rising-attack"),
    ("rising", "rising-build"),
    ("rising", "rising-scylla"),  # the monsters module: items and allies in the seat panels
    ("finding", "finding-chart-late-6"),
    ("finding", "finding-sonar-8"),
    ("guards", "guards-target"),
    ("guards", "guards-reveal"),
    ("guards", "guards-level"),
    ("guards", "guards-defence"),
    ("guards", "guards-two-lane"),  # ten heroes in the queue and the heroes panel
]
SCALES = [1.0, 1.25, 1.5, 1.75, 2.0, "auto"]


def _app(scale: float | str) -> App:
    if scale == "auto":  # a 900×600 window: the canvas shrinks, small text gets a floor
        app = App(headless=True, seed=3, settings=Settings(ui_scale=0.0))
        app.window = pygame.Surface((900, 600))
        app.window_size = (900, 600)
    else:
        app = App(headless=True, seed=3)
        app.settings.ui_scale = float(scale)
    app.apply_ui_scale()
    return app


@pytest.fixture(scope="module", autouse=True)
def _guards_registered():
    from scenes.guards import registration

    register_game_ui(registration.UI)


@pytest.mark.parametrize("scale", SCALES, ids=str)
@pytest.mark.parametrize(("game", "shot"), POSITIONS, ids=[s for _, s in POSITIONS])
def test_no_line_of_a_board_overlaps_another_or_leaves_its_panel(game, shot, scale):
    shots = dict(importlib.import_module(f"scenes.{game}.shots").SHOTS)
    with auditing():
        app = _app(scale)
        try:
            app.stack.reset(shots[shot](app))
            for _ in range(8):
                app.step([], 1 / 60)
            found = audit_frame(app)
            drawn = lines_on(app.frame)
        finally:
            app.stack.clear()
            app.stack.apply_pending()
            pygame.event.get()
    # (large text gives Finding's seats, cards and pencil turns under tabs: one shows)
    assert len(drawn) > 25, "the audit saw the board's text"
    assert not found, "\n".join(str(p) for p in found)


def _line(text: str, ink: tuple[int, int, int, int], box=(0, 0, 400, 300), seq=0) -> Line:
    return Line(text, pygame.Rect(ink), pygame.Rect(box), "scenes.x:f:1", False, seq)


def test_the_audit_finds_crowded_lines_and_lines_out_of_their_panel():
    """The check can fail: overlapping words, and words past their panel's edge."""
    found = problems(
        [
            _line("THE BLUEPRINT", (10, 10, 120, 16)),
            _line("1 of 10 built", (100, 12, 80, 16)),  # over the heading's end
            _line("Power Core", (10, 40, 80, 14)),
            _line("Flood Forges", (300, 280, 150, 30)),  # past the box's right and bottom
        ]
    )
    kinds = sorted(p.kind for p in found)
    assert kinds == ["outside", "overlap"], [str(p) for p in found]


def test_the_audit_follows_a_cached_panel_onto_the_canvas():
    """Text painted into an off-screen panel is found where the panel is blitted, still in
    that panel's box; text running past the panel's surface counts as outside it."""
    from scenes.rising.look import blit_text

    pygame.font.init()
    with auditing():
        frame = canvas.Canvas(pygame.Surface((400, 300)))
        part = canvas.surface((120, 40), pygame.SRCALPHA)
        blit_text(part, "strength 3", (10, 4), 15)
        blit_text(part, "a line far too long for this small panel", (10, 20), 15)
        text_audit.start_frame(frame)
        frame.blit(part, (200, 100))
        seen = lines_on(frame)
        found = problems(seen)
    assert {ln.text for ln in seen} == {"strength 3", "a line far too long for this small panel"}
    assert all(ln.box == pygame.Rect(200, 100, 120, 40) for ln in seen)
    assert [p.a.text for p in found if p.kind == "outside"] == [
        "a line far too long for this small panel"
    ]
