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
    assert sum(report["win_rate"].values()) + report["draws"] == pytest.approx(1.0)
    assert report["length"]["mean"] == 3 and report["length"]["p90"] == 3
    assert set(report["decision_ms"]) == {"normal", "random"}
    assert {"p50", "p95"} <= set(report["decision_ms"]["normal"])
    assert report["actions_per_second"] > 0


def test_team_and_cooperative_games_report_their_kind_of_win_rate():
    teams = sim.simulate("toy_teams", 4, ["easy", "random"], 2, 3, {"rounds": "3"}, 0.01)
    assert set(teams["win_rate"]) == {"Titans", "Atlanteans"} and teams["errors"] == 0
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


def test_a_team_game_reports_team_win_rates_levels_by_seat_and_the_first_teams_advantage(capsys):
    """The must-show: toy_teams declares only ``GameSpec.teams`` (seats 1 and 3 against 2 and 4)."""
    assert sim.run_cli(args(game="toy_teams", players=4, bots="easy,random", games=4, json=False,
                            option=["rounds=3"], budget=0.01)) == 0  # fmt: skip
    out = capsys.readouterr().out
    print(out)
    assert "teams: Titans seats 1, 3; Atlanteans seats 2, 4" in out
    assert "game 1: easy, random, easy, random; game 2: random, easy, random, easy" in out
    assert "win rate by bots (they change places every game): easy (listed 1st)" in out
    assert "win rate by place, whichever bots sat there: Titans (seats 1, 3)" in out
    assert "first team's advantage" in out

    report = sim.simulate("toy_teams", 4, ["easy", "random"], 4, 1, {"rounds": "3"}, 0.01)
    assert report["errors"] == 0 and report["sides"] == "team"
    assert report["teams"] == {"Titans": [1, 3], "Atlanteans": [2, 4]}
    assert report["lineups"] == {"Titans": "easy", "Atlanteans": "random"}
    assert set(report["win_rate"]) == {"Titans", "Atlanteans"}
    assert sum(report["win_rate"].values()) + report["draws"] == pytest.approx(1.0)
    placed = report["position_win_rate"]
    assert sum(placed.values()) + report["draws"] == pytest.approx(1.0)
    first = report["first_advantage"]
    assert first["side"] == "Titans" and first["win_rate"] == placed["Titans"]
    assert first["advantage"] == pytest.approx(placed["Titans"] - (1 - report["draws"]) / 2)


def spy_bots(monkeypatch) -> list[tuple[int, int, str]]:
    """(game, seat, level) of every decision: bots are built per game, seeded per seat."""
    seen: list[tuple[int, int, str]] = []

    class Spy:
        def __init__(self, level: str, seed: int) -> None:
            self.level, self.seed = level, seed

        def choose(self, view, player, deadline, should_stop=lambda: False):
            seen.append(((self.seed % 7919) // 101, player, self.level))
            return view.legal_actions(player)[0]

    monkeypatch.setattr(sim, "make_bot", lambda game_id, level, seed=0: Spy(level, seed))
    return seen


def test_team_levels_swap_sides_every_other_game(monkeypatch):
    seen = spy_bots(monkeypatch)
    report = sim.simulate("toy_teams", 4, ["hard", "normal"], 3, 0, {"rounds": "3"}, 0.01)
    assert report["errors"] == 0
    played = {(g, seat): level for g, seat, level in seen}
    assert [played[0, s] for s in range(4)] == ["hard", "normal", "hard", "normal"]
    assert [played[1, s] for s in range(4)] == ["normal", "hard", "normal", "hard"]
    assert [played[2, s] for s in range(4)] == ["hard", "normal", "hard", "normal"]
    assert report["seat_levels"] == [["hard", "normal"] * 2, ["normal", "hard"] * 2]


def test_a_level_per_seat_in_a_team_game_travels_with_its_team(monkeypatch):
    seen = spy_bots(monkeypatch)
    report = sim.simulate("toy_teams", 4, ["hard", "easy", "normal", "random"], 2, 0,
                          {"rounds": "3"}, 0.01)  # fmt: skip
    played = {(g, seat): level for g, seat, level in seen}
    assert [played[0, s] for s in range(4)] == ["hard", "easy", "normal", "random"]
    assert [played[1, s] for s in range(4)] == ["easy", "hard", "random", "normal"]
    assert report["lineups"] == {"Titans": "hard/normal", "Atlanteans": "easy/random"}


def test_a_level_per_seat_needs_teams_of_equal_size(monkeypatch):
    from game.core import registry

    toy = registry.get("toy_teams")
    odd = registry.GameSpec("toy_odd", "Odd teams", "test", 3, 3, toy.new_game, toy.options,
                            teams=lambda n: [0, 0, 1], seated=toy.seated)  # fmt: skip
    monkeypatch.setitem(registry._GAMES, "toy_odd", odd)
    with pytest.raises(ValueError, match="equal size"):
        sim.simulate("toy_odd", 3, ["easy", "easy", "random"], 1, 0, {"rounds": "3"}, 0.01)
    with pytest.raises(ValueError, match=r"one per team \(2\) or one per seat \(3\)"):
        sim.simulate("toy_odd", 3, ["easy"] * 4, 1, 0, {"rounds": "3"}, 0.01)
    report = sim.simulate("toy_odd", 3, ["easy", "random"], 2, 0, {"rounds": "3"}, 0.01)
    assert report["teams"] == {"team1": [1, 2], "team2": [3]} and report["errors"] == 0


@pytest.mark.parametrize("returns", [[0.5, 0.5], [0.0, 0.0]])
def test_shared_or_lost_games_are_draws(monkeypatch, returns):
    from toygame import ToyState

    monkeypatch.setattr(ToyState, "returns", lambda self: list(returns))
    report = sim.simulate("toy", 2, ["random", "easy"], 3, 0, {"rounds": "3"}, 0.01)
    assert report["draws"] == 1.0 and set(report["win_rate"].values()) == {0.0}
    assert report["first_advantage"]["fair_share"] == 0.0


def test_the_first_seats_edge_shows_in_its_advantage_not_in_the_levels(monkeypatch):
    """A game the first seat always wins: the levels, swapping seats, win half each."""
    from toygame import ToyState

    monkeypatch.setattr(ToyState, "returns", lambda self: [1.0, 0.0])
    report = sim.simulate("toy", 2, ["random", "easy"], 4, 0, {"rounds": "3"}, 0.01)
    assert report["win_rate"] == {"seat1": 0.5, "seat2": 0.5} and report["draws"] == 0.0
    assert report["position_win_rate"] == {"seat1": 1.0, "seat2": 0.0}
    assert report["first_advantage"]["advantage"] == pytest.approx(0.5)
    assert "first player's advantage: +50" in sim.format_report(report)


def test_a_cooperative_game_has_one_win_rate_and_no_sides_to_compare():
    report = sim.simulate("toy_coop", 2, ["random"], 2, 0, {"rounds": "3"}, 0.01)
    assert isinstance(report["win_rate"], float)
    assert "draws" not in report and "first_advantage" not in report
