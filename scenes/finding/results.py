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

from game.core.protocol import GameState
from game.core.saves import Seat
from game.finding.cards import CAPTAIN, card_name
from scenes import canvas, draw
from scenes.finding.chart_model import chart_model
from scenes.finding.chart_symbols import dashed_ring
from scenes.finding.chart_view import ChartView
from scenes.finding.look import fit_text, line_step, text_width
from scenes.finding.pencil import Pencil
from scenes.palette import GOLD, INK, draw_seat_marker, style_by_name
from scenes.results_rows import ResultsTable
from scenes.results_scene import ResultsScene, draw_table
from scenes.ui import H, MenuScene, W, draw_text

if TYPE_CHECKING:
    from scenes.app import App
    from scenes.session import GameSession

#: the largest side of a chart on the results screen, the gap between two, their top edge
CHART_SIDE = 250
GAP = 16
CHARTS_TOP = 200

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
        n = state.n
        # the true map and every chart in one row, the table of every submarine under them
        panels = n + 1
        legend = 8 + 2 * (line_step(12) - 3)  # the map's legend, on up to two lines
        table_min = 64 + 28 * n  # every submarine's row (the shell's table: 40 + rows + 20)
        tall = H - 126 - CHARTS_TOP - legend - table_min
        side = max(120, min(CHART_SIDE, tall, (W - 80 - GAP * (panels - 1)) // panels))
        x0 = (W - (panels * side + GAP * (panels - 1))) // 2
        self.map_rect = pygame.Rect(x0, CHARTS_TOP, side, side)
        self.chart_rects = [
            pygame.Rect(x0 + (i + 1) * (side + GAP), CHARTS_TOP, side, side) for i in range(n)
        ]
        self.views = []
        for q in range(n):
            view = ChartView(state.size)
            view.layout(self.chart_rects[q])
            view.route_shown = None  # the whole route: the game is over
            model = chart_model(state.view(q), q)
            colours = {i: session.seats[i].colour or model.colours.get(i, "") for i in range(n)}
            self.views.append((view, replace(model, colours=colours), _pencil(session, q)))
        table_top = CHARTS_TOP + side + legend
        self.table_rect = pygame.Rect(W // 2 - 580, table_top, 1160, H - 126 - table_top)

    def _style(self, q: int):
        seat = self.session.seats[q]
        return style_by_name(seat.colour or "", self.app.settings.colourblind, q)

    def header_lines(self) -> list[tuple[str, int, int]]:
        """The lines over the charts: (text, size, centre y): who won, then the game's facts
        and notes (the shell's results screen puts these where the charts go)."""
        r = self.results
        line = f"{self.session.spec.title} · {r.rounds} {self.session.spec.round_word}s · seed "
        line += str(self.session.record.seed)
        if r.detail:
            line = r.detail + "   ·   " + line
        out = [(r.headline, 30, 112), (line, 17, 142)]
        if r.notes:
            out.append((" · ".join(r.notes), 15, 163))
        return out

    def draw_back(self, surface: pygame.Surface) -> None:
        MenuScene.draw_back(self, surface)
        band = canvas.surface((W - 240, 84), pygame.SRCALPHA)
        band.fill((8, 20, 32, 190))
        surface.blit(band, (120, 96))
        for text, size, y in self.header_lines():
            draw_text(surface, fit_text(text, W - 260, size, "bold" if size >= 30 else "regular"),
                      (W // 2, y), size=size, kind="bold" if size >= 30 else "regular",
                      anchor="center")  # fmt: skip
        draw_table(surface, self.table_rect, self.results.headers, self.results.rows)
        self._draw_map(surface)
        for q, (view, model, pencil) in enumerate(self.views):
            view.styles = {i: self._style(i) for i in range(self.state.n)}
            view.colourblind = self.app.settings.colourblind
            view.draw(surface, model, pencil)
            r = self.chart_rects[q]
            draw_seat_marker(surface, self._style(q), (r.x + 8, r.y - 10), 7,
                             self.app.settings.colourblind)  # fmt: skip
            label = fit_text(f"{self.session.seat_name(q)}'s chart", r.w - 20, 14, "bold")
            draw_text(surface, label, (r.x + 20, r.y - 10), size=14, kind="bold",
                      anchor="midleft")  # fmt: skip

    def _draw_map(self, surface: pygame.Surface) -> None:
        ocean = self.state.ocean
        size = self.state.size
        r = self.map_rect
        cell = r.width // size
        draw_text(surface, fit_text("True map and routes", r.w, 14, "bold"),
                  (r.x, r.y - 10), size=14, kind="bold", anchor="midleft")  # fmt: skip
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
        legend = [("Atlantis", "atlantis"), ("artifact", "artifact"), ("seamount", "seamount"),
                  ("deep", "deep")]  # fmt: skip
        if jumped:
            legend.append(("sea's jump (wrong claim)", ""))
        x, y = r.x, r.bottom + 4
        for text, key in legend:
            w = 14 + text_width(text, 12) + 8
            if x > r.x and x + w > r.right + 20:  # a narrow map: the legend takes two lines
                x, y = r.x, y + line_step(12) - 3
            if key:
                draw.rect(surface, TERRAIN_RGB[key], pygame.Rect(x, y + 3, 10, 10))
            else:  # the jump's own sign, as on the map
                dashed_ring(surface, GOLD, (x + 5, y + 8), 6, 1)
            x = draw_text(surface, text, (x + 14, y), size=12, colour=GOLD).right + 8


def _pencil(session: GameSession, seat: int) -> Pencil:
    """The seat's pencil marks as saved with the game (the results show its whole chart)."""
    data = session.record.meta.get("pencil")
    raw = data.get(str(seat)) if isinstance(data, dict) else None
    return Pencil.from_json(raw, session.state.size**2)


__all__ = ["FindingResults", "finding_results", "routes"]
