"""Attacks, defense, defeat, minions, pushing the lane and winning."""

from __future__ import annotations

from game.core.protocol import Action
from game.guards import combat, rounds, units
from tests.guards.boards import at
from tests.guards.helpers import add_minion, clear_minions, commit, do, duel, finish_round, put

A, B = 0, 1  # Arien (Titans), Brogan (Atlanteans)


def basic_attack_on_brogan(st, colour_b="black"):
    """Arien next to Brogan; Arien plays the basic attack (4), Brogan ``colour_b``."""
    commit(st, {A: "gold", B: colour_b})
    if st.decision().kind == "act":
        do(st, "primary")


def setup_pair(**kw):
    st = duel(**kw)
    clear_minions(st)
    add_minion(st, 0, "melee", at(2, 4))
    add_minion(st, 1, "melee", at(12, 4))
    put(st, A, at(6, 0))
    put(st, B, at(7, 0))
    return st


def test_an_attacked_hero_defends_by_discarding_a_card_whose_defense_is_high_enough():
    st = setup_pair()
    basic_attack_on_brogan(st)
    d = st.decision()
    assert d.kind == "defend" and d.players == (1,) and not d.public
    options = {a["card"] for a in st.legal_actions(1)}
    # Brogan: gold defense 3 < 4 fails; red 7, blue 6, green 7 hold; never the Hold card
    assert options == {"red", "blue", "green", ""}
    do(st, "defend", card="blue")
    assert st.pos[B] == at(7, 0) and "blue" in st.out[B] and "blue" not in st.hand[B]


def test_minion_modifiers_change_the_defenders_total():
    st = setup_pair()
    add_minion(st, 0, "melee", at(8, 0))  # enemy melee next to Brogan: -1
    add_minion(st, 0, "ranged", at(9, 1))  # enemy ranged within 2: -1
    add_minion(st, 1, "melee", at(8, 1))  # friendly melee next to him: +1
    assert combat.minion_modifier(st, B) == -1
    assert combat.defense_total(st, B, "blue", A) == 6 - 1
    add_minion(st, 1, "heavy", at(7, 1))  # friendly heavy next to him: +1
    assert combat.minion_modifier(st, B) == 0
    add_minion(st, 1, "ranged", at(9, 0))  # a friendly ranged minion gives nothing
    assert combat.minion_modifier(st, B) == 0


def test_a_hand_of_only_the_hold_card_is_defeated_automatically():
    st = setup_pair()
    st.hand[B] = ("black",)
    commit(st, {A: "gold", B: "black"})
    do(st, "primary")
    assert st.pos[B] is None and st.decision().kind == "play"


def test_no_card_good_enough_means_defeat_without_a_question():
    st = setup_pair()
    st.hand[B] = ("gold", "black")  # gold defends 3 against 4
    commit(st, {A: "gold", B: "black"})
    do(st, "primary")
    assert st.pos[B] is None


def test_defeat_costs_half_the_coins_rounded_up_and_pays_twice_the_level():
    st = setup_pair()
    st.coins[B] = 5
    st.level[B] = 3
    basic_attack_on_brogan(st)
    do(st, "defend", card="")  # takes the defeat
    assert st.pos[B] is None and st.coins[B] == 2 and st.coins[A] == 6


def test_a_defeated_hero_loses_its_unresolved_card_keeps_the_rest_but_the_red_one():
    st = setup_pair()
    commit(st, {A: "gold", B: "blue"})  # Arien 11 before Brogan 7
    do(st, "primary")
    do(st, "defend", card="")
    assert st.queue == () and st.turn == 2  # Brogan's Shove never resolves
    assert set(st.hand[B]) == {"gold", "black", "blue", "green"} and st.out[B] == ()
    assert st.red_lock[B] == 2 and st.back[B] == 2


def test_a_defeated_hero_returns_at_the_end_of_turn_one_of_the_next_round_without_red():
    st = setup_pair()
    basic_attack_on_brogan(st)
    do(st, "defend", card="")
    finish_round(st)
    assert st.round == 2 and st.pos[B] is None and "red" not in st.hand[B]
    commit(st, {})  # turn 1: only Arien plays
    d = st.decision()
    assert d.kind == "place" and d.players == (1,) and d.public
    spots = {a["at"] for a in st.legal_actions(1)}
    assert spots == set(st.geo.spawns[1])
    do(st, "place", at=st.geo.spawns[1][0], hero=B)
    assert st.pos[B] == st.geo.spawns[1][0] and st.turn == 2
    assert "red" not in st.hand[B]  # the red card sits out the whole round ...
    finish_round(st)
    assert "red" in st.hand[B]  # ... and comes back when the cards are retrieved


def test_a_minion_attacked_falls_at_once_and_pays_its_coins_but_not_a_friendly_one():
    st = setup_pair()
    m_enemy = add_minion(st, 1, "melee", at(5, 0))
    commit(st, {A: "gold"})
    do(st, "primary")
    legal = st.legal_actions(0)
    targets = {a["option"] for a in legal}
    assert at(5, 0) in targets and at(7, 0) in targets
    do(st, "choose", option=at(5, 0))
    assert st.minions[m_enemy][3] is None and st.coins[A] == 2
    st2 = setup_pair()
    mine = add_minion(st2, 0, "melee", at(5, 0))
    commit(st2, {A: "gold"})
    do(st2, "primary")
    do(st2, "choose", option=at(5, 0))
    assert st2.minions[mine][3] is None and st2.coins[A] == 0


def test_a_heavy_minion_is_immune_until_it_is_the_last_of_its_team_in_the_lane():
    st = setup_pair()
    heavy = add_minion(st, 1, "heavy", at(5, 0))
    assert units.heavy_shielded(st, heavy)
    commit(st, {A: "gold"})
    do(st, "primary")  # the only target left is Brogan: attacked directly
    assert st.decision().kind == "defend"
    st2 = setup_pair()
    other = st2.occ.pop(at(12, 4))  # the Atlanteans' other minion is gone
    st2.minions[-other - 1] = (0, 1, "melee", None)
    heavy = add_minion(st2, 1, "heavy", at(5, 0))
    assert not units.heavy_shielded(st2, heavy)
    commit(st2, {A: "gold"})
    do(st2, "primary")
    do(st2, "choose", option=at(5, 0))
    assert st2.coins[A] == 4


def test_losing_the_last_minion_pushes_the_lane_and_every_minion_respawns_one_zone_on():
    st = duel(board="tiny")
    put(st, A, at(9, 0))
    # Titans lose all three middle minions: the lane moves into the Titan shore
    for i, (lane, team, kind, p) in enumerate(list(st.minions)):
        if team == 0 and kind != "heavy":
            del st.occ[p]
            st.minions[i] = (lane, team, kind, None)
    heavy = next(i for i, m in enumerate(st.minions) if m[1] == 0 and m[2] == "heavy")
    events = []
    combat.defeat_minion(st, heavy, B)
    assert st.battle == [1] and st.towers == [0, 1]
    zone = st.geo.lanes[0][1]
    for _, team, kind, p in st.minions:
        assert p is not None and st.geo.zone_of[p] == zone
        assert p in st.geo.lane_minion_icons(zone, team, kind)
    del events


def test_pushing_the_lane_into_a_throne_wins_the_game():
    st = duel(board="tiny")
    st.battle = [1]
    combat.push_lane(st, 0, 0)
    assert st.winner == 1 and st.decision() is None and st.returns() == [0.0, 1.0]


def test_tower_rush_wins_at_the_agreed_number_of_pushes():
    st = duel(board="tiny", towers="2")
    combat.push_lane(st, 0, 1)  # Titans push towards the Atlantean throne
    assert st.winner is None and st.towers[0] == 1
    combat.push_lane(st, 0, 0)  # Atlanteans push back
    assert st.winner is None
    combat.push_lane(st, 0, 1)
    assert st.winner == 0 and st.win_how == "towers"


def test_minion_combat_makes_the_outnumbered_team_remove_one_minion_of_its_choice():
    st = duel(board="tiny")
    put(st, A, at(0, 0))
    put(st, B, at(14, 0))
    add_minion(st, 0, "melee", at(3, 3))  # Titans 4 against the Atlanteans' 3
    while st.decision().kind in ("play", "act", "move"):
        if st.decision().kind == "play":
            commit(st, {})
        else:
            st.apply(st.legal_actions(st.decision().players[0])[0])
    d = st.decision()
    assert d.kind == "remove" and d.players == (1,) and d.public
    options = {a["at"] for a in st.legal_actions(1)}
    spots = {m[2]: m[3] for m in st.minions if m[1] == 1}
    assert options == {spots["ranged"], spots["melee"]}  # not the heavy while others stand
    do(st, "remove", at=spots["ranged"])
    assert units.lane_count(st, 0, 1) == 2 and st.round == 2


def test_a_single_possible_removal_is_made_without_asking():
    st = duel(board="tiny")
    put(st, A, at(0, 0))
    put(st, B, at(14, 0))
    melee = next(i for i, m in enumerate(st.minions) if m[1] == 1 and m[2] == "melee")
    del st.occ[st.minions[melee][3]]
    st.minions[melee] = (0, 1, "melee", None)  # Atlanteans: heavy and ranged against three
    st.turn = 4
    commit(st, {})
    assert st.round == 2 and units.lane_count(st, 0, 1) == 1  # the ranged one went


def test_brogans_ultimate_counts_him_as_a_heavy_minion_in_minion_combat():
    st = duel(board="tiny")
    put(st, B, at(7, 0))
    assert rounds.combat_counts(st, 0) == [3, 3]
    st.ult[B] = True
    assert rounds.combat_counts(st, 0) == [3, 4]


def test_attack_actions_list_every_target_and_nothing_else():
    st = setup_pair()
    commit(st, {A: "gold"})
    kinds = {a.get("what", a.kind) for a in st.legal_actions(0)}
    assert kinds == {"move", "fast", "primary"} or kinds == {"move", "primary"}
    assert Action(0, "primary") in st.legal_actions(0)


def test_a_hero_defends_every_attack_of_a_turn_while_it_has_cards():
    from game.guards.setup import new_game
    from tests.guards.helpers import stand_ins, to_play

    with stand_ins():
        st = new_game(4, {"board": "open"}, 2)
        to_play(st, picks={0: "arien", 1: "brogan", 2: "dodger", 3: "wasp"})
        clear_minions(st)
        add_minion(st, 0, "melee", at(2, 4))
        add_minion(st, 1, "melee", at(12, 4))
        titans = [h for h in st.heroes if st.team_of[h] == 0]
        target = next(h for h in st.heroes if st.team_of[h] == 1)
        put(st, target, at(7, 0))
        put(st, titans[0], at(6, 0))
        put(st, titans[1], at(8, 0))
        commit(st, {titans[0]: "gold", titans[1]: "gold"})
        defended = 0
        while st.decision().kind != "play":
            d = st.decision()
            if d.kind == "first":
                do(st, "first", hero=st.tie[0])
            elif d.kind == "act":
                do(st, "primary")
            elif d.kind == "defend":
                best = [a for a in st.legal_actions(d.players[0]) if a["card"]]
                st.apply(best[0])
                defended += 1
            else:
                st.apply(st.legal_actions(d.players[0])[0])
        assert defended == 2 and st.pos[target] == at(7, 0) and len(st.out[target]) == 3
