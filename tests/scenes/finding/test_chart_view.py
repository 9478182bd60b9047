"""The chart on screen: pixels where a clue, a pencil mark, a boat or the heat map should be,
and nothing anywhere else; spaces found from points on any rect."""

from __future__ import annotations

import pygame
import pytest

from ai.finding.chart_answer import ChartAnswer, chart_answer
from scenes import canvas
from scenes.finding import chart_symbols as sym
from scenes.finding.chart_model import MARK_KINDS, ChartModel, Mark, chart_model
from scenes.finding.chart_tip import BEST_CITY_SHOWN
from scenes.finding.chart_view import ChartView
from scenes.finding.pencil import PENCIL_KINDS, Pencil
from scenes.palette import style_by_name
from tests.finding.helpers import act, c, table

RECT = pygame.Rect(40, 30, 620, 600)


@pytest.fixture(autouse=True)
def _pygame():
    pygame.init()
    yield


def _view(size: int = 6, rect: pygame.Rect = RECT) -> ChartView:
    v = ChartView(size)
    v.layout(rect)
    return v


def _render(
    view: ChartView, model: ChartModel, pencil: Pencil | None = None, **kw
) -> pygame.Surface:
    surf = pygame.Surface((1280, 720))
    surf.fill((1, 2, 3))
    view.draw(surf, model, pencil, **kw)
    return surf


def _pixels(surf: pygame.Surface, rect: pygame.Rect) -> bytes:
    return pygame.image.tobytes(surf.subsurface(rect), "RGB")


def _changed(view: ChartView, a: pygame.Surface, b: pygame.Surface) -> set[int]:
    """The spaces whose pixels differ between two renders."""
    return {
        cell
        for cell in range(view.size * view.size)
        if _pixels(a, view.cell_rect(cell)) != _pixels(b, view.cell_rect(cell))
    }


def _count(surf: pygame.Surface, rect: pygame.Rect, rgb: tuple, tol: int = 24) -> int:
    """How many pixels of ``rect`` are within ``tol`` of ``rgb``."""
    data = _pixels(surf, rect)
    n = 0
    for i in range(0, len(data), 3):
        if (
            abs(data[i] - rgb[0]) <= tol
            and abs(data[i + 1] - rgb[1]) <= tol
            and abs(data[i + 2] - rgb[2]) <= tol
        ):
            n += 1
    return n


def _tinted(on: pygame.Surface, off: pygame.Surface, rect: pygame.Rect, rgb: tuple) -> int:
    """How many pixels of ``rect`` moved towards ``rgb`` from ``off`` to ``on`` (a translucent
    hatching or fill in that colour)."""
    a, b = _pixels(on, rect), _pixels(off, rect)
    n = 0
    for i in range(0, len(a), 3):
        near_on = sum(abs(a[i + j] - rgb[j]) for j in range(3))
        near_off = sum(abs(b[i + j] - rgb[j]) for j in range(3))
        if near_off - near_on >= 60:
            n += 1
    return n


def _blank(size: int = 6, **kw) -> ChartModel:
    fields = {
        "size": size,
        "seat": 0,
        "marks": {},
        "counts": (),
        "me": None,
        "route": (),
        "lost": False,
        "others": {},
        "colours": {0: "yellow", 1: "red", 2: "green", 3: "blue"},
    }
    fields.update(kw)
    return ChartModel(**fields)


# --- layout ----------------------------------------------------------------------------------
@pytest.mark.parametrize("size", [6, 8])
@pytest.mark.parametrize(
    "rect",
    [(13, 7, 333, 401), (0, 0, 97, 211), (100, 50, 801, 299), (5, 9, 640, 640), (1, 1, 1279, 719)],
)
def test_cell_at_and_cell_rect_agree_on_odd_rects(size, rect):
    v = _view(size, pygame.Rect(rect))
    assert v.rect.contains(v.grid)
    for cell in range(size * size):
        r = v.cell_rect(cell)
        assert r.w == r.h == v.cell > 0 and v.grid.contains(r)
        for point in (r.topleft, r.center, (r.right - 1, r.bottom - 1), v.cell_centre(cell)):
            assert v.cell_at(point) == cell
    g = v.grid
    for point in ((g.x - 1, g.y), (g.right, g.y), (g.x, g.bottom), (g.x, g.y - 1), (-5, -5)):
        assert v.cell_at(point) is None


def test_columns_are_letters_left_to_right_and_rows_numbers_top_down():
    v = _view(8)
    assert v.cell_rect(c(1, 0, 8)).x > v.cell_rect(c(0, 0, 8)).x  # B is east of A
    assert v.cell_rect(c(0, 1, 8)).y > v.cell_rect(c(0, 0, 8)).y  # row 2 is south of row 1


def test_the_compass_rose_sits_beside_the_grid_when_there_is_room_else_under_it():
    wide = _view(6, pygame.Rect(0, 0, 900, 500))
    (cx, cy), rad, faint = wide.rose
    assert not faint and cx - rad > wide.grid.right and wide.rect.collidepoint(cx + rad - 1, cy)
    square = _view(6, pygame.Rect(0, 0, 500, 500))
    (cx, cy), rad, faint = square.rose
    assert faint and square.grid.collidepoint(cx, cy)


# --- clues ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("size", [6, 8])
def test_a_clue_is_drawn_on_its_space_and_nothing_on_any_other(size):
    v = _view(size)
    empty = _render(v, _blank(size))
    for kind in MARK_KINDS:
        text = {"count": "2", "danger": "monster"}.get(kind, "")
        cell = size + 2
        v2 = _view(size)
        got = _render(v2, _blank(size, marks={cell: (Mark(kind, text),)}))
        assert _changed(v, empty, got) == {cell}, kind


def test_every_clue_kind_has_its_own_picture():
    pictures = {}
    for kind in MARK_KINDS:
        for text in {"danger": ("monster", "mine"), "trace": ("", "mine?"), "count": ("3",)}.get(
            kind, ("",)
        ):
            v = _view(6)
            surf = _render(v, _blank(marks={7: (Mark(kind, text),)}))
            pictures[(kind, text)] = _pixels(surf, v.cell_rect(7))
    assert len(set(pictures.values())) == len(pictures)


def test_a_real_sonar_marks_exactly_the_spaces_it_swept():
    st = table(pos=(c(4, 5), c(2, 3)))
    before = chart_model(st.view(0), 0)
    act(st, "sonar")
    after = chart_model(st.view(0), 0)
    v = _view(6)
    a, b = _render(v, before), _render(_view(6), after)
    assert _changed(v, a, b) == set(after.marks) and len(after.marks) == 5
    seamounts = [cell for cell, m in after.marks.items() if m == (Mark("seamount"),)]
    deeps = [cell for cell, m in after.marks.items() if m == (Mark("deep"),)]
    for cell in seamounts:
        assert _count(b, v.cell_rect(cell), sym.SEAMOUNT_LINE) > 0
    for cell in deeps:
        assert _count(b, v.cell_rect(cell), sym.DEEP_LINE) > 0
        assert _count(b, v.cell_rect(cell), sym.SEAMOUNT_LINE) == 0


# --- the pencil -------------------------------------------------------------------------------
@pytest.mark.parametrize("kind", PENCIL_KINDS)
def test_a_pencil_mark_is_drawn_in_pencil_on_its_space_only(kind):
    v = _view(8)
    model = _blank(8, marks={9: (Mark("deep"),)})
    empty = _render(v, model, Pencil())
    pencil = Pencil()
    pencil.toggle(9, kind, "x?")
    pencil.toggle(20, kind, "ab")
    got = _render(v, model, pencil)
    assert _changed(v, empty, got) == {9, 20}
    colour = sym.GRAPHITE if kind == "black" else sym.PENCIL
    assert _count(got, v.cell_rect(20), colour, 12) > 0
    assert _count(empty, v.cell_rect(20), sym.PENCIL, 12) == 0


# --- submarines ---------------------------------------------------------------------------------
def test_my_submarine_is_drawn_in_my_colour_on_my_space_with_its_route():
    st = table()
    act(st, "silent", direction="N")
    act(st, "long_silent", direction="W")
    model = chart_model(st.view(0), 0)  # D4 -> D3 -> B3
    v = _view(6)
    got = _render(v, model)
    empty = _render(v, _blank())
    yellow = style_by_name("yellow", False).rgb
    assert _count(got, v.cell_rect(c(1, 2)), yellow, 8) > 0.15 * v.cell**2  # the boat
    assert _changed(v, empty, got) == {c(3, 3), c(3, 2), c(2, 2), c(1, 2)}  # and its dots
    for cell in (c(3, 3), c(2, 2)):
        assert 0 < _count(got, v.cell_rect(cell), yellow, 8) < 0.15 * v.cell**2


def test_a_lost_submarine_is_not_drawn():
    v = _view(6)
    empty = _render(v, _blank())
    assert _changed(v, empty, _render(v, _blank(lost=True, me=None, route=()))) == set()


# --- the opponent overlay -------------------------------------------------------------------------
def test_the_overlay_hatches_where_each_opponent_can_be_in_its_colour_only_when_on():
    st = table(pos=(c(4, 5), c(2, 3)))
    act(st, "sonar")
    act(st, "explore")  # seat 0's turn is over
    act(st, "silent", direction="N")  # seat 1 slips away in secret
    model = chart_model(st.view(0), 0)
    where = model.others[1]
    assert len(where) > 1
    v = _view(6)
    off = _render(v, model)
    on = _render(v, model, opponents=True)
    assert _changed(v, off, on) == set(where)
    red, green = style_by_name("red", False).rgb, style_by_name("green", False).rgb
    for cell in where:
        assert _tinted(on, off, v.cell_rect(cell), red) > _tinted(on, off, v.cell_rect(cell), green)
        assert _tinted(on, off, v.cell_rect(cell), red) > 0.05 * v.cell**2


def test_an_opponent_known_to_one_space_is_drawn_stronger_than_a_hatching():
    v = _view(6)
    red = style_by_name("red", False).rgb
    one = _render(v, _blank(others={1: frozenset({14})}), opponents=True)
    many = _render(_view(6), _blank(others={1: frozenset({14, 15, 20})}), opponents=True)
    assert _count(one, v.cell_rect(14), red, 40) > 1.5 * _count(many, v.cell_rect(14), red, 40)


def test_an_opponent_who_may_be_anywhere_draws_nothing():
    v = _view(6)
    empty = _render(v, _blank())
    got = _render(v, _blank(others={1: frozenset(range(36))}), opponents=True)
    assert _changed(v, empty, got) == set()


# --- the heat map ---------------------------------------------------------------------------------
def _answer(
    ps: dict[int, float], best: frozenset[int] = frozenset(), size: int = 6, best_p: float = 0.5
) -> ChartAnswer:
    cells = tuple(
        {"atlantis": ps.get(i, 0.0), "artifact": 0.0, "seamount": 0.0, "deep": 1 - ps.get(i, 0.0)}
        for i in range(size * size)
    )
    return ChartAnswer(size, cells, best, best_p, 0)


def test_the_heat_map_shades_each_space_by_its_chance_and_writes_it():
    v = _view(6)
    empty = _render(v, _blank())
    got = _render(v, _blank(), heat=_answer({3: 0.9, 4: 0.1, 5: 0.004}))
    assert _changed(v, empty, got) == {3, 4, 5}
    assert _count(got, v.cell_rect(3), sym.HEAT, 40) > _count(got, v.cell_rect(4), sym.HEAT, 40)
    assert _count(got, v.cell_rect(4), sym.BADGE, 30) > 0  # "10%" written in the space


def test_a_real_heat_map_covers_every_space_atlantis_can_be_on():
    st = table(pos=(c(1, 1), c(5, 5)))
    act(st, "explore")  # B2: Atlantis
    act(st, "keep_searching")
    answer = chart_answer(st.view(0), 0)
    model = chart_model(st.view(0), 0)
    v = _view(6)
    base = _render(v, model)
    got = _render(v, model, heat=answer)
    possible = {cell for cell in range(36) if answer.p_atlantis(cell) > 0}
    assert c(1, 1) in possible and len(possible) < 36
    assert possible <= _changed(v, base, got) <= possible | set(answer.best_city)
    # one Atlantis space found: many cities still fit, none stands out, so none is outlined
    assert answer.best_p < BEST_CITY_SHOWN and _count(got, v.grid, sym.BEST, 10) == 0


def test_the_best_city_is_outlined_only_when_it_stands_out():
    v = _view(6)
    best = frozenset({7, 8})
    for p, outlined in ((BEST_CITY_SHOWN, True), (BEST_CITY_SHOWN - 0.01, False)):
        got = _render(v, _blank(), heat=_answer({7: 0.9, 8: 0.9}, best, best_p=p))
        edge = sum(_count(got, v.cell_rect(cell), sym.BEST, 10) for cell in best)
        assert (edge > 0) == outlined, p


# --- live outlines -----------------------------------------------------------------------------
def test_hover_highlight_and_pending_claim_light_exactly_their_spaces():
    v = _view(8)
    model = _blank(8)
    empty = _render(v, model)
    got = _render(v, model, hover=3, highlight=frozenset({10, 11}), pending=frozenset({40}))
    assert _changed(v, empty, got) == {3, 10, 11, 40}
    assert _count(got, v.cell_rect(40), sym.PENDING, 20) > 0
    assert _count(got, v.cell_rect(10), sym.HIGHLIGHT, 20) > 0


def test_a_still_chart_is_painted_once_and_again_only_when_something_on_it_changes():
    v = _view(6)
    model = _blank(marks={2: (Mark("trace"),)})
    pencil = Pencil()
    for _ in range(5):
        _render(v, model, pencil, hover=4)
    assert v.paints == 1
    pencil.toggle(8, "cross")
    _render(v, model, pencil)
    _render(v, model, pencil, opponents=True)
    assert v.paints == 3


def test_drawing_on_a_dense_canvas_and_in_colour_blind_mode_works():
    before = canvas.density()
    canvas.set_density(1.5)
    try:
        target = canvas.surface((1280, 720))
        v = ChartView(8, colourblind=True)
        v.layout(RECT)
        model = _blank(
            8, me=9, route=(1, 9), others={1: frozenset({30})}, marks={5: (Mark("mine"),)}
        )
        v.draw(target, model, None, opponents=True, hover=9)
        assert target.get_at(v.cell_centre(30)) != target.get_at(v.cell_centre(31))
    finally:
        canvas.set_density(before)


def test_a_seamount_under_a_hot_heat_map_still_shows_its_contour_rings():
    v = _view(6)
    model = _blank(marks={9: (Mark("seamount"),)})
    got = _render(v, model, heat=_answer({9: 1.0}))
    assert _count(got, v.cell_rect(9), sym.SEAMOUNT_LINE, 6) > 0


def _number_box(v: ChartView, model: ChartModel, heat: ChartAnswer, cell: int) -> pygame.Rect:
    """Where the heat number of ``cell`` is written (on screen)."""
    from scenes.assets import font
    from scenes.finding.chart_view import heat_text_centre, heat_words

    f = font(max(8, round(v.cell * 0.2)), "bold")
    img = f.render(heat_words(heat.p_atlantis(cell)), True, sym.BADGE)
    centre = heat_text_centre(v.cell_rect(cell), model.kinds_at(cell), img.get_width())
    return img.get_rect(center=centre)


@pytest.mark.parametrize("who", ["me", "opponent"])
def test_a_heat_number_under_a_submarine_is_still_written_in_full(who):
    """The boat is drawn, then the number again on top: its box reads as on an empty space."""
    heat = _answer({14: 0.37})
    boat = {"me": 14, "route": (14,)} if who == "me" else {"others": {1: frozenset({14})}}
    v = _view(6)
    bare = _render(v, _blank(), heat=heat, opponents=True)
    with_boat = _render(v, _blank(**boat), heat=heat, opponents=True)
    box = _number_box(v, _blank(), heat, 14)
    figures, shown = _glyphs(bare, box), _glyphs(with_boat, box)
    assert len(figures) > 10 and len(figures ^ shown) <= 0.1 * len(figures)  # edges blend


def _glyphs(surf: pygame.Surface, box: pygame.Rect) -> set[tuple[int, int]]:
    """The points of ``box`` painted in the heat number's colour (its figures)."""
    return {
        (x, y)
        for x in range(box.x, box.right)
        for y in range(box.y, box.bottom)
        if sum(abs(a - b) for a, b in zip(surf.get_at((x, y))[:3], sym.BADGE, strict=True)) < 40
    }


@pytest.mark.parametrize(
    "marks",
    [
        (Mark("danger", "monster"),),
        (Mark("clear"),),
        (Mark("mine"),),
        (Mark("danger", "mine"), Mark("mine")),
    ],
)
def test_a_heat_number_never_covers_a_symbol_in_a_bottom_corner(marks):
    v = _view(6)
    model = _blank(marks={14: marks})
    box = _number_box(v, model, _answer({14: 0.37}), 14).inflate(4, 0)
    for m in marks:
        corner = sym.slot_rect(v.cell_rect(14), sym.SLOTS[m.kind])
        assert not box.colliderect(corner), (m, box, corner)


def test_the_route_is_a_line_through_rings_told_apart_from_a_trace_diamond_by_shape():
    """A route's place and a trace are different shapes: a ring leaves its middle unpainted
    (the paper shows through), a trace's diamond is filled; in colour-blind mode too."""
    for blind in (False, True):
        v = ChartView(6, colourblind=blind)
        v.layout(RECT)
        route = _render(v, _blank(me=c(3, 2), route=(c(1, 2), c(3, 2))))
        paper = _render(v, _blank())
        ring = v.cell_rect(c(1, 2)).center
        rad = max(3, v.cell / 10)
        assert route.get_at(ring)[:3] == paper.get_at(ring)[:3]  # hollow in the middle
        edge = (ring[0], round(ring[1] - rad + 1))
        assert route.get_at(edge)[:3] != paper.get_at(edge)[:3]  # the ring itself
        trace = _render(v, _blank(marks={c(1, 2): (Mark("trace"),)}))
        mid = sym.slot_rect(v.cell_rect(c(1, 2)), "top_right").center
        assert trace.get_at(mid)[:3] != paper.get_at(mid)[:3]  # the diamond is filled


def test_the_seas_jump_is_a_dashed_ring_with_no_line_leading_to_it():
    v = _view(6)
    model = _blank(me=c(4, 4), route=(c(4, 4),), landed=c(1, 1), landed_round=3)
    got = _render(v, model)
    empty = _render(v, _blank(me=c(4, 4), route=(c(4, 4),)))
    assert _changed(v, empty, got) == {c(1, 1)}  # only its own space: no leg crosses others
    yellow = style_by_name("yellow", False).rgb
    assert _count(got, v.cell_rect(c(1, 1)), yellow, 8) > 0
