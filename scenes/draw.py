"""``pygame.draw`` for :class:`scenes.canvas.Canvas`: logical coordinates, physical pixels.

The same functions and arguments as ``pygame.draw`` (the ones the scenes use). On a canvas of
density ``k`` points, rects, radii and line widths are multiplied by ``k`` before pygame draws,
so a 2-unit border is a 3-pixel border at 1.5× instead of a 2-pixel one blown up and blurred.
At density 1 (and on a plain pygame surface) the call goes to pygame unchanged.
The rect returned is in logical units, like everything else a scene reads back.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

from scenes.canvas import Canvas, logical_rect, phys_rect, px

Point = Sequence[float]


def _target(surface: Canvas | pygame.Surface) -> tuple[pygame.Surface, float]:
    if isinstance(surface, Canvas):
        return surface.surf, surface.k
    return surface, 1.0


def _w(width: float, k: float) -> int:
    """A line width in pixels: 0 (filled) stays 0, a thin line never vanishes."""
    return 0 if width <= 0 else max(1, px(width, k))


def _pts(points: Sequence[Point], k: float) -> list[tuple[float, float]]:
    return [(p[0] * k, p[1] * k) for p in points]


def rect(
    surface: Canvas | pygame.Surface,
    color: Any,
    rect: Any,
    width: int = 0,
    border_radius: int = 0,
    border_top_left_radius: int = -1,
    border_top_right_radius: int = -1,
    border_bottom_left_radius: int = -1,
    border_bottom_right_radius: int = -1,
) -> pygame.Rect:
    surf, k = _target(surface)
    if k == 1:
        return pygame.draw.rect(
            surf,
            color,
            rect,
            width,
            border_radius,
            border_top_left_radius,
            border_top_right_radius,
            border_bottom_left_radius,
            border_bottom_right_radius,
        )

    def radius(r: int) -> int:
        return px(r, k) if r > 0 else r

    done = pygame.draw.rect(
        surf,
        color,
        phys_rect(rect, k),
        _w(width, k),
        radius(border_radius),
        radius(border_top_left_radius),
        radius(border_top_right_radius),
        radius(border_bottom_left_radius),
        radius(border_bottom_right_radius),
    )
    return logical_rect(done, k)


def line(
    surface: Canvas | pygame.Surface, color: Any, start_pos: Point, end_pos: Point, width: int = 1
) -> pygame.Rect:
    surf, k = _target(surface)
    if k == 1:
        return pygame.draw.line(surf, color, start_pos, end_pos, width)
    a, b = _pts((start_pos, end_pos), k)
    return logical_rect(pygame.draw.line(surf, color, a, b, _w(width, k)), k)


def lines(
    surface: Canvas | pygame.Surface,
    color: Any,
    closed: bool,
    points: Sequence[Point],
    width: int = 1,
) -> pygame.Rect:
    surf, k = _target(surface)
    if k == 1:
        return pygame.draw.lines(surf, color, closed, points, width)
    return logical_rect(pygame.draw.lines(surf, color, closed, _pts(points, k), _w(width, k)), k)


def aaline(
    surface: Canvas | pygame.Surface, color: Any, start_pos: Point, end_pos: Point
) -> pygame.Rect:
    surf, k = _target(surface)
    if k == 1:
        return pygame.draw.aaline(surf, color, start_pos, end_pos)
    a, b = _pts((start_pos, end_pos), k)
    return logical_rect(pygame.draw.aaline(surf, color, a, b), k)


def aalines(
    surface: Canvas | pygame.Surface, color: Any, closed: bool, points: Sequence[Point]
) -> pygame.Rect:
    surf, k = _target(surface)
    if k == 1:
        return pygame.draw.aalines(surf, color, closed, points)
    return logical_rect(pygame.draw.aalines(surf, color, closed, _pts(points, k)), k)


def circle(
    surface: Canvas | pygame.Surface,
    color: Any,
    center: Point,
    radius: float,
    width: int = 0,
    draw_top_right: bool | None = None,
    draw_top_left: bool | None = None,
    draw_bottom_left: bool | None = None,
    draw_bottom_right: bool | None = None,
) -> pygame.Rect:
    surf, k = _target(surface)
    given = {
        "draw_top_right": draw_top_right,
        "draw_top_left": draw_top_left,
        "draw_bottom_left": draw_bottom_left,
        "draw_bottom_right": draw_bottom_right,
    }
    quarters = {name: on for name, on in given.items() if on is not None}
    if k == 1:
        return pygame.draw.circle(surf, color, center, radius, width, **quarters)
    done = pygame.draw.circle(
        surf, color, (center[0] * k, center[1] * k), radius * k, _w(width, k), **quarters
    )
    return logical_rect(done, k)


def polygon(
    surface: Canvas | pygame.Surface, color: Any, points: Sequence[Point], width: int = 0
) -> pygame.Rect:
    surf, k = _target(surface)
    if k == 1:
        return pygame.draw.polygon(surf, color, points, width)
    return logical_rect(pygame.draw.polygon(surf, color, _pts(points, k), _w(width, k)), k)


def ellipse(surface: Canvas | pygame.Surface, color: Any, rect: Any, width: int = 0) -> pygame.Rect:
    surf, k = _target(surface)
    if k == 1:
        return pygame.draw.ellipse(surf, color, rect, width)
    return logical_rect(pygame.draw.ellipse(surf, color, phys_rect(rect, k), _w(width, k)), k)


def arc(
    surface: Canvas | pygame.Surface,
    color: Any,
    rect: Any,
    start_angle: float,
    stop_angle: float,
    width: int = 1,
) -> pygame.Rect:
    surf, k = _target(surface)
    if k == 1:
        return pygame.draw.arc(surf, color, rect, start_angle, stop_angle, width)
    done = pygame.draw.arc(surf, color, phys_rect(rect, k), start_angle, stop_angle, _w(width, k))
    return logical_rect(done, k)
