"""THROWAWAY stand-in for FC's chart (chart_model, ChartView, Pencil, HeatMap) until it lands.

Same API as /work/wt/FINDING_UI.md; deleted when the real modules are merged.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Any

import pygame

from game.finding.facts import CellIs, Count
from game.finding.ocean import TRACE_TERRAINS
from scenes import draw
from scenes.ui import draw_text

PENCIL_KINDS = ("cross", "black", "question", "note")


@dataclass(frozen=True)
class Mark:
    kind: str
    text: str = ""


@dataclass(frozen=True)
class ChartModel:
    size: int
    seat: int
    marks: dict[int, tuple[Mark, ...]]
    counts: tuple[tuple[frozenset[int], str, str], ...]
    me: int | None
    route: tuple[int, ...]
    lost: bool
    others: dict[int, frozenset[int]]
    colours: dict[int, str]


def chart_model(view: Any, seat: int) -> ChartModel:
    marks: dict[int, list[Mark]] = {}
    counts = []
    for f in view.located_facts(seat):
        if isinstance(f, CellIs):
            t = f.terrains
            if t == frozenset({"deep"}):
                kind = "deep"
            elif t <= TRACE_TERRAINS:
                kind = "trace"
            elif len(t) == 1:
                kind = next(iter(t))
            elif "deep" in t:
                kind = "no_trace"
            else:
                kind = "seamount"
            marks.setdefault(f.cell, []).append(Mark(kind))
        elif isinstance(f, Count):
            counts.append((f.cells, f.what, ",".join(str(a) for a in sorted(f.allowed))))
    me = view.pos[seat] if not view.lost[seat] else None
    others = {q: view.possible_positions(seat, q) for q in range(view.n) if q != seat}
    colours = {q: c for q, c in enumerate(("yellow", "red", "green", "blue")[: view.n])}
    return ChartModel(
        view.size,
        seat,
        {c: tuple(m) for c, m in marks.items()},
        tuple(counts),
        me,
        (),
        bool(view.lost[seat]),
        others,
        colours,
    )


class Pencil:
    def __init__(self) -> None:
        self._marks: dict[int, tuple[str, str]] = {}

    def toggle(self, cell: int, kind: str, text: str = "") -> None:
        if self._marks.get(cell, ("", ""))[0] == kind and kind != "note":
            del self._marks[cell]
        else:
            self._marks[cell] = (kind, text)

    def marks(self) -> dict[int, tuple[str, str]]:
        return dict(self._marks)

    def to_json(self) -> dict:
        return {str(c): [k, t] for c, (k, t) in self._marks.items()}

    @classmethod
    def from_json(cls, data: Any) -> Pencil:
        p = cls()
        try:
            for c, (k, t) in dict(data).items():
                if k in PENCIL_KINDS:
                    p._marks[int(c)] = (str(k), str(t))
        except (TypeError, ValueError):
            return cls()
        return p


class HeatMap:
    def __init__(self) -> None:
        self._res: dict[int, Any] = {}
        self._keys: dict[int, int] = {}
        self._lock = threading.Lock()

    def request(self, view: Any, seat: int) -> None:
        key = len(view.log)
        if self._keys.get(seat) == key:
            return
        self._keys[seat] = key
        self._res.pop(seat, None)

        def run() -> None:
            from ai.finding.chart_answer import chart_answer

            ans = chart_answer(view, seat)
            with self._lock:
                if self._keys.get(seat) == key:
                    self._res[seat] = ans

        threading.Thread(target=run, daemon=True).start()

    def result(self, seat: int) -> Any:
        with self._lock:
            return self._res.get(seat)

    def close(self) -> None:
        self._keys.clear()


COLOURS = {
    "seamount": (150, 120, 80),
    "deep": (20, 40, 110),
    "no_trace": (90, 90, 90),
    "trace": (220, 200, 60),
    "atlantis": (240, 170, 40),
    "artifact": (200, 80, 200),
}


class ChartView:
    def __init__(self, size: int) -> None:
        self.size = size
        self.rect = pygame.Rect(0, 0, 100, 100)
        self.cell = 10

    def layout(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)
        self.cell = (min(rect.width, rect.height) - 30) // self.size
        self.origin = (rect.x + 24, rect.y + 24)

    def cell_rect(self, cell: int) -> pygame.Rect:
        x, y = cell % self.size, cell // self.size
        return pygame.Rect(
            self.origin[0] + x * self.cell, self.origin[1] + y * self.cell, self.cell, self.cell
        )

    def cell_centre(self, cell: int) -> tuple[int, int]:
        return self.cell_rect(cell).center

    def cell_at(self, pos: tuple[int, int]) -> int | None:
        x = (pos[0] - self.origin[0]) // self.cell
        y = (pos[1] - self.origin[1]) // self.cell
        if 0 <= x < self.size and 0 <= y < self.size:
            return y * self.size + x
        return None

    def draw(
        self,
        surface: Any,
        model: ChartModel,
        pencil: Pencil | None,
        *,
        opponents: bool = False,
        heat: Any = None,
        highlight: frozenset[int] = frozenset(),
        hover: int | None = None,
        pending: frozenset[int] = frozenset(),
    ) -> None:
        draw.rect(surface, (214, 200, 160), self.rect)
        for c in range(self.size * self.size):
            r = self.cell_rect(c)
            if heat is not None:
                p = heat.p_atlantis(c)
                draw.rect(surface, (214, int(200 - 150 * p), int(160 - 150 * p)), r)
            draw.rect(surface, (90, 80, 60), r, 1)
            for i, m in enumerate(model.marks.get(c, ())):
                col = COLOURS.get(m.kind, (0, 0, 0))
                draw.rect(surface, col, pygame.Rect(r.x + 4 + 10 * i, r.y + 4, 9, 9))
            if c in highlight:
                draw.rect(surface, (40, 160, 60), r.inflate(-4, -4), 3)
            if c in pending:
                draw.rect(surface, (200, 40, 40), r.inflate(-8, -8), 3)
            if c == hover:
                draw.rect(surface, (255, 255, 255), r, 2)
        for i in range(self.size):
            draw_text(
                surface,
                chr(65 + i),
                (self.origin[0] + i * self.cell + self.cell // 2, self.rect.y + 4),
                size=14,
                colour=(40, 30, 20),
                anchor="midtop",
            )
            draw_text(
                surface,
                str(i + 1),
                (self.rect.x + 6, self.origin[1] + i * self.cell + self.cell // 2),
                size=14,
                colour=(40, 30, 20),
                anchor="midleft",
            )
        if pencil is not None:
            for c, (kind, text) in pencil.marks().items():
                r = self.cell_rect(c)
                draw_text(
                    surface,
                    {"cross": "x", "black": "#", "question": "?"}.get(kind, text[:3]),
                    r.center,
                    size=16,
                    colour=(60, 60, 60),
                    anchor="center",
                )
        if opponents:
            for _q, cells in model.others.items():
                for c in cells:
                    draw.circle(surface, (120, 120, 120), self.cell_rect(c).bottomright, 3)
        if model.me is not None:
            draw.circle(surface, (30, 30, 30), self.cell_centre(model.me), self.cell // 4)
