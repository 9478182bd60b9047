"""Pointy-top hex geometry on screen: axial (q, r) <-> pixels, and the camera over the arena.

The camera fits the whole board into its rectangle; the wheel zooms about the pointer and a
drag (or the arrow keys) pans, which the two-lane board needs at a small window. Pure
arithmetic, so it is easy to test.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

Hex = tuple[int, int]
SQRT3 = math.sqrt(3.0)
MIN_ZOOM, MAX_ZOOM = 1.0, 3.0


def to_pixel(h: Hex, size: float) -> tuple[float, float]:
    """The centre of hex ``h`` for hexes of ``size`` (centre to corner), origin at (0, 0)."""
    q, r = h
    return size * SQRT3 * (q + r / 2.0), size * 1.5 * r


def round_axial(qf: float, rf: float) -> Hex:
    """The hex containing fractional axial coordinates (cube rounding)."""
    xf, zf = qf, rf
    yf = -xf - zf
    x, y, z = round(xf), round(yf), round(zf)
    dx, dy, dz = abs(x - xf), abs(y - yf), abs(z - zf)
    if dx > dy and dx > dz:
        x = -y - z
    elif dy > dz:
        y = -x - z
    else:
        z = -x - y
    return int(x), int(z)


def from_pixel(x: float, y: float, size: float) -> Hex:
    q = (SQRT3 / 3.0 * x - y / 3.0) / size
    r = (2.0 / 3.0 * y) / size
    return round_axial(q, r)


def corners(cx: float, cy: float, size: float) -> list[tuple[float, float]]:
    """The six corners of a pointy-top hex around a centre."""
    out = []
    for i in range(6):
        a = math.radians(60 * i - 30)
        out.append((cx + size * math.cos(a), cy + size * math.sin(a)))
    return out


class Camera:
    """Maps the board's hexes into a screen rectangle ``(x, y, w, h)``: fit, zoom, pan."""

    def __init__(self, rect: tuple[int, int, int, int], hexes: Iterable[Hex]) -> None:
        self.rect = tuple(rect)
        self.hexes = frozenset(hexes)
        xs = [to_pixel(h, 1.0) for h in self.hexes]
        self._x0 = min(p[0] for p in xs) - SQRT3 / 2
        self._x1 = max(p[0] for p in xs) + SQRT3 / 2
        self._y0 = min(p[1] for p in xs) - 1.0
        self._y1 = max(p[1] for p in xs) + 1.0
        self.zoom = 1.0
        self.fit()

    @property
    def base_size(self) -> float:
        """The hex size at which the whole board just fits the rectangle."""
        _, _, w, h = self.rect
        return min((w - 8) / (self._x1 - self._x0), (h - 8) / (self._y1 - self._y0))

    @property
    def size(self) -> float:
        return self.base_size * self.zoom

    def fit(self) -> None:
        """Zoom out to the whole board, centred."""
        self.zoom = 1.0
        self.cx = (self._x0 + self._x1) / 2
        self.cy = (self._y0 + self._y1) / 2

    def key(self) -> tuple[float, float, float, tuple]:
        return (round(self.size, 3), round(self.cx, 3), round(self.cy, 3), self.rect)

    def centre(self, h: Hex) -> tuple[int, int]:
        """Where the centre of ``h`` is on screen."""
        px, py = to_pixel(h, 1.0)
        x, y, w, hh = self.rect
        s = self.size
        return round(x + w / 2 + (px - self.cx) * s), round(y + hh / 2 + (py - self.cy) * s)

    def hex_at(self, pos: tuple[float, float]) -> Hex | None:
        """The board hex under a screen point, or None (outside the arena or the board)."""
        x, y, w, hh = self.rect
        if not (x <= pos[0] < x + w and y <= pos[1] < y + hh):
            return None
        s = self.size
        bx = (pos[0] - x - w / 2) / s + self.cx
        by = (pos[1] - y - hh / 2) / s + self.cy
        h = from_pixel(bx, by, 1.0)
        return h if h in self.hexes else None

    def zoom_at(self, pos: tuple[float, float], factor: float) -> None:
        """Zoom by ``factor`` keeping the board point under ``pos`` where it is."""
        x, y, w, hh = self.rect
        old = self.size
        bx = (pos[0] - x - w / 2) / old + self.cx
        by = (pos[1] - y - hh / 2) / old + self.cy
        self.zoom = max(MIN_ZOOM, min(MAX_ZOOM, self.zoom * factor))
        new = self.size
        self.cx = bx - (pos[0] - x - w / 2) / new
        self.cy = by - (pos[1] - y - hh / 2) / new
        self._clamp()

    def pan(self, dx: float, dy: float) -> None:
        """Move the view by a screen distance (the board follows the pointer)."""
        self.cx -= dx / self.size
        self.cy -= dy / self.size
        self._clamp()

    def _clamp(self) -> None:
        """Keep some of the board in view whatever the zoom."""
        self.cx = max(self._x0, min(self._x1, self.cx))
        self.cy = max(self._y0, min(self._y1, self.cy))
        if self.zoom <= MIN_ZOOM:
            self.cx = (self._x0 + self._x1) / 2
            self.cy = (self._y0 + self._y1) / 2

    def visible(self, h: Hex) -> bool:
        cx, cy = self.centre(h)
        x, y, w, hh = self.rect
        return x <= cx < x + w and y <= cy < y + hh
