"""What a reading would answer on each sampled map, as one small key per map (fast).

The U-Bot scores a reading by the entropy of its result over maps drawn from the exact
posterior. Calling the engine's :func:`game.finding.readings.answer` on every sample for every
candidate is too slow in pure Python, so each sampled map is kept as three bit masks (city,
traces, seamounts) and each reading, once its spaces are known (the engine's own geometry from
:data:`READINGS`), becomes a function from those masks to a key. Two maps get the same key
exactly when the engine would give the same result there (tested against ``answer``), so the
partition of the samples, which is all an entropy needs, is the engine's.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from game.finding.ocean import Cell, Ocean
from game.finding.readings import READINGS, Reading


@dataclass(frozen=True, slots=True)
class Sample:
    """One sampled map as masks: Atlantis cells, traces (city + artifacts), seamounts."""

    city: int
    traces: int
    mounts: int


def as_sample(ocean: Ocean) -> Sample:
    a = 0
    for c in ocean.atlantis:
        a |= 1 << c
    t = a
    for c in ocean.artifacts:
        t |= 1 << c
    s = 0
    for c in ocean.seamounts:
        s |= 1 << c
    return Sample(a, t, s)


Key = Callable[[Sample], Any]


def _mask(cells: Sequence[Cell | None]) -> int:
    m = 0
    for c in cells:
        if c is not None:
            m |= 1 << c
    return m


def _terrain_key(c: Cell | None, recovered: int) -> Key:
    if c is None:
        return lambda s: -1
    bit = 1 << c
    if bit & recovered:  # the engine says "recovered" there, whatever the map
        return lambda s: 2

    def key(s: Sample) -> int:
        if s.city & bit:
            return 0
        if s.traces & bit:
            return 1
        return 3 if s.mounts & bit else 4

    return key


def _distance_key(rays: tuple[tuple[Cell, ...], ...]) -> Key:
    """The first trace along each ray, found with one bit trick per ray.

    Along a ray the cell index changes by the same step every time, so the cells are in
    increasing or decreasing order: the nearest trace is the lowest or the highest set bit of
    the traces on the ray. Naming that cell is the same partition as naming its distance.
    """
    parts = []
    for r in rays:
        m = _mask(r)
        rising = len(r) < 2 or r[1] > r[0]
        parts.append((m, rising))
    (m1, up1), (m2, up2) = parts

    def first(v: int, up: bool) -> int:
        return v & -v if up else v.bit_length()

    def key(s: Sample) -> tuple[int, int]:
        t = s.traces
        return (first(t & m1, up1), first(t & m2, up2))

    return key


#: keyed by the game's recovered cells and mines too, so old games' keys never come back: the
#: recent 4096 (~2 MB) answer all but 1 % of the calls
@lru_cache(maxsize=1 << 12)
def reading_key(
    kind: str, args: tuple[tuple[str, Any], ...], cell: Cell, size: int, recovered: int, mines: int
) -> Key | None:
    """The key function of reading ``kind`` with ``args`` taken at ``cell``.

    ``recovered``: cells the bot knows were emptied (Explore says "recovered" there);
    ``mines``: mines the bot knows of (the pirate Jelly Rod reads them as traces). ``None``
    when the reading tells nothing about the map (the Periscope).
    """
    spec = READINGS[kind]
    items = spec.geometry(size, cell, Reading(kind, args, ()))
    sense = spec.sense
    if sense == "relief":
        m = _mask(items)
        return lambda s: s.mounts & m
    if sense == "trace":
        m = _mask(items)
        return lambda s: s.traces & m
    if sense == "trace_or_mine":
        m = _mask(items)
        known = mines & m
        return lambda s: (s.traces | known) & m
    if sense == "terrain":
        return _terrain_key(items[0], recovered)
    if sense == "count_trace":
        (group,) = items
        m = _mask(group)
        return lambda s: (s.traces & m).bit_count()
    if sense == "count_atlantis":
        row, col = (_mask(g) for g in items)
        return lambda s: ((s.city & row).bit_count(), (s.city & col).bit_count())
    if sense == "distance":
        return _distance_key(items)
    if sense == "atlantis":
        bit = 1 << items[0]
        return lambda s: s.city & bit
    return None
