"""The device's voice: every announcement the seat on screen may hear, the last two always up.

The device in the box speaks each answer to the whole table; here it is a strip under the
chart. Each move's events form one announcement. Announcements keep their events (with
their audience), so when another person takes the screen, what was private to the last one
disappears from the strip at once: only events visible to the viewer are ever drawn.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

import pygame

from game.core.protocol import Event
from game.finding.state import COLOURS
from scenes import draw
from scenes.finding import look
from scenes.ui import draw_text

#: events that are bookkeeping, not something the device says (the top bar shows the turn)
QUIET = frozenset({"turn", "dealt", "kept"})
KEEP = 60


def split_log(events: Iterable[Event]) -> list[list[Event]]:
    """A loaded game's log as announcements: a new one at each turn and each reading/move."""
    groups: list[list[Event]] = []
    heads = {"move", "burn", "surface", "phantom", "artifact_used", "captain_shown", "solve",
             "claim", "declined", "start", "first", "captain_kept", "refill"}  # fmt: skip
    for e in events:
        if e.kind == "turn" or not groups or e.kind in heads or "reading" in e.data:
            groups.append([])
        groups[-1].append(e)
    return [g for g in groups if g]


def rename(text: str, names: list[str]) -> str:
    """The engine calls submarines by colour ("Yellow's Sonar"); people read their names."""
    if not names:
        return text
    words = {COLOURS[q].capitalize(): name for q, name in enumerate(names) if q < len(COLOURS)}
    pattern = re.compile(r"\b(" + "|".join(words) + r")\b")
    return pattern.sub(lambda m: words[m.group(1)], text)


def wrap(text: str, width: int, size: int) -> list[str]:
    from scenes.assets import font

    f = font(size)
    words = text.split()
    lines: list[str] = []
    for w in words:
        if lines and f.size(lines[-1] + " " + w)[0] <= width:
            lines[-1] += " " + w
        else:
            lines.append(w)
    return lines


class Voice:
    """The announcements heard so far, newest last."""

    def __init__(self, history: Iterable[Event] = ()) -> None:
        self.groups: list[list[Event]] = split_log(history)[-KEEP:]

    def add(self, events: list[Event]) -> None:
        if events:
            self.groups.append(list(events))
            del self.groups[:-KEEP]

    def lines_for(
        self, viewer: int | None, count: int = 2, names: list[str] | None = None
    ) -> list[str]:
        """The last ``count`` announcements the viewer may hear, oldest first."""
        out: list[str] = []
        for g in reversed(self.groups):
            texts = [
                rename(e.text, names or [])
                for e in g
                if e.visible_to(viewer) and e.kind not in QUIET
            ]
            if texts:
                out.append(" ".join(texts))
                if len(out) == count:
                    break
        return out[::-1]

    def draw(
        self, surface: pygame.Surface, viewer: int | None, prompt: str, names: list[str]
    ) -> None:
        rect = look.VOICE
        look.panel(surface, rect)
        # the device's lamp
        draw.circle(surface, (40, 200, 170), (rect.x + 22, rect.y + 22), 9)
        draw.circle(surface, (10, 60, 60), (rect.x + 22, rect.y + 22), 9, 2)
        lines = self.lines_for(viewer, names=names)
        y = rect.y + 8
        for i, text in enumerate(lines):
            newest = i == len(lines) - 1
            for j, line in enumerate(wrap(text, rect.width - 60, 15)[:2]):
                draw_text(surface, line, (rect.x + 42, y), size=15,
                          kind="bold" if newest else "regular",
                          colour=look.TEXT if newest else look.DIM)  # fmt: skip
                y += 19
                del j
        if not lines:
            draw_text(surface, "The device is listening.", (rect.x + 42, y), size=15,
                      colour=look.DIM)  # fmt: skip
        if prompt:
            draw_text(surface, prompt, (rect.x + 42, rect.bottom - 8), size=14,
                      colour=look.SELECT, anchor="bottomleft")  # fmt: skip
