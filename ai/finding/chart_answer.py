"""What a seat's chart tells it: the answer to a person's "what does my chart tell me?".

The sonar chart scene (the next issue) calls :func:`chart_answer` with the seat's view and
draws the result: for every space the exact probability that it is Atlantis, an artifact, a
plain seamount or deep ocean, and the most likely city with its probability. It is the hard
U-Bot's own inference (every reading the chart can place, plus the opponent readings its
tracker places), so a person sees exactly what the best bot would conclude from the same chart,
never more: it reads the view only.
"""

from __future__ import annotations

from dataclasses import dataclass

from ai.finding.mind import CHART, TRACKED, Mind
from game.finding.state import FindingState


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

    def p_atlantis(self, cell: int) -> float:
        return self.cells[cell]["atlantis"]


def chart_answer(
    view: FindingState, seat: int, *, tracked: bool = True, mind: Mind | None = None
) -> ChartAnswer:
    """The exact answer from ``seat``'s view (pass the same ``mind`` again to answer faster).

    ``tracked=False`` leaves out what the tracker deduces from other submarines' readings
    (only what the chart itself places).
    """
    if mind is None or mind.seat != seat:
        mind = Mind(seat, TRACKED if tracked else CHART)
    belief = mind.update(view)
    n = view.size * view.size
    if not belief.consistent():
        empty = {"atlantis": 0.0, "artifact": 0.0, "seamount": 0.0, "deep": 0.0}
        return ChartAnswer(view.size, (empty,) * n, frozenset(), 0.0, len(mind.held), False)
    city, p = belief.best_city()
    cells = tuple(belief.cell_marginals())
    return ChartAnswer(view.size, cells, city, p, len(mind.held))
