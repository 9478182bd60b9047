"""What a clue says about the map, in the two forms every reading decomposes into.

The engine turns each reading (a Sonar sweep, a Jelly Rod line, an Explore, a captain's or an
artifact's answer) taken *at a known cell* into a tuple of facts; a seat's chart holds the
facts it can place, and the U-Bot's belief (``ai/finding/belief.py``) is exactly the
distribution of maps, under the generator's prior, that satisfy all of them. Keeping the
vocabulary this small is what lets that belief be exact.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.finding.ocean import SEAMOUNT_TERRAINS, TERRAINS, TRACE_TERRAINS, Cell, Ocean


@dataclass(frozen=True, slots=True)
class CellIs:
    """The terrain of ``cell`` is one of ``terrains`` (a subset of ``ocean.TERRAINS``)."""

    cell: Cell
    terrains: frozenset[str]

    def holds(self, ocean: Ocean) -> bool:
        return ocean.terrain(self.cell) in self.terrains


@dataclass(frozen=True, slots=True)
class Count:
    """How many of ``cells`` hold ``what`` (``"atlantis"`` or ``"trace"``) is one of ``allowed``."""

    cells: frozenset[Cell]
    what: str
    allowed: frozenset[int]

    def holds(self, ocean: Ocean) -> bool:
        pool = ocean.atlantis if self.what == "atlantis" else ocean.traces
        return len(pool & self.cells) in self.allowed


@dataclass(frozen=True, slots=True)
class NotCity:
    """The city is not exactly ``cells`` (what a wrong public claim teaches everyone)."""

    cells: frozenset[Cell]

    def holds(self, ocean: Ocean) -> bool:
        return ocean.atlantis != self.cells


Fact = CellIs | Count | NotCity


def seamount(cell: Cell) -> CellIs:
    return CellIs(cell, SEAMOUNT_TERRAINS)


def deep(cell: Cell) -> CellIs:
    return CellIs(cell, frozenset({"deep"}))


def trace(cell: Cell) -> CellIs:
    return CellIs(cell, TRACE_TERRAINS)


def no_trace(cell: Cell) -> CellIs:
    return CellIs(cell, frozenset(TERRAINS) - TRACE_TERRAINS)


def exactly(cell: Cell, terrain: str) -> CellIs:
    if terrain not in TERRAINS:
        raise ValueError(f"unknown terrain {terrain!r}")
    return CellIs(cell, frozenset({terrain}))


def all_hold(facts: tuple[Fact, ...] | list[Fact], ocean: Ocean) -> bool:
    return all(f.holds(ocean) for f in facts)
