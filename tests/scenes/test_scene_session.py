"""GameSession: one path for every move, autosave, bots, hand-offs, results."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import pytest
from scene_toy import GAME_ID, FakeRunner, ToyState

from game.core import registry, storage
from game.core.protocol import Action, Decision, Event, GameState, IllegalAction
from game.core.saves import Seat
from scenes.session import GameSession


def seats(*kinds):
    return [Seat(f"S{i}", k, "easy") for i, k in enumerate(kinds)]


def new(kinds, runner=None, **kw):
    runner = runner or FakeRunner(delay_polls=1)
    return GameSession.new(
        GAME_ID, seats(*kinds), {"rounds": "1"}, seed=5, runner_factory=lambda: runner, **kw
    ), runner


def test_every_move_is_autosaved(toy_game):
    s, _ = new(["human", "human"])
    path = storage.autosave_path(GAME_ID)
    assert json.loads(path.read_text())["actions"] == []
    s.apply(Action.make(0, "dive", fathoms=2))
    saved = json.loads(path.read_text())
    assert saved["actions"] == [{"player": 0, "kind": "dive", "fathoms": 2}]
    again = GameSession.load(path)
    assert again.state.fingerprint() == s.state.fingerprint()


def test_refused_moves_change_nothing(toy_game):
    s, _ = new(["human", "human"])
    before = s.state.fingerprint()
    with pytest.raises(IllegalAction):
        s.apply(Action.make(1, "dive", fathoms=2))  # not seat 1's turn
    assert s.state.fingerprint() == before and s.record.actions == []


def test_bots_answer_through_the_runner_from_their_own_view(toy_game):
    s, runner = new(["bot", "human"])
    assert s.update(0.1) == []  # asks
    assert s.thinking() == "S0" and runner.busy
    assert runner.requests == [(0, GAME_ID, "easy", 0.4)]
    assert runner.views[0].pearls[1] == 0  # the bot never sees seat 1's pearl
    events = s.update(0.1)
    assert events and s.record.actions[0].player == 0 and s.thinking() is None


def test_bot_moves_wait_for_the_pace(toy_game):
    s, _ = new(["bot", "human"], pace_s=0.5)
    s.update(0.1)
    assert s.update(0.2) == [] and s.update(0.2) == []
    assert s.update(0.2)


def test_a_refused_bot_answer_does_not_stop_the_game(toy_game):
    bad = FakeRunner(delay_polls=1, answer=Action.make(0, "dive", fathoms=9))
    s, _ = new(["bot", "human"], runner=bad)
    s.update(0.0)
    assert s.update(0.0)
    assert s.record.actions == [Action.make(0, "dive", fathoms=1)]


def test_leaving_cancels_and_closes_the_runner(toy_game):
    s, runner = new(["bot", "human"])
    s.update(0.0)
    assert "still choosing" in (s.unsaved_note() or "")
    s.close()
    assert runner.cancelled == 1 and runner.closed
    assert s.unsaved_note() is None


def test_handoff_only_between_humans_in_hidden_games(toy_game, monkeypatch):
    s, _ = new(["human", "human"])
    assert s.needs_handoff() == 0
    s.mark_shown(0)
    assert s.needs_handoff() is None
    s.apply(Action.make(0, "dive", fathoms=1))
    assert s.needs_handoff() == 1
    solo, _ = new(["human", "bot"])
    assert solo.needs_handoff() is None and solo.viewer() == 0
    open_game, _ = new(["human", "human"])
    monkeypatch.setattr(open_game, "spec", replace(open_game.spec, hidden_information=False))
    assert open_game.needs_handoff() is None


def test_results_are_recorded_once_at_the_end(toy_game):
    s, _ = new(["human", "human"])
    s.apply(Action.make(0, "dive", fathoms=3))
    s.apply(Action.make(1, "dive", fathoms=1))
    assert s.is_over
    res = s.results()
    assert res.headline and res.rows and len(res.rows) == 2
    stats = json.loads((storage.data_dir() / "stats.json").read_text())
    assert len(stats["games"]) == 1 and stats["games"][0]["game"] == GAME_ID
    assert json.loads(storage.autosave_path(GAME_ID).read_text())["meta"]["finished"] is True


def test_rematch_keeps_seats_and_options(toy_game):
    s, _ = new(["human", "bot"])
    same = s.rematch(same_seed=True)
    other = s.rematch(same_seed=False)
    assert same.record.seed == s.record.seed and same.record.options == s.record.options
    assert [x.name for x in other.record.seats] == ["S0", "S1"]


def test_an_autosave_failure_is_reported_not_raised(toy_game, monkeypatch):
    s, _ = new(["human", "human"])

    def refuse(*a, **k):
        raise OSError("disk full")

    monkeypatch.setattr(storage, "write_save", refuse)
    s.apply(Action.make(0, "dive", fathoms=1))
    assert "disk full" in (s.save_problem or "") and "loses" in (s.unsaved_note() or "")


def test_the_real_bot_runner_drives_a_game_inline(toy_game):
    runner_mod = pytest.importorskip("ai.runner")
    s = GameSession.new(
        GAME_ID,
        [Seat("Bot A", "bot", "random"), Seat("Bot B", "bot", "easy")],
        {"rounds": "2"},
        seed=11,
        runner_factory=lambda: runner_mod.BotRunner(mode="inline"),
        autosave=False,
    )
    for _ in range(200):
        if s.is_over:
            break
        s.update(0.05)
    s.close()
    assert s.is_over and len(s.record.actions) == 4


def test_a_loaded_game_shows_the_same_log_as_the_game_it_saved(toy_game, monkeypatch):
    from scenes import session as session_mod

    monkeypatch.setattr(session_mod, "LOG_LIMIT", 7)  # 12 moves: the cap must bite
    s = GameSession.new(GAME_ID, seats("human", "human", "human", "human"), {"rounds": "3"}, 5)
    fathoms = 1
    while not s.is_over:
        s.apply(Action.make(s.deciding_humans()[0], "dive", fathoms=fathoms))
        fathoms = fathoms % 3 + 1
    assert len(s.record.actions) == 12 and len(s.log) == 7
    again = GameSession.load(storage.autosave_path(GAME_ID))
    assert again.visible_log() == s.visible_log()
    assert [e.text for e in again.log] == [e.text for e in s.log]


def test_a_new_game_never_overwrites_an_autosave_it_could_not_read(toy_game):
    path = storage.autosave_path(GAME_ID)
    path.parent.mkdir(parents=True, exist_ok=True)
    newer = json.dumps({"app": "atlantis-tabletop", "format_version": 99, "game": GAME_ID})
    path.write_text(newer, encoding="utf-8")
    s, _ = new(["human", "human"])
    s.apply(Action.make(0, "dive", fathoms=2))
    assert GameSession.load(path).record.actions == s.record.actions
    kept = [p for p in storage.list_saves() if p != path]
    assert len(kept) == 1 and kept[0].read_text(encoding="utf-8") == newer


class _Together(ToyState):
    """Scene-toy divers where every seat dives at once each round (a simultaneous decision)."""

    def __init__(self, players: int, rounds: int, seed: int) -> None:
        super().__init__(players, rounds, seed)
        self.dived: list[int] = []

    def decision(self) -> Decision | None:
        if self.round > self.rounds:
            return None
        waiting = tuple(p for p in range(self.players) if p not in self.dived)
        return Decision(waiting, "dive", "How deep?")

    def _apply(self, action: Action) -> list[Event]:
        self.depth[action.player] += action["fathoms"]
        self.dived.append(action.player)
        if len(self.dived) == self.players:
            self.dived = []
            self.round += 1
        return [Event("dive", f"seat {action.player} dives {action['fathoms']}")]

    def fingerprint(self) -> Any:
        return (*super().fingerprint(), tuple(self.dived))


class _LateRunner(FakeRunner):
    """Answers a few polls late, with a move that depends on the view it was asked about:
    3 fathoms if the bot saw another seat already dived, else 1."""

    def reply(self, view: GameState, player: int) -> Action:
        return Action.make(player, "dive", fathoms=3 if view.dived else 1)


class _Shrinking(_Together):
    """Like _Together, but a dive of 3 by anyone takes 3 fathoms off everyone else's choice:
    another seat's move then changes what the bot may do, so its search must restart."""

    def legal_actions(self, player: int) -> list[Action]:
        dec = self.decision()
        if dec is None or player not in dec.players:
            return []
        deep = any(self.depth[p] >= 3 for p in self.dived)
        return [Action.make(player, "dive", fathoms=f) for f in ((1, 2) if deep else (1, 2, 3))]


def _register(cls, game_id):
    spec = replace(registry.get(GAME_ID), game_id=game_id)
    spec = replace(spec, new_game=lambda n, opts, seed: cls(n, int(opts["rounds"]), seed))
    registry.register(spec)
    return spec


def test_another_seats_commit_does_not_restart_a_thinking_bot(toy_game):
    spec = _register(_Together, "scenes-toy-together")
    try:
        runner = _LateRunner(delay_polls=3)
        s = GameSession.new(
            spec.game_id, seats("bot", "human"), {"rounds": "1"}, 5, runner_factory=lambda: runner
        )
        s.update(0.0)  # the bot is asked about the position where nobody has dived
        assert s.update(0.0) == [] and s.thinking() == "S0"  # still thinking
        s.apply(Action.make(1, "dive", fathoms=2))  # the human commits meanwhile
        assert s.thinking() == "S0"
        for _ in range(10):
            if s.is_over:
                break
            s.update(0.0)
        assert s.is_over
        assert runner.cancelled == 0 and len(runner.requests) == 1  # never restarted
        assert s.record.actions[-1] == Action.make(0, "dive", fathoms=1)  # its first answer
    finally:
        registry._GAMES.pop(spec.game_id, None)


def test_a_commit_that_changes_the_bots_choices_restarts_it(toy_game):
    spec = _register(_Shrinking, "scenes-toy-shrinking")
    try:
        runner = _LateRunner(delay_polls=3)
        s = GameSession.new(
            spec.game_id, seats("bot", "human"), {"rounds": "1"}, 5, runner_factory=lambda: runner
        )
        s.update(0.0)
        s.apply(Action.make(1, "dive", fathoms=3))  # the bot may no longer dive 3
        for _ in range(10):
            if s.is_over:
                break
            s.update(0.0)
        assert s.is_over
        assert runner.cancelled >= 1 and len(runner.requests) == 2
        assert s.record.actions[-1] == Action.make(0, "dive", fathoms=3 - 2)  # asked afresh
    finally:
        registry._GAMES.pop(spec.game_id, None)


def test_opening_a_save_reads_the_file_once_and_shows_its_log(app, toy_game, monkeypatch):
    from scenes.load_scene import open_save

    s, _ = new(["human", "bot"])
    s.apply(Action.make(0, "dive", fathoms=2))
    reads = []
    real = storage.read_save

    def counting(path):
        reads.append(path)
        return real(path)

    monkeypatch.setattr(storage, "read_save", counting)
    assert open_save(app, storage.autosave_path(GAME_ID))
    app.stack.apply_pending()
    board = app.stack.top
    assert len(reads) == 1
    assert board.session.record.actions == s.record.actions
    assert [e.text for e in board.session.log] == [e.text for e in s.log]
