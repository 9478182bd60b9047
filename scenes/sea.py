"""The animated sea behind every menu: dusk sky, moving waves, light rays, a sunken city.

Everything still (sky, water gradient, the city) is painted once into a background surface;
each frame only adds cheap moving things (wave lines, glints, rays, bubbles, fish, kelp,
flickering windows), so menus stay well under a millisecond or two per frame.
"""

from __future__ import annotations

import math
import random

import pygame

from scenes import canvas, draw
from scenes.palette import (
    ABYSS,
    FOAM,
    GOLD,
    SHALLOW,
    SKY_GLOW,
    SKY_TOP,
    Colour,
    lerp,
)

WIDTH, HEIGHT = 1280, 720
WATER = 212  # mean height of the waterline
BAND = 34  # half-height of the band the waves move in

WATER_TOP: Colour = (26, 104, 128)
CITY_FAR: Colour = (18, 66, 88)
CITY_NEAR: Colour = (7, 32, 50)
SEABED: Colour = (5, 22, 36)


def _vertical_gradient(size: tuple[int, int], stops: list[tuple[float, Colour]]) -> pygame.Surface:
    """A surface filled top to bottom through colour stops given as (fraction, colour)."""
    w, h = size
    surf = canvas.surface(size)
    for y in range(h):
        f = y / max(1, h - 1)
        for (f0, c0), (f1, c1) in zip(stops, stops[1:], strict=False):
            if f0 <= f <= f1:
                surf.fill(lerp(c0, c1, (f - f0) / max(1e-6, f1 - f0)), (0, y, w, 1))
                break
    return surf


def _glow(radius: int, colour: Colour, strength: int) -> pygame.Surface:
    """A soft radial glow on a transparent surface."""
    surf = canvas.surface((radius * 2, radius * 2), pygame.SRCALPHA)
    for r in range(radius, 0, -2):
        a = int(strength * (1 - r / radius) ** 2)
        draw.circle(surf, (*colour, a), (radius, radius), r)
    return surf


class Sea:
    """An animated seascape; ``update(dt)`` then ``draw(surface)`` each frame."""

    def __init__(self, seed: int | None = 7) -> None:
        self.rng = random.Random(seed if seed is not None else 7)
        self.t = 0.0
        self._sky_band = canvas.surface((1, 1))
        #: the painting's random draws, to paint the same sea again at another density
        self._paint_state = self.rng.getstate()
        self._paint()
        self.windows = self._place_windows()
        self.bubbles = [self._new_bubble(initial=True) for _ in range(34)]
        self.fish = [self._new_fish(initial=True) for _ in range(7)]
        self.kelp = [
            (x, HEIGHT - self.rng.randint(0, 10), self.rng.randint(70, 150), self.rng.random() * 6)
            for x in (34, 70, 210, 470, 520, 1130, 1176, 1244)
        ]
        self.glints = [
            (self.rng.uniform(0, WIDTH), self.rng.random() * math.tau, self.rng.uniform(0.6, 1.6))
            for _ in range(46)
        ]
        self.stars = [
            (self.rng.randrange(WIDTH), self.rng.randrange(8, 120), self.rng.random() * math.tau)
            for _ in range(60)
        ]

    # --- painting once (per density) ----------------------------------------------------------
    def _paint(self) -> None:
        self.density = canvas.density()
        self.background = self._paint_background()
        self.rays = self._paint_rays()

    def _repaint(self) -> None:
        """The still layers again at the density in force (the window grew or shrank), from
        the same random draws, so the city stays the one the player saw."""
        rng = self.rng
        self.rng = random.Random()
        self.rng.setstate(self._paint_state)
        try:
            self._paint()
        finally:
            self.rng = rng

    def _paint_background(self) -> pygame.Surface:
        bg = canvas.surface((WIDTH, HEIGHT))
        sky = _vertical_gradient(
            (WIDTH, WATER + BAND + 8),
            [(0.0, SKY_TOP), (0.45, (58, 46, 96)), (0.8, (176, 98, 92)), (1.0, SKY_GLOW)],
        )
        bg.blit(sky, (0, 0))
        sun = _glow(260, (255, 196, 120), 150)
        bg.blit(sun, (1010 - 260, WATER - 30 - 260))
        draw.circle(bg, (255, 226, 170), (1010, WATER - 26), 34)
        self._paint_clouds(bg)
        self._sky_band = bg.subsurface((0, WATER - BAND - 8, WIDTH, BAND * 2 + 16)).copy()
        water = _vertical_gradient(
            (WIDTH, HEIGHT - WATER + BAND),
            [(0.0, WATER_TOP), (0.08, WATER_TOP), (0.45, (12, 64, 92)), (1.0, ABYSS)],
        )
        bg.blit(water, (0, WATER - BAND))
        self._paint_city(bg)
        return bg

    def _paint_clouds(self, bg: pygame.Surface) -> None:
        layer = canvas.surface((WIDTH, WATER), pygame.SRCALPHA)
        for _ in range(9):
            cx, cy = self.rng.randrange(-100, WIDTH + 100), self.rng.randrange(60, WATER - 60)
            w = self.rng.randrange(180, 420)
            tint = lerp((120, 80, 110), (250, 170, 130), cy / WATER)
            for i in range(4):
                rect = pygame.Rect(0, 0, w - i * 30, 14 - i * 2)
                rect.center = (cx + self.rng.randrange(-40, 40), cy + i * 4)
                draw.ellipse(layer, (*tint, 46), rect)
        bg.blit(layer, (0, 0))

    def _paint_city(self, bg: pygame.Surface) -> None:
        far = canvas.surface((WIDTH, HEIGHT), pygame.SRCALPHA)
        rng = self.rng
        x = -20
        while x < WIDTH:
            w = rng.randrange(40, 90)
            h = rng.randrange(110, 250)
            top = HEIGHT - h
            draw.rect(far, CITY_FAR, (x, top, w, h))
            kind = rng.random()
            if kind < 0.35:
                draw.circle(far, CITY_FAR, (x + w // 2, top), w // 2)
            elif kind < 0.6:
                draw.polygon(far, CITY_FAR, [(x, top), (x + w // 2, top - w), (x + w, top)])
            x += w + rng.randrange(6, 40)
        bg.blit(far, (0, 0))
        haze = canvas.surface((WIDTH, HEIGHT - WATER), pygame.SRCALPHA)
        for y in range(0, HEIGHT - WATER, 4):
            a = int(90 * (1 - y / (HEIGHT - WATER)))
            haze.fill((20, 80, 104, a), (0, y, WIDTH, 4))
        bg.blit(haze, (0, WATER))

        near = canvas.surface((WIDTH, HEIGHT), pygame.SRCALPHA)
        c = CITY_NEAR
        # seabed: a gentle dune line
        bed = [(0, HEIGHT)]
        for i in range(0, WIDTH + 40, 40):
            bed.append((i, HEIGHT - 44 - 14 * math.sin(i / 170) - 8 * math.sin(i / 53)))
        bed.append((WIDTH, HEIGHT))
        draw.polygon(near, SEABED, bed)
        # the great temple, right of centre: stepped base, colonnade, dome, spire
        tx, base = 900, HEIGHT - 52
        for step in range(4):
            w = 420 - step * 44
            draw.rect(near, c, (tx - w // 2, base - (step + 1) * 18, w, 19))
        floor = base - 72
        draw.rect(near, c, (tx - 150, floor - 14, 300, 14))
        for i in range(9):
            cx = tx - 140 + i * 35
            broken = i in (1, 7)
            h = 84 + (i % 3) * 9 if broken else 130
            draw.rect(near, c, (cx - 7, floor - h, 14, h))
            if broken:
                draw.polygon(
                    near, c, [(cx - 7, floor - h), (cx + 7, floor - h - 9), (cx + 7, floor - h)]
                )
            else:
                draw.rect(near, c, (cx - 11, floor - h - 6, 22, 7))
        roof = floor - 136
        draw.polygon(near, c, [(tx - 160, roof), (tx, roof - 58), (tx + 160, roof)])
        draw.rect(near, c, (tx - 160, roof, 320, 10))
        draw.rect(near, c, (tx - 50, roof - 70, 100, 50))
        draw.circle(near, c, (tx, roof - 68), 56, draw_top_left=True, draw_top_right=True)
        draw.polygon(near, c, [(tx - 5, roof - 116), (tx, roof - 176), (tx + 5, roof - 116)])
        # broken columns and an arch on the left
        for cx, h, tilt in ((150, 150, 0), (196, 96, 8), (242, 170, 0), (330, 70, -10)):
            draw.polygon(
                near,
                c,
                [
                    (cx - 9, base + 4),
                    (cx + 9, base + 4),
                    (cx + 9 + tilt, base - h),
                    (cx - 9, base - h - tilt),
                ],
            )
            if h > 120:
                draw.rect(near, c, (cx - 14, base - h - 8, 28, 9))
        arch = pygame.Rect(400, base - 150, 150, 160)
        draw.rect(near, c, arch)
        draw.circle(
            near,
            c,
            (arch.centerx, arch.top),
            arch.width // 2,
            draw_top_left=True,
            draw_top_right=True,
        )
        draw.rect(near, (0, 0, 0, 0), (arch.x + 30, arch.top + 20, arch.width - 60, arch.height))
        draw.circle(near, (0, 0, 0, 0), (arch.centerx, arch.top + 20), arch.width // 2 - 30)
        # a small dome far right
        draw.rect(near, c, (1150, base - 70, 110, 74))
        draw.circle(near, c, (1205, base - 70), 55, draw_top_left=True, draw_top_right=True)
        # a statue's fallen head near the arch (a quiet detail)
        draw.ellipse(near, c, (580, base - 34, 60, 44))
        bg.blit(near, (0, 0))
        self._temple = (tx, roof, floor)

    def _paint_rays(self) -> pygame.Surface:
        layer = canvas.surface((WIDTH + 200, HEIGHT - WATER), pygame.SRCALPHA)
        h = layer.get_height()
        for i in range(7):
            x = 80 + i * 190 + self.rng.randrange(-40, 40)
            w = self.rng.randrange(30, 90)
            slant = 140
            for k in range(6):
                a = 13 - 2 * k
                if a <= 0:
                    break
                poly = [
                    (x - k * 6, 0),
                    (x + w + k * 6, 0),
                    (x + w + slant + k * 14, h),
                    (x + slant - k * 14, h),
                ]
                draw.polygon(layer, (190, 240, 230, a), poly)
        return layer

    def _place_windows(self) -> list[tuple[pygame.Rect, float]]:
        tx, roof, floor = self._temple
        spots = []
        for i in range(8):
            cx = tx - 122 + i * 35
            spots.append((pygame.Rect(cx, floor - 60, 6, 16), self.rng.random() * math.tau))
        for x, y in (
            (1190, HEIGHT - 100),
            (1220, HEIGHT - 100),
            (462, HEIGHT - 175),
            (tx - 4, roof - 90),
        ):
            spots.append((pygame.Rect(x, y, 7, 12), self.rng.random() * math.tau))
        return spots

    # --- moving things ------------------------------------------------------------------------
    def _new_bubble(self, initial: bool = False) -> list[float]:
        y = self.rng.uniform(WATER + 40, HEIGHT) if initial else HEIGHT + 5
        return [self.rng.uniform(0, WIDTH), y, self.rng.uniform(1.5, 4.0), self.rng.uniform(18, 46)]

    def _new_fish(self, initial: bool = False) -> list[float]:
        direction = self.rng.choice((-1.0, 1.0))
        x = self.rng.uniform(0, WIDTH) if initial else (-40 if direction > 0 else WIDTH + 40)
        return [
            x,
            self.rng.uniform(WATER + 70, HEIGHT - 230),
            direction * self.rng.uniform(14, 34),
            self.rng.uniform(7, 13),
        ]

    def wave_y(self, x: float, layer: int = 0) -> float:
        t = self.t
        k = 1.0 + layer * 0.35
        return (
            WATER
            + layer * 7
            + 7 * math.sin(x / (95 * k) + t * 1.1 + layer)
            + 4 * math.sin(x / (37 * k) - t * 1.9 + layer * 2)
            + 2 * math.sin(x / 13 + t * 3.1)
        )

    def update(self, dt: float) -> None:
        dt = min(dt, 0.1)
        self.t += dt
        for b in self.bubbles:
            b[1] -= b[3] * dt
            b[0] += math.sin(self.t * 2 + b[1] / 30) * 8 * dt
            if b[1] < WATER + 12:
                b[:] = self._new_bubble()
        for f in self.fish:
            f[0] += f[2] * dt
            if f[0] < -60 or f[0] > WIDTH + 60:
                f[:] = self._new_fish()

    def draw(self, surface: pygame.Surface) -> None:
        if self.density != canvas.density():
            self._repaint()
        surface.blit(self.background, (0, 0))
        t = self.t
        # rays sway slowly and breathe
        self.rays.set_alpha(int(200 + 55 * math.sin(t * 0.5)))
        surface.blit(self.rays, (-100 + 30 * math.sin(t * 0.23), WATER))
        # the sky band, then the moving water surface over it
        surface.blit(self._sky_band, (0, WATER - BAND - 8))
        step = 16
        xs = range(0, WIDTH + step, step)
        back = [(x, self.wave_y(x, 1) - 6) for x in xs]
        front = [(x, self.wave_y(x, 0)) for x in xs]
        bottom = WATER + BAND + 8
        draw.polygon(surface, (58, 120, 140), [*back, (WIDTH, bottom), (0, bottom)])
        draw.polygon(surface, WATER_TOP, [*front, (WIDTH, bottom), (0, bottom)])
        draw.lines(surface, (132, 186, 196), False, back, 2)
        draw.lines(surface, FOAM, False, front, 2)
        # glints: short bright dashes riding the crests, brighter under the sun
        for gx, phase, speed in self.glints:
            x = (gx + t * 12 * speed) % WIDTH
            s = math.sin(t * 2.2 * speed + phase)
            if s > 0.35:
                near_sun = max(0.0, 1 - abs(x - 1010) / 420)
                colour = lerp(FOAM, (255, 236, 180), near_sun)
                y = self.wave_y(x, 0) + 3 + (phase % 1) * 22
                length = 4 + 10 * s + 14 * near_sun
                draw.line(surface, colour, (x - length / 2, y), (x + length / 2, y), 2)
        # caustic shimmer just below the surface
        for i in range(5):
            y = WATER + 48 + i * 16
            pts = [
                (x, y + 4 * math.sin(x / 40 + t * (1.3 + i * 0.2) + i))
                for x in range(0, WIDTH + 40, 40)
            ]
            draw.lines(surface, lerp(WATER_TOP, SHALLOW, 0.5 - i * 0.08), False, pts, 1)
        # warm windows in the sunken city
        for rect, phase in self.windows:
            glow = 0.55 + 0.45 * math.sin(t * 1.3 + phase)
            surface.fill(lerp((60, 70, 60), GOLD, glow), rect)
        # kelp
        for x, base, h, phase in self.kelp:
            pts = []
            for k in range(9):
                f = k / 8
                sway = math.sin(t * 1.2 + phase + f * 2.4) * 14 * f
                pts.append((x + sway, base - h * f))
            draw.lines(surface, (16, 70, 58), False, pts, 5)
        # fish
        for x, y, vx, size in self.fish:
            d = 1 if vx > 0 else -1
            wob = math.sin(t * 6 + x / 20) * 2
            body = pygame.Rect(0, 0, size * 2, size)
            body.center = (int(x), int(y + wob))
            draw.ellipse(surface, (12, 52, 72), body)
            tail = [
                (x - d * size, y + wob),
                (x - d * size * 1.7, y + wob - size * 0.55),
                (x - d * size * 1.7, y + wob + size * 0.55),
            ]
            draw.polygon(surface, (12, 52, 72), tail)
        # bubbles
        for bx, by, r, _ in self.bubbles:
            draw.circle(surface, (150, 214, 222), (int(bx), int(by)), int(r), 1)
        # a few stars in the dusk sky
        for sx, sy, phase in self.stars:
            v = 0.5 + 0.5 * math.sin(t * 1.7 + phase)
            if v > 0.6:
                surface.set_at((sx, sy), lerp((80, 80, 120), (255, 250, 230), v))
