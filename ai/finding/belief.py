"""The exact posterior over ocean maps given a seat's located facts (the U-Bot's belief).

A map is a city ``A`` (uniform over ``atlantis_placements``) and an artifact set ``R`` (uniform
over the ``m``-subsets of the other cells): exactly the generator's prior. The posterior is
``P(A, R | facts) ∝ 1[every fact holds]``, so a city's weight is the number of artifact sets
that fit it, and every probability here is a ratio of exact integer counts.

Why it is fast enough for 92,912 cities on 8×8: a fact about a cell depends on the city only
through that cell's *status*: in the city, next to it (orthogonally), or clear of it. When the
cell is clear, the cell and its four neighbours are all clear of the city, so the fact's
constraint on ``R`` uses a fixed set of cells, whatever the city. Cities whose statuses give the
same residual constraints therefore share one count, and they are kept together in *groups*
(sets of placement indices). A new fact only splits the groups by that fact's status (set
intersections, in C) and extends each group's residual; the counts come from
:mod:`ai.finding.counting`, memoised per independent component, so only the component the new
fact lands in is counted again.
"""

from __future__ import annotations

import bisect
import random
import sys
from array import array
from collections import Counter
from collections.abc import Iterable
from functools import lru_cache
from itertools import chain, repeat
from operator import add, mul
from operator import sub as minus

from ai.finding.counting import (
    ArtifactCounter,
    Con,
    Residual,
    at_least_one,
    bits_of,
    count_in,
    either_or_none,
    extend,
)
from game.finding.facts import CellIs, Count, Fact, NotCity
from game.finding.ocean import SIZES, TERRAINS, Ocean, atlantis_placements, orthogonal

#: a fact cell's relation to the city
CLEAR, NEXT_TO, INSIDE = 0, 1, 2

EMPTY: Residual = (0, 0, frozenset(), ())

#: (forced cells, barred cells, constraints) a fact adds for one status; None: impossible
Pieces = tuple[int, int, tuple[Con, ...]] | None
NOTHING: Pieces = (0, 0, ())


class _Tables:
    """Everything about the city placements of one map shape, computed once and shared.

    ``spread[i]`` packs two per-cell indicator vectors of placement ``i`` into one int (city
    cells, then city-or-next-to-it cells), so summing spreads over a group counts, per cell, how
    many of its cities hold or touch that cell: the marginals need exactly those counts.
    """

    def __init__(self, size: int, k: int) -> None:
        self.size = size
        self.k = k
        n = size * size
        self.n = n
        self.placements = atlantis_placements(size, k)
        # built straight into arrays and masks: on 8×8 lists and tuples of the 92,912 cities
        # would take some 30 MB more while this runs, and the process would keep that memory
        inside = [array("i") for _ in range(n)]
        nextto = [array("i") for _ in range(n)]
        amasks: list[int] = []
        orth = [0] * n
        for c in range(n):
            for o in orthogonal(size, c):
                orth[c] |= 1 << o
        self.orth = orth
        self.closed_cell = [orth[c] | (1 << c) for c in range(n)]
        self.closed_size_of = [m.bit_count() for m in self.closed_cell]
        self.closed_sizes = sorted(set(self.closed_size_of))
        self._full = (1 << n) - 1
        self._not_first = sum(1 << c for c in range(n) if c % size)
        self._not_last = sum(1 << c for c in range(n) if c % size != size - 1)
        closed: list[int] = []  # per city: its cells and those orthogonally next to it
        for i, city in enumerate(self.placements):
            am = 0
            around = 0
            for c in city:
                am |= 1 << c
                around |= orth[c]
                inside[c].append(i)
            around &= ~am
            for c in bits_of(around):
                nextto[c].append(i)
            amasks.append(am)
            closed.append(am | around)
        self.amasks = amasks
        most = max((len(inside[c]) + len(nextto[c]) for c in range(n)), default=0)
        self.field = 16 if most < 1 << 16 else 32
        self._code = "H" if self.field == 16 else "I"
        fw = self.field
        held = [1 << (fw * c) for c in range(n)]
        touch = [1 << (fw * (n + c)) for c in range(n)]
        self.spread = [
            sum(map(held.__getitem__, bits_of(am))) + sum(map(touch.__getitem__, bits_of(cm)))
            for am, cm in zip(amasks, closed, strict=True)
        ]
        del closed
        self.all_ids = frozenset(range(len(self.placements)))
        self.all_spread = sum(self.spread)
        self.index = {am: i for i, am in enumerate(amasks)}
        self._inside = inside
        self._nextto = nextto
        # per cell, each placement's status towards it, for splitting small groups
        self.status = []
        for c in range(n):
            row = bytearray(len(self.placements))
            for i in nextto[c]:
                row[i] = NEXT_TO
            for i in inside[c]:
                row[i] = INSIDE
            self.status.append(row)

    def dilate(self, mask: int) -> int:
        """The cells on or orthogonally next to a cell of ``mask``."""
        size = self.size
        return (
            mask
            | (mask >> size)
            | ((mask << size) & self._full)
            | ((mask & self._not_last) << 1)
            | ((mask & self._not_first) >> 1)
        )

    def split(self, ids: frozenset[int], cell: int) -> tuple[frozenset[int], frozenset[int]]:
        """The cities of ``ids`` that hold ``cell``, and those beside it (orthogonally)."""
        inside = self._inside[cell]
        nextto = self._nextto[cell]
        if 6 * len(ids) > len(inside) + len(nextto):  # probing a set beats a Python loop
            return ids.intersection(inside), ids.intersection(nextto)
        row = self.status[cell]
        ins: list[int] = []
        nxt: list[int] = []
        for i in ids:
            st = row[i]
            if st:
                (ins if st == INSIDE else nxt).append(i)
        return frozenset(ins), frozenset(nxt)

    def holding(self, ids: frozenset[int], cells: Iterable[int]) -> Counter[int]:
        """For the cities of ``ids`` that meet ``cells``: how many of those cells each holds."""
        cells = list(cells)
        if 6 * len(ids) > sum(len(self._inside[c]) for c in cells):
            return Counter(chain.from_iterable(ids.intersection(self._inside[c]) for c in cells))
        mask = 0
        for c in cells:
            mask |= 1 << c
        amasks = self.amasks
        out: Counter[int] = Counter()
        for i in ids:
            hit = amasks[i] & mask
            if hit:
                out[i] = hit.bit_count()
        return out

    def unpack(self, spread: int) -> tuple[array, array]:
        """Per cell: how many cities hold it, and how many hold or touch it."""
        n = self.n
        raw = spread.to_bytes(2 * n * self.field // 8, "little")
        vec = array(self._code)
        vec.frombytes(raw)
        if sys.byteorder != "little":  # pragma: no cover - big-endian machines only
            vec.byteswap()
        return vec[:n], vec[n:]


#: both map shapes, and room for the small ones tests build (8×8's take ~55 MB: no more)
@lru_cache(maxsize=4)
def _tables(size: int, k: int) -> _Tables:
    return _Tables(size, k)


#: one per map shape, as :func:`_tables` (their memos are bounded: ``ArtifactCounter``)
@lru_cache(maxsize=4)
def _counter(n: int, k: int, m: int) -> ArtifactCounter:
    return ArtifactCounter(n, k, m)


def prepare(size: int, k_atlantis: int | None = None) -> None:
    """Build the shared city tables for this map shape now (on 8×8 they take about a second
    and ~70 MB, once per process), so that the first belief a bot builds does not pay for it."""
    _tables(size, SIZES[size][0] if k_atlantis is None else k_atlantis)


class _Group:
    """Cities (placement indices) that share one residual problem for the artifacts.

    ``spread`` (the packed per-cell counts, see ``_Tables``) is kept up to date through single
    updates, but left ``None`` while a batch of facts goes in and summed only when asked for.
    """

    __slots__ = ("ids", "spread", "res")

    def __init__(self, ids: frozenset[int], spread: int | None, res: Residual) -> None:
        self.ids = ids
        self.spread = spread
        self.res = res


class Belief:
    """P(city, artifacts | facts) on a ``size``×``size`` map, exact, updated fact by fact.

    ``k_atlantis``/``m_artifacts`` default to the rulebook's numbers for ``size`` and may be
    set for small test maps. Contradictory facts are a state, not an error: ``consistent()``
    turns False, the probability queries return nothing and the others raise ``ValueError``.
    """

    def __init__(
        self,
        size: int,
        k_atlantis: int | None = None,
        m_artifacts: int | None = None,
        facts: Iterable[Fact] = (),
    ) -> None:
        if k_atlantis is None or m_artifacts is None:
            if size not in SIZES:
                raise ValueError(
                    f"no standard city and artifact numbers for a {size}×{size} map; give both"
                )
            k_def, m_def = SIZES[size]
            k_atlantis = k_def if k_atlantis is None else k_atlantis
            m_artifacts = m_def if m_artifacts is None else m_artifacts
        if size < 1 or k_atlantis < 1 or m_artifacts < 0:
            raise ValueError("a map needs a side ≥ 1, a city of ≥ 1 space and ≥ 0 artifacts")
        if k_atlantis + m_artifacts > size * size:
            raise ValueError(f"{k_atlantis} + {m_artifacts} traces do not fit on {size}×{size}")
        self.size = size
        self.k = k_atlantis
        self.m = m_artifacts
        self._t = _tables(size, k_atlantis)
        self._counter = _counter(size * size, k_atlantis, m_artifacts)
        self._groups: dict[Residual, _Group] = {
            EMPTY: _Group(self._t.all_ids, self._t.all_spread, EMPTY)
        }
        self._facts: list[Fact] = []
        self._count_cells = 0
        self._regions: list[int] = []
        self._evaluated: tuple[list[tuple[_Group, int]], int] | None = None
        self._counts: list[dict[str, int]] | None = None
        self._sorted_ids: dict[Residual, tuple[int, ...]] = {}
        self._lazy = False
        self._add_all(facts)

    # ------------------------------------------------------------------ updates

    @property
    def facts(self) -> tuple[Fact, ...]:
        """The facts conditioned on, in the order they were given."""
        return tuple(self._facts)

    def copy(self) -> Belief:
        """An independent belief with the same facts.

        The two share their groups: an update replaces groups and never changes one (only a
        missing per-cell count gets filled in, the same for both).
        """
        other = object.__new__(Belief)
        other.__dict__.update(self.__dict__)
        other._groups = dict(self._groups)
        other._facts = list(self._facts)
        other._regions = list(self._regions)
        other._sorted_ids = dict(self._sorted_ids)
        return other

    def with_facts(self, *facts: Fact) -> Belief:
        """A new belief: this one plus ``facts`` (this one is left as it is)."""
        other = self.copy()
        other._add_all(facts)
        return other

    def _add_all(self, facts: Iterable[Fact]) -> None:
        """Several facts at once: the per-cell counts are summed once at the end, if needed.

        The facts that rule out the most cities go first (the posterior does not depend on the
        order), so the later splits work on fewer cities; ``facts`` keeps the given order.
        """
        facts = list(facts)
        for fact in facts:
            self._check(fact)
        start = len(self._facts)
        # a few facts (a "what if" for the bot) keep the per-cell counts current; a long list
        # (a chart rebuilt) sums them once, when they are first needed
        self._lazy = len(facts) > 4
        try:
            for fact in sorted(facts, key=_eliminates_first):
                self.add(fact)
        finally:
            self._lazy = False
        self._facts[start:] = facts

    def add(self, fact: Fact) -> None:
        """Condition on one more fact: split the groups by it and extend their residuals."""
        self._check(fact)
        if isinstance(fact, CellIs):
            self._add_cell(fact)
        elif isinstance(fact, NotCity):
            self._add_not_city(fact)
        elif fact.what == "atlantis":
            self._add_city_count(fact)
        else:
            self._add_trace_count(fact)
        self._facts.append(fact)
        self._evaluated = None
        self._counts = None
        self._sorted_ids = {}

    def _check(self, fact: Fact) -> None:
        n = self.size * self.size
        if isinstance(fact, CellIs):
            if not 0 <= fact.cell < n:
                raise ValueError(f"cell {fact.cell} is not on the {self.size}×{self.size} map")
            unknown = set(fact.terrains) - set(TERRAINS)
            if unknown:
                raise ValueError(f"unknown terrain {sorted(unknown)}")
            return
        if isinstance(fact, (Count, NotCity)):
            bad = [c for c in fact.cells if not 0 <= c < n]
            if bad:
                raise ValueError(f"cells {bad} are not on the {self.size}×{self.size} map")
            if isinstance(fact, Count) and fact.what not in ("atlantis", "trace"):
                raise ValueError(f"a Count is of 'atlantis' or 'trace', not {fact.what!r}")
            return
        raise ValueError(f"not a fact about the map: {fact!r}")

    def _pieces(self, fact: CellIs, status: int) -> Pieces:
        """What ``fact`` asks of the artifacts when its cell has ``status`` towards the city."""
        c = fact.cell
        bit = 1 << c
        terrains = fact.terrains
        if status == INSIDE:
            return NOTHING if "atlantis" in terrains else None
        art = "artifact" in terrains
        sea = "seamount" in terrains
        if status == NEXT_TO:  # a neighbour is in the city: the cell is a seamount at least
            if art and sea:
                return NOTHING
            if art:
                return (bit, 0, ())
            if sea:
                return (0, bit, ())
            return None
        deep = "deep" in terrains
        around = self._t.orth[c]
        if art and sea and deep:
            return NOTHING
        if art and sea:
            return (0, 0, (at_least_one(bit | around),))
        if art and deep:
            return (0, 0, (either_or_none(bit, around),))
        if sea and deep:
            return (0, bit, ())
        if art:
            return (bit, 0, ())
        if sea:
            return (0, bit, (at_least_one(around),)) if around else None
        if deep:
            return (0, bit | around, ())
        return None

    def _add_cell(self, fact: CellIs) -> None:
        t = self._t
        outcome = {s: self._pieces(fact, s) for s in (CLEAR, NEXT_TO, INSIDE)}
        parts: dict[Residual, tuple[list[frozenset[int]], list[int | None]]] = {}
        for g in self._groups.values():
            ids = g.ids
            ins, nxt = t.split(ids, fact.cell)
            rest = ids.difference(ins, nxt) if (ins or nxt) else ids
            subs = []
            for status, sub in ((INSIDE, ins), (NEXT_TO, nxt), (CLEAR, rest)):
                pieces = outcome[status]
                res = None
                if sub and pieces is not None:
                    res = extend(g.res, *pieces)
                subs.append((sub, res))
            for (sub, res), sp in zip(subs, self._spreads(g, subs), strict=True):
                if res is None:
                    continue
                slot = parts.setdefault(res, ([], []))
                slot[0].append(sub)
                slot[1].append(sp)
        self._groups = _merge(parts)

    def _spreads(
        self, g: _Group, subs: list[tuple[frozenset[int], Residual | None]]
    ) -> list[int | None]:
        """The spread sums of a group's parts that live on (``res`` not None), summing as few
        cities as it can: the largest living part is what is left once the others are known."""
        spread = self._t.spread
        if g.spread is None or self._lazy:
            return [None] * len(subs)
        alive = [i for i, (sub, res) in enumerate(subs) if res is not None and sub]
        out: list[int | None] = [0] * len(subs)
        if not alive:
            return out
        largest = max(alive, key=lambda i: len(subs[i][0]))
        direct = sum(len(subs[i][0]) for i in alive)
        if len(g.ids) - len(subs[largest][0]) < direct:
            others = 0
            for i, (sub, _res) in enumerate(subs):
                if i != largest and sub:
                    sp = sum(map(spread.__getitem__, sub))
                    others += sp
                    out[i] = sp
            out[largest] = g.spread - others
        else:
            for i in alive:
                out[i] = sum(map(spread.__getitem__, subs[i][0]))
        return out

    def _add_not_city(self, fact: NotCity) -> None:
        if len(fact.cells) != self.k:
            return
        mask = 0
        for c in fact.cells:
            mask |= 1 << c
        i = self._t.index.get(mask)
        if i is None:
            return
        for res, g in self._groups.items():
            if i in g.ids:
                ids = g.ids - {i}
                if ids:
                    sp = None if g.spread is None else g.spread - self._t.spread[i]
                    self._groups[res] = _Group(ids, sp, res)
                else:
                    del self._groups[res]
                return

    def _city_cells_in(self, ids: frozenset[int], cells: Iterable[int]) -> Counter[int]:
        """For the cities of ``ids`` that meet ``cells``: how many of those cells each holds."""
        return self._t.holding(ids, cells)

    def _add_city_count(self, fact: Count) -> None:
        allowed = fact.allowed
        spread = self._t.spread
        groups: dict[Residual, _Group] = {}
        for res, g in self._groups.items():
            hits = self._city_cells_in(g.ids, fact.cells)
            drop = [i for i, j in hits.items() if j not in allowed]
            if 0 in allowed:
                if not drop:
                    groups[res] = g
                    continue
                ids = g.ids.difference(drop)
                sp = None
                if g.spread is not None and not self._lazy:
                    sp = g.spread - sum(map(spread.__getitem__, drop))
            else:
                keep = [i for i, j in hits.items() if j in allowed]
                ids = frozenset(keep)
                sp = None if self._lazy else sum(map(spread.__getitem__, keep))
            if ids:
                groups[res] = _Group(ids, sp, res)
        self._groups = groups

    def _add_trace_count(self, fact: Count) -> None:
        s_mask = 0
        for c in fact.cells:
            s_mask |= 1 << c
        # the Venn regions of all trace Counts so far; a region cut by the new set splits in two
        split: dict[int, tuple[int, int]] = {}  # old region -> (part inside, part outside)
        regions: list[int] = []
        for reg in self._regions:
            inside, outside = reg & s_mask, reg & ~s_mask
            if inside and outside:
                split[reg] = (inside, outside)
            regions.extend(part for part in (inside, outside) if part)
        fresh = s_mask & ~self._count_cells
        if fresh:
            regions.append(fresh)
        self._regions = regions
        self._count_cells |= s_mask
        # per city of each group: how many of its cells lie in each part of the new set
        pieces = [reg & s_mask for reg in regions if reg & s_mask]
        parts: dict[Residual, tuple[list[frozenset[int]], list[int | None]]] = {}
        for g in self._groups.values():
            forced, barred, cons, removals = g.res
            per_part = [self._city_cells_in(g.ids, bits_of(p)) for p in pieces]
            hit = set().union(*per_part)
            by_key: dict[tuple[int, ...], list[int]] = {}
            for i in hit:
                by_key.setdefault(tuple(pp.get(i, 0) for pp in per_part), []).append(i)
            subs: list[tuple[frozenset[int], Residual | None]] = []
            for key, lst in by_key.items():
                subs.append(
                    (frozenset(lst), self._count_residual(g.res, fact, s_mask, pieces, key, split))
                )
            rest = g.ids.difference(hit) if hit else g.ids
            if rest:
                zero = (0,) * len(pieces)
                subs.append((rest, self._count_residual(g.res, fact, s_mask, pieces, zero, split)))
            for (sub, res), sp in zip(subs, self._spreads(g, subs), strict=True):
                if res is None:
                    continue
                slot = parts.setdefault(res, ([], []))
                slot[0].append(sub)
                slot[1].append(sp)
        self._groups = _merge(parts)

    @staticmethod
    def _count_residual(
        res: Residual,
        fact: Count,
        s_mask: int,
        pieces: list[int],
        key: tuple[int, ...],
        split: dict[int, tuple[int, int]],
    ) -> Residual | None:
        """The residual of cities that hold ``key[j]`` cells of ``pieces[j]`` (the new set)."""
        forced, barred, cons, removals = res
        held = dict(zip(pieces, key, strict=True))
        rem: dict[int, int] = {}
        for reg, r in removals:
            if reg in split:
                inside, outside = split[reg]
                r_in = held.get(inside, 0)
                if r_in:
                    rem[inside] = r_in
                if r - r_in:
                    rem[outside] = r - r_in
            else:
                rem[reg] = r
        for piece, r in held.items():
            if r and piece not in rem:
                rem[piece] = r
        r_all = sum(key)
        con = count_in(s_mask, {v - r_all for v in fact.allowed})
        if con is None:
            return None
        return extend((forced, barred, cons, tuple(sorted(rem.items()))), 0, 0, (con,))

    # ------------------------------------------------------------------ queries

    def _evaluate(self) -> tuple[list[tuple[_Group, int]], int]:
        """Each group's weight per city (groups that turn out empty are dropped for good)."""
        if self._evaluated is not None:
            return self._evaluated
        weigh = self._counter.weight
        out: list[tuple[_Group, int]] = []
        total = 0
        for res in list(self._groups):
            g = self._groups[res]
            w = weigh(res)
            if not w:
                del self._groups[res]
                continue
            out.append((g, w))
            total += w * len(g.ids)
        self._evaluated = (out, total)
        return self._evaluated

    def total_weight(self) -> int:
        """How many (city, artifacts) maps fit every fact (the posterior's normaliser)."""
        return self._evaluate()[1]

    def consistent(self) -> bool:
        """False when no map fits the facts (they contradict each other)."""
        return self.total_weight() > 0

    def _require(self) -> tuple[list[tuple[_Group, int]], int]:
        groups, total = self._evaluate()
        if not total:
            raise ValueError("the facts contradict each other: no ocean map fits them all")
        return groups, total

    def city_count(self) -> int:
        """How many cities are still possible (cheap: no city is listed)."""
        return sum(len(g.ids) for g, _w in self._evaluate()[0])

    def city_weights(self) -> dict[frozenset[int], int]:
        """Every possible city with its exact weight (artifact sets that fit it)."""
        groups, _total = self._evaluate()
        placements = self._t.placements
        out: dict[frozenset[int], int] = {}
        for g, w in groups:
            out.update(dict.fromkeys(map(placements.__getitem__, g.ids), w))
        return out

    def city_probabilities(self, top: int | None = None) -> dict[frozenset[int], float]:
        """P(city) for every possible city, most likely first; only the ``top`` best if given.

        Empty when the facts contradict each other.
        """
        groups, total = self._evaluate()
        if not total:
            return {}
        placements = self._t.placements
        out: dict[frozenset[int], float] = {}
        for g, w in sorted(groups, key=lambda gw: (-gw[1], min(gw[0].ids))):
            p = w / total
            ids = self._ids(g) if top is not None else g.ids
            if top is not None:
                ids = ids[: top - len(out)]
            out.update(dict.fromkeys(map(placements.__getitem__, ids), p))
            if top is not None and len(out) >= top:
                break
        return out

    def city_weights_of(self, cities: Iterable[frozenset[int]]) -> list[int]:
        """The weights of the given cities (artifact sets that fit each; 0 for a city that is
        not possible), in one pass over the groups: a mixture of beliefs weighs its candidate
        cities this way without listing every city of every term."""
        index = self._t.index
        ids = []
        for city in cities:
            mask = 0
            for c in city:
                mask |= 1 << c
            ids.append(index.get(mask, -1))
        found = dict.fromkeys(ids, 0)
        wanted = frozenset(ids)
        for g, w in self._evaluate()[0]:
            for i in wanted & g.ids:  # a set intersection walks the smaller of the two
                found[i] = w
        return [found[i] if i >= 0 else 0 for i in ids]

    def best_city(self) -> tuple[frozenset[int], float]:
        """The most likely city and its probability (ties: the lowest placement index)."""
        groups, total = self._require()
        g, w = min(groups, key=lambda gw: (-gw[1], min(gw[0].ids)))
        return self._t.placements[min(g.ids)], w / total

    def _ids(self, g: _Group) -> tuple[int, ...]:
        hit = self._sorted_ids.get(g.res)
        if hit is None:
            hit = tuple(sorted(g.ids))
            self._sorted_ids[g.res] = hit
        return hit

    def cell_counts(self) -> list[dict[str, int]]:
        """Per cell, how many fitting maps give it each terrain (exact; sums to total_weight)."""
        if self._counts is not None:
            return [dict(row) for row in self._counts]
        groups, total = self._evaluate()
        n = self.size * self.size
        atl = [0] * n
        art = [0] * n
        deep = [0] * n
        unpack = self._t.unpack
        values = self._values
        deeps = self._deeps
        for g, w in groups:
            cnt = len(g.ids)
            if g.spread is None:
                g.spread = sum(map(self._t.spread.__getitem__, g.ids))
            held, touched = unpack(g.spread)
            # cities of the group that leave a cell out of the city / clear of it and its sides
            free_of = list(map(minus, repeat(cnt, n), held))
            clear = list(map(minus, repeat(cnt, n), touched))
            atl = list(map(add, atl, map(mul, held, repeat(w, n))))
            art = list(map(add, art, map(mul, free_of, values(g.res))))
            deep = list(map(add, deep, map(mul, clear, deeps(g.res, clear))))
        self._counts = [
            {
                "atlantis": atl[x],
                "artifact": art[x],
                "seamount": total - atl[x] - art[x] - deep[x],
                "deep": deep[x],
            }
            for x in range(n)
        ]
        return [dict(row) for row in self._counts]

    def atlantis_probabilities(self) -> list[float]:
        """Per cell: P(it is a space of the city). The cities' share of :meth:`cell_counts`
        alone: no artifact counting, which on 8×8 took the U-Bot half a second at times."""
        groups, total = self._require()
        if self._counts is not None:
            return [row["atlantis"] / total for row in self._counts]
        n = self.size * self.size
        atl = [0] * n
        for g, w in groups:
            if g.spread is None:
                g.spread = sum(map(self._t.spread.__getitem__, g.ids))
            held, _touched = self._t.unpack(g.spread)
            atl = list(map(add, atl, map(mul, held, repeat(w, n))))
        return [a / total for a in atl]

    def cell_marginals(self) -> list[dict[str, float]]:
        """Per cell: P(atlantis), P(artifact), P(seamount) (without a trace) and P(deep)."""
        _groups, total = self._require()
        return [{k: v / total for k, v in row.items()} for row in self.cell_counts()]

    def _values(self, res: Residual) -> list[int]:
        """Per cell: artifact sets that hold it, for a city of ``res`` that does not hold it."""
        counter = self._counter
        s = counter.series
        comps, free, left = counter.parts(res)
        forced, barred, _cons, _rem = res
        n = self.size * self.size
        if left < 0:
            return [0] * n
        mask = s.mask
        sers = [sol.series for _mk, _key, sol in comps]
        prefix = [1]
        for ser in sers:
            prefix.append((prefix[-1] * ser) & mask)
        suffix = [s.binoms[free]]
        for ser in reversed(sers):
            suffix.append((suffix[-1] * ser) & mask)
        suffix.reverse()
        v_free = 0
        if free and left:
            v_free = s.coef((prefix[-1] * s.binoms[free - 1]) & mask, left - 1)
        out = [v_free] * n  # then the cells that are not free
        for c in bits_of(barred):
            out[c] = 0
        if forced:
            weight = s.coef(suffix[0], left)
            for c in bits_of(forced):
                out[c] = weight
        for ci, (_mk, _key, sol) in enumerate(comps):
            others = (prefix[ci] * suffix[ci + 1]) & mask
            for bm, num in zip(sol.masks, sol.numerators(), strict=True):
                v = s.coef((num * others) & mask, left)
                for c in bits_of(bm):
                    out[c] = v
        return out

    def _deeps(self, res: Residual, wanted: list[int]) -> list[int]:
        """Per cell: artifact sets with no trace on it or next to it, for a city clear of it.

        Cells with a zero ``wanted`` (no city of the group is clear of them) may get any value.
        A cell whose surroundings meet no constraint, barred or forced cell only takes its
        surroundings from the free cells, so those share one count per size of surroundings.
        """
        counter = self._counter
        s = counter.series
        comps, free, left = counter.parts(res)
        forced, barred, _cons, _rem = res
        n = self.size * self.size
        if left < 0:
            return [0] * n
        mask = s.mask
        t = self._t
        closed = t.closed_cell
        union = 0
        whole = 1
        for mk, _key, sol in comps:
            union |= mk
            whole = (whole * sol.series) & mask
        binoms = s.binoms
        plain: dict[int, int] = {}
        for lost in t.closed_sizes:
            if lost not in plain:
                plain[lost] = (
                    s.coef((whole * binoms[free - lost]) & mask, left) if free >= lost else 0
                )
        out = list(map(plain.__getitem__, t.closed_size_of))
        for x in bits_of(t.dilate(union | barred | forced)):
            if not wanted[x]:
                continue
            bar = closed[x] & ~barred
            if bar & forced:
                out[x] = 0
                continue
            f = free - (bar & ~union).bit_count()
            if f < 0:
                out[x] = 0
                continue
            q = binoms[f]
            if bar & union:
                for mk, _key, sol in comps:
                    q = (q * (sol.restricted(bar & mk) if mk & bar else sol.series)) & mask
                    if not q:
                        break
            else:
                q = (q * whole) & mask
            out[x] = s.coef(q, left) if q else 0
        return out

    def sample(self, rng: random.Random, n: int = 1) -> list[Ocean]:
        """``n`` independent maps drawn exactly from the posterior (for expected-value scoring)."""
        return self.sample_by_city(rng, n, 1)

    def sample_by_city(self, rng: random.Random, cities: int, per_city: int) -> list[Ocean]:
        """``cities`` cities drawn exactly from the posterior, each with ``per_city`` artifact
        sets drawn for it: a reading that only tells where the artifacts lie then leaves the
        share of each city's maps, hence the city's doubt, about where it was."""
        groups, total = self._require()
        cumulative: list[int] = []
        acc = 0
        for g, w in groups:
            acc += w * len(g.ids)
            cumulative.append(acc)
        t = self._t
        out: list[Ocean] = []
        for _ in range(cities):
            g = groups[bisect.bisect_right(cumulative, rng.randrange(total))][0]
            ids = self._ids(g)
            i = ids[rng.randrange(len(ids))]
            city = t.amasks[i]
            for _k in range(per_city):
                arts = self._counter.sample(g.res, city, rng)
                out.append(Ocean(self.size, t.placements[i], frozenset(bits_of(arts))))
        return out


def _eliminates_first(fact: Fact) -> int:
    """Sort key: deep readings (no city on or beside the cell) first, then no city on it."""
    if isinstance(fact, CellIs):
        if "atlantis" in fact.terrains:
            return 2
        return 1 if fact.terrains & {"artifact", "seamount"} else 0
    return 3 if isinstance(fact, Count) and fact.what == "atlantis" else 4


def _merge(
    parts: dict[Residual, tuple[list[frozenset[int]], list[int | None]]],
) -> dict[Residual, _Group]:
    """One group per residual: cities that came to share a residual are counted together."""
    out: dict[Residual, _Group] = {}
    for res, (idss, sps) in parts.items():
        ids = idss[0] if len(idss) == 1 else frozenset().union(*idss)
        out[res] = _Group(ids, None if None in sps else sum(sps), res)
    return out
