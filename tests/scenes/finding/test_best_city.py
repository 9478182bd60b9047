"""The gold outline of the likeliest city: drawn only when that guess stands out (at least
25 % sure), explained in the space's tooltip and on the Help page."""

from __future__ import annotations

import pygame
from board_ui import event
from conftest import frames
from finding_ui import ana_and_a_silent_bot, open_board, press

from ai.finding.chart_answer import ChartAnswer
from scenes.finding import chart_view
from scenes.finding.chart_tip import BEST_CITY_SHOWN, cell_tip, outlined_city
from scenes.finding.heat import HeatMap
from scenes.finding.help_text import page


def test_an_empty_chart_outlines_nothing_and_its_tooltip_says_nothing_of_an_outline(
    app, monkeypatch
):
    session = ana_and_a_silent_bot()
    st = session.state
    while st.phase != "play":
        p = st.decision().players[0]
        session.apply(st.legal_actions(p)[0])
    board = open_board(app, session)
    board.heat.close()
    board.heat = HeatMap(synchronous=True)
    outlined: list[frozenset[int]] = []
    real = chart_view.ChartView._outline
    monkeypatch.setattr(
        chart_view.ChartView,
        "_outline",
        lambda self, layer, cells, *a: (
            outlined.append(frozenset(cells)) or real(self, layer, cells, *a)
        ),
    )
    press(app, board, "aid:heat")
    frames(app, 2)
    answer = board.heat.result(0)
    assert answer is not None and answer.best_city and answer.best_p < BEST_CITY_SHOWN
    assert frozenset(answer.best_city) not in outlined
    cell = min(answer.best_city)
    pos = board.chart.cell_centre(cell)
    app.step([event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))], 1 / 60)
    frames(app, 60)
    assert "Heat map" in board.tipper.text and "Outlined" not in board.tipper.text


def _answer(best_p: float) -> ChartAnswer:
    cells = tuple(
        {"atlantis": 0.1, "artifact": 0.1, "seamount": 0.4, "deep": 0.4} for _ in range(36)
    )
    return ChartAnswer(6, cells, frozenset({7, 8}), best_p, facts=3)


def test_a_guess_that_stands_out_is_outlined_and_told_on_its_spaces():
    from scenes.finding.chart_model import ChartModel

    assert outlined_city(_answer(0.24)) == frozenset()
    assert outlined_city(_answer(0.25)) == frozenset({7, 8})
    model = ChartModel(6, 0, {}, (), None, (), False, {}, {})
    tip = cell_tip(model, 7, chance=0.6, best=(frozenset({7, 8}), 0.31))
    assert "likeliest whole city, 31 %" in tip
    assert "likeliest" not in cell_tip(model, 9, chance=0.1, best=(frozenset({7, 8}), 0.31))


def test_the_help_page_explains_the_outline_the_hatching_and_your_own_mine():
    text = page()
    assert "gold outline" in text and "25 %" in text
    assert "hatching" in text and "your own mine" in text
