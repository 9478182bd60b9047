"""The whole public story (and the viewer's own private lines), newest at the bottom.

Opened with L or the Log button over the right column; the wheel scrolls. Only events the
view on screen may see are listed (the shared panel reads them so); a new turn's line stands
out in bold gold. A reader scrolled up keeps their place while the game goes on (the lines in
sight stay put) and the title says how many new lines wait below.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from game.core.protocol import Event
from scenes import log_panel as shared
from scenes.finding import look
from scenes.finding.voice import wrap
from scenes.finding.voice_lines import QUIET, rename
from scenes.session import LOG_LIMIT
from scenes.ui import draw_text

if TYPE_CHECKING:
    from scenes.session import GameSession

RECT = pygame.Rect(592, 54, 672, 564)


def told_from_start(session: GameSession) -> list[Event]:
    """The deal's events when the session's log still starts at the first move (the device
    says who starts where and who plays first; a log cut to its newest lines does not)."""
    if len(session.log) >= LOG_LIMIT:
        return []
    return session.state.setup_events()


class LogPanel(shared.LogPanel):
    """The shared log over the right column; each line is (text, starts a turn)."""

    rect = RECT
    first_row = 36
    holds_place = True

    def __init__(self) -> None:
        super().__init__()
        self.names: list[str] = []  # the seats' names, which the engine's colours become

    def events_of(self, session: GameSession) -> list[Event]:
        """The session's visible log, after the deal's lines (who starts where, who plays
        first) while the log still reaches back to the start."""
        return session.visible([*told_from_start(session), *session.log])

    def read(self, events: Sequence[Event]) -> list[tuple[str, bool]]:
        width = self.rect.width - 40
        return [
            (line, e.kind == "turn")
            for e in events
            if e.kind not in QUIET or e.kind == "turn"
            for line in shared.hanging(wrap(rename(e.text, self.names), width, 14))
        ]

    def draw_frame(self, surface: pygame.Surface) -> None:
        look.panel(surface, self.rect)
        draw_text(surface, self.title(), (self.rect.x + 14, self.rect.y + 8), size=15,
                  kind="bold")  # fmt: skip

    def title(self) -> str:
        """The panel's title: how to use it, or, scrolled up, what waits below."""
        if not self.scroll:
            return "Log (wheel to scroll, L to close)"
        if self.unseen:
            s = "" if self.unseen == 1 else "s"
            return f"Log · {self.unseen} new line{s} below: wheel down to follow"
        return "Log · scrolled up: wheel down to follow the game"

    def draw_line(
        self, surface: pygame.Surface, line: tuple[str, bool], pos: tuple[int, int]
    ) -> None:
        text, head = line
        draw_text(surface, text, pos, size=14, kind="bold" if head else "regular",
                  colour=look.SELECT if head else look.TEXT)  # fmt: skip
