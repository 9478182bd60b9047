"""A game of Finding Atlantis on a map and start chosen in advance: the tutorial's table.

:func:`game.finding.setup.new_game` draws everything from its seed; a guided first game needs
the opposite (the same ocean, start space, captains and artifact deck every time, so the
lesson's words stay true). :func:`fixed_game` builds that state through the same fields and
chart entries ``new_game`` writes, so the engine plays it like any other game; the lesson's
own table is :func:`tutorial_game`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from game.finding.cards import ARTIFACT, CAPTAIN, CAPTAINS, hand_cards
from game.finding.ocean import SIZES, Ocean, riddle_problem
from game.finding.setup import DEFAULTS
from game.finding.state import FindingState


def fixed_game(
    ocean: Ocean,
    starts: Sequence[int],
    dealt: Sequence[tuple[str, str]],
    *,
    deck: Sequence[str] | None = None,
    first: int = 0,
    options: Mapping[str, str] | None = None,
    seed: int = 0,
) -> FindingState:
    """A fresh game (captain choice first) on ``ocean`` with the given start spaces, the two
    captains dealt to each seat and the artifact deck (drawn from the end); whatever is not
    given (a deck, later teleports) comes from the rng seeded with ``seed``."""
    n = len(starts)
    if not 1 <= n <= 4 or len(dealt) != n:
        raise ValueError("give 1-4 start spaces and one pair of captains per seat")
    problem = riddle_problem(ocean, *SIZES[ocean.size])
    if problem:
        raise ValueError(f"the map breaks the riddle: {problem}")
    if len(set(starts)) != n or not all(0 <= s < ocean.size**2 for s in starts):
        raise ValueError("start spaces must be distinct spaces of the map")
    if any(len(set(pair)) != 2 or not set(pair) <= set(CAPTAIN) for pair in dealt):
        raise ValueError("each seat is dealt two different captains")
    opts = {**DEFAULTS, **(options or {}), "size": str(ocean.size)}
    st = FindingState()
    st.rng.seed(seed)
    st.init_fields(n, opts, ocean)
    if deck is None:
        cards = sorted(ARTIFACT)
        st.rng.shuffle(cards)
        deck = cards
    if sorted(deck) != sorted(ARTIFACT):
        raise ValueError("the deck holds each of the ten artifacts once")
    st.deck = list(deck)
    st.first = first
    order = {c.key: i for i, c in enumerate(CAPTAINS)}
    for p in range(n):
        pair = tuple(sorted(dealt[p], key=order.__getitem__))
        st.dealt[p] = pair  # type: ignore[assignment]
        st.hand[p] = hand_cards(st.pirate)
        st.pos[p] = starts[p]
        st.note(p, "dealt", to=(p,), captains=pair)
    for p in range(n):
        st.note(p, "start", at=starts[p])
    st.note(first, "first")
    return st


def cell_named(name: str, size: int = 6) -> int:
    """``"F4"`` -> its cell (column letter from the west, row number from the north)."""
    x = ord(name[0].upper()) - ord("A")
    y = int(name[1:]) - 1
    if not (0 <= x < size and 0 <= y < size):
        raise ValueError(f"{name!r} is not a space of a {size}×{size} map")
    return y * size + x


def _cells(*names: str) -> frozenset[int]:
    return frozenset(cell_named(n) for n in names)


#: the lesson's map (6×6): the city in the south-east, four wrecks around the middle
#:     A B C D E F
#:  1  . . . . . .
#:  2  . . . . . x
#:  3  . . . . . .
#:  4  . . x . . A
#:  5  . x . . . A
#:  6  . x . . A A
#: Chosen (by a search over maps and routes) so that the lesson's readings pin the city down
#: exactly: after the Navy Captain the heat map shows one city at 100 % (tested).
TUTORIAL_OCEAN = Ocean(6, _cells("F4", "F5", "E6", "F6"), _cells("F2", "C4", "B5", "B6"))
#: the start space (public), the two captains dealt and the artifact drawn first
TUTORIAL_START = cell_named("D5")
TUTORIAL_DEALT = ("navy", "engineer")
TUTORIAL_ARTIFACT = "sunstone"


def tutorial_game() -> FindingState:
    """The guided first game: one submarine, the lesson's map, start and captains, and the
    Sunstone on top of the artifact deck (the rest of the deck in a fixed order)."""
    rest = [k for k in sorted(ARTIFACT) if k != TUTORIAL_ARTIFACT]
    return fixed_game(
        TUTORIAL_OCEAN,
        [TUTORIAL_START],
        [TUTORIAL_DEALT],
        deck=[*rest, TUTORIAL_ARTIFACT],
        options={"size": "6", "mode": "classic", "monsters": "sleepy"},
        seed=13,
    )
