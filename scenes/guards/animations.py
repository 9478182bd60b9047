"""What moves on the arena: glides of units, attack strikes, defeats, pushes, the reveal.

The board turns the events its viewer may see into animations here (never by comparing
states). ``speed`` follows the settings; "instant" plays nothing, and Tab or the Skip button
ends whatever is playing.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

import pygame

from scenes import draw
from scenes.guards import look
from scenes.guards.look import draw_text

DURATION = {"glide": 0.35, "strike": 0.4, "burst": 0.5, "banner": 1.1, "reveal": 0.6}
#: the pause between two minions of a push, each gliding to its new place in turn
PUSH_STEP_S = 0.14
FACTOR = {"1x": 1.0, "2x": 0.5, "4x": 0.25, "instant": 0.0}


@dataclass
class Anim:
    kind: str
    dur: float
    data: dict[str, Any] = field(default_factory=dict)
    t: float = 0.0

    @property
    def frac(self) -> float:
        return 1.0 if self.dur <= 0 else min(1.0, self.t / self.dur)


class Animator:
    """The animations playing now; ``busy`` holds back bots and the results screen."""

    def __init__(self, speed: str) -> None:
        self.speed = speed
        self.items: list[Anim] = []

    def add(self, kind: str, **data: Any) -> None:
        factor = FACTOR.get(self.speed, 1.0)
        dur = DURATION.get(kind, 0.4) * factor
        wait = float(data.pop("delay", 0.0)) * factor  # e.g. a push's minions one by one
        if dur <= 0:
            return
        # one at a time per kind and unit: a glide waits for the unit's last glide to end
        delay = wait
        if kind == "glide":
            for a in self.items:
                if a.kind == "glide" and a.data.get("unit") == data.get("unit"):
                    delay = max(delay, a.dur - a.t)
        self.items.append(Anim(kind, dur, data, -delay))

    @property
    def busy(self) -> bool:
        return bool(self.items)

    def update(self, dt: float) -> None:
        for a in self.items:
            a.t += dt
        self.items = [a for a in self.items if a.t < a.dur]

    def skip(self) -> None:
        self.items = []

    def clear(self) -> None:
        self.items = []

    def glide_point(self, unit: int) -> tuple[float, float] | None:
        """Where a gliding unit is drawn now (None: not gliding, draw it on its hex)."""
        for a in self.items:
            if a.kind == "glide" and a.data.get("unit") == unit:
                f = max(0.0, a.frac)
                f = f * f * (3 - 2 * f)
                (x0, y0), (x1, y1) = a.data["a"], a.data["b"]
                return x0 + (x1 - x0) * f, y0 + (y1 - y0) * f
        return None

    def draw(self, surface: pygame.Surface, size: float) -> None:
        for a in self.items:
            f = a.frac
            if f < 0:
                continue
            if a.kind == "strike":
                (x0, y0), (x1, y1) = a.data["a"], a.data["b"]
                x = x0 + (x1 - x0) * f
                y = y0 + (y1 - y0) * f
                draw.line(surface, (255, 230, 150), (x0, y0), (x, y), 4)
                draw.circle(surface, (255, 120, 60), (x, y), size * 0.3)
            elif a.kind == "burst":
                r = size * (0.5 + 1.4 * f)
                draw.circle(surface, a.data.get("colour", (240, 90, 70)), a.data["at"], r, 3)
            elif a.kind == "banner":
                alpha = 1.0 - max(0.0, f - 0.7) / 0.3
                rect = pygame.Rect(0, 0, 520, 48)
                rect.center = look.ARENA.center
                draw.rect(surface, (14, 30, 46), rect, border_radius=12)
                draw.rect(surface, look.SELECT, rect, 3, border_radius=12)
                text, s = look.fit_text(a.data.get("text", ""), rect.w - 24, 22, "bold")
                draw_text(surface, text, rect.center, size=s, kind="bold",
                          colour=tuple(int(v * alpha) for v in look.TEXT), anchor="center")  # fmt: skip
            elif a.kind == "reveal":
                pulse = math.sin(f * math.pi)
                draw.rect(surface, (255, 230, 150), look.QUEUE.inflate(int(6 * pulse), int(6 * pulse)), 3,
                          border_radius=10)  # fmt: skip
