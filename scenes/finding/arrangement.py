"""Where the Finding board's right column puts its panels at the text size drawn now.

As designed, the seats' status, the hand, and the aiming panel beside the pencil and aids are
all on screen at once (:mod:`scenes.finding.look`). When the text is too large for that (a
seat's facts no longer fit its row, a pencil's word its button), the column gives way: a row of
tabs (Seats, Cards, Pencil & aids) at its top picks which of those three fills the room under
it, and the aiming panel takes the column's whole width under them, always in view.

:func:`arrange` returns every rectangle the drawing reads, as an :class:`Arrangement` the board
keeps; the designed ones in :mod:`scenes.finding.look` stay as they are.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from scenes.finding import look
from scenes.text import line_step, text_width

#: the tabs, in order: (key, words on the tab)
TABS = (("seats", "Seats"), ("cards", "Cards"), ("tools", "Pencil & aids"))
#: the words of the pencil's and the aids' buttons (the widest decides whether they fit)
TOOL_WORDS = ("Cross", "Black out", "?", "Note", "Opponents: off", "Heat map: off")
#: the designed rectangles, as look.py holds them before anything moves them
DESIGNED = {
    "STATUS": pygame.Rect(look.STATUS),
    "HAND": pygame.Rect(look.HAND),
    "AIM": pygame.Rect(look.AIM),
    "TOOLS": pygame.Rect(look.TOOLS),
    "DIALOG": pygame.Rect(look.DIALOG),
}
#: the chart and the strip along the foot (the device's voice, the command buttons)
FOOT = {"CHART": pygame.Rect(look.CHART), "VOICE": pygame.Rect(look.VOICE),
        "BUTTONS": pygame.Rect(look.BUTTONS)}  # fmt: skip
#: the column's edges (from the seats' top to the aiming panel's foot)
COLUMN = DESIGNED["STATUS"].union(DESIGNED["AIM"]).union(DESIGNED["TOOLS"])


@dataclass(frozen=True)
class Arrangement:
    """The column's panels: the tabs' rectangles (none when everything shows at once)."""

    tabs: tuple[tuple[str, str, pygame.Rect], ...]
    status: pygame.Rect
    hand: pygame.Rect
    aim: pygame.Rect
    tools: pygame.Rect
    dialog: pygame.Rect
    #: the log's panel over the column
    log: pygame.Rect = field(default_factory=lambda: pygame.Rect(COLUMN))
    #: the chart (square), the device's voice and the command buttons along the foot
    chart: pygame.Rect = field(default_factory=lambda: pygame.Rect(FOOT["CHART"]))
    voice: pygame.Rect = field(default_factory=lambda: pygame.Rect(FOOT["VOICE"]))
    buttons: pygame.Rect = field(default_factory=lambda: pygame.Rect(FOOT["BUTTONS"]))

    @property
    def tabbed(self) -> bool:
        return bool(self.tabs)

    def shows(self, panel: str, tab: str) -> bool:
        """Is ``panel`` (seats, cards, tools) on screen with ``tab`` picked?"""
        return not self.tabs or panel == tab


def status_fits(lines: list[tuple[str, str]]) -> bool:
    """Can every seat's row show its name and facts (``(name, facts)`` each) as designed: on
    one line beside a room for its cards, or on two lines of the row's height?"""
    r = DESIGNED["STATUS"]
    row_h = (r.height - 8) // max(1, len(lines))
    room = r.width - 200 - 34 - 8
    two = row_h >= line_step(15) - 3 + line_step(13) - 3 + 2
    for name, facts in lines:
        wide = text_width(facts, 13)
        if two and wide <= room:
            continue
        if text_width(name, 15, "bold") + 8 + wide <= room:
            continue
        return False
    return True


def tools_fit() -> bool:
    """Do the pencil's and aids' words fit their buttons as designed (two a row, one a row)?"""
    inner = DESIGNED["TOOLS"].w - 24
    half = (inner - 8) // 2
    pencil = all(text_width(w, 14, "bold") <= half - 10 for w in TOOL_WORDS[:4])
    aids = all(text_width(w, 14, "bold") <= inner - 10 for w in TOOL_WORDS[4:])
    return pencil and aids


def tab_height() -> int:
    return max(34, line_step(14, "bold") + 6)


def foot_height() -> int:
    """The voice's strip: as designed, or taller so that two lines of what the device says
    and the prompt under them keep their size."""
    need = 12 + 2 * (line_step(15) - 3) + line_step(14) - 3
    return max(FOOT["VOICE"].h, need)


def arrange_foot(foot: int | None = None) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
    """The chart, the voice and the buttons for the voice's height. ``foot``: where the board
    ends, when something lies under it (a replay's bar grown with large text): the strip rises
    and the chart gives up the room."""
    h = foot_height()
    voice, buttons = FOOT["VOICE"], FOOT["BUTTONS"]
    bottom = voice.bottom if foot is None else min(voice.bottom, foot - 2)
    top = bottom - h
    side = min(FOOT["CHART"].w, top - 8 - FOOT["CHART"].y)
    return (
        pygame.Rect(FOOT["CHART"].x, FOOT["CHART"].y, side, side),
        pygame.Rect(voice.x, top, voice.w, h),
        pygame.Rect(buttons.x, top, buttons.w, h),
    )


def arrange(lines: list[tuple[str, str]], foot: int | None = None) -> Arrangement:
    """The column for seats whose (name, facts) are ``lines``, with the foot's strip
    (``foot``: see :func:`arrange_foot`)."""
    chart, voice, buttons = arrange_foot(foot)
    bottom = voice.y - 4
    if status_fits(lines) and tools_fit() and bottom == COLUMN.bottom:
        rects = (pygame.Rect(DESIGNED[k]) for k in DESIGNED)
        return Arrangement((), *rects, chart=chart, voice=voice, buttons=buttons)
    c = pygame.Rect(COLUMN.x, COLUMN.y, COLUMN.w, bottom - COLUMN.y)
    h = tab_height()
    w = (c.w - 8 * (len(TABS) - 1)) // len(TABS)
    tabs = tuple(
        (key, words, pygame.Rect(c.x + i * (w + 8), c.y, w, h))
        for i, (key, words) in enumerate(TABS)
    )
    aim_h = DESIGNED["AIM"].h - (COLUMN.bottom - c.bottom) // 2  # shares a shorter column
    aim = pygame.Rect(c.x, c.bottom - aim_h, c.w, aim_h)
    room = pygame.Rect(c.x, c.y + h + 6, c.w, aim.y - 6 - (c.y + h + 6))
    dialog = pygame.Rect(c.x, room.y, c.w, c.bottom - room.y)
    return Arrangement(
        tabs, room, room, aim, room, dialog, c, chart=chart, voice=voice, buttons=buttons
    )
