"""The sonar chart's symbols: one shape and one colour per clue, the pencil's hand, the boat.

Every clue kind has its own place in a cell and its own outline, so two clues on one space
never cover each other and none is told apart by colour alone:

- relief fills the cell: a seamount is a warm cell with contour rings, deep ocean a darker
  cell with wave strokes;
- trace / no trace sit in the top-right corner: a filled amber diamond / a slashed ring (a
  pirate-water "trace or mine" is a hollow diamond with a dot);
- the terrain found sits in the middle: Atlantis a temple, an artifact a star, a recovered
  wreck a hollow star with a tick; "not Atlantis" (the Atlas Shard) a struck-out temple in the
  top-left corner;
- danger sits bottom-left: a sea monster a red warning triangle, a mine a red spiked ball, a
  space a periscope saw clear a pale ring with a tick; one's own mine a spiked ball in the
  seat colour bottom-right;
- a wrong claim's spaces get a dashed red border, a count a parchment badge at the bottom.

All drawing goes through :mod:`scenes.draw` on canvases, in logical coordinates.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

import pygame

from scenes import draw
from scenes.assets import font
from scenes.palette import ABYSS, INK, PARCHMENT, Colour

# --- the chart's colours ---------------------------------------------------------------------
PAPER: Colour = (12, 40, 64)
PAPER_DARK: Colour = (7, 27, 46)
GRID: Colour = (64, 112, 140)
GRID_FINE: Colour = (28, 62, 88)
LABEL: Colour = (176, 206, 216)
ROSE: Colour = (112, 150, 170)
ROSE_NORTH: Colour = (222, 184, 104)

SEAMOUNT_FILL: Colour = (66, 72, 62)
SEAMOUNT_LINE: Colour = (206, 170, 104)
DEEP_FILL: Colour = ABYSS
DEEP_LINE: Colour = (86, 146, 188)
TRACE: Colour = (246, 192, 62)
NO_TRACE: Colour = (160, 186, 198)
ATLANTIS: Colour = (242, 206, 96)
ARTIFACT: Colour = (236, 132, 58)
HAZARD: Colour = (236, 78, 66)  # a mine or a monster marked on the chart
CLEAR: Colour = (150, 214, 176)  # a space a periscope saw free of danger
NOT_CITY: Colour = (226, 92, 80)
BADGE: Colour = PARCHMENT
PENCIL: Colour = (206, 206, 198)
GRAPHITE: Colour = (26, 27, 29)
HEAT: Colour = (255, 150, 40)
BEST: Colour = (255, 226, 120)
HOVER: Colour = (236, 246, 250)
HIGHLIGHT: Colour = (96, 226, 236)
PENDING: Colour = (255, 214, 90)

#: where each mark kind sits in its cell
SLOTS: dict[str, str] = {
    "seamount": "fill",
    "deep": "fill",
    "trace": "top_right",
    "no_trace": "top_right",
    "not_atlantis": "top_left",
    "atlantis": "centre",
    "artifact": "centre",
    "recovered": "centre",
    "danger": "bottom_left",
    "clear": "bottom_left",
    "mine": "bottom_right",
    "not_city": "border",
    "count": "bottom",
}


def slot_rect(cell: pygame.Rect, slot: str) -> pygame.Rect:
    """The part of ``cell`` a symbol in ``slot`` is drawn in."""
    s = cell.w
    q = max(6, round(s * 0.34))
    pad = max(1, round(s * 0.06))
    if slot == "top_right":
        return pygame.Rect(cell.right - pad - q, cell.y + pad, q, q)
    if slot == "top_left":
        return pygame.Rect(cell.x + pad, cell.y + pad, q, q)
    if slot == "bottom_left":
        return pygame.Rect(cell.x + pad, cell.bottom - pad - q, q, q)
    if slot == "bottom_right":
        return pygame.Rect(cell.right - pad - q, cell.bottom - pad - q, q, q)
    if slot == "bottom":
        h = max(8, round(s * 0.26))
        return pygame.Rect(cell.x + s // 4, cell.bottom - pad - h, s - 2 * (s // 4), h)
    if slot == "centre":
        c = max(8, round(s * 0.46))
        return pygame.Rect(cell.centerx - c // 2, cell.centery - c // 2, c, c)
    return pygame.Rect(cell)


# --- shapes --------------------------------------------------------------------------------------
def _w(r: pygame.Rect, k: float = 0.09) -> int:
    return max(1, round(r.w * k))


def diamond(surface, colour: Colour, r: pygame.Rect, width: int = 0) -> None:
    pts = [(r.centerx, r.y), (r.right, r.centery), (r.centerx, r.bottom), (r.x, r.centery)]
    draw.polygon(surface, INK, _grown(pts, r, 1.18))
    draw.polygon(surface, colour, pts, width)


def _grown(pts: Sequence[tuple[float, float]], r: pygame.Rect, f: float) -> list:
    cx, cy = r.center
    return [(cx + (x - cx) * f, cy + (y - cy) * f) for x, y in pts]


def slashed_ring(surface, colour: Colour, r: pygame.Rect) -> None:
    rad = r.w / 2 - 1
    w = _w(r, 0.12)
    draw.circle(surface, colour, r.center, rad, w)
    d = rad * 0.7
    draw.line(surface, colour, (r.centerx - d, r.centery + d), (r.centerx + d, r.centery - d), w)


def star(surface, colour: Colour, r: pygame.Rect, width: int = 0) -> None:
    cx, cy = r.center
    rad = r.w / 2
    pts = []
    for i in range(10):
        rr = rad if i % 2 == 0 else rad * 0.45
        a = -math.pi / 2 + math.pi / 5 * i
        pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    if width == 0:
        draw.polygon(surface, INK, _grown(pts, r, 1.15))
    draw.polygon(surface, colour, pts, width)


def temple(surface, colour: Colour, r: pygame.Rect, width: int = 0) -> None:
    """A pediment on columns on a base: the city."""
    x, y, w, h = r
    roof = [(x, y + h * 0.34), (x + w / 2, y), (x + w, y + h * 0.34)]
    base = pygame.Rect(x, y + h * 0.84, w, max(1, h * 0.16))
    if width == 0:
        draw.rect(surface, INK, r.inflate(2, 2))
    draw.polygon(surface, colour, roof, width)
    draw.rect(surface, colour, base, width)
    cols = 3
    cw = max(1, w * 0.14)
    for i in range(cols):
        cx = x + w * (0.16 + 0.34 * i)
        draw.rect(surface, colour, (cx, y + h * 0.38, cw, h * 0.44), width)


def warning(surface, colour: Colour, r: pygame.Rect) -> None:
    """A red triangle with a bar: a sea monster was met here."""
    pts = [(r.centerx, r.y), (r.right, r.bottom), (r.x, r.bottom)]
    draw.polygon(surface, INK, _grown(pts, r, 1.2))
    draw.polygon(surface, colour, pts)
    bw = max(1, r.w * 0.12)
    draw.rect(surface, INK, (r.centerx - bw / 2, r.y + r.h * 0.36, bw, r.h * 0.34))
    draw.rect(surface, INK, (r.centerx - bw / 2, r.y + r.h * 0.78, bw, bw))


def sea_mine(surface, colour: Colour, r: pygame.Rect) -> None:
    """A ball with spikes: a mine."""
    cx, cy = r.center
    rad = r.w * 0.3
    for i in range(8):
        a = math.pi / 4 * i
        end = (cx + math.cos(a) * r.w * 0.5, cy + math.sin(a) * r.w * 0.5)
        draw.line(surface, INK, (cx, cy), end, max(2, _w(r, 0.2)))
        draw.line(surface, colour, (cx, cy), end, _w(r, 0.1))
    draw.circle(surface, INK, (cx, cy), rad + 1)
    draw.circle(surface, colour, (cx, cy), rad)


def seen_clear(surface, colour: Colour, r: pygame.Rect) -> None:
    """A ring with a tick: a periscope looked here and saw no danger."""
    rad = r.w * 0.4
    w = _w(r, 0.1)
    draw.circle(surface, INK, r.center, rad + 1, w + 2)
    draw.circle(surface, colour, r.center, rad, w)
    cx, cy = r.center
    tick = [
        (cx - rad * 0.45, cy),
        (cx - rad * 0.1, cy + rad * 0.4),
        (cx + rad * 0.5, cy - rad * 0.4),
    ]
    draw.lines(surface, INK, False, tick, w + 2)
    draw.lines(surface, colour, False, tick, w)


def dashed_border(surface, colour: Colour, r: pygame.Rect, width: int = 2) -> None:
    inner = r.inflate(-2 * width - 2, -2 * width - 2)
    dash = max(3, r.w // 8)
    for x0, y0, x1, y1 in (
        (inner.left, inner.top, inner.right, inner.top),
        (inner.right, inner.top, inner.right, inner.bottom),
        (inner.right, inner.bottom, inner.left, inner.bottom),
        (inner.left, inner.bottom, inner.left, inner.top),
    ):
        length = math.hypot(x1 - x0, y1 - y0)
        n = max(1, int(length // (2 * dash)))
        for i in range(n + 1):
            t0 = min(1.0, i * 2 * dash / length)
            t1 = min(1.0, (i * 2 * dash + dash) / length)
            a = (x0 + (x1 - x0) * t0, y0 + (y1 - y0) * t0)
            b = (x0 + (x1 - x0) * t1, y0 + (y1 - y0) * t1)
            draw.line(surface, colour, a, b, width)


def badge(surface, text: str, r: pygame.Rect) -> None:
    f = font(max(8, round(r.h * 0.78)), "bold")
    img = f.render(text, True, INK)
    box = pygame.Rect(0, 0, max(r.h, img.get_width() + r.h // 2), r.h)
    box.center = r.center
    draw.rect(surface, INK, box.inflate(2, 2), border_radius=r.h // 2)
    draw.rect(surface, BADGE, box, border_radius=r.h // 2)
    surface.blit(img, img.get_rect(center=box.center))


# --- relief ----------------------------------------------------------------------------------
def seamount_cell(surface, r: pygame.Rect, part: str = "all") -> None:
    """A seamount's cell: the warm ground (``part="fill"``), the contour rings ("lines")."""
    if part != "lines":
        draw.rect(surface, SEAMOUNT_FILL, r)
    if part == "fill":
        return
    w = max(1, round(r.w / 40))
    for f in (0.82, 0.56, 0.3):
        ring = pygame.Rect(0, 0, r.w * f, r.h * f * 0.78)
        ring.center = (r.centerx, r.centery + r.h * 0.04)
        draw.ellipse(surface, SEAMOUNT_LINE, ring, w)


def deep_cell(surface, r: pygame.Rect, part: str = "all") -> None:
    """Deep ocean's cell: the dark ground (``part="fill"``), the wave strokes ("lines")."""
    if part != "lines":
        draw.rect(surface, DEEP_FILL, r)
    if part == "fill":
        return
    w = max(1, round(r.w / 40))
    amp = r.h * 0.035
    for row in (0.36, 0.56, 0.76):
        y = r.y + r.h * row
        pts = []
        steps = 8
        for i in range(steps + 1):
            t = i / steps
            pts.append((r.x + r.w * (0.18 + 0.64 * t), y + amp * math.sin(t * 2 * math.pi)))
        draw.lines(surface, DEEP_LINE, False, pts, w)


def mark(
    surface, kind: str, text: str, cell: pygame.Rect, *, mine_rgb: Colour = TRACE, part: str = "all"
) -> None:
    """Draw one clue of ``kind`` in its slot of ``cell`` (a relief in parts: ``part`` is
    "fill" or "lines", so the heat map's tint can go between them)."""
    slot = slot_rect(cell, SLOTS.get(kind, "centre"))
    if kind == "seamount":
        seamount_cell(surface, cell, part)
    elif kind == "deep":
        deep_cell(surface, cell, part)
    elif kind == "trace":
        if text:  # a trace or a mine (pirate waters)
            diamond(surface, TRACE, slot, _w(slot, 0.14))
            draw.circle(surface, TRACE, slot.center, max(1, slot.w * 0.12))
        else:
            diamond(surface, TRACE, slot)
    elif kind == "no_trace":
        slashed_ring(surface, NO_TRACE, slot)
    elif kind == "atlantis":
        temple(surface, ATLANTIS, slot)
    elif kind == "artifact":
        star(surface, ARTIFACT, slot)
    elif kind == "recovered":
        star(surface, ARTIFACT, slot, _w(slot, 0.08))
        w = _w(slot, 0.12)
        a = (slot.x + slot.w * 0.55, slot.y + slot.h * 0.8)
        draw.lines(
            surface, BADGE, False, [(a[0] - slot.w * 0.18, a[1] - slot.h * 0.16), a,
                                    (slot.right, slot.y + slot.h * 0.45)], w
        )  # fmt: skip
    elif kind == "not_atlantis":
        temple(surface, NO_TRACE, slot, 1)
        draw.line(surface, NOT_CITY, slot.bottomleft, slot.topright, _w(slot, 0.14))
    elif kind == "danger":
        if text == "mine":
            sea_mine(surface, HAZARD, slot)
        else:
            warning(surface, HAZARD, slot)
    elif kind == "clear":
        seen_clear(surface, CLEAR, slot)
    elif kind == "mine":
        sea_mine(surface, mine_rgb, slot)
    elif kind == "not_city":
        dashed_border(surface, NOT_CITY, cell, max(1, round(cell.w / 28)))
    elif kind == "count":
        badge(surface, text, slot)


# --- the pencil ----------------------------------------------------------------------------------
def _hand_line(surface, a, b, rng: random.Random, w: int) -> None:
    """A pencil stroke: two slightly different passes, as a hand draws it."""
    for _ in range(2):
        j = [rng.uniform(-1.2, 1.2) for _ in range(4)]
        mid = ((a[0] + b[0]) / 2 + j[2], (a[1] + b[1]) / 2 + j[3])
        draw.lines(surface, PENCIL, False, [(a[0] + j[0], a[1] + j[1]), mid, b], w)


def pencil(surface, kind: str, text: str, cell: pygame.Rect, seed: int) -> None:
    """A pencil mark in the chart owner's hand (the same cell always jitters the same way)."""
    rng = random.Random(seed * 31 + len(kind))
    r = cell.inflate(-round(cell.w * 0.3), -round(cell.h * 0.3))
    w = max(1, round(cell.w / 30))
    if kind == "cross":
        _hand_line(surface, r.topleft, r.bottomright, rng, w + 1)
        _hand_line(surface, r.topright, r.bottomleft, rng, w + 1)
    elif kind == "black":
        inner = cell.inflate(-4, -4)
        draw.rect(surface, GRAPHITE, inner)
        step = max(3, cell.w // 9)
        for i in range(-inner.h, inner.w, step):
            a = (inner.x + max(0, i), inner.y + max(0, -i))
            t = min(inner.right - a[0], inner.bottom - a[1])
            _hand_line(surface, a, (a[0] + t, a[1] + t), rng, 1)
    elif kind == "question":
        f = font(max(10, round(cell.h * 0.55)), "italic")
        img = f.render("?", True, PENCIL)
        surface.blit(img, img.get_rect(center=(cell.centerx + 1, cell.centery)))
    elif kind == "note":
        size = max(8, round(cell.h * 0.24))
        f = font(size, "italic")
        while size > 7 and f.size(text)[0] > cell.w - 4:
            size -= 1
            f = font(size, "italic")
        img = f.render(text, True, PENCIL)
        surface.blit(img, img.get_rect(midtop=(cell.centerx, cell.y + round(cell.h * 0.34))))


# --- submarines ---------------------------------------------------------------------------------
def submarine(surface, colour: Colour, centre: tuple[float, float], length: float) -> None:
    """A submarine seen from the side: hull, conning tower, periscope."""
    cx, cy = centre
    h = length * 0.36
    hull = pygame.Rect(0, 0, length, h)
    hull.center = (cx, cy + h * 0.2)
    tower = pygame.Rect(0, 0, length * 0.26, h * 0.62)
    tower.midbottom = (cx - length * 0.04, hull.y + 2)
    draw.ellipse(surface, INK, hull.inflate(4, 4))
    draw.rect(surface, INK, tower.inflate(4, 4), border_radius=3)
    draw.ellipse(surface, colour, hull)
    draw.rect(surface, colour, tower, border_radius=2)
    px = tower.centerx + tower.w * 0.2
    draw.line(surface, INK, (px, tower.y), (px, tower.y - h * 0.4), max(1, round(length / 24)))
    draw.circle(surface, INK, (hull.x + hull.w * 0.8, hull.centery), max(1, h * 0.12))


def dashed_ring(surface, colour: Colour, centre, radius: float, width: int) -> None:
    """A ring of dashes: a place reached by no leg of a route (the sea carried the boat)."""
    cx, cy = centre
    n = 12
    for i in range(n):
        a0 = 2 * math.pi * i / n
        a1 = a0 + math.pi / n
        a = (cx + radius * math.cos(a0), cy + radius * math.sin(a0))
        b = (cx + radius * math.cos(a1), cy + radius * math.sin(a1))
        draw.line(surface, INK, a, b, width + 2)
        draw.line(surface, colour, a, b, width)


def dotted(surface, colour: Colour, a, b, gap: float, rad: float) -> None:
    """Dots from ``a`` to ``b`` (a route on a chart)."""
    length = math.hypot(b[0] - a[0], b[1] - a[1])
    n = max(1, int(length // gap))
    for i in range(n + 1):
        t = i / n
        p = (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
        draw.circle(surface, INK, p, rad + 1)
        draw.circle(surface, colour, p, rad)


# --- the compass rose ---------------------------------------------------------------------------
def compass_rose(surface, centre: tuple[float, float], radius: float, faint: bool = False) -> None:
    """Eight points, north gilded and lettered, in the style of a chart's printed rose."""
    cx, cy = centre
    line = tuple(int(v * 0.55) for v in ROSE) if faint else ROSE
    north = tuple(int(v * 0.6) for v in ROSE_NORTH) if faint else ROSE_NORTH
    w = max(1, round(radius / 30))
    draw.circle(surface, line, centre, radius, w)
    draw.circle(surface, line, centre, radius * 0.84, w)
    for i in range(32):
        a = math.pi * 2 * i / 32
        r0 = radius * (0.9 if i % 4 else 0.84)
        draw.line(
            surface, line, (cx + math.cos(a) * r0, cy + math.sin(a) * r0),
            (cx + math.cos(a) * radius, cy + math.sin(a) * radius), w,
        )  # fmt: skip
    for i in range(8):
        a = -math.pi / 2 + math.pi / 4 * i
        long = radius * (0.8 if i % 2 == 0 else 0.5)
        side = radius * 0.11
        tip = (cx + math.cos(a) * long, cy + math.sin(a) * long)
        left = (cx + math.cos(a - math.pi / 2) * side, cy + math.sin(a - math.pi / 2) * side)
        right = (cx + math.cos(a + math.pi / 2) * side, cy + math.sin(a + math.pi / 2) * side)
        colour = north if i == 0 else line
        draw.polygon(surface, colour, [tip, left, (cx, cy)])
        draw.polygon(surface, PAPER_DARK if i else colour, [tip, right, (cx, cy)])
        draw.lines(surface, colour, True, [tip, left, (cx, cy), right], 1)
    if radius >= 18:
        f = font(max(9, round(radius * 0.3)), "bold")
        img = f.render("N", True, north)
        surface.blit(img, img.get_rect(midbottom=(cx, cy - radius - 1)))
