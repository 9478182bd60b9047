"""Where a tooltip goes and when it may show, for pygame-gui's tooltips and the boards' own.

Two rules a player notices: a tooltip never covers the thing it explains (it sits below the
element, or above when there is no room, always inside the canvas), and it belongs to one
element: when that element is rebuilt, moves, changes its words or goes away, the tooltip goes
at once and a new one waits for the hover delay again.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

CANVAS_RECT = pygame.Rect(0, 0, 1280, 720)

#: seconds the pointer rests on an element before its tooltip shows (the theme says the same
#: for pygame-gui's widgets: "tool_tip_delay")
TIP_DELAY_S = 0.6

#: the gap between an element and its tooltip
GAP = 6

#: how wide a tooltip grows before it wraps (a short text makes a narrower box)
TIP_WIDTH = 320
#: long texts (monster rules) get a wider box rather than a tall one
WIDE_TIP_WIDTH = 440


def place_tip(
    anchor: pygame.Rect,
    size: tuple[int, int],
    bounds: pygame.Rect = CANVAS_RECT,
    avoid: Sequence[pygame.Rect] = (),
) -> pygame.Rect:
    """A rect of ``size`` beside ``anchor`` (below, else above, else whichever side has more
    room), horizontally centred on it and kept inside ``bounds``; it steps past any rect of
    ``avoid`` (a line of advice the player is reading) that it would cover, where it can."""
    tip = _place(anchor, size, bounds)
    blocked = [r for r in avoid if not anchor.colliderect(r)]
    if not any(tip.colliderect(r) for r in blocked):
        return tip
    # the other side of the anchor, or past the advice on either side: the first that is free
    tries = [tip.move(0, anchor.top - GAP - tip.bottom), tip.move(0, anchor.bottom + GAP - tip.top)]
    for r in blocked:
        tries += [tip.move(0, r.top - GAP - tip.bottom), tip.move(0, r.bottom + GAP - tip.top)]
    for t in tries:
        free = not t.colliderect(anchor) and not any(t.colliderect(r) for r in blocked)
        if free and bounds.contains(t):
            return t
    return tip


def _place(anchor: pygame.Rect, size: tuple[int, int], bounds: pygame.Rect) -> pygame.Rect:
    w, h = min(size[0], bounds.width), min(size[1], bounds.height)
    x = min(max(bounds.left, anchor.centerx - w // 2), bounds.right - w)
    below = anchor.bottom + GAP
    above = anchor.top - GAP - h
    if below + h <= bounds.bottom:
        y = below
    elif above >= bounds.top:
        y = above
    else:
        # neither side fits whole: put it beside the anchor, left or right, if that fits
        right, left = anchor.right + GAP, anchor.left - GAP - w
        y = min(max(bounds.top, anchor.centery - h // 2), bounds.bottom - h)
        if right + w <= bounds.right:
            x = right
        elif left >= bounds.left:
            x = left
        else:
            y = below if bounds.bottom - anchor.bottom >= anchor.top - bounds.top else above
            y = min(max(bounds.top, y), bounds.bottom - h)
    return pygame.Rect(x, y, w, h)


class HoverTip:
    """The tooltip state of a board that draws its own widgets every frame.

    ``observe`` is told, each frame after the widgets were rebuilt, what is under the pointer
    now (an id, its tooltip text and its rect); ``age`` advances the hover clock. The tooltip
    is ``shown`` only once the same element with the same words and rect has been hovered for
    :data:`TIP_DELAY_S` seconds, so a rebuilt, moved or vanished widget drops its tooltip at
    once.
    """

    def __init__(self, delay: float = TIP_DELAY_S) -> None:
        self.delay = delay
        self.ident: tuple[object, str, tuple[int, int, int, int]] | None = None
        self.text = ""
        self.anchor = pygame.Rect(0, 0, 0, 0)
        self.hovered_for = 0.0

    def observe(self, key: object, text: str, anchor: pygame.Rect | None) -> None:
        """What is under the pointer now; ``key`` names the element (and, for a board, the
        decision it belongs to, so a tooltip never carries over into the next turn)."""
        ident = (key, text, tuple(anchor)) if text and anchor is not None else None
        if ident != self.ident:
            self.ident = ident
            self.hovered_for = 0.0
            self.text = text if ident is not None else ""
            self.anchor = pygame.Rect(anchor) if ident is not None else pygame.Rect(0, 0, 0, 0)

    def age(self, dt: float) -> None:
        if self.ident is not None:
            self.hovered_for += dt

    def clear(self) -> None:
        """Forget the hovered element (a scene was pushed above, the pointer left, …)."""
        self.observe("", "", None)

    @property
    def shown(self) -> bool:
        return self.ident is not None and self.hovered_for >= self.delay
