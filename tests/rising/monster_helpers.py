"""Scenario builders and invariants for the monsters module tests."""

from __future__ import annotations

import random

from game.core.protocol import Action
from game.rising.island import CAP, NUM_SPOTS, NUM_TILES, SUPPLY_LIMITS
from game.rising.monsters import describe
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


def check_monster_invariants(st: RisingState) -> None:
    """Pieces conserved, stone counts against capacity, nothing on sunk tiles."""
    n = st.n
    for p in range(n):
        placed = sum(o.count(p) for o in st.occ)
        petrified = sum(x.count(p) for x in st.petr)
        held = st.home[p] + st.held[p] + placed + petrified + st.captives.count(p)
        owned = st.owned_colour[p] + st.owned_grey[p] + st.vol_pool[p] + st.vol_active[p]
        assert held == owned, (p, held, owned)
        assert min(st.home[p], st.vol_pool[p], st.vol_active[p]) >= 0
    assert st.grey_supply + sum(st.owned_grey) + st.grey_lost == SUPPLY_LIMITS["grey_atlanteans"]
    for r, name in enumerate(("ore", "gold", "crystal", "atlantium")):
        assert st.res_supply[r] + sum(st.res[p][r] for p in range(n)) == SUPPLY_LIMITS[name]
    pooled = sum(k for f in st.stack if f[0] == "pool" for _, k in f[5])
    assert st.energy_supply + sum(st.energy) + pooled == SUPPLY_LIMITS["energy"]
    over = 0
    for t in range(NUM_TILES):
        if t % 6 < st.flooded[t // 6]:
            assert not st.occ[t] and not st.petr[t]
        over += max(0, len(st.occ[t]) + len(st.petr[t]) - CAP[t])
    # a full tile only takes more through the once-a-turn allowances; Medusa's volunteers
    # only ever fill empty rings
    assert over <= sum(st.extra_used) + 2 * st.n
    if st.medusa >= 0:
        assert st.medusa >= NUM_TILES or st.medusa % 6 >= st.flooded[st.medusa // 6]
    if st.harpies >= 0:
        assert st.harpies >= NUM_TILES or st.harpies % 6 >= st.flooded[st.harpies // 6]
    describe(st)  # always drawable


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
