"""Heroes, minions and tokens on the arena.

A hero is a round figure in its team's colour with its seat colour as a ring, two letters of
its name, a level badge and its coins; each hero also has a shape of its own drawn inside
(a person tells two Titans apart without reading). Minions are smaller: melee a square,
ranged a triangle, heavy a large diamond. Magma and mine tokens sit under the units.
"""

from __future__ import annotations

import math

import pygame

from scenes import draw
from scenes.assets import scaled
from scenes.guards import look
from scenes.guards.look import draw_text
from scenes.text import capped

#: how much larger than designed a figure's words may be drawn: not at all (the figure does not grow)
PIECE_GROWTH = 1.0

Point = tuple[float, float]
#: each hero's emblem inside its figure (by hero id), so heroes differ at a glance
EMBLEM = {
    "arien": "wave", "brogan": "axe", "dodger": "skull", "wuk": "paw", "hanu": "paw",
    "ignatia": "flame", "wasp": "bolt", "min": "star", "swift": "arrow", "tigerclaw": "claw",
    "sabina": "shield",
}  # fmt: skip


def _emblem(surface: pygame.Surface, kind: str, c: Point, r: float, col) -> None:
    x, y = c
    if kind == "axe":
        draw.line(surface, col, (x - r * 0.5, y + r * 0.5), (x + r * 0.4, y - r * 0.5), 2)
        draw.polygon(
            surface, col, [(x + r * 0.1, y - r * 0.6), (x + r * 0.6, y - r * 0.3), (x + r * 0.3, y)]
        )
    elif kind == "flame":
        draw.polygon(surface, col, [(x, y - r * 0.7), (x + r * 0.4, y + r * 0.3), (x, y + r * 0.5),
                                    (x - r * 0.4, y + r * 0.3)])  # fmt: skip
    elif kind == "bolt":
        draw.lines(surface, col, False, [(x - r * 0.3, y - r * 0.6), (x + r * 0.1, y - r * 0.05),
                                         (x - r * 0.1, y + r * 0.05), (x + r * 0.3, y + r * 0.6)], 2)  # fmt: skip
    elif kind == "star":
        pts = []
        for i in range(10):
            a = math.pi / 5 * i - math.pi / 2
            rr = r * (0.6 if i % 2 == 0 else 0.25)
            pts.append((x + rr * math.cos(a), y + rr * math.sin(a)))
        draw.polygon(surface, col, pts)
    elif kind == "arrow":
        draw.line(surface, col, (x - r * 0.6, y), (x + r * 0.5, y), 2)
        draw.polygon(
            surface,
            col,
            [(x + r * 0.6, y), (x + r * 0.25, y - r * 0.3), (x + r * 0.25, y + r * 0.3)],
        )
    elif kind == "claw":
        for k in (-1, 0, 1):
            draw.line(
                surface,
                col,
                (x + k * r * 0.3 - r * 0.1, y - r * 0.5),
                (x + k * r * 0.3 + r * 0.1, y + r * 0.5),
                2,
            )
    elif kind == "shield":
        draw.polygon(
            surface,
            col,
            [(x - r * 0.45, y - r * 0.5), (x + r * 0.45, y - r * 0.5), (x, y + r * 0.6)],
            2,
        )
    elif kind == "wave":
        draw.arc(
            surface, col, pygame.Rect(x - r * 0.6, y - r * 0.3, r * 0.6, r * 0.6), 0, math.pi, 2
        )
        draw.arc(
            surface, col, pygame.Rect(x, y - r * 0.3, r * 0.6, r * 0.6), math.pi, 2 * math.pi, 2
        )
    elif kind == "skull":
        draw.circle(surface, col, (x, y - r * 0.1), r * 0.4, 2)
        draw.circle(surface, col, (x - r * 0.15, y - r * 0.15), max(1, r * 0.1))
        draw.circle(surface, col, (x + r * 0.15, y - r * 0.15), max(1, r * 0.1))
    elif kind == "paw":
        draw.circle(surface, col, (x, y + r * 0.15), r * 0.28)
        for k in (-1, 0, 1):
            draw.circle(surface, col, (x + k * r * 0.3, y - r * 0.35), max(1, r * 0.12))


def hero(
    surface: pygame.Surface,
    c: Point,
    size: float,
    *,
    hero_id: str,
    name: str,
    team: int,
    seat_rgb,
    level: int,
    coins: int,
    active: bool = False,
) -> None:
    """One hero figure centred on ``c`` for hexes of ``size``."""
    r = size * 0.72
    if active:
        draw.circle(surface, look.SELECT, c, r + 5, 3)
    draw.circle(surface, (10, 10, 14), (c[0] + 2, c[1] + 3), r)
    draw.circle(surface, look.TEAM_RGB[team], c, r)
    draw.circle(surface, seat_rgb, c, r, max(2, int(size / 6)))
    _emblem(surface, EMBLEM.get(hero_id, "star"), (c[0], c[1] - r * 0.15), r * 0.8, (250, 244, 230))
    # a figure is as large at every text size: so are its words, and the initials
    # (the emblem and the tooltip also name the hero) give way when they would cover the badges
    small, tiny = capped(11, PIECE_GROWTH, "bold"), capped(10, PIECE_GROWTH, "bold")
    if size >= 11 and scaled(small) <= 11 * PIECE_GROWTH + 0.5:
        draw_text(surface, name[:2], (c[0], c[1] + r * 0.42), size=small, kind="bold",
                  colour=(255, 255, 255), anchor="center")  # fmt: skip
    badge = (c[0] + r * 0.8, c[1] - r * 0.8)
    draw.circle(surface, (30, 24, 20), badge, max(6, size * 0.32))
    draw_text(surface, str(level), badge, size=small, kind="bold", colour=look.SELECT,
              anchor="center")  # fmt: skip
    if coins:
        coin = (c[0] - r * 0.85, c[1] + r * 0.75)
        draw.circle(surface, (214, 176, 60), coin, max(6, size * 0.3))
        draw_text(
            surface, str(coins), coin, size=tiny, kind="bold", colour=(40, 30, 10), anchor="center"
        )


def minion(surface: pygame.Surface, c: Point, size: float, *, kind: str, team: int) -> None:
    col = look.TEAM_RGB[team]
    dark = look.TEAM_DARK[team]
    x, y = c
    if kind == "heavy":
        r = size * 0.62
        pts = [(x, y - r), (x + r, y), (x, y + r), (x - r, y)]
    elif kind == "ranged":
        r = size * 0.5
        pts = [(x, y - r), (x + r * 0.9, y + r * 0.7), (x - r * 0.9, y + r * 0.7)]
    else:
        r = size * 0.4
        pts = [(x - r, y - r), (x + r, y - r), (x + r, y + r), (x - r, y + r)]
    draw.polygon(surface, col, pts)
    draw.polygon(surface, dark, pts, 2)


def token(surface: pygame.Surface, c: Point, size: float, *, kind: str, team: int) -> None:
    x, y = c
    if kind == "magma":
        draw.circle(surface, (230, 110, 30), c, size * 0.8)
        draw.circle(surface, (250, 190, 60), c, size * 0.45)
    else:  # mine
        for i in range(8):
            a = math.pi / 4 * i
            draw.line(
                surface,
                (30, 30, 34),
                c,
                (x + size * 0.7 * math.cos(a), y + size * 0.7 * math.sin(a)),
                2,
            )
        draw.circle(surface, (50, 50, 56), c, size * 0.42)
        draw.circle(surface, look.TEAM_RGB[team], c, size * 0.18)
