"""The exact posterior of one chart over the map *and* every submarine's route (issue 28).

The model (docs/rules-decisions.md, "Finding: what a chart knows (issue 28)"):

* **The map** has the generator's prior: the city uniform over ``atlantis_placements``, the
  artifacts a uniform ``m``-subset of the other cells (exactly what :class:`Belief` counts).
* **Each submarine's route** is a Markov chain over cells, independent of the map and of the
  other routes. Its start space is public; a wrong claim's teleport puts it on a uniform cell.
  A hidden move seen from outside (:data:`KERNELS`) picks its direction uniformly among N, E,
  S, W; ``line`` goes exactly ``reach`` spaces, stopping at the edge; ``upto`` (the Engineer)
  picks its distance uniformly from 1 to ``reach``, stopping at the edge; a move the table
  heard was ``stopped`` (a mine or a monster) ended uniformly on one of the spaces of its
  full-length path, its direction uniform among those with a path; ``jump`` (the Tidal Pearl)
  lands uniformly on one of the on-map spaces within ``reach`` king steps, or, while the
  submarine is lost as far as the chart tells, picks one of the 24 offsets uniformly and stays
  put when it points off the map (the rules for a lost jump). The chart's owner knows its own
  moves (its private entry gives the direction and the distance): those are certain.
* **Public entries are hard constraints**: a surfacing or any other anchor, a burn (one space
  that way, or "at the edge"), the Phantom's row or column, and the spaces a reading's result
  allows at all (``possible_cells``: its edges, its numbers).
* **A reading's likelihood** at cell ``x`` on map ``M`` is 1 when ``facts_of(r, x)`` is not
  ``None`` and every one of those facts holds on ``M``, else 0.

So ``P(M | chart) ∝ P(M) · Π_s Σ_routes P(route_s) Π_{r of s} 1[facts_of(r, x_r) hold on M]``.
Expanding each submarine's sum over the cells its uncertain readings were taken at gives a
mixture: a term per joint assignment, weighted by the chains (a forward pass whose state is the
cell *and the set of facts gathered so far*, so assignments that say the same merge), whose
map part is the number of maps satisfying the chart's located facts plus the assignment's
facts, counted exactly by :class:`Belief`. Everything here is a ratio of those sums.

What keeps it small, without changing it: facts the located facts already make certain are
dropped from a term (they hold on every map left); a cell where some fact of the reading is
impossible is removed from the chain (weight 0 on every map left), which may pin a reading,
whose facts then join the located ones (repeated until nothing changes); a submarine's chain
is cut into independent *episodes* wherever all its paths meet in one cell (an anchor, a
pinned reading) or it is teleported. When the terms would still be too many (``max_terms``
joint terms, ``max_states`` forward states), the episodes with the most terms have their
readings left out (counted only as hard constraints), and the answer says so: ``exact`` is
False and ``ignored`` names those readings.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import lru_cache
from itertools import product
from math import prod

from ai.finding.belief import Belief, _counter
from game.finding.chart import ANCHORS, Entry, follow, in_line, know
from game.finding.facts import CellIs, Fact
from game.finding.ocean import MOVES, SIZES, Cell, cell_at, step, walk, xy
from game.finding.readings import facts_of, is_placed, possible_cells

#: the joint terms one answer may count: each is a Belief of its own (on 8×8 some 30-80 ms to
#: make and ~5 MB while an answer is worked out); 32 keep a worker near 200 MB (64: 385 MB)
MAX_TERMS = 32
#: forward states (cell, facts so far) one submarine's pass may hold at once
MAX_STATES = 4000
#: the component counts the artifact counter keeps while a posterior is in use (its own bound,
#: 25,000 ≈ 4 MB, suits one belief: the terms of a mixture evicted each other's counts and a
#: busy update re-counted ~1,000 components; 100,000 ≈ 17 MB re-counts ~200)
SOLVED_STATES = 100_000
#: the most top cities of each term the best city is looked for among
TOP_CITIES = 128
#: the payload key of "where the submarine is now"
NOW = -1

Dist = dict[Cell, float]


# --- the moves seen from outside: cell -> {cell: probability} ---------------------------------
def _add(out: Dist, c: Cell, p: float) -> None:
    out[c] = out.get(c, 0.0) + p


def _line(size: int, c: Cell, reach: int, lost: bool) -> Dist:
    out: Dist = {}
    for d in MOVES:
        path = walk(size, c, d, reach)
        _add(out, path[-1] if path else c, 1 / len(MOVES))
    return out


def _upto(size: int, c: Cell, reach: int, lost: bool) -> Dist:
    out: Dist = {}
    for d in MOVES:
        for k in range(1, reach + 1):
            path = walk(size, c, d, k)
            _add(out, path[-1] if path else c, 1 / (len(MOVES) * reach))
    return out


def _stopped(size: int, c: Cell, reach: int, lost: bool) -> Dist:
    paths = [p for d in MOVES if (p := walk(size, c, d, reach))]
    out: Dist = {}
    for path in paths:
        for t in path:
            _add(out, t, 1 / (len(paths) * len(path)))
    return out


def _jump(size: int, c: Cell, reach: int, lost: bool) -> Dist:
    x, y = xy(size, c)
    targets = [
        cell_at(size, x + dx, y + dy)
        for dy in range(-reach, reach + 1)
        for dx in range(-reach, reach + 1)
        if (dx, dy) != (0, 0)
    ]
    if not lost:
        targets = [t for t in targets if t is not None]
    out: Dist = {}
    for t in targets:
        _add(out, c if t is None else t, 1 / len(targets))
    return out


#: (shape, stopped) -> the transition of a hidden move seen from outside
KERNELS: dict[tuple[str, bool], Callable[[int, Cell, int, bool], Dist]] = {
    ("line", False): _line,
    ("upto", False): _upto,
    ("line", True): _stopped,
    ("upto", True): _stopped,
    ("jump", False): _jump,
    ("jump", True): _jump,
}


@lru_cache(maxsize=4096)
def kernel(size: int, c: Cell, shape: str, reach: int, stopped: bool, lost: bool) -> Dist:
    """Where a hidden move of ``shape`` from ``c`` ends, with its probability (cached)."""
    return KERNELS[(shape, stopped)](size, c, reach, lost)


# --- a submarine's trail as operations on its chain -------------------------------------------
@dataclass(frozen=True, slots=True)
class Op:
    """One entry of the chart as it acts on one submarine's chain.

    ``kind``: ``reset`` (uniform anywhere), ``anchor`` (``cell``), ``move`` (``step(c)`` gives
    the next cells' probabilities), ``keep`` (only ``cells`` are possible) or ``read`` (the
    reading at log index ``index``; its possible cells come as a ``keep`` just before).
    """

    kind: str
    index: int = -1
    cell: Cell = -1
    cells: frozenset[Cell] = frozenset()
    step: Callable[[Cell], Dist] | None = None


def _burn(size: int, d: str, moved: int) -> Callable[[Cell], Dist]:
    def go(c: Cell) -> Dist:
        t = step(size, c, d)
        if moved:
            return {} if t is None else {t: 1.0}
        return {c: 1.0} if t is None else {}

    return go


def _own(size: int, e: Entry) -> Callable[[Cell], Dist]:
    def go(c: Cell) -> Dist:
        return dict.fromkeys(follow(frozenset({c}), e, size), 1.0)

    return go


def _outside(size: int, e: Entry, lost: bool) -> Callable[[Cell], Dist]:
    args = (e.arg("shape"), e.arg("reach"), bool(e.arg("stopped")), lost)
    return lambda c: kernel(size, c, *args)


def trails(log: Iterable[Entry], seat: int | None, n: int, size: int) -> list[list[Op]]:
    """Each submarine's chain as ``seat``'s chart tells it, entry by entry (log indexes kept)."""
    ops: list[list[Op]] = [[] for _ in range(n)]
    lost = [False] * n
    for i, e in enumerate(log):
        if not e.visible_to(seat):
            continue
        w = e.who
        r = e.reading
        if r is not None:
            if is_placed(r.kind):
                ops[w].append(Op("keep", i, cells=possible_cells(r, size)))
                ops[w].append(Op("read", i))
        elif e.kind in ANCHORS and e.at is not None:
            ops[w].append(Op("anchor", i, cell=e.at))
            if e.to is None:
                lost[w] = False
        elif e.kind == "move":
            if w != seat:  # the mover's own entry (next) says how it really went
                ops[w].append(Op("move", i, step=_outside(size, e, lost[w])))
        elif e.kind == "my_move":
            ops[w].append(Op("move", i, step=_own(size, e)))
            if e.at is not None:
                ops[w].append(Op("anchor", i, cell=e.at))
        elif e.kind == "burn":
            ops[w].append(Op("move", i, step=_burn(size, e.arg("direction"), e.arg("moved"))))
        elif e.kind == "phantom":
            line = in_line(frozenset(range(size * size)), e.arg("reveal"), e.arg("value"), size)
            ops[w].append(Op("keep", i, cells=line))
        elif e.kind == "teleport":
            ops[w].append(Op("reset", i))
            lost[w] = True
    return ops


def _supports(ops: list[Op], size: int, banned: dict[int, frozenset[Cell]]) -> list[frozenset]:
    """Per operation, the cells the submarine can be on just after it, given the whole trail
    (forward sets narrowed backwards): the hard constraints only."""
    everywhere = frozenset(range(size * size))
    fwd: list[frozenset[Cell]] = []
    here = everywhere
    for op in ops:
        if op.kind == "reset":
            here = everywhere
        elif op.kind == "anchor":
            here = frozenset({op.cell})  # an anchor is the truth: never empty
        elif op.kind == "move":
            assert op.step is not None
            here = frozenset(t for c in here for t in op.step(c))
        elif op.kind == "keep":
            here = here & op.cells
        elif op.kind == "read":
            here = here - banned.get(op.index, frozenset())
        fwd.append(here)
    out = list(fwd)
    later: frozenset[Cell] | None = None  # the cells possible just after the next op
    for j in range(len(ops) - 1, -1, -1):
        if later is not None:
            nxt = ops[j + 1]
            if nxt.kind == "move":
                assert nxt.step is not None
                out[j] = frozenset(c for c in fwd[j] if not later.isdisjoint(nxt.step(c)))
            elif nxt.kind == "reset":
                out[j] = fwd[j]
            else:
                out[j] = fwd[j] & later
        later = out[j]
    return out


# --- the answer ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class Answer:
    """The posterior of one chart: per cell the terrain probabilities, per submarine where it
    is now, per uncertain reading (log index) where it was taken; ``exact`` False when some
    readings had to be left out (``ignored``) to keep the terms within the cap."""

    size: int
    cells: tuple[dict[str, float], ...]
    where: tuple[Dist, ...]
    readings: dict[int, Dist]
    exact: bool
    ignored: tuple[int, ...]
    terms: int
    #: the located facts the answer rests on (the chart's, and those its chains pin)
    facts: tuple[Fact, ...]
    best_city: frozenset[Cell]
    best_p: float
    consistent: bool = True


@dataclass
class _Episode:
    """One independent stretch of a submarine's chain: its options by the facts they add."""

    sub: int
    options: dict[frozenset[Fact], tuple[float, dict[tuple[int, Cell], float]]]
    reads: tuple[int, ...]


class _TooBig(Exception):
    def __init__(self, index: int) -> None:
        self.index = index


class Posterior:
    """The posterior of one seat's chart, kept between updates (the located facts' belief is
    only extended when the chart grows; a chart that does not extend it starts again)."""

    def __init__(
        self,
        seat: int | None,
        n: int,
        size: int,
        k_atlantis: int | None = None,
        m_artifacts: int | None = None,
        *,
        max_terms: int | None = None,
        max_states: int | None = None,
    ) -> None:
        self.seat = seat
        self.n = n
        self.size = size
        k_def, m_def = SIZES.get(size, (None, None))
        self.k = k_atlantis if k_atlantis is not None else k_def
        self.m = m_artifacts if m_artifacts is not None else m_def
        self.max_terms = MAX_TERMS if max_terms is None else max_terms
        self.max_states = MAX_STATES if max_states is None else max_states
        self._base: Belief | None = None
        self._held: list[Fact] = []
        if self.k is not None and self.m is not None:
            counter = _counter(size * size, self.k, self.m)
            counter.SOLVED_STATES = max(counter.SOLVED_STATES, SOLVED_STATES)
        #: the term beliefs of the last answer: facts added -> (located facts they hold, belief)
        self._terms: dict[frozenset[Fact], tuple[int, Belief]] = {}
        #: the chart's located facts at the last update, and the facts its chains implied
        self._told: set[Fact] = set()
        self._implied: list[Fact] = []
        #: per term: (its belief, its top cities by list length, city weights asked for)
        self._cities: dict[frozenset[Fact], tuple[Belief, dict, dict]] = {}

    def _belief(self, facts: list[Fact]) -> Belief:
        """The belief on ``facts``, extending the one kept when they include its facts (the
        order facts go in does not change a belief)."""
        held = self._held
        had = set(held)
        if self._base is None or not had <= set(facts):
            self._base = Belief(self.size, self.k, self.m, dict.fromkeys(facts))
            self._terms = {}
            self._held = list(dict.fromkeys(facts))
            return self._base
        for f in dict.fromkeys(facts):
            if f not in had:
                self._base.add(f)
                held.append(f)
        return self._base

    def update(self, log: tuple[Entry, ...]) -> Answer:
        """The answer for the chart ``log`` (a view's log, or the full log read as ``seat``)."""
        size = self.size
        chart = know(log, self.seat, self.n, size)
        told = set(chart.facts)
        if not self._told <= told:  # not the chart kept so far grown: start again
            self._base = None
            self._implied = []
        self._told = told
        # what the chains implied stays implied: a reading's possible places only shrink
        facts = list(dict.fromkeys([*chart.facts, *self._implied]))
        ops = trails(log, self.seat, self.n, size)
        reads = {op.index: log[op.index].reading for t in ops for op in t if op.kind == "read"}
        while True:
            base = self._belief(facts)
            if not base.consistent():
                return _nothing(size, self.n, tuple(facts))
            counts = base.cell_counts()
            news, banned = self._classify(reads, counts)
            supports = [_supports(t, size, banned) for t in ops]
            more = self._agreed(ops, supports, news)
            held = set(facts)
            fresh = list(dict.fromkeys(f for f in more if f not in held))
            if not fresh:
                break
            facts.extend(fresh)
        self._implied = [f for f in facts if f not in told]
        return self._mix(base, tuple(facts), ops, supports, news)

    def _classify(
        self, reads: dict, counts: list[dict[str, int]]
    ) -> tuple[dict[int, dict[Cell, frozenset[Fact]]], dict[int, frozenset[Cell]]]:
        """Per reading and possible cell: the facts it would add that are not yet certain;
        and the cells where one of its facts is impossible (weight 0 on every map left)."""
        size = self.size
        news: dict[int, dict[Cell, frozenset[Fact]]] = {}
        banned: dict[int, frozenset[Cell]] = {}
        for i, r in reads.items():
            got: dict[Cell, frozenset[Fact]] = {}
            bad = set()
            for x in possible_cells(r, size):
                fs = facts_of(r, x, size) or ()
                new = []
                for f in fs:
                    if isinstance(f, CellIs):
                        row = counts[f.cell]
                        if not any(row[t] for t in f.terrains):
                            bad.add(x)
                            break
                        if all(row[t] == 0 for t in row if t not in f.terrains):
                            continue  # certain already
                    new.append(f)
                else:
                    got[x] = frozenset(new)
            news[i] = got
            banned[i] = frozenset(bad)
        return news, banned

    @staticmethod
    def _agreed(ops: list[list[Op]], supports: list[list[frozenset]], news: dict) -> list[Fact]:
        """Facts every cell a reading can have been taken at agrees on (a pinned reading's)."""
        out: list[Fact] = []
        for t, sup in zip(ops, supports, strict=True):
            for op, cells in zip(t, sup, strict=True):
                if op.kind != "read" or not cells:
                    continue
                sets = [news[op.index][x] for x in cells]
                common = frozenset.intersection(*sets)
                out.extend(sorted(common, key=repr))
        return out

    def _term(self, parent: Belief, had: frozenset[Fact], f: frozenset[Fact]) -> Belief:
        """The belief on the located facts and ``f``: kept from the last answer (extended by
        the located facts gained since), else ``parent`` (the belief on ``had``, a part of
        ``f``) with the rest of ``f`` added."""
        held = len(self._held)
        got = self._terms.get(f)
        if got is not None:
            since, b = got
            if since < held:
                b = b.with_facts(*self._held[since:])
        elif f != had:
            b = parent.with_facts(*sorted(f - had, key=repr))
        else:
            b = parent
        self._terms[f] = (held, b)
        return b

    def _best_city(self, per_f: dict, memo: dict, z: float) -> tuple[frozenset[Cell], float]:
        """The likeliest city of the mixture: the best of each term's top cities, checked
        against a bound on every city outside them (the top lists grow until the bound is
        beaten, up to :data:`TOP_CITIES`; past that it is the best of those candidates). What
        a term's belief says of a city is kept while that belief is."""
        kept = {f: v for f, v in self._cities.items() if f in per_f and v[0] is memo[f][1]}
        for f in per_f:
            kept.setdefault(f, (memo[f][1], {}, {}))
        self._cities = kept
        top = 8
        while True:
            tops = {}
            for f in per_f:
                b, lists, _w = kept[f]
                if top not in lists:
                    lists[top] = b.city_probabilities(top=top)
                tops[f] = lists[top]
            cands = sorted(set().union(*tops.values()), key=sorted)
            if not cands:
                return frozenset(), 0.0
            score = [0.0] * len(cands)
            for f, wt in per_f.items():
                b, _lists, weights = kept[f]
                missing = [c for c in cands if c not in weights]
                if missing:
                    weights.update(zip(missing, b.city_weights_of(missing), strict=True))
                for j, city in enumerate(cands):
                    score[j] += wt * weights[city]
            j = max(range(len(cands)), key=score.__getitem__)
            bound = sum(
                wt * memo[f][0] * (min(tops[f].values()) if len(tops[f]) >= top else 0.0)
                for f, wt in per_f.items()
            )
            if score[j] >= bound or top >= TOP_CITIES:
                return cands[j], score[j] / z
            top *= 4

    # --- the forward pass of one submarine, episode by episode ---------------------------------
    def _episodes(
        self,
        w: int,
        ops: list[Op],
        sup: list[frozenset],
        news: dict,
        ignored: set[int],
    ) -> list[_Episode]:
        size = self.size
        N = size * size
        State = dict[tuple[Cell, frozenset[Fact]], tuple[float, dict[tuple[int, Cell], float]]]
        out: list[_Episode] = []
        states: State = {(c, frozenset()): (1.0 / N, {}) for c in range(N)}
        reads: list[int] = []

        def close(states: State, now: bool) -> None:
            options: dict = {}
            for (c, f), (wt, pl) in states.items():
                if now:
                    pl = {**pl, (NOW, c): pl.get((NOW, c), 0.0) + wt}
                got = options.get(f)
                if got is None:
                    options[f] = (wt, dict(pl))
                else:
                    acc = got[1]
                    for key, v in pl.items():
                        acc[key] = acc.get(key, 0.0) + v
                    options[f] = (got[0] + wt, acc)
            total = sum(v[0] for v in options.values())
            if total > 0:
                options = {
                    f: (wt / total, {key: v / total for key, v in pl.items()})
                    for f, (wt, pl) in options.items()
                }
            out.append(_Episode(w, options, tuple(reads)))

        for op, cells in zip(ops, sup, strict=True):
            nxt: State = {}
            if op.kind == "reset":
                close(states, False)
                reads = []
                nxt = {(c, frozenset()): (1.0 / N, {}) for c in cells}
            elif op.kind == "move":
                assert op.step is not None
                for (c, f), (wt, pl) in states.items():
                    for t, p in op.step(c).items():
                        if t not in cells:
                            continue
                        _into(nxt, (t, f), wt * p, pl, p)
            elif op.kind == "read" and len(cells) > 1:
                used = op.index not in ignored
                if used:
                    reads.append(op.index)
                facts_at = news[op.index]
                for (c, f), (wt, pl) in states.items():
                    if c in cells:
                        pl2 = {**pl, (op.index, c): wt}
                        _into(nxt, (c, f | facts_at[c] if used else f), wt, pl2, 1.0)
            else:
                nxt = {key: v for key, v in states.items() if key[0] in cells}
            if len(nxt) > self.max_states:
                raise _TooBig(_widest(reads, news))
            states = nxt
            here = {c for c, _f in states}
            if len(here) == 1 and (reads or len(states) > 1):
                close(states, False)
                reads = []
                (c,) = here
                states = {(c, frozenset()): (1.0, {})}
        close(states, True)
        return out

    def _mix(
        self,
        base: Belief,
        facts: tuple[Fact, ...],
        ops: list[list[Op]],
        supports: list[list[frozenset]],
        news: dict,
    ) -> Answer:
        size = self.size
        ignored: set[int] = set()
        episodes: list[_Episode] = []
        for w, (t, sup) in enumerate(zip(ops, supports, strict=True)):
            while True:
                try:
                    episodes.extend(self._episodes(w, t, sup, news, ignored))
                    break
                except _TooBig as big:
                    ignored.add(big.index)
        common: frozenset[Fact] = frozenset()
        multi: list[_Episode] = []
        for ep in episodes:
            if len(ep.options) == 1:
                common |= next(iter(ep.options))
            elif ep.options:
                multi.append(ep)
        # too many joint terms: the widest episodes' readings are left out (hard constraints only)
        while multi and prod(len(ep.options) for ep in multi) > self.max_terms:
            ep = max(multi, key=lambda e: len(e.options))
            _collapse(ep)
            ignored.update(ep.reads)
            multi.remove(ep)
        # terms share their first episodes' facts: each is made from the term before it
        multi.sort(key=lambda e: len(e.options))
        memo: dict[frozenset[Fact], tuple[int, Belief]] = {}
        nodes: dict[frozenset[Fact], Belief] = {common: self._term(base, frozenset(), common)}
        per_f: dict[frozenset[Fact], float] = {}
        acc: list[dict[frozenset[Fact], float]] = [dict() for _ in multi]
        z = 0.0
        keys = [list(ep.options.items()) for ep in multi]
        for combo in product(*keys):
            f = common
            b = nodes[common]
            for o in combo:
                g = f | o[0]
                nb = nodes.get(g)
                if nb is None:
                    nb = nodes[g] = self._term(b, f, g)
                f, b = g, nb
            wt = prod(o[1][0] for o in combo)
            got = memo.get(f)
            if got is None:
                got = memo[f] = (b.total_weight(), b)
            total = got[0]
            if not total or not wt:
                continue
            mass = wt * total
            z += mass
            per_f[f] = per_f.get(f, 0.0) + wt
            for j, o in enumerate(combo):
                acc[j][o[0]] = acc[j].get(o[0], 0.0) + mass
        # the leaves are kept for the next answer (a term in the making is not: ~5 MB each)
        self._terms = {f: v for f, v in self._terms.items() if f in memo}
        if z <= 0:
            return _nothing(size, self.n, facts)
        cells = _cell_mix(per_f, memo, z, size * size)
        # where each reading was taken, where each submarine is now
        readings: dict[int, Dist] = {}
        where: list[Dist] = [{} for _ in range(self.n)]
        for ep in episodes:
            j = next((j for j, e in enumerate(multi) if e is ep), None)
            for f, (wt, pl) in ep.options.items():
                share = (acc[j].get(f, 0.0) / z / wt) if j is not None and wt else 1.0
                for (i, c), v in pl.items():
                    d = where[ep.sub] if i == NOW else readings.setdefault(i, {})
                    d[c] = d.get(c, 0.0) + share * v
        for t, sup in zip(ops, supports, strict=True):
            for op, cs in zip(t, sup, strict=True):
                if op.kind == "read" and len(cs) == 1:
                    readings[op.index] = {next(iter(cs)): 1.0}
        city, p = self._best_city(per_f, memo, z)
        return Answer(
            size,
            cells,
            tuple(where),
            readings,
            not ignored,
            tuple(sorted(ignored)),
            len(per_f),
            facts,
            city,
            p,
        )


def _into(nxt: dict, key: tuple, wt: float, pl: dict, scale: float) -> None:
    """Add a path of weight ``wt`` (payload ``pl`` times ``scale``) to the state ``key``."""
    got = nxt.get(key)
    if got is None:
        nxt[key] = (wt, {k: v * scale for k, v in pl.items()} if scale != 1.0 else dict(pl))
        return
    acc = got[1]
    for k, v in pl.items():
        acc[k] = acc.get(k, 0.0) + v * scale
    nxt[key] = (got[0] + wt, acc)


def _widest(reads: list[int], news: dict) -> int:
    """The reading of the episode under way with the most different facts to offer."""
    return max(reads, key=lambda i: len(set(news[i].values())))


def _collapse(ep: _Episode) -> None:
    """Leave an episode's readings out: one option, no facts, the chain's own weights."""
    pl: dict[tuple[int, Cell], float] = {}
    wt = 0.0
    for w, p in ep.options.values():
        wt += w
        for key, v in p.items():
            pl[key] = pl.get(key, 0.0) + v
    ep.options = {frozenset(): (wt, pl)}


def _cell_mix(per_f: dict, memo: dict, z: float, n: int) -> tuple[dict[str, float], ...]:
    sums = [dict.fromkeys(("atlantis", "artifact", "seamount", "deep"), 0.0) for _ in range(n)]
    for f, wt in per_f.items():
        _total, b = memo[f]
        for row, got in zip(sums, b.cell_counts(), strict=True):
            for k, v in got.items():
                row[k] += wt * v
    return tuple({k: v / z for k, v in row.items()} for row in sums)


def _nothing(size: int, n: int, facts: tuple[Fact, ...]) -> Answer:
    empty = {"atlantis": 0.0, "artifact": 0.0, "seamount": 0.0, "deep": 0.0}
    return Answer(
        size, (empty,) * (size * size), ({},) * n, {}, True, (), 0, facts, frozenset(), 0.0, False
    )
