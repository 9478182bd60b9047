"""Heroes, minions and tokens on the arena.

A hero is a round figure with a thick ring in its team's colour and its seat colour as a thin
ring inside, two letters of its name, badges for its level, its coins and a taken Ultimate; each hero also has a shape of its own drawn inside
(a person tells two Titans apart without reading). Minions are smaller: melee a square,
ranged a triangle, heavy a large diamond. Magma and mine tokens sit under the units.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from scenes import draw
from scenes.assets import scaled
from scenes.guards import look
from scenes.guards.look import draw_text
from scenes.text import capped

if TYPE_CHECKING:
    from game.guards.state import GuardsState

#: how much larger than designed a figure's words may be drawn: not at all (the figure does not grow)
PIECE_GROWTH = 1.0

Point = tuple[float, float]
#: each hero's emblem inside its figure (by hero id), so heroes differ at a glance
EMBLEM = {
    "arien": "wave", "brogan": "axe", "dodger": "skull", "wuk": "paw", "hanu": "paw",
    "ignatia": "flame", "wasp": "bolt", "min": "star", "swift": "arrow", "tigerclaw": "claw",
    "sabina": "shield",
}  # fmt: skip


#: each hero's own colour, for its figure before a team has taken it (hero selection)
HERO_RGB = {
    "arien": (70, 130, 200), "brogan": (150, 100, 60), "dodger": (120, 96, 160),
    "wuk": (84, 140, 70), "hanu": (84, 140, 70), "ignatia": (220, 100, 40),
    "wasp": (206, 170, 40), "min": (200, 90, 150), "swift": (40, 160, 150),
    "tigerclaw": (230, 140, 40), "sabina": (180, 50, 70),
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


#: what a hero figure shows, for the key on the board and the help page
FIGURE_KEY = (
    "Heroes: the thick ring is the team (orange Titans, blue Atlanteans), the thin ring inside "
    "it the seat's colour. Badges: level top right, coins top left, a purple star once the "
    "Ultimate is taken. Minions: square = melee, triangle = ranged, diamond = heavy."
)
#: where a hero figure's badges sit, as fractions of its radius from its centre (none covers
#: the initials, which sit just below the middle)
BADGE_AT = {"level": (0.8, -0.8), "coins": (-0.8, -0.8), "ultimate": (0.8, 0.8)}


def _star(surface: pygame.Surface, c: Point, r: float, col) -> None:
    pts = []
    for i in range(10):
        a = math.pi / 5 * i - math.pi / 2
        rr = r if i % 2 == 0 else r * 0.45
        pts.append((c[0] + rr * math.cos(a), c[1] + rr * math.sin(a)))
    draw.polygon(surface, col, pts)


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
    ultimate: bool = False,
    own: bool = False,
) -> None:
    """One hero figure centred on ``c`` for hexes of ``size``: a thick ring in its team's
    colour (ten heroes still read as two teams), its seat's colour as a thin ring inside.
    ``own``: in the hero's own colour with no badges (a hero no team has taken yet)."""
    r = size * 0.72
    if active:
        draw.circle(surface, look.SELECT, c, r + 5, 3)
    draw.circle(surface, (10, 10, 14), (c[0] + 2, c[1] + 3), r)
    bright = HERO_RGB.get(hero_id, look.TEAM_RGB[team]) if own else look.TEAM_RGB[team]
    draw.circle(surface, tuple(v * 3 // 5 for v in bright) if own else look.TEAM_DARK[team], c, r)
    rim = max(3, int(size / 5))
    draw.circle(surface, bright, c, r, rim)
    draw.circle(surface, (16, 14, 18), c, r, 1)
    draw.circle(surface, seat_rgb, c, r - rim, max(1, int(size / 10)))
    _emblem(surface, EMBLEM.get(hero_id, "star"), (c[0], c[1] - r * 0.15), r * 0.8, (250, 244, 230))
    # a figure is as large at every text size: so are its words, and the initials
    # (the emblem and the tooltip also name the hero) give way when they would cover the badges
    small, tiny = capped(11, PIECE_GROWTH, "bold"), capped(10, PIECE_GROWTH, "bold")
    if size >= 11 and scaled(small) <= 11 * PIECE_GROWTH + 0.5:
        draw_text(surface, name[:2], (c[0], c[1] + r * 0.42), size=small, kind="bold",
                  colour=(255, 255, 255), anchor="center")  # fmt: skip
    if own:
        return
    badge_r = max(6, size * 0.32)

    def at(what: str) -> Point:
        fx, fy = BADGE_AT[what]
        return (c[0] + r * fx, c[1] + r * fy)

    draw.circle(surface, (30, 24, 20), at("level"), badge_r)
    draw_text(surface, str(level), at("level"), size=small, kind="bold", colour=look.SELECT,
              anchor="center")  # fmt: skip
    if coins:
        draw.circle(surface, (214, 176, 60), at("coins"), max(6, size * 0.3))
        draw_text(surface, str(coins), at("coins"), size=tiny, kind="bold", colour=(40, 30, 10),
                  anchor="center")  # fmt: skip
    if ultimate:
        ultimate_badge(surface, at("ultimate"), badge_r)


def ultimate_badge(surface: pygame.Surface, c: Point, r: float) -> None:
    """A taken Ultimate: a gold star on the Ultimate's purple (figure, heroes list, key)."""
    draw.circle(surface, look.SLOT_RGB["ultimate"], c, r)
    _star(surface, c, r * 0.8, (250, 226, 120))


def _minion_points(kind: str, c: Point, size: float) -> list[Point]:
    x, y = c
    if kind == "heavy":
        r = size * 0.62
        return [(x, y - r), (x + r, y), (x, y + r), (x - r, y)]
    if kind == "ranged":
        r = size * 0.5
        return [(x, y - r), (x + r * 0.9, y + r * 0.7), (x - r * 0.9, y + r * 0.7)]
    r = size * 0.4
    return [(x - r, y - r), (x + r, y - r), (x + r, y + r), (x - r, y + r)]


def minion(surface: pygame.Surface, c: Point, size: float, *, kind: str, team: int) -> None:
    pts = _minion_points(kind, c, size)
    draw.polygon(surface, look.TEAM_RGB[team], pts)
    draw.polygon(surface, look.TEAM_DARK[team], pts, 2)


def draw_key(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """The key beside the event strip: the three minion shapes by name, and what a hero's
    ring and star mean (hover: :data:`FIGURE_KEY` in full)."""
    draw.rect(surface, look.PANEL, rect, border_radius=6)
    draw.rect(surface, look.PANEL_EDGE, rect, 1, border_radius=6)
    # a key as large at every text size, as the figures it explains (hover: all of it in words)
    size = capped(13, 1.0)
    if size < look.SMALLEST_PRINT:  # larger text: its words do not fit; the shapes, and "Key"
        _compact_key(surface, rect)
        return
    x, y = rect.x + 14, rect.y + rect.h // 4 + 1
    for kind in ("melee", "ranged", "heavy"):
        pts = _minion_points(kind, (x, y), 14)
        draw.polygon(surface, look.TEXT, pts)
        x = draw_text(surface, kind, (x + 11, y), size=size, colour=look.TEXT,
                      anchor="midleft").right  # fmt: skip
        x += 17
    y = rect.y + rect.h * 3 // 4 - 1
    draw.circle(surface, look.TEAM_RGB[0], (rect.x + 10, y), 6, 3)
    draw.circle(surface, look.TEAM_RGB[1], (rect.x + 24, y), 6, 3)
    x = draw_text(surface, "team ring", (rect.x + 34, y), size=size, colour=look.DIM,
                  anchor="midleft").right  # fmt: skip
    ultimate_badge(surface, (x + 14, y), 7)
    draw_text(surface, "Ultimate", (x + 24, y), size=size, colour=look.DIM, anchor="midleft")


def _compact_key(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """The key at a larger text size: the shapes and rings in a row, and the word "Key" at
    the chosen size; its hover names each of them (:data:`FIGURE_KEY`)."""
    y = rect.centery
    x = rect.x + 14
    for kind in ("melee", "ranged", "heavy"):
        draw.polygon(surface, look.TEXT, _minion_points(kind, (x, y), 14))
        x += 22
    draw.circle(surface, look.TEAM_RGB[0], (x, y), 6, 3)
    draw.circle(surface, look.TEAM_RGB[1], (x + 14, y), 6, 3)
    ultimate_badge(surface, (x + 34, y), 7)
    draw_text(surface, "Key", (rect.right - 10, y), size=look.SMALLEST_PRINT, colour=look.DIM,
              anchor="midright")  # fmt: skip


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


#: what each minion kind does to heroes' defence (rulebook), for its tooltip
MINION_WORDS = {
    "melee": "+1 defence to {team} heroes next to it, -1 to enemy heroes next to it.",
    "ranged": "-1 defence to enemy heroes within 2 spaces.",
    "heavy": "+1 defence to {team} heroes next to it, -1 to enemy heroes next to it; shielded "
    "while another {team} minion stands in its lane.",
}
#: each kind's shape on the arena
SHAPE_WORDS = {"melee": "square", "ranged": "triangle", "heavy": "diamond"}


def unit_tip(view: GuardsState, code: int, seat_name: str = "") -> str:
    """A unit's tooltip on the arena: a hero's name, seat, team, level, coins and Ultimate; a
    minion's team, kind, what it does to defence and what it is worth."""
    from game.guards.combat import MINION_COINS
    from game.guards.units import heavy_shielded
    from game.guards.words import TEAM_ADJECTIVE

    if code >= 0:
        team = view.team_name(view.team_of[code])
        who = f"{seat_name}'s hero" if seat_name else "a hero"
        coins = view.coins[code]
        text = (f"{view.hero_name(code)}: {who}, {team}. Level {view.level[code]}, "
                f"{coins} coin{'' if coins == 1 else 's'}.")  # fmt: skip
        if view.ult[code]:
            text += f" Ultimate taken: {view.hero_def(code).ultimate.name}."
        return text
    _, team, kind, _ = view.minions[-code - 1]
    adj = TEAM_ADJECTIVE[team]
    text = (f"{adj} {kind} minion ({SHAPE_WORDS[kind]}). "
            + MINION_WORDS[kind].format(team=adj)
            + f" Falls to any attack: {MINION_COINS[kind]} coins to an enemy hero.")  # fmt: skip
    if heavy_shielded(view, -code - 1):
        text += " Shielded now: it cannot be attacked."
    return text
