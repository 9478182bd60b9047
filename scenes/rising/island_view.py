"""The island: a six-armed star of hex tiles around the Mystic Power Source, on a moving sea.

Geometry (where each tile is), drawing (the still layer is painted once per change of state;
the sea's wave lines, highlights and animations are the only per-frame work) and hit-testing
(which tile is under the mouse) live here.
"""

from __future__ import annotations

import math
import random
import re
from collections.abc import Iterable, Sequence

import pygame

from game.rising.island import CAP, NUM_TILES, SECTIONS, VALUE, describe_tile, tip_tile
from scenes import canvas, draw
from scenes.assets import font, on_text_sizing_change, text_sizing
from scenes.palette import INK, MUTED, PARCHMENT, SeatStyle, lerp
from scenes.rising.look import (
    BARRIER,
    COURAGE,
    SECTION_COLOURS,
    blit_text,
    capped,
    hex_points,
    marker,
    star,
    text,
    wrap,
)

REGION = pygame.Rect(262, 44, 720, 580)
CENTRE = (622, 336)
HEX_R = 25
STEP = 45
FIRST = 72  # distance of each arm's innermost tile from the centre
CENTRE_R = 48
#: arm direction of each section (degrees, screen coordinates: 270 = up)
ANGLES = (240, 300, 0, 60, 120, 180)

SEA_DEEP = (6, 38, 66)
SEA_MID = (14, 78, 110)
SHALLOWS = (52, 150, 168)
SUNK = (16, 62, 92)


def tile_center(t: int) -> tuple[float, float]:
    """Canvas position of island tile ``t`` (0..35)."""
    s, pos = divmod(t, 6)
    d = FIRST + (5 - pos) * STEP
    a = math.radians(ANGLES[s])
    return CENTRE[0] + d * math.cos(a), CENTRE[1] + d * math.sin(a)


def spot_center(spot: str) -> tuple[float, float]:
    """Canvas position of a spot id ("hills-3", "centre"); the Navy is drawn by the panels."""
    if spot == "centre":
        return CENTRE
    section, _, pos = spot.partition("-")
    if section in SECTIONS and pos.isdigit():
        return tile_center(SECTIONS.index(section) * 6 + int(pos) - 1)
    return CENTRE


def label_pos(s: int) -> tuple[tuple[float, float], str]:
    """Where a section's name goes (and its anchor): outside its second tile from the tip."""
    x, y = tile_center(s * 6 + 1)
    a = ANGLES[s]
    if a in (0, 180):
        return (x, y + HEX_R + 14), "center"
    if math.cos(math.radians(a)) < 0:
        return (x - HEX_R - 10, y), "midright"
    return (x + HEX_R + 10, y), "midleft"


def tile_at(pos: tuple[int, int]) -> str | None:
    """The spot id under a canvas position (a tile or the centre), or None."""
    x, y = pos
    if (x - CENTRE[0]) ** 2 + (y - CENTRE[1]) ** 2 <= CENTRE_R**2:
        return "centre"
    for t in range(NUM_TILES):
        cx, cy = tile_center(t)
        if (x - cx) ** 2 + (y - cy) ** 2 <= (HEX_R * 0.92) ** 2:
            return describe_tile(t)["id"]
    return None


def tile_box(t: int) -> pygame.Rect:
    """The rectangle around tile ``t``'s hexagon (pointy-top: narrower than it is tall)."""
    x, y = tile_center(t)
    half = math.ceil(HEX_R * math.cos(math.radians(30)))
    return pygame.Rect(int(x) - half, int(y) - HEX_R, 2 * half + 1, 2 * HEX_R + 1)


def lowest_tile_bottom() -> int:
    """Where the island's lowest tiles end (Libraries 1 and Forges 1): a line of text under
    them covers no tile."""
    return max(tile_box(t).bottom for t in range(NUM_TILES))


def clear_of_tiles(rect: pygame.Rect) -> bool:
    """True when ``rect`` covers no tile of the island (standing or sunk)."""
    return not any(rect.colliderect(tile_box(t)) for t in range(NUM_TILES))


#: the top of the space between the Mountains and the Hills, under the top bar, and how wide
#: that space is between the tips (nothing wider can miss them)
TOP_GAP_Y = 46
TOP_GAP_W = round(2 * (FIRST + 5 * STEP) * math.cos(math.radians(60))) - 2 * HEX_R + 8
_TOP_SPOTS: dict[tuple, tuple[int, list[str], pygame.Rect]] = {}


def top_spot(
    message: str, size: int, kind: str = "bold", pad: tuple[int, int] = (16, 7), step: int = 4
) -> tuple[int, list[str], pygame.Rect]:
    """Where a line of news goes at the top of the island so that it covers no tile: in the
    space between the tips of the Mountains and the Hills, in as few lines as it can (at 14 px
    or more; 13 or 12 px only when nothing larger fits), each size tried from ``size`` down.
    (size, lines, box); the lines are centred in the box, one every
    ``font(size).get_linesize() + step`` below ``box.y + pad[1]``."""
    key = (message, size, kind, pad, step, text_sizing())
    spot = _TOP_SPOTS.get(key)
    if spot is None:
        # a number stays with its word when the line wraps ("Hills 1", "Turn 3")
        message = re.sub(r" (?=\d)", "\u00a0", message)
        spot = _find_top_spot(message, size, kind, pad, step)
        if len(_TOP_SPOTS) > 200:
            _TOP_SPOTS.clear()
        _TOP_SPOTS[key] = spot
    return spot


def _top_box(
    message: str, px_: int, kind: str, width: int, pad: tuple[int, int], step: int
) -> tuple[list[str], pygame.Rect]:
    f = font(px_, kind)
    lines = wrap(message, px_, width, kind)
    w = max(f.size(line)[0] for line in lines) + 2 * pad[0]
    box = pygame.Rect(0, 0, w, len(lines) * (f.get_linesize() + step) - step + 2 * pad[1])
    box.midtop = (CENTRE[0], TOP_GAP_Y)
    return lines, box


def _find_top_spot(
    message: str, size: int, kind: str, pad: tuple[int, int], step: int
) -> tuple[int, list[str], pygame.Rect]:
    sizes = list(range(size, 13, -1))
    for most in range(1, 7):  # the fewest lines first, then the largest type
        for tier in (sizes, [13, 12]) if most == 6 else (sizes,):
            for px_ in tier:
                widest = min(font(px_, kind).size(message)[0], TOP_GAP_W - 2 * pad[0])
                for width in range(widest, 40, -6):
                    lines, box = _top_box(message, px_, kind, width, pad, step)
                    if len(lines) > most:
                        break
                    if clear_of_tiles(box):
                        return px_, lines, box
    lines, box = _top_box(message, 12, kind, 170, pad, step)  # nothing fits: the narrowest
    return 12, lines, box


def value_text(t: int) -> str:
    """The productive number printed on a tile."""
    v = VALUE[t]
    if "target" in v:
        return f"{v['target']}+"
    if "rate" in v:
        return f"1:{v['rate']}"
    if "draw" in v:
        return f"{v['draw']}/{v['keep']}"
    return f"{v['ratio']}:1"


def ring_offsets(cap: int) -> list[tuple[int, int]]:
    return {1: [(0, 10)], 2: [(-7, 10), (7, 10)], 3: [(-13, 10), (0, 10), (13, 10)]}[cap]


def tile_tip(t: int, target: int | None = None, whose: str = "") -> str:
    """A tooltip for a tile, in our own words. ``target``: the number ``whose`` would really
    need on this resource tile now (the Explorer's cut, an Earthquake), when it differs from
    the printed one the tooltip says so, as the guide does."""
    s, pos = divmod(t, 6)
    name = SECTIONS[s]
    v = VALUE[t]
    rings = f"{CAP[t]} ring{'s' if CAP[t] > 1 else ''}"
    if "target" in v:
        res = {"mountains": "ore", "hills": "gold", "forests": "crystal"}[name]
        need = v["target"] if target is None else target
        what = f"Each Atlantean here rolls a die: {need} or more yields 1 {res}."
        if need != v["target"]:
            what += f" (Printed {v['target']}+; {whose or 'your'} target is {need} now.)"
    elif "rate" in v:
        what = f"Each Atlantean here forges 1 ore into {v['rate']} Atlantium."
    elif "draw" in v:
        what = f"Draw {v['draw']} knowledge card(s) and keep {v['keep']}."
    else:
        what = (
            f"Fill every ring with your own Atlanteans: every {v['ratio']} of them "
            "recruit 1 new Atlantean."
        )
    order = (
        "the tip: floods first"
        if pos == 0
        else ("next to the centre: floods last" if pos == 5 else f"tile {pos + 1} from the tip")
    )
    return f"{name.capitalize()} {pos + 1} ({order}). {rings}. {what}"


# --- painting -------------------------------------------------------------------------------
_FACES: dict[tuple[int, bool], pygame.Surface] = {}
#: a tile is as large at every text size: its number and value grow only as far as it holds
FACE_GROWTH = 1.15


def face_small() -> int:
    return capped(10, FACE_GROWTH, "bold")


on_text_sizing_change(_FACES.clear)  # tile faces carry text


def tile_face(t: int, flooded: bool) -> pygame.Surface:
    """The printed face (or the flooded back) of a tile, painted once."""
    key = (t, flooded)
    face = _FACES.get(key)
    if face is not None:
        return face
    size = HEX_R * 2 + 6
    face = canvas.surface((size, size), pygame.SRCALPHA)
    c = size / 2
    pts = hex_points(c, c, HEX_R)
    s, pos = divmod(t, 6)
    if flooded:
        draw.polygon(face, (*SUNK, 200), pts)
        for k in range(3):
            y = c - 8 + k * 8
            wave = [(c - 16 + i * 4, y + 2 * math.sin(i * 1.3)) for i in range(9)]
            draw.lines(face, (70, 130, 160), False, wave, 1)
        draw.polygon(face, (40, 96, 130), pts, 1)
        blit_text(face, str(pos + 1), (c, c - 18), face_small(), (90, 140, 170), "bold", "center")
    else:
        base = SECTION_COLOURS[SECTIONS[s]]
        draw.polygon(face, lerp(base, INK, 0.45), hex_points(c + 1, c + 2, HEX_R))
        draw.polygon(face, base, pts)
        draw.polygon(face, lerp(base, (255, 255, 255), 0.25), hex_points(c, c, HEX_R - 4), 1)
        draw.polygon(face, lerp(base, INK, 0.6), pts, 2)
        light = sum(base) > 480
        ink = INK if light else PARCHMENT
        number, value = face_small(), capped(15, FACE_GROWTH, "bold")
        blit_text(face, str(pos + 1), (c, c - 17), number, lerp(ink, base, 0.35), "bold", "center")
        blit_text(face, value_text(t), (c, c - 4), value, ink, "bold", "center")
        for dx, dy in ring_offsets(CAP[t]):
            draw.circle(face, lerp(base, INK, 0.35), (c + dx, c + dy), 6)
            draw.circle(face, lerp(ink, base, 0.3), (c + dx, c + dy), 6, 1)
    _FACES[key] = face
    return face


def paint_sea(seed: int = 11) -> pygame.Surface:
    """The still sea under the island: deep water, lit shallows around the star, light rays."""
    bg = canvas.surface((1280, 720))
    cx, cy = CENTRE
    for r in range(760, 0, -8):
        f = r / 760
        bg.fill(lerp(SEA_MID, SEA_DEEP, f**0.8), pygame.Rect(0, 0, 0, 0))
        draw.circle(bg, lerp(SEA_MID, SEA_DEEP, f**0.8), (cx, cy), r)
    glow = canvas.surface((1280, 720), pygame.SRCALPHA)
    for t in range(NUM_TILES):
        x, y = tile_center(t)
        draw.circle(glow, (*SHALLOWS, 28), (int(x), int(y)), HEX_R + 22)
        draw.circle(glow, (*SHALLOWS, 40), (int(x), int(y)), HEX_R + 10)
    draw.circle(glow, (*SHALLOWS, 60), (cx, cy), CENTRE_R + 30)
    bg.blit(glow, (0, 0))
    rng = random.Random(seed)
    rays = canvas.surface((1280, 720), pygame.SRCALPHA)
    for _ in range(6):
        x = rng.randrange(200, 1100)
        w = rng.randrange(30, 80)
        draw.polygon(
            rays, (190, 240, 230, 10), [(x, 0), (x + w, 0), (x + w - 260, 720), (x - 260, 720)]
        )
    bg.blit(rays, (0, 0))
    return bg


class Waves:
    """The moving part of the sea: drifting wave lines and glints (a few hundred points)."""

    def __init__(self, seed: int = 5) -> None:
        rng = random.Random(seed)
        self.lines = [
            (
                REGION.y + 20 + i * 58 + rng.randrange(-12, 12),
                rng.random() * 6,
                rng.uniform(0.5, 1.1),
            )
            for i in range(11)
        ]
        self.glints = [
            (
                rng.uniform(REGION.x, REGION.right),
                rng.uniform(REGION.y, REGION.bottom),
                rng.random() * 6,
            )
            for _ in range(40)
        ]

    def draw(self, surface: pygame.Surface, t: float) -> None:
        x0, x1 = REGION.x, REGION.right
        for y, phase, speed in self.lines:
            pts = [
                (x, y + 5 * math.sin(x / 60 + t * speed + phase) + 3 * math.sin(x / 23 - t * 1.7))
                for x in range(x0, x1 + 24, 24)
            ]
            draw.lines(surface, (40, 110, 140), False, pts, 1)
        for gx, gy, phase in self.glints:
            s = math.sin(t * 1.6 + phase)
            if s > 0.5:
                x = gx + 10 * math.sin(t * 0.3 + phase)
                ln = 3 + 8 * s
                draw.line(surface, (150, 214, 226), (x - ln, gy), (x + ln, gy), 1)


class IslandLayer:
    """The island as it stands now, painted into one surface whenever the state changes."""

    def __init__(self) -> None:
        self.surface = canvas.surface(REGION.size, pygame.SRCALPHA)
        self.key: object = None

    def paint(
        self,
        flooded: Sequence[int],
        barriers: Iterable[str],
        occupants: dict[str, list[int]],
        courage: dict[str, list[int]],
        styles: Sequence[SeatStyle],
        colourblind: bool,
        hidden: Iterable[int] = (),
        stone: dict[str, list[int]] | None = None,
    ) -> None:
        """Repaint from plain data (``hidden`` tiles are left for an animation to draw).

        ``stone`` maps a spot to the owners of its petrified figures (-1: a neutral volunteer);
        they take the rings after the spot's active Atlanteans.
        """
        from scenes.rising import monsters_view

        stone = stone or {}
        surf = self.surface = canvas.fresh(self.surface, pygame.SRCALPHA)
        surf.fill((0, 0, 0, 0))
        ox, oy = -REGION.x, -REGION.y
        barrier_set = set(barriers)
        hidden_set = set(hidden)
        # section names
        for s, name in enumerate(SECTIONS):
            (lx, ly), anchor = label_pos(s)
            colour = lerp(SECTION_COLOURS[name], PARCHMENT, 0.5)
            blit_text(surf, name.upper(), (lx + ox, ly + oy), 13, colour, "bold", anchor)
        # the Mystic Power Source
        glow = _centre_glow()
        surf.blit(glow, glow.get_rect(center=(CENTRE[0] + ox, CENTRE[1] + oy)))
        draw.circle(surf, (60, 48, 120), (CENTRE[0] + ox, CENTRE[1] + oy), CENTRE_R)
        draw.circle(surf, (170, 150, 250), (CENTRE[0] + ox, CENTRE[1] + oy), CENTRE_R, 2)
        blit_text(
            surf,
            "POWER",
            (CENTRE[0] + ox, CENTRE[1] + oy - 30),
            10,
            (200, 190, 250),
            "bold",
            "center",
        )
        blit_text(
            surf,
            "SOURCE",
            (CENTRE[0] + ox, CENTRE[1] + oy + 30),
            10,
            (200, 190, 250),
            "bold",
            "center",
        )
        centre_seats = occupants.get("centre", [])
        for i, q in enumerate(centre_seats):
            n = len(centre_seats)
            ring = 20 if n <= 8 else (24 if i < 12 else 11)
            count = n if n <= 8 else (12 if i < 12 else n - 12)
            k = i if i < 12 or n <= 8 else i - 12
            a = -math.pi / 2 + math.tau * k / max(1, count)
            p = (CENTRE[0] + ox + ring * math.cos(a), CENTRE[1] + oy + ring * math.sin(a))
            marker(surf, styles[q], (int(p[0]), int(p[1])), 6, colourblind)
        if stone.get("centre"):
            monsters_view.draw_stones(
                surf, "centre", len(centre_seats), stone["centre"], styles, (ox, oy)
            )
        # tiles
        for t in range(NUM_TILES):
            s, pos = divmod(t, 6)
            cx, cy = tile_center(t)
            cx, cy = cx + ox, cy + oy
            sunk = pos < flooded[s]
            spot = describe_tile(t)["id"]
            if t in hidden_set:
                continue
            face = tile_face(t, sunk)
            surf.blit(face, face.get_rect(center=(int(cx), int(cy))))
            if sunk:
                continue
            if spot in barrier_set:
                draw.polygon(surf, BARRIER, hex_points(cx, cy, HEX_R + 3), 3)
                draw.polygon(surf, (220, 250, 255), hex_points(cx, cy, HEX_R + 1), 1)
                sx, sy = cx + HEX_R - 4, cy - HEX_R + 8
                shield = [
                    (sx - 6, sy - 6),
                    (sx + 6, sy - 6),
                    (sx + 6, sy + 1),
                    (sx, sy + 7),
                    (sx - 6, sy + 1),
                ]
                draw.polygon(surf, BARRIER, shield)
                draw.polygon(surf, INK, shield, 1)
            seats = occupants.get(spot, [])
            tokens = list(courage.get(spot, []))
            offs = ring_offsets(CAP[t])
            for i, q in enumerate(seats):
                if i < len(offs):
                    dx, dy = offs[i]
                else:
                    dx, dy = 17, -10 - (i - len(offs)) * 8
                marker(surf, styles[q], (int(cx + dx), int(cy + dy)), 6, colourblind)
                if q in tokens:
                    tokens.remove(q)
                    star(surf, (cx + dx + 6, cy + dy - 6), 5, COURAGE)
            if stone.get(spot):
                monsters_view.draw_stones(surf, spot, len(seats), stone[spot], styles, (ox, oy))
        # the next tile each flood takes
        for s in range(6):
            t = tip_tile(list(flooded), s)
            if t is None:
                continue
            cx, cy = tile_center(t)
            a = math.radians(ANGLES[s])
            bx, by = cx + ox + math.cos(a) * (HEX_R + 7), cy + oy + math.sin(a) * (HEX_R + 7)
            draw.polygon(surf, (230, 96, 80), hex_points(cx + ox, cy + oy, HEX_R), 2)
            draw.circle(surf, (20, 60, 90), (int(bx), int(by)), 7)
            draw.circle(surf, (230, 96, 80), (int(bx), int(by)), 7, 2)
            img = text("~", 12, (240, 240, 250), "bold")
            surf.blit(img, img.get_rect(center=(int(bx), int(by))))


_GLOW: list[pygame.Surface] = []
on_text_sizing_change(_GLOW.clear)  # painted at the density of its time


def _centre_glow() -> pygame.Surface:
    if not _GLOW:
        r = CENTRE_R + 26
        g = canvas.surface((r * 2, r * 2), pygame.SRCALPHA)
        for k in range(r, CENTRE_R - 4, -2):
            a = int(90 * (1 - (k - CENTRE_R + 4) / (r - CENTRE_R + 4)) ** 2)
            draw.circle(g, (160, 130, 255, a), (r, r), k)
        _GLOW.append(g)
    return _GLOW[0]


def draw_highlight(
    surface: pygame.Surface, spot: str, colour: tuple[int, int, int], width: int = 3, grow: int = 2
) -> None:
    """Outline a tile or the centre (legal targets, hover, guide hints)."""
    x, y = spot_center(spot)
    if spot == "centre":
        draw.circle(surface, colour, (int(x), int(y)), CENTRE_R + grow, width)
    else:
        draw.polygon(surface, colour, hex_points(x, y, HEX_R + grow), width)


def draw_flip(surface: pygame.Surface, t: int, progress: float, sinking: bool) -> None:
    """One frame of a tile sinking (face shrinks, turns, the flooded back appears) or rising."""
    p = progress if sinking else 1.0 - progress
    x, y = tile_center(t)
    squash = abs(math.cos(math.pi * p))
    face = tile_face(t, p >= 0.5)
    w = max(1, int(face.get_width() * squash))
    h = int(face.get_height() * (1.0 - 0.12 * math.sin(math.pi * p)))
    img = canvas.smoothscale(face, (w, h))
    surface.blit(img, img.get_rect(center=(int(x), int(y + 6 * math.sin(math.pi * p)))))
    if 0.1 < p < 0.9:
        draw.circle(surface, (200, 236, 240), (int(x), int(y)), int(HEX_R + 10 * p), 1)


def muted(colour: tuple[int, int, int]) -> tuple[int, int, int]:
    return lerp(colour, MUTED, 0.5)
