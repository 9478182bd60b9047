"""Mines (pirate mode) and sea monsters (both behaviours)."""

from __future__ import annotations

from game.finding.cards import SURFACE, hand_cards
from game.finding.facts import no_trace, trace
from tests.finding.helpers import act, c, kinds, table

PIRATE = hand_cards(True)


def _mined(**kw):
    """Seat 0 on D4; seat 1's mine on D3, just north of it (seat 1 knows where it lies)."""
    st = table(mode="pirate", **kw)
    st.mines[1] = c(3, 2)
    st.note(1, "my_mine", at=c(3, 2), to=(1,))
    st._ev = []
    return st


def test_a_mine_stops_the_move_is_gone_and_the_victim_hands_over_an_unused_artifact():
    st = _mined()
    st.arts[0] = ("trident",)
    st.deck.remove("trident")
    events = act(st, "long_silent", direction="N")
    assert st.pos[0] == c(3, 2)  # stopped on the mine, not two spaces north
    assert st.mines[1] is None
    assert st.arts[0] == () and st.arts[1] == ("trident",)
    hit = [e for e in events if e.kind == "mine_hit"]
    assert hit and hit[0].to is None and hit[0].data["owner"] == 1
    (loot,) = [e for e in events if e.kind == "loot"]
    assert loot.to is None and loot.data["took"] == "artifact" and "name" not in loot.data
    (card,) = [e for e in events if e.kind == "loot_card"]
    assert set(card.to) == {0, 1} and card.data["name"] == "trident"
    (move,) = [e for e in events if e.kind == "move"]
    assert move.data["stopped"] and "direction" not in move.data


def test_the_mines_owner_learns_where_the_victim_is_and_nobody_else_does():
    st = _mined()
    act(st, "silent", direction="N")
    assert st.possible_positions(1, 0) == frozenset({c(3, 2)})
    assert len(st.possible_positions(None, 0)) > 1
    (e,) = [e for e in st.log if e.kind == "mine_hit_place"]
    assert e.to == (1,) and e.at == c(3, 2)


def test_without_unused_artifacts_the_victim_hands_over_a_used_one_as_a_trophy():
    st = _mined()
    st.used[0] = ("sunstone",)
    st.deck.remove("sunstone")
    events = act(st, "silent", direction="N")
    assert st.used[0] == () and st.used[1] == ("sunstone",)
    (loot,) = [e for e in events if e.kind == "loot"]
    assert loot.data["took"] == "trophy" and loot.data["name"] == "sunstone"


def test_without_artifacts_the_victim_discards_two_action_cards_but_never_surface():
    st = _mined()
    act(st, "silent", direction="N")
    assert len(st.hand[0]) == len(PIRATE) - 1 - 2 and SURFACE in st.hand[0]
    (loot,) = [e for e in st.log if e.kind == "loot"]
    assert len(loot.arg("cards")) == 2 and SURFACE not in loot.arg("cards")


def test_with_only_surface_left_a_mine_takes_nothing():
    st = _mined()
    st.hand[0] = (SURFACE, "silent")
    act(st, "silent", direction="N")
    assert st.hand[0] == (SURFACE,)
    (loot,) = [e for e in st.log if e.kind == "loot"]
    assert loot.arg("took") == "cards" and loot.arg("cards") == ()


def test_surface_is_never_lost_to_mines_or_monsters_even_over_many_hits():
    for seed in range(30):
        st = table(mode="pirate", seed=seed)
        st.monsters = [c(3, 2)]
        st.mines[1] = c(3, 2)
        act(st, "silent", direction="N")
        assert SURFACE in st.hand[0]


def test_your_own_mine_is_harmless_and_a_new_drop_destroys_the_old_one():
    st = table(mode="pirate")
    events = act(st, "drop_mine", direction="N")
    assert st.mines[0] == c(3, 3) and st.pos[0] == c(3, 2)
    (mine,) = [e for e in events if e.kind == "my_mine"]
    assert mine.to == (0,) and mine.data["cell"] == c(3, 3)
    assert all("cell" not in e.data for e in events if e.to is None)
    events = act(st, "silent", direction="S")
    assert st.pos[0] == c(3, 3) and st.mines[0] == c(3, 3) and "mine_hit" not in kinds(events)
    act(st, "sonar", player=1)
    act(st, "explore", player=1)
    act(st, "surface")
    act(st, "drop_mine", direction="E")
    assert st.mines[0] == c(3, 3) and st.pos[0] == c(4, 3)
    st.seat, st.acts = 0, 2
    act(st, "surface")
    act(st, "drop_mine", direction="E")
    assert st.mines == [c(4, 3), None]  # one mine per submarine: the one on D4 is gone


def test_the_jelly_rod_takes_a_mine_for_a_trace_in_pirate_mode():
    st = _mined()
    (e,) = [e for e in act(st, "jelly", line="N-S") if e.kind == "jelly_mines"]
    assert e.data["result"] == ("trace", "trace")  # D3 is empty sea with a mine on it
    facts = st.located_facts(0)
    assert trace(c(3, 2)) not in facts and trace(c(3, 4)) not in facts  # trace-or-mine: unsure
    st.hand[0] = PIRATE
    (e,) = [e for e in act(st, "jelly", line="E-W") if e.kind == "jelly_mines"]
    assert e.data["result"] == ("nothing", "nothing")
    assert no_trace(c(4, 3)) in st.located_facts(0)  # "nothing" still means no trace


def test_the_periscope_sees_mines_and_monsters_around():
    st = _mined()
    st.monsters = [c(4, 3)]
    (e,) = [e for e in act(st, "periscope") if e.kind == "periscope"]
    assert e.data["result"] == ("mine", "clear", "monster") + ("clear",) * 5
    st2 = table(mode="pirate", pos=(c(0, 0), c(3, 3)))
    (e,) = [e for e in act(st2, "periscope") if e.kind == "periscope"]
    assert e.data["result"].count("edge") == 5


def test_classic_mode_has_no_periscope_or_drop_mine():
    st = table()
    assert not {a.kind for a in st.legal_actions(0)} & {"periscope", "drop_mine"}


# --- sea monsters ----------------------------------------------------------------------------------
def test_a_monster_wakes_on_a_recovered_artifact_and_does_not_attack_the_finder():
    st = table(pos=(c(4, 2), c(0, 5)))
    events = act(st, "explore")
    assert st.monsters == [c(4, 2)] and "attack" not in kinds(events)
    events = act(st, "sonar")
    assert "attack" not in kinds(events) and st.seat == 1


def test_moving_into_a_monster_stops_the_move_ends_the_turn_and_costs_a_card():
    st = table()
    st.monsters = [c(3, 2)]
    events = act(st, "long_silent", direction="N")
    assert st.pos[0] == c(3, 2)
    assert st.seat == 1  # the attack ended seat 0's turn after one action
    (e,) = [e for e in events if e.kind == "attack"]
    assert e.to is None and "cell" not in e.data and e.data["how"] == "move"
    lost = e.data["card"]
    assert lost and lost != SURFACE
    assert lost == "captain" and not st.cap_ready[0] or lost not in st.hand[0]


def test_sleepy_monsters_stay_put_and_hunting_ones_close_in_after_each_round():
    ends = {}
    for behaviour in ("sleepy", "hunting"):
        st = table(monsters=behaviour, pos=(c(0, 0), c(5, 5)))
        st.monsters = [c(3, 3)]
        for p in (0, 1):
            act(st, "sonar", player=p)
            events = act(st, "jelly", player=p, line="N-S")
        ends[behaviour] = (list(st.monsters), kinds(events))
    assert ends["sleepy"][0] == [c(3, 3)] and "hunt" not in ends["sleepy"][1]
    assert ends["hunting"][0] in ([c(2, 2)], [c(4, 4)]) and "hunt" in ends["hunting"][1]


def test_a_hunting_monster_that_reaches_a_submarine_attacks_it():
    st = table(monsters="hunting", pos=(c(0, 0), c(5, 5)))
    st.monsters = [c(1, 1)]
    act(st, "sonar")
    act(st, "jelly", line="N-S")
    act(st, "sonar", player=1)
    events = act(st, "jelly", player=1, line="N-S")
    assert st.monsters == [c(0, 0)]
    (e,) = [e for e in events if e.kind == "attack"]
    assert e.data["who"] == 0 and e.data["how"] == "hunt"


def test_the_log_names_a_captain_lost_to_a_monster_as_the_captain_card():
    from game.finding.chart import Entry
    from game.finding.texts import describe

    st = table()
    lost = Entry(0, "attack", 1, (("how", "hunt"), ("card", "captain")))
    sonar = Entry(0, "attack", 1, (("how", "move"), ("card", "sonar")))
    assert describe(st, lost).endswith("loses the captain card, face up, until surfacing.")
    assert "loses captain" not in describe(st, lost)
    assert "loses Sonar to the discard pile" in describe(st, sonar)
    # two sentences, each with its own subject (it read "the turn is over and loses Sonar")
    assert describe(st, sonar) == (
        "A sea monster attacks Yellow: the move ends there and so does the turn. "
        "Yellow loses Sonar to the discard pile."
    )
