"""Draw the application icon (a gold temple over waves on a sea-blue disc) into icon.png.

Run ``python assets/make_icon.py``; the PNG is committed. 256×256 with transparency; the build
step converts it to .ico/.icns where a platform needs that.
"""

from __future__ import annotations

import math
import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402

SIZE = 256
OUT = Path(__file__).resolve().parent / "icon.png"


def draw_icon(size: int = SIZE) -> pygame.Surface:
    """The icon at ``size`` pixels (drawn at 4× and scaled down for smooth edges)."""
    k = 4
    big = size * k
    s = pygame.Surface((big, big), pygame.SRCALPHA)
    c = big // 2
    r = int(big * 0.47)
    for i in range(r, 0, -4):
        f = i / r
        colour = (int(12 + 20 * (1 - f)), int(50 + 70 * (1 - f)), int(84 + 70 * (1 - f)))
        pygame.draw.circle(s, colour, (c, c), i)
    pygame.draw.circle(s, (218, 176, 84), (c, c), r, 10 * k // 2)
    gold = (236, 196, 104)
    # temple: steps, columns, pediment, dome
    base = int(big * 0.64)
    for step in range(3):
        w = int(big * (0.56 - step * 0.06))
        pygame.draw.rect(s, gold, (c - w // 2, base - step * 14 * k // 2, w, 13 * k // 2))
    col_top = base - int(big * 0.25)
    for i in range(5):
        x = c - int(big * 0.2) + i * int(big * 0.1)
        pygame.draw.rect(
            s, gold, (x - 7 * k // 2, col_top, 14 * k // 2, base - col_top - 20 * k // 2)
        )
    ped = col_top - 4 * k
    pygame.draw.polygon(
        s,
        gold,
        [
            (c - int(big * 0.26), ped + 6 * k),
            (c, ped - int(big * 0.1)),
            (c + int(big * 0.26), ped + 6 * k),
        ],
    )
    # waves across the lower part
    for row, colour in ((0, (120, 200, 214)), (1, (60, 150, 176))):
        y0 = int(big * (0.72 + row * 0.08))
        pts = [(x, y0 + 10 * k * math.sin(x / (28 * k) + row * 1.7)) for x in range(0, big + 8, 8)]
        poly = [*pts, (big, big), (0, big)]
        layer = pygame.Surface((big, big), pygame.SRCALPHA)
        pygame.draw.polygon(layer, colour, poly)
        mask = pygame.Surface((big, big), pygame.SRCALPHA)
        pygame.draw.circle(mask, (255, 255, 255, 255), (c, c), r - 6 * k)
        layer.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        s.blit(layer, (0, 0))
    return pygame.transform.smoothscale(s, (size, size))


def main() -> None:
    pygame.init()
    pygame.image.save(draw_icon(), str(OUT))
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
