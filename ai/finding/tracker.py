"""Where the other submarines can be, sharpened by what their public readings say.

The chart (:func:`game.finding.chart.know`) moves each opponent's set of cells by movement and
public information alone. Every reading's *result* is public too, and a result that could not
have come from some cell of the map the bot believes in rules that cell out: if Red's Sonar
said "seamount to the north" and the bot knows the space north of cell 17 is deep ocean, Red
was not on 17. The tracker walks the same chart, filters each opponent reading's cells by that
test, carries the narrowed sets forward through the later moves, and, when one cell is left,
hands the reading's facts to the bot as located facts.

Sound by construction: the map is fixed and the bot's facts are true, so the facts of the
reading at the true cell hold on the true map, which the belief keeps; a cell is dropped only
when the belief gives its facts probability exactly zero (per fact from the exact cell counts,
then jointly with ``Belief.with_facts`` for the last few cells). The true cell is never dropped
(tested against the real state over random games).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ai.finding.belief import Belief
from game.finding.chart import ANCHORS, Entry, expand, in_line, shift
from game.finding.facts import CellIs, Fact
from game.finding.readings import facts_of, is_placed, possible_cells


@dataclass
class Tracker:
    """One bot's running account of the other submarines (kept between its decisions).

    ``joint``: how many cells may be left for the joint (exact but dearer: tens of ms on 8×8)
    test to run on them; ``budget``: how many joint tests one update may make; ``retest``:
    how many new facts the belief must have gained before a cell that passed is tried again.
    Skipping a test only ever keeps a cell, so the limits cost sharpness, never soundness.
    """

    seat: int
    n: int
    size: int
    joint: int = 2
    budget: int = 2
    retest: int = 4
    where: list[frozenset[int]] = field(default_factory=list)
    #: log index -> cells ruled out for that reading (monotone: the belief only narrows)
    excluded: dict[int, set[int]] = field(default_factory=dict)
    #: (log index, cell) -> the reading's facts there (None: impossible from there)
    _facts: dict[tuple[int, int], tuple[Fact, ...] | None] = field(default_factory=dict)
    #: (log index, cell) pairs whose joint test passed at some number of belief facts
    _joint_ok: dict[tuple[int, int], int] = field(default_factory=dict)

    def facts_at(self, i: int, e: Entry, cell: int) -> tuple[Fact, ...] | None:
        key = (i, cell)
        if key not in self._facts:
            assert e.reading is not None
            self._facts[key] = facts_of(e.reading, cell, self.size)
        return self._facts[key]

    def update(
        self, log: tuple[Entry, ...], belief: Belief, budget: list[int] | None = None
    ) -> list[Fact]:
        """Walk ``log`` (the bot's chart) again; return the facts of readings it can now place.

        ``belief`` must already hold every fact the bot has (its chart's and earlier
        placements'); it is only read here. ``budget`` (a one-item list, spent in place) caps
        the joint tests across several passes; by default each pass gets ``self.budget``.
        """
        everywhere = frozenset(range(self.size * self.size))
        where = [everywhere] * self.n
        counts = belief.cell_counts() if belief.consistent() else None
        version = len(belief.facts)
        if budget is None:
            budget = [self.budget]
        placed: list[Fact] = []
        for i, e in enumerate(log):
            w = e.who
            if w == self.seat:
                continue
            r = e.reading
            if r is not None:
                if not is_placed(r.kind):
                    continue
                here = where[w] & possible_cells(r, self.size)
                if here:
                    here = self._filter(i, e, here, belief, counts, version, budget)
                    where[w] = here
                if len(where[w]) == 1:
                    got = self.facts_at(i, e, next(iter(where[w])))
                    if got:
                        placed.extend(got)
            elif e.kind in ANCHORS and e.at is not None:
                where[w] = frozenset({e.at})
            elif e.kind == "move":
                where[w] = expand(
                    where[w], e.arg("shape"), e.arg("reach"), bool(e.arg("stopped")), self.size
                )
            elif e.kind == "burn":
                where[w] = (
                    shift(where[w], e.arg("direction"), e.arg("moved"), self.size) or where[w]
                )
            elif e.kind == "phantom":
                where[w] = in_line(where[w], e.arg("reveal"), e.arg("value"), self.size) or where[w]
            elif e.kind == "teleport":
                where[w] = everywhere
        self.where = where
        return placed

    def _filter(
        self,
        i: int,
        e: Entry,
        cells: frozenset[int],
        belief: Belief,
        counts: list[dict[str, int]] | None,
        version: int,
        budget: list[int],
    ) -> frozenset[int]:
        out = self.excluded.setdefault(i, set())
        if counts is None:  # a contradiction (never with true facts): rule nothing out
            return cells
        keep = []
        for c in cells:
            if c in out:
                continue
            facts = self.facts_at(i, e, c)
            if facts is None or not _each_possible(facts, counts):
                out.add(c)
                continue
            keep.append(c)
        if 1 < len(keep) <= self.joint:
            still = []
            for c in keep:
                passed = self._joint_ok.get((i, c))
                if passed is not None and version - passed < self.retest:
                    still.append(c)
                    continue
                if budget[0] <= 0:
                    still.append(c)
                    continue
                news = _news(self.facts_at(i, e, c) or (), counts)
                if not news:  # every fact already certain: consistent without a test
                    self._joint_ok[(i, c)] = version
                    still.append(c)
                    continue
                budget[0] -= 1
                if belief.with_facts(*news).consistent():
                    self._joint_ok[(i, c)] = version
                    still.append(c)
                else:
                    out.add(c)
            keep = still
        left = frozenset(keep)
        return left or cells  # never empty: an empty set would mean our facts were wrong


def _news(facts: tuple[Fact, ...], counts: list[dict[str, int]]) -> tuple[Fact, ...]:
    """The facts the belief does not already hold for certain (the others cannot clash)."""
    out = []
    for f in facts:
        if isinstance(f, CellIs):
            row = counts[f.cell]
            if all(row[t] == 0 for t in row if t not in f.terrains):
                continue
        out.append(f)
    return tuple(out)


def _each_possible(facts: tuple[Fact, ...], counts: list[dict[str, int]]) -> bool:
    """Is every cell fact possible on its own (a terrain it allows has a positive count)?"""
    for f in facts:
        if isinstance(f, CellIs):
            row = counts[f.cell]
            if not any(row[t] for t in f.terrains if t in row):
                return False
    return True
