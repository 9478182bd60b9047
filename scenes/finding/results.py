"""Finding Atlantis results: the true map revealed beside each player's own chart, the routes.

The game is over, so the map is everyone's now: the results screen reads the full state's
ocean (the boards never do) and replays the save record to draw the route every submarine
really took. Each player's chart is drawn from that player's own final view, as they had it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.core.protocol import GameState
from game.core.saves import Seat
from game.finding.cards import CAPTAIN, card_name
from scenes import canvas, draw
from scenes.finding.chart_model import chart_model
from scenes.finding.chart_symbols import dashed_ring
from scenes.finding.chart_view import ChartView
from scenes.finding.look import line_step, text_width, wrap_text
from scenes.finding.pencil import Pencil
from scenes.finding.results_table import draw_results_table, table_layout
from scenes.palette import GOLD, INK, draw_seat_marker, style_by_name
from scenes.results_rows import ResultsTable
from scenes.results_scene import ResultsScene
from scenes.ui import MenuScene, W, button, button_size, draw_text

if TYPE_CHECKING:
    from scenes.app import App
    from scenes.session import GameSession

#: the largest side of a chart on the results screen, the gap between two
CHART_SIDE = 250
GAP = 16
#: where the dark band behind the header lines starts, and the table's width
BAND_TOP = 96
TABLE_W = 1160
#: the words of the button that swaps the pages when the table and charts take turns
PAGE_WORDS = {"charts": "Show the table", "table": "Show the charts"}

TERRAIN_RGB = {
    "atlantis": (236, 186, 70),
    "artifact": (176, 96, 190),
    "seamount": (150, 118, 80),
    "deep": (22, 48, 96),
}


def finding_results(state: GameState, seats: Sequence[Seat]) -> ResultsTable:
    """One row per submarine: how it ended, its captain, its artifacts, its wrong claims."""
    rows = []
    wrong = [0] * state.n
    for e in state.log:
        if e.kind == "wrong_claim" and e.to is None:
            wrong[e.who] += 1
    for q, seat in enumerate(seats[: state.n]):
        result = "found Atlantis" if state.winner == q else "still searching"
        cap = state.captain[q]
        arts = [card_name(a) for a in (*state.arts[q], *state.used[q])]
        rows.append([
            seat.name + (f" (U-Bot · {seat.level})" if seat.is_bot else ""),
            result,
            CAPTAIN[cap].name if cap else "-",
            ", ".join(arts) if arts else "none",
            str(wrong[q]),
        ])  # fmt: skip
    mode = "Pirate mode" if state.pirate else "Classic"
    monsters = "hunting" if state.hunting else "sleepy"
    notes = [f"{state.size}×{state.size} ocean · {mode} · sea monsters {monsters}"]
    if state.winner is None:
        notes.append(f"After {state.max_rounds} rounds nobody had named the city.")
    return ResultsTable(
        ["Submarine", "Result", "Captain", "Artifacts", "Wrong claims"], rows, notes
    )


def routes(session: GameSession) -> list[list[list[int]]]:
    """Every submarine's true cells, in order, by replaying the game's record: one list per
    leg, a new leg starting where the sea set it down after a wrong claim (a jump, no move)."""
    record = session.record
    st = record.new_state()
    out: list[list[list[int]]] = [[[p] if p is not None else []] for p in st.pos]
    for action in record.actions:
        seen = len(st.log)
        st.apply(action)
        for e in st.log[seen:]:
            if e.kind == "teleport":
                out[e.who].append([])
        for q, p in enumerate(st.pos):
            leg = out[q][-1]
            if p is not None and (not leg or leg[-1] != p):
                leg.append(p)
    return out


class FindingResults(ResultsScene):
    """The shell's results screen with the true map and everyone's charts above the table."""

    def __init__(self, app: App, session: GameSession) -> None:
        super().__init__(app, session)
        state = session.state
        self.state = state
        self.routes = routes(session)
        self.paged = False
        self.page = "charts"
        self.page_btn = None
        self._arrange()
        if self.paged:  # the table and the charts take turns: a button swaps them
            self.page_btn = button(self.manager, (W - 60 - self._page_w(), 20, self._page_w(), 50),
                                   PAGE_WORDS["charts"], style="")  # fmt: skip

    def _page_w(self) -> int:
        return max(button_size(self.manager, w, "")[0] for w in PAGE_WORDS.values())

    def _arrange(self) -> None:
        """The true map and every chart in one row with the table under them; when the text
        is too large for both, each takes the room under the header on a page of its own."""
        state, session = self.state, self.session
        n = state.n
        panels = n + 1
        k = getattr(self.manager, "density", 1.0)
        bottom = int(self.same_seed.rect.top / k) - 8  # above the rematch buttons
        top = self.header_bottom() + 8
        res = self.results
        table_h = table_layout(res.headers, res.rows, TABLE_W).height
        across = (W - 80 - GAP * (panels - 1)) // panels
        side = self._side(min(CHART_SIDE, across), top, bottom - table_h)
        if side < 120:
            self.paged = True
            side = self._side(across, top, bottom)
            # the table's page: under the heading (who won and the game's facts are over the
            # charts)
            self.table_rect = pygame.Rect(W // 2 - TABLE_W // 2, BAND_TOP, TABLE_W,
                                          bottom - BAND_TOP)  # fmt: skip
        charts_top = top + self.label_height(side)
        legend = self.legend_height(side)
        x0 = self._x0(side)
        self.map_rect = pygame.Rect(x0, charts_top, side, side)
        self.chart_rects = [
            pygame.Rect(x0 + (i + 1) * (side + GAP), charts_top, side, side) for i in range(n)
        ]
        self.views = []
        for q in range(n):
            view = ChartView(state.size)
            view.layout(self.chart_rects[q])
            view.route_shown = None  # the whole route: the game is over
            model = chart_model(state.view(q), q)
            colours = {i: session.seats[i].colour or model.colours.get(i, "") for i in range(n)}
            self.views.append((view, replace(model, colours=colours), _pencil(session, q)))
        if not self.paged:
            table_top = charts_top + side + legend
            self.table_rect = pygame.Rect(W // 2 - TABLE_W // 2, table_top, TABLE_W,
                                          bottom - table_top)  # fmt: skip

    def _side(self, most: int, top: int, bottom: int) -> int:
        """The largest side up to ``most`` at which the charts, the names over them (on more
        lines as the side narrows) and the legend under them fit between top and bottom."""
        side = most
        while side > 60:
            if top + self.label_height(side) + side + self.legend_height(side) <= bottom:
                break
            side -= 4
        return side

    def _x0(self, side: int) -> int:
        panels = self.state.n + 1
        return (W - (panels * side + GAP * (panels - 1))) // 2

    def labels(self, side: int) -> list[list[str]]:
        """The names over the true map and each chart, in lines that fit a ``side`` wide."""
        names = [f"{self.session.seat_name(q)}'s chart" for q in range(self.state.n)]
        return [wrap_text("True map and routes", side, 14, "bold")] + [
            wrap_text(name, side - 20, 14, "bold") for name in names
        ]

    def label_height(self, side: int) -> int:
        return line_step(14, "bold") * max(len(lines) for lines in self.labels(side))

    def handle_ui(self, event: pygame.event.Event) -> None:
        if (
            event.type == pygame_gui.UI_BUTTON_PRESSED
            and self.page_btn is not None
            and event.ui_element is self.page_btn
        ):
            self.page = "table" if self.page == "charts" else "charts"
            self.page_btn.set_text(PAGE_WORDS[self.page])
            return
        super().handle_ui(event)

    def _style(self, q: int):
        seat = self.session.seats[q]
        return style_by_name(seat.colour or "", self.app.settings.colourblind, q)

    def header_lines(self) -> list[tuple[str, int, str]]:
        """The lines over the charts: (text, size, kind): who won, then the game's facts and
        notes (the shell's results screen puts these where the charts go), each wrapped to
        the band they sit on."""
        r = self.results
        line = f"{self.session.spec.title} · {r.rounds} {self.session.spec.round_word}s · seed "
        line += str(self.session.record.seed)
        if r.detail:
            line = r.detail + "   ·   " + line
        out = [(r.headline, 30, "bold"), (line, 17, "regular")]
        if r.notes:
            out.append((" · ".join(r.notes), 15, "regular"))
        return [(w, size, kind) for text, size, kind in out
                for w in wrap_text(text, W - 260, size, kind)]  # fmt: skip

    def header_bottom(self) -> int:
        """Where the band behind the header lines ends."""
        return BAND_TOP + 8 + sum(line_step(size, kind) for _, size, kind in self.header_lines())

    def draw_back(self, surface: pygame.Surface) -> None:
        MenuScene.draw_back(self, surface)
        if self.paged and self.page == "table":
            draw_results_table(surface, self.table_rect, self.results.headers, self.results.rows)
            return
        band = canvas.surface((W - 240, self.header_bottom() - BAND_TOP), pygame.SRCALPHA)
        band.fill((8, 20, 32, 190))
        surface.blit(band, (120, BAND_TOP))
        y = BAND_TOP + 4
        for text, size, kind in self.header_lines():
            draw_text(surface, text, (W // 2, y), size=size, kind=kind, anchor="midtop")
            y += line_step(size, kind)
        if not self.paged:
            draw_results_table(surface, self.table_rect, self.results.headers, self.results.rows)
        self._draw_map(surface)
        labels = self.labels(self.map_rect.w)
        step = line_step(14, "bold")
        top = self.map_rect.y - self.label_height(self.map_rect.w)
        for q, (view, model, pencil) in enumerate(self.views):
            view.styles = {i: self._style(i) for i in range(self.state.n)}
            view.colourblind = self.app.settings.colourblind
            view.draw(surface, model, pencil)
            r = self.chart_rects[q]
            draw_seat_marker(surface, self._style(q), (r.x + 8, top + step // 2), 7,
                             self.app.settings.colourblind)  # fmt: skip
            for i, line in enumerate(labels[q + 1]):
                draw_text(surface, line, (r.x + 20, top + i * step), size=14, kind="bold")
        for i, line in enumerate(labels[0]):
            draw_text(surface, line, (self.map_rect.x, top + i * step), size=14, kind="bold")

    def _draw_map(self, surface: pygame.Surface) -> None:
        ocean = self.state.ocean
        size = self.state.size
        r = self.map_rect
        cell = r.width // size
        if ocean is None:
            return
        for c in range(size * size):
            x, y = c % size, c // size
            box = pygame.Rect(r.x + x * cell, r.y + y * cell, cell, cell)
            draw.rect(surface, TERRAIN_RGB[ocean.terrain(c)], box)
            draw.rect(surface, INK, box, 1)
        jumped = False
        for q, legs in enumerate(self.routes):
            rgb = self._style(q).rgb
            off = (q - 1.5) * 3
            for i, path in enumerate(legs):
                if not path:
                    continue
                pts = [(r.x + (c % size + 0.5) * cell + off, r.y + (c // size + 0.5) * cell + off)
                       for c in path]  # fmt: skip
                if len(pts) > 1:
                    draw.lines(surface, rgb, False, pts, 3)
                if i > 0:  # set down here by the sea: a dashed ring, no line from the claim
                    dashed_ring(surface, rgb, pts[0], cell * 0.34, 2)
                    jumped = True
                if i == len(legs) - 1:
                    draw.circle(surface, rgb, (int(pts[-1][0]), int(pts[-1][1])), 6)
                    draw.circle(surface, INK, (int(pts[-1][0]), int(pts[-1][1])), 6, 1)
        for text, key, x, y in self.legend(r, jumped):
            if key:
                draw.rect(surface, TERRAIN_RGB[key], pygame.Rect(x, y + 3, 10, 10))
            else:  # the jump's own sign, as on the map
                dashed_ring(surface, GOLD, (x + 5, y + 8), 6, 1)
            draw_text(surface, text, (x + 14, y), size=12, colour=GOLD)

    def jumped(self) -> bool:
        """Did the sea set any submarine down elsewhere (a wrong claim)?"""
        return any(len(legs) > 1 for legs in self.routes)

    @staticmethod
    def legend(r: pygame.Rect, jumped: bool) -> list[tuple[str, str, int, int]]:
        """The map's key under ``r``: (words, terrain, x, y) each, flowing under the charts
        beside it (it is under the whole row) and onto more lines when they are too narrow."""
        legend = [("Atlantis", "atlantis"), ("artifact", "artifact"), ("seamount", "seamount"),
                  ("deep", "deep")]  # fmt: skip
        if jumped:
            legend.append(("sea's jump (wrong claim)", ""))
        out = []
        x, y = r.x, r.bottom + 4
        for text, key in legend:
            w = 14 + text_width(text, 12) + 8
            if x > r.x and x + w > W - 40:
                x, y = r.x, y + line_step(12) - 3
            out.append((text, key, x, y))
            x += w
        return out

    def legend_height(self, side: int) -> int:
        places = self.legend(pygame.Rect(self._x0(side), 0, side, side), self.jumped())
        return 8 + (places[-1][3] - side - 4) + line_step(12) - 3


def _pencil(session: GameSession, seat: int) -> Pencil:
    """The seat's pencil marks as saved with the game (the results show its whole chart)."""
    data = session.record.meta.get("pencil")
    raw = data.get(str(seat)) if isinstance(data, dict) else None
    return Pencil.from_json(raw, session.state.size**2)


__all__ = ["FindingResults", "finding_results", "routes"]
