"""The sonar chart on screen: a nautical chart of one seat's clues, and where the mouse is on it.

:class:`ChartView` lays the grid out in any rect (:meth:`ChartView.layout`), answers which
space a point is on (:meth:`cell_at`, :meth:`cell_rect`, :meth:`cell_centre`) and draws a
:class:`~scenes.finding.chart_model.ChartModel` with the seat's own :class:`Pencil` on top.

Drawing is layered for speed, like Rising's board: the paper (sea-blue ground, fine grid,
coordinate letters and numbers, the compass rose) is painted once per layout and density; the
chart's content (clues, heat map, opponents, pencil, route, submarine) is painted onto a copy
of it only when one of those changes; a frame is then one blit plus the hover, highlight and
claim outlines. Everything is drawn through :mod:`scenes.draw` on canvases.
"""

from __future__ import annotations

import math
from typing import Any

import pygame

from ai.finding.chart_answer import ChartAnswer
from scenes import canvas, draw
from scenes.assets import font
from scenes.finding import chart_symbols as sym
from scenes.finding.chart_model import ChartModel
from scenes.finding.chart_tip import chart_marks, outlined_city
from scenes.finding.pencil import Pencil
from scenes.palette import INK, SeatStyle, draw_seat_marker, style_by_name

#: the opponent overlay's hatching per seat: the angle of its lines (told apart without colour)
HATCH_ANGLES: tuple[float, ...] = (45.0, 135.0, 90.0, 0.0)
#: the smallest cell (logical pixels) that gets a heat map percentage written in it
HEAT_TEXT_CELL = 34
#: how many of the latest places of the own route are drawn (the whole route is a tangle)
ROUTE_SHOWN = 8
#: "every space" for :meth:`ChartView._paint_heat_text`
ALL: frozenset = frozenset({-1})


def _blit(target: Any, layer: canvas.Canvas, pos: tuple[int, int]) -> None:
    """Blit a canvas layer on a canvas or (at density 1) on a plain pygame surface."""
    if isinstance(target, canvas.Canvas):
        target.blit(layer, pos)
    else:
        target.blit(layer.surf, pos)


class ChartView:
    """Draws one seat's chart in a rect and maps points to spaces (see the module text)."""

    def __init__(self, size: int, *, colourblind: bool = False) -> None:
        self.size = size
        self.colourblind = colourblind
        #: the board's seat styles (so the chart uses the colours chosen at setup); a seat not
        #: here is drawn in its model colour (yellow, red, green, blue)
        self.styles: dict[int, SeatStyle] = {}
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.grid = pygame.Rect(0, 0, 0, 0)
        self.cell = 0
        self.label = 0
        #: where the compass rose is: (centre, radius, faint: drawn under the grid)
        self.rose: tuple[tuple[int, int], int, bool] = ((0, 0), 0, True)
        self._paper: canvas.Canvas | None = None
        self._paper_key: tuple | None = None
        self._clues: canvas.Canvas | None = None
        self._clues_key: tuple | None = None
        self._content: canvas.Canvas | None = None
        self._content_key: tuple | None = None
        self._tiles: dict[tuple, canvas.Canvas] = {}
        #: how many of the own route's latest places are drawn (None: all, for the results)
        self.route_shown: int | None = ROUTE_SHOWN
        #: how many times the content layer was painted (tests: a still frame paints nothing)
        self.paints = 0

    # --- layout and hit testing -----------------------------------------------------------------
    def layout(self, rect: pygame.Rect) -> None:
        """Fit the chart in ``rect``: square cells, labels round the grid, the rose beside it
        when there is room (else printed faintly under the grid, as on a real chart)."""
        rect = pygame.Rect(rect)
        if rect == self.rect and self.cell:
            return
        self.rect = rect
        n = self.size
        side = max(1, min(rect.w, rect.h))
        lab = max(12, min(30, round(side * 0.055)))
        g = max(n, min(rect.w, rect.h) - 2 * lab)
        cs = max(1, g // n)
        g = cs * n
        extra_w = rect.w - (g + 2 * lab)
        extra_h = rect.h - (g + 2 * lab)
        rose_min = 56
        if extra_w >= rose_min:  # a rose to the right of the grid, at the top
            rad = int(min((extra_w - 8) / 2, g * 0.2, 90))
            gx = rect.x + lab
            gy = rect.y + (rect.h - g) // 2
            self.rose = ((gx + g + lab + 4 + rad, gy + round(rad * 1.5)), rad, False)
        elif extra_h >= rose_min:  # below it, on the right
            rad = int(min((extra_h - 8) / 2.5, g * 0.2, 90))
            gx = rect.x + (rect.w - g) // 2
            gy = rect.y + lab
            self.rose = ((gx + g - rad, gy + g + lab + 4 + round(rad * 1.5)), rad, False)
        else:  # printed faintly under the grid
            gx = rect.x + (rect.w - g) // 2
            gy = rect.y + (rect.h - g) // 2
            self.rose = ((gx + g // 2, gy + g // 2), int(g * 0.3), True)
        self.grid = pygame.Rect(gx, gy, g, g)
        self.cell = cs
        self.label = lab
        self._clues = None
        self._content_key = None

    def cell_at(self, pos: tuple[int, int]) -> int | None:
        """The space under ``pos`` (logical pixels), or ``None`` off the grid."""
        x, y = pos
        g = self.grid
        if not self.cell or not (g.x <= x < g.right and g.y <= y < g.bottom):
            return None
        return int((y - g.y) // self.cell) * self.size + int((x - g.x) // self.cell)

    def cell_rect(self, cell: int) -> pygame.Rect:
        y, x = divmod(cell, self.size)
        cs = self.cell
        return pygame.Rect(self.grid.x + x * cs, self.grid.y + y * cs, cs, cs)

    def cell_centre(self, cell: int) -> tuple[int, int]:
        return self.cell_rect(cell).center

    # --- layers ---------------------------------------------------------------------------------
    def _local(self, cell: int) -> pygame.Rect:
        return self.cell_rect(cell).move(-self.rect.x, -self.rect.y)

    def paper(self) -> canvas.Canvas:
        """The static layer (made once per layout and density)."""
        key = (tuple(self.rect), self.size, canvas.density())
        if self._paper is None or self._paper_key != key:
            self._paper = self._paint_paper()
            self._paper_key = key
            self._clues = None
            self._content_key = None
        return self._paper

    def _paint_paper(self) -> canvas.Canvas:
        w, h = max(1, self.rect.w), max(1, self.rect.h)
        layer = canvas.surface((w, h))
        layer.fill(sym.PAPER_DARK)
        grid = self.grid.move(-self.rect.x, -self.rect.y)
        lab = self.label
        paper = grid.inflate(2 * lab, 2 * lab).clip(layer.get_rect())
        draw.rect(layer, sym.PAPER, paper)
        # the ground is a little lighter towards the middle: printed paper, not a flat fill
        for i in range(6):
            r = paper.inflate(-paper.w * (0.12 + 0.13 * i), -paper.h * (0.12 + 0.13 * i))
            shade = tuple(min(255, v + 2 * (i + 1)) for v in sym.PAPER)
            draw.rect(layer, shade, r, border_radius=max(2, r.w // 6))
        centre, rad, faint = self.rose
        lc = (centre[0] - self.rect.x, centre[1] - self.rect.y)
        if faint and rad >= 12:
            sym.compass_rose(layer, lc, rad, faint=True)
        cs = self.cell
        n = self.size
        for i in range(n):  # the fine lines halfway across each space
            o = i * cs + cs // 2
            draw.line(layer, sym.GRID_FINE, (grid.x + o, grid.y), (grid.x + o, grid.bottom - 1))
            draw.line(layer, sym.GRID_FINE, (grid.x, grid.y + o), (grid.right - 1, grid.y + o))
        for i in range(n + 1):
            o = min(i * cs, grid.w - 1)
            draw.line(layer, sym.GRID, (grid.x + o, grid.y), (grid.x + o, grid.bottom - 1))
            draw.line(layer, sym.GRID, (grid.x, grid.y + o), (grid.right - 1, grid.y + o))
        draw.rect(layer, sym.LABEL, grid.inflate(6, 6), 1)
        draw.rect(layer, sym.GRID, grid.inflate(2, 2), 1)
        f = font(max(9, min(18, round(lab * 0.62))), "bold")
        for i in range(n):
            letter = f.render(chr(ord("A") + i), True, sym.LABEL)
            number = f.render(str(i + 1), True, sym.LABEL)
            mid = grid.x + i * cs + cs // 2
            layer.blit(letter, letter.get_rect(center=(mid, grid.y - lab // 2 - 2)))
            layer.blit(letter, letter.get_rect(center=(mid, grid.bottom + lab // 2 + 2)))
            mid = grid.y + i * cs + cs // 2
            layer.blit(number, number.get_rect(center=(grid.x - lab // 2 - 2, mid)))
            layer.blit(number, number.get_rect(center=(grid.right + lab // 2 + 2, mid)))
        if not faint and rad >= 8:
            sym.compass_rose(layer, lc, rad)
        return layer

    def _tile(self, colour: tuple, alpha: int, kind: str = "fill", angle: float = 0.0) -> Any:
        """A translucent cell-sized tile (a fill or a hatching), made once per look and size."""
        key = (colour, alpha, kind, angle, self.cell, canvas.density())
        tile = self._tiles.get(key)
        if tile is None:
            cs = self.cell
            tile = canvas.surface((cs, cs), pygame.SRCALPHA)
            if kind == "fill":
                tile.fill((*colour, alpha))
            else:
                _hatch(tile, (*colour, alpha), cs, angle)
            self._store(key, tile)
        return tile

    def _style(self, model: ChartModel, seat: int) -> SeatStyle:
        got = self.styles.get(seat)
        if got is not None:
            return got
        return style_by_name(model.colours.get(seat, "yellow"), self.colourblind, seat)

    # --- drawing -------------------------------------------------------------------------------
    def draw(
        self,
        surface: Any,
        model: ChartModel,
        pencil: Pencil | None,
        *,
        opponents: bool = False,
        heat: ChartAnswer | None = None,
        highlight: frozenset[int] = frozenset(),
        hover: int | None = None,
        pending: frozenset[int] = frozenset(),
    ) -> None:
        """Draw ``model`` (and ``pencil``) in the laid-out rect; the heat map when given."""
        if model.size != self.size:  # a chart of another size: lay the grid out again
            self.size = model.size
            rect, self.rect, self.cell = self.rect, pygame.Rect(0, 0, 0, 0), 0
            self.layout(rect)
        if not self.cell:
            return
        paper = self.paper()
        marks = pencil.marks() if pencil is not None else {}
        styles = tuple(sorted((s, st.rgb, st.shape, st.letter) for s, st in self.styles.items()))
        look = (styles, self.colourblind, paper.k)
        clues_key = (
            model.marks,
            model.counts,
            model.seat,
            heat,
            look,
            model.route,
            self.route_shown,
            model.landed,
        )
        old = self._clues_key
        if (
            self._clues is None
            or old is None
            or old[3] is not heat
            or old[2] != model.seat
            or old[4] != look
            or (old[0] is not model.marks and old[0] != model.marks)
            or old[1] != model.counts
            or old[5:] != clues_key[5:]
        ):
            self._clues = self._paint_clues(paper, model, heat)
            self._clues_key = clues_key
            self._content_key = None
        key = (
            model, tuple(sorted(marks.items())), opponents, heat, look, self.route_shown,
        )  # fmt: skip
        old = self._content_key
        same = (
            old is not None
            and self._content is not None
            and (old[0] is model or old[0] == model)
            and old[1:3] == key[1:3]
            and old[3] is heat
            and old[4:] == key[4:]
        )
        if not same:
            self._content = self._paint_content(self._clues, model, marks, opponents, heat)
            self._content_key = key
            self.paints += 1
        _blit(surface, self._content, self.rect.topleft)  # type: ignore[arg-type]
        self._draw_live(surface, highlight, hover, pending)

    def _paint_clues(
        self, paper: canvas.Canvas, model: ChartModel, heat: ChartAnswer | None
    ) -> canvas.Canvas:
        """The paper with every clue and the heat map on it (repainted when those change)."""
        layer = paper.copy()
        me_style = self._style(model, model.seat)
        # the relief's ground, the heat map's tint, then the relief's lines and the symbols on
        # top, so a tinted seamount still shows its rings
        for cell in model.marks:
            r = self._local(cell)
            for m in chart_marks(model, cell):
                if sym.SLOTS.get(m.kind) == "fill":
                    layer.blit(self._sprite(m.kind, m.text, me_style.rgb, "fill"), r.topleft)
        if heat is not None:
            self._paint_heat_tint(layer, heat)
        for cell in model.marks:
            r = self._local(cell)
            for m in chart_marks(model, cell):
                part = "lines" if sym.SLOTS.get(m.kind) == "fill" else "all"
                layer.blit(self._sprite(m.kind, m.text, me_style.rgb, part), r.topleft)
        self._paint_counts(layer, model)
        self._paint_trail(layer, model, me_style)
        if heat is not None:  # over the route, so a leg or a ring never hides a number
            self._paint_heat_text(layer, heat, model)
        best = outlined_city(heat)
        if best:
            self._outline(layer, best, sym.BEST, max(2, round(self.cell / 14)))
        return layer

    def _sprite(self, kind: str, text: str, rgb: tuple, part: str = "all") -> canvas.Canvas:
        """One clue's picture on a transparent cell-sized tile (made once per look and size)."""
        key = ("mark", kind, text, rgb, part, self.cell, canvas.density())
        got = self._tiles.get(key)
        if got is None:
            cs = self.cell
            got = canvas.surface((cs, cs), pygame.SRCALPHA)
            r = pygame.Rect(0, 0, cs, cs)
            if sym.SLOTS.get(kind) == "fill":
                r = r.inflate(-1, -1).move(1, 1)
            sym.mark(got, kind, text, r, mine_rgb=rgb, part=part)
            self._store(key, got)
        return got

    def _store(self, key: tuple, tile: canvas.Canvas) -> None:
        if len(self._tiles) > 160:
            self._tiles.clear()
        self._tiles[key] = tile

    def _paint_content(
        self,
        clues: canvas.Canvas,
        model: ChartModel,
        marks: dict[int, tuple[str, str]],
        opponents: bool,
        heat: ChartAnswer | None,
    ) -> canvas.Canvas:
        """The clues with the aids, the pencil and the boats on top."""
        layer = self._content
        if layer is None or layer.k != clues.k or layer.get_size() != clues.get_size():
            layer = clues.copy()
        else:  # paint over the last frame's surface: no new 4 MB surface per pencil stroke
            layer.blit(clues, (0, 0))
        if opponents:
            self._paint_opponents(layer, model)
        for cell, (kind, text) in marks.items():
            if 0 <= cell < self.size * self.size:
                sym.pencil(layer, kind, text, self._local(cell), cell)
        self._paint_boat(layer, model, self._style(model, model.seat))
        if heat is not None:  # a boat covers its space's number: write it again on top
            boats = {model.me} if model.me is not None else set()
            if opponents:
                boats |= {next(iter(c)) for c in model.others.values() if len(c) == 1}
            self._paint_heat_text(layer, heat, model, frozenset(boats))
        return layer

    def _paint_heat_tint(self, layer: canvas.Canvas, heat: ChartAnswer) -> None:
        for cell in range(min(len(heat.cells), self.size * self.size)):
            p = heat.p_atlantis(cell)
            if p <= 0:
                continue
            alpha = max(24, min(210, round(210 * math.sqrt(p) / 16) * 16))
            layer.blit(self._tile(sym.HEAT, alpha), self._local(cell).topleft)

    def _paint_heat_text(
        self, layer: canvas.Canvas, heat: ChartAnswer, model: ChartModel, only: frozenset = ALL
    ) -> None:
        """Each space's chance as a number, clear of the symbols in its corners (``only``: the
        spaces to write, e.g. those under a boat, written again on top of it)."""
        cs = self.cell
        if cs < HEAT_TEXT_CELL:
            return
        f = font(max(8, round(cs * 0.2)), "bold")
        for cell in range(min(len(heat.cells), self.size * self.size)):
            if only is not ALL and cell not in only:
                continue
            p = heat.p_atlantis(cell)
            kinds = model.kinds_at(cell)
            if p <= 0 or "count" in kinds or any(sym.SLOTS[k] == "centre" for k in kinds):
                continue  # no room under a badge; a found city or wreck says it already
            img = f.render(heat_words(p), True, sym.BADGE)
            centre = heat_text_centre(self._local(cell), kinds, img.get_width())
            box = img.get_rect(center=centre).inflate(4, 0)
            if only is ALL:
                layer.blit(self._tile(INK, 150, "fill"), box.topleft, pygame.Rect((0, 0), box.size))
            else:  # over a boat: a solid ground, so the hull never shows through the figures
                draw.rect(layer, INK, box)
            layer.blit(img, img.get_rect(center=centre))

    def _paint_counts(self, layer: canvas.Canvas, model: ChartModel) -> None:
        """An area clue's spaces get a dotted outline (a whole row or column: a margin tag)."""
        n = self.size
        for cells, _what, _text in model.counts:
            if len(cells) == n and (
                len({c // n for c in cells}) == 1 or len({c % n for c in cells}) == 1
            ):
                continue  # a Sunstone line: its number is on the reader's space
            self._outline(layer, cells, sym.BADGE, 1, dotted=True)

    def _paint_opponents(self, layer: canvas.Canvas, model: ChartModel) -> None:
        cs = self.cell
        everywhere = self.size * self.size
        for q, cells in sorted(model.others.items()):
            if not cells or len(cells) >= everywhere:
                continue  # "anywhere" is no news: nothing to draw
            style = self._style(model, q)
            if len(cells) == 1:
                (cell,) = cells
                r = self._local(cell)
                layer.blit(self._tile(style.rgb, 90), r.topleft)
                draw.rect(layer, INK, r.inflate(-2, -2), max(2, round(cs / 14)) + 2)
                draw.rect(layer, style.rgb, r.inflate(-3, -3), max(2, round(cs / 14)))
                sym.submarine(layer, style.rgb, (r.centerx, r.centery + cs * 0.22), cs * 0.42)
                if self.colourblind:
                    draw_seat_marker(
                        layer, style, (r.x + cs // 5, r.y + cs // 5), max(4, cs // 9), True
                    )
                continue
            angle = HATCH_ANGLES[q % len(HATCH_ANGLES)]
            tile = self._tile(style.rgb, 170, "hatch", angle)
            for cell in cells:
                layer.blit(tile, self._local(cell).topleft)

    def _paint_trail(self, layer: canvas.Canvas, model: ChartModel, style: SeatStyle) -> None:
        """The own route's latest legs as a solid line through hollow rings (on the clue
        layer: it changes with the chart, not with the pencil). A ring on a line is never a
        trace's filled diamond, whatever the seat's colour; the place the sea set the boat
        down after a wrong claim is a dashed ring that no leg leads to."""
        cs = self.cell
        route = model.route if self.route_shown is None else model.route[-self.route_shown :]
        pts = [self._local(c).center for c in route]
        w = max(1, round(cs / 26))
        rad = max(3, cs / 10)
        ring = max(1, round(rad / 2.5))
        for a, b in zip(pts, pts[1:], strict=False):  # each leg from ring edge to ring edge
            d = math.hypot(b[0] - a[0], b[1] - a[1]) or 1.0
            ux, uy = (b[0] - a[0]) / d, (b[1] - a[1]) / d
            a2 = (a[0] + ux * (rad + 1), a[1] + uy * (rad + 1))
            b2 = (b[0] - ux * (rad + 1), b[1] - uy * (rad + 1))
            draw.line(layer, INK, a2, b2, w + 2)
            draw.line(layer, style.rgb, a2, b2, w)
        for p in pts[:-1]:  # hollow: the paper shows through, unlike a trace's filled diamond
            draw.circle(layer, INK, p, rad + 1, ring + 2)
            draw.circle(layer, style.rgb, p, rad, ring)
        if model.landed is not None:
            sym.dashed_ring(layer, style.rgb, self._local(model.landed).center, cs * 0.36, w + 1)

    def _paint_boat(self, layer: canvas.Canvas, model: ChartModel, style: SeatStyle) -> None:
        cs = self.cell
        if model.me is not None:
            r = self._local(model.me)
            busy = any(sym.SLOTS.get(m.kind) == "centre" for m in model.marks.get(model.me, ()))
            length = cs * (0.5 if busy else 0.66)
            centre = (r.centerx, r.centery + (cs * 0.2 if busy else 0))
            draw.circle(layer, INK, r.center, cs * 0.44, max(1, round(cs / 28)) + 1)
            draw.circle(layer, style.rgb, r.center, cs * 0.44, max(1, round(cs / 28)))
            sym.submarine(layer, style.rgb, centre, length)
            if self.colourblind:
                draw_seat_marker(layer, style, centre, max(4, round(cs / 9)), True)

    def _outline(
        self, layer: Any, cells: frozenset[int], colour: tuple, width: int, dotted: bool = False
    ) -> None:
        """The outer edge of a group of spaces (the best city, a counted area)."""
        n = self.size
        for c in cells:
            r = self._local(c)
            x, y = c % n, c // n
            sides = (
                (y == 0 or c - n not in cells, r.topleft, r.topright),
                (y == n - 1 or c + n not in cells, r.bottomleft, r.bottomright),
                (x == 0 or c - 1 not in cells, r.topleft, r.bottomleft),
                (x == n - 1 or c + 1 not in cells, r.topright, r.bottomright),
            )
            for edge, a, b in sides:
                if not edge:
                    continue
                if dotted:
                    sym.dotted(layer, colour, a, b, max(4.0, self.cell / 8), 1)
                else:
                    draw.line(layer, INK, a, b, width + 2)
                    draw.line(layer, colour, a, b, width)

    def _draw_live(
        self,
        surface: Any,
        highlight: frozenset[int],
        hover: int | None,
        pending: frozenset[int],
    ) -> None:
        """What changes every frame: legal spaces lit, the claim so far, the hovered space."""
        cells = self.size * self.size
        cs = self.cell
        for cell in highlight:
            if 0 <= cell < cells:
                r = self.cell_rect(cell)
                _blit(surface, self._tile(sym.HIGHLIGHT, 56), r.topleft)
                draw.rect(surface, sym.HIGHLIGHT, r.inflate(-2, -2), 2)
        for cell in pending:
            if 0 <= cell < cells:
                r = self.cell_rect(cell)
                _blit(surface, self._tile(sym.PENDING, 80), r.topleft)
                draw.rect(surface, INK, r.inflate(-1, -1), max(3, cs // 12) + 2)
                draw.rect(surface, sym.PENDING, r.inflate(-3, -3), max(3, cs // 12))
        if hover is not None and 0 <= hover < cells:
            r = self.cell_rect(hover)
            draw.rect(surface, INK, r, 3)
            draw.rect(surface, sym.HOVER, r.inflate(-2, -2), 2)


def heat_words(p: float) -> str:
    """A chance as the heat map writes it: ``"<1%"`` under half a percent, else ``"45%"``."""
    return "<1%" if p < 0.005 else f"{round(p * 100)}%"


def heat_text_centre(cell: pygame.Rect, kinds: tuple[str, ...], width: int) -> tuple[int, int]:
    """Where a space's heat number goes: the bottom middle, moved towards the free bottom
    corner when one holds a symbol (danger, a mine), up to the middle when both do."""
    bottom = sym.slot_rect(cell, "bottom").center
    left = any(sym.SLOTS[k] == "bottom_left" for k in kinds)
    right = any(sym.SLOTS[k] == "bottom_right" for k in kinds)
    corner = sym.slot_rect(cell, "bottom_left")
    if left and right:  # above both corners
        return (cell.centerx, corner.y - sym.slot_rect(cell, "bottom").h // 2 - 3)
    if left:
        return (max(bottom[0], corner.right + 2 + width // 2 + 2), bottom[1])
    if right:
        x = cell.right - (corner.right - cell.x)
        return (min(bottom[0], x - 2 - width // 2 - 2), bottom[1])
    return bottom


def _hatch(tile: canvas.Canvas, colour: tuple, cs: int, angle: float) -> None:
    """Parallel lines across a cell-sized tile at ``angle`` degrees (0: along the rows)."""
    gap = max(4, cs // 6)
    w = max(1, round(cs / 30))
    a = math.radians(angle)
    dx, dy = math.cos(a), -math.sin(a)
    nx, ny = -dy, dx  # across the lines
    span = cs * 1.5
    c = cs / 2
    k = -int(span // gap)
    while k * gap <= span:
        ox, oy = c + nx * k * gap, c + ny * k * gap
        draw.line(
            tile, colour, (ox - dx * span, oy - dy * span), (ox + dx * span, oy + dy * span), w
        )
        k += 1
