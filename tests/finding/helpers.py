"""Hand-made tables, a random driver and the invariants of the Finding Atlantis tests.

``ocean_from`` draws a map from text rows (``A`` Atlantis, ``x`` artifact, anything else
empty sea), ``table`` seats submarines on it at chosen cells with chosen captains, ready for
the first action of round 1, and ``check_invariants`` is what every random game and
``make soak`` (tools/soak.py finds it here) checks after every move.
"""

from __future__ import annotations

import random
from typing import Any

from game.core.protocol import Action, Event
from game.finding.cards import CAPTAIN, SURFACE, hand_cards  # noqa: F401 (SURFACE: for the tests)
from game.finding.chart import Entry
from game.finding.ocean import Ocean
from game.finding.setup import new_game
from game.finding.state import FindingState


def ocean_from(*rows: str) -> Ocean:
    """A map from text rows, north first: ``A`` Atlantis, ``x`` artifact, other chars sea."""
    cells = "".join(r.replace(" ", "") for r in rows)
    size = len(rows)
    assert len(cells) == size * size, "the rows must make a square"
    atlantis = frozenset(i for i, ch in enumerate(cells) if ch == "A")
    artifacts = frozenset(i for i, ch in enumerate(cells) if ch == "x")
    return Ocean(size, atlantis, artifacts)


#: a 6×6 map used by many tests: the city in the north-west, artifacts scattered
#:     A B C D E F
#:  1  A A . . . .
#:  2  . A A . . .
#:  3  . . . . x .
#:  4  x . . . . .
#:  5  . . . x . .
#:  6  . . . . . x
SIX = ocean_from(
    "AA....",
    ".AA...",
    "....x.",
    "x.....",
    "...x..",
    ".....x",
)


def c(x: int, y: int, size: int = 6) -> int:
    """The cell at column ``x``, row ``y`` (0-based, north-west is 0, 0)."""
    return y * size + x


def table(
    ocean: Ocean = SIX,
    pos: tuple[int, ...] = (c(3, 3), c(0, 5)),
    captains: tuple[str, ...] | None = None,
    mode: str = "classic",
    monsters: str = "sleepy",
    seat: int = 0,
    seed: int = 1,
    deck: list[str] | None = None,
) -> FindingState:
    """Submarines on ``ocean`` at ``pos``, captains kept, ``seat`` to play round 1."""
    n = len(pos)
    st = new_game(n, {"size": str(ocean.size), "mode": mode, "monsters": monsters}, seed)
    st.ocean = ocean
    keys = list(CAPTAIN)
    captains = captains or tuple(keys[i % len(keys)] for i in range(n))
    st.log = ()
    for p in range(n):
        other = next(k for k in keys if k != captains[p])
        st.dealt[p] = (captains[p], other)
        st.captain[p] = captains[p]
        st.cap_ready[p] = True
        st.hand[p] = hand_cards(mode == "pirate")
        st.pos[p] = pos[p]
        st.note(p, "kept", to=(p,), captain=captains[p])
        st.note(p, "start", at=pos[p])
    if deck is not None:
        st.deck = list(deck)
    st.first = seat
    st.seat = seat
    st.phase = "play"
    st.acts = 2
    st.round = 1
    st._ev = []
    st._know = {}
    st._charts = {}
    return st


def act(st: FindingState, kind: str, player: int | None = None, **args: Any) -> list[Event]:
    """Apply one action through the full check (as a person's move would be)."""
    p = st.seat if player is None else player
    return st.apply(Action.make(p, kind, **args))


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def entries(st: FindingState, kind: str) -> list[Entry]:
    return [e for e in st.log if e.kind == kind]


def random_game(
    n: int, seed: int, options: dict[str, str], check: bool = False, rng_seed: int | None = None
) -> tuple[FindingState, list[Action]]:
    """A random legal game to its end; ``check`` runs the invariants after every move."""
    st = new_game(n, options, seed)
    rng = random.Random(seed if rng_seed is None else rng_seed)
    log: list[Action] = []
    while (d := st.decision()) is not None:
        legal = st.legal_actions(d.players[0])
        a = legal[rng.randrange(len(legal))]
        events = st.apply(a)
        log.append(a)
        if check:
            check_invariants(st, events)
    return st, log


def unseen_sonar_opening(ocean: Ocean = SIX) -> FindingState:
    """The play-test's opening (issue 28): Yellow, known at E2, moves one space unseen and takes
    a Sonar (from D2 or E3 as the others see it), Red moves unseen twice, Yellow moves two
    unseen and takes a Jelly Rod, Red takes a Sonar and explores; Yellow is to play."""
    st = table(ocean, pos=(c(4, 1), c(0, 5)))
    act(st, "silent", direction="S")
    act(st, "sonar")
    act(st, "silent", player=1, direction="N")
    act(st, "long_silent", player=1, direction="N")
    act(st, "long_silent", direction="S")
    act(st, "jelly", line="N-S")
    act(st, "sonar", player=1)
    act(st, "explore", player=1)
    return st


from game.finding.invariants import (  # noqa: E402,F401 (the engine's own check, re-exported)
    PUBLIC_KEYS,
    PUBLIC_PLACES,
    SECRET_KEYS,
    check_events,
    check_view,
)
from game.finding.invariants import check as check_invariants  # noqa: E402,F401
