"""Undo in Atlantis Rising: only your own placements, only until something is revealed."""

from __future__ import annotations

from scene_toy import FakeRunner

from game.core import storage
from game.core.events import SESSION_EVENTS, undeclared
from game.core.protocol import Action
from game.core.saves import Seat
from scenes.session import GameSession


def rising(kinds: list[str], runner: FakeRunner | None = None, seed: int = 11) -> GameSession:
    seats = [Seat(f"S{i}", k, "easy") for i, k in enumerate(kinds)]
    runner = runner or FakeRunner(delay_polls=1)
    return GameSession.new("rising", seats, {}, seed=seed, runner_factory=lambda: runner)


def to_placement(s: GameSession) -> int:
    """Answer start-of-turn decisions with 'done' until someone must place; returns that seat."""
    while True:
        dec = s.decision()
        assert dec is not None
        if dec.kind == "place":
            return dec.players[0]
        s.apply(Action.make(dec.players[0], "done"))


def place_at(s: GameSession, seat: int, where: str = "centre") -> None:
    s.apply(Action.make(seat, "place", at=where))


def test_place_then_undo_restores_the_exact_state():
    s = rising(["human", "human"])
    seat = to_placement(s)
    before = s.state.fingerprint()
    moves = len(s.record.actions)
    place_at(s, seat, "mountains-1")
    assert s.can_undo(seat)
    events = s.undo()
    assert [e.kind for e in events] == ["undo"]
    assert "at Mountains 1." in events[0].text and events[0].data["player"] == seat
    assert undeclared(SESSION_EVENTS, events[0]) is None  # the session's event, as declared
    assert s.state.fingerprint() == before
    assert len(s.record.actions) == moves
    assert s.log[-1] is events[0]


def test_several_placements_walk_back_one_at_a_time():
    s = rising(["human", "human"])
    seat = to_placement(s)
    before = s.state.fingerprint()
    place_at(s, seat, "centre")
    place_at(s, seat, "navy")
    assert s.can_undo(seat)
    s.undo()
    assert s.can_undo(seat)
    s.undo()
    assert s.state.fingerprint() == before
    assert not s.can_undo(seat)  # the 'done' before placement is not a placement


def test_no_undo_once_the_turn_passed_to_another_player():
    s = rising(["human", "human"])
    seat = to_placement(s)
    while s.decision().players[0] == seat and s.decision().kind == "place":
        place_at(s, seat)
    other = s.decision().players[0]
    assert other != seat
    assert not s.can_undo(seat)
    assert not s.can_undo(other)  # the last move was not theirs
    assert s.undo() == []


def test_no_undo_after_a_misfortune_was_revealed():
    s = rising(["human", "human"])
    seat = to_placement(s)
    # place everyone's Atlanteans; the last placement makes the engine draw misfortunes
    while s.decision() is not None and s.decision().kind == "place":
        place_at(s, s.decision().players[0])
    assert any(e.kind == "misfortune_drawn" for e in s.log)
    last = s.record.actions[-1]
    assert last.kind == "place"
    assert not s.state.undoable(last)
    for p in range(2):
        assert not s.can_undo(p)
    assert seat in (0, 1)


def test_a_bots_move_cannot_be_undone():
    runner = FakeRunner(delay_polls=1, answer=None)
    s = rising(["bot", "human"], runner)
    for _ in range(200):
        if s.record.actions and s.record.actions[-1].player == 0:
            break
        dec = s.decision()
        if 1 in dec.players:
            s.apply(s.state.legal_actions(1)[-1])
        else:
            s.update(0.1)
    assert s.record.actions[-1].player == 0
    assert not s.can_undo(0) and not s.can_undo(1)


def test_undo_cancels_a_pending_bot_request():
    runner = FakeRunner(delay_polls=50)
    s = rising(["human", "bot"], runner)
    seat = to_placement(s)
    assert seat == 0
    place_at(s, 0)
    assert s.update(0.1) == []  # nothing for the bot yet: seat 0 still places
    # as if a request had been opened for the bot (in simultaneous decisions it can be)
    s._ensure_runner().request(s.state.view(1), 1, "rising", "easy", 0.1)
    from scenes.session import _Ask

    s._asks[1] = _Ask(s.state.decision_key(1))
    s.undo()
    assert runner.cancelled >= 1 and s.thinking() is None


def test_the_autosave_after_undo_replays_to_the_same_state():
    s = rising(["human", "human"])
    seat = to_placement(s)
    place_at(s, seat, "hills-1")
    place_at(s, seat, "forges-1")
    s.undo()
    again = GameSession.load(storage.autosave_path("rising"))
    assert again.state.fingerprint() == s.state.fingerprint()
    assert again.record.actions == s.record.actions
    # a loaded game knows which of its last moves may still be taken back
    assert again.can_undo(seat)
    again.undo()
    assert not again.can_undo(seat)


REVEALING = {"misfortune_drawn", "die_rolled", "cards_drawn", "card_drawn", "deck_shuffled"}


def test_engine_hook_is_true_only_for_placements_that_reveal_nothing():
    import random

    from game.core import registry

    seen_true = seen_false_place = 0
    for seed in range(6):
        state = registry.get("rising").create(3, {}, seed)
        rng = random.Random(seed)
        while state.decision() is not None and state.round_number <= 3:
            player = state.decision().players[0]
            action = rng.choice(state.legal_actions(player))
            events = state.apply(action)
            if state.undoable(action):
                seen_true += 1
                assert action.kind in ("place", "hold")
                assert not REVEALING & {e.kind for e in events}
            elif action.kind == "place":
                seen_false_place += 1
    assert seen_true > 20 and seen_false_place >= 6  # each round's last placement stays


def test_games_without_the_hook_never_undo(toy_game):
    s = GameSession.new(
        toy_game.GAME_ID,
        [Seat("A"), Seat("B")],
        {"rounds": "2"},
        seed=1,
        runner_factory=FakeRunner,
    )
    s.apply(Action.make(0, "dive", fathoms=1))
    assert not s.state.undoable(s.record.actions[-1])
    assert not s.can_undo(0) and not s.can_undo(1) and s.undo() == []
