"""Exact counts of artifact placements under local constraints (the Minesweeper method).

Once the city is fixed, every located fact becomes a constraint on the artifact set ``R``: cells
forced into it, cells barred from it, "at least one of these", "exactly so many of these". The
number of ``m``-subsets that keep them all is what weights a city in the posterior, so it must be
exact (Python ints, no floats).

How it is counted: cells that appear in exactly the same constraints form a *box*; only how many
artifacts each box holds matters, and a box of ``s`` cells holding ``j`` contributes ``C(s, j)``
ways. Constraints that share no cell are independent *components*; each component is counted
once (memoised: many cities leave the same component untouched) by a dynamic programme over its
boxes whose state is how far each still-open constraint has got, and the components are then
combined with the unconstrained cells' binomial. The total number of artifacts is carried as a
truncated power series packed into one int (Kronecker substitution), so combining is a single
integer multiplication.
"""

from __future__ import annotations

import random
from collections import OrderedDict
from functools import lru_cache
from itertools import product
from math import comb

#: constraint kinds: an ordinary one, and a Count on traces (whose box may lose city cells)
CELL = 0
COUNT = 1

#: (kind, role masks, role caps, allowed capped role counts); hashable, so it can key memos
Con = tuple[int, tuple[int, ...], tuple[int, ...], frozenset[tuple[int, ...]]]
#: (forced cells, barred cells, constraints, removals): what the artifacts must satisfy given a
#: city. ``removals`` = ((region mask, r), ...): ``r`` city cells lie, unnamed, in that region of
#: the Count sets (so every city with the same numbers there shares one residual).
Residual = tuple[int, int, frozenset[Con], tuple[tuple[int, int], ...]]


def bits_of(mask: int) -> list[int]:
    """The cell indices set in ``mask``, lowest first."""
    out: list[int] = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def at_least_one(mask: int) -> Con:
    """At least one artifact in ``mask`` (a seamount reading away from the city)."""
    return (CELL, (mask,), (1,), frozenset({(1,)}))


def either_or_none(first: int, rest: int) -> Con:
    """``first`` is an artifact, or none of ``rest`` is (an "artifact or deep" reading)."""
    return (CELL, (first, rest), (1, 1), frozenset({(1, 0), (1, 1), (0, 0)}))


def count_in(mask: int, allowed: frozenset[int] | set[int]) -> Con | None:
    """The number of artifacts in ``mask`` is one of ``allowed``; ``None`` if none can be."""
    values = {v for v in allowed if v >= 0}
    if not values:
        return None
    cap = max(values) + 1
    return (COUNT, (mask,), (cap,), frozenset((v,) for v in values))


def normalise(con: Con, forced: int, barred: int) -> Con | bool:
    """``con`` with the forced cells counted in and the barred ones dropped.

    Returns ``True`` when it can no longer fail (an ordinary constraint is then dropped) and
    ``False`` when it can no longer hold. Counts are capped: a role's cap stands for "that many
    or more", which is what lets "at least one" and exact counts share one state space.
    """
    kind, masks, caps, allowed = con
    gone = forced | barred
    if not any(mk & gone for mk in masks) and all(
        cap <= mk.bit_count() for mk, cap in zip(masks, caps, strict=True)
    ):
        return con
    shifts: list[int] = []
    new_masks: list[int] = []
    new_caps: list[int] = []
    for mk, cap in zip(masks, caps, strict=True):
        sh = (mk & forced).bit_count()
        nm = mk & ~gone
        shifts.append(sh)
        new_masks.append(nm)
        new_caps.append(min(max(cap - sh, 0), nm.bit_count()))
    ok = set()
    for u in product(*(range(c + 1) for c in new_caps)):
        old = tuple(min(x + sh, cap) for x, sh, cap in zip(u, shifts, caps, strict=True))
        if old in allowed:
            ok.add(u)
    if not ok:
        return False
    if kind == COUNT:
        # a Count keeps every role that still has cells: city cells hidden in its region (see
        # ``removals``) must stay inside some constraint for the free-cell count to be right
        keep = [i for i, nm in enumerate(new_masks) if nm]
    else:
        keep = [i for i, c in enumerate(new_caps) if c > 0]
    if not keep:
        return True
    if len(keep) < len(new_caps):
        ok = {tuple(u[i] for i in keep) for u in ok}
    caps2 = tuple(new_caps[i] for i in keep)
    if kind == CELL and len(ok) == _grid_size(caps2):
        return True
    return (kind, tuple(new_masks[i] for i in keep), caps2, frozenset(ok))


def _grid_size(caps: tuple[int, ...]) -> int:
    """How many capped count tuples there are (an ordinary constraint allowing all is void)."""
    out = 1
    for c in caps:
        out *= c + 1
    return out


def con_mask(con: Con) -> int:
    """Every cell the constraint looks at."""
    out = 0
    for mk in con[1]:
        out |= mk
    return out


class Series:
    """Power series in the artifact count, truncated after ``x**m``, packed into one int.

    Coefficient ``t`` sits in bits ``[t*bits, (t+1)*bits)``; ``bits`` is wide enough for any count
    of ``t``-subsets of ``n`` cells, and carries only ever run upwards, so masking off the high
    part keeps every kept coefficient exact.
    """

    def __init__(self, m: int, n: int) -> None:
        self.m = m
        self.n = n
        bound = max(comb(n, t) for t in range(max(m, 0) + 1))
        self.bits = bound.bit_length() + 1
        self.mask = (1 << (self.bits * (max(m, 0) + 1))) - 1
        self.low = (1 << self.bits) - 1
        self.binoms = [self.pack([comb(f, t) for t in range(max(m, 0) + 1)]) for f in range(n + 1)]

    def pack(self, coefs: list[int]) -> int:
        """The series with these coefficients (lowest degree first)."""
        out = 0
        for t, c in enumerate(coefs[: self.m + 1]):
            out |= c << (self.bits * t)
        return out

    def coef(self, s: int, t: int) -> int:
        """The coefficient of ``x**t``."""
        if t < 0 or t > self.m:
            return 0
        return (s >> (self.bits * t)) & self.low

    def mono(self, c: int, t: int) -> int:
        """``c * x**t`` (zero beyond the truncation)."""
        return c << (self.bits * t) if t <= self.m else 0


class Solved:
    """One component counted: its boxes, the programme's layers and transitions, its series.

    The forward layers and the transition tables stay, so that artifacts can be sampled
    backwards through them, the per-box numerators (cell marginals) come from one backward pass,
    and "the same, with these cells kept clear" (P(deep)) re-runs only the boxes those cells
    touch: barring cells changes a box's binomials, never the constraint logic.
    """

    __slots__ = (
        "masks",
        "sizes",
        "weights",
        "layers",
        "_tables",
        "series",
        "states",
        "zero",
        "_beta",
        "_numerators",
        "_restricted",
        "_at_least",
        "_series",
    )

    def __init__(
        self, series: Series, cons: tuple[Con, ...], removals: tuple[tuple[int, int], ...]
    ) -> None:
        self._series = series
        roles: list[tuple[int, int]] = []  # (mask, cap)
        role_of: list[list[int]] = []
        cell_union = 0
        for kind, masks, caps, _allowed in cons:
            idx = []
            for mk, cap in zip(masks, caps, strict=True):
                idx.append(len(roles))
                roles.append((mk, cap))
                if kind == CELL:
                    cell_union |= mk
            role_of.append(idx)
        cells = 0
        for mk, _cap in roles:
            cells |= mk
        boxes: list[tuple[int, int]] = [(cells, 0)]
        for ri, (mk, _cap) in enumerate(roles):
            split: list[tuple[int, int]] = []
            for bm, mem in boxes:
                inside = bm & mk
                if inside:
                    split.append((inside, mem | (1 << ri)))
                outside = bm & ~mk
                if outside:
                    split.append((outside, mem))
            boxes = split
        boxes.sort(key=lambda b: b[0] & -b[0])
        sizes = [bm.bit_count() for bm, _mem in boxes]
        for region, r in removals:
            private = region & cells & ~cell_union
            if not private or not r:
                continue
            for bi, (bm, _mem) in enumerate(boxes):
                if bm & private:
                    sizes[bi] -= r
                    break
        last: dict[int, int] = {}
        for bi, (_bm, mem) in enumerate(boxes):
            for ci, idx in enumerate(role_of):
                if any(mem >> r & 1 for r in idx):
                    last[ci] = bi
        # the state is one int: each role's capped count in a field just wide enough for it;
        # a constraint's roles are consecutive, so its part of the state is one slice
        offsets: list[int] = []
        widths: list[int] = []
        off = 0
        for _mk, cap in roles:
            offsets.append(off)
            widths.append(cap.bit_length())
            off += cap.bit_length()
        m = series.m
        mask = series.mask
        self.masks = [bm for bm, _mem in boxes]
        self.sizes = sizes
        self.weights = [
            tuple(series.mono(comb(size, j), j) for j in range(min(size, m) + 1)) for size in sizes
        ]
        self.zero = 0
        layer: dict[int, int] = {0: 1}
        layers = [layer]
        tables: list[tuple[int, dict[int, tuple[int, ...]]]] = []
        for bi, (_bm, mem) in enumerate(boxes):
            mem_roles = tuple((offsets[r], (1 << widths[r]) - 1, roles[r][1]) for r in bits_of(mem))
            closing = []
            for ci, lb in last.items():
                if lb != bi:
                    continue
                idx = role_of[ci]
                base = offsets[idx[0]]
                width = sum(widths[r] for r in idx)
                packed = frozenset(
                    sum(u << (offsets[r] - base) for u, r in zip(t, idx, strict=True))
                    for t in cons[ci][3]
                )
                closing.append((base, (1 << width) - 1, packed))
            relevant = 0
            for o, fm, _cap in mem_roles:
                relevant |= fm << o
            for o, cm, _packed in closing:
                relevant |= cm << o
            cw = self.weights[bi]
            top = len(cw)
            # the next state depends only on the fields this box touches: one table per box
            table: dict[int, tuple[int, ...]] = {}
            tables.append((relevant, table))
            nxt: dict[int, int] = {}
            get = nxt.get
            for st, w in layer.items():
                loc = st & relevant
                res = table.get(loc)
                if res is None:
                    res = tuple(_advance(loc, j, mem_roles, closing) for j in range(top))
                    table[loc] = res
                rest = st ^ loc
                for j, nl in enumerate(res):
                    if nl >= 0:
                        key = rest | nl
                        nxt[key] = get(key, 0) + w * cw[j]
            layer = {st: w & mask for st, w in nxt.items() if w & mask}
            layers.append(layer)
        self.layers = layers
        self._tables = tables
        self.series = layer.get(self.zero, 0)
        #: its size, for the memo's bound: the layers' states and the tables' entries, twice
        #: over for the backward pass the marginals may add
        self.states = 2 * (sum(map(len, layers)) + sum(len(t) for _r, t in tables))
        self._beta: list[dict[int, int]] | None = None
        self._numerators: list[int] | None = None
        self._restricted: dict[int | tuple[tuple[int, int], ...], int] = {}
        self._at_least = [
            con[1][0] for con in cons if con[0] == CELL and con[2] == (1,) and con[3] == {(1,)}
        ]

    def _backward(self) -> list[dict[int, int]]:
        """beta[i][state]: the series of the boxes from ``i`` on, entering ``i`` in ``state``.

        The same pass yields the per-box numerators: forward layer × (one chosen cell held) ×
        backward layer, summed over the states around each box.
        """
        if self._beta is not None:
            return self._beta
        s = self._series
        mask = s.mask
        n_boxes = len(self.masks)
        betas: list[dict[int, int]] = [{} for _ in range(n_boxes + 1)]
        nums = [0] * n_boxes
        b: dict[int, int] = {self.zero: 1}
        betas[n_boxes] = b
        for bi in range(n_boxes - 1, -1, -1):
            relevant, table = self._tables[bi]
            cw = self.weights[bi]
            size = self.sizes[bi]
            held = [s.mono(comb(size - 1, j - 1), j) if j else 0 for j in range(len(cw))]
            get = b.get
            prev: dict[int, int] = {}
            num = 0
            for st, a in self.layers[bi].items():
                loc = st & relevant
                rest = st ^ loc
                acc = 0
                accn = 0
                for j, nl in enumerate(table[loc]):
                    if nl >= 0:
                        bb = get(rest | nl)
                        if bb:
                            acc += cw[j] * bb
                            if j:
                                accn += held[j] * bb
                if acc:
                    prev[st] = acc & mask
                if accn:
                    num += (a * (accn & mask)) & mask
            nums[bi] = num & mask
            b = prev
            betas[bi] = b
        self._beta = betas
        self._numerators = nums
        return betas

    def numerators(self) -> list[int]:
        """Per box: the series counting the solutions that hold one given cell of that box."""
        if self._numerators is None:
            self._backward()
        assert self._numerators is not None
        return self._numerators

    def restricted(self, bar: int) -> int:
        """The series with the cells of ``bar`` kept free of artifacts (memoised per ``bar``)."""
        hit = self._restricted.get(bar)
        if hit is not None:
            return hit
        if any(not mk & ~bar for mk in self._at_least):
            self._restricted[bar] = 0  # an "at least one" lies wholly inside the barred cells
            return 0
        s = self._series
        mask = s.mask
        xs: dict[int, int] = {}
        for bi, bm in enumerate(self.masks):
            if bm & bar:
                xs[bi] = (bm & bar).bit_count()
        if not xs:
            return self.series
        sig = tuple(xs.items())  # only how many barred cells each box loses matters
        hit = self._restricted.get(sig)
        if hit is not None:
            self._restricted[bar] = hit
            return hit
        lo = min(xs)
        hi = max(xs)
        betas = self._backward()
        layer = self.layers[lo]
        for bi in range(lo, hi + 1):
            x = xs.get(bi, 0)
            if x:
                size = self.sizes[bi] - x
                cw = tuple(
                    s.mono(comb(size, j), j) if size >= 0 else 0
                    for j in range(len(self.weights[bi]))
                )
            else:
                cw = self.weights[bi]
            relevant, table = self._tables[bi]
            nxt: dict[int, int] = {}
            get = nxt.get
            for st, w in layer.items():
                loc = st & relevant
                rest = st ^ loc
                for j, nl in enumerate(table[loc]):
                    if nl >= 0:
                        c = cw[j]
                        if c:
                            key = rest | nl
                            nxt[key] = get(key, 0) + w * c
            # a state the full programme dropped (nothing left) is empty here too: drop it
            layer = {st: w & mask for st, w in nxt.items() if w & mask}
        after = betas[hi + 1]
        total = 0
        for st, w in layer.items():
            bb = after.get(st)
            if bb:
                total += w * bb
        total &= mask
        self._restricted[bar] = total
        self._restricted[sig] = total
        return total

    def sample_counts(self, total: int, rng: random.Random) -> list[int]:
        """Box counts with ``total`` artifacts in all, drawn with their exact weights."""
        s = self._series
        counts = [0] * len(self.masks)
        after = self.zero
        left = total
        for bi in range(len(self.masks) - 1, -1, -1):
            relevant, table = self._tables[bi]
            size = self.sizes[bi]
            options: list[tuple[int, int, int]] = []
            for st, a in self.layers[bi].items():
                loc = st & relevant
                rest = st ^ loc
                for j, nl in enumerate(table[loc]):
                    if nl >= 0 and j <= left and rest | nl == after:
                        w = s.coef(a, left - j) * comb(size, j)
                        if w:
                            options.append((w, st, j))
            pick = rng.randrange(sum(o[0] for o in options))
            for w, st, j in options:
                if pick < w:
                    counts[bi] = j
                    after = st
                    left -= j
                    break
                pick -= w
        return counts


def _advance(
    st: int,
    j: int,
    mem_roles: tuple[tuple[int, int, int], ...],
    closing: list[tuple[int, int, frozenset[int]]],
) -> int:
    """The state after ``j`` artifacts go in a box; -1 when a constraint closing here fails."""
    for off, fm, cap in mem_roles:
        v = (st >> off) & fm
        nv = v + j
        if nv > cap:
            nv = cap
        st += (nv - v) << off
    for off, cm, allowed in closing:
        if (st >> off) & cm not in allowed:
            return -1
        st &= ~(cm << off)
    return st


def extend(
    res: Residual, forced_add: int, barred_add: int, new: tuple[Con, ...]
) -> Residual | None:
    """``res`` with more forced cells, barred cells and constraints; ``None`` if it cannot hold.

    Constraints that pin all their cells (one cell that must hold an artifact, a set that must
    be empty) become forced or barred cells, and an "at least one of S" implied by another
    "at least one" inside S is dropped: cities whose residuals mean the same then share one.
    """
    forced, barred, cons, removals = res
    f2 = forced | forced_add
    b2 = barred | barred_add
    if f2 & b2:
        return None
    changed = (f2 ^ forced) | (b2 ^ barred)
    if not changed and not new:
        return res
    out = set(cons)
    pending = list(new)
    added: list[Con] = []
    while True:
        if changed:
            for con in [c for c in out if con_mask(c) & changed]:
                out.discard(con)
                pending.append(con)
        changed = 0
        for con in pending:
            nc = normalise(con, f2, b2)
            if nc is False:
                return None
            if nc is True:
                continue
            pin = _pinned(nc)
            if pin is not None:
                fa, ba = pin
                f2 |= fa
                b2 |= ba
                if f2 & b2:
                    return None
                changed |= fa | ba
                continue
            if nc not in out:
                out.add(nc)
                added.append(nc)
        pending = []
        if not changed:
            break
    for con in added:
        if con in out and _is_at_least_one(con):
            mk = con[1][0]
            if any(o is not con and _is_at_least_one(o) and o[1][0] & ~mk == 0 for o in out):
                out.discard(con)
                continue
            for o in [
                o for o in out if o is not con and _is_at_least_one(o) and mk & ~o[1][0] == 0
            ]:
                out.discard(o)
    return (f2, b2, frozenset(out), removals)


_AT_LEAST_ONE = frozenset({(1,)})


def _is_at_least_one(con: Con) -> bool:
    return con[0] == CELL and con[2] == (1,) and con[3] == _AT_LEAST_ONE


def _pinned(con: Con) -> tuple[int, int] | None:
    """(forced, barred) cells when an ordinary one-role constraint leaves its cells no choice."""
    kind, masks, caps, allowed = con
    if kind != CELL or len(masks) != 1 or len(allowed) != 1:
        return None
    (value,) = next(iter(allowed))
    if value == 0:
        return (0, masks[0])
    if value == caps[0] == masks[0].bit_count():
        return (masks[0], 0)
    return None


def components(cons: frozenset[Con] | tuple[Con, ...]) -> list[tuple[int, list[Con]]]:
    """Constraints grouped into independent components: (cells, constraints), in a fixed order."""
    comps: list[tuple[int, list[Con]]] = []
    for con in sorted(cons, key=_con_key):
        cm = con_mask(con)
        merged_mask = cm
        merged = [con]
        keep: list[tuple[int, list[Con]]] = []
        for mk, lst in comps:
            if mk & cm:
                merged_mask |= mk
                merged.extend(lst)
            else:
                keep.append((mk, lst))
        keep.append((merged_mask, merged))
        comps = keep
    comps.sort(key=lambda c: c[0] & -c[0])
    return comps


#: the constraints of the games going on: ~2,500 met in 400 games, the recent 4096 (~2 MB) suffice
@lru_cache(maxsize=1 << 12)
def _con_key(con: Con) -> tuple:
    """A fixed order for constraints (memo keys and sampling must not depend on set order)."""
    return (con[1], con[0], con[2], tuple(sorted(con[3])))


class ArtifactCounter:
    """Counts artifact sets for residual problems on one map shape, with shared memos.

    ``n`` cells, ``k`` of them the city (never artifacts), ``m`` artifacts. The component memo
    is what makes an update cheap: a new fact changes only the component it lands in.
    """

    #: the memo of component counts keeps the most recently used ones while their sizes
    #: (``Solved.states``, ~170 bytes each) add up to at most this, ~4 MB: a game's own
    #: components fit (a count is mostly reused within its game; 60 mixed games took the
    #: same time with twice as much). Only this memo holds counts, so it bounds them all.
    SOLVED_STATES = 25_000
    #: the memo of residuals' parts keeps this many, the most recently used (a few hundred
    #: bytes each: cells, memo keys and series, never the counts themselves)
    PARTS_LIMIT = 2048

    def __init__(self, n: int, k: int, m: int) -> None:
        self.n = n
        self.k = k
        self.m = m
        self.series = Series(m, n)
        self._solved: OrderedDict[tuple, Solved] = OrderedDict()
        self._solved_states = 0
        self._parts: OrderedDict[Residual, tuple] = OrderedDict()

    def solve(self, cons: tuple[Con, ...], removals: tuple[tuple[int, int], ...]) -> Solved:
        """The memoised count of one component."""
        key = (cons, removals)
        memo = self._solved
        hit = memo.get(key)
        if hit is not None:
            memo.move_to_end(key)
            return hit
        hit = Solved(self.series, cons, removals)
        memo[key] = hit
        self._solved_states += hit.states
        while self._solved_states > self.SOLVED_STATES and len(memo) > 1:
            _key, old = memo.popitem(last=False)
            self._solved_states -= old.states
        return hit

    def _split(self, res: Residual) -> tuple:
        """(components as (cells, memo key, series), free cell count, artifacts left to place)."""
        memo = self._parts
        hit = memo.get(res)
        if hit is not None:
            memo.move_to_end(res)
            return hit
        forced, barred, cons, removals = res
        comps = []
        union = 0
        for mk, lst in components(cons):
            rem = tuple(sorted((reg, r) for reg, r in removals if reg & mk and r))
            key = (tuple(lst), rem)
            comps.append((mk, key, self.solve(*key).series))
            union |= mk
        inside = sum(r for _reg, r in removals)
        free = self.n - self.k - (forced | barred | union).bit_count() + inside
        hit = (tuple(comps), free, self.m - forced.bit_count())
        memo[res] = hit
        if len(memo) > self.PARTS_LIMIT:
            memo.popitem(last=False)
        return hit

    def parts(self, res: Residual) -> tuple:
        """(components as (cells, memo key, solved), free cell count, artifacts left to place)."""
        comps, free, left = self._split(res)
        solve = self.solve
        return tuple((mk, key, solve(*key)) for mk, key, _series in comps), free, left

    def weight(self, res: Residual) -> int:
        """How many artifact sets fit ``res`` (for one city that has this residual)."""
        comps, free, left = self._split(res)
        if left < 0 or free < 0:
            return 0
        s = self.series
        q = s.binoms[free]
        mask = s.mask
        for _mk, _key, series in comps:
            q = (q * series) & mask
            if not q:
                return 0
        return s.coef(q, left)

    def sample(self, res: Residual, city: int, rng: random.Random) -> int:
        """One artifact set (a mask) for ``city`` with residual ``res``, drawn exactly."""
        forced, barred, cons, removals = res
        comps, free, left = self.parts(res)
        s = self.series
        mask = s.mask
        series = [sol.series for _mk, _key, sol in comps]
        # suffix products: what the later components and the free cells can still take
        suffix = [s.binoms[free]]
        for ser in reversed(series):
            suffix.append((suffix[-1] * ser) & mask)
        suffix.reverse()
        out = forced
        union = 0
        for ci, (mk, _key, sol) in enumerate(comps):
            union |= mk
            rest = suffix[ci + 1]
            weights = [s.coef(sol.series, t) * s.coef(rest, left - t) for t in range(left + 1)]
            t = _pick(weights, rng)
            counts = sol.sample_counts(t, rng)
            for bm, j in zip(sol.masks, counts, strict=True):
                if j:
                    out |= _choose(bm & ~city, j, rng)
            left -= t
        free_cells = ((1 << self.n) - 1) & ~(forced | barred | union | city)
        if left:
            out |= _choose(free_cells, left, rng)
        return out


def _pick(weights: list[int], rng: random.Random) -> int:
    """An index drawn with probability proportional to its (exact, integer) weight."""
    total = sum(weights)
    pick = rng.randrange(total)
    for i, w in enumerate(weights):
        if pick < w:
            return i
        pick -= w
    raise AssertionError("weights ran out")


def _choose(mask: int, j: int, rng: random.Random) -> int:
    """``j`` cells of ``mask``, uniformly."""
    cells = bits_of(mask)
    out = 0
    for c in rng.sample(cells, j):
        out |= 1 << c
    return out
