"""What one U-Bot knows, kept between its decisions: its facts, its belief, its tracker.

Each decision hands the bot a fresh view; rebuilding the exact belief from every fact each time
would cost a third of a second on 8×8, so the mind keeps the belief and adds only the facts it
has not seen. The facts come, by level, from the bot's own readings only (easy), from every
reading its chart can place (normal), or from those plus the opponent readings the tracker
places (hard). A view whose facts do not extend the ones already held (another game, a loaded
save) starts the belief again.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field

from ai.finding.belief import Belief
from ai.finding.tracker import Tracker
from game.finding.facts import Fact, NotCity
from game.finding.readings import facts_of, is_placed
from game.finding.state import FindingState

#: which facts a mind uses
OWN, CHART, TRACKED = "own", "chart", "tracked"


def own_facts(view: FindingState, seat: int) -> list[Fact]:
    """The facts of ``seat``'s own readings it can place, and every wrong claim's."""
    k = view.knowledge(seat)
    spot = dict(k.spots)
    out: list[Fact] = []
    for i, e in enumerate(view.log):
        if e.kind == "wrong_claim":
            out.append(NotCity(frozenset(e.arg("cells"))))
            continue
        r = e.reading
        if r is None or e.who != seat:
            continue
        if not is_placed(r.kind):
            out.extend(facts_of(r, 0, view.size) or ())
            continue
        cells = spot.get(i)
        if cells is not None and len(cells) == 1:
            out.extend(facts_of(r, next(iter(cells)), view.size) or ())
    return out


@dataclass
class Mind:
    seat: int
    source: str = CHART
    belief: Belief | None = None
    tracker: Tracker | None = None
    held: set[Fact] = field(default_factory=set)
    #: the chart's own facts seen so far (a view without all of them is another game)
    seen: set[Fact] = field(default_factory=set)
    #: the log length and first entries of the game the belief belongs to
    game_key: tuple = ()

    def update(self, view: FindingState, stop: float = math.inf) -> Belief:
        """Bring the belief up to ``view`` (adding only new facts) and return it.

        Facts go in one at a time until ``time.monotonic()`` passes ``stop``; the rest wait for
        the next decision (a surfacing can place a dozen readings at once, and adding them all
        has taken seconds on 8×8). The belief stays exact for the facts it holds.
        """
        key = (view.size, view.n, view.log[: view.n + 1])
        if self.source == OWN:
            facts = own_facts(view, self.seat)
        else:
            facts = list(view.located_facts(self.seat))
        if key != self.game_key or self.belief is None or not self.seen <= set(facts):
            self.game_key = key
            self.belief = Belief(view.size)
            self.held = set()
            self.seen = set()
            self.tracker = Tracker(self.seat, view.n, view.size) if self.source == TRACKED else None
        self.seen.update(facts)
        self._add(facts, stop)
        if self.tracker is not None and view.n > 1:
            budget = [self.tracker.budget]  # the joint tests of this decision, all passes
            for _ in range(3):  # placing one reading may rule out cells for another
                if time.monotonic() > stop:
                    break
                extra = self.tracker.update(view.log, self.belief, budget)
                if not self._add(extra, stop):
                    break
        return self.belief

    def _add(self, facts: list[Fact], stop: float = math.inf) -> bool:
        new = [f for f in dict.fromkeys(facts) if f not in self.held]
        if not new:
            return False
        assert self.belief is not None
        for f in new:
            if time.monotonic() > stop:
                break
            self.belief.add(f)
            self.held.add(f)
        return True
