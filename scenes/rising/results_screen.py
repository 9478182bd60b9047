"""Atlantis Rising's results screen: the shell's, laid out again when larger text no longer
fits it — the game's line and notes wrapped, the components' table as wide as the screen
(or a line per component when its columns do not fit), scrolled with the wheel when taller
than the room above the buttons."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from scenes import canvas, draw
from scenes.assets import font
from scenes.palette import GOLD, MUTED, PANEL_EDGE, PARCHMENT
from scenes.results_scene import ResultsScene
from scenes.text import wrap_text
from scenes.ui import MenuScene, W, draw_text

if TYPE_CHECKING:
    from scenes.app import App
    from scenes.session import GameSession

#: designed print of the game's line, its notes and the table
LINE, NOTE, CELL = 19, 16, 18
COLUMN_GAP = 36
BAND_TOP = 172
SIDE = 80  # the room's margin left and right


@dataclass(frozen=True)
class Row:
    """One line of the flowing layout: its cells (x from the room's left, words, size, bold,
    colour); ``centred`` lines are centred in the room."""

    cells: tuple[tuple[int, str, int, bool, tuple[int, int, int]], ...]
    height: int
    centred: bool = False
    rule: bool = False  # a line under it (the table's header)


class RisingResults(ResultsScene):
    """The results; the wheel scrolls them when larger text makes them taller than the room."""

    def __init__(self, app: App, session: GameSession) -> None:
        super().__init__(app, session)
        #: rows of the flowing layout scrolled past (the wheel)
        self.scroll = 0

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEWHEEL and not self.designed_fits():
            self.scroll = max(0, self.scroll - int(event.y))
            return True
        return super().handle_event(event)

    # --- which layout ---------------------------------------------------------------------------
    def game_line(self) -> str:
        r = self.results
        spec = self.session.spec
        line = f"{spec.title} · {r.rounds} {spec.round_word}s · seed {self.session.record.seed}"
        return r.detail + "   ·   " + line if r.detail else line

    def designed_fits(self) -> bool:
        """Does the shell's layout hold the words at the text size in force (its line and notes
        across the screen, 22 px apart; its table's columns and rows)?"""
        r = self.results
        if font(LINE).size(self.game_line())[0] > W - 40:
            return False
        if r.notes and (
            font(NOTE).get_linesize() > 24 or max(font(NOTE).size(n)[0] for n in r.notes) > W - 40
        ):
            return False
        rect = self.table_rect
        row_h = max(22, min(34, (rect.height - 60) // max(1, len(r.rows))))
        size = 18 if row_h >= 30 else 17 if row_h >= 27 else 15
        if font(size).get_linesize() > row_h + 4 or (rect.height - 60) // row_h < len(r.rows):
            return False
        return sum(self._widths(size)) <= rect.width - 40

    def _widths(self, size: int) -> list[int]:
        r = self.results
        bold = font(size, "bold")
        return [
            max(bold.size(str(c))[0] for c in col) + COLUMN_GAP
            for col in zip(r.headers, *r.rows, strict=False)
        ]

    # --- the flowing layout ---------------------------------------------------------------------
    def room(self) -> pygame.Rect:
        """Under the headline, above the buttons (as tall as larger text made them)."""
        k = getattr(self.manager, "density", 1.0)
        bottom = int(min(b.rect.top for b in (self.same_seed, self.new_seed, self.title_btn)) / k)
        return pygame.Rect(SIDE, BAND_TOP + 6, W - 2 * SIDE, bottom - 12 - BAND_TOP - 6)

    def rows(self, width: int) -> list[Row]:
        """Everything under the headline as lines no wider than ``width``."""
        r = self.results
        out: list[Row] = []
        for text, size in [(self.game_line(), LINE), *((n, NOTE) for n in r.notes)]:
            for part in wrap_text(text, width, size):
                out.append(Row(((0, part, size, False, PARCHMENT),), _step(size), centred=True))
        out.append(Row((), 10))
        widths = self._widths(CELL)
        step = _step(CELL)
        if sum(widths) - COLUMN_GAP <= width:  # the table, its columns side by side
            xs = [sum(widths[:i]) for i in range(len(widths))]
            out.append(
                Row(
                    tuple((x, h, CELL, True, GOLD) for x, h in zip(xs, r.headers, strict=False)),
                    step + 8,
                    rule=True,
                )  # fmt: skip
            )
            for cells in r.rows:
                out.append(
                    Row(
                        tuple(
                            (x, c, CELL, False, PARCHMENT) for x, c in zip(xs, cells, strict=False)
                        ),
                        step,
                    )  # fmt: skip
                )
            return out
        for cells in r.rows:  # too narrow: a component a line, its deck and builder after it
            first, *rest = cells
            text = f"{first}: " + " · ".join(rest)
            for i, part in enumerate(wrap_text(text, width - 20, CELL)):  # the rest indented
                out.append(Row(((20 if i else 0, part, CELL, False, PARCHMENT),), step))
        return out

    def draw_back(self, surface: pygame.Surface) -> None:
        if self.designed_fits():
            super().draw_back(surface)
            return
        MenuScene.draw_back(self, surface)
        r = self.results
        draw_text(surface, r.headline, (W // 2, 130), size=40, kind="bold", anchor="center")
        room = self.room()
        rows = self.rows(room.width)
        heights = [row.height for row in rows]
        room_h = room.height
        if sum(heights) > room_h:
            room_h -= _step(NOTE)  # the line that says there is more
            last = len(rows) - 1  # the furthest the wheel goes: the last rows fill the room
            while last > 0 and sum(heights[last - 1 :]) <= room_h:
                last -= 1
            self.scroll = max(0, min(self.scroll, last))
        else:
            self.scroll = 0
        shown = _fitting(heights[self.scroll :], room_h)
        band = canvas.surface((room.width + 2 * 40, room.height + 12), pygame.SRCALPHA)
        band.fill((8, 20, 32, 200))
        surface.blit(band, (room.x - 40, room.y - 6))
        y = room.y
        for row in rows[self.scroll : self.scroll + shown]:
            for x, text, size, bold, colour in row.cells:
                kind = "bold" if bold else "regular"
                if row.centred:
                    draw_text(surface, text, (room.centerx, y), size=size, kind=kind,
                              colour=colour, anchor="midtop")  # fmt: skip
                else:
                    draw_text(surface, text, (room.x + x, y), size=size, kind=kind, colour=colour)
            if row.rule:
                draw.line(surface, PANEL_EDGE, (room.x, y + row.height - 5),
                          (room.right, y + row.height - 5), 1)  # fmt: skip
            y += row.height
        hidden = len(rows) - shown
        if hidden:
            above, below = self.scroll, len(rows) - self.scroll - shown
            note = f"{below} more line{'s' if below != 1 else ''} below" if below else "the end"
            if above:
                note = f"{above} above · " + note
            draw_text(surface, f"{note} (mouse wheel)", (room.right, room.bottom), size=NOTE,
                      colour=MUTED, anchor="bottomright")  # fmt: skip


def _step(size: int) -> int:
    return font(size).get_linesize()


def _fitting(heights: list[int], room: int) -> int:
    """How many rows, from the first, fit ``room`` (one at least)."""
    n, used = 0, 0
    while n < len(heights) and used + heights[n] <= room:
        used += heights[n]
        n += 1
    return max(1, n)
