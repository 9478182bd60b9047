"""The ocean map of Finding Atlantis: where the city, the artifacts and the seamounts lie.

A map is fully determined by two disjoint sets of cells, the Atlantis spaces and the artifact
spaces (together: the *traces*). Every trace is a seamount and so are its orthogonal neighbours
on the map; every other space is deep ocean (the riddle card). Cells are ``int`` indices
``y * size + x``: ``x`` grows to the east, ``y`` to the south, and north is up on every chart.

The generator draws the Atlantis spaces uniformly among all 8-connected placements of the
right size, then the artifacts uniformly among the remaining cells, so the belief a bot keeps
(``ai/finding``) can weight maps by the same prior the generator samples from.
"""

from __future__ import annotations

import random
from array import array
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import overload

Cell = int

#: map side -> (Atlantis spaces, artifacts) (the rulebook's two sizes)
SIZES: dict[int, tuple[int, int]] = {6: (4, 4), 8: (6, 6)}

#: bound of the per-space caches below: every space of both map sizes (36 + 64) fits
SPACES = sum(s * s for s in SIZES)

#: the eight compass points as (dx, dy); north is y - 1
COMPASS: dict[str, tuple[int, int]] = {
    "N": (0, -1),
    "NE": (1, -1),
    "E": (1, 0),
    "SE": (1, 1),
    "S": (0, 1),
    "SW": (-1, 1),
    "W": (-1, 0),
    "NW": (-1, -1),
}
#: the directions a submarine moves in (orthogonal only; docs/rules-decisions.md)
MOVES: tuple[str, ...] = ("N", "E", "S", "W")
#: a compass line through the submarine: its two opposite ends (Jelly Rod, Navy Captain)
LINES: dict[str, tuple[str, str]] = {
    "N-S": ("N", "S"),
    "E-W": ("E", "W"),
    "NE-SW": ("NE", "SW"),
    "NW-SE": ("NW", "SE"),
}
#: the four terrains a space can hold; a trace is Atlantis or an artifact
TERRAINS: tuple[str, ...] = ("atlantis", "artifact", "seamount", "deep")
TRACE_TERRAINS = frozenset({"atlantis", "artifact"})
SEAMOUNT_TERRAINS = frozenset({"atlantis", "artifact", "seamount"})


def xy(size: int, cell: Cell) -> tuple[int, int]:
    return cell % size, cell // size


def cell_at(size: int, x: int, y: int) -> Cell | None:
    """The cell at ``(x, y)``, or ``None`` beyond the edge of the map."""
    if 0 <= x < size and 0 <= y < size:
        return y * size + x
    return None


def step(size: int, cell: Cell, direction: str) -> Cell | None:
    """The neighbour of ``cell`` towards ``direction`` (a compass point), ``None`` off the map."""
    dx, dy = COMPASS[direction]
    x, y = xy(size, cell)
    return cell_at(size, x + dx, y + dy)


def walk(size: int, cell: Cell, direction: str, k: int) -> tuple[Cell, ...]:
    """The cells stepped onto going ``k`` spaces from ``cell`` towards ``direction``, stopping
    at the edge (shorter then): every hidden move, burn and route is one of these."""
    out: list[Cell] = []
    here: Cell | None = cell
    for _ in range(k):
        here = step(size, here, direction)  # type: ignore[arg-type]
        if here is None:
            break
        out.append(here)
    return tuple(out)


def ray(size: int, cell: Cell, direction: str) -> list[Cell]:
    """The cells from ``cell`` (exclusive) towards ``direction`` up to the edge, nearest first."""
    out: list[Cell] = []
    here = step(size, cell, direction)
    while here is not None:
        out.append(here)
        here = step(size, here, direction)
    return out


@lru_cache(maxsize=SPACES)
def orthogonal(size: int, cell: Cell) -> tuple[Cell, ...]:
    return tuple(c for d in MOVES if (c := step(size, cell, d)) is not None)


@lru_cache(maxsize=SPACES)
def around(size: int, cell: Cell) -> tuple[Cell | None, ...]:
    """The eight spaces around ``cell`` in compass order (N, NE, ... NW); ``None`` off the map."""
    return tuple(step(size, cell, d) for d in COMPASS)


@lru_cache(maxsize=SPACES)
def neighbours8(size: int, cell: Cell) -> tuple[Cell, ...]:
    return tuple(c for c in around(size, cell) if c is not None)


def connected(size: int, cells: frozenset[Cell]) -> bool:
    """Are ``cells`` one group, stepping orthogonally or diagonally (the Atlantis rule)?"""
    if not cells:
        return True
    start = next(iter(cells))
    seen = {start}
    todo = [start]
    while todo:
        here = todo.pop()
        for n in neighbours8(size, here):
            if n in cells and n not in seen:
                seen.add(n)
                todo.append(n)
    return len(seen) == len(cells)


class Placements(Sequence[frozenset[Cell]]):
    """The cities of one map shape, in a fixed order, stored as one flat array of cells.

    8×8 has 92,912 cities: as frozensets (728 bytes each with six cells) they took 65 MB of
    every process a bot plays in; as cell numbers they take 1 MB. A city is made a frozenset
    when it is asked for, from its cells in the order they were found, so it is the same set,
    iterated in the same order, as the one the enumeration used to keep.
    """

    __slots__ = ("_cells", "_count", "_len")

    def __init__(self, cities: Sequence[Sequence[Cell]], count: int) -> None:
        self._count = count
        self._len = len(cities)
        self._cells = array("H", [c for city in cities for c in city])

    def __len__(self) -> int:
        return self._len

    @overload
    def __getitem__(self, i: int) -> frozenset[Cell]: ...
    @overload
    def __getitem__(self, i: slice) -> tuple[frozenset[Cell], ...]: ...
    def __getitem__(self, i: int | slice) -> frozenset[Cell] | tuple[frozenset[Cell], ...]:
        if isinstance(i, slice):
            return tuple(self[j] for j in range(*i.indices(self._len)))
        if i < 0:
            i += self._len
        if not 0 <= i < self._len:
            raise IndexError("placement index out of range")
        k = self._count
        return frozenset(self._cells[i * k : i * k + k])

    def __iter__(self) -> Iterator[frozenset[Cell]]:
        cells, k = self._cells, self._count
        for i in range(0, self._len * k, k):
            yield frozenset(cells[i : i + k])


#: both map shapes, and room for the small ones tests build (8×8's takes 1 MB)
@lru_cache(maxsize=4)
def atlantis_placements(size: int, count: int) -> Placements:
    """Every 8-connected set of ``count`` cells on a ``size``×``size`` map, in a fixed order.

    Enumerated by growing each set from its smallest cell (Redelmeier's method: each set is
    produced exactly once), so the generator's prior is uniform over this sequence.
    """
    out: list[tuple[Cell, ...]] = []

    def grow(chosen: list[Cell], frontier: list[Cell], barred: set[Cell]) -> None:
        if len(chosen) == count:
            out.append(tuple(chosen))
            return
        frontier = list(frontier)
        while frontier:
            nxt = frontier.pop()
            barred_here = set(barred)
            new = [
                n
                for n in neighbours8(size, nxt)
                if n > chosen[0] and n not in barred_here and n not in chosen
            ]
            for n in new:
                barred_here.add(n)
            grow([*chosen, nxt], frontier + new, barred_here)
            barred.add(nxt)

    for root in range(size * size):
        first = [n for n in neighbours8(size, root) if n > root]
        grow([root], first, {root, *first})
    # in the order of the sorted cell lists; as one int per city (the sorted cells as digits)
    # the keys take a third of the memory lists would (92,912 of them on 8×8)
    bits = (size * size).bit_length()
    out.sort(key=lambda s: sum(c << (bits * j) for j, c in enumerate(sorted(s, reverse=True))))
    return Placements(out, count)


@dataclass(frozen=True)
class Ocean:
    """One map: its side, its Atlantis spaces and its artifact spaces."""

    size: int
    atlantis: frozenset[Cell]
    artifacts: frozenset[Cell]
    seamounts: frozenset[Cell] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        traces = self.atlantis | self.artifacts
        mounts = set(traces)
        for t in traces:
            mounts.update(orthogonal(self.size, t))
        object.__setattr__(self, "seamounts", frozenset(mounts))

    @property
    def cells(self) -> range:
        return range(self.size * self.size)

    @property
    def traces(self) -> frozenset[Cell]:
        return self.atlantis | self.artifacts

    def terrain(self, cell: Cell) -> str:
        """``atlantis``, ``artifact``, ``seamount`` (a seamount without a trace) or ``deep``."""
        if cell in self.atlantis:
            return "atlantis"
        if cell in self.artifacts:
            return "artifact"
        return "seamount" if cell in self.seamounts else "deep"

    def to_json(self) -> dict[str, object]:
        return {
            "size": self.size,
            "atlantis": sorted(self.atlantis),
            "artifacts": sorted(self.artifacts),
        }

    @classmethod
    def from_json(cls, data: dict[str, object]) -> Ocean:
        size = data["size"]
        if size not in SIZES:
            raise ValueError(f"an ocean map is 6 or 8 spaces wide, not {size!r}")
        ocean = cls(size, frozenset(data["atlantis"]), frozenset(data["artifacts"]))  # type: ignore[arg-type]
        problem = riddle_problem(ocean, *SIZES[size])
        if problem:
            raise ValueError(f"the saved ocean map breaks the riddle: {problem}")
        return ocean


def riddle_problem(ocean: Ocean, atlantis: int, artifacts: int) -> str:
    """Why ``ocean`` breaks the riddle card's rules ('' when it keeps them all)."""
    n = ocean.size * ocean.size
    if any(not 0 <= c < n for c in ocean.traces):
        return "a trace lies off the map"
    if len(ocean.atlantis) != atlantis:
        return f"{len(ocean.atlantis)} Atlantis spaces instead of {atlantis}"
    if len(ocean.artifacts) != artifacts:
        return f"{len(ocean.artifacts)} artifacts instead of {artifacts}"
    if ocean.atlantis & ocean.artifacts:
        return "an artifact lies on an Atlantis space"
    if not connected(ocean.size, ocean.atlantis):
        return "the Atlantis spaces are not connected"
    return ""


def generate(size: int, rng: random.Random) -> Ocean:
    """A fresh map of side ``size`` (6 or 8) drawn from ``rng``."""
    if size not in SIZES:
        raise ValueError(f"an ocean map is 6 or 8 spaces wide, not {size}")
    n_atlantis, n_artifacts = SIZES[size]
    placements = atlantis_placements(size, n_atlantis)
    city = placements[rng.randrange(len(placements))]
    rest = [c for c in range(size * size) if c not in city]
    return Ocean(size, city, frozenset(rng.sample(rest, n_artifacts)))
