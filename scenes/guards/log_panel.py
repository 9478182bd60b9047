"""The log of every event the view on screen may see, newest at the bottom.

Open with L or the Log button (it covers the right column); the wheel scrolls. The session
filters the events; this only lays them out.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.core.protocol import Event
from scenes import draw
from scenes import log_panel as shared
from scenes.guards import look
from scenes.guards.look import draw_text
from scenes.ui import draw_panel

QUIET = frozenset({"committed"})


class LogPanel(shared.LogPanel):
    """The shared log over the right column, in plain lines; it also keeps the two newest
    events for the strip under the arena."""

    rect = look.LOG
    holds_place = False

    def __init__(self) -> None:
        super().__init__()
        self._recent: list[str] = []

    def read(self, events: Sequence[Event]) -> list[str]:
        shown = [e.text for e in events if e.kind not in QUIET and e.text]
        self._recent = shown[-2:]
        width = self.rect.w - 40
        return [
            line for t in shown for line in shared.hanging(look.wrap(t, width, 14, max_lines=6))
        ]

    @property
    def recent(self) -> list[str]:
        """The two newest event texts (oldest first), as the strip shows them."""
        return list(self._recent)

    def draw_frame(self, surface: pygame.Surface) -> None:
        r = self.rect
        draw_panel(surface, r, "Log")
        draw_text(surface, "wheel scrolls · L closes", (r.right - 14, r.y + 18), size=13,
                  colour=look.DIM, anchor="topright")  # fmt: skip

    def draw_line(self, surface: pygame.Surface, line: str, pos: tuple[int, int]) -> None:
        draw_text(surface, line, pos, size=14)


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
        line, size = look.fit_text(text, r.w - 20, 13, kind, look.SMALLEST_PRINT)
        y = r.y + 2 + step * (len(rows) - 1 - i) + step // 2
        draw_text(surface, line, (r.x + 10, y), size=size, kind=kind,
                  colour=look.TEXT if newest else look.DIM, anchor="midleft")  # fmt: skip
