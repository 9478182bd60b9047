"""What a seat's chart tells it: the answer to a person's "what does my chart tell me?".

The sonar chart scene calls :func:`chart_answer` with the seat's view and draws the result: for
every space the probability that it is Atlantis, an artifact, a plain seamount or deep ocean,
and the most likely city with its probability. By default it is the posterior over the map and
every submarine's route (:mod:`ai.finding.posterior`): every reading on the chart counts,
weighted by where its reader could have been, so a person sees everything the chart tells and
never more (it reads the view only). When that posterior had to leave readings out to stay
quick, ``exact`` is False and the screen must not call the answer exact.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ai.finding.mind import CHART, Mind
from ai.finding.posterior import Posterior
from game.finding.state import FindingState

#: a probability this close to 1 is certainty (sums of exact ratios in floating point)
SURE = 1.0 - 1e-9


@dataclass(frozen=True)
class ChartAnswer:
    """Per cell (``y * size + x``) the terrain probabilities; the best city and its chance."""

    size: int
    cells: tuple[dict[str, float], ...]
    best_city: frozenset[int]
    best_p: float
    #: how many located facts the answer rests on
    facts: int
    #: False when the chart contradicts itself (never from a real game's chart)
    consistent: bool = True
    #: False when some readings were left out (their places too uncertain to count them all)
    exact: bool = True
    #: how many readings were left out
    left_out: int = 0
    #: per submarine, where it is now (space -> probability); empty without routes
    where: tuple[dict[int, float], ...] = ()
    #: per reading whose reader's place the chart alone does not know (log index), where it
    #: was taken (space -> probability)
    readings: dict[int, dict[int, float]] = field(default_factory=dict)

    def p_atlantis(self, cell: int) -> float:
        return self.cells[cell]["atlantis"]

    def pinned(self) -> dict[int, int]:
        """Readings (log index) whose place is certain: their facts are the chart's to draw."""
        return {i: c for i, dist in self.readings.items() for c, p in dist.items() if p >= SURE}

    def places(self, sub: int) -> frozenset[int] | None:
        """Where submarine ``sub`` can be now (``None``: this answer does not say)."""
        if sub >= len(self.where):
            return None
        return frozenset(c for c, p in self.where[sub].items() if p > 0.0)


def chart_answer(
    view: FindingState,
    seat: int,
    *,
    routes: bool = True,
    keep: Posterior | None = None,
    mind: Mind | None = None,
) -> ChartAnswer:
    """The answer from ``seat``'s view; pass the same ``keep`` (a :class:`Posterior` of that
    seat) again to answer faster. ``routes=False`` answers from the chart's located facts
    alone (``mind``, kept the same way), leaving out every reading whose place is uncertain.
    """
    n = view.size * view.size
    empty = {"atlantis": 0.0, "artifact": 0.0, "seamount": 0.0, "deep": 0.0}
    if routes:
        post = (
            keep if keep is not None and keep.seat == seat else Posterior(seat, view.n, view.size)
        )
        got = post.update(view.log)
        if not got.consistent:
            return ChartAnswer(view.size, (empty,) * n, frozenset(), 0.0, len(got.facts), False)
        return ChartAnswer(
            view.size,
            got.cells,
            got.best_city,
            got.best_p,
            len(got.facts),
            exact=got.exact,
            left_out=len(got.ignored),
            where=tuple(dict(w) for w in got.where),
            readings={i: dict(d) for i, d in got.readings.items()},
        )
    if mind is None or mind.seat != seat:
        mind = Mind(seat, CHART)
    belief = mind.update(view)
    if not belief.consistent():
        return ChartAnswer(view.size, (empty,) * n, frozenset(), 0.0, len(mind.held), False)
    city, p = belief.best_city()
    cells = tuple(belief.cell_marginals())
    return ChartAnswer(view.size, cells, city, p, len(mind.held))
