"""The logical canvas at a density above 1: what scenes rely on when a frame is drawn at the
window's resolution (scenes.canvas, scenes.draw, scenes.assets.font)."""

from __future__ import annotations

import random
import statistics

import pygame
import pytest

from scenes import assets, canvas, draw
from scenes.canvas import Canvas
from scenes.rising import look

DENSITIES = (1.171875, 1.5, 2.0, 2.5)


@pytest.fixture(autouse=True)
def _reset_sizing():
    yield
    assets.set_text_sizing(assets.TextSizing())


def test_a_rect_goes_to_pixels_and_back_unchanged_and_neighbours_still_touch():
    rng = random.Random(4)
    for k in DENSITIES:
        for _ in range(300):
            r = pygame.Rect(
                rng.randrange(-50, 1300), rng.randrange(-50, 740), *rng.choices(range(0, 400), k=2)
            )
            assert canvas.logical_rect(canvas.phys_rect(r, k), k) == r, (r, k)
            right = pygame.Rect(r.right, r.y, 7, r.h)
            assert canvas.phys_rect(right, k).left == canvas.phys_rect(r, k).right


def test_lines_and_borders_are_drawn_at_the_density_not_thinner():
    surf = Canvas(pygame.Surface((150, 150)), 1.5, (100, 100))
    surf.fill((0, 0, 0))
    draw.rect(surf, (255, 255, 255), (10, 10, 40, 40), 2)
    row = [surf.surf.get_at((x, 45))[0] for x in range(0, 150)]
    lit = [x for x, v in enumerate(row) if v > 128]
    assert lit[:3] == [15, 16, 17]  # a 2-unit border at x=10: 3 pixels from 15
    assert surf.get_rect() == pygame.Rect(0, 0, 100, 100)  # sizes read back in canvas units


def test_at_density_1_every_call_is_pygame_s_own():
    a = pygame.Surface((200, 100))
    b = Canvas(pygame.Surface((200, 100)))
    for target in (a, b):
        draw.circle(target, (200, 10, 10), (50.5, 40.2), 17.3, 2)
        draw.polygon(target, (10, 200, 10), [(100, 10), (190, 40), (120, 90)])
        draw.rect(target, (10, 10, 200), (5, 60, 80, 30), 3, border_radius=7)
    assert pygame.image.tobytes(a, "RGB") == pygame.image.tobytes(b.surf, "RGB")


def test_text_measures_as_at_1280x720_and_never_leaves_its_box():
    from scenes.rising.help_text import page

    words = page().replace("<br>", " ").replace("<b>", "").replace("</b>", "").split()
    lines = [" ".join(words[i : i + n]) for i in range(0, len(words), 9) for n in (3, 9)]
    plain = {
        (size, kind): [assets.font(size, kind).size(s) for s in lines]
        for size in (11, 12, 13, 15, 16, 17)
        for kind in ("regular", "bold")
    }
    wrapped = [look.wrap(" ".join(words[:80]), 13, 300)]
    for k in DENSITIES:
        assets.set_text_sizing(assets.TextSizing(density=k))
        growth = []
        for (size, kind), sizes in plain.items():
            f = assets.font(size, kind)
            for s, logical in zip(lines, sizes, strict=True):
                assert f.size(s) == logical  # the same metrics, so the same line breaks
                img = f.render(s, True, (255, 255, 255))
                # 1 % of slack (or 2 px), and a last glyph may overhang its advance by a pixel
                room = canvas.px(logical[0], k) + max(2, round(0.01 * logical[0] * k)) + 1
                assert img.surf.get_width() <= room, (s, size, kind, k)
                growth.append(img.surf.get_height() / logical[1])
        # drawn k times larger; a line a hinted face widens a lot ("3 · 4 · 4") a little less
        assert statistics.median(growth) >= 0.95 * k and min(growth) >= 0.85 * k, k
        assert look.wrap(" ".join(words[:80]), 13, 300) == wrapped[0]
