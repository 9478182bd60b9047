"""The whole public story (and the viewer's own private lines), newest at the bottom.

Opened with L or the Log button over the right column; the wheel scrolls. Only events the
view on screen may see are listed (the session filters them).
"""

from __future__ import annotations

import pygame

from game.core.protocol import Event
from scenes.finding import look
from scenes.finding.voice import QUIET, rename, wrap
from scenes.ui import draw_text

RECT = pygame.Rect(592, 54, 672, 564)
LINE = 18


class LogPanel:
    def __init__(self) -> None:
        self.open = False
        self.scroll = 0  # lines up from the newest
        self._lines: list[tuple[str, bool]] = []
        self._key: object = None

    def set_events(self, events: list[Event], key: object, names: list[str]) -> None:
        if key == self._key:
            return
        self._key = key
        lines: list[tuple[str, bool]] = []
        for e in events:
            if e.kind in QUIET and e.kind != "turn":
                continue
            head = e.kind == "turn"
            for i, line in enumerate(wrap(rename(e.text, names), RECT.width - 40, 14)):
                lines.append(("  " + line if i else line, head))
        self._lines = lines

    def on_wheel(self, dy: int) -> None:
        room = (RECT.height - 50) // LINE
        self.scroll = max(0, min(max(0, len(self._lines) - room), self.scroll + 3 * dy))

    def draw(self, surface: pygame.Surface) -> None:
        look.panel(surface, RECT)
        draw_text(surface, "Log (wheel to scroll, L to close)", (RECT.x + 14, RECT.y + 8),
                  size=15, kind="bold")  # fmt: skip
        room = (RECT.height - 50) // LINE
        end = len(self._lines) - self.scroll
        shown = self._lines[max(0, end - room) : end]
        y = RECT.y + 36
        for text, head in shown:
            draw_text(surface, text, (RECT.x + 16, y), size=14,
                      kind="bold" if head else "regular",
                      colour=look.SELECT if head else look.TEXT)  # fmt: skip
            y += LINE
