"""What the board animates: sonar rings, the jelly rod, a mine's blast, a sea monster.

An animation is drawn where the seat on screen can place it: at its own submarine for its
own readings, else on the device's lamp in the voice strip (another submarine's place is
never shown). Speed follows the settings; Tab skips them. While one plays, bots wait.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from scenes import canvas, draw

SCALE = {"1x": 1.0, "2x": 0.5, "4x": 0.25, "instant": 0.0}
LENGTH = {"ping": 1.1, "rod": 0.8, "boom": 1.0, "monster": 1.2, "flash": 0.9}


@dataclass
class Anim:
    kind: str
    pos: tuple[int, int]
    length: float
    age: float = 0.0
    colour: tuple[int, int, int] = (80, 230, 200)
    angle: float = 0.0  # the jelly rod's line, in degrees from east

    @property
    def t(self) -> float:
        return min(1.0, self.age / self.length) if self.length > 0 else 1.0


class Animator:
    def __init__(self, speed: str) -> None:
        self.speed = speed
        self.items: list[Anim] = []

    def add(self, kind: str, pos: tuple[int, int], **kw) -> None:
        length = LENGTH.get(kind, 1.0) * SCALE.get(self.speed, 1.0)
        if length <= 0:
            return
        self.items.append(Anim(kind, pos, length, **kw))

    @property
    def busy(self) -> bool:
        return bool(self.items)

    def skip(self) -> None:
        self.items.clear()

    def clear(self) -> None:
        self.items.clear()

    def update(self, dt: float) -> None:
        for a in self.items:
            a.age += dt
        self.items = [a for a in self.items if a.age < a.length]

    def draw(self, surface: pygame.Surface) -> None:
        for a in self.items:
            DRAW[a.kind](surface, a)


def _ping(surface: pygame.Surface, a: Anim) -> None:
    for k in range(3):
        t = a.t - 0.18 * k
        if t <= 0:
            continue
        r = int(10 + 70 * t)
        draw.circle(surface, a.colour, a.pos, r, max(1, int(4 * (1 - t))))


def _rod(surface: pygame.Surface, a: Anim) -> None:
    ang = math.radians(a.angle)
    length = 60 * min(1.0, a.t * 2)
    dx, dy = math.cos(ang) * length, -math.sin(ang) * length
    x, y = a.pos
    glow = int(180 + 60 * math.sin(a.age * 30))
    draw.line(surface, (glow, 120, 230), (x - dx, y - dy), (x + dx, y + dy), 5)
    draw.circle(surface, (230, 200, 255), (int(x + dx), int(y + dy)), 5)
    draw.circle(surface, (230, 200, 255), (int(x - dx), int(y - dy)), 5)


def _boom(surface: pygame.Surface, a: Anim) -> None:
    t = a.t
    r = int(12 + 80 * t)
    layer = canvas.surface((2 * r + 4, 2 * r + 4), pygame.SRCALPHA)
    c = (r + 2, r + 2)
    draw.circle(layer, (255, 200, 80, int(220 * (1 - t))), c, r)
    draw.circle(layer, (255, 90, 40, int(255 * (1 - t))), c, int(r * 0.6))
    surface.blit(layer, (a.pos[0] - r - 2, a.pos[1] - r - 2))


def _monster(surface: pygame.Surface, a: Anim) -> None:
    x, y = a.pos
    for k in range(5):
        phase = a.age * 6 + k
        ang = math.radians(200 + 35 * k)
        pts = []
        for s in range(8):
            d = 8 + 7 * s * min(1.0, a.t * 3)
            wob = 6 * math.sin(phase + s * 0.8)
            pts.append((x + math.cos(ang) * d + wob, y - math.sin(ang) * d * 0.6 - 10))
        draw.lines(surface, (90, 170, 110), False, pts, 4)
    draw.circle(surface, (60, 130, 90), (x, y), 12)


def _flash(surface: pygame.Surface, a: Anim) -> None:
    layer = canvas.surface((160, 160), pygame.SRCALPHA)
    draw.circle(layer, (*a.colour, int(200 * (1 - a.t))), (80, 80), int(30 + 50 * a.t), 8)
    surface.blit(layer, (a.pos[0] - 80, a.pos[1] - 80))


DRAW = {"ping": _ping, "rod": _rod, "boom": _boom, "monster": _monster, "flash": _flash}

#: which animation each event (or reading) plays
ANIM_FOR = {
    "sonar": "ping",
    "hydrographer": "ping",
    "sounder": "ping",
    "trident": "ping",
    "periscope": "ping",
    "jelly": "rod",
    "jelly_mines": "rod",
    "navy": "rod",
    "mine_hit": "boom",
    "attack": "monster",
    "monster_woke": "monster",
    "hunt": "monster",
    "wrong_claim": "flash",
    "found": "flash",
}
LINE_ANGLE = {"N-S": 90.0, "E-W": 0.0, "NE-SW": 45.0, "NW-SE": 135.0}
