"""The log panel every board opens over itself: what happened, newest at the bottom.

The panel reads the session's log as the seat on screen may see it (:meth:`LogPanel.follow`),
and reads it again whenever the log grows or another seat is looking, so in hot-seat play an
event addressed to one seat (``Event.to``) is never listed while another seat's view is up.
L or the Log button opens it; the mouse wheel scrolls it three lines a notch. A reader scrolled
up keeps their place while new lines arrive below (``holds_place``), and is told how many.

A game says only what differs: which events it lists and in what words (:meth:`read`), how a
line and the panel's frame are drawn, and where (``rect``). The lines are the game's own values
(a string, or a string with its style); the panel only counts, scrolls and lays them out.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import pygame

from game.core.protocol import Event

if TYPE_CHECKING:
    from scenes.session import GameSession

#: how many lines one notch of the mouse wheel scrolls
WHEEL_LINES = 3
#: a line that wraps goes on under its first line, this much further in
HANG = "  "


def hanging(parts: Sequence[str]) -> list[str]:
    """The wrapped parts of one event's line, every part after the first indented (so where
    one event ends and the next begins shows at a glance)."""
    return [HANG + part if i else part for i, part in enumerate(parts)]


def added_lines(old: Sequence[Any], new: Sequence[Any]) -> int:
    """How many lines ``new`` adds at the end of ``old``, the oldest of which may have been
    dropped at the front (the session keeps the newest few hundred events); 0 when ``new``
    does not continue ``old`` (an undo took lines back)."""
    if not old:
        return len(new)
    last = old[-1]
    for end in range(len(new), 0, -1):  # new[:end] must end with a tail of old
        if new[end - 1] == last:
            keep = min(end, len(old))
            if list(new[end - keep : end]) == list(old[len(old) - keep :]):
                return len(new) - end
    return 0


class LogPanel:
    """The lines of a board's log, whether the log is open, and how far it is scrolled.

    By default the panel lays its lines out one under the other in ``rect`` (``row_step``
    apart, the first ``first_row`` below its top), as many as fit, the newest at the bottom.
    """

    #: where the open log is drawn (canvas units)
    rect = pygame.Rect(0, 0, 0, 0)
    #: how far below the top of ``rect`` the first line goes, and the step between lines
    first_row = 44
    row_step = 18
    #: True: a reader scrolled up keeps their place as lines arrive, and ``unseen`` counts
    #: them; False: what is shown slides down with the newest line
    holds_place = True

    def __init__(self) -> None:
        self.open = False
        self.scroll = 0  # lines up from the newest
        self.unseen = 0  # lines added below while the reader is scrolled up
        #: counts the changes of the lines (a board caching its picture redraws on it)
        self.version = 0
        self._lines: list[Any] = []
        self._source: object = None  # what the lines were last read from

    # --- the lines ----------------------------------------------------------------------------
    @property
    def lines(self) -> list[Any]:
        """Every line of the log, oldest first."""
        return list(self._lines)

    def follow(self, session: GameSession) -> None:
        """Read the session's log as the seat on screen may see it, when it changed or
        another seat (or the table) is looking since the last read."""
        source = (session.log_version, len(session.log), session.viewer())
        if source == self._source:
            return
        self._source = source
        self.set_lines(self.read(self.events_of(session)))

    def events_of(self, session: GameSession) -> list[Event]:
        """The events to list: what the seat on screen may see of the session's log (a game
        may add what its log never held, such as its deal)."""
        return session.visible_log()

    def read(self, events: Sequence[Event]) -> list[Any]:
        """The lines to list for ``events`` (games say which events, in what words)."""
        return [e.text for e in events if e.text]

    def set_lines(self, lines: list[Any]) -> None:
        """New lines; a reader scrolled up keeps their place (the newest line is followed
        only at the bottom) when the panel ``holds_place``."""
        if lines == self._lines:
            return
        old = self._lines
        self._lines = list(lines)
        self.version += 1
        if not self.scroll or not self.holds_place:
            return
        added = added_lines(old, lines)
        if added > 0:
            self.scroll += added
            self.unseen += added
        else:  # lines were taken back (an undo): stay put as far as the log still reaches
            self.scroll = min(self.scroll, max(0, len(lines) - self.room()))
            self.unseen = min(self.unseen, self.scroll)

    # --- scrolling ----------------------------------------------------------------------------
    def room(self) -> int:
        """How many lines stay in sight when the log is scrolled up as far as it goes: as
        many as fit under the title's band."""
        return (self.rect.height - 50) // self.row_step

    def on_wheel(self, dy: int) -> None:
        """The mouse wheel over the open log (up is positive: back in time)."""
        top = max(0, len(self._lines) - self.room())
        self.scroll = max(0, min(top, self.scroll + dy * WHEEL_LINES))
        self.unseen = min(self.unseen, self.scroll)  # back at the bottom: follow again

    def in_sight(self) -> list[Any]:
        """The lines the open log shows now, oldest first."""
        end = len(self._lines) - self.scroll
        return self._lines[max(0, end - self.room()) : end]

    # --- drawing ------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """The open log: its frame, then the lines in sight from the top down."""
        self.draw_frame(surface)
        y = self.rect.y + self.first_row
        for line in self.in_sight():
            self.draw_line(surface, line, (self.rect.x + 16, y))
            y += self.row_step

    def draw_frame(self, surface: pygame.Surface) -> None:
        """The panel behind the lines, with its title (games)."""

    def draw_line(self, surface: pygame.Surface, line: Any, pos: tuple[int, int]) -> None:
        """One line at ``pos`` (games)."""
