"""What moves on the arena: glides of units, attack strikes, defeats, pushes, the reveal.

The board turns the events its viewer may see into these pieces (never by comparing states)
and plays them on the shared :class:`scenes.animation.Animator`: all at once, the table
waiting for every one; a unit's glides follow each other. Strikes and bursts are drawn at the
arena's hex size of the frame (``draw(surface, p, size)``).
"""

from __future__ import annotations

import math
from collections.abc import Hashable
from dataclasses import dataclass
from typing import ClassVar

import pygame

from scenes import animation, draw
from scenes.guards import look
from scenes.guards.look import draw_text

#: the pause between two minions of a push, each gliding to its new place in turn
PUSH_STEP_S = 0.14
Point = tuple[float, float]


@dataclass
class ArenaAnim(animation.Together):
    """An arena animation: it plays alongside the others, and bots wait for it."""

    duration: float = 0.4

    def draw(self, surface: pygame.Surface, p: float, size: float = 20.0) -> None:
        """Paint one frame at progress ``p``; ``size`` is the hex size on screen."""


@dataclass
class Glide(ArenaAnim):
    """A unit moving from ``a`` to ``b`` (the board draws the unit at :meth:`point`)."""

    duration: float = 0.35
    unit: int = 0
    a: Point = (0.0, 0.0)
    b: Point = (0.0, 0.0)
    kind: ClassVar[str] = "glide"

    @property
    def track(self) -> Hashable:
        return ("glide", self.unit)  # a unit's glides one after another

    def point(self) -> Point:
        f = max(0.0, self.progress)
        f = f * f * (3 - 2 * f)
        (x0, y0), (x1, y1) = self.a, self.b
        return x0 + (x1 - x0) * f, y0 + (y1 - y0) * f


@dataclass
class Strike(ArenaAnim):
    """An attack flying from the attacker to its target."""

    a: Point = (0.0, 0.0)
    b: Point = (0.0, 0.0)
    kind: ClassVar[str] = "strike"

    def draw(self, surface: pygame.Surface, p: float, size: float = 20.0) -> None:
        (x0, y0), (x1, y1) = self.a, self.b
        x = x0 + (x1 - x0) * p
        y = y0 + (y1 - y0) * p
        draw.line(surface, (255, 230, 150), (x0, y0), (x, y), 4)
        draw.circle(surface, (255, 120, 60), (x, y), size * 0.3)


@dataclass
class Burst(ArenaAnim):
    """A ring spreading where a unit fell, entered or respawned."""

    duration: float = 0.5
    at: Point = (0.0, 0.0)
    colour: tuple[int, int, int] = (240, 90, 70)
    kind: ClassVar[str] = "burst"

    def draw(self, surface: pygame.Surface, p: float, size: float = 20.0) -> None:
        draw.circle(surface, self.colour, self.at, size * (0.5 + 1.4 * p), 3)


@dataclass
class Banner(ArenaAnim):
    """A line across the arena (a push, the end of the game)."""

    duration: float = 1.1
    text: str = ""
    kind: ClassVar[str] = "banner"

    def draw(self, surface: pygame.Surface, p: float, size: float = 20.0) -> None:
        alpha = 1.0 - max(0.0, p - 0.7) / 0.3
        rect = pygame.Rect(0, 0, 520, 48)
        rect.center = look.ARENA.center
        draw.rect(surface, (14, 30, 46), rect, border_radius=12)
        draw.rect(surface, look.SELECT, rect, 3, border_radius=12)
        text, s = look.fit_text(self.text, rect.w - 24, 22, "bold")
        draw_text(surface, text, rect.center, size=s, kind="bold",
                  colour=tuple(int(v * alpha) for v in look.TEXT), anchor="center")  # fmt: skip


@dataclass
class Reveal(ArenaAnim):
    """The initiative queue pulsing as the chosen cards are turned over."""

    duration: float = 0.6
    kind: ClassVar[str] = "reveal"

    def draw(self, surface: pygame.Surface, p: float, size: float = 20.0) -> None:
        pulse = math.sin(p * math.pi)
        draw.rect(surface, (255, 230, 150), look.QUEUE.inflate(int(6 * pulse), int(6 * pulse)), 3,
                  border_radius=10)  # fmt: skip


def gliding(anim: animation.Animator) -> frozenset[int]:
    """The units some glide draws now (or soon): the cached arena leaves them out."""
    return frozenset(a.unit for a in anim.side if isinstance(a, Glide))


def glide_point(anim: animation.Animator, unit: int) -> Point | None:
    """Where a gliding unit is drawn now (None: not gliding, draw it on its hex)."""
    for a in anim.side:
        if isinstance(a, Glide) and a.unit == unit:
            return a.point()
    return None


def draw_playing(anim: animation.Animator, surface: pygame.Surface, size: float) -> None:
    """Paint what plays now over the arena, at hex size ``size``."""
    for a in anim.playing():
        if isinstance(a, ArenaAnim):
            a.draw(surface, a.progress, size)
