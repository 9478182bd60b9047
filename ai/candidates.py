"""Comparing a base policy's best few moves on shared sampled worlds (any game's bot may use it).

A heuristic's first choice is usually right; a search earns its time only where it can show,
with statistics, that another move is better. :func:`compare_on_worlds` plays every candidate on
the same sampled worlds (common random numbers, so the noise of the sample cancels in the
difference) and keeps the base move unless an alternative's mean paired gain is above
``confidence`` standard errors plus ``margin``, after at least ``min_worlds`` worlds.

Racing: at each checkpoint an alternative whose gain is below the bar even ``drop_sigma``
standard errors above its mean is dropped, and the comparison stops once none is left. On 80
mid-game Rising positions this kept the very decision of the full 64-world comparison in all 80
and cost 47 % of its playouts (tools/rising/search_speed.py measures it).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Generic, TypeVar

A = TypeVar("A")
W = TypeVar("W")

#: worlds after which hopeless alternatives are dropped
CHECKPOINTS = (8, 16, 24, 32, 48)


def _never() -> bool:
    return False


@dataclass
class Comparison(Generic[A]):
    """The chosen candidate, the worlds it took, and each alternative's mean paired gain."""

    best: A
    worlds: int = 0
    playouts: int = 0
    #: candidate index -> mean paired gain over the base, for those still in the race
    gains: dict[int, float] = field(default_factory=dict)


def _mean_se(d: list[float]) -> tuple[float, float]:
    n = len(d)
    mean = sum(d) / n
    if n < 2:
        return mean, math.inf
    var = sum((x - mean) ** 2 for x in d) / (n - 1)
    return mean, math.sqrt(var / n)


def compare_on_worlds(
    candidates: Sequence[A],
    sample: Callable[[], W],
    playout: Callable[[W, A], float | None],
    *,
    max_worlds: int = 64,
    min_worlds: int = 8,
    confidence: float = 2.0,
    margin: float = 0.05,
    drop_sigma: float = 1.5,
    checkpoints: Sequence[int] = CHECKPOINTS,
    deadline: float = math.inf,
    should_stop: Callable[[], bool] = _never,
) -> Comparison[A]:
    """Which of ``candidates`` (the first is the base move) to play.

    ``sample()`` draws one world; ``playout(world, candidate)`` scores the candidate on it (the
    same world for every candidate; the playout must not change it) or returns None when time
    ran out. With fewer than ``min_worlds`` complete worlds the base move is kept.
    """
    base = candidates[0]
    alive = list(range(1, len(candidates)))
    diffs: dict[int, list[float]] = {i: [] for i in alive}
    worlds = playouts = 0
    marks = sorted(c for c in checkpoints if min_worlds <= c < max_worlds)
    while worlds < max_worlds and alive:
        if time.monotonic() >= deadline or should_stop():
            break
        world = sample()
        first = playout(world, base)
        values: list[float] = []
        if first is not None:
            for i in alive:
                v = playout(world, candidates[i])
                if v is None:
                    break
                values.append(v)
        playouts += 1 + len(values)
        if first is None or len(values) < len(alive):
            break
        worlds += 1
        for i, v in zip(alive, values, strict=True):
            diffs[i].append(v - first)
        if marks and worlds == marks[0]:
            marks.pop(0)
            alive = [i for i in alive if _hopeful(diffs[i], margin, drop_sigma)]
    result = Comparison(base, worlds, playouts)
    if worlds < min_worlds:
        return result
    best_gain = 0.0
    for i in alive:
        mean, se = _mean_se(diffs[i])
        result.gains[i] = mean
        if mean > confidence * se + margin and mean > best_gain:
            result.best, best_gain = candidates[i], mean
    return result


def _hopeful(d: list[float], margin: float, drop_sigma: float) -> bool:
    mean, se = _mean_se(d)
    return mean + drop_sigma * se >= margin
