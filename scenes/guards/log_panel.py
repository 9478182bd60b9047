"""The log of every event the view on screen may see, newest at the bottom.

Open with L or the Log button (it covers the right column); the wheel scrolls. The session
filters the events; this only lays them out.
"""

from __future__ import annotations

import pygame

from game.core.protocol import Event
from scenes.guards import look
from scenes.guards.look import draw_text
from scenes.ui import draw_panel

LINE = 18
QUIET = frozenset({"committed"})


class LogPanel:
    def __init__(self) -> None:
        self.open = False
        self.scroll = 0
        self._lines: list[str] = []
        self._key: object = None

    def set_events(self, events: list[Event], key: object) -> None:
        if key == self._key:
            return
        self._key = key
        lines: list[str] = []
        for e in events:
            if e.kind in QUIET or not e.text:
                continue
            for i, line in enumerate(look.wrap(e.text, look.LOG.w - 40, 14, max_lines=6)):
                lines.append("  " + line if i else line)
        self._lines = lines

    @property
    def lines(self) -> list[str]:
        return list(self._lines)

    def on_wheel(self, dy: int) -> None:
        room = (look.LOG.h - 50) // LINE
        self.scroll = max(0, min(max(0, len(self._lines) - room), self.scroll + 3 * dy))

    def draw(self, surface: pygame.Surface) -> None:
        r = look.LOG
        draw_panel(surface, r, "Log")
        draw_text(surface, "wheel scrolls · L closes", (r.right - 14, r.y + 18), size=13,
                  colour=look.DIM, anchor="topright")  # fmt: skip
        room = (r.h - 50) // LINE
        end = len(self._lines) - self.scroll
        shown = self._lines[max(0, end - room) : end]
        y = r.y + 44
        for line in shown:
            draw_text(surface, line, (r.x + 16, y), size=14)
            y += LINE
