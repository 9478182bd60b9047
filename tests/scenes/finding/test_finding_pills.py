"""Words around the chart that must not cover it or be cut: the burn panel's title, the
decision's line and "… is thinking" (off the chart's column letters), and the top bar of a
hot-seat screen that lingers on a person's results."""

from __future__ import annotations

import pygame
from board_ui import drawn_texts
from conftest import frames
from finding_ui import ana_and_a_silent_bot, do, open_board, press, settle

from scenes.assets import font
from scenes.finding import board_drawing
from scenes.finding.chart_view import ChartView


def _letters(chart: ChartView) -> tuple[pygame.Rect, pygame.Rect]:
    """The ink of the column letters above and below the grid (as the chart draws them)."""
    lab = chart.label
    f = font(max(9, min(18, round(lab * 0.62))), "bold")
    img = f.render("A", True, (255, 255, 255))
    real = img.surf.get_bounding_rect()  # in screen pixels: back to the board's units
    ink = pygame.Rect(real.x / img.k, real.y / img.k, real.w / img.k + 1, real.h / img.k + 1)
    boxes = []
    for cy in (chart.grid.y - lab // 2 - 2, chart.grid.bottom + lab // 2 + 2):
        at = img.get_rect(center=(chart.grid.x, cy))
        boxes.append(pygame.Rect(chart.grid.x, at.y + ink.y, chart.grid.w, ink.h))
    return boxes[0], boxes[1]


def _play_to(session, seat: int) -> None:
    st = session.state
    while st.phase != "play" or st.seat != seat:
        p = st.decision().players[0]
        legal = st.legal_actions(p)
        session.apply(next((a for a in legal if a.kind in ("sonar", "silent")), legal[0]))


def test_the_burn_panels_title_is_whole(app, monkeypatch):
    session = ana_and_a_silent_bot()
    _play_to(session, 0)
    board = open_board(app, session)
    press(app, board, "burn")
    texts = drawn_texts(app, monkeypatch, board_drawing)
    title = next(t for t in texts if t.startswith("Burn a card"))
    assert "…" not in title and "heard by all" in title


def test_the_decisions_line_and_the_thinking_pill_leave_the_column_letters_readable(
    app, monkeypatch
):
    session = ana_and_a_silent_bot()
    _play_to(session, 0)
    board = open_board(app, session)
    top, bottom = _letters(board.chart)
    shown: list[pygame.Rect] = []
    real = board.draw_announcement

    def spy(*a, **k):
        rect = real(*a, **k)
        if rect is not None:
            shown.append(rect)
        return rect

    monkeypatch.setattr(board, "draw_announcement", spy)
    frames(app, 5)
    assert shown, "Ana's turn is announced"
    assert not any(r.colliderect(bottom) or r.colliderect(top) for r in shown), (
        shown,
        top,
        bottom,
        board.chart.grid,
        board.chart.label,
    )
    # Ana ends her turn: the bot (who never answers here) is thinking
    for kind in ("silent", "sonar"):
        do(app, board, next(a for a in session.state.legal_actions(0) if a.kind == kind))
    settle(app, board)
    assert session.thinking() == "Kleito"
    places: list[tuple[str, tuple[int, int], int]] = []
    real_text = board_drawing.draw_text

    def text_spy(surface, text, pos, *a, **k):
        places.append((str(text), pos, k.get("size", 16)))
        return real_text(surface, text, pos, *a, **k)

    monkeypatch.setattr(board_drawing, "draw_text", text_spy)
    frames(app, 1)
    (text, (x, y), size) = next(p for p in places if "is thinking" in p[0])
    pill = pygame.Rect(x - 200, y, 400, font(size, "bold").get_linesize())
    assert not pill.colliderect(top) and not pill.colliderect(bottom)


def test_a_lingering_screens_top_bar_names_whose_results_they_are(app, monkeypatch):
    from finding_ui import do
    from test_finding_handover import _to_anas_turn, _two_people

    session, board = _two_people(app)
    _to_anas_turn(app, session, board)
    for kind in ("silent", "sonar"):
        do(app, board, next(a for a in session.state.legal_actions(0) if a.kind == kind))
    frames(app, 10)
    assert session.lingering == 0 and session.state.seat == 1
    text = " ".join(drawn_texts(app, monkeypatch, board_drawing))
    assert "Ana: your turn is over" in text and "until you pass the device" in text
    assert "Bo's turn" not in text and "Actions left" not in text
