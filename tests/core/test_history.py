"""The history of finished games: recorded once per game, read back whole, damaged entries
skipped with a message, a cap, deleting; and statistics that add up to it."""

from __future__ import annotations

import json

import pytest

from game.core import history
from game.core.saves import GameRecord, Seat
from game.core.stats import LOST, WATCHED, WON, outcome, summarise
from scenes.session import GameSession
from tools.history_games import TABLES, finished, play_out


def _add(game: str, seed: int | None = None) -> GameSession:
    """A finished game added to the history the quick way (no autosave on every move)."""
    s = finished(game, autosave=False, seed=seed)
    history.add(s.record, s.state, s.results().rounds, s.results().headline)
    return s


def test_a_finished_game_is_recorded_once_with_its_whole_record(tmp_path):
    seats, options, seed = TABLES["rising"]
    s = GameSession.new("rising", seats, options, seed=seed)
    play_out(s, seed, upto=10)
    assert history.load() == ([], [])  # nothing until the game ends
    play_out(s, seed)
    entries, problems = history.load()
    assert problems == [] and len(entries) == 1
    e = entries[0]
    assert e.game == "rising" and e.record.seed == seed and e.record.options == s.record.options
    assert e.record.actions == s.record.actions
    assert [x.name for x in e.seats] == ["Ann", "Bo"] and e.seats[1].level == "easy"
    assert e.returns == [float(r) for r in s.state.returns()]
    assert e.rounds == s.state.round_number and e.headline == s.results().headline
    assert e.record.replay().fingerprint() == s.state.fingerprint()
    s._finish()  # a second call (a board resuming at the end) adds nothing
    assert len(history.load()[0]) == 1


def test_entries_list_newest_first_and_filter_by_game():
    _add("finding")
    _add("rising")
    _add("finding", seed=7)
    entries, _ = history.load()
    assert [e.game for e in entries] == ["finding", "rising", "finding"]
    assert [e.record.seed for e in history.load("finding")[0]] == [7, TABLES["finding"][2]]
    assert all(e.roles and all(len(r) == 1 for r in e.roles) for e in history.load("finding")[0])


def test_a_damaged_or_foreign_entry_is_skipped_with_a_message_and_nothing_else_lost():
    _add("rising")
    _add("finding")
    folder = history.folder()
    (folder / "20000101-000000-000-rising.json").write_text('{"app": "atlantis-tabletop", "ki')
    foreign = json.loads(sorted(folder.glob("*-rising.json"))[-1].read_text())
    foreign["record"]["game"] = "chess"
    (folder / "20000101-000000-001-chess.json").write_text(json.dumps(foreign))
    newer = dict(foreign, history_version=99)
    (folder / "20000101-000000-002-rising.json").write_text(json.dumps(newer))
    (folder / "20000101-000000-003-rising.json").write_text('{"app": "someone-else"}')
    (folder / "20000101-000000-004-rising.json").write_bytes(b"\xff\xfe\x00junk")
    before = {p.name: p.read_bytes() for p in folder.iterdir()}
    entries, problems = history.load()
    assert [e.game for e in entries] == ["finding", "rising"]
    assert len(problems) == 5
    text = " ".join(problems)
    assert "000-rising.json" in text and "chess" in text and "newer version" in text
    assert "not an Atlantis Tabletop history entry" in text
    assert {p.name: p.read_bytes() for p in folder.iterdir()} == before  # read, never rewritten
    assert summarise(entries).total.played == 2


def test_the_cap_keeps_the_newest_and_delete_forgets_one_or_all():
    for seed in (1, 2, 3, 4):
        _add("finding", seed=seed)
    assert history.cap() == history.DEFAULT_CAP
    gone = history.set_cap(2)
    assert len(gone) == 2 and history.cap() == 2
    assert [e.record.seed for e in history.load()[0]] == [4, 3]
    _add("finding", seed=5)  # a new game pushes the oldest out
    assert [e.record.seed for e in history.load()[0]] == [5, 4]
    history.delete(history.load()[0][1])
    assert [e.record.seed for e in history.load()[0]] == [5]
    (history.folder() / "20000101-000000-000-x.json").write_text("junk")
    assert history.delete_all() == 2
    assert history.load() == ([], []) and history.cap() == 2
    with pytest.raises(ValueError):
        history.set_cap(0)


def _entry(game, seats, returns, rounds, key, options=None, roles=None):
    record = GameRecord(game, options or {}, 1, seats, [])
    return history.Entry(key, None, "2026-12-02 03:00", record, returns, rounds, roles or [])


def test_statistics_add_up_to_the_history():
    ann, bo = Seat("Ann"), Seat("Bo")
    easy, hard = Seat("E", "bot", "easy"), Seat("H", "bot", "hard")
    es = [
        _entry("rising", [ann, easy], [1.0, 1.0], 12, "01", {"difficulty": "easy"}),
        _entry("rising", [ann, hard], [0.0, 0.0], 20, "02", {"difficulty": "hard"}),
        _entry("rising", [ann, bo], [1.0, 1.0], 9, "03", {"difficulty": "easy"}),
        _entry(
            "finding",
            [ann, hard, easy],
            [0.0, 1.0, 0.0],
            15,
            "04",
            {"size": "6"},
            [["Diver"], ["Phantom"], ["Diver"]],
        ),
        _entry(
            "finding",
            [easy, hard],
            [1.0, 0.0],
            10,
            "05",
            {"size": "8"},
            [["Diver"], ["Navy Captain"]],
        ),
        _entry("guards", [ann, hard], [1.0, 0.0], 8, "06", {}, [["Wasp"], ["Swift"]]),
        _entry("guards", [ann, hard], [1.0, 0.0], 7, "07", {}, [["Wasp"], ["Swift"]]),
    ]
    assert [outcome(e) for e in es] == [WON, LOST, WON, LOST, WATCHED, WON, WON]
    s = summarise(list(reversed(es)))  # the order given does not matter: time does
    assert (s.total.played, s.total.won, s.total.lost) == (7, 4, 2)
    assert sum(t.played for t in s.by_game.values()) == s.total.played
    assert sum(t.won for t in s.by_game.values()) == s.total.won
    assert s.by_game["rising"].played == 3 and s.by_game["rising"].won == 2
    diff = s.by_option["difficulty"]
    assert (diff["easy"].played, diff["easy"].won, diff["hard"].lost) == (2, 2, 1)
    assert s.by_level["hard"].played == 5 and s.by_level["easy"].played == 3
    assert s.by_level["hard"].won == 2 and s.by_level["hard"].lost == 2
    assert s.by_players[2].played == 6 and s.by_players[3].played == 1
    assert s.by_table["solo"].played == 5 and s.by_table["hot-seat"].played == 1
    assert s.by_table["bots only"].played == 1
    assert (s.by_role["Diver"].played, s.by_role["Diver"].won) == (3, 1)
    assert s.by_role["Wasp"].rate == 1.0 and s.by_role["Swift"].rate == 0.0
    assert s.rounds_total == 81 and s.best_rounds == 7 and s.average_rounds == pytest.approx(81 / 7)
    assert s.longest_win_streak == 2 and s.current_streak == (WON, 2)
    assert summarise([]).total.played == 0 and summarise([]).best_rounds is None


def test_a_large_tables_line_names_two_people_and_counts_the_rest():
    def entry(seats):
        record = GameRecord("guards", 1, {}, seats, [])
        return history.Entry("k", None, "2026-12-02 10:00", record, [], 5)

    small = entry([Seat("Ann"), Seat("Bo", "bot", "easy")])
    assert small.people() == "Ann, Bo (easy)"
    six = [Seat("Ann"), Seat("Bo"), Seat("Cy"), *(Seat(f"B{i}", "bot", "hard") for i in range(3))]
    assert entry(six).people() == "Ann, Bo, 1 more, 3 bots (hard)"
    mixed = [Seat("Ann"), Seat("B1", "bot", "easy"), Seat("B2", "bot", "hard"), Seat("B3", "bot")]
    assert entry(mixed).people() == "Ann, 3 bots"
    assert "Ann, Bo, 1 more" in entry(six).label()
