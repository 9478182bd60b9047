"""The hex arena drawn by our own code: zones by colour and texture, thrones, lanes, mountains,
water, spawn points and minion icons, the battle zone, and the glow on the hexes a person may
click. The ground is painted once per camera position into a cached surface (frame time).
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable

import pygame

from game.guards import board as gboard
from scenes import canvas, draw
from scenes.assets import font
from scenes.guards import look
from scenes.guards.hexes import Camera, corners
from scenes.guards.look import draw_text
from scenes.text import capped

Hex = tuple[int, int]
#: the corner pair of the edge facing each direction (E, NE, NW, W, SW, SE)
EDGE_CORNERS = ((0, 1), (5, 0), (4, 5), (3, 4), (2, 3), (1, 2))
#: lane zones along a lane alternate between these two shades so neighbouring zones differ
LANE_SHADES = ((164, 148, 106), (136, 124, 92))


def zone_colour(b: gboard.Board, key: str, index: int) -> tuple[int, int, int]:
    z = b.zone(key)
    if z.kind == "throne":
        return look.TEAM_DARK[z.owner or 0]
    if z.kind == "lane":
        return LANE_SHADES[index % 2]
    return look.ZONE_RGB.get(z.kind, (90, 90, 90))


class ArenaView:
    """Draws one board through a :class:`Camera`."""

    def __init__(self, board_name: str) -> None:
        self.board = gboard.load(board_name)
        self.camera = Camera(tuple(look.ARENA), self.board.hexes)
        self._cache: tuple[object, canvas.Canvas] | None = None
        #: the zones whose names the ground has no room for (their hexes' hover names them)
        self.unnamed: set[str] = set()
        order: dict[str, int] = {}
        for lane in self.board.lanes:
            for i, z in enumerate(lane):
                order.setdefault(z, i)
        self._order = order

    # --- the ground (cached) -----------------------------------------------------------------
    def ground(self, battle: tuple[str, ...] = ()) -> canvas.Canvas:
        key = (self.camera.key(), canvas.density(), battle)
        if self._cache is not None and self._cache[0] == key:
            return self._cache[1]
        surf = canvas.surface(look.ARENA.size)
        surf.fill((12, 38, 58))
        ox, oy = look.ARENA.topleft
        s = self.camera.size
        b = self.board
        rnd = random.Random(7)
        for h in b.hexes:
            cx, cy = self.camera.centre(h)
            cx, cy = cx - ox, cy - oy
            if cx < -s * 2 or cy < -s * 2 or cx > look.ARENA.w + s * 2 or cy > look.ARENA.h + s * 2:
                continue
            zkey = b.zone_of(h)
            base = zone_colour(b, zkey, self._order.get(zkey, 0))
            pts = corners(cx, cy, s * 0.97)
            terrain = b.terrain(h)
            fill = look.MOUNTAIN if terrain == "mountain" else base
            if terrain == "water":
                fill = tuple((a + w) // 2 for a, w in zip(base, look.WATER, strict=True))
            draw.polygon(surf, fill, pts)
            kind = b.zone(zkey).kind
            if kind == "jungle" and terrain != "mountain":  # texture: leaves
                for _ in range(3):
                    dx, dy = rnd.uniform(-s / 2, s / 2), rnd.uniform(-s / 2, s / 2)
                    draw.circle(surf, (40, 84, 48), (cx + dx, cy + dy), max(1, s / 7))
            if kind == "river" or terrain == "water":  # texture: waves
                for k in (-1, 1):
                    y = cy + k * s * 0.25
                    draw.line(surf, (150, 200, 220), (cx - s * 0.4, y), (cx + s * 0.4, y), 1)
            if terrain == "mountain":
                peak = [
                    (cx - s * 0.55, cy + s * 0.4),
                    (cx, cy - s * 0.55),
                    (cx + s * 0.55, cy + s * 0.4),
                ]
                draw.polygon(surf, (150, 140, 132), peak)
                draw.polygon(surf, (230, 230, 236), [peak[1], (cx - s * 0.18, cy - s * 0.1),
                                                     (cx + s * 0.18, cy - s * 0.1)])  # fmt: skip
            mark = b.mark(h)
            if mark is not None:
                what, team = mark
                col = look.TEAM_RGB[team]
                if what == "spawn":
                    draw.circle(surf, col, (cx, cy), s * 0.6, max(1, int(s / 8)))
                else:  # a minion icon: a faint letter of its kind
                    letter = {"melee": "m", "ranged": "r", "heavy": "h"}.get(what, "?")
                    draw.circle(surf, tuple(v // 2 + 40 for v in col), (cx, cy), s * 0.28, 1)
                    if s >= 12:
                        # in its small ring at every text size (the hex does not grow)
                        draw_text(surf, letter, (cx, cy), size=capped(11, 1.0), colour=col,
                                  anchor="center")  # fmt: skip
        # zone borders: a darker line wherever two zones meet
        for h in b.hexes:
            zk = b.zone_of(h)
            cx, cy = self.camera.centre(h)
            pts = corners(cx - ox, cy - oy, s)
            for d, (i, j) in enumerate(EDGE_CORNERS):
                n = gboard.step(h, d)
                if n in b and b.zone_of(n) == zk:
                    continue
                draw.line(surf, (20, 24, 30), pts[i], pts[j], max(2, int(s / 7)))
        # zone names at each zone's middle, clear of the minions' marks and of each other
        taken = self._mark_rects((ox, oy))
        self.unnamed = set()
        for zk, z in b.zones.items():
            where = self._zone_name(surf, zk, z.title, (ox, oy), taken)
            if where is not None:
                taken.append(where)
        self.battle_zones(surf, battle, (-ox, -oy))
        self._cache = (key, surf)
        return surf

    def _mark_rects(self, off: tuple[int, int]) -> list[pygame.Rect]:
        """Where the minions' marks are drawn (each a letter: text of its own)."""
        s, out = self.camera.size, []
        for hx in self.board.hexes:
            mark = self.board.mark(hx)
            if mark is not None and mark[0] != "spawn":
                cx, cy = self.camera.centre(hx)
                out.append(pygame.Rect(cx - off[0] - s * 0.35, cy - off[1] - s * 0.35,
                                       s * 0.7, s * 0.7))  # fmt: skip
        return out

    def _zone_name(
        self, surf: canvas.Canvas, zk: str, title: str, off: tuple[int, int],
        taken: list[pygame.Rect],
    ) -> pygame.Rect | None:  # fmt: skip
        """A zone's name near the top of its middle, grown a little with the text and never
        drawn below the smallest print: a name too wide for its zone takes two lines. It
        moves down the zone a quarter row at a time until nothing in ``taken`` (the marks'
        letters, the names drawn before) lies under it; a zone full of marks has it just
        above its top edge instead, as its title. A name with no such place (larger text on a
        crowded board) is left off the ground, and hovering the zone names it. Returns where
        it went (None: left off)."""
        s = self.camera.size
        xs = [self.camera.centre(h) for h in self.board.zone_hexes(zk)]
        mx = sum(p[0] for p in xs) / len(xs) - off[0]
        top = min(p[1] for p in xs) - off[1] - s * 0.5
        bottom = max(p[1] for p in xs) - off[1]
        wide = max(p[0] for p in xs) - min(p[0] for p in xs) + s
        size = max(capped(12, 1.2, "bold"), look.SMALLEST_PRINT)
        lines = look.wrap(title, int(min(wide, max(s * 7, wide * 0.6))), size, "bold", max_lines=0)
        if len(lines) > 2:  # no room for it whole: it shows on the zone's hover instead
            self.unnamed.add(zk)
            return None
        f = font(size, "bold")
        w, h = max(f.size(line)[0] for line in lines), f.get_linesize() * len(lines)
        inside = [top + s * 0.7 + k * s * 0.25 for k in range(int((bottom - top) / s * 4))]
        above = [top - k * s * 0.25 for k in range(1, 9)]
        arena = pygame.Rect((0, 0), look.ARENA.size).inflate(-4, -4)  # never off the ground
        y = next(
            (y for y in [*inside, *above]
             if (y + h <= bottom or y < top) and arena.contains((mx - w / 2, y, w, h))
             and pygame.Rect(mx - w / 2, y, w, h).collidelist(taken) < 0),
            None,
        )  # fmt: skip
        if y is None:  # nowhere clear of the marks and the other names: on the hover
            self.unnamed.add(zk)
            return None
        where = pygame.Rect(mx - w / 2, y, w, h)
        for line in lines:
            draw_text(surf, line, (mx + 1, y + 2), size=size, kind="bold", colour=(16, 20, 26),
                      anchor="midtop")  # its shadow: legible on any ground  # fmt: skip
            y = draw_text(surf, line, (mx, y), size=size, kind="bold", colour=(236, 230, 210),
                          anchor="midtop").bottom  # fmt: skip
        return where

    def draw(self, surface: pygame.Surface, battle: tuple[str, ...] = ()) -> None:
        """The ground with each lane's battle zone marked (both cached together)."""
        surface.set_clip(look.ARENA)
        surface.blit(self.ground(tuple(battle)), look.ARENA.topleft)
        surface.set_clip(None)

    # --- on top of the ground ------------------------------------------------------------------
    def outline(
        self, surface: pygame.Surface, hexes: Iterable[Hex], colour, width: int = 3
    ) -> None:
        s = self.camera.size
        for h in hexes:
            if self.camera.visible(h):
                draw.polygon(surface, colour, corners(*self.camera.centre(h), s * 0.9), width)

    def glow(
        self, surface, hexes: Iterable[Hex], clock: float, busy: set[Hex] = frozenset()
    ) -> None:
        """The hexes a click may choose: a pulsing gold rim (and a dot on the empty ones)."""
        pulse = 0.5 + 0.5 * math.sin(clock * 5)
        col = (int(200 + 55 * pulse), int(180 + 46 * pulse), 90)
        self.outline(surface, hexes, col, 4)
        s = self.camera.size
        for h in hexes:
            if h not in busy and self.camera.visible(h):
                draw.circle(surface, col, self.camera.centre(h), max(2, s * 0.16))

    def battle_zones(self, surface, zones: Iterable[str], shift: tuple[int, int] = (0, 0)) -> None:
        """The zone where each lane's fight is: its border in bright gold."""
        b = self.board
        s = self.camera.size
        for zk in zones:
            for h in b.zone_hexes(zk):
                cx, cy = self.camera.centre(h)
                if not self.camera.visible(h):
                    continue
                pts = corners(cx + shift[0], cy + shift[1], s)
                for d, (i, j) in enumerate(EDGE_CORNERS):
                    n = gboard.step(h, d)
                    if n in b and b.zone_of(n) == zk:
                        continue
                    draw.line(surface, (246, 206, 90), pts[i], pts[j], 3)
