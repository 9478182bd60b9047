"""The results' table of every submarine, drawn so its words wrap inside their columns.

At the designed size each column is as wide as its widest cell; when larger text makes the
columns wider than the table, the rows take as few lines as the width allows and the cells
wrap onto them (the row grows), so no cell runs into the next.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from scenes import draw
from scenes.palette import GOLD, PANEL_EDGE, PARCHMENT
from scenes.text import line_step, text_width, wrap_text
from scenes.ui import draw_text

#: the table's print (designed points), the air between two columns and inside the frame
SIZE = 18
COLUMN_GAP = 24
PAD = 14
#: the air under each row
ROW_GAP = 4


@dataclass(frozen=True)
class TableLayout:
    """Where a table's words go: each column's width and each row's cells as lines."""

    widths: list[int]
    rows: list[list[list[str]]]  # the header first

    @property
    def heights(self) -> list[int]:
        step = line_step(SIZE, "bold")
        return [step * max(len(cell) for cell in row) for row in self.rows]

    @property
    def lines(self) -> int:
        """The most lines a submarine's row takes."""
        return max((max(len(cell) for cell in row) for row in self.rows[1:]), default=1)

    @property
    def height(self) -> int:
        return 2 * PAD + sum(self.heights) + ROW_GAP * len(self.rows) + 4


def _fit_width(cells: list[str], lines: int, kind: str) -> int:
    """The narrowest column (words' width) in which every cell takes at most ``lines``."""
    need = 0
    for cell in cells:
        w = max([text_width(word, SIZE, kind) for word in cell.split()] + [1])
        w = max(w, text_width(cell, SIZE, kind) // lines)
        while len(wrap_text(cell, w, SIZE, kind)) > lines:
            w += 4
        need = max(need, w)
    return need


def column_widths(headers: list[str], rows: list[list[str]], room: int) -> list[int]:
    """Each column as wide as its words when all fit ``room``; else the fewest lines a row
    takes that fits: each column just wide enough for its cells in that many lines (a heading
    may wrap onto more), the room left shared by the columns that would still wrap."""
    cols = [[str(r[c]) for r in rows] for c in range(len(headers))]
    natural = [
        max(_fit_width(col, 1, "regular"), _fit_width([h], 1, "bold")) + COLUMN_GAP
        for h, col in zip(headers, cols, strict=True)
    ]
    if sum(natural) <= room:
        return natural
    for lines in range(2, 6):
        widths = [
            max(_fit_width(col, lines, "regular"), _fit_width([h], 3, "bold")) + COLUMN_GAP
            for h, col in zip(headers, cols, strict=True)
        ]
        if sum(widths) <= room:
            break
    spare = room - sum(widths)
    short = [n - w for n, w in zip(natural, widths, strict=True)]
    if spare > 0 and sum(short) > 0:
        widths = [w + spare * d // sum(short) for w, d in zip(widths, short, strict=True)]
    return widths


def table_layout(headers: list[str], rows: list[list[str]], width: int) -> TableLayout:
    """The table's columns and wrapped cells for a table ``width`` wide."""
    widths = column_widths(headers, rows, width - 2 * PAD)
    cells = [
        [wrap_text(str(cell), w - COLUMN_GAP, SIZE, "bold" if i == 0 else "regular") or [""]
         for cell, w in zip(row, widths, strict=False)]
        for i, row in enumerate([headers, *rows])
    ]  # fmt: skip
    return TableLayout(widths, cells)


def draw_results_table(
    surface: pygame.Surface, rect: pygame.Rect, headers: list[str], rows: list[list[str]]
) -> None:
    """The ruled table: gold headings, a rule under them, each row's cells wrapped."""
    draw.rect(surface, (6, 20, 31), rect, border_radius=10)
    draw.rect(surface, PANEL_EDGE, rect, 2, border_radius=10)
    lay = table_layout(headers, rows, rect.w)
    step = line_step(SIZE, "bold")
    y = rect.y + PAD
    for r, (cells, h) in enumerate(zip(lay.rows, lay.heights, strict=True)):
        x = rect.x + PAD
        for cell, w in zip(cells, lay.widths, strict=True):
            for i, line in enumerate(cell):
                draw_text(surface, line, (x, y + i * step), size=SIZE,
                          kind="bold" if r == 0 else "regular",
                          colour=GOLD if r == 0 else PARCHMENT)  # fmt: skip
            x += w
        y += h + ROW_GAP + (4 if r == 0 else 0)
        if r == 0:
            draw.line(surface, PANEL_EDGE, (rect.x + 14, y - 5), (rect.right - 14, y - 5), 1)
