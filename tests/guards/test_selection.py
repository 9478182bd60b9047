"""Hero selection: plain picks, Draft, Limited and Captain's mode; Wuk & Hanu; placement."""

from __future__ import annotations

import random

from game.core.protocol import Action
from game.guards import selection
from game.guards.setup import new_game
from tests.guards.helpers import stand_ins


def pick_all(st, rng, choose=None):
    while st.phase == "select":
        d = st.decision()
        la = st.legal_actions(d.players[0])
        st.apply(choose(st, la) if choose else la[rng.randrange(len(la))])


def test_plain_picks_alternate_between_the_teams_and_the_first_team_holds_the_token():
    with stand_ins():
        st = new_game(4, {"board": "tiny"}, 2)
        first = st.first_team
        assert st.token == first
        teams = []
        while st.phase == "select":
            d = st.decision()
            assert d.kind == "pick" and d.public
            teams.append(st.seat_team[d.players[0]])
            st.apply(st.legal_actions(d.players[0])[0])
        assert teams == [first, 1 - first, first, 1 - first]
        assert st.phase == "place"


def test_an_odd_table_puts_wuk_and_hanu_on_the_bigger_team_as_two_seats():
    with stand_ins():
        for seed in range(6):
            st = new_game(5, {"board": "tiny"}, seed)
            pick_all(st, random.Random(seed))
            wuk, hanu = st.hero_id.index("wuk"), st.hero_id.index("hanu")
            assert st.seat_of[wuk] != st.seat_of[hanu]
            assert st.team_of[wuk] == st.team_of[hanu] == 0  # the Titans have three seats
            assert len(st.hero_id) == 5


def test_the_smaller_team_may_not_take_the_apes_and_the_bigger_one_must():
    with stand_ins():
        st = new_game(3, {"board": "tiny"}, 0)
        for s in range(3):
            if st.seat_team[s] == 1:
                st.first_team = 1
        st.sel_turn = 0
        d = st.decision()
        heroes = {a["hero"] for a in st.legal_actions(d.players[0])}
        if st.seat_team[d.players[0]] == 1:
            assert selection.DUO not in heroes
        else:
            assert heroes == {selection.DUO}  # two open seats left: only the apes fit


def test_with_an_even_table_the_apes_are_one_seat_playing_two_cards():
    with stand_ins():
        st = new_game(2, {"board": "tiny"}, 0)
        d = st.decision()
        st.apply(Action.make(d.players[0], "pick", hero=selection.DUO))
        duo = d.players[0]
        st.apply(st.legal_actions(st.decision().players[0])[0])
        while st.phase == "place":
            st.apply(st.legal_actions(st.decision().players[0])[0])
        assert len(st.seat_heroes[duo]) == 2
        plays = st.legal_actions(duo)
        assert all(len(a["cards"]) == 2 for a in plays) and len(plays) == 25
        wuk = st.seat_heroes[duo][0]
        assert st.hero_def(wuk).max_level == 6 and not st.hero_def(wuk).items


def test_draft_teams_pick_from_their_pack_and_then_swap_packs():
    with stand_ins():
        st = new_game(4, {"board": "tiny", "selection": "draft"}, 4)
        packs = st.packs
        first = st.first_team
        d = st.decision()
        assert {a["hero"] for a in st.legal_actions(d.players[0])} == set(packs[0])
        st.apply(st.legal_actions(d.players[0])[0])
        d = st.decision()
        assert st.seat_team[d.players[0]] == 1 - first
        assert {a["hero"] for a in st.legal_actions(d.players[0])} == set(packs[1])
        st.apply(st.legal_actions(d.players[0])[0])
        d = st.decision()  # round two: the packs have changed hands
        offered = {a["hero"] for a in st.legal_actions(d.players[0])}
        assert offered <= set(packs[1])


def test_limited_bans_until_as_many_heroes_remain_as_players_then_picks():
    with stand_ins():
        st = new_game(4, {"board": "tiny", "selection": "limited"}, 1)
        pool = len(st.pool)
        bans = 0
        while st.decision().kind == "ban":
            d = st.decision()
            st.apply(st.legal_actions(d.players[0])[-1])
            bans += 1
        assert pool - bans == 4
        d = st.decision()
        offered = {a["hero"] for a in st.legal_actions(d.players[0])}
        assert not offered & set(st.bans) and len(offered) == 4


def test_captains_recruit_players_dealt_random_heroes_and_the_apes_come_together():
    with stand_ins():
        for seed in range(8):
            st = new_game(5, {"board": "tiny", "selection": "captains"}, seed)
            caps = st.captains
            while st.phase == "select":
                d = st.decision()
                assert d.kind == "recruit" and d.players[0] in caps
                la = st.legal_actions(d.players[0])
                st.apply(la[random.Random(seed).randrange(len(la))])
            wuk, hanu = st.hero_id.index("wuk"), st.hero_id.index("hanu")
            assert st.team_of[wuk] == st.team_of[hanu]
            assert sorted([st.seat_team.count(0), st.seat_team.count(1)]) == [2, 3]
            big = 0 if st.seat_team.count(0) == 3 else 1
            assert st.team_of[wuk] == big


def test_heroes_enter_on_empty_spawn_points_or_next_to_one_when_all_are_taken():
    with stand_ins():
        st = new_game(10, {"board": "tiny"}, 0)
        pick_all(st, random.Random(0))
        while st.phase == "place":
            d = st.decision()
            h = st.place_queue[0]
            spots = {a["at"] for a in st.legal_actions(d.players[0])}
            spawns = set(st.geo.spawns[st.team_of[h]])
            free = spawns - set(st.occ)
            assert spots == free or (
                not free and all(any(n in spawns for n in st.geo.nbrs[x]) for x in spots)
            )
            st.apply(st.legal_actions(d.players[0])[0])
        assert st.phase == "play"


def test_the_duo_seat_commits_one_card_per_ape_and_each_ape_resolves_its_own():
    with stand_ins():
        st = new_game(2, {"board": "tiny"}, 0)
        duo = st.decision().players[0]
        st.apply(Action.make(duo, "pick", hero=selection.DUO))
        while st.phase in ("select", "place"):
            st.apply(st.legal_actions(st.decision().players[0])[0])
        wuk, hanu = st.seat_heroes[duo]
        other = 1 - duo
        st.apply(Action.make(other, "play", cards=("black",)))
        st.apply(Action.make(duo, "play", cards=("gold", "red")))
        revealed = {st.card_in(wuk, "gold").id, st.card_in(hanu, "red").id}
        assert st.commit[wuk] == "gold" and st.commit[hanu] == "red"
        assert set(st.queue) | ({st.prog["h"]} if st.prog else set()) <= {wuk, hanu}
        assert "gold" in st.out[wuk] and "red" in st.out[hanu] and len(revealed) == 2


def test_in_captains_mode_the_apes_never_sit_with_both_captains():
    with stand_ins():
        for seed in range(40):
            st = new_game(3, {"board": "tiny", "selection": "captains"}, seed)
            while st.phase == "select":
                st.apply(st.legal_actions(st.decision().players[0])[0])
            assert sorted([st.seat_team.count(0), st.seat_team.count(1)]) == [1, 2]
