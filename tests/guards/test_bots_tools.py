"""The Guards measurement tools: one balance game's record, and the summary's arithmetic."""

from __future__ import annotations

from tools.guards import balance as guards_balance


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


def test_a_balance_game_counts_what_each_hero_did():
    rec = guards_balance.one_game(("easy", "easy"), 4, 5, False, {}, True, 1.0)
    stats = rec["hero_stats"]
    assert sorted(stats) == sorted(h for t in rec["heroes"] for h in t)
    assert [stats[h]["level"] for h in stats] == rec["levels_reached"]
    # every hero defeat by a hero is someone's kill; mines, magma and giving up are not
    assert sum(d["kills"] for d in stats.values()) <= sum(d["deaths"] for d in stats.values())
    assert all(sum(d["colours"].values()) == d["plays"] for d in stats.values())
    assert sum(d["plays"] for d in stats.values()) > 0
    assert min(rec["ties_won"]) >= 0


def test_the_summary_reports_who_won_more_ties_and_each_heros_counts():
    records = [_rec(0, 0, False, 5), _rec(1, 0, False, 7), _rec(1, 1, False, 9)]
    records[0]["ties_won"] = [3, 1]  # the Titans won more ties and the game
    records[1]["ties_won"] = [4, 2]  # the Titans won more ties, the Atlanteans the game
    records[2]["ties_won"] = [2, 2]  # even: not counted
    for r, kills in zip(records, (1, 2, 3), strict=True):
        r["hero_stats"] = {"arien": {"kills": kills, "colours": {}}, "brogan": {"kills": 0}}
    s = guards_balance.summarise(records)
    assert s["ties"] == {"per_game": 14 / 3, "games": 2, "more_won": 1}
    assert guards_balance.hero_counts(records)["arien"] == {"kills": 2.0}
