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


def test_the_fault_count_sees_an_attack_on_ones_own_minion():
    from game.core.protocol import Action
    from tests.guards.helpers import add_minion, commit, scene
    from tools.guards import bot_faults

    st = scene((5, 0), (12, 0))
    add_minion(st, 0, "melee", (6, 0))  # Arien's own minion, the only unit next to her
    w = bot_faults.Watch()
    w.begin_turn(st)
    commit(st, {0: "gold"})  # Keen Edge: attack an adjacent unit
    w.after(st, st.apply(Action.make(0, "primary")))
    assert w.n["own_minion"] == 1
    assert w.examples["own_minion"][0][2] == "arien"


def test_the_fault_count_sees_a_hero_left_next_to_an_enemy_with_only_hold():
    from tests.guards.helpers import commit, do, scene
    from tools.guards import bot_faults

    st = scene((6, 2), (8, 2))
    st.turn = 3
    st.hand[0], st.hand[1] = ("gold", "black"), ("red", "black")
    w = bot_faults.Watch()
    w.begin_turn(st)
    w.after(st, commit(st, {0: "gold", 1: "red"}))
    w.after(st, do(st, "move", to=(7, 2)))  # Arien steps next to Brogan, who acts later
    assert w.n["exposed"] == 1 and w.n["exposed_walked"] == 1


def test_the_fault_count_sees_a_hold_with_a_strike_in_reach():
    from tests.guards.helpers import commit, scene
    from tools.guards import bot_faults

    st = scene((6, 2), (7, 2))
    st.turn = 3
    st.hand[0], st.hand[1] = ("black", "gold", "red"), ("red", "green", "blue")
    w = bot_faults.Watch()
    w.begin_turn(st)
    assert w.start[0]["strike"] and w.start[0]["choice"]
    w.after(st, commit(st, {0: "black", 1: "green"}))  # Arien holds, Brogan moves
    while st.decision() is not None and st.decision().kind != "play":
        a = st.legal_actions(st.decision().players[0])[0]
        w.before(st, a)
        w.after(st, st.apply(a))
    w.end_turn(st)
    assert w.n["holds"] == 1 and w.n["held_in_reach"] == 1


def test_a_fault_count_game_records_its_counts():
    from tools.guards import bot_faults

    rec = bot_faults.one_game("easy", 4, 2, 1.0)
    c = rec["counts"]
    assert set(c) == set(bot_faults.KEYS) and c["hero_turns"] > 0
    assert c["resolutions"] <= c["hero_turns"] and c["exposed_walked"] <= c["exposed"]
    s = bot_faults.summarise([rec, rec])
    assert s["total"]["hero_turns"] == 2 * c["hero_turns"] and s["games"] == 2
