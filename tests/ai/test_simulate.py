"""The headless ``simulate`` command and the reusable ``simulate()`` report."""

from __future__ import annotations

import argparse
import json

import pytest
from toygame import FULL

from ai import simulate as sim


def args(**kw) -> argparse.Namespace:
    base = {"game": "toy", "players": 2, "bots": "random", "games": 4, "seed": 1,
            "option": None, "json": True}  # fmt: skip
    base.update(kw)
    return argparse.Namespace(**base)


def test_json_report_has_the_promised_fields(capsys):
    code = sim.run_cli(args(bots="normal,random", option=["rounds=3"], budget=0.01))
    out = capsys.readouterr().out
    report = json.loads(out)
    assert code == 0
    for key in ("game", "games", "seed", "options", "players", "bots", "win_rate", "length",
                "decision_ms", "actions_per_second", "errors"):  # fmt: skip
        assert key in report
    assert report["errors"] == 0 and report["options"] == {"rounds": "3"}
    assert set(report["win_rate"]) == {"seat1", "seat2"}
    assert sum(report["win_rate"].values()) == pytest.approx(1.0)
    assert report["length"]["mean"] == 3 and report["length"]["p90"] == 3
    assert set(report["decision_ms"]) == {"normal", "random"}
    assert {"p50", "p95"} <= set(report["decision_ms"]["normal"])
    assert report["actions_per_second"] > 0


def test_team_and_cooperative_games_report_their_kind_of_win_rate():
    teams = sim.simulate("toy_teams", 4, ["easy", "random"], 2, 3, {"rounds": "3"}, 0.01)
    assert set(teams["win_rate"]) == {"team1", "team2"} and teams["errors"] == 0
    coop = sim.simulate("toy_coop", 2, ["random"], 3, 3, {"rounds": "3"}, 0.01)
    assert isinstance(coop["win_rate"], float) and 0.0 <= coop["win_rate"] <= 1.0


def test_sides_rotate_so_the_same_seed_is_fair():
    report = sim.simulate("toy", 2, ["random", "random"], 6, 5, {"rounds": "3"}, 0.01)
    assert report["bots"] == ["random", "random"] and report["errors"] == 0


def test_human_summary(capsys):
    assert sim.run_cli(args(json=False, games=2)) == 0
    out = capsys.readouterr().out
    assert "win rate" in out and "actions/s" in out


@pytest.mark.parametrize(
    ("change", "needle"),
    [
        ({"game": "chess"}, "unknown game"),
        ({"bots": "random,random,random"}, "one per seat"),
        ({"bots": "genius"}, "unknown bot level"),
        ({"option": ["rounds=100"]}, "rounds"),
        ({"option": ["colour=blue"]}, "no option"),
        ({"option": ["rounds"]}, "key=value"),
        ({"players": 9}, "players"),
        ({"games": 0}, "at least 1"),
    ],
)
def test_bad_input_is_a_clear_message_and_exit_code_2(change, needle, capsys):
    assert sim.run_cli(args(**change)) == 2
    err = capsys.readouterr().err
    assert needle in err


def test_games_that_raise_are_counted_and_the_first_traceback_goes_to_stderr(monkeypatch, capsys):
    from toygame import ToyState

    original = ToyState._apply
    calls = {"n": 0}

    def flaky(self, action):
        calls["n"] += 1
        if calls["n"] == 5:
            raise RuntimeError("engine bug for the test")
        return original(self, action)

    monkeypatch.setattr(ToyState, "_apply", flaky)
    assert sim.run_cli(args(games=2)) == 1
    captured = capsys.readouterr()
    assert json.loads(captured.out)["errors"] == 1
    assert "engine bug for the test" in captured.err


def test_bots_only_ever_receive_views(monkeypatch):
    seen = []

    class Spy:
        level = "random"

        def choose(self, view, player, deadline, should_stop=lambda: False):
            seen.append((view.observer, player))
            return view.legal_actions(player)[0]

    monkeypatch.setattr(sim, "make_bot", lambda game_id, level, seed=0: Spy())
    report = sim.simulate("toy", 3, ["random"], 1, 0, {"rounds": "3"}, 0.01)
    assert report["errors"] == 0 and seen
    assert all(observer == player and observer != FULL for observer, player in seen)
