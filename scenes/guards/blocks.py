"""A column of pieces (a line of text, a row of cards, a table's row), each drawn whole or not
at all, that the wheel scrolls when larger text makes them taller than their room: the hero's
preview and the results. Nothing is cut or shrunk; a line says the wheel shows the rest."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from scenes.assets import font
from scenes.guards import look
from scenes.guards.look import draw_text


@dataclass(frozen=True)
class Block:
    """A piece of the column: its height, and how it draws itself at a top-left point
    (recording what it makes clickable in the list it is given)."""

    h: int
    draw: Callable[[pygame.Surface, int, int, list], None]


def line(
    text: str,
    size: int,
    kind: str = "regular",
    colour=look.TEXT,
    centre: int = 0,  # noqa: ANN001
) -> Block:
    """One line of text as a block; with ``centre``, centred in a column that wide."""

    def draw(surface: pygame.Surface, x: int, y: int, hits: list) -> None:
        at, anchor = ((x + centre // 2, y), "midtop") if centre else ((x, y), "topleft")
        draw_text(surface, text, at, size=size, kind=kind, colour=colour, anchor=anchor)

    return Block(font(size, kind).get_linesize(), draw)


def space(h: int) -> Block:
    """Air between two blocks."""
    return Block(h, lambda *_: None)


def draw_blocks(
    surface: pygame.Surface, blocks: list[Block], room: pygame.Rect, hits: list,
    scroll: dict[str, int], key: str,
) -> None:  # fmt: skip
    """The blocks top to bottom in ``room``; when they do not all fit, from the one the wheel
    scrolled to (``scroll[key]``, kept in range), with a line under them saying the wheel
    shows the rest."""
    if sum(b.h for b in blocks) > room.h:
        room = pygame.Rect(room.x, room.y, room.w, room.h - font(13).get_linesize())
    last = len(blocks)  # the first block from which all the rest fit: the wheel's end
    used = 0
    while last > 0 and used + blocks[last - 1].h <= room.h:
        last -= 1
        used += blocks[last].h
    first = max(0, min(last, scroll.get(key, 0)))
    scroll[key] = first
    y, shown = room.y, 0
    for b in blocks[first:]:
        if y + b.h > room.bottom:
            break
        b.draw(surface, room.x, y, hits)
        y += b.h
        shown += 1
    if first or first + shown < len(blocks):
        more = first + shown < len(blocks)
        draw_text(surface, "more: the wheel scrolls" if more else "the wheel scrolls back up",
                  (room.right, room.bottom + 2), size=13, colour=look.DIM,
                  anchor="topright")  # fmt: skip
