"""Scenario builders, a random driver and invariant checks for the Atlantis Rising tests."""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from game.core.protocol import Action, Decision
from game.rising import turns
from game.rising.frames import FRAME_ACTIONS, act, register_frame, unregister_frame
from game.rising.invariants import check_base
from game.rising.island import NUM_TILES, SPOT_INDEX
from game.rising.knowledge import KNOWLEDGE_INDEX
from game.rising.misfortunes import MISFORTUNE_INDEX
from game.rising.setup import new_game
from game.rising.state import RisingState


@contextmanager
def halt_frame() -> Iterator[None]:
    """A test-only decision frame, ``("halt", p)``, that stops the machine where a scenario ends.

    :func:`run_frames` puts it under the frames it runs; the ``halt`` fixture of
    ``tests/rising/conftest.py`` holds it registered for the tests of a module.
    """
    register_frame(
        "halt",
        ready=lambda st, f: True,
        legal=lambda st, f, p: [act(p, "halt")],
        handle=lambda st, f, a: st.stack.pop(),
        decide=lambda st, f: Decision((0,), "halt", "scenario over"),
        actions=("halt",),
        decisions=("halt",),
    )
    try:
        yield
    finally:
        unregister_frame("halt")


T = SPOT_INDEX  # "forges-6" -> spot index


def fresh(n: int = 4, seed: int = 1, **options: str) -> RisingState:
    return new_game(n, options, seed)


def scenario(n: int = 4, seed: int = 1, phase: str = "production", **options: str) -> RisingState:
    """A state with an empty board and nothing pending, ready for :func:`run_frames`."""
    st = new_game(n, options, seed)
    st.stack = []
    st.phase = phase
    st.round = 1
    for p in range(n):
        st.home[p] = st.owned_colour[p]
    return st


def run_frames(st: RisingState, *frames: tuple) -> list:
    """Push ``frames`` (first resolves first) above a halt frame and run to the first decision.

    The halt frame must be registered (the ``halt`` fixture, or :func:`halt_frame`).
    """
    assert "halt" in FRAME_ACTIONS, "run_frames needs the halt frame: use the halt fixture"
    st.stack = [("halt", 0), *reversed(frames)]
    st._ev = []
    turns.run(st)
    events, st._ev = st._ev, None
    return events


def place(st: RisingState, p: int, spot: str, courage: bool = False) -> None:
    """Put one of ``p``'s Atlanteans on ``spot`` directly (scenario building)."""
    t = T[spot]
    st.occ[t].append(p)
    st.home[p] -= 1
    if courage:
        st.courage_supply -= 1
        st.cour[t].append(p)


def give_cards(st: RisingState, p: int, *keys: str) -> None:
    for k in keys:
        idx = KNOWLEDGE_INDEX[k]
        if idx in st.kdeck:
            st.kdeck.remove(idx)
        else:
            st.kdiscard.remove(idx)
        st.hand[p].append(idx)


def give_res(
    st: RisingState, p: int, ore: int = 0, gold: int = 0, crystal: int = 0, atl: int = 0
) -> None:
    for r, k in enumerate((ore, gold, crystal, atl)):
        st.res_supply[r] -= k
        st.res[p][r] += k


def set_energy(st: RisingState, p: int, k: int) -> None:
    st.energy_supply += st.energy[p] - k
    st.energy[p] = k


def stack_misfortunes(st: RisingState, *keys: str) -> None:
    """Put these misfortunes on top of the deck, the first key drawn first."""
    for k in reversed(keys):
        idx = MISFORTUNE_INDEX[k]
        st.mdeck.remove(idx)
        st.mdeck.append(idx)


def stack_knowledge(st: RisingState, *keys: str) -> None:
    for k in reversed(keys):
        idx = KNOWLEDGE_INDEX[k]
        if idx in st.kdeck:
            st.kdeck.remove(idx)
        else:
            for h in st.hand:
                if idx in h:
                    h.remove(idx)
                    break
        st.kdeck.append(idx)


class FixedDice:
    """Stand in for ``st.rng`` so dice come out as scripted (shuffles still work)."""

    def __init__(self, rng: random.Random, rolls: list[int]):
        self._rng = rng
        self.rolls = list(rolls)

    def randint(self, a: int, b: int) -> int:
        return self.rolls.pop(0)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._rng, name)


def fix_dice(st: RisingState, *rolls: int) -> None:
    st.rng = FixedDice(st.rng, list(rolls))  # type: ignore[assignment]


def do(st: RisingState, p: int, kind: str, **args: Any) -> list:
    return st.apply(Action.make(p, kind, **args))


def decider(st: RisingState) -> int:
    d = st.decision()
    assert d is not None
    return d.players[0]


def kinds(st: RisingState) -> set[str]:
    return {a.kind for a in st.legal_actions(decider(st))}


# --- invariants -------------------------------------------------------------------------------
check_invariants = check_base  # the engine's own (game/rising/invariants.py)


def check_capacity(st: RisingState, extra_ok: bool = True) -> None:
    """No tile holds more Atlanteans than its rings plus the over-capacity allowances used."""
    from game.rising.island import CAP

    allowance = sum(st.extra_used)
    over = sum(max(0, len(st.occ[t]) - CAP[t]) for t in range(NUM_TILES))
    assert over <= allowance


def random_game(n: int, seed: int, options: dict[str, str] | None = None, check: bool = False):
    """Play a random legal game; returns (state, actions)."""
    st = new_game(n, options or {}, seed)
    rng = random.Random(seed * 7919 + n)
    log: list[Action] = []
    while True:
        d = st.decision()
        if d is None:
            return st, log
        acts = st.legal_actions(d.players[0])
        assert acts, d
        a = rng.choice(acts)
        log.append(a)
        st.apply(a)
        if check:
            check_invariants(st)
            check_capacity(st)
