"""Scenario builders and invariants for the monsters module tests."""

from __future__ import annotations

import random

from game.core.protocol import Action
from game.rising.invariants import check_monsters
from game.rising.island import NUM_SPOTS
from game.rising.setup import new_game
from game.rising.state import RisingState
from tests.rising.helpers import T, scenario


def mscenario(monsters: str, n: int = 4, seed: int = 1, phase: str = "misfortune") -> RisingState:
    """An empty board with the given monsters set up, their random set-up cleared away."""
    st = scenario(n, seed, phase, monsters=monsters)
    st.petr = [[] for _ in range(NUM_SPOTS)]
    if st.medusa >= 0:
        st.medusa = T["forests-6"]
    if st.harpies >= 0:
        st.harpies = T["forests-6"]
    return st


def stone(st: RisingState, spot: str, *owners: int) -> None:
    """Petrified pieces on ``spot`` (owners >= 0 are taken from that councilor's home)."""
    t = T[spot]
    for q in owners:
        st.petr[t].append(q)
        if q >= 0:
            st.home[q] -= 1


check_monster_invariants = check_monsters  # the engine's own (game/rising/invariants.py)


def random_monster_game(
    n: int, seed: int, options: dict[str, str], check: bool = True
) -> tuple[RisingState, list[Action]]:
    """A random legal game to its end; every petrified piece is watched while it is stone."""
    st = new_game(n, options, seed)
    rng = random.Random(seed * 31 + n)
    log: list[Action] = []
    while True:
        d = st.decision()
        if d is None:
            return st, log
        acts = st.legal_actions(d.players[0])
        assert acts, d
        a = rng.choice(acts)
        before = [list(x) for x in st.petr]
        log.append(a)
        events = st.apply(a)
        if check:
            check_monster_invariants(st)
            stone_only_changes_by_events(before, st, events)


def stone_only_changes_by_events(before: list[list[int]], st: RisingState, events: list) -> None:
    """Stone pieces never act or go home: they leave only when freed or when their tile sinks."""
    expect = [len(x) for x in before]
    for e in events:
        if e.kind == "petrified":
            expect[T[e.data["spot"]]] += len(e.data["pieces"])
        elif e.kind == "freed":
            expect[T[e.data["spot"]]] -= 1
        elif e.kind == "petrified_removed":
            expect[T[e.data["spot"]]] -= len(e.data["pieces"])
    assert expect == [len(x) for x in st.petr]
