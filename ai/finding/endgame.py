"""The U-Bot's endgame: the fewest expected actions to an Explore that settles the city.

The information planner (:mod:`ai.finding.planner`) asks which reading tells the most; near the
end that is the wrong question. With a handful of cities left, what matters is the order of
reading, walking and exploring: tell two cities apart on the way to a space both share, then
explore it and claim. This module answers that directly. It draws maps from the exact posterior
(particles), keeps the set of particles still possible as one integer bit mask, and searches
the bot's own actions (the engine's legal actions through :func:`ai.finding.model.effect`),
branching on every result a reading could give, for the least expected number of actions until
an Explore on a space that settles the city. Leaves are valued by a cheap estimate: the walk to
the nearest space of each city left and an allowance per bit of doubt. The race is counted in
rounds of two actions, so the hard bot also charges a win the actions its turn leaves unused
(``EndParams.rounds``), and counts what an artifact drawn on the way saves (``art``).

The search deepens one action at a time until its stop time, so it always has an answer. The
hard bot racing alone uses it from 3,000 cities left (on 6×6 its whole game): with many cities
a few hundred maps stand for the belief only roughly and the allowance per bit does most of
the work, which measured no worse than handing the early game to the information planner. The
maps come as cities with several artifact sets each (``EndParams.per_city``): with one map per
city, a reading that only places an artifact would split the maps and pass for news of the city.
"""

from __future__ import annotations

import gc
import math
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass

from ai.finding.model import READING_ARTIFACTS, READING_CAPTAINS, Effect, Me, effect, legal_for
from ai.finding.outcomes import Sample, reading_key
from game.core.protocol import Action
from game.finding.ocean import xy

#: what a card left in hand is worth when two moves reach the same space (keep the better hand)
_KEEP = {"sonar": 3, "explore": 3, "jelly": 2, "periscope": 1, "drop_mine": 1, "silent": 1,
         "long_silent": 1, "surface": 0}  # fmt: skip


class _OutOfTime(Exception):
    """The stop time passed in the middle of a depth."""


@contextmanager
def _no_cycle_collection() -> Iterator[None]:
    """The search's tables hold no reference cycles, but their millions of small tuples make
    the cycle collector walk them again and again (a quarter of the search's time, measured):
    it is paused for the search and put back as it was."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


#: the action cards that read the map
_READ_CARDS = frozenset({"sonar", "jelly", "explore"})


@dataclass(frozen=True)
class EndParams:
    """The endgame's settings: when it takes over and how it values a leaf."""

    #: the search takes over when the exact posterior has at most this many cities
    cities: int = 3000
    #: maps drawn from the posterior
    particles: int = 256
    #: artifact sets drawn for each city drawn (``particles // per_city`` cities)
    per_city: int = 1
    #: actions a leaf is charged per bit of doubt left about the city
    per_bit: float = 3.0
    #: the deepest search (actions), if time allows
    depth: int = 6
    #: candidate actions expanded per node, best first by a one-step estimate
    beam: int = 6
    #: actions an artifact drawn by an Explore is worth (a free action, a reading without a
    #: card, a refill without surfacing); at most 1, the action the Explore cost, which the
    #: search's early cut-off (``Endgame.outcome``'s ``bound``) relies on
    art: float = 0.0
    #: actions a leaf is charged for the surfacing its next reading needs, when it holds no
    #: reading card, reading captain or reading artifact
    refill: float = 0.0
    #: count rounds, not actions: a win also costs what its turn leaves unused
    rounds: bool = False

    def __post_init__(self) -> None:
        if not 0.0 <= self.art <= 1.0:
            raise ValueError(f"an artifact is worth 0 to 1 action, not {self.art}")
        if self.per_city < 1:
            raise ValueError(f"each city drawn needs at least one map, not {self.per_city}")


class Endgame:
    """One decision's search: particles, their partitions by reading, and the memo."""

    def __init__(
        self,
        samples: Sequence[Sample],
        size: int,
        params: EndParams,
        *,
        seat: int,
        n: int,
        pirate: bool,
        captain: str | None,
        recovered: int = 0,
        mines: int = 0,
        danger: frozenset[int] = frozenset(),
        stop: float = math.inf,
    ) -> None:
        self.samples = list(samples)
        self.size = size
        self.pp = params
        self.seat, self.n, self.pirate, self.captain = seat, n, pirate, captain
        self.recovered, self.mines = recovered, mines
        self.danger = danger
        self.stop = stop
        self.full = (1 << len(self.samples)) - 1
        cities: dict[int, int] = {}
        for i, s in enumerate(self.samples):
            cities[s.city] = cities.get(s.city, 0) | (1 << i)
        #: (city cells mask, particles with that city)
        self.cities = list(cities.items())
        #: each particle's city mask
        self.city_of = [smp.city for smp in self.samples]
        self._ring: dict[int, tuple[tuple[int, int], ...]] = {}
        self._leaf: dict[Me, tuple[int, bool, bool]] = {}
        self._est: dict[tuple[int, bool, bool, int], float] = {}
        self._entropy: dict[int, float] = {}
        self._atl: dict[int, int] = {}
        self._art: dict[int, int] = {}
        self._parts: dict[tuple, tuple[int, ...] | None] = {}
        self._memo: dict[tuple[Me, int, int, int], float] = {}
        self._order: dict[tuple[Me, int, int], list[tuple[float, Effect]]] = {}
        self._cands: dict[Me, list[tuple[Action, Effect]]] = {}
        self._xy = [xy(size, c) for c in range(size * size)]
        self.timed_out = False

    # --- particles ----------------------------------------------------------------------------
    def atlantis(self, cell: int) -> int:
        """Particles whose city holds ``cell``."""
        hit = self._atl.get(cell)
        if hit is None:
            bit = 1 << cell
            hit = 0
            for cm, pm in self.cities:
                if cm & bit:
                    hit |= pm
            self._atl[cell] = hit
        return hit

    def artifact(self, cell: int) -> int:
        """Particles with an artifact still lying on ``cell`` (an Explore there draws it)."""
        hit = self._art.get(cell)
        if hit is None:
            bit = 1 << cell
            hit = 0
            if not bit & self.recovered:
                for i, smp in enumerate(self.samples):
                    if smp.traces & bit and not smp.city & bit:
                        hit |= 1 << i
            self._art[cell] = hit
        return hit

    def parts(self, r: tuple) -> tuple[int, ...] | None:
        """The particles split by the reading's result; ``None`` if it tells nothing."""
        if r in self._parts:
            return self._parts[r]
        fn = reading_key(r[0], r[1], r[2], self.size, self.recovered, self.mines)
        got: tuple[int, ...] | None = None
        if fn is not None:
            groups: dict = {}
            for i, s in enumerate(self.samples):
                k = fn(s)
                groups[k] = groups.get(k, 0) | (1 << i)
            if len(groups) > 1:
                got = tuple(groups.values())
        self._parts[r] = got
        return got

    def entropy(self, s: int) -> float:
        """The entropy of the city (bits) over the particles of ``s``."""
        hit = self._entropy.get(s)
        if hit is not None:
            return hit
        total = s.bit_count()
        counts: dict[int, int] = {}
        if total <= len(self.cities):
            city_of = self.city_of
            rest = s
            while rest:
                low = rest & -rest
                c = city_of[low.bit_length() - 1]
                counts[c] = counts.get(c, 0) + 1
                rest ^= low
        else:
            for cm, pm in self.cities:
                k = (pm & s).bit_count()
                if k:
                    counts[cm] = k
        hit = self._entropy[s] = -sum(k / total * math.log2(k / total) for k in counts.values())
        return hit

    def settled(self, s: int) -> bool:
        """Do all the particles of ``s`` share one city?"""
        if not s:
            return False
        low = s & -s
        first = self.city_of[low.bit_length() - 1]
        for cm, pm in self.cities:
            if cm == first:
                return s & ~pm == 0
        return False

    # --- the estimate at a leaf ---------------------------------------------------------------
    def _rings(self, pos: int) -> tuple[tuple[int, int], ...]:
        """(moves, particles) pairs: the particles whose city's nearest space is that many
        moves (two spaces each) from ``pos``, so a leaf's expected walk is a handful of
        masked bit counts however many cities its particles hold."""
        hit = self._ring.get(pos)
        if hit is None:
            x, y = self._xy[pos]
            rings: dict[int, int] = {}
            for cm, pm in self.cities:
                near = min(abs(x - qx) + abs(y - qy) for qx, qy in self._cells_xy(cm))
                moves = (near + 1) // 2
                rings[moves] = rings.get(moves, 0) | pm
            hit = self._ring[pos] = tuple(rings.items())
        return hit

    def _cells_xy(self, mask: int) -> Iterator[tuple[int, int]]:
        while mask:
            low = mask & -mask
            mask ^= low
            yield self._xy[low.bit_length() - 1]

    def estimate(self, me: Me, s: int) -> float:
        if not s:
            return 0.0
        pos, explore, reads = self._leaf_of(me)
        key = (pos, explore, reads, s)
        hit = self._est.get(key)
        if hit is None:
            h = self.entropy(s)
            moves = sum(w * (pm & s).bit_count() for w, pm in self._rings(pos) if w)
            hit = moves / s.bit_count() + (1 if explore else 2) + self.pp.per_bit * h
            if h > 0 and not reads:
                hit += self.pp.refill
            self._est[key] = hit
        return hit

    def _leaf_of(self, me: Me) -> tuple[int, bool, bool]:
        """What a leaf's estimate depends on: the cell, an Explore in hand, and whether a
        reading is at hand without surfacing (always true when surfacing is not charged)."""
        hit = self._leaf.get(me)
        if hit is None:
            reads = (
                not self.pp.refill
                or any(c in _READ_CARDS for c in me.hand)
                or me.cap in READING_CAPTAINS
                or any(a in READING_ARTIFACTS for a in me.arts)
            )
            hit = self._leaf[me] = (me.pos, "explore" in me.hand, reads)
        return hit

    # --- the search ---------------------------------------------------------------------------
    def candidates(self, me: Me) -> list[tuple[Action, Effect]]:
        """The bot's distinct actions from ``me``: readings, one move per space reached
        (the one that keeps the better hand), refills."""
        hit = self._cands.get(me)
        if hit is not None:
            return hit
        reads: list[tuple[Action, Effect]] = []
        moves: dict[int, tuple[float, Action, Effect]] = {}
        refills: dict[Me, tuple[Action, Effect]] = {}
        seen_reads: set = set()
        for a in legal_for(me, self.seat, self.n, self.size):
            eff = effect(me, a, self.size, self.pirate, self.captain)
            if eff.sort == "read":
                assert eff.reading is not None
                if eff.reading in seen_reads:
                    continue
                seen_reads.add(eff.reading)
                reads.append((a, eff))
            elif eff.sort == "move":
                dest = eff.after.pos
                if dest == me.pos or self.danger.intersection(eff.path):
                    continue
                after = eff.after
                keep = sum(_KEEP.get(c, 1) for c in after.hand) + (2 if after.cap else 0)
                keep += 2 * len(after.arts) - 5 * eff.cost
                old = moves.get(dest)
                if old is None or keep > old[0]:
                    moves[dest] = (keep, a, eff)
            elif eff.sort == "refill":
                if eff.after.hand != me.hand or eff.after.cap != me.cap:
                    refills.setdefault(eff.after, (a, eff))
        out = reads + [(a, e) for _k, a, e in moves.values()] + list(refills.values())
        self._cands[me] = out
        return out

    def outcome(
        self, me: Me, s: int, eff: Effect, depth: int, left: int = 2, bound: float = math.inf
    ) -> float | None:
        """Expected actions after ``eff`` (its own cost not included); ``None``: pointless.

        With ``EndParams.rounds`` a win also costs the actions its turn leaves unused, so the
        search counts rounds (two actions each), the race's measure, not single actions.
        ``bound``: the caller only wants to know whether the value is below it; once the
        results summed so far prove it is not, the rest are skipped and a value at or above
        the bound comes back (no result's value is below zero but for the artifact it draws,
        which its Explore paid an action for)."""
        after = eff.after
        nxt = left - eff.cost if self.pp.rounds else 2  # actions left this turn after it
        if nxt <= 0:
            nxt = 2  # a new turn
        if eff.sort != "read":
            return self.value(after, s, depth - 1, nxt)
        r = eff.reading
        assert r is not None
        parts = self.parts(r)
        exploring = r[0] == "explore"
        atl = self.atlantis(me.pos) & s if exploring else 0
        arts = self.artifact(me.pos) & s if exploring and self.pp.art else 0
        won = float(left - eff.cost) if self.pp.rounds else 0.0
        subs = list(filter(None, map(s.__and__, parts))) if parts else [s]
        if len(subs) == 1:  # the same result on every particle left: it tells nothing
            if exploring and atl == s and self.settled(s):
                return won  # Atlantis here on a settled city: the claim wins
            if arts and arts == s:  # but an artifact is sure to come up
                return self.value(after, s, depth - 1, nxt) - self.pp.art
            return None
        total = s.bit_count()
        value = 0.0
        # one step from the leaves the subsets go straight to the estimate (the same number
        # value() would give, without a call and a table lookup each)
        leaf = self.estimate if depth <= 1 else None
        half = self.pp.rounds * 0.5
        below = self.pp.art if arts else 0.0  # the least a result left to sum can add
        seen = 0.0
        for sub in subs:
            p = sub.bit_count() / total
            seen += p
            if exploring and sub & atl and self.settled(sub):
                value += p * won  # Atlantis here and only one city fits: the claim wins
                continue
            if leaf is not None:
                value += p * (leaf(after, sub) + half)
            else:
                value += p * self.value(after, sub, depth - 1, nxt)
            if sub & arts:
                value -= p * self.pp.art
            if value - (1.0 - seen) * below >= bound:
                return value  # it cannot come back below the bound: no need to finish
        return value

    def value(self, me: Me, s: int, depth: int, left: int = 2) -> float:
        """The least expected actions until a winning Explore from ``me`` with particles ``s``."""
        if depth <= 0:
            return self.estimate(me, s) + self.pp.rounds * 0.5
        key = (me, s, depth, left)
        hit = self._memo.get(key)
        if hit is not None:
            return hit
        if time.monotonic() > self.stop:
            self.timed_out = True
            raise _OutOfTime  # this depth's answer would be thrown away: stop at once
        okey = (me, s, left)
        ranked = self._order.get(okey)
        if ranked is None:  # the one-step scores do not depend on the depth: once a node
            scored = []
            for _a, eff in self.candidates(me):
                quick = self.outcome(me, s, eff, 1, left)
                if quick is not None:
                    scored.append((eff.cost + quick, eff))
            scored.sort(key=lambda t: t[0])
            ranked = self._order[okey] = scored[: self.pp.beam]
        best = self.estimate(me, s) + 4.0  # nothing found: as bad as a long detour
        if depth == 1:  # one step deep is what the ranking scored
            if ranked and ranked[0][0] < best:
                best = ranked[0][0]
        else:
            for _q, eff in ranked:
                v = self.outcome(me, s, eff, depth, left, best - eff.cost)
                if v is not None and eff.cost + v < best:
                    best = eff.cost + v
        self._memo[key] = best
        return best

    def choose(self, me: Me, legal: Sequence[Action], left: int = 2) -> tuple[Action, float] | None:
        """The legal action with the fewest expected actions to a win, deepening until the
        stop time (the last full depth's answer); ``left``: actions left in this turn."""
        with _no_cycle_collection():
            try:
                return self._choose(me, set(legal), max(1, left) if self.pp.rounds else 2)
            finally:
                self._forget()

    def _forget(self) -> None:
        """Let the search's tables go while the collector is paused: freed now, they are not
        there for its first pass afterwards to walk (a tenth of a second, measured)."""
        for table in (self._memo, self._order, self._est, self._entropy, self._ring, self._leaf):
            table.clear()

    def _choose(self, me: Me, allowed: set[Action], left: int) -> tuple[Action, float] | None:
        answer: tuple[Action, float] | None = None
        for depth in range(1, self.pp.depth + 1):  # one action deep never looks at the clock
            ranked = []
            try:
                for a, eff in self.candidates(me):
                    if a not in allowed:
                        continue
                    v = self.outcome(me, self.full, eff, depth, left)
                    if v is not None:
                        ranked.append((eff.cost + v, a))
            except _OutOfTime:
                break
            if ranked:
                v, a = min(ranked, key=lambda t: t[0])
                answer = (a, v)
        return answer
