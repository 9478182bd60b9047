"""Bot seats in a game session: each bot seat has its own memory of what its seat saw, and a
game loaded from its save rebuilds those memories from the record."""

from __future__ import annotations

import pytest
import toygame

from ai.runner import BotRunner
from game.core import registry, storage
from game.core.saves import Seat
from scenes.session import GameSession


@pytest.fixture
def memory_game():
    toygame.install()
    yield "toy_memory"
    for game_id in ("toy", "toy_teams", "toy_coop", "toy_bad", "toy_memory"):
        registry._GAMES.pop(game_id, None)


def seats():
    return [Seat("Ana"), Seat("Bot A", "bot", "normal"), Seat("Bot B", "bot", "normal")]


def drive(s: GameSession, moves: int) -> None:
    """Play on until ``moves`` moves are recorded: the person plays first legal moves."""
    for _ in range(2000):
        if len(s.record.actions) >= moves or s.is_over:
            return
        human = s.deciding_humans()
        if human:
            s.apply(s.state.legal_actions(human[0])[0])
        else:
            s.update(0.0)
    raise AssertionError("the game did not move on")


def memory(runner: BotRunner, seat: int) -> list:
    return runner._bots[seat][1].seen


def test_two_bot_seats_at_one_level_remember_separately_and_only_their_own(memory_game):
    runner = BotRunner("inline")
    s = GameSession.new(memory_game, seats(), {"rounds": "3"}, 4, runner_factory=lambda: runner)
    drive(s, 12)
    a, b = runner._bots[1][1], runner._bots[2][1]
    assert a is not b
    secrets_a = [e for e in memory(runner, 1) if e.to is not None]
    secrets_b = [e for e in memory(runner, 2) if e.to is not None]
    assert secrets_a and secrets_b  # each saw its own secret cards ...
    assert all(e.to == (1,) for e in secrets_a) and all(e.to == (2,) for e in secrets_b)
    s.close()


def test_a_loaded_game_rebuilds_each_bots_memory_from_the_record(memory_game):
    first = BotRunner("inline")
    s = GameSession.new(memory_game, seats(), {"rounds": "3"}, 4, runner_factory=lambda: first)
    drive(s, 12)
    before = {seat: [e.text for e in memory(first, seat)] for seat in (1, 2)}
    s.close()

    again = BotRunner("inline")
    loaded = GameSession.load(storage.autosave_path(memory_game), runner_factory=lambda: again)
    assert loaded.record.actions == s.record.actions
    drive(loaded, len(s.record.actions) + 8)  # the bots are asked again after loading
    for seat in (1, 2):
        rebuilt = [e.text for e in memory(again, seat)]
        # the new bot holds everything the old one had, in the same order, then what followed
        assert rebuilt[: len(before[seat])] == before[seat]
        assert rebuilt == [e.text for e in loaded.seen_by(seat)][: len(rebuilt)]
    loaded.close()
