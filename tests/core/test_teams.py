"""Seats and teams: a seat has a team, a game is created from its seats, and saves from before
teams existed still load.

The files in ``saves_before_teams/`` were written by main at 8f327a0 (before seats had teams)
with the same toy games; ``expected.json`` holds what that main's replay ended in. The Rising
fingerprint was taken again after the fourth balance pass: the save builds a Rune Lattice, which
now draws 4 cards instead of 3 (one more card in that hand, one fewer in the deck).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import toygame

from game.core import registry
from game.core.saves import GameRecord, SaveError, Seat, load_and_replay

toygame.install()
BEFORE = Path(__file__).parent / "saves_before_teams"


def _seats(teams: list[int | None]) -> list[Seat]:
    return [Seat(f"S{i}", "bot", "easy", "", team) for i, team in enumerate(teams)]


def test_a_seat_keeps_its_team_through_a_save_and_a_seat_without_one_writes_no_team():
    assert Seat("Ana", team=1).to_json()["team"] == 1
    assert "team" not in Seat("Ana").to_json()  # saves of games without teams are unchanged
    assert Seat.from_json({"name": "Ana", "team": 1}, teams=2).team == 1
    assert Seat.from_json({"name": "Ana"}, teams=2).team is None


def test_a_seated_team_game_plays_in_the_teams_its_seats_chose():
    spec = registry.get("toy_teams")
    assert spec.team_game and spec.team_names == ("Titans", "Atlanteans")
    state = spec.create(_seats([0, 0, 1, 1]), {"rounds": "3"}, 4)
    assert [state.team_of(p) for p in range(4)] == [0, 0, 1, 1]
    # by number, the seats take the game's default teams (as the command line does)
    by_number = spec.create(4, {"rounds": "3"}, 4)
    assert [by_number.team_of(p) for p in range(4)] == [0, 1, 0, 1]


def test_seats_without_teams_in_a_team_game_take_the_default_teams():
    spec = registry.get("toy_teams")
    state = spec.create(_seats([None, None, None]), {}, 1)
    assert [state.team_of(p) for p in range(3)] == [0, 1, 0]


def test_a_game_without_teams_is_created_the_same_from_seats_or_their_number():
    spec = registry.get("rising")
    seats = [Seat("Ana"), Seat("Bo", "bot", "easy"), Seat("Cy")]
    assert not spec.team_game and spec.team_count == 0
    assert spec.create(seats, {}, 9).fingerprint() == spec.create(3, {}, 9).fingerprint()


@pytest.mark.parametrize(
    ("teams", "words"),
    [
        ([0, 0], "The Atlanteans have no seat"),
        ([0, 0, 0, 1], "The Titans have 3 seats; a team holds at most 2"),
        ([0, 1, 2, 1], "in no team"),
    ],
)
def test_teams_that_cannot_play_are_refused_with_a_reason(teams, words):
    spec = registry.get("toy_teams")  # 2-4 seats in two teams: at most 2 a team
    assert spec.team_limit == 2
    with pytest.raises(ValueError, match=words):
        spec.create(_seats(teams), {}, 1)


def test_a_team_in_a_game_without_teams_is_refused():
    with pytest.raises(ValueError, match="no teams"):
        registry.get("toy").create(_seats([0, 1]), {}, 1)


def _before(name: str) -> str:
    return (BEFORE / f"{name}.json").read_text(encoding="utf-8")


def test_a_team_game_saved_before_seats_had_teams_loads_in_its_old_teams():
    text = _before("toy_teams")
    assert all("team" not in seat for seat in json.loads(text)["players"])
    record, state = load_and_replay(text)
    expected = json.loads(_before("expected"))["toy_teams"]
    assert [s.team for s in record.seats] == [0, 1, 0, 1]  # seats alternated, as then
    assert state.scores == expected["scores"] and state.hands == expected["hands"]
    assert state.returns() == expected["returns"]
    assert state.is_terminal() is expected["terminal"]
    # saved again, the seats now name their teams, and that file loads to the same game
    again, state2 = load_and_replay(record.dumps())
    assert [s.team for s in again.seats] == [0, 1, 0, 1]
    assert state2.fingerprint() == state.fingerprint()


def test_a_rising_save_from_before_teams_loads_and_replays_as_then():
    record, state = load_and_replay(_before("rising"))
    assert [s.team for s in record.seats] == [None, None, None]
    assert repr(state.fingerprint()) == json.loads(_before("expected"))["rising"]["fingerprint"]
    assert "team" not in record.dumps()  # and it is written back without teams


@pytest.mark.parametrize(
    ("game", "team", "words"),
    [
        ("toy_teams", 2, "a team this game does not have"),
        ("toy_teams", "Titans", "a team this game does not have"),
        ("toy_teams", True, "a team this game does not have"),
        ("toy", 0, "the game has no teams"),
    ],
)
def test_a_save_with_a_team_the_game_does_not_have_is_refused(game, team, words):
    record = GameRecord(game, {}, 3, [Seat("Ana"), Seat("Bo")])
    data = record.to_json()
    data["players"][0]["team"] = team
    with pytest.raises(SaveError, match=words):
        GameRecord.from_json(data)


def test_a_save_whose_teams_cannot_play_is_refused():
    record = GameRecord("toy_teams", {}, 3, [Seat("Ana", team=0), Seat("Bo", team=0)])
    with pytest.raises(SaveError, match="Atlanteans have no seat"):
        GameRecord.from_json(record.to_json())
