"""The compass rose a card is aimed on: click a point (N, E, S, W; the eight points; a line).

North is up, as on the rulebook's chart. A point is enabled only when a legal action still
goes that way. For a line (Jelly Rod, Navy Captain) both ends of the line light up and
either end picks it.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from game.finding.ocean import COMPASS, LINES
from scenes import draw
from scenes.finding.look import DIM, SELECT, Hit
from scenes.palette import GOLD, INK, PARCHMENT
from scenes.ui import draw_text

POINTS = tuple(COMPASS)  # N NE E SE S SW W NW


def point_of_line(point: str) -> str | None:
    """The line a compass point is an end of."""
    for name, ends in LINES.items():
        if point in ends:
            return name
    return None


def enabled_points(param: str, values: list) -> dict[str, object]:
    """Point -> the value clicking it chooses, for a parameter of kind ``param``."""
    out: dict[str, object] = {}
    if param in ("direction", "compass"):
        for v in values:
            if v in COMPASS:
                out[v] = v
    elif param == "line":
        for v in values:
            for end in LINES.get(v, ()):
                out[end] = v
    return out


#: how far apart, along an arm, the boxes that make the arm a target are (pixels)
ARM_STEP = 6


def arm_boxes(centre: tuple[int, int], ang: float, r: int, side: int) -> list[pygame.Rect]:
    """Boxes along one arm, from near the centre to its tip, so that a click anywhere on the
    visible arm aims it (a box is never wider than the gap to the next arm at its distance,
    so neighbouring arms do not take each other's clicks)."""
    cx, cy = centre
    out = []
    for d in range(10, r + 1, ARM_STEP):
        width = 2 * side * (1 - d / r) + 8  # the arm's own width there, and a little more
        size = int(min(width, 0.7 * d))
        box = pygame.Rect(0, 0, size, size)
        box.center = (round(cx + d * math.cos(ang)), round(cy - d * math.sin(ang)))
        out.append(box)
    return out


def draw_rose(
    surface: pygame.Surface,
    centre: tuple[int, int],
    radius: int,
    points: dict[str, object],
    *,
    hover: str = "",
    colour: tuple[int, int, int] = SELECT,
    why: Callable[[str], str] | None = None,
) -> list[Hit]:
    """Draw the rose and return a hit per enabled point (key ``dir:<point>``), and, with
    ``why``, one per greyed main point (key ``dirx:<point>``) whose tooltip says why not."""
    cx, cy = centre
    draw.circle(surface, (16, 44, 64), centre, radius + 6)
    draw.circle(surface, (120, 96, 60), centre, radius + 6, 2)
    hits: list[Hit] = []
    for i, p in enumerate(POINTS):
        ang = math.radians(90 - 45 * i)
        main = len(p) == 1
        r = radius if main else int(radius * 0.72)
        tip = (cx + r * math.cos(ang), cy - r * math.sin(ang))
        side = 9 if main else 6
        left = (cx + side * math.cos(ang + math.pi / 2), cy - side * math.sin(ang + math.pi / 2))
        right = (cx + side * math.cos(ang - math.pi / 2), cy - side * math.sin(ang - math.pi / 2))
        on = p in points
        fill = colour if on and hover == f"dir:{p}" else (GOLD if on else (60, 72, 80))
        draw.polygon(surface, fill, [tip, left, (cx, cy), right])
        draw.polygon(surface, INK, [tip, left, (cx, cy), right], 1)
        lx = cx + (r + 16) * math.cos(ang)
        ly = cy - (r + 16) * math.sin(ang)
        label = draw_text(
            surface,
            p,
            (int(lx), int(ly)),
            size=15 if main else 12,
            kind="bold",
            colour=PARCHMENT if on else DIM,
            anchor="center",
        )
        box = pygame.Rect(0, 0, 34, 34)
        box.center = (int((tip[0] + lx) / 2), int((tip[1] + ly) / 2))
        if on:
            key, tip_text = f"dir:{p}", f"Aim {p}"
        elif why is not None and main:
            key, tip_text = f"dirx:{p}", why(p)
        else:
            continue
        hits.append(Hit(box.union(label), key, tip_text))  # first: where a click is aimed
        hits += [Hit(b, key, tip_text) for b in arm_boxes(centre, ang, r, side)]
    draw.circle(surface, (200, 170, 110), centre, 5)
    return hits
