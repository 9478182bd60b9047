"""The Guards measurement tools: one balance game's record, and the summary's arithmetic."""

from __future__ import annotations

from tools import guards_balance


def test_a_balance_game_records_who_won_with_which_heroes():
    rec = guards_balance.one_game(("easy", "random"), 4, 3, False, {}, True, 1.0)
    assert rec["levels"] == ["easy", "random"] and rec["bots"] == ["easy", "random"]
    assert rec["winner"] in (0, 1, -1)
    assert rec["win_level"] == (rec["levels"][rec["winner"]] if rec["winner"] >= 0 else None)
    assert sum(len(t) for t in rec["heroes"]) >= 4
    swapped = guards_balance.one_game(("easy", "random"), 4, 3, True, {}, True, 1.0)
    assert swapped["levels"] == ["random", "easy"]


def _rec(winner: int, first: int, swap: bool, rounds: int) -> dict:
    levels = ["normal", "easy"][::-1] if swap else ["normal", "easy"]
    return {
        "bots": ["normal", "easy"], "levels": levels, "winner": winner,
        "win_level": levels[winner] if winner >= 0 else None, "first_team": first,
        "rounds": rounds, "how": "throne" if winner >= 0 else "round limit",
        "heroes": [["arien"], ["brogan"]],
    }  # fmt: skip


def test_the_summary_counts_wins_by_level_not_by_side():
    records = [
        _rec(0, 0, False, 5),
        _rec(1, 0, True, 7),
        _rec(1, 1, False, 9),
        _rec(-1, 0, True, 30),
    ]
    s = guards_balance.summarise(records)
    assert s["level"] == "normal" and s["win_rate"] == 0.5  # games 1 and 2
    assert s["draws"] == 0.25 and s["rounds"] == {5: 1, 7: 1, 9: 1, 30: 1}
    assert s["first_pick_team_win_rate"] == 0.5  # games 1 and 3
    assert s["heroes"]["arien"]["win_rate"] == 0.25 and s["heroes"]["brogan"]["games"] == 4
