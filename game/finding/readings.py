"""What every reading answers, and the facts its answer gives, from any cell.

A reading (a Sonar sweep, a Jelly Rod line, an Explore, a captain's or an artifact's question)
is declared once in :data:`READINGS` as a *geometry* (which spaces it looks at, from a cell) and
a *sense* (what it reports for each of them). From these two the engine answers it
(:func:`answer`) and anyone can turn its public result into facts about the map
(:func:`facts_of`) for any hypothesised cell, which is how a chart places another submarine's
readings and how a bot weighs where an opponent might have been. ``facts_of`` returns ``None``
when the result cannot have come from that cell at all (an "edge" away from the edge, a count
larger than the spaces counted), whatever the map.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Protocol

from game.finding.facts import CellIs, Count, Fact, deep, exactly, no_trace, seamount, trace
from game.finding.ocean import (
    COMPASS,
    LINES,
    MOVES,
    TERRAINS,
    Cell,
    Ocean,
    around,
    cell_at,
    ray,
    step,
    xy,
)

EDGE = "edge"


@dataclass(frozen=True, slots=True)
class Reading:
    """One reading as the table heard it: its kind, its public arguments and its result."""

    kind: str
    args: tuple[tuple[str, Any], ...]
    result: tuple

    def arg(self, key: str, default: Any = None) -> Any:
        for k, v in self.args:
            if k == key:
                return v
        return default


class Seabed(Protocol):
    """What a reading may look at: the map and the pieces on it (the game state is one)."""

    ocean: Ocean | None
    recovered: list[int]

    def mine_cells(self) -> frozenset[int]: ...

    def monster_cells(self) -> frozenset[int]: ...


# --- geometries: from (size, cell, reading args) to the items the sense reports on ---------
def _around(size: int, c: Cell, a: Reading) -> tuple:
    return around(size, c)


def _line_ends(size: int, c: Cell, a: Reading) -> tuple:
    one, two = LINES[a.arg("line")]
    return (step(size, c, one), step(size, c, two))


def _here(size: int, c: Cell, a: Reading) -> tuple:
    return (c,)


def _next(size: int, c: Cell, a: Reading) -> tuple:
    return (step(size, c, a.arg("direction")),)


def _hydro(size: int, c: Cell, a: Reading) -> tuple:
    """The centre two spaces away (it may lie beyond the edge), then its eight around."""
    x, y = xy(size, c)
    dx, dy = COMPASS[a.arg("direction")]
    cx, cy = x + 2 * dx, y + 2 * dy
    return (
        cell_at(size, cx, cy),
        *(cell_at(size, cx + ex, cy + ey) for ex, ey in COMPASS.values()),
    )


def _block3(size: int, c: Cell, a: Reading) -> tuple:
    x, y = xy(size, c)
    group = [cell_at(size, x + dx, y + dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1)]
    return (tuple(g for g in group if g is not None),)


def _orth4(size: int, c: Cell, a: Reading) -> tuple:
    return tuple(step(size, c, d) for d in MOVES)


def _row_col(size: int, c: Cell, a: Reading) -> tuple:
    x, y = xy(size, c)
    return (tuple(y * size + i for i in range(size)), tuple(i * size + x for i in range(size)))


def _ring5(size: int, c: Cell, a: Reading) -> tuple:
    """The 24 spaces within two, row by row from the north-west (the centre left out)."""
    x, y = xy(size, c)
    return tuple(
        cell_at(size, x + dx, y + dy)
        for dy in range(-2, 3)
        for dx in range(-2, 3)
        if (dx, dy) != (0, 0)
    )


def _lantern(size: int, c: Cell, a: Reading) -> tuple:
    x, y = xy(size, c)
    dx, dy = COMPASS[a.arg("compass")]
    k = a.arg("distance")
    return (cell_at(size, x + k * dx, y + k * dy),)


def _atlas(size: int, c: Cell, a: Reading) -> tuple:
    return (a.arg("cell"),)


def _rays(size: int, c: Cell, a: Reading) -> tuple:
    one, two = LINES[a.arg("line")]
    return (tuple(ray(size, c, one)), tuple(ray(size, c, two)))


# --- senses: what is reported for one item, and the facts a report gives -------------------
def _relief(w: Seabed, c: Cell | None) -> str:
    if c is None:
        return EDGE
    assert w.ocean is not None
    return "seamount" if c in w.ocean.seamounts else "deep"


def _trace(w: Seabed, c: Cell | None) -> str:
    if c is None:
        return EDGE
    assert w.ocean is not None
    return "trace" if c in w.ocean.traces else "nothing"


def _trace_or_mine(w: Seabed, c: Cell | None) -> str:
    if c is None:
        return EDGE
    assert w.ocean is not None
    return "trace" if c in w.ocean.traces or c in w.mine_cells() else "nothing"


def _terrain(w: Seabed, c: Cell | None) -> str:
    if c is None:
        return EDGE
    if c in w.recovered:
        return "recovered"
    assert w.ocean is not None
    return w.ocean.terrain(c)


def _danger(w: Seabed, c: Cell | None) -> str:
    if c is None:
        return EDGE
    if c in w.monster_cells():
        return "monster"
    return "mine" if c in w.mine_cells() else "clear"


def _count_trace(w: Seabed, group: tuple) -> int:
    assert w.ocean is not None
    return len(w.ocean.traces.intersection(group))


def _count_atlantis(w: Seabed, group: tuple) -> int:
    assert w.ocean is not None
    return len(w.ocean.atlantis.intersection(group))


def _distance(w: Seabed, cells: tuple) -> int:
    """1-based distance to the first trace along the ray, 0 when there is none."""
    assert w.ocean is not None
    for i, c in enumerate(cells):
        if c in w.ocean.traces:
            return i + 1
    return 0


def _atlantis(w: Seabed, c: Cell) -> str:
    assert w.ocean is not None
    return "yes" if c in w.ocean.atlantis else "no"


NOT_ATLANTIS = frozenset(TERRAINS) - {"atlantis"}
_CELL_FACTS: dict[str, Callable[[Cell, str], Fact | None]] = {
    "relief": lambda c, v: seamount(c) if v == "seamount" else deep(c),
    "trace": lambda c, v: trace(c) if v == "trace" else no_trace(c),
    "trace_or_mine": lambda c, v: None if v == "trace" else no_trace(c),
    "terrain": lambda c, v: exactly(c, "artifact" if v == "recovered" else v),
    "danger": lambda c, v: None,
}
_VALUES: dict[str, frozenset[str]] = {
    "relief": frozenset({"seamount", "deep"}),
    "trace": frozenset({"trace", "nothing"}),
    "trace_or_mine": frozenset({"trace", "nothing"}),
    "terrain": frozenset({"atlantis", "artifact", "recovered", "seamount", "deep"}),
    "danger": frozenset({"monster", "mine", "clear"}),
}


@dataclass(frozen=True, slots=True)
class Spec:
    geometry: Callable[[int, Cell, Reading], tuple]
    sense: str
    #: False for readings whose spaces do not depend on where the reader is (Atlas Shard)
    placed: bool = True


_ANSWER: dict[str, Callable[[Seabed, Any], Any]] = {
    "relief": _relief,
    "trace": _trace,
    "trace_or_mine": _trace_or_mine,
    "terrain": _terrain,
    "danger": _danger,
    "count_trace": _count_trace,
    "count_atlantis": _count_atlantis,
    "distance": _distance,
    "atlantis": _atlantis,
}

#: every reading kind: the spaces it looks at and what it reports for each
READINGS: dict[str, Spec] = {
    "sonar": Spec(_around, "relief"),
    "jelly": Spec(_line_ends, "trace"),
    "jelly_mines": Spec(_line_ends, "trace_or_mine"),
    "explore": Spec(_here, "terrain"),
    "periscope": Spec(_around, "danger"),
    "navy": Spec(_rays, "distance"),
    "hydrographer": Spec(_hydro, "relief"),
    "diver": Spec(_next, "terrain"),
    "archaeologist": Spec(_block3, "count_trace"),
    "surveyor": Spec(_orth4, "trace"),
    "sunstone": Spec(_row_col, "count_atlantis"),
    "trident": Spec(_around, "trace"),
    "lantern": Spec(_lantern, "terrain"),
    "sounder": Spec(_ring5, "relief"),
    "atlas": Spec(_atlas, "atlantis", placed=False),
}


#: the action cards that are readings: card -> (its reading, its reading in pirate waters,
#: where a mine at the end of the Jelly Rod's line reads as a trace)
CARD_READINGS: dict[str, tuple[str, str]] = {
    "sonar": ("sonar", "sonar"),
    "jelly": ("jelly", "jelly_mines"),
}


def card_reading(card: str, pirate: bool) -> str:
    """The reading an action card takes, in classic or pirate waters."""
    return CARD_READINGS[card][pirate]


def answer(kind: str, args: tuple[tuple[str, Any], ...], at: Cell, world: Seabed) -> Reading:
    """Take reading ``kind`` with ``args`` from ``at`` in ``world``: the result the table hears."""
    spec = READINGS[kind]
    assert world.ocean is not None
    probe = Reading(kind, args, ())
    fn = _ANSWER[spec.sense]
    items = spec.geometry(world.ocean.size, at, probe)
    return Reading(kind, args, tuple(fn(world, it) for it in items))


def facts_of(reading: Reading, at_cell: Cell, size: int) -> tuple[Fact, ...] | None:
    """The facts ``reading`` gives if it was taken at ``at_cell``; ``None`` if it cannot have been.

    Pure: it needs no map, so it serves every hypothesised cell (a bot placing an opponent's
    reading, a chart placing its own, the engine narrowing a lost submarine's whereabouts).
    """
    spec = READINGS[reading.kind]
    items = spec.geometry(size, at_cell, reading)
    result = reading.result
    if len(items) != len(result):
        return None
    sense = spec.sense
    out: list[Fact] = []
    if sense in _CELL_FACTS:
        make = _CELL_FACTS[sense]
        values = _VALUES[sense]
        for c, v in zip(items, result, strict=True):
            if c is None:
                if v != EDGE:
                    return None
                continue
            if v not in values:
                return None
            f = make(c, v)
            if f is not None:
                out.append(f)
        return tuple(out)
    if sense in ("count_trace", "count_atlantis"):
        what = "trace" if sense == "count_trace" else "atlantis"
        for group, v in zip(items, result, strict=True):
            if not 0 <= v <= len(group):
                return None
            out.append(Count(frozenset(group), what, frozenset({v})))
        return tuple(out)
    if sense == "distance":
        for cells, v in zip(items, result, strict=True):
            if not 0 <= v <= len(cells):
                return None
            stop = len(cells) if v == 0 else v - 1
            out.extend(no_trace(c) for c in cells[:stop])
            if v:
                out.append(trace(cells[v - 1]))
        return tuple(out)
    if sense == "atlantis":
        (c,) = items
        v = result[0]
        if v not in ("yes", "no"):
            return None
        return (exactly(c, "atlantis") if v == "yes" else CellIs(c, NOT_ATLANTIS),)
    raise ValueError(f"unknown sense {sense!r}")


def _signature(reading: Reading) -> tuple:
    """What of a result decides the cells it can come from (the edges, or the numbers)."""
    sense = READINGS[reading.kind].sense
    if sense in _CELL_FACTS:
        return tuple(v == EDGE for v in reading.result)
    if sense == "atlantis":
        return ()
    return reading.result


#: a reading's possible spots by (kind, arguments, result shape, size): ~300 met in 400 games
@lru_cache(maxsize=1024)
def _cells_for(kind: str, args: tuple, signature: tuple, size: int) -> frozenset[Cell]:
    sense = READINGS[kind].sense
    if sense in _CELL_FACTS:
        sample = next(iter(_VALUES[sense]))
        result = tuple(EDGE if e else sample for e in signature)
    elif sense == "atlantis":
        result = ("no",)
    else:
        result = signature
    probe = Reading(kind, args, result)
    return frozenset(c for c in range(size * size) if facts_of(probe, c, size) is not None)


def possible_cells(reading: Reading, size: int) -> frozenset[Cell]:
    """Every cell ``reading`` could have been taken from, whatever the map (cached)."""
    return _cells_for(reading.kind, reading.args, _signature(reading), size)


def is_placed(kind: str) -> bool:
    """Does a reading of ``kind`` need its reader's cell to say anything (not the Atlas Shard)?"""
    return READINGS[kind].placed
