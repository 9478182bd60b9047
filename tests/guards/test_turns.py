"""The turn: face-down play, reveal, Hold, initiative order and the token, one action a card."""

from __future__ import annotations

import pytest

from game.core.protocol import Action, IllegalAction
from tests.guards.boards import at
from tests.guards.helpers import clear_minions, commit, do, duel, game, put, stand_ins, to_play

A, B = 0, 1  # Arien (Titans, seat 0), Brogan (Atlanteans, seat 1)


def test_every_seat_plays_at_once_and_the_cards_resolve_highest_initiative_first():
    st = duel()
    d = st.decision()
    assert d.kind == "play" and set(d.players) == {0, 1} and not d.public
    events = commit(st, {A: "gold", B: "gold"})  # Arien 11, Brogan 9
    assert any(e.kind == "reveal" for e in events)
    d = st.decision()
    assert d.kind == "act" and d.players == (0,) and st.prog["h"] == A


def test_a_seat_that_played_is_not_asked_again_and_the_other_still_is():
    st = duel()
    st.apply(Action.make(1, "play", cards=("gold",)))
    assert st.decision().players == (0,)
    with pytest.raises(IllegalAction):
        st.apply(Action.make(1, "play", cards=("red",)))


def test_the_hold_card_skips_the_turn_and_is_never_discarded():
    st = duel()
    commit(st, {A: "black", B: "black"})
    assert st.turn == 2 and st.decision().kind == "play"
    assert "black" in st.out[A] and "black" not in st.hand[A]


def test_a_hero_may_stay_put_with_a_regular_move_and_may_do_only_one_action():
    st = duel()
    put(st, A, at(5, 0))
    commit(st, {A: "gold"})
    here = st.pos[A]
    assert Action.make(0, "act", what="move") in st.legal_actions(0)  # the kind first
    st.apply(Action.make(0, "act", what="move"))
    d = st.decision()
    assert d.kind == "move" and d.players == (0,)  # then where: staying is one of the places
    legal = st.legal_actions(0)
    assert Action.make(0, "move", to=here) in legal and {a.kind for a in legal} == {"move"}
    do(st, "move", to=here)
    assert st.pos[A] == here and st.prog is None and st.turn == 2  # Brogan held; turn over


def test_a_same_team_tie_is_that_teams_choice_and_does_not_flip_the_token():
    with stand_ins():
        st = game(4, seed=3)
        to_play(st, picks={0: "arien", 1: "brogan", 2: "dodger", 3: "wasp"})
        titans = [h for h in st.heroes if st.team_of[h] == 0]
        for h in titans:  # the stand-ins share a basic card's initiative with their original
            st.slots[h] = (st.slots[0][0],) + st.slots[h][1:]
        token = st.token
        commit(st, {h: "gold" for h in titans})
        d = st.decision()
        assert d.kind == "first" and set(st.tie) == set(titans) and d.public
        do(st, "first", hero=titans[1])
        assert st.prog["h"] == titans[1]
        do(st, "move", to=st.pos[titans[1]])
        assert st.prog["h"] == titans[0] and st.token == token


def test_a_cross_team_tie_goes_to_the_token_team_and_flips_the_token_each_time():
    with stand_ins():
        st = game(4, seed=3)
        to_play(st, picks={0: "arien", 1: "brogan", 2: "dodger", 3: "wasp"})
        gold = st.slots[0][0]
        for h in st.heroes:
            st.slots[h] = (gold,) + st.slots[h][1:]  # everyone's basic card at initiative 11
        st.token = 0
        commit(st, {h: "gold" for h in st.heroes})
        titans = [h for h in st.heroes if st.team_of[h] == 0]
        d = st.decision()
        assert d.kind == "first" and set(st.tie) == set(titans)
        do(st, "first", hero=titans[0])
        do(st, "move", to=st.pos[titans[0]])
        assert st.token == 1  # flipped after the Titan resolved
        d = st.decision()
        assert d.kind == "first" and all(st.team_of[h] == 1 for h in st.tie)
        first_atl = st.tie[0]
        do(st, "first", hero=first_atl)
        do(st, "move", to=st.pos[first_atl])
        assert st.token == 0  # and flipped back: twice in one turn
        h = st.prog["h"]
        assert st.team_of[h] == 0  # the other Titan, the token team's only tied hero


def test_a_card_without_a_move_icon_cannot_fast_travel_or_move():
    st = duel()
    clear_minions(st)
    steps = {c.colour: c for c in st.hero_def(A).cards}
    assert steps["gold"].move == 1
    # a card with no move icon: fake one by checking the rule directly
    from game.guards import turns
    from game.guards.cards import Card

    c = Card("x", "Steam Jump", "arien", "blue", 1, "skill", initiative=5)
    assert turns.fast_moves(st, A, c) == [] and turns.regular_moves(st, A, c) == []


def test_moves_are_blocked_by_units_and_mountains_but_water_is_fine():
    st = duel(board="tiny")
    clear_minions(st)
    put(st, A, at(4, 1))
    put(st, B, at(6, 1))
    from game.guards import turns

    gold = st.card_in(A, "gold")  # move 1
    dests = set(turns.regular_moves(st, A, gold))
    assert at(5, 1) not in dests  # the mountain
    red = st.card_in(A, "red")  # move 4
    far = set(turns.regular_moves(st, A, red))
    assert at(6, 1) not in far and at(7, 2) in far  # Brogan's space; the water
    assert st.pos[A] in far  # staying is allowed


def test_fast_travel_needs_both_zones_free_of_enemies():
    st = duel(board="open")
    clear_minions(st)
    from game.guards import turns

    put(st, A, at(3, 0))  # Titan shore
    put(st, B, at(12, 0))  # Atlantean shore
    red = st.card_in(A, "red")
    dest_zones = {st.geo.zone_of[h] for h in turns.fast_moves(st, A, red)}
    assert dest_zones == {"titan_throne", "titan_shore", "middle"}
    put(st, B, at(7, 0))  # now in the middle
    dest_zones = {st.geo.zone_of[h] for h in turns.fast_moves(st, A, red)}
    assert dest_zones == {"titan_throne", "titan_shore"}
    put(st, B, at(4, 1))  # in Arien's own zone: no fast travel at all
    assert turns.fast_moves(st, A, red) == []


def test_a_hero_with_no_cards_or_off_the_board_does_not_play():
    st = duel()
    st.hand[B] = ()
    assert st.decision().players == (0,)
