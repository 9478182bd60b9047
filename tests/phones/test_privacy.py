"""Privacy by construction, checked: what the table sends a seat is the same whether it is
built from the real game or from any world that seat cannot tell from it.

For random games of every registered game (each game's payload module from remote/games.py,
the generic one for a game without its own), at many positions, the message for each seat
built from the real state must equal, text for text, the ones built from worlds sampled from
that seat's view (``determinize``, the same look-alike worlds the engine tests use). A
message that held anything outside the seat's view (another seat's face-down card, a
captain's position, the deck order) would differ between such worlds.
"""

from __future__ import annotations

import random

import pytest

from game.core import registry
from game.core.protocol import GameState
from remote import messages

GAMES = 2
WORLDS = 2
EVERY = 6  # positions compared: every this many moves, and the last
MAX_MOVES = 1500


def _game(spec: registry.GameSpec, seed: int) -> GameState:
    rng = random.Random(seed)
    for _ in range(50):
        n = rng.randint(spec.min_players, min(spec.max_players, 6))
        options = spec.parse_options({o.key: o.sample(rng, n) for o in spec.options})
        try:
            return spec.create(spec.default_seats(n), options, seed)
        except ValueError:
            continue
    raise AssertionError(f"no playable option mix for {spec.game_id}")


def _compare(
    state: GameState, rng: random.Random, version: int, build=messages.seat_message
) -> int:
    """Compare each seat's message from ``state`` with those from worlds sampled from its
    view; returns how many were compared."""
    checked = 0
    for seat in range(state.num_players):
        real, _ = build(state, seat, "Seat", version)
        text = messages.encode(real)
        view = state.view(seat)
        for _ in range(WORLDS):
            world = view.determinize(random.Random(rng.getrandbits(32)))
            built, _ = build(world, seat, "Seat", version)
            assert messages.encode(built) == text, (
                f"seat {seat}'s message differs between worlds it cannot tell apart"
            )
            checked += 1
    return checked


def shipped() -> list[str]:
    """The games this program ships (not the toy games other tests register)."""
    return [s.game_id for s in registry.games() if s.new_game.__module__.startswith("game.")]


@pytest.mark.parametrize("game_id", shipped())
def test_a_seat_message_is_the_same_in_every_world_the_seat_cannot_tell_apart(
    game_id: str,
) -> None:
    spec = registry.get(game_id)
    checked = 0
    for g in range(GAMES):
        seed = 3000 + g
        state, rng = _game(spec, seed), random.Random(seed)
        moves = 0
        while state.decision() is not None and moves < MAX_MOVES:
            if moves % EVERY == 0:
                checked += _compare(state, rng, moves)
            dec = state.decision()
            seat = rng.choice([p for p in dec.players if state.legal_actions(p)])
            state.apply(rng.choice(state.legal_actions(seat)))
            moves += 1
        checked += _compare(state, rng, moves)
    assert checked > 50


def test_the_comparison_catches_a_message_built_from_the_real_state() -> None:
    """A message built from the state it is given instead of that state's view for the seat
    (here: every hero's face-down card) is caught by the same comparison."""

    def leaky(state, seat, name, version):
        return {"commit": [str(c) for c in state.commit]}, []

    spec = registry.get("guards")
    state, rng = _game(spec, 11), random.Random(11)
    while not (state.phase == "play" and sum(c is not None for c in state.commit) >= 2):
        dec = state.decision()
        seat = rng.choice([p for p in dec.players if state.legal_actions(p)])
        state.apply(rng.choice(state.legal_actions(seat)))
    _compare(state, rng, 1, messages.seat_message)  # the real builder passes here
    with pytest.raises(AssertionError, match="differs between worlds"):
        for _ in range(20):  # a sampled world may by chance hold the same cards
            _compare(state, rng, 1, leaky)
