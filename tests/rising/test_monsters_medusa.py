"""Medusa Unleashed: every rule of the scenario, one test (or more) each."""

from __future__ import annotations

import pytest

from game.core.protocol import Action, IllegalAction
from game.rising.frames import FRAMES
from game.rising.island import CAP, CENTRE
from game.rising.monsters import common as cm
from game.rising.monsters import medusa
from game.rising.setup import new_game
from tests.rising.helpers import T, decider, do, fix_dice, give_res, place, run_frames, set_energy
from tests.rising.monster_helpers import check_monster_invariants, mscenario, stone

pytestmark = pytest.mark.usefixtures("halt")  # scenarios end on the test-only halt frame


def kinds_of(events: list) -> list[str]:
    return [e.kind for e in events]


# --- set-up -----------------------------------------------------------------------------------
def test_setup_on_a_tip_tile_with_stone_volunteers_on_every_ring():
    for seed in range(12):
        st = new_game(4, {"monsters": "medusa"}, seed)
        t = st.medusa
        assert t % 6 == 0  # the outermost tile of its section
        assert st.petr[t] == [cm.VOLUNTEER] * CAP[t]
        assert sum(map(len, st.petr)) == CAP[t]


def test_setup_on_the_cities_puts_two_volunteers():
    st = mscenario("medusa")
    fix_dice(st, 6)  # the section die picks the Cities
    medusa.setup(st)
    assert st.medusa == T["cities-1"] and st.petr[T["cities-1"]] == [-1, -1]


def test_no_monsters_by_default_and_option_parsing():
    st = new_game(4, {}, 3)
    assert st.monsters == () and st.medusa == -1 and not any(st.petr)
    st = new_game(4, {"monsters": "scylla,medusa"}, 3)
    assert st.monsters == ("medusa", "scylla")
    with pytest.raises(ValueError, match="unknown monster"):
        new_game(4, {"monsters": "kraken"}, 3)


# --- movement and the three petrification cases ------------------------------------------------
def test_case_one_active_atlanteans_are_all_petrified_and_the_rest_ignored():
    st = mscenario("medusa")
    place(st, 0, "hills-6")
    place(st, 1, "hills-6")
    stone(st, "hills-6", -1)
    fix_dice(st, 2, 6)  # hills, tile 6
    ev = run_frames(st, ("medusa_move", -1, -1))
    t = T["hills-6"]
    assert st.medusa == t and st.occ[t] == []
    assert sorted(st.petr[t]) == [-1, 0, 1]  # the empty third ring stays empty
    moved = next(e for e in ev if e.kind == "medusa_moved")
    assert moved.data["roll"] == [2, 6] and moved.data["to"] == "hills-6"
    pet = next(e for e in ev if e.kind == "petrified")
    assert pet.data["pieces"] == [0, 1] and pet.data["spot"] == "hills-6"
    check_monster_invariants(st)


def test_case_two_no_active_fills_empty_rings_with_volunteers():
    st = mscenario("medusa")
    stone(st, "hills-6", 2)
    fix_dice(st, 2, 6)
    ev = run_frames(st, ("medusa_move", -1, -1))
    assert st.petr[T["hills-6"]] == [2, -1, -1]
    assert next(e for e in ev if e.kind == "petrified").data["pieces"] == [-1, -1]


def test_case_three_no_active_and_no_empty_ring_nothing_happens():
    st = mscenario("medusa")
    stone(st, "hills-1", -1)
    fix_dice(st, 2, 1)
    ev = run_frames(st, ("medusa_move", -1, -1))
    assert st.petr[T["hills-1"]] == [-1] and "medusa_idle" in kinds_of(ev)
    assert "petrified" not in kinds_of(ev)


def test_sunk_sections_and_tiles_are_rerolled():
    st = mscenario("medusa")
    st.flooded[0] = 6  # the mountains are gone
    st.flooded[1] = 3
    fix_dice(st, 1, 2, 2, 2, 5)  # mountains (reroll), hills-2 (sunk, reroll), hills-5
    ev = run_frames(st, ("medusa_move", -1, -1))
    assert st.medusa == T["hills-5"]
    moved = next(e for e in ev if e.kind == "medusa_moved")
    assert moved.data["rerolls"] == [[1, 0], [2, 2]]


def test_petrified_atlanteans_do_not_act_do_not_go_home_and_block_rings():
    st = mscenario("medusa", phase="production")
    stone(st, "mountains-2", 0)  # 2 rings: one stone
    place(st, 0, "mountains-2")
    assert not st.can_place(2, T["mountains-2"])  # the stone takes a ring
    legal = FRAMES["place"].legal(st, ("place", 2, False), 2)
    assert Action.make(2, "place", at="mountains-2") not in legal
    run_frames(st, ("prod", 0))  # one spot: it acts by itself
    assert st.petr[T["mountains-2"]] == [0]
    run_frames(st, ("prod_end",), ("end_round",))
    assert st.petr[T["mountains-2"]] == [0] and st.home[0] == 2
    check_monster_invariants(st)


def test_petrified_atlanteans_on_a_sinking_tile_leave_the_game():
    st = mscenario("medusa")
    stone(st, "forges-1", 1)
    stone(st, "forges-1", -1) if CAP[T["forges-1"]] > 1 else None
    owned = st.owned_colour[1]
    ev = run_frames(st, ("destroy", T["forges-1"]))
    assert st.petr[T["forges-1"]] == [] and st.owned_colour[1] == owned - 1
    gone = next(e for e in ev if e.kind == "petrified_removed")
    assert 1 in gone.data["pieces"]
    check_monster_invariants(st)


def test_stone_atlanteans_that_sink_are_never_recruited_again():
    """Rulebook: "Petrified Atlanteans on a tile that floods are removed from the game. Because
    volunteers are not limited, you may simply return them to the supply"."""
    st = mscenario("medusa")
    st.recruit(1, 6 - st.owned_colour[1])  # every piece of the colour is in play
    stone(st, "forges-1", 1)
    grey_before = st.grey_supply
    run_frames(st, ("destroy", T["forges-1"]))
    assert st.owned_colour[1] == 5 and st.colour_room(1) == 0
    assert st.recruit(1, 1) == 1
    assert st.owned_colour[1] == 5 and st.owned_grey[1] == 1  # a grey one came, not the lost one
    assert st.grey_supply == grey_before - 1
    check_monster_invariants(st)


def test_a_sunk_stone_grey_atlantean_never_returns_to_the_grey_supply():
    st = mscenario("medusa")
    st.recruit(1, 6 - st.owned_colour[1] + 1)  # the colour is used up: one grey joins
    assert st.owned_grey[1] == 1
    stone(st, "forges-1", 1)
    grey_before = st.grey_supply
    run_frames(st, ("destroy", T["forges-1"]))
    assert st.owned_grey[1] == 0 and st.grey_supply == grey_before and st.grey_lost == 1
    check_monster_invariants(st)


def test_sunk_stone_volunteers_go_back_to_the_unlimited_supply():
    st = mscenario("medusa")
    stone(st, "forests-1", -1)
    owned = [st.owned_colour[p] + st.owned_grey[p] for p in range(st.n)]
    ev = run_frames(st, ("destroy", T["forests-1"]))
    assert st.petr[T["forests-1"]] == [] and st.stone_lost == [0] * st.n
    assert [st.owned_colour[p] + st.owned_grey[p] for p in range(st.n)] == owned
    gone = next(e for e in ev if e.kind == "petrified_removed")
    assert gone.data["pieces"] == [-1]
    check_monster_invariants(st)


def test_medusa_on_a_sinking_tile_moves_inward_and_strikes():
    st = mscenario("medusa")
    st.medusa = T["libraries-1"]
    place(st, 2, "libraries-2")
    ev = run_frames(st, ("destroy", T["libraries-1"]))
    assert st.medusa == T["libraries-2"] and st.petr[T["libraries-2"]] == [2]
    moved = next(e for e in ev if e.kind == "medusa_moved")
    assert moved.data["reason"] == "flood" and moved.data["from"] == "libraries-1"


def test_medusa_on_the_last_tile_of_a_section_goes_to_the_centre_without_volunteers():
    st = mscenario("medusa")
    st.flooded[4] = 5
    st.medusa = T["libraries-6"]
    ev = run_frames(st, ("destroy", T["libraries-6"]))
    assert st.medusa == CENTRE and st.petr[CENTRE] == []
    assert "medusa_idle" in kinds_of(ev)
    # with an Atlantean on the centre she petrifies it
    st = mscenario("medusa")
    st.flooded[4] = 5
    st.medusa = T["libraries-6"]
    place(st, 3, "centre")
    run_frames(st, ("destroy", T["libraries-6"]))
    assert st.petr[CENTRE] == [3] and st.occ[CENTRE] == []


# --- drawing her gaze ---------------------------------------------------------------------------
def test_the_gaze_is_offered_to_players_with_active_island_atlanteans_only():
    st = mscenario("medusa")
    place(st, 1, "hills-3")
    place(st, 2, "navy")  # the Navy is not on the island
    run_frames(st, ("medusa",))
    dec = st.decision()
    assert dec.kind == "medusa_gaze" and decider(st) == 1
    assert "Draw her gaze" in dec.prompt
    assert {a.kind for a in st.legal_actions(1)} == {"draw_gaze", "pass"}
    do(st, 1, "pass")
    assert st.decision().kind == "halt"  # nobody else could draw it; she moved by the dice


def test_drawing_the_gaze_moves_her_there_and_petrifies_without_dice():
    st = mscenario("medusa")
    place(st, 1, "hills-3")
    place(st, 0, "mountains-6")
    place(st, 0, "mountains-6")
    run_frames(st, ("medusa",))
    assert decider(st) == 0
    with pytest.raises(IllegalAction, match="no active"):
        do(st, 0, "draw_gaze", at="hills-3")
    ev = do(st, 0, "pass")
    ev = do(st, 1, "draw_gaze", at="hills-3")
    assert st.medusa == T["hills-3"] and st.petr[T["hills-3"]] == [1]
    moved = next(e for e in ev if e.kind == "medusa_moved")
    assert moved.data["reason"] == "gaze" and moved.data["roll"] is None


def test_placing_on_her_tile_is_legal_says_so_and_petrifies():
    st = mscenario("medusa", phase="place")
    st.medusa = T["hills-6"]
    run_frames(st, ("place", 0, False))
    dec = st.decision()
    assert "Medusa stands at Hills 6" in dec.prompt and "stone" in dec.prompt
    ev = do(st, 0, "place", at="hills-6")
    assert st.occ[T["hills-6"]] == [] and st.petr[T["hills-6"]] == [0]
    assert next(e for e in ev if e.kind == "petrified").data["cause"] == "placed"
    check_monster_invariants(st)


def test_a_courage_token_under_a_petrified_atlantean_goes_back_to_its_owner():
    st = mscenario("medusa", phase="place")
    st.medusa = T["hills-6"]
    st.courage[0] = 1
    st.courage_supply -= 1
    run_frames(st, ("place", 0, False))
    do(st, 0, "place", at="hills-6", courage=True)
    assert st.courage[0] == 1 and st.cour[T["hills-6"]] == []


# --- freeing ------------------------------------------------------------------------------------
def test_freeing_costs_one_energy_needs_an_active_atlantean_and_acts_at_once():
    st = mscenario("medusa", phase="production")
    stone(st, "mountains-4", 1)
    place(st, 0, "mountains-4")
    set_energy(st, 0, 2)
    run_frames(st, ("prod", 0))
    assert st.decision().kind == "production"
    legal = st.legal_actions(0)
    assert Action.make(0, "free", at="mountains-4", piece=1) in legal
    fix_dice(st, 6, 6)
    ev = do(st, 0, "free", at="mountains-4", piece=1)
    assert st.energy[0] == 1 and st.petr[T["mountains-4"]] == []
    freed = next(e for e in ev if e.kind == "freed")
    assert freed.data == {"spot": "mountains-4", "piece": 1, "by": 0, "acts_for": 1}
    roll = next(e for e in ev if e.kind == "die_rolled")
    assert roll.data["player"] == 1  # the freed Atlantean worked for its owner at once
    assert st.res[1][0] == 1 and st.home[1] == st.owned_colour[1]
    assert st.res[0][0] == 1  # then the freer's own Atlantean acted
    check_monster_invariants(st)


def test_a_freed_volunteer_acts_for_the_freer_then_leaves_at_the_end_of_the_round():
    st = mscenario("medusa", phase="production")
    stone(st, "mountains-4", -1)
    place(st, 0, "mountains-4")
    set_energy(st, 0, 1)
    run_frames(st, ("prod", 0))
    fix_dice(st, 6, 6)
    do(st, 0, "free", at="mountains-4", piece=-1)
    # the volunteer rolled for the Explorer, then the Explorer's own Atlantean acted too
    assert st.res[0][0] == 2 and st.vol_active[0] == 1
    assert st.home[0] == 4  # 3 own + the volunteer, who leaves at the end of the round
    run_frames(st, ("prod_end",), ("end_round",))
    assert st.vol_active[0] == 0 and st.home[0] == st.owned_colour[0]
    check_monster_invariants(st)


def test_freeing_is_refused_clearly_and_changes_nothing():
    st = mscenario("medusa", phase="production")
    stone(st, "mountains-4", 1)
    place(st, 0, "mountains-4")
    place(st, 0, "hills-4")
    set_energy(st, 0, 0)
    run_frames(st, ("prod", 0))
    before = st.fingerprint()
    with pytest.raises(IllegalAction, match="costs 1 mystic energy"):
        do(st, 0, "free", at="mountains-4", piece=1)
    set_energy(st, 0, 1)
    before = st.fingerprint()
    with pytest.raises(IllegalAction, match="active Atlantean of your own at hills-6"):
        do(st, 0, "free", at="hills-6", piece=1)
    with pytest.raises(IllegalAction, match="no such petrified piece"):
        do(st, 0, "free", at="mountains-4", piece=2)
    assert st.fingerprint() == before


# --- the Mirror Shield and the curse ----------------------------------------------------------
@pytest.mark.parametrize(("rnd", "cost"), [(1, 7), (3, 6), (4, 5), (9, 3), (12, 1), (20, 1)])
def test_shield_cost_is_seven_less_the_wrath(rnd, cost):
    st = mscenario("medusa", phase="build")
    st.round = rnd
    assert cm.item_cost(st, cm.MEDUSA) == cost


def test_rulebook_example_round_four_wrath_two_costs_five():
    st = mscenario("medusa", phase="build")
    st.round = 4
    assert cm.wrath(st) == 2 and cm.item_cost(st, cm.MEDUSA) == 5
    give_res(st, 0, atl=5)
    run_frames(st, ("build", 0))  # no component affordable, the Shield still is
    assert Action.make(0, "build_item", item="mirror_shield") in st.legal_actions(0)
    ev = do(st, 0, "build_item", item="mirror_shield")
    assert st.items[cm.MEDUSA] == 0 and st.res[0][3] == 0 and st.built_turn[0]
    assert next(e for e in ev if e.kind == "shield_built").data["cost"] == 5
    # one Shield only, one build per turn
    assert Action.make(1, "build_item", item="mirror_shield") not in FRAMES["build"].legal(
        st, ("build", 1), 1
    )


def test_shield_refusals_are_clear():
    st = mscenario("medusa", phase="build")
    st.round = 4
    give_res(st, 0, atl=4, gold=1, crystal=1)
    give_res(st, 0, ore=1)
    run_frames(st, ("build", 0))
    before = st.fingerprint()
    with pytest.raises(IllegalAction, match="costs 5 atlantium this round; you have 4"):
        do(st, 0, "build_item", item="mirror_shield")
    with pytest.raises(IllegalAction, match="no magic item"):
        do(st, 0, "build_item", item="golden_fleece")
    assert st.fingerprint() == before


def test_the_shield_bearer_is_immune_but_not_the_holders_other_atlanteans():
    st = mscenario("medusa", phase="place")
    st.items[cm.MEDUSA] = 0
    st.medusa = T["hills-6"]
    run_frames(st, ("place", 0, False))
    ev = do(st, 0, "place", at="hills-6")
    assert st.occ[T["hills-6"]] == [0] and "shield_protects" in kinds_of(ev)
    do(st, 0, "place", at="hills-6")
    assert st.occ[T["hills-6"]] == [0] and st.petr[T["hills-6"]] == [0]


def test_breaking_the_curse_leaves_the_stone_and_gives_the_ally():
    st = mscenario("medusa")
    st.items[cm.MEDUSA] = 2
    stone(st, "hills-1", 1)
    stone(st, "forests-6", -1, -1)
    place(st, 2, "forges-3")
    run_frames(st, ("medusa",))
    dec = st.decision()
    assert dec.kind == "medusa_gaze" and dec.data["shield"] and "breaks her curse" in dec.prompt
    ev = do(st, 2, "draw_gaze", at="forges-3")
    assert st.medusa == -1 and st.items[cm.MEDUSA] == -1 and st.allies[cm.MEDUSA] == 2
    assert "curse_broken" in kinds_of(ev) and "petrified" not in kinds_of(ev)
    assert st.petr[T["hills-1"]] == [1] and st.petr[T["forests-6"]] == [-1, -1]
    assert st.occ[T["forges-3"]] == [2]
    # Medusa no longer acts, nor can a new Shield be built
    assert run_frames(st, ("monsters",)) == []
    st.phase = "build"
    give_res(st, 0, atl=7)
    assert not cm.item_options(st, 0)


def test_the_medusa_ally_turns_a_city_success_into_two_followers_or_four_volunteers():
    st = mscenario("medusa", phase="production")
    st.medusa = -1
    st.allies[cm.MEDUSA] = 0
    place(st, 0, "cities-2")  # 1 ring, 1 Atlantean per recruit
    run_frames(st, ("act", 0, T["cities-2"], True))
    dec = st.decision()
    assert dec.kind == "medusa_ally" and dec.data == {"followers": 2, "volunteers": 4}
    owned = st.owned_colour[0]
    do(st, 0, "choose", reward="followers")
    assert st.owned_colour[0] == owned + 2
    st = mscenario("medusa", phase="production")
    st.medusa = -1
    st.allies[cm.MEDUSA] = 0
    place(st, 0, "cities-2")
    run_frames(st, ("act", 0, T["cities-2"], True))
    do(st, 0, "choose", reward="volunteers")
    assert st.vol_pool[0] == 4 and st.home[0] == 3 + 4
    check_monster_invariants(st)
    # they are placed next round and leave after it
    run_frames(st, ("end_round",))
    assert st.home[0] == 7
    FRAMES["round"].auto(st, ("round",))  # the next round starts: the volunteers join the placement
    assert st.vol_active[0] == 4 and st.vol_pool[0] == 0
    st.stack = []
    run_frames(st, ("end_round",))
    assert st.home[0] == 3 and st.vol_active[0] == 0


def test_other_players_city_success_is_unchanged():
    st = mscenario("medusa", phase="production")
    st.allies[cm.MEDUSA] = 1
    place(st, 0, "cities-2")
    run_frames(st, ("act", 0, T["cities-2"], True))
    assert st.decision().kind == "halt" and st.owned_colour[0] == 4


def test_monsters_act_after_every_misfortune_before_late_placement():
    st = new_game(3, {"monsters": "medusa"}, 5)
    seen: list[str] = []
    while st.round < 2 and st.decision() is not None:
        p = decider(st)
        a = next(
            (x for x in st.legal_actions(p) if x.kind in ("pass", "done", "accept")),
            st.legal_actions(p)[0],
        )
        for e in st.apply(a):
            if e.kind in ("misfortune_drawn", "monsters_act", "medusa_moved", "phase_started"):
                seen.append(e.kind if e.kind != "phase_started" else e.data["phase"])
    i = seen.index("monsters_act")
    assert seen[:i].count("misfortune_drawn") == 3 and "production" in seen[i:]
    assert seen[i + 1] == "medusa_moved"
