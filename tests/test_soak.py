"""A small sample of `make soak` (tools/soak.py) in every `make test`: random and bot games
of every shipped engine with invariants after every move and a replay after every game."""

from __future__ import annotations

import pytest

from tools import soak

pytestmark = pytest.mark.soak


def test_a_sample_of_the_soak_finds_no_error_and_no_replay_mismatch():
    report = soak.soak(3, seed=11, levels=("random", "easy"))
    assert set(report["engines"]) == set(soak.shipped_games()) and "rising" in report["engines"]
    for game_id, eng in report["engines"].items():
        assert eng["games"] == 3 and eng["actions"] > 0 and eng["fabricated"] > 0, game_id
        assert eng["errors"] == 0, eng["first_error"]
        assert eng["mismatches"] == 0, eng["first_mismatch"]


def test_the_soak_reports_a_broken_invariant(monkeypatch):
    def broken(state):
        raise AssertionError("a piece went missing")

    monkeypatch.setitem(soak._INVARIANTS, "rising", broken)
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
    report = soak.soak(2, seed=5, game_ids=["rising"], levels=("random",))
    assert report["errors"] >= 1 and "was accepted" in report["engines"]["rising"]["first_error"]
