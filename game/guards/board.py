"""The hex boards of Guards of Atlantis: geometry, zones, lanes, spawn points and minion icons.

Hexes are axial ``(q, r)`` pairs on a pointy-top grid (``r`` grows to the south), so the cube
distance is the number of steps between two hexes and the six directions are fixed vectors
(:data:`DIRECTIONS`, in the order E, NE, NW, W, SW, SE). A board is a data file in
``data/boards/``: a TOML header (the zones and the lanes) and, after the line ``=== map ===``,
an ASCII map in odd-r offset rows, one two-character token per hex: the zone letter and a
feature (:data:`FEATURES`); ``..`` marks a place with no hex. :func:`load` parses a file into
a frozen :class:`Board`; a damaged file raises :class:`BoardError` naming the line and hex.

Mountains are hexes (they count for ranges and lines) that nothing may enter; water may be
entered. Two zones are adjacent when a passable hex of one touches a passable hex of the
other; fast travel uses that adjacency. Pure Python: the rules and the bots use this module.
"""

from __future__ import annotations

import sys
from collections import deque
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import MappingProxyType

import tomllib

Hex = tuple[int, int]

#: the six neighbour steps in axial coordinates, in the fixed order E, NE, NW, W, SW, SE
DIRECTIONS: tuple[Hex, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
DIRECTION_NAMES: tuple[str, ...] = ("E", "NE", "NW", "W", "SW", "SE")

TITANS = 0
ATLANTEANS = 1
#: team index -> the name the data files use
TEAM_KEYS: tuple[str, ...] = ("titans", "atlanteans")

ZONE_KINDS: tuple[str, ...] = ("throne", "lane", "jungle", "river")
MINION_KINDS: tuple[str, ...] = ("melee", "ranged", "heavy")
TERRAINS: tuple[str, ...] = ("plain", "mountain", "water")

#: feature character -> (terrain, what stands printed on the hex or None)
#: a mark is ("spawn", team) or (minion kind, team)
FEATURES: Mapping[str, tuple[str, tuple[str, int] | None]] = MappingProxyType(
    {
        ".": ("plain", None),
        "^": ("mountain", None),
        "~": ("water", None),
        "t": ("plain", ("spawn", TITANS)),
        "a": ("plain", ("spawn", ATLANTEANS)),
        "m": ("plain", ("melee", TITANS)),
        "M": ("plain", ("melee", ATLANTEANS)),
        "r": ("plain", ("ranged", TITANS)),
        "R": ("plain", ("ranged", ATLANTEANS)),
        "h": ("plain", ("heavy", TITANS)),
        "H": ("plain", ("heavy", ATLANTEANS)),
    }
)
MAP_MARKER = "=== map ==="
NO_HEX = ".."
DATA_DIR = Path(__file__).resolve().parent / "data" / "boards"
#: the boards the game ships, by file name
BOARD_NAMES: tuple[str, ...] = ("one_lane", "two_lane")


class BoardError(ValueError):
    """A board file that cannot be a board; the message says where and why."""


# --- hex math (no board needed) -----------------------------------------------------------


def distance(a: Hex, b: Hex) -> int:
    """Steps between two hexes on an open grid (cube distance)."""
    dq = a[0] - b[0]
    dr = a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def step(h: Hex, direction: int, n: int = 1) -> Hex:
    """The hex ``n`` steps from ``h`` in direction index ``direction``."""
    dq, dr = DIRECTIONS[direction]
    return (h[0] + dq * n, h[1] + dr * n)


def around(h: Hex) -> tuple[Hex, ...]:
    """The six grid neighbours of ``h`` in direction order (on a board or not)."""
    q, r = h
    return tuple((q + dq, r + dr) for dq, dr in DIRECTIONS)


def direction_to(a: Hex, b: Hex) -> int | None:
    """The direction index along which ``b`` lies in a straight line from ``a``, else None."""
    dq = b[0] - a[0]
    dr = b[1] - a[1]
    if dq == 0 and dr == 0:
        return None
    n = distance(a, b)
    if dr == 0 or dq == 0 or dq + dr == 0:
        unit = (dq // n, dr // n)
        return DIRECTIONS.index(unit)
    return None


def in_straight_line(a: Hex, b: Hex) -> bool:
    """Whether ``b`` lies along one of the six directions from ``a`` (never for a == b)."""
    return direction_to(a, b) is not None


def ray(start: Hex, direction: int, n: int) -> tuple[Hex, ...]:
    """The ``n`` hexes after ``start`` going in ``direction`` (the grid, no board edges)."""
    dq, dr = DIRECTIONS[direction]
    return tuple((start[0] + dq * k, start[1] + dr * k) for k in range(1, n + 1))


def disc(centre: Hex, radius: int) -> tuple[Hex, ...]:
    """Every grid hex within ``radius`` of ``centre`` (the centre included)."""
    q0, r0 = centre
    out = []
    for dq in range(-radius, radius + 1):
        for dr in range(max(-radius, -dq - radius), min(radius, -dq + radius) + 1):
            out.append((q0 + dq, r0 + dr))
    return tuple(out)


def offset_to_axial(col: int, row: int) -> Hex:
    """Odd-r offset (the map rows of a file; odd rows are shifted half a hex east) to axial."""
    return (col - (row - (row & 1)) // 2, row)


def axial_to_offset(h: Hex) -> tuple[int, int]:
    """Axial to odd-r offset ``(col, row)``."""
    q, r = h
    return (q + (r - (r & 1)) // 2, r)


# --- the board ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Zone:
    """A region of the board; fast travel and lane pushes go zone by zone.

    ``name`` is the zone's id (its letter in the file, what :meth:`Board.zone_of` returns);
    ``title`` is what a person reads."""

    name: str
    title: str
    kind: str
    team: int | None = None

    @property
    def key(self) -> str:
        return self.name

    @property
    def owner(self) -> int | None:
        """The team a throne belongs to (None for every other zone)."""
        return self.team


@dataclass(frozen=True, slots=True)
class Lane:
    """The zones from the Titan throne to the Atlantean throne; the middle one starts the battle."""

    index: int
    zones: tuple[str, ...]

    def __iter__(self):
        return iter(self.zones)

    def __len__(self) -> int:
        return len(self.zones)

    def __getitem__(self, i: int) -> str:
        return self.zones[i]

    @property
    def middle(self) -> str:
        return self.zones[len(self.zones) // 2]

    def towards(self, zone: str, team: int) -> str:
        """The next zone from ``zone`` towards ``team``'s throne (a push against ``team``)."""
        i = self.zones.index(zone)
        return self.zones[i - 1] if team == TITANS else self.zones[i + 1]


@dataclass(frozen=True, eq=False)
class Board:
    """A loaded board: immutable, shared by every game that plays on it."""

    name: str
    title: str
    players: tuple[int, int]
    zones: Mapping[str, Zone]
    lanes: tuple[Lane, ...]
    #: hex -> (zone key, terrain, mark or None); the order is the map's reading order
    cells: Mapping[Hex, tuple[str, str, tuple[str, int] | None]]
    rows: int
    cols: int
    _neighbours: Mapping[Hex, tuple[Hex, ...]]
    _passable: frozenset[Hex]
    _zone_adjacency: Mapping[str, frozenset[str]]
    _zone_hexes: Mapping[str, tuple[Hex, ...]]
    _spawns: Mapping[int, tuple[Hex, ...]]
    _features: Mapping[Hex, str]
    #: every hex of the board (mountains included), in reading order
    hexes: tuple[Hex, ...] = ()

    def __contains__(self, h: object) -> bool:
        return h in self.cells

    def zone_of(self, h: Hex) -> str:
        return self.cells[h][0]

    def feature(self, h: Hex) -> str:
        """The feature character of ``h`` as the file has it (:data:`FEATURES`)."""
        return self._features[h]

    def terrain(self, h: Hex) -> str:
        """The ground of ``h``: ``plain``, ``mountain`` or ``water``."""
        return self.cells[h][1]

    def mark(self, h: Hex) -> tuple[str, int] | None:
        """What is printed on ``h``: ``("spawn", team)``, ``(minion kind, team)`` or None."""
        return self.cells[h][2]

    def passable(self, h: Hex) -> bool:
        """Whether a unit may stand on ``h`` (a board hex that is not a mountain)."""
        return h in self._passable

    def neighbours(self, h: Hex) -> tuple[Hex, ...]:
        """The board hexes next to ``h`` (mountains included), in direction order."""
        return self._neighbours[h]

    def passable_neighbours(self, h: Hex) -> tuple[Hex, ...]:
        return tuple(n for n in self._neighbours[h] if n in self._passable)

    distance = staticmethod(distance)
    in_straight_line = staticmethod(in_straight_line)
    direction_to = staticmethod(direction_to)

    def line(self, start: Hex, direction: int, n: int) -> tuple[Hex, ...]:
        """Up to ``n`` hexes from ``start`` in ``direction``, stopping at the board's edge.

        Mountains are part of the line (the caller decides whether they stop a move)."""
        out = []
        for h in ray(start, direction, n):
            if h not in self.cells:
                break
            out.append(h)
        return tuple(out)

    def within(self, centre: Hex, radius: int) -> tuple[Hex, ...]:
        """The board hexes at most ``radius`` from ``centre`` (mountains included)."""
        return tuple(h for h in disc(centre, radius) if h in self.cells)

    def distances(self, start: Hex, n: int, blocked: Iterable[Hex] = ()) -> dict[Hex, int]:
        """Fewest steps to each hex reachable in ``n`` steps from ``start``.

        Steps go through passable hexes that are not in ``blocked`` (other units); the start
        itself is always included with 0 (staying is allowed)."""
        stop = set(blocked)
        stop.discard(start)
        seen = {start: 0}
        frontier = deque([start])
        while frontier:
            h = frontier.popleft()
            d = seen[h]
            if d >= n:
                continue
            for nb in self._neighbours[h]:
                if nb in seen or nb in stop or nb not in self._passable:
                    continue
                seen[nb] = d + 1
                frontier.append(nb)
        return seen

    def reachable(self, start: Hex, n: int, blocked: Iterable[Hex] = ()) -> frozenset[Hex]:
        """The hexes a unit on ``start`` can end on moving up to ``n`` steps (start included)."""
        return frozenset(self.distances(start, n, blocked))

    # --- zones and lanes
    def zone(self, key: str) -> Zone:
        return self.zones[key]

    def zone_hexes(self, key: str) -> tuple[Hex, ...]:
        """Every hex of a zone (mountains included)."""
        return self._zone_hexes[key]

    def zone_adjacent(self, a: str, b: str) -> bool:
        """Whether two different zones touch through passable hexes (fast travel's rule)."""
        return b in self._zone_adjacency[a]

    def adjacent_zones(self, key: str) -> frozenset[str]:
        return self._zone_adjacency[key]

    def throne(self, team: int) -> str:
        for z in self.zones.values():
            if z.kind == "throne" and z.team == team:
                return z.name
        raise KeyError(team)

    def lane_of(self, zone: str) -> tuple[Lane, ...]:
        """The lanes a zone belongs to (a throne belongs to every lane)."""
        return tuple(lane for lane in self.lanes if zone in lane.zones)

    def spawn_points(self, team: int) -> tuple[Hex, ...]:
        """The hero spawn points of ``team`` (all in its throne), in reading order."""
        return self._spawns[team]

    def minion_icons(
        self, zone: str, team: int | None = None, kind: str | None = None
    ) -> tuple[Hex, ...]:
        """The minion icons in ``zone`` (optionally of one team and one kind)."""
        out = []
        for h in self._zone_hexes[zone]:
            m = self.cells[h][2]
            if m is None or m[0] == "spawn":
                continue
            if (kind is None or m[0] == kind) and (team is None or m[1] == team):
                out.append(h)
        return tuple(out)


# --- parsing ------------------------------------------------------------------------------


def _header(text: str, name: str) -> tuple[dict, list[tuple[int, str]]]:
    lines = text.splitlines()
    for i, line in enumerate(lines):
        if line.strip() == MAP_MARKER:
            head = "\n".join(lines[:i])
            body = [(n + 1, lines[n]) for n in range(i + 1, len(lines))]
            break
    else:
        raise BoardError(f"{name}: no '{MAP_MARKER}' line before the map")
    try:
        data = tomllib.loads(head)
    except tomllib.TOMLDecodeError as exc:
        raise BoardError(f"{name}: the header is not valid TOML ({exc})") from exc
    return data, body


def _zones(data: dict, name: str) -> dict[str, Zone]:
    raw = data.get("zones")
    if not isinstance(raw, dict) or not raw:
        raise BoardError(f"{name}: the header has no [zones.X] tables")
    zones: dict[str, Zone] = {}
    for key, z in raw.items():
        where = f"{name}: zone '{key}'"
        if len(key) != 1 or key == "." or key.isspace():
            raise BoardError(f"{where}: a zone key is one letter")
        if not isinstance(z, dict) or not isinstance(z.get("name"), str):
            raise BoardError(f"{where} needs a name")
        kind = z.get("kind")
        if kind not in ZONE_KINDS:
            raise BoardError(f"{where}: kind {kind!r} is not one of {', '.join(ZONE_KINDS)}")
        team_key = z.get("team")
        team = None
        if kind == "throne":
            if team_key not in TEAM_KEYS:
                raise BoardError(f"{where}: a throne needs team = 'titans' or 'atlanteans'")
            team = TEAM_KEYS.index(team_key)
        elif team_key is not None:
            raise BoardError(f"{where}: only thrones belong to a team")
        zones[key] = Zone(key, z["name"], kind, team)
    for team, team_key in enumerate(TEAM_KEYS):
        thrones = [z for z in zones.values() if z.kind == "throne" and z.team == team]
        if len(thrones) != 1:
            raise BoardError(f"{name}: needs exactly one {team_key} throne, has {len(thrones)}")
    return zones


def _lanes(data: dict, zones: Mapping[str, Zone], name: str) -> tuple[Lane, ...]:
    raw = data.get("lanes")
    if not isinstance(raw, list) or not raw:
        raise BoardError(f"{name}: the header needs lanes = [[...], ...]")
    lanes = []
    for i, seq in enumerate(raw):
        where = f"{name}: lane {i + 1}"
        if not isinstance(seq, list) or len(seq) < 3 or len(seq) % 2 == 0:
            raise BoardError(f"{where}: an odd number (3 or more) of zone keys")
        for key in seq:
            if key not in zones:
                raise BoardError(f"{where}: unknown zone {key!r}")
        first, last = zones[seq[0]], zones[seq[-1]]
        if (first.kind, first.team, last.kind, last.team) != ("throne", TITANS, "throne", 1):
            raise BoardError(f"{where}: runs from the Titan throne to the Atlantean throne")
        for key in seq[1:-1]:
            if zones[key].kind != "lane":
                raise BoardError(f"{where}: zone {key!r} between the thrones is not a lane zone")
        if len(set(seq)) != len(seq):
            raise BoardError(f"{where}: a zone appears twice")
        lanes.append(Lane(i, tuple(seq)))
    return tuple(lanes)


def parse(text: str, name: str = "board") -> Board:
    """A :class:`Board` from the text of a board file (tests build small boards this way)."""
    data, body = _header(text, name)
    zones = _zones(data, name)
    lanes = _lanes(data, zones, name)
    players = data.get("players", [2, 10])
    if not (
        isinstance(players, list)
        and len(players) == 2
        and all(isinstance(p, int) for p in players)
        and 2 <= players[0] <= players[1]
    ):
        raise BoardError(f"{name}: players = [least, most]")
    cells: dict[Hex, tuple[str, str, tuple[str, int] | None]] = {}
    rows = [(n, line) for n, line in body if line.strip() and not line.lstrip().startswith("#")]
    if not rows:
        raise BoardError(f"{name}: the map is empty")
    cols = 0
    for row, (lineno, line) in enumerate(rows):
        tokens = line.split()
        cols = max(cols, len(tokens))
        for col, tok in enumerate(tokens):
            where = f"{name} line {lineno}, hex {col + 1}"
            if len(tok) != 2:
                raise BoardError(f"{where}: {tok!r} is not a two-character token")
            if tok == NO_HEX:
                continue
            zone, feat = tok
            if zone not in zones:
                raise BoardError(f"{where}: zone {zone!r} is not in the header")
            if feat not in FEATURES:
                raise BoardError(f"{where}: feature {feat!r} is not one of {''.join(FEATURES)}")
            terrain, mark = FEATURES[feat]
            _check_mark(zones[zone], mark, where)
            cells[offset_to_axial(col, row)] = (zone, terrain, mark)
    for key in zones:
        if not any(c[0] == key for c in cells.values()):
            raise BoardError(f"{name}: zone {key!r} has no hex on the map")
    return _build(name, data, players, zones, lanes, cells, len(rows), cols)


def _check_mark(zone: Zone, mark: tuple[str, int] | None, where: str) -> None:
    if mark is None:
        return
    kind, team = mark
    if kind == "spawn" and not (zone.kind == "throne" and zone.team == team):
        raise BoardError(f"{where}: a {TEAM_KEYS[team]} spawn point outside their throne")
    if kind != "spawn" and zone.kind != "lane":
        raise BoardError(f"{where}: a minion icon outside a lane zone")


def _build(name, data, players, zones, lanes, cells, rows, cols) -> Board:
    passable = frozenset(h for h, c in cells.items() if c[1] != "mountain")
    neighbours = {h: tuple(n for n in around(h) if n in cells) for h in cells}
    adjacency: dict[str, set[str]] = {k: set() for k in zones}
    for h in passable:
        for n in neighbours[h]:
            if n in passable and cells[n][0] != cells[h][0]:
                adjacency[cells[h][0]].add(cells[n][0])
    zone_hexes = {k: tuple(h for h, c in cells.items() if c[0] == k) for k in zones}
    return Board(
        name=name,
        title=str(data.get("title", name)),
        players=(players[0], players[1]),
        zones=MappingProxyType(zones),
        lanes=lanes,
        cells=MappingProxyType(cells),
        rows=rows,
        cols=cols,
        _neighbours=MappingProxyType(neighbours),
        _passable=passable,
        _zone_adjacency=MappingProxyType({k: frozenset(v) for k, v in adjacency.items()}),
        _zone_hexes=MappingProxyType(zone_hexes),
        _spawns=MappingProxyType(
            {t: tuple(h for h, c in cells.items() if c[2] == ("spawn", t)) for t in (0, 1)}
        ),
        _features=MappingProxyType({h: _feature_char(c[1], c[2]) for h, c in cells.items()}),
        hexes=tuple(cells),
    )


def _feature_char(terrain: str, mark: tuple[str, int] | None) -> str:
    for char, value in FEATURES.items():
        if value == (terrain, mark):
            return char
    raise KeyError((terrain, mark))


@cache
def load(name: str) -> Board:
    """The board ``data/boards/<name>.txt`` (loaded once, then shared)."""
    path = DATA_DIR / f"{name}.txt"
    if not path.is_file():
        raise BoardError(f"no board named {name!r} (known: {', '.join(BOARD_NAMES)})")
    return parse(path.read_text(encoding="utf-8"), name)


def for_players(n: int) -> str:
    """The board a table of ``n`` heroes plays on: the one-lane board up to its limit."""
    for name in BOARD_NAMES:
        low, high = load(name).players
        if low <= n <= high:
            return name
    raise BoardError(f"no board for {n} heroes")


# --- looking at a board -------------------------------------------------------------------


def render(board: Board, marks: Mapping[Hex, str] | None = None) -> str:
    """The board as text, in the file's own tokens (odd rows shifted half a hex east).

    ``marks`` replaces the token of a hex by a two-character label (a unit, a path ...)."""
    marks = marks or {}
    lines = []
    for row in range(board.rows):
        toks = []
        for col in range(board.cols):
            h = offset_to_axial(col, row)
            if h in marks:
                toks.append(marks[h][:2].ljust(2))
            elif h in board.cells:
                toks.append(board.zone_of(h) + board.feature(h))
            else:
                toks.append("  ")
        lines.append(("  " if row % 2 else "") + "  ".join(toks).rstrip())
    return "\n".join(lines)


def describe(board: Board) -> str:
    """A person's summary: the map, then each zone with its size, neighbours and icons."""
    out = [f"{board.title} ({board.name}, {board.players[0]}-{board.players[1]} heroes)", ""]
    out.append(render(board))
    out.append("")
    for key, z in board.zones.items():
        hexes = board.zone_hexes(key)
        open_ = sum(1 for h in hexes if board.passable(h))
        icons = []
        for team, tk in enumerate(TEAM_KEYS):
            n = {k: len(board.minion_icons(key, team, k)) for k in MINION_KINDS}
            if any(n.values()):
                icons.append(f"{tk} " + "/".join(f"{n[k]}{k[0]}" for k in MINION_KINDS))
        spawns = [h for h in hexes if (board.mark(h) or ("",))[0] == "spawn"]
        extra = "; ".join(icons + ([f"{len(spawns)} spawn points"] if spawns else []))
        nbs = "".join(sorted(board.adjacent_zones(key)))
        out.append(f"  {key} {z.title:<22} {z.kind:<7} {open_:>3} hexes  next to {nbs:<8} {extra}")
    for lane in board.lanes:
        out.append(
            f"  lane {lane.index + 1}: {' - '.join(lane.zones)} (battle starts in {lane.middle})"
        )
    out.append(
        "  tokens: zone letter + . plain  ^ mountain  ~ water  t/a spawn  m/M r/R h/H minions"
    )
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    names = (argv if argv is not None else sys.argv[1:]) or list(BOARD_NAMES)
    for name in names:
        print(describe(load(name)))
        print()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
