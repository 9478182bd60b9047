"""Every screen of the three games is readable at every text size and window size: no text
outside its box, no two lines over each other, no widget's words cut or covered, nothing drawn
smaller than the chosen size allows (tests/scenes/screen_audit.py says how each is measured).

One App per text size and window size opens each screen of tests/scenes/screen_catalogue.py
and draws one frame of it (tests/scenes/screen_audit_run.py). The other window sizes are in
test_screen_text_audit_small.py (900×600) and _large.py (1920×1080), so they run in parallel.
"""

from __future__ import annotations

import pygame
import pytest
from screen_audit import widget_problems
from screen_audit_run import TEXT_SIZES, run_audit

from scenes.app import App


@pytest.mark.parametrize("size", TEXT_SIZES, ids=str)
def test_every_screen_is_readable_on_the_canvas_size(size):
    """1280×720: the canvas drawn as it is laid out."""
    run_audit(size, (1280, 720))


def test_the_widget_check_finds_a_cut_and_a_covered_word():
    """The widget half of the audit can fail: a button too narrow for its word, and a label
    with a drop-down laid over its words."""
    import pygame_gui

    from scenes.ui import button, label

    app = App(headless=True, seed=3)
    try:
        m = app.new_manager()
        button(m, (10, 10, 40, 40), "Start game")
        label(m, (10, 100, 200, 40), "Who plays")
        pygame_gui.elements.UIDropDownMenu(["yes", "no"], "yes", (30, 110, 160, 40), manager=m)
        button(m, (10, 200, 300, 50), "Fine")
        found = widget_problems(m)
    finally:
        pygame.event.get()
    assert any(p.startswith("cut:") and "'Start game'" in p for p in found), found
    assert any(p.startswith("covered:") and "'Who plays'" in p for p in found), found
    assert not any("'Fine'" in p for p in found), found


def test_the_audit_finds_text_drawn_below_the_chosen_size_and_shortened_words():
    """The canvas half can fail too: a line drawn smaller than the text size allows (a box
    that "fits" by shrinking) and a line cut with an ellipsis by the program's cutters."""
    from screen_audit import cut_lines, small_lines
    from text_audit import CUT_LINES, Line

    from scenes import assets

    def line(text: str, size: int) -> Line:
        rect = pygame.Rect(10, 10, 80, 14)
        return Line(text, rect, pygame.Rect(0, 0, 400, 300), "scenes.x:f:1", False, size=size)

    assets.set_text_sizing(assets.TextSizing(scale=2.0))
    try:
        small = small_lines([line("Placing Atlanteans", 14), line("Turn 3", 24), line("Ar", 11)])
    finally:
        assets.set_text_sizing(assets.TextSizing())
    assert [s.split("'")[1] for s in small] == ["Placing Atlanteans"]
    CUT_LINES.add("Spee…")
    try:
        cut = cut_lines([line("Spee…", 14), line("Speed 1x", 14)])
    finally:
        CUT_LINES.discard("Spee…")
    assert [s.split("'")[1] for s in cut] == ["Spee…"]
