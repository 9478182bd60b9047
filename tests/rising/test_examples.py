"""Every worked example and FAQ answer of the rulebook, as a test."""

from __future__ import annotations

import pytest

from game.core.protocol import Action, IllegalAction
from game.rising.island import NAVY, SECTION_INDEX
from tests.rising.helpers import (
    T,
    do,
    fix_dice,
    give_cards,
    give_res,
    place,
    run_frames,
    scenario,
    set_energy,
    stack_knowledge,
    stack_misfortunes,
)

pytestmark = pytest.mark.usefixtures("halt")  # scenarios end on the test-only halt frame


def test_blue_cannot_put_two_on_a_one_ring_mountains():
    st = scenario(4, phase="place")
    blue = 1  # the Emissary is blue; take their ability away to test the plain rule
    st.lack = True
    run_frames(st, ("place", blue, False))
    do(st, blue, "place", at="mountains-1")
    before = st.fingerprint()
    with pytest.raises(IllegalAction, match="1 ring"):
        do(st, blue, "place", at="mountains-1")
    assert st.fingerprint() == before


def test_green_red_yellow_share_a_forges_tile():
    st = scenario(6, phase="place")
    st.lack = True
    green, red, yellow = 2, 5, 4
    for p in (green, red, yellow):
        run_frames(st, ("place", p, False))
        do(st, p, "place", at="forges-6")  # three rings
    assert sorted(st.occ[T["forges-6"]]) == [2, 4, 5]
    run_frames(st, ("place", 0, False))
    assert Action.make(0, "place", at="forges-6") not in st.legal_actions(0)


def test_orange_rolls_six_and_four_for_one_crystal_then_three_plus_two_energy_for_gold():
    st = scenario(4)
    orange = 3  # no target ability
    place(st, orange, "forests-3")  # target 5
    place(st, orange, "forests-4")  # target 5
    set_energy(st, orange, 0)
    fix_dice(st, 6, 4)
    run_frames(st, ("act", orange, T["forests-3"], True), ("act", orange, T["forests-4"], True))
    assert st.res[orange][2] == 1
    place(st, orange, "hills-5")  # target 5
    set_energy(st, orange, 2)
    fix_dice(st, 3)
    run_frames(st, ("act", orange, T["hills-5"], True))
    assert st.decision().kind == "boost"
    do(st, orange, "boost", amount=2)
    assert st.res[orange][1] == 1 and st.energy[orange] == 0


def test_red_draws_two_keeps_one():
    st = scenario(4)
    red = 0
    place(st, red, "libraries-4")  # draw 2 keep 1
    stack_knowledge(st, "hidden_vein", "heroic_tale")
    run_frames(st, ("act", red, T["libraries-4"], True))
    dec = st.decision()
    assert dec.kind == "library_keep" and dec.data["keep"] == 1
    assert sorted(dec.data["cards"]) == ["heroic_tale", "hidden_vein"]
    discards = len(st.kdiscard)
    do(st, red, "keep", card="heroic_tale")
    assert st.decision().kind == "halt"
    assert [st.hand[red][0]] == [st.hand[red][-1]] and len(st.hand[red]) == 1
    assert len(st.kdiscard) == discards + 1


def test_greens_third_atlantean_on_the_forge_is_wasted():
    st = scenario(4)
    green = 2
    for _ in range(3):
        place(st, green, "forges-6")  # rate 1:1
    give_res(st, green, ore=2)
    events = run_frames(st, *[("act", green, T["forges-6"], True)] * 3)
    assert st.res[green][0] == 0 and st.res[green][3] == 2
    assert [e.kind for e in events].count("forge_idle") == 1


def test_reds_attack_three_plus_eight_against_nine_destroys_two_and_red_wins_the_tie():
    st = scenario(5, phase="attack")
    red = 0
    st.start = red
    st.galley = 8
    navy = {0: 2, 1: 2, 2: 2, 3: 1, 4: 1}
    for p, k in navy.items():
        for i in range(k):
            place(st, p, "navy", courage=(p == 3 and i == 0))
    fix_dice(st, 3)
    events = run_frames(st, ("attack",))
    resolved = next(e for e in events if e.kind == "attack_resolved")
    assert resolved.data == {"attack": 11, "navy": 9, "tiles": 2}
    assert st.decision().kind == "attack_tiles" and st.decision().players == (red,)
    do(st, red, "choose", section="hills")
    do(st, red, "choose", section="hills")
    assert st.flooded[SECTION_INDEX["hills"]] == 2
    assert st.courage[red] == 1 and sum(st.courage) == 1
    assert not st.occ[NAVY] and not st.cour[NAVY]  # token under the Navy Atlantean is lost
    assert st.galley == 9


def test_yellow_courage_on_a_flooding_forge_transmutes_then_loses_the_token():
    st = scenario(4, phase="misfortune")
    yellow = 3
    for p in range(4):
        set_energy(st, p, 0)
    give_res(st, yellow, ore=1)
    place(st, yellow, "forges-1", courage=True)  # bottom-most = the outermost, rate 1:3
    stack_misfortunes(st, "flood_forges")
    supply = st.courage_supply
    events = run_frames(st, ("draw", 0))
    kinds = [e.kind for e in events]
    assert kinds.index("transmuted") < kinds.index("tile_flooded")
    assert st.res[yellow] == [0, 0, 0, 3]
    assert st.courage[yellow] == 0 and st.courage_supply == supply + 1
    assert st.home[yellow] == st.owned_colour[yellow]


def test_barrier_does_not_stop_an_attack_destroyed_libraries_tile():
    st = scenario(4, phase="attack")
    st.barrier[T["libraries-1"]] = True
    st.barrier_supply -= 1
    st.galley = 0
    fix_dice(st, 1)
    run_frames(st, ("attack",))
    do(st, 0, "choose", section="libraries")
    assert st.flooded[SECTION_INDEX["libraries"]] == 1
    assert not st.barrier[T["libraries-1"]] and st.barrier_supply == 6


def test_cities_gone_flood_cities_means_two_other_tiles():
    st = scenario(4, phase="misfortune")
    st.flooded[SECTION_INDEX["cities"]] = 6
    for p in range(4):
        set_energy(st, p, 0)
    stack_misfortunes(st, "flood_cities")
    run_frames(st, ("draw", 1))
    dec = st.decision()
    assert dec.kind == "misfortune_choice" and dec.players == (1,) and dec.data["remaining"] == 2
    do(st, 1, "choose", section="hills")
    do(st, 1, "choose", section="hills")  # one or two sections
    assert st.flooded[SECTION_INDEX["hills"]] == 2


def test_cities_gone_and_not_two_tiles_left_loses():
    st = scenario(4, phase="misfortune")
    st.flooded = [6, 6, 6, 6, 5, 6]
    for p in range(4):
        set_energy(st, p, 0)
    stack_misfortunes(st, "flood_cities")
    events = run_frames(st, ("draw", 1))
    assert st.result == "lost" and events[-1].kind == "game_lost"
    assert st.returns() == [0.0] * 4


def test_ballad_of_bravery_gives_each_two_plus_sailor_one_token_and_no_extra():
    st = scenario(4, phase="attack")
    for p, k in {0: 3, 1: 2, 2: 1}.items():
        for _ in range(k):
            place(st, p, "navy")
    give_cards(st, 2, "ballad_of_bravery")
    st.galley = 0
    fix_dice(st, 1)
    run_frames(st, ("attack",))
    assert st.decision().kind == "card_window" and st.decision().players == (2,)
    do(st, 2, "play", card="ballad_of_bravery")
    assert st.decision().kind == "halt"
    assert st.courage[:3] == [1, 1, 0]


def test_ancestors_gambit_reroll_must_be_accepted_and_may_chain():
    st = scenario(4, phase="attack")
    st.galley = 0
    give_cards(st, 1, "ancestors_gambit", "ancestors_gambit")
    fix_dice(st, 6, 5, 2)
    run_frames(st, ("attack",))
    assert st.die == 6
    do(st, 1, "play", card="ancestors_gambit")
    assert st.die == 5
    do(st, 1, "play", card="ancestors_gambit")
    assert st.die == 2
    assert st.decision().kind == "attack_tiles" and st.decision().data["remaining"] == 2


def test_athenians_press_the_attack_never_passes_the_cap():
    for n, cap in ((2, 5), (3, 8), (4, 12)):
        st = scenario(n, phase="misfortune")
        st.galley = cap
        stack_misfortunes(st, "athenians_press")
        events = run_frames(st, ("draw", 0))
        assert st.galley == cap and any(e.kind == "galley_held" for e in events)
        st.galley = cap - 1
        stack_misfortunes(st, "athenians_press")
        run_frames(st, ("draw", 0))
        assert st.galley == cap


def test_galley_advance_is_capped_by_player_count():
    st = scenario(2, phase="attack")
    st.galley = 5
    for _ in range(3):
        place(st, 0, "navy")
    for _ in range(3):
        place(st, 1, "navy")
    fix_dice(st, 1)
    run_frames(st, ("attack",))
    assert st.galley == 5


def test_lack_of_support_and_untapped_talent():
    st = scenario(4, phase="misfortune")
    explorer, other = 0, 3
    stack_misfortunes(st, "lack_of_support")
    run_frames(st, ("draw", 1))
    assert st.lack and not st.has_ability(explorer, "explorer")
    give_cards(st, other, "untapped_talent")
    st.phase = "production"
    place(st, other, "forests-3")  # target 5
    run_frames(st, ("prod", other))
    do(st, other, "play", card="untapped_talent")
    do(st, other, "choose", councilor="explorer")
    assert st.has_ability(other, "explorer") and st.target(other, T["forests-3"]) == 4
    assert st.target(explorer, T["forests-3"]) == 5  # the explorer's own ability stays silent


def test_hand_limit_play_instead_of_discard():
    st = scenario(4)
    p = 1
    give_cards(st, p, "hidden_vein", "golden_tribute", "crystal_cache", "heroic_tale")
    place(st, p, "libraries-4")
    stack_knowledge(st, "deep_meditation", "alchemists_notes")
    run_frames(st, ("act", p, T["libraries-4"], True))
    do(st, p, "keep", card="deep_meditation")
    dec = st.decision()
    assert dec.kind == "discard" and dec.data["over"] == 1
    assert Action.make(p, "play", card="deep_meditation") in st.legal_actions(p)
    do(st, p, "play", card="deep_meditation")
    assert len(st.hand[p]) == 4 and st.decision().kind == "halt"
    assert st.energy[p] == 1 + 2


def test_double_benefit_gives_the_benefit_twice_and_idempotent_ones_nothing_more():
    st = scenario(4, phase="build", difficulty="easy")
    st.blueprint = (0, 3, 1, 6, 2, 4, 5, 7, 8, 9)  # crystal lens (A3), solar matrix (A1) ...
    st.built = [-1] * 10
    p = 2
    give_res(st, p, gold=4, crystal=1, atl=1)
    give_cards(st, p, "master_artisan", "master_artisan")
    set_energy(st, p, 0)
    run_frames(st, ("build", p))
    do(st, p, "play", card="master_artisan")
    do(st, p, "build", component="crystal_lens")
    assert st.energy[p] == 12  # 6 energy, twice
    # Solar Matrix tops everyone up to 5; a second go changes nothing
    for q in range(4):
        set_energy(st, q, 0)
    q = 3
    give_res(st, q, gold=2, atl=1)
    give_cards(st, q, "master_artisan")
    run_frames(st, ("build", q))
    do(st, q, "play", card="master_artisan")
    do(st, q, "build", component="solar_matrix")
    assert st.energy == [5, 5, 5, 5]


@pytest.mark.parametrize(
    ("mods", "explorer", "base", "expected"),
    [
        ([(-1, 1), (0, -1)], False, 6, 5),  # earthquake (6 stays 6), then atlas -> 5
        ([(0, -1), (-1, 1)], False, 6, 6),  # atlas -> 5, then earthquake -> 6
        ([(0, -1), (0, -1)], True, 2, 2),  # never below 2
        ([(-1, 1), (-1, 1)], False, 5, 6),  # never above 6
        ([], True, 4, 3),  # the explorer applies at the roll
    ],
)
def test_target_numbers_are_clamped_in_the_order_effects_happen(mods, explorer, base, expected):
    st = scenario(4)
    tile = {2: "mountains-1", 4: "mountains-5", 5: "hills-5", 6: "forests-5"}[base]
    st.mods = list(mods)
    st.councilor[0] = 0 if explorer else 3
    st.councilor[3] = 3 if explorer else 0
    assert st.target(0, T[tile]) == expected
