"""One test per rule of the base game (setup, phases, misfortunes, production, attack, build)."""

from __future__ import annotations

import pytest

from game.core.protocol import Action, IllegalAction
from game.rising import components as comps
from game.rising.island import CENTRE, NAVY, SECTION_INDEX, SECTIONS, flood_order
from tests.rising.helpers import (
    T,
    decider,
    do,
    fix_dice,
    fresh,
    give_cards,
    give_res,
    place,
    run_frames,
    scenario,
    set_energy,
    stack_misfortunes,
)

pytestmark = pytest.mark.usefixtures("halt")  # scenarios end on the test-only halt frame


# --- setup ------------------------------------------------------------------------------------
@pytest.mark.parametrize("n", range(2, 7))
def test_setup(n):
    st = fresh(n)
    assert st.home == [3] * n and st.energy == [1] * n and st.energy_supply == 24 - n
    assert len(st.blueprint) == 10 and st.blueprint[0] == comps.POWER_CORE
    assert len(st.mdeck) == 58 and len(st.kdeck) == 40
    assert st.galley == 0 and st.cap == {2: 5, 3: 8}.get(n, 12)
    if n == 6:  # the Champion may rally at once
        assert st.decision().kind == "start_of_turn" and decider(st) == 5
    else:
        assert st.decision().kind == "place" and decider(st) == 0


@pytest.mark.parametrize("difficulty", ["easy", "normal", "hard", "cosmic"])
def test_difficulty_picks_three_from_each_deck(difficulty):
    st = fresh(4, difficulty=difficulty)
    decks = [comps.COMPONENTS[c].deck for c in st.blueprint[1:]]
    for letter in comps.DIFFICULTY_DECKS[difficulty]:
        assert decks.count(letter) == 3


def test_no_energy_start_option():
    st = fresh(3, energy_start="no")
    assert st.energy == [0, 0, 0] and st.energy_supply == 24


# --- placement --------------------------------------------------------------------------------
def test_every_atlantean_must_be_placed_one_at_a_time_in_turn_order():
    st = fresh(3)
    assert "done" not in {a.kind for a in st.legal_actions(0)}
    for p in (0, 1, 2):
        for _ in range(3):
            assert decider(st) == p
            do(st, p, "place", at="centre")
    assert st.phase != "place"


def test_centre_and_navy_take_any_number_and_sunk_tiles_none():
    st = scenario(2, phase="place")
    st.lack = True
    st.flooded[0] = 1
    st.home[0] = 6
    run_frames(st, ("place", 0, False))
    for _ in range(3):
        do(st, 0, "place", at="centre")
        do(st, 0, "place", at="navy")
    assert len(st.occ[CENTRE]) == 3 and len(st.occ[NAVY]) == 3
    st.home[0] = 1
    run_frames(st, ("place", 0, False))
    with pytest.raises(IllegalAction, match="sunk"):
        do(st, 0, "place", at="mountains-1")


def test_emissary_may_squeeze_one_atlantean_onto_a_full_tile():
    st = scenario(4, phase="place")
    emissary = 1
    place(st, 0, "hills-1")
    run_frames(st, ("place", emissary, False))
    do(st, emissary, "place", at="hills-1")
    assert st.occ[T["hills-1"]] == [0, 1]
    with pytest.raises(IllegalAction, match="taken"):
        do(st, emissary, "place", at="hills-3" if False else "hills-1")


def test_libram_of_unity_and_watchtower_allow_extra_placements():
    st = scenario(4, phase="place")
    p = 3
    give_cards(st, p, "libram_of_unity")
    st.watch[p] = True
    place(st, 0, "hills-1")
    place(st, 0, "hills-3")
    run_frames(st, ("place", p, False))
    do(st, p, "play", card="libram_of_unity")
    do(st, p, "place", at="hills-1")
    do(st, p, "place", at="hills-3")
    assert st.extra_allowance(p) == 0
    assert Action.make(p, "place", at="mountains-1") in st.legal_actions(p)


def test_courage_token_placement_needs_a_token_and_not_the_centre():
    st = scenario(4, phase="place")
    run_frames(st, ("place", 3, False))
    with pytest.raises(IllegalAction, match="no courage"):
        do(st, 3, "place", at="navy", courage=True)
    st.courage[3] = 1
    st.courage_supply -= 1
    with pytest.raises(IllegalAction, match="Mystic Power Source"):
        do(st, 3, "place", at="centre", courage=True)
    do(st, 3, "place", at="forges-1", courage=True)
    assert st.cour[T["forges-1"]] == [3] and st.courage[3] == 0


def test_scholar_holds_atlanteans_for_late_placement_after_crisis_of_faith():
    st = scenario(4, phase="place")
    scholar = 2
    run_frames(st, ("place", scholar, False))
    for _ in range(3):
        do(st, scholar, "hold")
    assert st.held[scholar] == 3 and st.home[scholar] == 0
    stack_misfortunes(st, "crisis_of_faith", "panic")
    place(st, 0, "hills-2")
    run_frames(st, ("draw", 0), ("draw", 1))
    do(st, 1, "choose", section="hills")  # Panic! cannot touch Atlanteans not yet placed
    assert st.crisis and st.held[scholar] == 3
    run_frames(st, ("phase", "late"), ("place", scholar, True), ("prod", scholar))
    assert st.decision().kind == "late_place"
    for _ in range(3):
        do(st, scholar, "place", at="centre")
    assert st.energy[scholar] == 1 and st.home[scholar] == 3  # Crisis of Faith still holds


# --- misfortunes ------------------------------------------------------------------------------
def test_each_player_draws_one_misfortune_from_the_starting_player_clockwise():
    st = fresh(4)
    st.start = 2
    st.stack.clear()
    st.phase = "misfortune"
    # four cards that ask nothing of anyone (the deck holds a single Calm Seas)
    stack_misfortunes(st, "calm_seas", "earthquake", "lack_of_support", "crisis_of_faith")
    events = run_frames(st, *[f for p in st.order(2) for f in (("draw", p), ("mwin", p))])
    drawers = [e.data["player"] for e in events if e.kind == "misfortune_drawn"]
    assert drawers == [2, 3, 0, 1]


def test_flood_takes_the_tip_first_and_sends_atlanteans_home_without_acting():
    st = scenario(4, phase="misfortune")
    for p in range(4):
        set_energy(st, p, 0)
    place(st, 1, "mountains-1")
    place(st, 2, "mountains-2")
    stack_misfortunes(st, "flood_mountains", "flood_mountains")
    events = run_frames(st, ("draw", 0), ("draw", 1))
    flooded = [e.data["tile"] for e in events if e.kind == "tile_flooded"]
    assert flooded == ["mountains-1", "mountains-2"]
    assert st.home[1] == 3 and st.home[2] == 3 and st.res[1] == [0, 0, 0, 0]
    assert flood_order(st.flooded)[0] == T["mountains-3"]


def test_basic_flood_cancelled_by_pooled_energy():
    st = scenario(4, phase="misfortune")
    stack_misfortunes(st, "flood_hills")
    set_energy(st, 0, 1)
    set_energy(st, 1, 0)
    set_energy(st, 2, 2)
    set_energy(st, 3, 5)
    run_frames(st, ("draw", 0))
    assert st.decision().kind == "flood_response"
    do(st, 0, "cancel")
    do(st, 0, "contribute", amount=1)
    assert decider(st) == 2  # seat 1 has no energy and is skipped
    with pytest.raises(IllegalAction, match="only 2 mystic"):
        do(st, 2, "contribute", amount=3)
    do(st, 2, "contribute", amount=2)
    assert st.flooded[1] == 0 and st.energy == [0, 0, 0, 5] and st.decision().kind == "halt"


def test_pool_that_falls_short_is_refunded_and_the_flood_happens():
    st = scenario(3, phase="misfortune")
    stack_misfortunes(st, "flood_hills")
    for p, k in enumerate((1, 1, 1)):
        set_energy(st, p, k)
    run_frames(st, ("draw", 0))
    do(st, 0, "cancel")
    do(st, 0, "contribute", amount=1)
    do(st, 1, "contribute", amount=0)
    do(st, 2, "contribute", amount=1)
    assert st.energy == [1, 1, 1] and st.flooded[1] == 1


def test_barrier_stops_a_basic_flood_but_not_a_controlled_flood():
    st = scenario(4, phase="misfortune")
    for p in range(4):
        set_energy(st, p, 0)
    st.barrier[T["forests-1"]] = True
    st.barrier_supply -= 1
    stack_misfortunes(st, "flood_forests")
    run_frames(st, ("draw", 0))
    assert st.flooded[2] == 0 and not st.barrier[T["forests-1"]]
    st.barrier[T["forests-1"]] = True
    st.barrier_supply -= 1
    stack_misfortunes(st, "controlled_flood")
    run_frames(st, ("draw", 0))
    assert st.decision().kind == "misfortune_choice"
    assert "flood_response" != st.decision().kind
    do(st, 0, "choose", section="forests")
    assert st.flooded[2] == 1 and st.barrier_supply == 6


def test_calm_seas_does_nothing_and_spur_the_cycle_reshuffles():
    st = scenario(4, phase="misfortune")
    before = list(st.flooded)
    stack_misfortunes(st, "calm_seas")
    run_frames(st, ("draw", 0))
    assert st.flooded == before
    stack_misfortunes(st, "spur_the_cycle")
    st.mdiscard.extend(st.mdeck[:10])
    del st.mdeck[:10]
    run_frames(st, ("draw", 0))
    assert len(st.mdeck) == 58 and st.mdiscard == []


def test_panic_sends_a_section_home_and_returns_courage():
    st = scenario(4, phase="misfortune")
    place(st, 0, "hills-1", courage=True)
    st.courage_supply += 0
    place(st, 1, "hills-2")
    place(st, 2, "navy")
    stack_misfortunes(st, "panic")
    run_frames(st, ("draw", 0))
    do(st, 0, "choose", section="hills")
    assert not st.occ[T["hills-1"]] and st.courage[0] == 1 and st.occ[NAVY] == [2]


def test_plague_sends_a_tile_home_and_costs_big_families_an_atlantean():
    st = scenario(4, phase="misfortune")
    st.recruit(1, 1)  # four Atlanteans
    place(st, 0, "mountains-2")
    place(st, 1, "mountains-2")
    stack_misfortunes(st, "plague")
    run_frames(st, ("draw", 0))
    assert st.legal_actions(0) == [Action.make(0, "choose", at="mountains-2")]
    do(st, 0, "choose", at="mountains-2")
    assert st.atlanteans(0) == 3 and st.atlanteans(1) == 3 and st.home[1] == 3


def test_panic_and_plague_without_placed_atlanteans_do_nothing():
    st = scenario(4, phase="misfortune")
    stack_misfortunes(st, "panic", "plague")
    events = run_frames(st, ("draw", 0), ("draw", 1))
    assert [e.kind for e in events].count("no_effect") == 2


def test_earthquake_raises_targets_this_turn_only():
    st = scenario(4, phase="misfortune")
    stack_misfortunes(st, "earthquake")
    run_frames(st, ("draw", 0))
    assert st.target(3, T["mountains-1"]) == 3
    st._reset_turn()
    assert st.target(3, T["mountains-1"]) == 2


# --- production -------------------------------------------------------------------------------
def test_productive_actions_in_any_order_and_all_return_home():
    st = scenario(4)
    p = 3
    place(st, p, "mountains-2")
    place(st, p, "forges-1")
    place(st, p, "centre")
    fix_dice(st, 6)
    run_frames(st, ("prod", p), ("prod_end",))
    produce = {a["at"] for a in st.legal_actions(p) if a.kind == "produce"}
    assert produce == {"mountains-2", "forges-1", "centre"}
    do(st, p, "produce", at="mountains-2")
    do(st, p, "produce", at="forges-1")  # the new ore is forged at 1:3
    assert st.res[p] == [0, 0, 0, 3]
    assert st.decision().kind == "halt"  # the centre was the only spot left: it acts by itself
    assert st.home[p] == 3 and st.energy[p] == 1 + 1 + 1  # seat 3 is the Priest


def test_fast_play_resolves_without_ordering_prompts():
    st = scenario(4, fast="yes")
    p = 3
    place(st, p, "forges-1")
    place(st, p, "mountains-2")
    place(st, p, "centre")
    fix_dice(st, 6)
    run_frames(st, ("auto_prod", p))
    assert st.res[p] == [0, 0, 0, 3] and st.decision().kind == "halt"


def test_boost_is_offered_only_when_affordable():
    st = scenario(4)
    place(st, 3, "forests-5")  # target 6
    set_energy(st, 3, 1)
    fix_dice(st, 4)
    events = run_frames(st, ("act", 3, T["forests-5"], True))
    assert st.decision().kind == "halt" and events[-1].kind == "production_failed"


def test_cities_only_when_one_player_fills_the_tile():
    st = scenario(4)
    place(st, 0, "cities-3")
    place(st, 1, "cities-3")
    run_frames(st, ("act", 0, T["cities-3"], True), ("act", 1, T["cities-3"], True))
    assert st.atlanteans(0) == 3 and st.atlanteans(1) == 3
    place(st, 2, "cities-5")
    place(st, 2, "cities-5")
    place(st, 2, "cities-5")
    run_frames(st, ("act", 2, T["cities-5"], True))
    assert st.atlanteans(2) == 4 and st.home[2] == 4


def test_recruits_come_from_the_colour_then_grey():
    st = scenario(2)
    st.recruit(0, 5)
    assert st.owned_colour[0] == 6 and st.owned_grey[0] == 2 and st.grey_supply == 2


def test_centre_gives_energy_and_the_priest_one_more_once():
    st = scenario(4)
    place(st, 3, "centre")
    place(st, 3, "centre")
    place(st, 0, "centre")
    run_frames(st, ("act", 3, CENTRE, True), ("act", 0, CENTRE, True))
    assert st.energy[3] == 1 + 3 and st.energy[0] == 1 + 1


def test_atlanteans_in_the_navy_stay_until_the_attack_is_over():
    st = scenario(4)
    place(st, 0, "navy")
    run_frames(st, ("prod", 0), ("prod_end",))
    assert st.occ[NAVY] == [0]


# --- the attack -------------------------------------------------------------------------------
def test_strong_navy_beats_the_attack_and_courage_needs_two():
    st = scenario(4, phase="attack")
    place(st, 0, "navy")
    for _ in range(3):
        place(st, 1, "navy")
    st.galley = 0
    fix_dice(st, 4)
    run_frames(st, ("attack",))
    assert sum(st.flooded) == 0 and st.courage[1] == 1 and st.galley == 1
    st2 = scenario(4, phase="attack")
    place(st2, 0, "navy")
    fix_dice(st2, 1)
    run_frames(st2, ("attack",))
    assert sum(st2.courage) == 0


def test_courage_token_in_the_navy_counts_double_but_not_for_the_award():
    st = scenario(4, phase="attack")
    st.start = 0
    place(st, 0, "navy")
    place(st, 0, "navy")
    place(st, 1, "navy", courage=True)
    place(st, 1, "navy")
    place(st, 1, "navy")
    st.galley = 0
    fix_dice(st, 6)
    events = run_frames(st, ("attack",))
    assert next(e for e in events if e.kind == "attack_resolved").data["navy"] == 6
    assert st.courage[1] == 1 and st.courage[0] == 0


def test_call_to_arms_adds_to_the_navy():
    st = scenario(4, phase="attack")
    give_cards(st, 0, "call_to_arms")
    st.galley = 0
    fix_dice(st, 2)
    run_frames(st, ("attack",))
    do(st, 0, "play", card="call_to_arms")
    assert sum(st.flooded) == 0


def test_attack_with_no_island_left_sinks_the_centre():
    st = scenario(4, phase="attack")
    st.flooded = [6, 6, 6, 6, 6, 5]
    st.galley = 3
    fix_dice(st, 1)
    run_frames(st, ("attack",))
    do(st, 0, "choose", section="cities")
    assert st.result == "lost"


# --- building, rotation, winning ------------------------------------------------------------
def test_build_one_component_per_turn_paying_its_cost():
    st = scenario(4, phase="build")
    p = 1
    ci = st.blueprint[0]
    give_res(st, p, ore=5, gold=5, crystal=5, atl=5)
    run_frames(st, ("build", p))
    with pytest.raises(IllegalAction, match="not in this game's blueprint|cannot pay|no component"):
        do(st, p, "build", component="no_such_thing")
    do(st, p, "build", component=comps.COMPONENTS[ci].key)
    assert st.built[0] == p and st.decision().kind == "halt"
    assert st.res[p] == [5 - c for c in comps.COMPONENTS[ci].cost]


def test_unaffordable_build_is_refused_clearly():
    st = scenario(4, phase="build")
    give_res(st, 1, ore=1)
    set_energy(st, 1, 2)
    run_frames(st, ("build", 1))
    before = st.fingerprint()
    with pytest.raises(IllegalAction, match="cannot pay"):
        do(st, 1, "build", component="power_core")
    assert st.fingerprint() == before


def test_artificer_waives_one_unit_but_never_everything():
    st = scenario(5, phase="build")
    artificer = 4
    ci = st.blueprint[0]  # power core: gold, crystal, 3 atlantium
    give_res(st, artificer, crystal=1, atl=3)
    run_frames(st, ("build", artificer))
    opts = {a.get("waive") for a in st.legal_actions(artificer) if a.kind == "build"}
    assert "gold" in opts
    do(st, artificer, "build", component=comps.COMPONENTS[ci].key, waive="gold")
    assert st.res[artificer] == [0, 0, 0, 0]
    one = [c for c in comps.COMPONENTS if sum(c.cost) == 1]
    assert not one  # every component needs at least one resource even after the waiver


def test_starting_player_rotates_each_turn():
    st = fresh(3)
    rounds = {}
    while st.round < 4 and st.result is None:
        rounds[st.round] = st.start
        p = decider(st)
        st.apply(st.legal_actions(p)[-1])
    assert rounds[1] == 0 and rounds[2] == 1 and rounds[3] == 2


def test_building_the_tenth_component_wins():
    st = scenario(4, phase="build")
    st.built = [0] * 9 + [-1]
    ci = st.blueprint[9]
    give_res(st, 2, *comps.COMPONENTS[ci].cost)
    run_frames(st, ("build", 2))
    events = do(st, 2, "build", component=comps.COMPONENTS[ci].key)
    assert st.result == "won" and st.decision() is None and events[-1].kind == "game_won"
    assert st.returns() == [1.0] * 4


# --- mystic energy ----------------------------------------------------------------------------
def test_convert_costs_two_energy_and_one_resource():
    st = scenario(4, phase="start")
    give_res(st, 0, ore=1)
    set_energy(st, 0, 2)
    run_frames(st, ("start", 0))
    do(st, 0, "convert", give="ore", take="crystal")
    assert st.res[0] == [0, 0, 1, 0] and st.energy[0] == 0


def test_unflip_needs_five_pooled_energy():
    st = scenario(3, phase="start")
    st.flooded[SECTION_INDEX["forges"]] = 2
    for p, k in enumerate((2, 2, 1)):
        set_energy(st, p, k)
    run_frames(st, ("start", 1))
    do(st, 1, "unflip", section="forges")
    do(st, 1, "contribute", amount=2)
    do(st, 2, "contribute", amount=1)
    do(st, 0, "contribute", amount=2)
    assert st.flooded[SECTION_INDEX["forges"]] == 1 and st.energy == [0, 0, 0]


def test_champion_turns_energy_into_courage_once_per_turn():
    st = scenario(6, phase="start")
    champion = 5
    set_energy(st, champion, 3)
    run_frames(st, ("start", champion))
    do(st, champion, "ability")
    assert st.courage[champion] == 1 and st.energy[champion] == 2
    assert Action.make(champion, "ability") not in st.legal_actions(champion)


def test_councilor_abilities_are_data_the_engine_asks_for_by_key():
    from game.rising.councilors import ABILITIES, COUNCILOR_INDEX, COUNCILORS

    assert [c.ability.key for c in COUNCILORS] == [c.key for c in COUNCILORS]
    assert ABILITIES["explorer"].amount == 1
    assert ABILITIES["explorer"].sections == ("mountains", "hills", "forests")
    assert ABILITIES["emissary"].amount == 1 and ABILITIES["priest"].amount == 1
    assert ABILITIES["artificer"].amount == comps.WAIVED == 1
    assert (ABILITIES["champion"].cost, ABILITIES["champion"].amount) == (1, 1)
    st = fresh(6)
    assert st.councilor == list(range(6))  # a game (and its save) stores councilors by index
    for key, i in COUNCILOR_INDEX.items():
        assert [st.has_ability(p, key) for p in range(6)] == [p == i for p in range(6)]
    with pytest.raises(KeyError):
        st.has_ability(0, 3)  # an index is not an ability's key
    st.talent[0] = COUNCILOR_INDEX["priest"]  # Untapped Talent lends the Priest's ability
    assert st.has_ability(0, "priest") and st.has_ability(0, "explorer")


@pytest.mark.parametrize("section", SECTIONS)
def test_flood_cards_exist_for_every_section(section):
    from game.rising.misfortunes import MISFORTUNE_INDEX, MISFORTUNES

    assert MISFORTUNES[MISFORTUNE_INDEX[f"flood_{section}"]].is_flood
