"""What one seat's sonar chart shows, as plain data built from that seat's view alone.

The chart scene draws a :class:`ChartModel`; this module decides what goes on it. Every
reading the seat can place (its own, or another submarine's taken where the seat knew it to
be: :meth:`FindingState.knowledge`'s spots) becomes a :class:`Mark` on each space it spoke
about, in the same vocabulary as the engine's facts, so the picture and the U-Bot's belief can
never disagree; the results only the table heard (a periscope's sea monster, an attack on a
submarine whose place the seat knew, a monster woken by an Explore the seat can place) become
``danger`` marks, and a periscope's "clear" a
``clear`` mark (monsters hunt and mines are dropped, so the latest report on a space wins and
its round is kept in ``seen``); area counts (Archaeologist, Sunstone) are listed in
``counts``, the Sunstone's also as a badge naming its row and column as the chart prints them.
After a wrong claim the sea carries the submarine off: its route starts again and, once the
chart can tell where it was set down, that space is ``landed`` (a jump, never a leg), and the
moves it made while lost become legs from there. Nothing here imports pygame (tests build
models fast) and nothing reads the map: the only input is the state given, which the board
passes as the seat's view.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ai.finding.chart_answer import ChartAnswer
from game.core.hidden import HIDDEN
from game.finding.chart import Entry, Knowledge, know
from game.finding.facts import CellIs
from game.finding.ocean import COMPASS, SEAMOUNT_TERRAINS, TERRAINS, TRACE_TERRAINS, cell_at, xy
from game.finding.readings import EDGE, READINGS, Reading, facts_of, is_placed
from game.finding.state import COLOURS, FindingState

#: every kind of mark, in the order a cell lists them (drawing order: relief first)
MARK_KINDS: tuple[str, ...] = (
    "deep",
    "seamount",
    "no_trace",
    "trace",
    "not_atlantis",
    "atlantis",
    "artifact",
    "recovered",
    "danger",
    "clear",
    "mine",
    "not_city",
    "count",
)
_ORDER = {k: i for i, k in enumerate(MARK_KINDS)}

_NO_TRACE = frozenset(TERRAINS) - TRACE_TERRAINS
_NOT_ATLANTIS = frozenset(TERRAINS) - {"atlantis"}
#: the marks a fact about one space gives (an Explore's "seamount" says: no trace here either)
_CELL_KINDS: dict[frozenset[str], tuple[str, ...]] = {
    SEAMOUNT_TERRAINS: ("seamount",),
    frozenset({"deep"}): ("deep",),
    TRACE_TERRAINS: ("trace",),
    _NO_TRACE: ("no_trace",),
    frozenset({"atlantis"}): ("atlantis",),
    frozenset({"artifact"}): ("artifact",),
    frozenset({"seamount"}): ("seamount", "no_trace"),
    _NOT_ATLANTIS: ("not_atlantis",),
}
#: a mark made redundant by a stronger one on the same space
_SUPERSEDED: dict[str, frozenset[str]] = {
    "recovered": frozenset({"artifact"}),
}


@dataclass(frozen=True)
class Mark:
    """One clue drawn automatically on a space.

    ``kind`` is one of :data:`MARK_KINDS`; ``text`` qualifies it: the number of a ``count``
    (a Sunstone's: ``"4=1 C=0"``, row 4 holds one Atlantis space, column C none),
    ``"monster"`` or ``"mine"`` for a ``danger``, ``"mine?"`` for a pirate-water Jelly Rod's
    "trace" (a trace or a mine).
    """

    kind: str
    text: str = ""


@dataclass(frozen=True)
class ChartModel:
    """Everything one seat's chart shows (see the module text); cells are ``y * size + x``."""

    size: int
    seat: int
    marks: dict[int, tuple[Mark, ...]]
    #: area clues: (the spaces counted, "trace" or "atlantis", the number as text)
    counts: tuple[tuple[frozenset[int], str, str], ...]
    me: int | None
    route: tuple[int, ...]
    lost: bool
    others: dict[int, frozenset[int]]
    colours: dict[int, str]
    #: cell -> the round of the latest danger report on it (a ``danger`` or ``clear`` mark)
    seen: dict[int, int] = field(default_factory=dict)
    #: where the sea set the submarine down after its latest wrong claim, once known
    landed: int | None = None
    #: the round of that wrong claim (0: none)
    landed_round: int = 0

    def kinds_at(self, cell: int) -> tuple[str, ...]:
        """The kinds of mark on ``cell`` (for tooltips and tests)."""
        return tuple(m.kind for m in self.marks.get(cell, ()))


class _Marks:
    """Collects marks per cell, without repeats, in :data:`MARK_KINDS` order."""

    def __init__(self) -> None:
        self.cells: dict[int, dict[Mark, None]] = {}

    def add(self, cell: int, kind: str, text: str = "") -> None:
        self.cells.setdefault(cell, {})[Mark(kind, text)] = None

    def done(self) -> dict[int, tuple[Mark, ...]]:
        out: dict[int, tuple[Mark, ...]] = {}
        for cell, got in self.cells.items():
            kinds = {m.kind for m in got}
            gone: set[str] = set()
            for strong, weak in _SUPERSEDED.items():
                if strong in kinds:
                    gone |= weak
            keep = [m for m in got if m.kind not in gone]
            if "mine" in kinds:  # a periscope saw the seat's own mine: no danger to it
                keep = [m for m in keep if m != Mark("danger", "mine")]
            out[cell] = tuple(sorted(keep, key=lambda m: (_ORDER[m.kind], m.text)))
        return out


def sunstone_badge(size: int, at: int, row: int, column: int) -> str:
    """A Sunstone's badge in the chart's own coordinates: ``"4=1 C=0"`` for one Atlantis
    space in row 4 and none in column C (read from C4)."""
    x, y = xy(size, at)
    return f"{y + 1}={row} {chr(ord('A') + x)}={column}"


def _place_reading(
    marks: _Marks,
    counts: list[tuple[frozenset[int], str, str]],
    r: Reading,
    at: int,
    size: int,
    dangers: dict[int, tuple[str, int]],
    when: int,
) -> None:
    """The marks of reading ``r`` taken at ``at`` (a cell the seat knows) in round ``when``;
    danger reports go to ``dangers`` (cell -> (what, round)), the latest winning."""
    spec = READINGS[r.kind]
    sense = spec.sense
    if sense in ("count_trace", "count_atlantis"):
        what = "trace" if sense == "count_trace" else "atlantis"
        groups = spec.geometry(size, at, r)
        for group, v in zip(groups, r.result, strict=False):
            counts.append((frozenset(group), what, str(v)))
        if len(r.result) == 2:  # the Sunstone: the row's count, then the column's
            marks.add(at, "count", sunstone_badge(size, at, *r.result))
        elif r.result:
            marks.add(at, "count", str(r.result[0]))
        return
    if sense in ("terrain", "trace_or_mine", "danger"):
        items = spec.geometry(size, at, r)
        for c, v in zip(items, r.result, strict=False):
            if c is None or v == EDGE:
                continue
            if sense == "danger":
                dangers[c] = (v, when)
            elif sense == "trace_or_mine":
                if v == "trace":
                    marks.add(c, "trace", "mine?")
                else:
                    marks.add(c, "no_trace")
            elif v == "recovered" or (r.kind == "explore" and v == "artifact"):
                # an Explore on an artifact takes it: the wreck stays, the card is gone
                marks.add(c, "recovered")
            elif v == "seamount":
                marks.add(c, "seamount")
                marks.add(c, "no_trace")
            else:
                marks.add(c, v)
        return
    for f in facts_of(r, at, size) or ():
        if isinstance(f, CellIs):
            for kind in _CELL_KINDS.get(f.terrains, ()):
                marks.add(f.cell, kind)


#: seat -> (the inputs the last model was built from, that model): a frame asks again cheaply
_LAST: dict[int, tuple[tuple, ChartModel]] = {}


def chart_model(view: FindingState, seat: int, answer: ChartAnswer | None = None) -> ChartModel:
    """The chart of ``seat`` from ``view`` (the board passes ``session.view()`` for that seat).

    Reads only entries visible to ``seat`` and that seat's own knowledge; a full state gives
    the same model as the seat's view (tested), and nothing of another seat's private record.
    The model of an unchanged chart is returned again without rebuilding it (views of one game
    share the log tuple while nothing new happens).

    ``answer``, the posterior of this chart (:mod:`ai.finding.chart_answer`, worked out off the
    frame's path), adds what only it can tell: readings whose place it pins (drawn as if the
    chart had placed them) and where each other submarine can be now.
    """
    mine = view.mines[seat] if 0 <= seat < len(view.mines) else None
    key = (view.log, view.n, view.size, bool(view.lost[seat]), mine, id(answer))
    got = _LAST.get(seat)
    if got is not None and got[0][0] is key[0] and got[0][1:] == key[1:]:
        return got[1]
    model = _build(view, seat, answer)
    _LAST[seat] = (key, model)
    return model


def _build(view: FindingState, seat: int, answer: ChartAnswer | None = None) -> ChartModel:
    size = view.size
    n = view.n
    log = view.log
    k_all = view.knowledge(seat)
    spots = dict(k_all.spots)
    pins = answer.pinned() if answer is not None else {}
    marks = _Marks()
    counts: list[tuple[frozenset[int], str, str]] = []
    dangers: dict[int, tuple[str, int]] = {}
    route: list[int] = []
    thrown = 0  # the round of the latest wrong claim that sent the seat off (0: none)
    drift = (0, 0)  # how far the seat has moved itself since (its own records say)
    adrift: list[tuple[int, int]] = []  # the drift after each own move made while lost
    explored: dict[int, int | None] = {}  # each submarine's latest Explore, where placed
    walk: Knowledge | None = None  # the chart read so far, for places at a moment
    for i, e in enumerate(log):
        if not e.visible_to(seat):
            continue
        r = e.reading
        if r is not None:
            if not is_placed(r.kind):
                for f in facts_of(r, 0, size) or ():
                    if isinstance(f, CellIs):
                        for kind in _CELL_KINDS.get(f.terrains, ()):
                            marks.add(f.cell, kind)
            else:
                cells = spots.get(i)
                placed = next(iter(cells)) if cells is not None and len(cells) == 1 else None
                if placed is None:
                    placed = pins.get(i)
                if placed is not None:
                    _place_reading(marks, counts, r, placed, size, dangers, e.round)
                if r.kind == "explore":
                    explored[e.who] = placed
        elif e.kind == "monster_woke":  # it wakes where its explorer took the artifact
            woke = explored.get(e.who)
            if woke is not None:
                dangers[woke] = ("monster", e.round)
        elif e.kind == "my_harpoon":  # the seat's own harpoon: that monster is gone
            dangers.pop(e.arg("struck"), None)
        elif e.kind == "wrong_claim":
            for c in e.arg("cells", ()):
                marks.add(c, "not_city")
        elif e.kind == "found":
            for c in e.arg("cells", ()):
                marks.add(c, "atlantis")
        if e.who == seat or e.kind == "attack":
            walk = know(log[: i + 1], seat, n, size, walk)
            if e.kind == "attack":
                where = walk.where[e.who]
                if len(where) == 1:
                    dangers[next(iter(where))] = ("monster", e.round)
            if e.who == seat:
                mine = walk.where[seat]
                if e.kind == "teleport":
                    route = []
                    thrown, drift, adrift = e.round, (0, 0), [(0, 0)]
                elif e.kind in ("my_move", "burn") and thrown:
                    dx, dy = _shift(e)
                    drift = (drift[0] + dx, drift[1] + dy)
                    if not route:  # still lost: a leg that is drawn once the landing is known
                        adrift.append(drift)
                if e.kind != "teleport" and len(mine) == 1:
                    here = next(iter(mine))
                    if not route or route[-1] != here:
                        route.append(here)
    for c, (v, _when) in dangers.items():
        if v in ("monster", "mine"):
            marks.add(c, "danger", v)
        elif v == "clear":
            marks.add(c, "clear")
    own_mine = view.mines[seat] if 0 <= seat < len(view.mines) else None
    if own_mine is not None and own_mine != HIDDEN:
        marks.add(own_mine, "mine")
    where_me = k_all.where[seat]
    lost = bool(view.lost[seat])
    me = next(iter(where_me)) if len(where_me) == 1 and not lost else None
    landed = None
    if me is None:
        route = []
    elif thrown:  # where it is now, less its own moves since: where the sea set it down
        x, y = xy(size, me)
        lx, ly = x - drift[0], y - drift[1]
        landed = cell_at(size, lx, ly)
        # the moves it made while lost were real legs: from the landing to where it was found
        lost_legs = [cell_at(size, lx + dx, ly + dy) for dx, dy in adrift]
        route = [q for q in lost_legs if q is not None] + route
        route = [q for i, q in enumerate(route) if i == 0 or route[i - 1] != q]
    return ChartModel(
        size=size,
        seat=seat,
        marks=marks.done(),
        counts=tuple(counts),
        me=me,
        route=tuple(route),
        lost=lost,
        others={q: _narrowed(k_all.where[q], answer, q) for q in range(n) if q != seat},
        colours={q: COLOURS[q] for q in range(n)},
        seen={c: when for c, (_v, when) in dangers.items()},
        landed=landed,
        landed_round=thrown,
    )


def _narrowed(where: frozenset[int], answer: ChartAnswer | None, q: int) -> frozenset[int]:
    """Where submarine ``q`` can be: the chart's set, less what the posterior rules out."""
    places = answer.places(q) if answer is not None else None
    if not places or not places <= where:  # never wider, never empty
        return where
    return places


def _shift(e: Entry) -> tuple[int, int]:
    """How far the seat's own move or burn ``e`` took it (columns, rows), from its record."""
    if e.arg("dx") is not None:  # a jump (the Tidal Pearl): there, or nowhere
        return (e.arg("dx"), e.arg("dy")) if e.arg("moved") else (0, 0)
    dx, dy = COMPASS[e.arg("direction")]
    return (dx * e.arg("moved"), dy * e.arg("moved"))
