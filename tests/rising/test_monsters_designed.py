"""The Harpies' Lair and Between Scylla and Charybdis (our designs, docs/monsters.md)."""

from __future__ import annotations

import pytest

from game.core.protocol import Action, IllegalAction
from game.rising.island import NAVY, SUPPLY_LIMITS
from game.rising.monsters import common as cm
from game.rising.monsters import harpies as hp
from game.rising.monsters import scylla as sc
from tests.rising.helpers import (
    T,
    decider,
    do,
    fix_dice,
    give_cards,
    give_res,
    place,
    run_frames,
    set_energy,
)
from tests.rising.monster_helpers import check_monster_invariants, mscenario

pytestmark = pytest.mark.usefixtures("halt")  # scenarios end on the test-only halt frame


def kinds_of(events: list) -> list[str]:
    return [e.kind for e in events]


# --- the Harpies ----------------------------------------------------------------------------
def harpies_ready(**energy: int):
    st = mscenario("harpies")
    for p in range(4):
        set_energy(st, p, 0)
    return st


def test_harpies_fly_by_section_die_to_the_most_crowded_tile_and_raid_it():
    st = harpies_ready()
    place(st, 0, "hills-6")
    place(st, 1, "hills-4")
    place(st, 1, "hills-4")
    owed = 2 * hp.TRIBUTE  # two Atlanteans on the roost
    give_res(st, 1, ore=owed - owed // 2, gold=owed // 2)
    fix_dice(st, 2)  # hills
    ev = run_frames(st, ("harpies",))
    assert st.harpies == T["hills-4"]
    moved = next(e for e in ev if e.kind == "harpies_moved")
    assert moved.data["roll"] == 2 and moved.data["to"] == "hills-4"
    dec = st.decision()
    assert dec.kind == "harpies_tribute" and decider(st) == 1 and dec.data["remaining"] == owed
    for resource in ["ore"] * (owed - owed // 2) + ["gold"] * (owed // 2):
        assert st.decision().kind == "harpies_tribute"
        ev = do(st, 1, "give_up", resource=resource)
    assert st.res[1] == [0, 0, 0, 0] and st.res_supply[0] == SUPPLY_LIMITS["ore"]
    assert "harpies_stole" in kinds_of(ev) and st.decision().kind == "halt"
    check_monster_invariants(st)


def test_a_victim_with_nothing_to_give_is_chased_home_without_acting():
    st = harpies_ready()
    place(st, 2, "forges-2")
    fix_dice(st, 4)
    ev = run_frames(st, ("harpies",))
    assert "harpies_chased" in kinds_of(ev)
    assert st.occ[T["forges-2"]] == [] and st.home[2] == 3


def test_an_empty_roost_raids_the_council_from_the_fullest_hand():
    st = harpies_ready()
    give_cards(st, 3, "hidden_vein", "heroic_tale", "hidden_vein", "heroic_tale")
    give_cards(st, 0, "crystal_cache")
    fix_dice(st, 5)  # libraries: nobody there
    ev = run_frames(st, ("harpies",))
    stolen = [e.data["player"] for e in ev if e.kind == "harpies_stole"]
    assert hp.COUNCIL_RAID <= 3  # the fullest hand stays the fullest while the raid lasts
    assert stolen == [3] * hp.COUNCIL_RAID
    assert len(st.hand[3]) == 4 - hp.COUNCIL_RAID and len(st.hand[0]) == 1


def test_luring_costs_two_energy_and_picks_the_roost():
    st = harpies_ready()
    set_energy(st, 2, 2)
    place(st, 0, "hills-6")
    run_frames(st, ("harpies",))
    assert st.decision().kind == "harpies_lure" and decider(st) == 2
    ev = do(st, 2, "lure", at="libraries-3")
    assert st.harpies == T["libraries-3"] and st.energy[2] == 0
    assert "harpies_lured" in kinds_of(ev)


def test_lure_refused_without_energy_state_unchanged():
    st = harpies_ready()
    set_energy(st, 2, 2)
    run_frames(st, ("harpies",))
    before = st.fingerprint()
    with pytest.raises(IllegalAction, match="not a standing island tile"):
        do(st, 2, "lure", at="navy")
    with pytest.raises(IllegalAction, match="only the holder of the Bronze Rattle"):
        do(st, 2, "confront")
    assert st.fingerprint() == before


def test_rattle_costs_twelve_gold_less_wrath_and_its_holder_is_never_robbed():
    st = harpies_ready()
    st.round = 6
    assert cm.item_cost(st, cm.HARPIES) == 9
    st.phase = "build"
    give_res(st, 1, gold=9)
    run_frames(st, ("build", 1))
    ev = do(st, 1, "build_item", item="bronze_rattle")
    assert st.items[cm.HARPIES] == 1 and "rattle_built" in kinds_of(ev)
    place(st, 1, "hills-6")
    give_res(st, 1, ore=1)
    fix_dice(st, 2)
    ev = run_frames(st, ("harpies",))
    assert st.res[1][0] == 1 and "harpies_idle" in kinds_of(ev)


def test_the_rattle_holder_on_the_roost_drives_the_harpies_off_and_gains_the_ally():
    st = harpies_ready()
    st.items[cm.HARPIES] = 0
    place(st, 0, "forests-6")  # the roost
    run_frames(st, ("harpies",))
    dec = st.decision()
    assert dec.kind == "harpies_lure" and dec.data["can_confront"]
    ev = do(st, 0, "confront")
    assert st.harpies == -1 and st.allies[cm.HARPIES] == 0 and st.items[cm.HARPIES] == -1
    assert "harpies_defeated" in kinds_of(ev) and "harpies_moved" not in kinds_of(ev)
    # the Harpy messengers: one more card drawn and kept at a library
    st.phase = "production"
    place(st, 0, "libraries-6")
    hand = len(st.hand[0])
    run_frames(st, ("act", 0, T["libraries-6"], True))
    dec = st.decision()
    assert dec.kind == "library_keep" and dec.data["keep"] == 2 and len(dec.data["cards"]) == 2
    assert len(st.hand[0]) == hand


def test_the_harpies_flutter_inward_when_their_tile_sinks():
    st = harpies_ready()
    st.harpies = T["forges-1"]
    ev = run_frames(st, ("destroy", T["forges-1"]))
    assert st.harpies == T["forges-2"] and "harpies_moved" in kinds_of(ev)


# --- Scylla and Charybdis --------------------------------------------------------------------
def sea_ready():
    st = mscenario("scylla")
    st.charybdis = 0
    return st


@pytest.mark.parametrize(("roll", "taken"), [(1, []), (2, [1]), (4, [1]), (5, [1, 0]), (6, [1, 0])])
def test_scylla_snatches_by_the_die_from_the_largest_crew(roll, taken):
    st = sea_ready()
    for q in (0, 1, 1, 2):
        place(st, q, "navy")
    fix_dice(st, roll, 3, 1)  # then Charybdis: forests, hunger 1
    ev = run_frames(st, ("sea",))
    struck = next(e for e in ev if e.kind == "scylla_struck")
    assert struck.data["taken"] == taken and st.captives == taken
    assert len(st.occ[NAVY]) == 4 - len(taken)
    check_monster_invariants(st)


def test_ties_go_from_the_starting_player_and_the_helm_holder_is_spared():
    st = sea_ready()
    st.start = 2
    for q in (0, 1, 2, 3):
        place(st, q, "navy")
    st.items[cm.SCYLLA] = 2
    assert sc.victims(st, 2) == [3, 0]


def test_charybdis_drifts_and_on_hunger_drags_a_tip_unless_calmed():
    st = sea_ready()
    place(st, 1, "hills-1")
    fix_dice(st, 1, 2, 5)  # Scylla misses, hills, hunger 5
    ev = run_frames(st, ("sea",))
    assert st.charybdis == 1 and "charybdis_moved" in kinds_of(ev)
    dec = st.decision()
    assert dec.kind == "charybdis" and dec.data["tile"] == "hills-1" and dec.data["cost"] == 2
    ev = do(st, 0, "accept")
    assert st.flooded[1] == 1 and "charybdis_swallowed" in kinds_of(ev)
    assert st.home[1] == 3  # swept home without acting


def test_calming_charybdis_pools_two_energy():
    st = sea_ready()
    set_energy(st, 0, 1)
    set_energy(st, 1, 1)
    fix_dice(st, 1, 2, 6)
    run_frames(st, ("sea",))
    do(st, 0, "calm")
    assert st.decision().kind == "pool_energy" and "Charybdis" in st.decision().prompt
    do(st, 0, "contribute", amount=1)
    ev = do(st, 1, "contribute", amount=1)
    assert st.flooded[1] == 0 and "charybdis_calmed" in kinds_of(ev)
    assert sum(st.energy) == 2  # two of the four beads were spent


def test_a_hunger_below_the_threshold_only_churns():
    st = sea_ready()
    fix_dice(st, 1, 2, sc.HUNGER - 1)
    run_frames(st, ("sea",))
    assert st.flooded == [0] * 6 and st.decision().kind == "halt"


def test_the_helm_crew_ends_both_monsters_frees_captives_and_gains_the_guardians():
    st = sea_ready()
    st.items[cm.SCYLLA] = 3
    st.captives = [0, 1]
    st.home[0] -= 1
    st.home[1] -= 1
    place(st, 3, "navy")
    place(st, 3, "navy")
    run_frames(st, ("sea",))
    assert st.decision().kind == "sea_confront"
    bonus = st.navy_bonus
    ev = do(st, 3, "confront")
    assert not st.scylla and st.charybdis == -1 and st.allies[cm.SCYLLA] == 3
    assert st.captives == [] and st.home[0] == 3 and st.home[1] == 3
    assert st.navy_bonus == bonus + sc.GUARDIANS and "scylla_defeated" in kinds_of(ev)
    assert "scylla_struck" not in kinds_of(ev)
    check_monster_invariants(st)


def test_helm_costs_its_ore_less_wrath_and_refusals():
    st = sea_ready()
    st.phase = "build"
    st.round = 2
    assert cm.wrath(st) == 1
    cost = cm.ITEMS[cm.ITEM_INDEX["passage_helm"]].base_cost - 1
    give_res(st, 0, ore=cost - 1)
    set_energy(st, 0, 2)  # a conversion keeps the build decision open
    run_frames(st, ("build", 0))
    before = st.fingerprint()
    with pytest.raises(IllegalAction, match=f"costs {cost} ore this round; you have {cost - 1}"):
        do(st, 0, "build_item", item="passage_helm")
    with pytest.raises(IllegalAction, match="only made while its monster"):
        do(st, 0, "build_item", item="mirror_shield")
    assert st.fingerprint() == before


# --- several monsters ------------------------------------------------------------------------
def test_the_starting_player_chooses_the_order_of_several_monsters():
    st = mscenario("medusa,harpies,scylla")
    st.start = 1
    for p in range(4):
        set_energy(st, p, 0)
    run_frames(st, ("monsters",))
    dec = st.decision()
    assert dec.kind == "monster_order" and decider(st) == 1
    assert {a for a in st.legal_actions(1)} == {
        Action.make(1, "choose", monster=m) for m in ("medusa", "harpies", "scylla")
    }
    fix_dice(st, 1, 1, 1, 2, 1, 1)  # scylla misses, charybdis: mountains, hunger 1; ...
    ev = do(st, 1, "choose", monster="scylla")
    assert "scylla_struck" in kinds_of(ev)
    assert st.decision().kind == "monster_order"
    assert {a["monster"] for a in st.legal_actions(1)} == {"medusa", "harpies"}
    with pytest.raises(IllegalAction, match="not a monster still waiting"):
        do(st, 1, "choose", monster="scylla")
