"""The log of every event the view on screen may see, newest at the bottom.

Open with L or the Log button (it covers the right column); the wheel scrolls. The session
filters the events; this only lays them out.
"""

from __future__ import annotations

import pygame

from game.core.protocol import Event
from scenes import draw
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
        self._recent: list[str] = []
        self._key: object = None

    def set_events(self, events: list[Event], key: object) -> None:
        if key == self._key:
            return
        self._key = key
        lines: list[str] = []
        recent: list[str] = []
        for e in events:
            if e.kind in QUIET or not e.text:
                continue
            recent.append(e.text)
            for i, line in enumerate(look.wrap(e.text, look.LOG.w - 40, 14, max_lines=6)):
                lines.append("  " + line if i else line)
        self._lines = lines
        self._recent = recent[-2:]

    @property
    def recent(self) -> list[str]:
        """The two newest event texts (oldest first), as the strip shows them."""
        return list(self._recent)

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


def draw_strip(surface: pygame.Surface, recent: list[str]) -> None:
    """The newest events under the arena: the last one bright, the one before dimmer."""
    r = look.STRIP
    draw.rect(surface, look.PANEL, r, border_radius=6)
    draw.rect(surface, look.PANEL_EDGE, r, 1, border_radius=6)
    if not recent:
        draw_text(surface, "Nothing has happened yet. (L: the whole log)", (r.x + 10, r.centery),
                  size=13, colour=look.DIM, anchor="midleft")  # fmt: skip
        return
    from scenes.assets import font

    fit = max(1, (r.h - 4) // font(13, "bold").get_linesize())  # a small window: one line
    rows = recent[-min(2, fit) :]
    step = (r.h - 4) // len(rows)
    for i, text in enumerate(reversed(rows)):
        newest = i == 0
        kind = "bold" if newest else "regular"
        line, size = look.fit_text(text, r.w - 20, 13, kind)
        y = r.y + 2 + step * (len(rows) - 1 - i) + step // 2
        draw_text(surface, line, (r.x + 10, y), size=size, kind=kind,
                  colour=look.TEXT if newest else look.DIM, anchor="midleft")  # fmt: skip
