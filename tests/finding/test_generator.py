"""The map generator keeps the riddle on every map: thousands of seeds, both sizes."""

from __future__ import annotations

import random

import pytest

from game.finding.ocean import SIZES, generate, riddle_problem


def independent_problem(ocean, size: int) -> str:
    """The riddle card checked from scratch (no helper of ocean.py): '' if it holds."""
    n_city, n_art = SIZES[size]
    city, arts = set(ocean.atlantis), set(ocean.artifacts)
    if len(city) != n_city or len(arts) != n_art or city & arts:
        return "wrong counts or overlap"
    if not all(0 <= c < size * size for c in city | arts):
        return "off the map"
    start = min(city)
    seen, todo = {start}, [start]
    while todo:
        x, y = todo[-1] % size, todo.pop() // size
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                nb = (y + dy) * size + x + dx
                if 0 <= x + dx < size and 0 <= y + dy < size and nb in city and nb not in seen:
                    seen.add(nb)
                    todo.append(nb)
    if seen != city:
        return "city not connected"
    traces = city | arts
    for cell in range(size * size):
        x, y = cell % size, cell // size
        next_to = any(
            (y + dy) * size + x + dx in traces
            for dx, dy in ((0, 1), (1, 0), (0, -1), (-1, 0))
            if 0 <= x + dx < size and 0 <= y + dy < size
        )
        want = (
            "atlantis"
            if cell in city
            else "artifact"
            if cell in arts
            else "seamount"
            if next_to
            else "deep"
        )
        if ocean.terrain(cell) != want:
            return f"cell {cell} is {ocean.terrain(cell)}, the riddle says {want}"
    return ""


@pytest.mark.parametrize("size", [6, 8])
def test_two_thousand_maps_keep_the_riddle(size):
    rng = random.Random(size * 1000)
    cities = set()
    for _ in range(2000):
        ocean = generate(size, rng)
        assert riddle_problem(ocean, *SIZES[size]) == ""
        assert independent_problem(ocean, size) == ""
        cities.add(ocean.atlantis)
    assert len(cities) > 1000  # the city is drawn from many placements, not a few


@pytest.mark.soak
@pytest.mark.parametrize("size", [6, 8])
def test_twenty_thousand_maps_keep_the_riddle_from_separate_seeds(size):
    for seed in range(20_000):
        ocean = generate(size, random.Random(seed))
        assert independent_problem(ocean, size) == "", seed


def test_the_same_seed_gives_the_same_map():
    for size in (6, 8):
        a, b = generate(size, random.Random(42)), generate(size, random.Random(42))
        assert a == b
