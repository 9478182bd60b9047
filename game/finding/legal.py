"""The choices a seat has, and why a move that is not one of them is refused.

Actions are built once per (seat, card, arguments) and cached, so ``legal_actions`` is a few
tuple concatenations. Only two choices depend on where the submarine is: a burn may not leave
the map and the Tidal Pearl's jump must land on it, both known to the seat itself (while it
is lost, every direction and jump is offered: the edge then just stops it).
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

from game.core.protocol import Action
from game.finding.cards import (
    ACTION_CARDS,
    ARTIFACT,
    CAPTAIN,
    CAPTAIN_CARD,
    CARD,
    SURFACE,
    card_name,
)
from game.finding.ocean import COMPASS, LINES, MOVES, SIZES, SPACES, cell_at, neighbours8, step, xy

if TYPE_CHECKING:
    from game.finding.state import FindingState

OFFSETS: tuple[tuple[int, int], ...] = tuple(
    (dx, dy) for dy in range(-2, 3) for dx in range(-2, 3) if (dx, dy) != (0, 0)
)
_ORDER = {c.key: i for i, c in enumerate(ACTION_CARDS)}

# Bounds of the caches below. Most are keyed by what a game can name (seats, cards, spaces,
# directions), so the bound holds the whole key space and nothing is ever pushed out.
#: the most submarines a game has
SEATS = 4
#: (seat, card or captain or artifact, player count, map size)
_ACTIONS_MAX = SEATS * (len(CARD) + len(CAPTAIN) + len(ARTIFACT)) * SEATS * len(SIZES)
#: (seat, Tidal Pearl's cell or None, map size)
_PEARL_MAX = SEATS * (SPACES + len(SIZES))
#: (seat, burnable card or the captain card, direction)
_BURN_MAX = SEATS * (sum(c.burnable for c in CARD.values()) + 1) * len(MOVES)
#: (seat, kept captain | start direction | solve or keep searching | claimed space)
_SIMPLE_MAX = SEATS * (len(CAPTAIN) + len(MOVES) + 2 + max(SIZES) ** 2)
#: turns by (seat, hand, captain, artifacts, ways onto the map, ...): a game meets a few
#: hundred, a long session a few thousand; 4096 (about 3 MB) keeps nearly every repeat
_TURN_MAX = 1 << 12


def _values(param: str, distances: tuple[int, ...], n: int, size: int) -> list[tuple]:
    """The argument pairs one parameter can take (``offset`` gives two keys at once)."""
    if param == "line":
        return [(("line", v),) for v in LINES]
    if param == "direction":
        return [(("direction", v),) for v in MOVES]
    if param == "compass":
        return [(("compass", v),) for v in COMPASS]
    if param == "distance":
        return [(("distance", v),) for v in distances]
    if param == "reveal":
        return [(("reveal", v),) for v in ("row", "column")]
    if param == "seat":
        return [(("seat", v),) for v in range(n)]
    if param == "cell":
        return [(("cell", v),) for v in range(size * size)]
    if param == "offset":
        return [(("dx", dx), ("dy", dy)) for dx, dy in OFFSETS]
    raise ValueError(f"unknown card parameter {param!r}")


@lru_cache(maxsize=_ACTIONS_MAX)
def _actions(
    p: int, kind: str, name: str, params: tuple[str, ...], distances: tuple[int, ...], n: int,
    size: int,
) -> tuple[Action, ...]:  # fmt: skip
    combos: list[tuple] = [()]
    for param in params:
        combos = [c + v for c in combos for v in _values(param, distances, n, size)]
    fixed = {"name": name} if name else {}
    return tuple(Action.make(p, kind, **fixed, **dict(c)) for c in combos)


def card_actions(st: FindingState, p: int, key: str) -> tuple[Action, ...]:
    spec = CARD[key]
    return _actions(p, key, "", spec.params, (), st.n, st.size)


def captain_actions(st: FindingState, p: int, key: str) -> tuple[Action, ...]:
    spec = CAPTAIN[key]
    return _actions(p, "captain", key, spec.params, spec.distances, st.n, st.size)


@lru_cache(maxsize=_PEARL_MAX)
def _pearl(p: int, cell: int | None, size: int) -> tuple[Action, ...]:
    if cell is None:
        offsets = OFFSETS
    else:
        x, y = xy(size, cell)
        offsets = tuple(o for o in OFFSETS if cell_at(size, x + o[0], y + o[1]) is not None)
    return tuple(Action.make(p, "artifact", name="pearl", dx=dx, dy=dy) for dx, dy in offsets)


def artifact_actions(st: FindingState, p: int, key: str) -> tuple[Action, ...]:
    if key == "pearl":
        return _pearl(p, None if st.lost[p] else st.pos[p], st.size)
    spec = ARTIFACT[key]
    return _actions(p, "artifact", key, spec.params, spec.distances, st.n, st.size)


@lru_cache(maxsize=_BURN_MAX)
def _burn(p: int, card: str, direction: str) -> Action:
    return Action.make(p, "burn", card=card, direction=direction)


@lru_cache(maxsize=SPACES)
def _on_map_directions(cell: int, size: int) -> tuple[str, ...]:
    return tuple(d for d in MOVES if step(size, cell, d) is not None)


def burn_directions(st: FindingState, p: int) -> tuple[str, ...]:
    """Where a burn may go: every way while lost, else only onto the map."""
    here = st.pos[p]
    if st.lost[p] or here is None:
        return MOVES
    return _on_map_directions(here, st.size)


@lru_cache(maxsize=_SIMPLE_MAX)
def _simple(p: int, kind: str, key: str = "", value: Any = None) -> Action:
    return Action.make(p, kind, **({key: value} if key else {}))


@lru_cache(maxsize=_TURN_MAX)
def _turn(
    p: int, hand: tuple[str, ...], captain: str | None, arts: tuple[str, ...],
    dirs: tuple[str, ...], lost: bool, at: int | None, n: int, size: int,
) -> tuple[Action, ...]:  # fmt: skip
    """A turn's choices from what they depend on (cached: hands repeat all game long)."""
    out: list[Action] = []
    for key in hand:
        spec = CARD[key]
        out.extend(_actions(p, key, "", spec.params, (), n, size))
    if captain is not None:
        spec_c = CAPTAIN[captain]
        out.extend(_actions(p, "captain", captain, spec_c.params, spec_c.distances, n, size))
    for key in arts:
        if key == "pearl":
            out.extend(_pearl(p, None if lost else at, size))
        elif key in ARTIFACT:
            spec_a = ARTIFACT[key]
            out.extend(_actions(p, "artifact", key, spec_a.params, spec_a.distances, n, size))
    for key in hand:
        if CARD[key].burnable:
            out.extend(_burn(p, key, d) for d in dirs)
    if captain is not None:
        out.extend(_burn(p, CAPTAIN_CARD, d) for d in dirs)
    return tuple(out)


# --- the actions of each phase, for the seat that decides it (game.finding.turns.PHASES) ------
def turn_actions(st: FindingState, p: int) -> list[Action]:
    if st.acts <= 0:
        return []
    ready = st.captain[p] if st.cap_ready[p] else None
    arts = st.arts[p]
    if len(arts) > 1:
        arts = tuple(sorted(set(arts)))
    lost = st.lost[p]
    at = st.pos[p]
    return list(
        _turn(p, st.hand[p], ready, arts, burn_directions(st, p), lost,
              at if "pearl" in arts else None, st.n, st.size)
    )  # fmt: skip


def keep_actions(st: FindingState, p: int) -> list[Action]:
    dealt = st.dealt[p]
    return [] if dealt is None else [_simple(p, "keep", "captain", c) for c in dealt]


def start_actions(st: FindingState, p: int) -> list[Action]:
    return [_simple(p, "start_move", "direction", d) for d in MOVES]


def solve_actions(st: FindingState, p: int) -> list[Action]:
    return [_simple(p, "solve"), _simple(p, "keep_searching")]


def claim_actions(st: FindingState, p: int) -> list[Action]:
    return [_simple(p, "claim", "cell", c) for c in claimable(st)]


def claimable(st: FindingState) -> list[int]:
    """The spaces that may be named next: touching a named one (side or corner), not named."""
    named = set(st.claim)
    near: set[int] = set()
    for c in st.claim:
        near.update(neighbours8(st.size, c))
    return sorted(near - named)


# --- refusals ------------------------------------------------------------------------------------
def explain(st: FindingState, a: Action) -> str:
    """Why a well-formed action by the deciding seat is refused, in a player's words."""
    p = a.player
    kind = a.kind
    phase = st.phase
    if kind in ("solve", "keep_searching") and phase != "solve":
        return (
            "You can only try to name Atlantis right after Explore finds an Atlantis space "
            "beneath you"
        )
    if kind == "claim":
        if phase != "claim":
            return "Name the city's spaces only after choosing to solve on an Atlantis space"
        cell = a.get("cell")
        if type(cell) is not int or not 0 <= cell < st.size * st.size:
            return f"{cell!r} is not a space of this {st.size}×{st.size} map"
        if cell in st.claim:
            return "That space is already named"
        return "Each space you name must touch, by a side or a corner, one already named"
    if phase == "captain":
        if kind != "keep":
            return "First keep one of the two captains you were dealt"
        dealt = st.dealt[p] or ()
        names = " and ".join(CAPTAIN[c].name for c in dealt)
        wanted = a.get("captain")
        shown = CAPTAIN[wanted].name if wanted in CAPTAIN else repr(wanted)
        return f"You were dealt {names}; {shown} is not one of them"
    if phase == "start":
        return "First make your hidden starting move: pick N, E, S or W"
    if phase in ("solve", "claim"):
        return "First answer the question about Atlantis"
    if phase != "play":
        return "The game is over"
    if kind in CARD:
        spec = CARD[kind]
        if spec.pirate and not st.pirate:
            return f"{spec.name} is only played in pirate mode"
        if kind not in st.hand[p]:
            return (
                f"{spec.name} is on your discard pile; surface (or use the Seed of Youth) to "
                "take it back"
            )
        return f"{spec.name} does not take those choices ({_wanted(spec.params)})"
    if kind == "burn":
        card = a.get("card")
        if card == SURFACE:
            return "Surface cannot be burned: it is the one card you always keep"
        if card in ARTIFACT:
            return "Artifacts cannot be burned; only action cards and your captain can"
        if card == CAPTAIN_CARD:
            if not st.cap_ready[p]:
                return "Your captain is on your discard pile until you surface"
        elif card not in CARD:
            return f"There is no card {card!r} to burn"
        elif card not in st.hand[p]:
            return f"{card_name(card)} is already played; you can only burn a card in your hand"
        d = a.get("direction")
        if d not in MOVES:
            return "A burned card moves you N, E, S or W"
        return "The edge of the map is that way: a burned card cannot move you off it"
    if kind == "captain":
        name = a.get("name")
        mine = st.captain[p]
        if name != mine:
            shown = CAPTAIN[name].name if name in CAPTAIN else repr(name)
            return f"Your captain is the {CAPTAIN[mine].name if mine else '?'}, not {shown}"
        if not st.cap_ready[p]:
            return f"The {CAPTAIN[mine].name} is on your discard pile until you surface"
        return f"The {CAPTAIN[mine].name} does not take those choices"
    if kind == "artifact":
        name = a.get("name")
        if name not in ARTIFACT:
            return f"There is no artifact {name!r}"
        if name in st.used[p] and name not in st.arts[p]:
            return f"The {ARTIFACT[name].name} is used up: each artifact works once"
        if name not in st.arts[p]:
            return f"You hold no {ARTIFACT[name].name}"
        if name == "pearl":
            return "The Tidal Pearl jumps to a space of the map up to two away"
        return f"The {ARTIFACT[name].name} does not take those choices"
    if kind in ("keep", "start_move"):
        return "That choice belongs to the start of the game"
    return f"{kind!r} is not a move in Finding Atlantis"


def _wanted(params: tuple[str, ...]) -> str:
    from game.finding.cards import PARAMS

    return "; ".join(PARAMS[p] for p in params) or "no choices"


def describe(st: FindingState, a: Action) -> str:
    """A short phrase for ``a`` ("burning the Sonar to move N")."""
    kind = a.kind
    if kind in CARD:
        extra = a.get("line") or a.get("direction")
        return f"playing {CARD[kind].name}" + (f" ({extra})" if extra else "")
    if kind == "burn":
        return f"burning {card_name(a['card'])} to move {a['direction']}"
    if kind == "captain":
        return f"playing the {CAPTAIN[a['name']].name}"
    if kind == "artifact":
        return f"using the {ARTIFACT[a['name']].name}"
    if kind == "keep":
        return f"keeping the {CAPTAIN[a['captain']].name}"
    if kind == "claim":
        x, y = xy(st.size, a["cell"])
        return f"naming {chr(ord('A') + x)}{y + 1}"
    return kind.replace("_", " ")
