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
    return (CELL, (mask,), (1,), frozenset({(1,)}))


def either_or_none(first: int, rest: int) -> Con:
    """``first`` is an artifact, or none of ``rest`` is (an "artifact or deep" reading)."""
    return (CELL, (first, rest), (1, 1), frozenset({(1, 0), (1, 1), (0, 0)}))


def count_in(mask: int, allowed: frozenset[int] | set[int]) -> Con | None:
    """Exactly one of ``allowed`` artifacts lie in ``mask``; ``None`` when nothing is allowed."""
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
        cap <= mk.bit_count() for mk, cap in zip(masks, caps)
    ):
        return con
    shifts: list[int] = []
    new_masks: list[int] = []
    new_caps: list[int] = []
    for mk, cap in zip(masks, caps):
        sh = (mk & forced).bit_count()
        nm = mk & ~gone
        shifts.append(sh)
        new_masks.append(nm)
        new_caps.append(min(max(cap - sh, 0), nm.bit_count()))
    ok = set()
    for u in product(*(range(c + 1) for c in new_caps)):
        old = tuple(min(x + sh, cap) for x, sh, cap in zip(u, shifts, caps))
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
    if kind == CELL and len(ok) == prod_len(caps2):
        return True
    return (kind, tuple(new_masks[i] for i in keep), caps2, frozenset(ok))


def prod_len(caps: tuple[int, ...]) -> int:
    out = 1
    for c in caps:
        out *= c + 1
    return out


def con_mask(con: Con) -> int:
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
        out = 0
        for t, c in enumerate(coefs[: self.m + 1]):
            out |= c << (self.bits * t)
        return out

    def coef(self, s: int, t: int) -> int:
        if t < 0 or t > self.m:
            return 0
        return (s >> (self.bits * t)) & self.low

    def mono(self, c: int, t: int) -> int:
        """``c * x**t`` (zero beyond the truncation)."""
        return c << (self.bits * t) if t <= self.m else 0

    def mul(self, a: int, b: int) -> int:
        return (a * b) & self.mask


class Solved:
    """One component counted: its boxes, the forward layers of the programme, its series.

    The layers stay so that artifacts can be sampled backwards through them and the per-box
    numerators (for the cell marginals) computed only when someone asks.
    """

    __slots__ = (
        "masks",
        "sizes",
        "steps",
        "layers",
        "series",
        "zero",
        "_numerators",
        "_counter",
    )

    def __init__(self, counter: ArtifactCounter, cons: tuple[Con, ...], removals) -> None:
        self._counter = counter
        s = counter.series
        roles: list[tuple[int, int]] = []  # (mask, cap)
        role_of: list[list[int]] = []
        cell_union = 0
        for kind, masks, caps, _allowed in cons:
            idx = []
            for mk, cap in zip(masks, caps):
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
        steps = []
        for bi, (_bm, mem) in enumerate(boxes):
            mem_roles = tuple((r, roles[r][1]) for r in bits_of(mem))
            closing = tuple((tuple(role_of[ci]), cons[ci][3]) for ci, lb in last.items() if lb == bi)
            size = sizes[bi]
            weights = tuple(s.mono(comb(size, j), j) for j in range(min(size, s.m) + 1))
            steps.append((mem_roles, closing, weights, size))
        self.masks = [bm for bm, _mem in boxes]
        self.sizes = sizes
        self.steps = steps
        self.zero = (0,) * len(roles)
        layer: dict[tuple[int, ...], int] = {self.zero: 1}
        layers = [layer]
        mask = s.mask
        for mem_roles, closing, weights, _size in steps:
            nxt: dict[tuple[int, ...], int] = {}
            for st, w in layer.items():
                for j, cw in enumerate(weights):
                    key = _advance(st, j, mem_roles, closing)
                    if key is None:
                        continue
                    nxt[key] = (nxt.get(key, 0) + w * cw) & mask
            layer = nxt
            layers.append(layer)
        self.layers = layers
        self.series = layer.get(self.zero, 0)
        self._numerators: list[int] | None = None

    def numerators(self) -> list[int]:
        """Per box: the series counting the solutions that hold one given cell of that box."""
        if self._numerators is not None:
            return self._numerators
        s = self._counter.series
        mask = s.mask
        beta: dict[tuple[int, ...], int] = {self.zero: 1}
        out = [0] * len(self.steps)
        for bi in range(len(self.steps) - 1, -1, -1):
            mem_roles, closing, weights, size = self.steps[bi]
            prev: dict[tuple[int, ...], int] = {}
            num = 0
            for st, a in self.layers[bi].items():
                acc = 0
                accn = 0
                for j, cw in enumerate(weights):
                    key = _advance(st, j, mem_roles, closing)
                    if key is None:
                        continue
                    b = beta.get(key)
                    if not b:
                        continue
                    acc += cw * b
                    if j:
                        accn += s.mono(comb(size - 1, j - 1), j) * b
                prev[st] = acc & mask
                if accn:
                    num += (a * (accn & mask)) & mask
            out[bi] = num & mask
            beta = prev
        self._numerators = out
        return out

    def sample_counts(self, total: int, rng: random.Random) -> list[int]:
        """Box counts with ``total`` artifacts in all, drawn with their exact weights."""
        s = self._counter.series
        counts = [0] * len(self.steps)
        after = self.zero
        left = total
        for bi in range(len(self.steps) - 1, -1, -1):
            mem_roles, closing, weights, _size = self.steps[bi]
            options: list[tuple[int, tuple[int, ...], int]] = []
            for st, a in self.layers[bi].items():
                for j in range(min(len(weights) - 1, left) + 1):
                    if _advance(st, j, mem_roles, closing) != after:
                        continue
                    w = s.coef(a, left - j) * s.coef(weights[j], j)
                    if w:
                        options.append((w, st, j))
            pick = rng.randrange(sum(o[0] for o in options))
            for w, st, j in options:
                if pick < w:
                    break
                pick -= w
            counts[bi] = j
            after = st
            left -= j
        return counts


def _advance(
    st: tuple[int, ...],
    j: int,
    mem_roles: tuple[tuple[int, int], ...],
    closing: tuple[tuple[tuple[int, ...], frozenset[tuple[int, ...]]], ...],
) -> tuple[int, ...] | None:
    """The state after putting ``j`` artifacts in a box; ``None`` if a closing constraint fails."""
    if not j and not closing:
        return st
    lst = list(st)
    if j:
        for r, cap in mem_roles:
            v = lst[r] + j
            lst[r] = v if v < cap else cap
    for idx, allowed in closing:
        if tuple(lst[r] for r in idx) not in allowed:
            return None
        for r in idx:
            lst[r] = 0
    return tuple(lst)


def extend(res: Residual, forced_add: int, barred_add: int, new: tuple[Con, ...]) -> Residual | None:
    """``res`` with more forced cells, barred cells and constraints; ``None`` if it cannot hold."""
    forced, barred, cons, removals = res
    f2 = forced | forced_add
    b2 = barred | barred_add
    if f2 & b2:
        return None
    changed = (f2 ^ forced) | (b2 ^ barred)
    if changed:
        out: set[Con] = set()
        for con in cons:
            if con_mask(con) & changed:
                nc = normalise(con, f2, b2)
                if nc is False:
                    return None
                if nc is not True:
                    out.add(nc)
            else:
                out.add(con)
    elif not new:
        return res
    else:
        out = set(cons)
    for con in new:
        nc = normalise(con, f2, b2)
        if nc is False:
            return None
        if nc is not True:
            out.add(nc)
    return (f2, b2, frozenset(out), removals)


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


def _con_key(con: Con) -> tuple:
    return (con[1], con[0], con[2], sorted(con[3]))


class ArtifactCounter:
    """Counts artifact sets for residual problems on one map shape, with shared memos.

    ``n`` cells, ``k`` of them the city (never artifacts), ``m`` artifacts. The component memo
    is what makes an update cheap: a new fact changes only the component it lands in.
    """

    #: memo sizes after which the memos start again (bounds the memory of a long game)
    MEMO_LIMIT = 200_000

    def __init__(self, n: int, k: int, m: int) -> None:
        self.n = n
        self.k = k
        self.m = m
        self.series = Series(m, n)
        self._solved: dict[tuple, Solved] = {}
        self._parts: dict[Residual, tuple] = {}
        self._restricted: dict[tuple, tuple[int, int]] = {}

    def solve(self, cons: tuple[Con, ...], removals: tuple[tuple[int, int], ...]) -> Solved:
        key = (cons, removals)
        hit = self._solved.get(key)
        if hit is None:
            if len(self._solved) > self.MEMO_LIMIT:
                self._solved.clear()
            hit = Solved(self, cons, removals)
            self._solved[key] = hit
        return hit

    def parts(self, res: Residual) -> tuple:
        """(components as (cells, memo key, solved), free cell count, artifacts left to place)."""
        hit = self._parts.get(res)
        if hit is not None:
            return hit
        forced, barred, cons, removals = res
        comps = []
        union = 0
        for mk, lst in components(cons):
            rem = tuple(sorted((reg, r) for reg, r in removals if reg & mk and r))
            key = (tuple(lst), rem)
            comps.append((mk, key, self.solve(*key)))
            union |= mk
        inside = sum(r for _reg, r in removals)
        free = self.n - self.k - (forced | barred | union).bit_count() + inside
        hit = (tuple(comps), free, self.m - forced.bit_count())
        if len(self._parts) > self.MEMO_LIMIT:
            self._parts.clear()
        self._parts[res] = hit
        return hit

    def restricted(self, key: tuple, bar: int) -> tuple[int, int]:
        """One component with the cells of ``bar`` kept clear of artifacts.

        Returns its series and how many of its cells fell out of every constraint (they become
        free cells). ``bar`` must avoid the city (only then is the component's meaning fixed).
        """
        memo_key = (key, bar)
        hit = self._restricted.get(memo_key)
        if hit is not None:
            return hit
        cons, removals = key
        cells = 0
        new: list[Con] = []
        ok = True
        for con in cons:
            cells |= con_mask(con)
            nc = normalise(con, 0, bar)
            if nc is False:
                ok = False
                break
            if nc is not True:
                new.append(nc)
        if not ok:
            hit = (0, 0)
        else:
            mask = self.series.mask
            q = 1
            new_union = 0
            for mk, lst in components(new):
                rem = tuple(sorted((reg, r) for reg, r in removals if reg & mk))
                q = (q * self.solve(tuple(lst), rem).series) & mask
                new_union |= mk
            hit = (q, (cells & ~bar & ~new_union).bit_count())
        if len(self._restricted) > self.MEMO_LIMIT:
            self._restricted.clear()
        self._restricted[memo_key] = hit
        return hit

    def weight(self, res: Residual) -> int:
        """How many artifact sets fit ``res`` (for one city that has this residual)."""
        comps, free, left = self.parts(res)
        if left < 0 or free < 0:
            return 0
        s = self.series
        q = s.binoms[free]
        mask = s.mask
        for _mk, _key, sol in comps:
            q = (q * sol.series) & mask
            if not q:
                return 0
        return s.coef(q, left)

    def restricted_weight(self, res: Residual, barred_extra: int) -> int:
        """``weight`` with every cell of ``barred_extra`` also kept free of artifacts.

        ``barred_extra`` must avoid the city; it is how P(deep) is counted: a space is deep
        exactly when no trace lies on it or next to it.
        """
        ext = extend(res, 0, barred_extra, ())
        return 0 if ext is None else self.weight(ext)

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
            for bm, j in zip(sol.masks, counts):
                if j:
                    out |= _choose(bm & ~city, j, rng)
            left -= t
        free_cells = ((1 << self.n) - 1) & ~(forced | barred | union | city)
        if left:
            out |= _choose(free_cells, left, rng)
        return out


def _pick(weights: list[int], rng: random.Random) -> int:
    total = sum(weights)
    pick = rng.randrange(total)
    for i, w in enumerate(weights):
        if pick < w:
            return i
        pick -= w
    raise AssertionError("weights ran out")  # pragma: no cover


def _choose(mask: int, j: int, rng: random.Random) -> int:
    cells = bits_of(mask)
    out = 0
    for c in rng.sample(cells, j):
        out |= 1 << c
    return out
