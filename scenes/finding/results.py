"""Finding Atlantis results: the true map revealed beside each player's own chart, the routes.

The game is over, so the map is everyone's now: the results screen reads the full state's
ocean (the boards never do) and replays the save record to draw the route every submarine
really took. Each player's chart is drawn from that player's own final view, as they had it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from game.core.protocol import GameState
from game.core.saves import Seat
from game.finding.cards import CAPTAIN, card_name
from scenes import draw
from scenes.finding.standin import ChartView, chart_model
from scenes.palette import GOLD, INK, draw_seat_marker, style_by_name
from scenes.results_rows import ResultsTable
from scenes.results_scene import ResultsScene
from scenes.ui import W, draw_text

if TYPE_CHECKING:
    from scenes.app import App
    from scenes.session import GameSession

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


def routes(session: GameSession) -> list[list[int]]:
    """Every submarine's true cells, in order, by replaying the game's record."""
    record = session.record
    st = record.new_state()
    out: list[list[int]] = [[p] if p is not None else [] for p in st.pos]
    for action in record.actions:
        st.apply(action)
        for q, p in enumerate(st.pos):
            if p is not None and (not out[q] or out[q][-1] != p):
                out[q].append(p)
    return out


class FindingResults(ResultsScene):
    """The shell's results screen with the true map and everyone's charts above the table."""

    def __init__(self, app: App, session: GameSession) -> None:
        super().__init__(app, session)
        state = session.state
        self.state = state
        self.routes = routes(session)
        n = state.n
        self.map_rect = pygame.Rect(60, 272, 200, 200)
        side = min(200, (W - 320 - 20 * n) // max(1, n))
        self.chart_rects = [pygame.Rect(290 + i * (side + 20), 272, side, side) for i in range(n)]
        self.views = []
        for q in range(n):
            view = ChartView(state.size)
            view.layout(self.chart_rects[q])
            self.views.append((view, chart_model(state.view(q), q)))
        self.table_rect = pygame.Rect(W // 2 - 580, 492, 1160, 102)

    def _style(self, q: int):
        seat = self.session.seats[q]
        return style_by_name(seat.colour or "", self.app.settings.colourblind, q)

    def draw_back(self, surface: pygame.Surface) -> None:
        super().draw_back(surface)
        self._draw_map(surface)
        for q, (view, model) in enumerate(self.views):
            view.draw(surface, model, None)
            r = self.chart_rects[q]
            draw_seat_marker(surface, self._style(q), (r.x + 8, r.y - 12), 7,
                             self.app.settings.colourblind)  # fmt: skip
            draw_text(surface, f"{self.session.seat_name(q)}'s chart", (r.x + 20, r.y - 12),
                      size=14, kind="bold", anchor="midleft")  # fmt: skip

    def _draw_map(self, surface: pygame.Surface) -> None:
        ocean = self.state.ocean
        size = self.state.size
        r = self.map_rect
        cell = r.width // size
        draw_text(surface, "The true map and every route", (r.x, r.y - 2), size=14, kind="bold",
                  anchor="bottomleft")  # fmt: skip
        if ocean is None:
            return
        for c in range(size * size):
            x, y = c % size, c // size
            box = pygame.Rect(r.x + x * cell, r.y + y * cell, cell, cell)
            draw.rect(surface, TERRAIN_RGB[ocean.terrain(c)], box)
            draw.rect(surface, INK, box, 1)
        for q, path in enumerate(self.routes):
            if not path:
                continue
            rgb = self._style(q).rgb
            off = (q - 1.5) * 3
            pts = [(r.x + (c % size + 0.5) * cell + off, r.y + (c // size + 0.5) * cell + off)
                   for c in path]  # fmt: skip
            if len(pts) > 1:
                draw.lines(surface, rgb, False, pts, 3)
            draw.circle(surface, rgb, (int(pts[-1][0]), int(pts[-1][1])), 6)
            draw.circle(surface, INK, (int(pts[-1][0]), int(pts[-1][1])), 6, 1)
        legend = [("Atlantis", "atlantis"), ("artifact", "artifact"), ("seamount", "seamount"),
                  ("deep", "deep")]  # fmt: skip
        x = r.x
        for text, key in legend:
            draw.rect(surface, TERRAIN_RGB[key], pygame.Rect(x, r.bottom + 6, 10, 10))
            x = draw_text(surface, text, (x + 14, r.bottom + 1), size=12, colour=GOLD).right + 10


__all__ = ["FindingResults", "finding_results", "routes"]
