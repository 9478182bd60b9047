"""The board as the rules engine reads it: precomputed tables over a hex map.

The hex geometry and the two boards live in :mod:`game.guards.board` (axial (q, r) hexes,
pointy-top, six directions E, NE, NW, W, SW, SE). The engine asks the same few questions
thousands of times a game, so :class:`Geo` turns a board into plain tables once: the hexes,
their zones and features, neighbours, the lanes, spawn points and minion icons. It can be
built from primitives (tests use tiny boards this way) or from a loaded board by name.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache

Hex = tuple[int, int]
#: the six directions in the fixed order E, NE, NW, W, SW, SE (axial, pointy-top)
DIRECTIONS: tuple[Hex, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
MINION_KINDS = ("melee", "ranged", "heavy")
#: feature letters of the board files: spawn points and minion icons per team
SPAWN = {"t": 0, "a": 1}
ICON = {"m": (0, "melee"), "r": (0, "ranged"), "h": (0, "heavy"),
        "M": (1, "melee"), "R": (1, "ranged"), "H": (1, "heavy")}  # fmt: skip


def distance(a: Hex, b: Hex) -> int:
    dq = a[0] - b[0]
    dr = a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def direction_to(a: Hex, b: Hex) -> int | None:
    """The direction index from a to b when b lies on one of a's six lines, else None."""
    dq = b[0] - a[0]
    dr = b[1] - a[1]
    d = distance(a, b)
    if d == 0:
        return None
    for i, (x, y) in enumerate(DIRECTIONS):
        if dq == x * d and dr == y * d:
            return i
    return None


@dataclass(frozen=True)
class Zone:
    name: str
    kind: str  # throne | lane | jungle | river
    owner: int | None = None  # the team of a throne


@dataclass(eq=False)
class Geo:
    """A board's tables. ``cells``: hex -> (zone name, feature character)."""

    name: str
    cells: Mapping[Hex, tuple[str, str]]
    zones: Mapping[str, Zone]
    #: each lane: its zones from the Titan throne to the Atlantean throne
    lanes: tuple[tuple[str, ...], ...]
    hexes: tuple[Hex, ...] = field(init=False)
    passable: frozenset[Hex] = field(init=False)
    zone_of: dict[Hex, str] = field(init=False)
    nbrs: dict[Hex, tuple[Hex, ...]] = field(init=False)
    zone_hexes: dict[str, tuple[Hex, ...]] = field(init=False)
    zone_open: dict[str, tuple[Hex, ...]] = field(init=False)
    zone_adj: frozenset[tuple[str, str]] = field(init=False)
    #: per hex its passable neighbours (in direction order): what walking may enter
    pnbrs: dict[Hex, tuple[Hex, ...]] = field(init=False)
    #: per zone the zones fast travel may reach from it (itself and its adjacent zones), in
    #: the order of ``zone_open``
    zone_near: dict[str, tuple[str, ...]] = field(init=False)
    _walks: dict[tuple[Hex, int], tuple[dict[Hex, int], frozenset[Hex]]] = field(
        init=False, default_factory=dict, repr=False
    )
    _discs: dict[tuple[Hex, int], tuple[Hex, ...]] = field(
        init=False, default_factory=dict, repr=False
    )
    spawns: tuple[tuple[Hex, ...], tuple[Hex, ...]] = field(init=False)
    #: (zone, team, kind) -> icon hexes in board order
    icons: dict[tuple[str, int, str], tuple[Hex, ...]] = field(init=False)

    def __post_init__(self) -> None:
        self.hexes = tuple(sorted(self.cells, key=lambda h: (h[1], h[0])))
        self.zone_of = {h: z for h, (z, _) in self.cells.items()}
        self.passable = frozenset(h for h, (_, f) in self.cells.items() if f != "^")
        for z in self.zone_of.values():
            if z not in self.zones:
                raise ValueError(f"board {self.name}: zone {z!r} has no legend entry")
        self.nbrs = {
            h: tuple(
                (h[0] + x, h[1] + y) for x, y in DIRECTIONS if (h[0] + x, h[1] + y) in self.cells
            )
            for h in self.hexes
        }
        zh: dict[str, list[Hex]] = {z: [] for z in self.zones}
        for h in self.hexes:
            zh[self.zone_of[h]].append(h)
        self.zone_hexes = {z: tuple(v) for z, v in zh.items()}
        #: the passable hexes of each zone (fast travel lands on these)
        self.zone_open = {z: tuple(h for h in v if h in self.passable) for z, v in zh.items()}
        adj = set()
        for h in self.passable:
            for n in self.nbrs[h]:
                if n in self.passable and self.zone_of[n] != self.zone_of[h]:
                    adj.add((self.zone_of[h], self.zone_of[n]))
        self.zone_adj = frozenset(adj)
        self.pnbrs = {h: tuple(n for n in ns if n in self.passable) for h, ns in self.nbrs.items()}
        self.zone_near = {
            z: tuple(y for y in self.zone_open if self.zone_adjacent(z, y)) for z in self.zones
        }
        sp: tuple[list[Hex], list[Hex]] = ([], [])
        icons: dict[tuple[str, int, str], list[Hex]] = {}
        for h in self.hexes:
            z, f = self.cells[h]
            if f in SPAWN:
                sp[SPAWN[f]].append(h)
            elif f in ICON:
                team, kind = ICON[f]
                icons.setdefault((z, team, kind), []).append(h)
        self.spawns = (tuple(sp[0]), tuple(sp[1]))
        self.icons = {k: tuple(v) for k, v in icons.items()}
        for lane in self.lanes:
            if len(lane) < 3 or self.zones[lane[0]].owner != 0 or self.zones[lane[-1]].owner != 1:
                raise ValueError(
                    f"board {self.name}: a lane runs from the Titan to the Atlantean throne"
                )

    def __getstate__(self) -> dict[str, object]:
        """Pickled (a view sent to a bot process) without the walks and discs kept so far: the
        other process makes its own, and the view stays small."""
        state = self.__dict__.copy()
        state["_walks"] = {}
        state["_discs"] = {}
        return state

    # --- questions the rules ask ------------------------------------------------------------
    def zone_adjacent(self, a: str, b: str) -> bool:
        return a == b or (a, b) in self.zone_adj

    def within(self, centre: Hex, radius: int) -> list[Hex]:
        """Every hex (mountains included) at distance 1..radius of centre, in board order."""
        key = (centre, radius)
        got = self._discs.get(key)
        if got is None:
            q, r = centre  # distance() written out: the first games fill this per space
            got = self._discs[key] = tuple(
                h for h in self.hexes
                if 0 < (abs(h[0] - q) + abs(h[1] - r) + abs(h[0] - q + h[1] - r)) // 2 <= radius
            )  # fmt: skip
        return list(got)

    def line(self, start: Hex, direction: int, n: int) -> list[Hex]:
        """Up to n hexes from start (exclusive) along a direction, stopping at the board edge."""
        x, y = DIRECTIONS[direction]
        out = []
        q, r = start
        for _ in range(n):
            q, r = q + x, r + y
            if (q, r) not in self.cells:
                break
            out.append((q, r))
        return out

    def reachable(
        self, start: Hex, n: int, blocked: Iterable[Hex] | frozenset[Hex]
    ) -> dict[Hex, int]:
        """Hex -> walking distance for every hex reachable in at most n steps through passable,
        unblocked hexes (start included at 0)."""
        if not isinstance(blocked, (set, frozenset)):
            blocked = set(blocked)
        if n < 1:
            return {start: 0}
        free, around = self._open_walk(start, n)
        if around.isdisjoint(blocked):  # nothing in the way: the walk of the empty board
            return dict(free)
        inside = around.intersection(blocked)
        if all(free[b] == n for b in inside):  # only on the walk's last ring: nothing is
            return {h: d for h, d in free.items() if h not in inside}  # reached through them
        seen = {start: 0}
        closed = set(blocked)  # seen or blocked: never entered again
        closed.add(start)
        frontier = [start]
        pnbrs = self.pnbrs
        for d in range(1, n + 1):
            nxt = []
            for h in frontier:
                for x in pnbrs[h]:
                    if x not in closed:
                        closed.add(x)
                        seen[x] = d
                        nxt.append(x)
            if not nxt:
                break
            frontier = nxt
        return seen

    def _open_walk(self, start: Hex, n: int) -> tuple[dict[Hex, int], frozenset[Hex]]:
        """The walk of ``reachable`` with nothing blocked, and the hexes it enters (start
        excluded): a unit on none of them cannot change the walk. Kept per (start, n)."""
        key = (start, n)
        got = self._walks.get(key)
        if got is None:
            seen = {start: 0}
            frontier = [start]
            for d in range(1, n + 1):
                nxt = []
                for h in frontier:
                    for x in self.pnbrs[h]:
                        if x not in seen:
                            seen[x] = d
                            nxt.append(x)
                frontier = nxt
            got = self._walks[key] = (seen, frozenset(seen) - {start})
        return got

    def middle(self, lane: int) -> int:
        return len(self.lanes[lane]) // 2

    def lane_minion_icons(self, zone: str, team: int, kind: str) -> tuple[Hex, ...]:
        return self.icons.get((zone, team, kind), ())


_CUSTOM: dict[str, Geo] = {}


def register(geo: Geo) -> Geo:
    """Make a board (a test board) loadable by name, so states built on it save and reload."""
    _CUSTOM[geo.name] = geo
    return geo


@cache
def _from_board(name: str) -> Geo:
    from game.guards import board as board_module  # the hex geometry and the shipped boards

    return from_board(board_module.load(name))


def from_board(b: object) -> Geo:
    """Tables from a :mod:`game.guards.board` Board."""
    cells = {h: (b.zone_of(h), b.feature(h)) for h in b.hexes}  # type: ignore[attr-defined]
    zones = {z.name: Zone(z.name, z.kind, z.owner) for z in b.zones.values()}  # type: ignore[attr-defined]
    lanes = tuple(tuple(lane) for lane in b.lanes)  # type: ignore[attr-defined]
    return Geo(b.name, cells, zones, lanes)  # type: ignore[attr-defined]


def get(name: str) -> Geo:
    if name in _CUSTOM:
        return _CUSTOM[name]
    try:
        return _from_board(name)
    except ImportError:
        raise ValueError(f"no board called {name!r} in this version") from None


def parse(name: str, legend: Mapping[str, Zone], lanes: Iterable[Iterable[str]], rows: str) -> Geo:
    """A board from odd-r offset rows of 2-character tokens (zone letter + feature; ``..`` =
    no hex). ``legend`` maps zone letters to zones; lanes list zone letters."""
    cells: dict[Hex, tuple[str, str]] = {}
    for row, line in enumerate(x for x in rows.strip("\n").splitlines() if x.strip()):
        for col, tok in enumerate(line.split()):
            if tok == "..":
                continue
            if len(tok) != 2 or tok[0] not in legend:
                raise ValueError(f"board {name}: bad token {tok!r} in row {row}")
            q = col - (row - (row & 1)) // 2
            cells[(q, row)] = (legend[tok[0]].name, tok[1])
    zones = {z.name: z for z in legend.values()}
    lane_names = tuple(tuple(legend[c].name for c in lane) for lane in lanes)
    return Geo(name, cells, zones, lane_names)
