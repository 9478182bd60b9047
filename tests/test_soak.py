"""A small sample of `make soak` (tools/soak.py) in every `make test`: random and bot games
of every shipped engine with checks before every move, fabricated moves that must be refused
and a replay after every game; and that each check of the soak can fail."""

from __future__ import annotations

import json

import pytest

from game.core.protocol import Event
from game.rising.state import RisingState
from tools import soak

pytestmark = pytest.mark.soak


def test_a_sample_of_the_soak_finds_no_error_and_no_replay_mismatch():
    report = soak.soak(3, seed=11, levels=("random", "easy"))
    assert set(report["engines"]) == set(soak.shipped_games()) and "rising" in report["engines"]
    for game_id, eng in report["engines"].items():
        assert eng["games"] == 3 and eng["actions"] > 0 and eng["fabricated"] > 0, game_id
        assert eng["errors"] == 0, eng["first_error"]
        assert eng["mismatches"] == 0, eng["first_mismatch"]
        # the refusals of issue 25 are among the fabricated moves of every engine
        for what in ("a list for a value", "an odd value", "slipped into the offered list"):
            assert eng["refused"].get(what, 0) > 0, (game_id, what, eng["refused"])
        assert sum(eng["refused"].values()) == eng["fabricated"]
    if soak.resource is not None:
        mem = report["peak_memory"]
        assert mem["soak_process_mb"] > 10 and mem["children_mb"] >= 0, mem


def test_the_soak_reports_a_broken_invariant(monkeypatch):
    def broken(state):
        raise AssertionError("a piece went missing")

    monkeypatch.setattr(soak, "invariants_for", lambda game_id: broken)
    report = soak.soak(1, seed=3, game_ids=["rising"], levels=("random",))
    assert (
        report["errors"] == 1
        and "a piece went missing" in report["engines"]["rising"]["first_error"]
    )


def test_the_soak_reports_a_replay_that_differs(monkeypatch):
    real = soak.replay_loaded

    def off_by_one(record):
        record.actions = record.actions[:-1]
        return real(record)

    monkeypatch.setattr(soak, "replay_loaded", off_by_one)
    report = soak.soak(1, seed=3, game_ids=["rising"], levels=("random",))
    assert report["mismatches"] == 1


def test_the_soak_reports_a_fabricated_move_that_was_accepted(monkeypatch):
    from game.core import protocol

    monkeypatch.setattr(protocol, "_same_types", lambda a, b: True)
    monkeypatch.setattr(soak, "_same_types", lambda a, b: True)
    monkeypatch.setattr(soak, "FABRICATE_EVERY", 1)
    # seed 13: a game whose random moves offer a fabricated move the engine takes (the games
    # changed with Rising's councilors option, which the soak also draws)
    report = soak.soak(1, seed=13, game_ids=["rising"], levels=("random",))
    assert report["errors"] >= 1 and "was accepted" in report["engines"]["rising"]["first_error"]


# --- every check of the soak can fail ----------------------------------------------------------
def _one(game_id: str, games: int = 1) -> dict:
    return soak.soak(games, seed=3, game_ids=[game_id], levels=("random",))


def test_the_soak_checks_every_seat_of_a_simultaneous_decision(monkeypatch):
    """A view that offers less, only for the last seat of the face-down play: the first seat's
    check alone never sees it."""
    from game.guards.state import GuardsState

    real_view, real_legal = GuardsState.view, GuardsState.legal_actions

    def view(self, player):
        v = real_view(self, player)
        dec = self.decision()
        if dec is not None and len(dec.players) > 1 and player == dec.players[-1]:
            v.__dict__["_soak_short"] = True
        return v

    def legal_actions(self, player):
        out = real_legal(self, player)
        return out[:-1] if self.__dict__.get("_soak_short") and len(out) > 1 else out

    monkeypatch.setattr(GuardsState, "view", view)
    monkeypatch.setattr(GuardsState, "legal_actions", legal_actions)
    report = _one("guards")
    eng = report["engines"]["guards"]
    assert report["errors"] == 1 and "view offers different moves" in eng["first_error"]


def test_the_soak_compares_the_events_of_every_move_on_replay(monkeypatch):
    """Events that differ on replay (the final state does not) are a replay mismatch."""
    real = RisingState._apply
    ticks = iter(range(10**9))

    def _apply(self, action):
        return [*real(self, action), Event("tick", f"tick {next(ticks)}")]

    monkeypatch.setattr(RisingState, "_apply", _apply)
    report = _one("rising")
    assert report["errors"] == 0, report["engines"]["rising"]["first_error"]
    assert report["mismatches"] == 1
    assert "reports different events on replay" in report["engines"]["rising"]["first_mismatch"]


def _marked_views(monkeypatch, mark):
    """Views whose fingerprint carries ``mark(state, player)`` (when not None)."""
    real_view, real_fp = RisingState.view, RisingState.fingerprint

    def view(self, player):
        v = real_view(self, player)
        m = mark(self, player)
        if m is not None:
            v.__dict__["_soak_mark"] = m
        return v

    def fingerprint(self):
        fp = real_fp(self)
        m = self.__dict__.get("_soak_mark")
        return fp if m is None else (fp, m)

    monkeypatch.setattr(RisingState, "view", view)
    monkeypatch.setattr(RisingState, "fingerprint", fingerprint)


def test_the_soak_compares_the_public_view_after_every_move_on_replay(monkeypatch):
    """A public view that differs on replay (the same for the same state object, so refused
    moves do not change it; the final state is the same) is a replay mismatch."""
    _marked_views(monkeypatch, lambda st, p: id(st) if p is None else None)
    report = _one("rising")
    assert report["errors"] == 0, report["engines"]["rising"]["first_error"]
    assert report["mismatches"] == 1
    assert "different public view" in report["engines"]["rising"]["first_mismatch"]


def test_the_soak_compares_the_returns_of_the_replay(monkeypatch):
    monkeypatch.setattr(RisingState, "returns", lambda self: [float(id(self) % 997)] * self.n)
    report = _one("rising")
    assert report["errors"] == 0, report["engines"]["rising"]["first_error"]
    assert report["mismatches"] == 1
    assert "different returns" in report["engines"]["rising"]["first_mismatch"]


def test_the_soak_reports_a_refusal_that_draws_a_random_number(monkeypatch):
    real = RisingState.explain_illegal

    def explain_illegal(self, action):
        self.rng.random()  # not in the fingerprint, but the next die would differ
        return real(self, action)

    monkeypatch.setattr(RisingState, "explain_illegal", explain_illegal)
    report = _one("rising")
    assert report["errors"] == 1
    assert "changed the random state" in report["engines"]["rising"]["first_error"]


def test_the_soak_reports_a_refusal_that_changes_a_view(monkeypatch):
    real = RisingState.explain_illegal

    def explain_illegal(self, action):
        self.__dict__["_soak_refused"] = True
        return real(self, action)

    monkeypatch.setattr(RisingState, "explain_illegal", explain_illegal)
    _marked_views(
        monkeypatch, lambda st, p: 1 if p == 0 and "_soak_refused" in st.__dict__ else None
    )
    report = _one("rising")
    assert report["errors"] == 1
    assert "changed a view" in report["engines"]["rising"]["first_error"]


def test_the_soak_hands_in_moves_with_a_list_for_a_value(monkeypatch):
    """Without the malformed-move check the games' explanations meet the lists: the soak's
    fabricated moves must reach them."""
    from game.core import protocol

    monkeypatch.setattr(protocol, "malformed", lambda action: None)
    monkeypatch.setattr(soak, "FABRICATE_EVERY", 1)
    report = _one("finding", games=2)
    assert report["errors"] >= 1
    assert "unhashable type" in report["engines"]["finding"]["first_error"]


def test_the_soak_slips_moves_into_the_offered_list(monkeypatch):
    """An engine that trusted the list it handed out (Guards did) is caught."""
    from game.guards.state import GuardsState, legal

    def legal_actions(self, player):
        out = legal.legal_actions(self, player)
        self._offered = (player, out)  # the caller's list itself
        return out

    monkeypatch.setattr(GuardsState, "legal_actions", legal_actions)
    report = _one("guards")
    assert report["errors"] == 1
    assert "slipped into the offered list" in report["engines"]["guards"]["first_error"]


def test_the_command_reports_peak_memory(capsys):
    assert soak.main(["--games", "1", "--game", "rising", "--levels", "random", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["errors"] == 0 and report["actions"] > 0 and report["fabricated"] > 0
    if soak.resource is not None:
        assert report["peak_memory"]["soak_process_mb"] > 10
        assert report["engines"]["rising"]["peak_memory"]["bot_worker"]
    assert soak.main(["--games", "1", "--game", "rising", "--levels", "random"]) == 0
    assert "peak memory:" in capsys.readouterr().out
