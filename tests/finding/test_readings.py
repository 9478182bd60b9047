"""What each reading answers, and that the facts it gives are true and placeable anywhere."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from itertools import product

import pytest

from game.finding.ocean import COMPASS, LINES, MOVES, Ocean, generate, orthogonal
from game.finding.readings import READINGS, Reading, answer, facts_of, possible_cells
from tests.finding.helpers import SIX, c


@dataclass
class World:
    """A seabed without a game around it: the map, recoveries, mines and monsters."""

    ocean: Ocean
    recovered: list[int] = field(default_factory=list)
    mines: frozenset[int] = frozenset()
    monsters: frozenset[int] = frozenset()

    def mine_cells(self) -> frozenset[int]:
        return self.mines

    def monster_cells(self) -> frozenset[int]:
        return self.monsters


def all_args(kind: str, size: int) -> list[tuple]:
    """Every argument tuple a reading of ``kind`` can be asked with."""
    if kind in ("jelly", "jelly_mines", "navy"):
        return [(("line", v),) for v in LINES]
    if kind in ("hydrographer", "diver"):
        return [(("direction", v),) for v in MOVES]
    if kind == "lantern":
        return [(("compass", d), ("distance", k)) for d, k in product(COMPASS, (1, 2))]
    if kind == "atlas":
        return [(("cell", v),) for v in range(0, size * size, 5)]
    return [()]


def test_every_reading_kind_has_arguments_here():
    for kind in READINGS:
        assert all_args(kind, 6)


@pytest.mark.parametrize("size", [6, 8])
def test_every_reading_from_every_cell_gives_true_facts_and_could_come_from_there(size):
    rng = random.Random(size)
    for _ in range(6):
        ocean = generate(size, rng)
        world = World(ocean, [next(iter(ocean.artifacts))], frozenset({rng.randrange(size * size)}))
        for kind in READINGS:
            for args in all_args(kind, size):
                for at in range(0, size * size, 3):
                    r = answer(kind, args, at, world)
                    got = facts_of(r, at, size)
                    assert got is not None, (kind, args, at, r.result)
                    assert all(f.holds(ocean) for f in got), (kind, args, at)
                    assert at in possible_cells(r, size)


def test_possible_cells_is_exactly_where_facts_of_accepts_the_result():
    rng = random.Random(3)
    ocean = generate(6, rng)
    world = World(ocean)
    for kind in ("sonar", "jelly", "hydrographer", "sounder", "archaeologist", "navy", "lantern"):
        for args in all_args(kind, 6):
            r = answer(kind, args, rng.randrange(36), world)
            cells = possible_cells(r, 6)
            for other in range(36):
                assert (facts_of(r, other, 6) is not None) == (other in cells)


def test_an_edge_away_from_the_edge_is_impossible():
    edge_north = Reading("sonar", (), ("edge",) + ("deep",) * 7)
    assert facts_of(edge_north, c(3, 3), 6) is None
    assert facts_of(edge_north, c(3, 0), 6) is None  # NE and NW must be edge too there
    top = Reading("sonar", (), ("edge", "edge", "deep", "deep", "deep", "deep", "deep", "edge"))
    assert facts_of(top, c(3, 0), 6) is not None
    assert possible_cells(top, 6) == frozenset(range(1, 5))
    assert facts_of(Reading("archaeologist", (), (7,)), c(0, 0), 6) is None  # only 4 spaces there
    assert facts_of(Reading("navy", (("line", "N-S"),), (3, 0)), c(0, 1), 6) is None


def test_sonar_matches_an_independent_reading_of_the_riddle():
    """Seamount: a trace, or orthogonally next to one (computed here without ocean.py)."""
    rng = random.Random(9)
    for _ in range(30):
        ocean = generate(8, rng)
        traces = ocean.atlantis | ocean.artifacts
        at = rng.randrange(64)
        r = answer("sonar", (), at, World(ocean))
        x, y = at % 8, at // 8
        for (dx, dy), v in zip(COMPASS.values(), r.result, strict=True):
            nx, ny = x + dx, y + dy
            if not (0 <= nx < 8 and 0 <= ny < 8):
                assert v == "edge"
                continue
            cell = ny * 8 + nx
            near = {cell} | {
                (ny + ey) * 8 + nx + ex
                for ex, ey in ((0, 1), (1, 0), (0, -1), (-1, 0))
                if 0 <= nx + ex < 8 and 0 <= ny + ey < 8
            }
            assert v == ("seamount" if near & traces else "deep")


def test_the_navy_captain_facts_describe_a_ray_exactly():
    r = answer("navy", (("line", "E-W"),), c(3, 3), World(SIX))
    assert r.result == (0, 3)
    facts = facts_of(r, c(3, 3), 6)
    cells = sorted(f.cell for f in facts)
    assert cells == [c(0, 3), c(1, 3), c(2, 3), c(4, 3), c(5, 3)]


def test_sunstone_and_archaeologist_give_counts():
    r = answer("sunstone", (), c(1, 1), World(SIX))
    (row, col) = facts_of(r, c(1, 1), 6)
    assert row.cells == frozenset(range(6, 12)) and row.allowed == frozenset({2})
    assert col.cells == frozenset({1, 7, 13, 19, 25, 31}) and row.what == "atlantis"


def test_a_recovered_artifact_reads_recovered_under_explore_and_still_a_trace_otherwise():
    world = World(SIX, recovered=[c(4, 2)])
    assert answer("explore", (), c(4, 2), world).result == ("recovered",)
    (f,) = facts_of(answer("explore", (), c(4, 2), world), c(4, 2), 6)
    assert f.terrains == frozenset({"artifact"})
    assert answer("jelly", (("line", "N-S"),), c(4, 3), world).result[0] == "trace"
    assert c(4, 2) in SIX.seamounts and set(orthogonal(6, c(4, 2))) <= SIX.seamounts
