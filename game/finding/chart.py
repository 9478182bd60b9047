"""Each seat's nautical chart: the immutable record entries it has seen, and what they tell it.

The game keeps one append-only log of :class:`Entry` records. A public entry (``to is None``)
is in every chart; a private one only in the charts of the seats in ``to``. A seat's chart is
the entries it can see, nothing else, so a view (which keeps only those) answers every
question below exactly as the full game does for that seat.

:func:`know` walks a chart once and keeps, for every submarine, the set of cells it can be on
as far as the chart's owner can tell from movement and public information alone (start
spaces, hidden moves of known length in an unknown direction, public burns, surfacing, the
Phantom's row or column, a mine hit on the owner's own mine, the Siren's Conch, a teleport
making it "anywhere"), narrowed by what each reading's edges say about where it was taken.
A reading is *placed* when its reader's set is one cell at that moment, or becomes one later:
after the forward walk, each submarine's trail is walked back from what is known now (a
surfacing, a burn, a narrowed set), so a Sonar taken one hidden move before surfacing is placed
the moment the submarine surfaces (forward-backward smoothing on sets). The facts of every
placed reading (and of every reading that needs no place, such as the Atlas Shard, and every
wrong claim) are the chart's located facts. The sets are never a guess: the true cell is
always in them (tested).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from game.finding.facts import Fact, NotCity
from game.finding.ocean import MOVES, Cell, cell_at, step, walk, xy
from game.finding.readings import Reading, facts_of, is_placed, possible_cells

#: entries whose ``at`` is where ``who`` is from then on, for everyone who sees the entry
ANCHORS = frozenset({"start", "surface", "reveal", "solve", "located", "mine_hit_place"})


@dataclass(frozen=True, slots=True)
class Entry:
    """One record on the charts: who it is about, what happened, and what its audience learns.

    ``args`` are the arguments the audience may know (a private entry holds the secret ones:
    its owner's move direction and how far it really went); ``reading`` is set for readings;
    ``at`` is a cell only when the audience learns it; ``to`` is ``None`` for a public entry.
    """

    who: int
    kind: str
    round: int
    args: tuple[tuple[str, Any], ...] = ()
    reading: Reading | None = None
    at: int | None = None
    to: tuple[int, ...] | None = None

    def arg(self, key: str, default: Any = None) -> Any:
        for k, v in self.args:
            if k == key:
                return v
        return default

    def visible_to(self, seat: int | None) -> bool:
        return self.to is None or (seat is not None and seat in self.to)


@dataclass(frozen=True, slots=True)
class Knowledge:
    """What one chart tells, after its first ``upto`` log entries (of the log it was read from).

    ``where[s]``: the cells submarine ``s`` can be on; ``facts``: the located facts;
    ``spots``: for each placed-kind reading or hidden move seen, ``(log index, the mover's
    cells just before it)`` (a determinised world puts a recovered artifact or a mine there).
    """

    seat: int | None
    upto: int
    where: tuple[frozenset[Cell], ...]
    facts: tuple[Fact, ...]
    spots: tuple[tuple[int, frozenset[Cell]], ...]
    #: per submarine, every step of the forward walk that touched its set since its last
    #: teleport (:class:`Step`), for the backward walk; and the readings already placed
    trails: tuple[tuple[Step, ...], ...] = ()
    placed_readings: frozenset[int] = frozenset()

    def placed(self, index: int) -> Cell | None:
        """The cell of the entry at ``index`` if this chart can place it, else ``None``."""
        for i, cells in self.spots:
            if i == index:
                return next(iter(cells)) if len(cells) == 1 else None
        return None


def empty(seat: int | None, n: int, size: int) -> Knowledge:
    everywhere = frozenset(range(size * size))
    return Knowledge(seat, 0, (everywhere,) * n, (), (), ((),) * n)


@dataclass(frozen=True, slots=True)
class Step:
    """One entry of the forward walk as it touched one submarine's set.

    ``op``: ``"stay"`` (the submarine did not move: a reading, a row or column revealed, its
    own account of a move), ``"anchor"`` (its cell became known), ``"move"`` (a hidden move
    seen from outside, ``args`` as :func:`expand` takes them) or ``"burn"`` (``args``:
    direction, moved). ``before`` and ``after`` are the forward sets around the entry.
    """

    index: int
    op: str
    before: frozenset[Cell]
    after: frozenset[Cell]
    args: tuple[Any, ...] = ()


def _back(step_: Step, after: frozenset[Cell], size: int) -> frozenset[Cell]:
    """The cells of ``step_.before`` from which the entry can end on one of ``after``."""
    if step_.op in ("stay", "anchor"):
        return step_.before & after
    if step_.op == "move":
        shape, reach, stopped = step_.args
        return frozenset(
            c
            for c in step_.before
            if not expand(frozenset({c}), shape, reach, stopped, size).isdisjoint(after)
        )
    direction, moved = step_.args
    return frozenset(
        c for c in step_.before if (shift(frozenset({c}), direction, moved, size) & after)
    )


def smooth(trail: tuple[Step, ...], now: frozenset[Cell], size: int) -> dict[int, frozenset[Cell]]:
    """Log index -> the submarine's cells at that entry (just before it, for a move), given
    everything the chart tells up to now: the forward sets narrowed by what came after.

    Sound when the forward sets are (each backward set holds every cell from which the true
    later course was possible); where a narrowing would leave nothing (a forward fallback on
    contradictory records) the forward set is kept.
    """
    out: dict[int, frozenset[Cell]] = {}
    later = now
    for st in reversed(trail):
        after = st.after & later or st.after
        before = _back(st, after, size) or st.before
        out[st.index] = after if st.op in ("stay", "anchor") else before
        later = before
    return out


# --- how a set of cells moves -------------------------------------------------------------
#: position sets seen from outside repeat within a game; a long session met ~2,400 in 400
#: games, and 1024 (~1 MB) keeps a game's own
@lru_cache(maxsize=1024)
def expand(
    cells: frozenset[Cell], shape: str, reach: int, stopped: bool, size: int
) -> frozenset[Cell]:
    """Where a submarine on one of ``cells`` can be after a hidden move seen from outside.

    ``line``: exactly ``reach`` spaces in one of N/E/S/W unless the edge (or, when
    ``stopped``, a mine or monster on the way) ends it; ``upto``: 1 to ``reach`` spaces;
    ``jump``: any space within ``reach`` (king steps) or none.
    """
    out: set[Cell] = set()
    for c in cells:
        if shape == "jump":
            x, y = xy(size, c)
            for dy in range(-reach, reach + 1):
                for dx in range(-reach, reach + 1):
                    t = cell_at(size, x + dx, y + dy)
                    if t is not None:
                        out.add(t)
            continue
        for d in MOVES:
            path = walk(size, c, d, reach)
            if shape == "upto" or stopped:
                out.update(path)
                if shape == "upto" and not path:
                    out.add(c)
            else:
                out.add(path[-1] if path else c)
    return frozenset(out)


def follow(cells: frozenset[Cell], e: Entry, size: int) -> frozenset[Cell]:
    """The mover's own cells after its move, from its private entry (direction, distance)."""
    if e.arg("dx") is not None:
        dx, dy, moved = e.arg("dx"), e.arg("dy"), e.arg("moved")
        out = set()
        for c in cells:
            x, y = xy(size, c)
            t = cell_at(size, x + dx, y + dy)
            if moved and t is not None:
                out.add(t)
            elif not moved and t is None:
                out.add(c)
        return frozenset(out)
    d, moved, reach, stopped = e.arg("direction"), e.arg("moved"), e.arg("reach"), e.arg("stopped")
    out = set()
    for c in cells:
        path = walk(size, c, d, moved)
        if len(path) < moved:
            continue
        end = path[-1] if path else c
        if moved < reach and not stopped and step(size, end, d) is not None:
            continue
        out.add(end)
    return frozenset(out)


def shift(cells: frozenset[Cell], d: str, moved: int, size: int) -> frozenset[Cell]:
    """After a public burn towards ``d`` that moved (1) or hit the edge (0)."""
    if moved:
        return frozenset(t for c in cells if (t := step(size, c, d)) is not None)
    return frozenset(c for c in cells if step(size, c, d) is None)


def in_line(cells: frozenset[Cell], reveal: str, value: int, size: int) -> frozenset[Cell]:
    """The cells of ``cells`` in row ``value`` (``reveal == "row"``) or column ``value``."""
    if reveal == "row":
        return frozenset(c for c in cells if c // size == value)
    return frozenset(c for c in cells if c % size == value)


def _before_move(
    log: tuple[Entry, ...], spots: list[tuple[int, frozenset[Cell]]], who: int
) -> frozenset[Cell] | None:
    """``who``'s cells just before its latest public move (the spot recorded for it)."""
    for i, cells in reversed(spots):
        e = log[i]
        if e.kind == "move" and e.who == who:
            return cells
    return None


# --- reading a chart ------------------------------------------------------------------------
def know(
    log: tuple[Entry, ...], seat: int | None, n: int, size: int, start: Knowledge | None = None
) -> Knowledge:
    """Read ``log`` as ``seat``'s chart (``None``: the public record), continuing ``start``."""
    k = start or empty(seat, n, size)
    if k.upto == len(log):
        return k
    where = list(k.where)
    facts = dict.fromkeys(k.facts)
    spots = list(k.spots)
    trails = [list(t) for t in k.trails] if k.trails else [[] for _ in range(n)]
    placed = set(k.placed_readings)
    touched: set[int] = set()
    everywhere = frozenset(range(size * size))
    for i in range(k.upto, len(log)):
        e = log[i]
        if not e.visible_to(seat):
            continue
        w = e.who
        kind = e.kind
        r = e.reading
        was = where[w]
        op = "stay"
        args: tuple[Any, ...] = ()
        if r is not None:
            if not is_placed(r.kind):
                facts.update(dict.fromkeys(facts_of(r, 0, size) or ()))
                continue
            here = where[w] & possible_cells(r, size)
            if here:
                where[w] = here
            spots.append((i, where[w]))
            if len(where[w]) == 1:
                got = facts_of(r, next(iter(where[w])), size)
                facts.update(dict.fromkeys(got or ()))
                placed.add(i)
        elif kind in ANCHORS and e.at is not None:
            where[w] = frozenset({e.at})
            op = "anchor"
        elif kind == "move":
            spots.append((i, where[w]))
            op, args = "move", (e.arg("shape"), e.arg("reach"), bool(e.arg("stopped")))
            where[w] = expand(where[w], *args, size)
        elif kind == "my_move":
            # the mover's own account replaces the outside view of the move just expanded
            if e.at is not None:
                where[w] = frozenset({e.at})
            else:
                before = _before_move(log, spots, w)
                if before is not None:
                    where[w] = follow(before, e, size) or where[w]
        elif kind == "burn":
            op, args = "burn", (e.arg("direction"), e.arg("moved"))
            where[w] = shift(where[w], *args, size) or where[w]
        elif kind == "phantom":
            where[w] = in_line(where[w], e.arg("reveal"), e.arg("value"), size) or where[w]
        elif kind == "teleport":
            where[w] = everywhere
            trails[w] = []  # nothing after a teleport tells where it was before
            continue
        elif kind == "wrong_claim":
            facts[NotCity(frozenset(e.arg("cells")))] = None
            continue
        else:
            continue
        trails[w].append(Step(i, op, was, where[w], args))
        touched.add(w)
    if touched:
        _place_late(log, size, where, trails, touched, facts, spots, placed)
    return Knowledge(
        seat,
        len(log),
        tuple(where),
        tuple(facts),
        tuple(spots),
        tuple(tuple(t) for t in trails),
        frozenset(placed),
    )


def last_sure(k: Knowledge, w: int, size: int) -> tuple[int, Cell] | None:
    """(log index, cell) of the latest moment this chart is sure where submarine ``w`` was:
    its last surfacing or reveal, or a later reading or move that the chart has pinned since
    (an Explore, a burn from a known place). ``None`` if the chart has never been sure."""
    trail = k.trails[w] if k.trails else ()
    if len(k.where[w]) == 1:
        return (k.upto - 1, next(iter(k.where[w])))
    sure = smooth(trail, k.where[w], size)
    for st in reversed(trail):
        cells = sure[st.index]
        if len(cells) == 1:
            return (st.index, next(iter(cells)))
    return None


def _place_late(
    log: tuple[Entry, ...],
    size: int,
    where: list[frozenset[Cell]],
    trails: list[list[Step]],
    touched: set[int],
    facts: dict[Fact, None],
    spots: list[tuple[int, frozenset[Cell]]],
    placed: set[int],
) -> None:
    """Narrow every spot of the touched submarines by what came after it, and place the
    readings whose reader's cell is now certain (their facts are appended: facts only grow)."""
    narrowed: dict[int, frozenset[Cell]] = {}
    for w in touched:
        narrowed.update(smooth(tuple(trails[w]), where[w], size))
    for j, (i, cells) in enumerate(spots):
        got = narrowed.get(i)
        if got is None or got == cells:
            continue
        spots[j] = (i, got)
        r = log[i].reading
        if r is not None and len(got) == 1 and i not in placed:
            facts.update(dict.fromkeys(facts_of(r, next(iter(got)), size) or ()))
            placed.add(i)
