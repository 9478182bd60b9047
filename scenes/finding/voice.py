"""The device's voice: every announcement the seat on screen may hear, the last two always up.

The device in the box speaks each answer to the whole table; here it is a strip under the
chart. Each move's events form one announcement. Announcements keep their events (with
their audience), so when another person takes the screen, what was private to the last one
disappears from the strip at once: only events visible to the viewer are ever drawn.
"""

from __future__ import annotations

from collections.abc import Iterable

import pygame

from game.core.protocol import Event
from scenes import draw
from scenes.finding import look
from scenes.finding.voice_lines import QUIET, rename, split_log
from scenes.ui import draw_text

#: announcements kept (the log panel holds the whole story)
KEEP = 60


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


def _said(e: Event, viewer: int | None) -> bool:
    return e.visible_to(viewer) and e.kind not in QUIET


def _line(group: list[Event], viewer: int | None, names: list[str] | None) -> str:
    return " ".join(rename(e.text, names or []) for e in group if _said(e, viewer))


def _own_latest(groups: list[list[Event]], viewer: int) -> list[Event] | None:
    """The newest of ``groups`` about the viewer's own submarine (what its last action heard,
    or a result only the viewer hears), if no turn of the viewer's has begun since it."""
    for g in reversed(groups):
        if any(_said(e, viewer) and (e.data.get("who") == viewer or e.to is not None) for e in g):
            return g
        if any(e.kind == "turn" and e.data.get("player") == viewer for e in g):
            return None
    return None


#: the strip's lines (for what is said) from which the older announcement keeps a line of its
#: own: as designed there are three; large text leaves two, and the newest comes first
ROOMY = 3


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
        """The last ``count`` announcements the viewer may hear, oldest first; with two lines,
        the older one is the viewer's own latest announcement while the others take their turns
        (until the viewer's next turn begins), so two bot announcements never push the
        person's own result out of sight."""
        heard = [i for i, g in enumerate(self.groups) if any(_said(e, viewer) for e in g)]
        out = [_line(self.groups[i], viewer, names) for i in heard[-count:]]
        if count == 2 and len(heard) > 2 and viewer is not None:
            own = _own_latest(self.groups[: heard[-1]], viewer)
            if own is not None:
                out[0] = _line(own, viewer, names)
        return out

    def draw(
        self,
        surface: pygame.Surface,
        viewer: int | None,
        prompt: str,
        names: list[str],
        rect: pygame.Rect = look.VOICE,
    ) -> None:
        """``rect``: the strip's room (a replay's bar covers its foot)."""
        look.panel(surface, rect)
        # the device's lamp
        draw.circle(surface, (40, 200, 170), (rect.x + 22, rect.y + 22), 9)
        draw.circle(surface, (10, 60, 60), (rect.x + 22, rect.y + 22), 9, 2)
        for text, at, size, kind, colour in self.layout(viewer, prompt, names, rect):
            draw_text(surface, text, at, size=size, kind=kind, colour=colour)

    def layout(
        self,
        viewer: int | None,
        prompt: str,
        names: list[str],
        rect: pygame.Rect = look.VOICE,
    ) -> list[tuple[str, tuple[int, int], int, str, tuple[int, int, int]]]:
        """The strip's lines: (text, top-left, size, kind, colour). The last two announcements
        share the lines the strip has room for (the newest first, wrapped, each cut with an
        ellipsis rather than running out of the strip), the prompt on the bottom line. When
        large text leaves fewer than :data:`ROOMY` lines, the newest is kept whole and the
        older shows only if it fits whole after it (no line of either is cut then)."""
        x, width = rect.x + 42, rect.width - 42 - 12
        step = look.line_step(15) - 3
        pstep = look.line_step(14) - 3
        room = rect.height - 12 - (pstep if prompt else 0)
        budget = max(1, room // step)
        heard = self.lines_for(viewer, names=names)
        out: list[tuple[str, tuple[int, int], int, str, tuple[int, int, int]]] = []
        if not heard:
            out.append(("The device is listening.", (x, rect.y + 8), 15, "regular", look.DIM))
        else:
            newest = look.wrap_text(heard[-1], width, 15, "bold")
            older = look.wrap_text(heard[0], width, 15) if len(heard) > 1 else []
            if budget >= ROOMY:  # a line kept for the older (the person's own result, pinned)
                keep_new = min(len(newest), max(1, budget - (1 if older else 0)))
                keep_old = min(len(older), budget - keep_new)
            else:  # large text: the newest whole, the older only whole in the lines left
                keep_new = min(len(newest), budget)
                keep_old = len(older) if len(older) <= budget - keep_new else 0
            rows = (
                [
                    (t, "regular", look.DIM)
                    for t in look.wrap_text(heard[0], width, 15, "regular", keep_old)
                ]
                if keep_old
                else []
            )
            rows += [(t, "bold", look.TEXT) for t in
                     look.wrap_text(heard[-1], width, 15, "bold", keep_new)]  # fmt: skip
            for i, (text, kind, colour) in enumerate(rows):
                out.append((text, (x, rect.y + 6 + i * step), 15, kind, colour))
        if prompt:
            text = look.fit_text(prompt, width, 14)
            out.append((text, (x, rect.bottom - 6 - look.line_step(14)), 14, "regular",
                        look.SELECT))  # fmt: skip
        return out
