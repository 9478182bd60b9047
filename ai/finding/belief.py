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
from dataclasses import dataclass
from functools import cache
from itertools import chain

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
        inside: list[list[int]] = [[] for _ in range(n)]
        nextto: list[list[int]] = [[] for _ in range(n)]
        amasks: list[int] = []
        closed_masks: list[int] = []
        orth = [0] * n
        for c in range(n):
            for o in orthogonal(size, c):
                orth[c] |= 1 << o
        self.orth = orth
        self.closed_cell = [orth[c] | (1 << c) for c in range(n)]
        for i, city in enumerate(self.placements):
            am = 0
            near = 0
            for c in city:
                am |= 1 << c
                near |= orth[c]
                inside[c].append(i)
            amasks.append(am)
            closed_masks.append(am | near)
            for c in bits_of(near & ~am):
                nextto[c].append(i)
        self.amasks = amasks
        self.closed_masks = closed_masks
        most = max((len(inside[c]) + len(nextto[c]) for c in range(n)), default=0)
        self.field = 16 if most < 1 << 16 else 32
        self._code = "H" if self.field == 16 else "I"
        fw = self.field
        held = [1 << (fw * c) for c in range(n)]
        touch = [1 << (fw * (n + c)) for c in range(n)]
        self.spread = [
            sum(held[c] for c in city) + sum(touch[c] for c in bits_of(cm))
            for city, cm in zip(self.placements, closed_masks, strict=True)
        ]
        self.all_ids = frozenset(range(len(self.placements)))
        self.all_spread = sum(self.spread)
        self.index = {am: i for i, am in enumerate(amasks)}
        self._inside = [array("i", ids) for ids in inside]
        self._nextto = [array("i", ids) for ids in nextto]
        self._sets: dict[tuple[int, int], frozenset[int]] = {}

    def ids_inside(self, cell: int) -> frozenset[int]:
        return self._set(0, cell)

    def ids_next_to(self, cell: int) -> frozenset[int]:
        return self._set(1, cell)

    def _set(self, which: int, cell: int) -> frozenset[int]:
        key = (which, cell)
        hit = self._sets.get(key)
        if hit is None:
            if len(self._sets) >= 64:  # bounded: on 8×8 each is up to ~0.5 MB
                self._sets.pop(next(iter(self._sets)))
            src = self._inside if which == 0 else self._nextto
            hit = frozenset(src[cell])
            self._sets[key] = hit
        return hit

    def unpack(self, spread: int) -> tuple[array, array]:
        """Per cell: how many cities hold it, and how many hold or touch it."""
        n = self.n
        raw = spread.to_bytes(2 * n * self.field // 8, "little")
        vec = array(self._code)
        vec.frombytes(raw)
        if sys.byteorder != "little":  # pragma: no cover - big-endian machines only
            vec.byteswap()
        return vec[:n], vec[n:]


@cache
def _tables(size: int, k: int) -> _Tables:
    return _Tables(size, k)


@cache
def _counter(n: int, k: int, m: int) -> ArtifactCounter:
    return ArtifactCounter(n, k, m)


@dataclass(frozen=True)
class _Group:
    """Cities (placement indices) that share one residual problem for the artifacts."""

    ids: frozenset[int]
    spread: int
    res: Residual


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
        self._sorted_ids: dict[Residual, tuple[int, ...]] = {}
        for fact in facts:
            self.add(fact)

    # ------------------------------------------------------------------ updates

    @property
    def facts(self) -> tuple[Fact, ...]:
        return tuple(self._facts)

    def copy(self) -> Belief:
        """An independent belief with the same facts (the groups are immutable, so shared)."""
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
        for fact in facts:
            other.add(fact)
        return other

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
        ins_all = t.ids_inside(fact.cell)
        next_all = t.ids_next_to(fact.cell)
        parts: dict[Residual, tuple[list[frozenset[int]], list[int]]] = {}
        for g in self._groups.values():
            ids = g.ids
            ins = ids & ins_all
            nxt = ids & next_all
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

    def _spreads(self, g: _Group, subs: list[tuple[frozenset[int], Residual | None]]) -> list[int]:
        """The spread sums of a group's parts that live on (``res`` not None), summing as few
        cities as it can: the largest living part is what is left once the others are known."""
        spread = self._t.spread
        alive = [i for i, (sub, res) in enumerate(subs) if res is not None and sub]
        out = [0] * len(subs)
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
                    self._groups[res] = _Group(ids, g.spread - self._t.spread[i], res)
                else:
                    del self._groups[res]
                return

    def _city_cells_in(self, ids: frozenset[int], cells: Iterable[int]) -> Counter[int]:
        """For the cities of ``ids`` that meet ``cells``: how many of those cells each holds."""
        t = self._t
        return Counter(chain.from_iterable(ids & t.ids_inside(c) for c in cells))

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
                sp = g.spread - sum(map(spread.__getitem__, drop))
            else:
                keep = [i for i, j in hits.items() if j in allowed]
                ids = frozenset(keep)
                sp = sum(map(spread.__getitem__, keep))
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
        parts: dict[Residual, tuple[list[frozenset[int]], list[int]]] = {}
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
            held, touched = unpack(g.spread)
            val = values(g.res)
            dv = deeps(g.res, [cnt > c for c in touched])
            for x in range(n):
                h = held[x]
                if h:
                    atl[x] += h * w
                art[x] += (cnt - h) * val[x]
                deep[x] += (cnt - touched[x]) * dv[x]
        return [
            {
                "atlantis": atl[x],
                "artifact": art[x],
                "seamount": total - atl[x] - art[x] - deep[x],
                "deep": deep[x],
            }
            for x in range(n)
        ]

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
        out = [0] * n
        if left < 0:
            return out
        mask = s.mask
        sers = [sol.series for _mk, _key, sol in comps]
        prefix = [1]
        for ser in sers:
            prefix.append((prefix[-1] * ser) & mask)
        suffix = [s.binoms[free]]
        for ser in reversed(sers):
            suffix.append((suffix[-1] * ser) & mask)
        suffix.reverse()
        weight = s.coef(suffix[0], left)
        for c in bits_of(forced):
            out[c] = weight
        union = 0
        for ci, (mk, _key, sol) in enumerate(comps):
            union |= mk
            others = (prefix[ci] * suffix[ci + 1]) & mask
            for bm, num in zip(sol.masks, sol.numerators(), strict=True):
                v = s.coef((num * others) & mask, left)
                for c in bits_of(bm):
                    out[c] = v
        if free and left:
            v = s.coef((prefix[-1] * s.binoms[free - 1]) & mask, left - 1)
            for c in bits_of(((1 << n) - 1) & ~(forced | barred | union)):
                out[c] = v
        return out

    def _deeps(self, res: Residual, wanted: list[bool]) -> list[int]:
        """Per cell: artifact sets with no trace on it or next to it, for a city clear of it.

        Only the ``wanted`` cells are counted (those that some city of the group is clear of);
        the others are left 0.
        """
        counter = self._counter
        s = counter.series
        comps, free, left = counter.parts(res)
        forced, barred, _cons, _rem = res
        n = self.size * self.size
        out = [0] * n
        if left < 0:
            return out
        mask = s.mask
        union = 0
        whole = 1
        for mk, _key, sol in comps:
            union |= mk
            whole = (whole * sol.series) & mask
        plain: dict[int, int] = {}
        closed = self._t.closed_cell
        for x in range(n):
            if not wanted[x]:
                continue
            bar = closed[x] & ~barred
            if bar & forced:
                continue
            lost = (bar & ~union).bit_count()
            if not bar & union:
                v = plain.get(lost)
                if v is None:
                    v = s.coef((whole * s.binoms[free - lost]) & mask, left) if free >= lost else 0
                    plain[lost] = v
                out[x] = v
                continue
            q = 1
            f = free - lost
            for mk, _key, sol in comps:
                if mk & bar:
                    q = (q * sol.restricted(bar & mk)) & mask
                else:
                    q = (q * sol.series) & mask
                if not q:
                    break
            if q and f >= 0:
                out[x] = s.coef((q * s.binoms[f]) & mask, left)
        return out

    def sample(self, rng: random.Random, n: int = 1) -> list[Ocean]:
        """``n`` independent maps drawn exactly from the posterior (for expected-value scoring)."""
        groups, total = self._require()
        cumulative: list[int] = []
        acc = 0
        for g, w in groups:
            acc += w * len(g.ids)
            cumulative.append(acc)
        t = self._t
        out: list[Ocean] = []
        for _ in range(n):
            gi = bisect.bisect_right(cumulative, rng.randrange(total))
            g = groups[gi][0]
            ids = self._ids(g)
            i = ids[rng.randrange(len(ids))]
            city = t.amasks[i]
            arts = self._counter.sample(g.res, city, rng)
            out.append(Ocean(self.size, t.placements[i], frozenset(bits_of(arts))))
        return out


def _merge(parts: dict[Residual, tuple[list[frozenset[int]], list[int]]]) -> dict[Residual, _Group]:
    """One group per residual: cities that came to share a residual are counted together."""
    out: dict[Residual, _Group] = {}
    for res, (idss, sps) in parts.items():
        ids = idss[0] if len(idss) == 1 else frozenset().union(*idss)
        out[res] = _Group(ids, sum(sps), res)
    return out
