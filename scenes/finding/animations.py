"""What the board animates: sonar rings, the jelly rod, a mine's blast, a sea monster.

An animation is drawn where the seat on screen can place it: at its own submarine for its
own readings, else on the device's lamp in the voice strip (another submarine's place is
never shown). Each kind is a small :class:`scenes.animation.Anim` played on the shared
animator: all at once, bots waiting while any plays; speed follows the settings, Tab skips.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import ClassVar

import pygame

from scenes import animation, canvas, draw


@dataclass
class Sign(animation.Together):
    """A sign at ``pos``: it plays alongside the others, and bots wait for it."""

    duration: float = 1.0
    pos: tuple[int, int] = (0, 0)
    colour: tuple[int, int, int] = (80, 230, 200)


@dataclass
class Ping(Sign):
    """Sonar rings spreading out (a reading)."""

    duration: float = 1.1
    kind: ClassVar[str] = "ping"

    def draw(self, surface: pygame.Surface, p: float) -> None:
        for k in range(3):
            t = p - 0.18 * k
            if t <= 0:
                continue
            r = int(10 + 70 * t)
            draw.circle(surface, self.colour, self.pos, r, max(1, int(4 * (1 - t))))


@dataclass
class Rod(Sign):
    """The jelly rod along its line, ``angle`` degrees from east."""

    duration: float = 0.8
    angle: float = 0.0
    kind: ClassVar[str] = "rod"

    def draw(self, surface: pygame.Surface, p: float) -> None:
        ang = math.radians(self.angle)
        length = 60 * min(1.0, p * 2)
        dx, dy = math.cos(ang) * length, -math.sin(ang) * length
        x, y = self.pos
        glow = int(180 + 60 * math.sin(self.elapsed * 30))
        draw.line(surface, (glow, 120, 230), (x - dx, y - dy), (x + dx, y + dy), 5)
        draw.circle(surface, (230, 200, 255), (int(x + dx), int(y + dy)), 5)
        draw.circle(surface, (230, 200, 255), (int(x - dx), int(y - dy)), 5)


@dataclass
class Boom(Sign):
    """A mine's blast."""

    kind: ClassVar[str] = "boom"

    def draw(self, surface: pygame.Surface, p: float) -> None:
        r = int(12 + 80 * p)
        layer = canvas.surface((2 * r + 4, 2 * r + 4), pygame.SRCALPHA)
        c = (r + 2, r + 2)
        draw.circle(layer, (255, 200, 80, int(220 * (1 - p))), c, r)
        draw.circle(layer, (255, 90, 40, int(255 * (1 - p))), c, int(r * 0.6))
        surface.blit(layer, (self.pos[0] - r - 2, self.pos[1] - r - 2))


@dataclass
class Monster(Sign):
    """A sea monster's tentacles."""

    duration: float = 1.2
    kind: ClassVar[str] = "monster"

    def draw(self, surface: pygame.Surface, p: float) -> None:
        x, y = self.pos
        for k in range(5):
            phase = self.elapsed * 6 + k
            ang = math.radians(200 + 35 * k)
            pts = []
            for s in range(8):
                d = 8 + 7 * s * min(1.0, p * 3)
                wob = 6 * math.sin(phase + s * 0.8)
                pts.append((x + math.cos(ang) * d + wob, y - math.sin(ang) * d * 0.6 - 10))
            draw.lines(surface, (90, 170, 110), False, pts, 4)
        draw.circle(surface, (60, 130, 90), (x, y), 12)


@dataclass
class Flash(Sign):
    """A ring over the chart (a claim found or wrong)."""

    duration: float = 0.9
    kind: ClassVar[str] = "flash"

    def draw(self, surface: pygame.Surface, p: float) -> None:
        layer = canvas.surface((160, 160), pygame.SRCALPHA)
        draw.circle(layer, (*self.colour, int(200 * (1 - p))), (80, 80), int(30 + 50 * p), 8)
        surface.blit(layer, (self.pos[0] - 80, self.pos[1] - 80))


#: which animation each event (or reading) plays
ANIM_FOR: dict[str, type[Sign]] = {
    "sonar": Ping,
    "hydrographer": Ping,
    "sounder": Ping,
    "trident": Ping,
    "periscope": Ping,
    "jelly": Rod,
    "jelly_mines": Rod,
    "navy": Rod,
    "mine_hit": Boom,
    "attack": Monster,
    "monster_woke": Monster,
    "hunt": Monster,
    "wrong_claim": Flash,
    "found": Flash,
}
LINE_ANGLE = {"N-S": 90.0, "E-W": 0.0, "NE-SW": 45.0, "NW-SE": 135.0}
