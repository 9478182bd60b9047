"""The one bot-vs-bot loop: views only, every decision shown to the caller, games that end."""

from __future__ import annotations

import pytest
from toygame import FULL, ToyState

from ai import match
from ai.bots import RandomBot, make_bot
from game.core.protocol import Action, Decision


class Spy:
    """Answers the first legal move and remembers what it was given."""

    level = "spy"

    def __init__(self) -> None:
        self.seen: list[tuple[int | None, int]] = []

    def choose(self, view, player, deadline, should_stop=lambda: False):
        self.seen.append((view.observer, player))
        return view.legal_actions(player)[0]


def test_each_seat_decides_from_its_own_view_and_the_caller_sees_every_decision():
    state = ToyState(3, 4, rounds=3)
    spies = [Spy(), Spy(), Spy()]
    steps: list[match.Decided] = []
    actions = match.play(state, spies, 0.01, observe=steps.append)
    assert state.decision() is None and actions == len(steps) > 0
    for seat, spy in enumerate(spies):
        assert spy.seen and all(seen == (seat, seat) for seen in spy.seen)
    assert all(step.state is state and step.state.observer == FULL for step in steps)
    assert all(step.seconds >= 0 and step.choices >= 1 for step in steps)
    assert sum(len(spy.seen) for spy in spies) == len(steps)


def test_a_seeded_game_replays_the_same_through_the_loop():
    def final(seed: int):
        state = ToyState(2, seed, rounds=3)
        # a budget the greedy bot never reaches: past its deadline it returns the best move
        # so far, which on a loaded machine made two runs of one seed differ
        match.play(state, [make_bot("toy", "easy", 1), RandomBot(seed=2)], 10.0)
        return state.fingerprint()

    assert final(5) == final(5)


def test_a_game_that_never_ends_is_an_error_not_a_hang():
    state = ToyState(2, 1)
    with pytest.raises(RuntimeError, match="did not end within 10 actions"):
        match.play(state, [RandomBot(seed=1), RandomBot(seed=2)], 0.01, max_actions=10)


class Endless:
    """A state whose game never ends: one seat, one move, for ever."""

    def __init__(self) -> None:
        self.applied = 0

    def decision(self):
        return Decision((0,), "again")

    def apply(self, action):
        self.applied += 1
        return []


def test_a_playout_stops_when_asked_and_leaves_the_game_open():
    state = Endless()
    calls = []

    def stop() -> bool:
        calls.append(state.applied)
        return len(calls) == 3

    n = match.playout(state, lambda st, p: Action(p, "again"), should_stop=stop)
    assert n == state.applied == 3 * 512 and calls == [512, 1024, 1536]
    assert state.decision() is not None
