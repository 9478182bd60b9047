"""The rulebook's own examples and the rules of levelling, each as a test."""

from __future__ import annotations

import pytest

from game.guards import combat, effects, rounds, turns, units
from game.guards.cards import heroes
from game.guards.setup import new_game
from tests.guards.helpers import (
    add_minion,
    clear_minions,
    commit,
    do,
    duel,
    finish_round,
    give,
    put,
    scene,
    stand_ins,
    to_play,
    use,
)  # fmt: skip

A, B = 0, 1


def test_boots_of_speed_do_not_lengthen_mad_dash_but_do_lengthen_a_regular_move():
    st = scene((2, 0), (9, 0))
    st.items[B] = ("move",)  # Boots of Speed
    red = st.card_in(B, "red")
    assert red.name == "Mad Dash"
    reach = max(effects.distance((9, 0), h) for h in turns.regular_moves(st, B, red))
    assert reach == 3  # the move icon 2, +1
    use(st, B, "brogan_red1")
    d = st.decision()
    ends = {a["option"] for a in st.legal_actions(d.players[0])}
    assert ends and all(effects.distance((9, 0), e) == 2 for e in ends)  # still exactly 2


def test_boots_of_speed_do_not_lengthen_hit_and_run_either():
    hero = heroes().get("tigerclaw")
    card = None if hero is None else next((c for c in hero.cards if c.name == "Hit and Run"), None)
    if card is None:
        pytest.skip("Tigerclaw's hero file (with Hit and Run) is not here yet")
    mandatory = [s for s in card.effect if s.name == "move_self"]
    assert mandatory
    step = mandatory[0]
    st = duel("arien", "tigerclaw", board="open")
    clear_minions(st)
    put(st, B, (7, 0))
    args = (step.get("n"), bool(step.get("straight")), bool(step.get("mandatory")))
    plain = set(effects.self_moves(st, B, *args))
    st.items[B] = ("move",)  # Boots of Speed
    assert set(effects.self_moves(st, B, *args)) == plain


def test_war_talons_raise_mad_dash_and_the_basic_attack():
    st = scene((5, 0), (8, 0))
    st.items[B] = ("attack",)  # War Talons
    assert units.icon(st, B, st.card_in(B, "red"), "attack") == 7
    assert units.icon(st, B, st.card_in(B, "gold"), "attack") == 7
    use(st, B, "brogan_red1")
    events = do(st, "choose", option=(6, 0))
    assert [e.data["value"] for e in events if e.kind == "attack"] == [7]


def test_items_never_show_on_an_icon_a_card_does_not_have():
    st = scene((5, 0), (8, 0))
    st.items[A] = ("initiative", "defense", "range")
    hold = st.card_in(A, "black")
    assert all(units.icon(st, A, hold, k) is None for k in ("initiative", "defense", "range"))
    assert units.icon(st, A, st.card_in(A, "gold"), "range") is None  # the gold has none


def test_a_hold_only_hand_is_defenceless():
    st = scene((5, 0), (6, 0))
    st.hand[B] = ("black",)
    use(st, A, "arien_gold")
    assert st.pos[B] is None


def test_moving_others_goes_as_far_as_possible_and_the_card_still_resolves():
    st = scene((5, 0), (6, 0))
    add_minion(st, 0, "melee", (7, 0))  # right behind Brogan: he cannot be pushed at all
    use(st, A, "arien_red1")
    do(st, "defend", card="red")
    assert st.pos[B] == (6, 0) and st.prog is None


def test_a_range_1_attack_counts_as_in_a_straight_line_whatever_the_neighbour():
    for b_at in ((5, 1), (4, 1), (6, 0), (4, 0)):
        st = scene((5, 0), b_at)
        use(st, A, "arien_red2b")  # Wave Lance: straight line only, range 2
        assert st.pend is not None and st.pend[1] == B


def test_a_minion_whose_icon_is_taken_goes_to_an_empty_space_next_to_it():
    st = duel(board="tiny")
    icon = st.geo.lane_minion_icons("titan_shore", 0, "melee")[0]
    put(st, A, icon)
    st.battle = [1]
    combat.place_lane_minions(st, 0)
    melee = next(m for m in st.minions if m[1] == 0 and m[2] == "melee")
    assert melee[3] != icon and effects.distance(melee[3], icon) == 1


@pytest.mark.parametrize("board", ["one_lane", "two_lane"])
def test_a_minion_whose_spawn_point_is_taken_goes_next_to_that_spawn_point(board):
    # rulebook, Minion Combat: "place the minion on any adjacent empty space" of its own spawn
    # point; every icon of every lane zone in turn, a hero standing on it
    st = duel(board=board)
    del st.occ[st.pos[B]]
    st.pos[B] = None
    for lane, zones in enumerate(st.geo.lanes):
        for z, zone in enumerate(zones[1:-1], start=1):
            for team in (0, 1):
                for kind in ("heavy", "ranged", "melee"):
                    for icon in st.geo.lane_minion_icons(zone, team, kind):
                        clear_minions(st)
                        put(st, A, icon)
                        st.battle[lane] = z
                        combat.place_lane_minions(st, lane)
                        mine = [m[3] for m in st.minions if m[0] == lane and m[1:3] == (team, kind)]
                        icons = set(st.geo.lane_minion_icons(zone, team, kind))
                        off = [p for p in mine if p not in icons]
                        assert len(off) == 1 and effects.distance(off[0], icon) == 1, (zone, icon)


def test_a_minion_whose_spawn_point_is_walled_in_goes_to_the_nearest_empty_space():
    st = duel(board="one_lane")
    zone = st.geo.lanes[0][st.battle[0]]
    icon = st.geo.lane_minion_icons(zone, 0, "heavy")[0]
    clear_minions(st)
    put(st, A, icon)
    for n in st.geo.nbrs[icon]:
        if units.free(st, n):
            st.tokens[n] = ("magma", 1, B)
    combat.place_lane_minions(st, 0)
    heavy = next(m[3] for m in st.minions if m[1:3] == (0, "heavy"))
    nearest = min(effects.distance(icon, hx) for hx in st.geo.hexes if units.free(st, hx))
    assert heavy is not None and effects.distance(heavy, icon) == 2 == nearest


def test_the_round_ends_after_four_turns_even_with_cards_left():
    st = scene((0, 0), (14, 0))
    finish_round(st)
    assert st.round == 2 and st.turn == 1 and len(st.hand[A]) == 5


def test_levelling_costs_the_next_level_in_coins_and_several_levels_may_be_bought():
    st = scene((0, 0), (14, 0))
    st.coins[A] = 2 + 3 + 1
    st.turn = 4
    commit(st, {})
    while st.decision().kind != "level":
        st.apply(st.legal_actions(st.decision().players[0])[0])
    d = st.decision()
    assert d.players == (0,)
    opts = {a["card"] for a in st.legal_actions(0)}
    assert opts == {"arien_red2a", "arien_red2b", "arien_blue2a", "arien_blue2b",
                    "arien_green2a", "arien_green2b", ""}  # fmt: skip
    do(st, "level", card="arien_red2b")
    assert st.level[A] == 2 and st.coins[A] == 4 and st.items[A] == ("initiative",)
    assert st.card_in(A, "red").id == "arien_red2b"
    opts = {a["card"] for a in st.legal_actions(0)}
    assert "arien_red3a" not in opts  # all three colours to tier II first
    do(st, "level", card="arien_blue2a")
    assert st.level[A] == 3 and st.coins[A] == 1
    assert st.decision().kind != "level" or st.decision().players != (0,)  # 4 coins needed now


def test_the_ultimate_comes_after_all_three_tier_three_cards():
    st = scene((0, 0), (14, 0))
    for cid in ("arien_red3a", "arien_blue3a", "arien_green3a"):
        give(st, A, cid)
    st.level[A] = 7
    st.coins[A] = 8
    assert rounds.level_choices(st, A) == ("arien_ultimate",)
    rounds.level_up(st, A, "arien_ultimate")
    assert st.ult[A] and st.level[A] == 8 and rounds.level_choices(st, A) == ()


def test_wuk_and_hanu_have_no_items_no_ultimate_and_stop_at_level_six():
    with stand_ins():
        st = new_game(2, {"board": "tiny"}, 0)
        to_play(st, picks={st.decision().players[0]: "wukhanu"})
        wuk = st.hero_id.index("wuk")
        st.coins[wuk] = 100
        for _ in range(5):
            choice = rounds.level_choices(st, wuk)
            assert choice
            rounds.level_up(st, wuk, choice[0])
        assert st.level[wuk] == 6 and st.items[wuk] == () and rounds.level_choices(st, wuk) == ()
        assert not st.ult[wuk]


def test_a_game_that_reaches_the_round_cap_goes_to_the_team_that_pushed_further():
    st = scene((0, 0), (14, 0))
    st.max_rounds = 1
    st.battle = [3]  # the lane stands in the Atlantean shore: the Titans pushed
    finish_round(st)
    assert st.winner == 0 and st.win_how == "round limit"
    st2 = scene((0, 0), (14, 0))
    st2.max_rounds = 1
    finish_round(st2)
    assert st2.winner == -1 and st2.returns() == [0.5, 0.5]


def test_heroes_start_on_their_own_throne():
    st = new_game(2, {"board": "tiny"}, 3)
    to_play(st)
    for h in st.heroes:
        assert st.pos[h] in st.geo.spawns[st.team_of[h]]
