"""Colours, cached text and the small drawing helpers every part of the Rising board shares.

Rendering text is the most expensive thing a pygame frame does, so every string goes through
:func:`text`, which keeps the rendered surface; unchanged labels cost a dictionary lookup.
"""

from __future__ import annotations

import math
from collections import OrderedDict

import pygame

from scenes import canvas, draw
from scenes.assets import font, on_text_sizing_change, scaled
from scenes.palette import (
    INK,
    PANEL_EDGE,
    PARCHMENT,
    Colour,
    SeatStyle,
    draw_seat_marker,
    lerp,
    style_by_name,
)
from scenes.text import capped  # noqa: F401 (the panels ask it here)

PANEL_BG = (9, 28, 44)  # a touch darker than the shared PANEL: the island's panels
PANEL_HOT = (238, 196, 98)
DIM_INK = (120, 140, 150)
GOOD = (126, 212, 140)
WARN = (236, 120, 96)
ENERGY = (150, 120, 240)
COURAGE = (246, 200, 70)
BARRIER = (120, 230, 250)

SECTION_COLOURS: dict[str, Colour] = {
    "mountains": (132, 118, 110),
    "hills": (204, 164, 72),
    "forests": (70, 140, 82),
    "forges": (188, 92, 58),
    "libraries": (86, 110, 176),
    "cities": (196, 188, 168),
}
RESOURCE_COLOURS: dict[str, Colour] = {
    "ore": (150, 150, 162),
    "gold": (236, 196, 70),
    "crystal": (120, 216, 236),
    "atlantium": (232, 120, 200),
}
RESOURCE_SHORT = {"ore": "ore", "gold": "gold", "crystal": "crys", "atlantium": "atl"}


def councilor_style(colour: str, seat: int, colourblind: bool) -> SeatStyle:
    """The style of a seat given its colour name (engine or palette name): the shared palette's,
    so the board draws a councilor in the colour setup showed."""
    return style_by_name(colour, colourblind, seat)


def marker(
    surface: pygame.Surface,
    style: SeatStyle,
    center: tuple[int, int],
    radius: int,
    colourblind: bool,
) -> None:
    """An Atlantean of a seat (colour, plus letter and shape when colour-blind)."""
    draw_seat_marker(surface, style, (int(center[0]), int(center[1])), radius, colourblind)


# --- text -----------------------------------------------------------------------------------
_TEXT: OrderedDict[tuple, pygame.Surface] = OrderedDict()
_TEXT_LIMIT = 1500


def text(
    s: str, size: int = 15, colour: Colour = PARCHMENT, kind: str = "regular"
) -> pygame.Surface:
    """A rendered line of text, cached (most labels never change between frames)."""
    key = (s, size, colour, kind)
    img = _TEXT.get(key)
    if img is None:
        img = font(size, kind).render(s, True, colour)
        _TEXT[key] = img
        if len(_TEXT) > _TEXT_LIMIT:
            _TEXT.popitem(last=False)
    return img


def blit_text(
    surface: pygame.Surface,
    s: str,
    pos: tuple[float, float],
    size: int = 15,
    colour: Colour = PARCHMENT,
    kind: str = "regular",
    anchor: str = "topleft",
    max_width: int = 0,
) -> pygame.Rect:
    """Draw cached text at ``pos`` by an anchor; ``max_width`` shortens it with an ellipsis."""
    if max_width and font(size, kind).size(s)[0] > max_width:
        s = fit(s, size, kind, max_width)
    img = text(s, size, colour, kind)
    rect = img.get_rect(**{anchor: (int(pos[0]), int(pos[1]))})
    surface.blit(img, rect)
    return rect


def growth(sizes: tuple[int, ...] = (11, 12, 13, 14, 15, 16)) -> float:
    """How much larger than designed the text sizing draws the most grown of ``sizes`` (1 at
    the designed sizes; the small sizes grow most under a window's floor)."""
    return max(scaled(d) / d for d in sizes)


def room_factor(need: int, room: int, sizes: tuple[int, ...] = (11, 12, 13, 14, 15, 16)) -> float:
    """How much a panel laid out in ``need`` designed pixels may grow inside ``room``: as much
    as its text grows, never past its room, and exactly 1 at the designed sizes."""
    want = growth(sizes)
    if want <= 1:
        return 1.0
    return max(1.0, min(want, room / max(1, need)))


_FIT: dict[tuple, str] = {}


def fit(s: str, size: int, kind: str, width: int) -> str:
    """``s`` shortened with an ellipsis so it fits ``width`` pixels."""
    key = (s, size, kind, width)
    out = _FIT.get(key)
    if out is None:
        f = font(size, kind)
        out = s
        while out and f.size(out + "…")[0] > width:
            out = out[:-1]
        out = out + "…" if out != s else s
        _FIT[key] = out
    return out


_WRAP: dict[tuple, list[str]] = {}


def wrap(s: str, size: int, width: int, kind: str = "regular") -> list[str]:
    """Break ``s`` into lines no wider than ``width`` (cached)."""
    key = (s, size, width, kind)
    lines = _WRAP.get(key)
    if lines is None:
        f = font(size, kind)
        lines = []
        for para in s.split("\n"):
            line = ""
            for word in para.split(" "):
                trial = f"{line} {word}".strip()
                if f.size(trial)[0] <= width or not line:
                    line = trial
                else:
                    lines.append(line)
                    line = word
            lines.append(line)
        if len(_WRAP) > 800:
            _WRAP.clear()
        _WRAP[key] = lines
    return lines


def _forget_text() -> None:
    """Rendered, fitted and wrapped text depend on font sizes: drop them at a new text scale."""
    _TEXT.clear()
    _FIT.clear()
    _WRAP.clear()


on_text_sizing_change(_forget_text)


# --- shapes ---------------------------------------------------------------------------------
def hex_points(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    """A pointy-top hexagon: its flat sides face 0°, 60°, 120° … (the island's arms)."""
    return [
        (cx + r * math.cos(math.radians(30 + 60 * i)), cy + r * math.sin(math.radians(30 + 60 * i)))
        for i in range(6)
    ]


def panel(surface: pygame.Surface, rect: pygame.Rect, hot: bool = False, alpha: int = 236) -> None:
    """A rounded, nearly opaque panel with a bronze (or gold when ``hot``) edge."""
    surface.blit(canvas.rounded_body(rect.size, (*PANEL_BG, alpha), 10), rect)
    draw.rect(surface, PANEL_HOT if hot else PANEL_EDGE, rect, 3 if hot else 1, border_radius=10)


def chip(
    surface: pygame.Surface,
    rect: pygame.Rect,
    label: str,
    *,
    enabled: bool = True,
    primary: bool = False,
    hover: bool = False,
    size: int = 15,
    key_hint: str = "",
    pad: int = 14,
) -> None:
    """A drawn button (boards draw their own; one widget per button would be too slow);
    ``pad``: the room its words leave to its edges, both sides together."""
    if not enabled:
        fill, edge, ink = (22, 36, 46), (60, 76, 86), DIM_INK
    elif primary:
        fill, edge, ink = (120, 84, 34), PANEL_HOT, PARCHMENT
    else:
        fill, edge, ink = (20, 56, 76), (98, 160, 176), PARCHMENT
    if hover and enabled:
        fill = lerp(fill, (255, 255, 255), 0.16)
    draw.rect(surface, fill, rect, border_radius=8)
    draw.rect(surface, edge, rect, 2, border_radius=8)
    inner = rect.width - pad - (18 if key_hint else 0)
    if key_hint:
        blit_text(surface, key_hint, (rect.x + 6, rect.centery), 12, GOOD, "bold", "midleft")
        blit_text(
            surface, label, (rect.centerx + 8, rect.centery), size, ink, "bold", "center", inner
        )
    else:
        blit_text(surface, label, rect.center, size, ink, "bold", "center", inner)


def star(surface: pygame.Surface, center: tuple[float, float], r: float, colour: Colour) -> None:
    """A five-pointed star (courage tokens)."""
    cx, cy = center
    pts = []
    for i in range(10):
        rad = r if i % 2 == 0 else r * 0.45
        a = -math.pi / 2 + math.pi / 5 * i
        pts.append((cx + rad * math.cos(a), cy + rad * math.sin(a)))
    draw.polygon(surface, INK, [(x + 1, y + 1) for x, y in pts])
    draw.polygon(surface, colour, pts)


def gem(surface: pygame.Surface, center: tuple[float, float], r: float, colour: Colour) -> None:
    """A small diamond (mystic energy, resources)."""
    cx, cy = center
    pts = [(cx, cy - r), (cx + r * 0.8, cy), (cx, cy + r), (cx - r * 0.8, cy)]
    draw.polygon(surface, colour, pts)
    draw.polygon(surface, INK, pts, 1)


#: colour-blind mode marks each resource's diamond with its initial, as seats carry a letter
RESOURCE_LETTER = {"ore": "O", "gold": "G", "crystal": "C", "atlantium": "A"}


def resource_gem(
    surface: pygame.Surface, center: tuple[float, float], r: float, name: str, colourblind: bool
) -> None:
    """A resource's diamond; in colour-blind mode it carries the resource's initial, so a cost
    reads without telling its colours apart."""
    gem(surface, center, r + (3 if colourblind else 0), RESOURCE_COLOURS[name])
    if colourblind:
        cx, cy = center
        blit_text(surface, RESOURCE_LETTER[name], (cx, cy), 10, INK, "bold", "center")


def die_face(surface: pygame.Surface, rect: pygame.Rect, value: int, colour: Colour) -> None:
    """A die showing ``value`` pips."""
    draw.rect(surface, colour, rect, border_radius=rect.width // 5)
    draw.rect(surface, INK, rect, 2, border_radius=rect.width // 5)
    spots = {
        1: [(0, 0)],
        2: [(-1, -1), (1, 1)],
        3: [(-1, -1), (0, 0), (1, 1)],
        4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
        5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
        6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)],
    }.get(value, [])
    q = rect.width // 4
    for dx, dy in spots:
        draw.circle(surface, INK, (rect.centerx + dx * q, rect.centery + dy * q), max(2, q // 3))
