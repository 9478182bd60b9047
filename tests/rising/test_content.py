"""The content tables and every card's and component's effect."""

from __future__ import annotations

import pytest

from game.rising import components as comps
from game.rising import knowledge as know
from game.rising.island import CAP, SECTION_TILES, SECTIONS, VALUE
from game.rising.misfortunes import MISFORTUNES, build_deck
from tests.rising.helpers import T, do, give_cards, give_res, run_frames, scenario, set_energy

pytestmark = pytest.mark.usefixtures("halt")  # scenarios end on the test-only halt frame


def test_counts_match_the_component_list():
    assert len(build_deck()) == 58
    assert len(know.build_deck()) == 40
    assert len(comps.COMPONENTS) == 21
    assert [c.deck for c in comps.COMPONENTS].count("core") == 1
    for letter in "ABCD":
        assert len(comps.deck(letter)) == 5
    assert sum(1 for m in MISFORTUNES if m.is_flood) == 6


def test_island_values_are_best_at_the_tip():
    assert len(CAP) == 36 and all(1 <= c <= 3 for c in CAP)
    for s, key, better in (
        ("mountains", "target", min),
        ("hills", "target", min),
        ("forests", "target", min),
        ("forges", "rate", max),
    ):
        vals = [t[key] for t in SECTION_TILES[s]]
        assert vals[0] == better(vals) and vals[-1] != better(vals)
    assert {t["target"] for t in SECTION_TILES["mountains"]} == {2, 3, 4}
    assert {t["target"] for t in SECTION_TILES["hills"]} == {3, 4, 5}
    assert {t["target"] for t in SECTION_TILES["forests"]} == {4, 5, 6}
    assert {t["rate"] for t in SECTION_TILES["forges"]} == {1, 2, 3}
    assert {t["ratio"] for t in SECTION_TILES["cities"]} == {1, 2, 3}
    assert all(
        VALUE[T["cities-" + str(i)]]["cap"] >= VALUE[T["cities-" + str(i)]]["ratio"]
        for i in range(1, 7)
    )
    assert SECTIONS == ("mountains", "hills", "forests", "forges", "libraries", "cities")


def test_component_costs_rise_from_deck_a_to_d():
    avg = {d: sum(sum(comps.COMPONENTS[i].cost) for i in comps.deck(d)) / 5 for d in "ABCD"}
    assert avg["A"] < avg["B"] < avg["C"] < avg["D"]
    assert all(sum(c.cost) >= 2 for c in comps.COMPONENTS)


def _play(st, p, key):
    give_cards(st, p, key)
    run_frames(st, ("start", p))
    return do(st, p, "play", card=key)


@pytest.mark.parametrize(
    ("key", "res"),
    [("hidden_vein", 0), ("golden_tribute", 1), ("crystal_cache", 2), ("alchemists_notes", 3)],
)
def test_resource_cards(key, res):
    st = scenario(4, phase="start")
    _play(st, 0, key)
    assert st.res[0][res] == 2


def test_meditation_and_heroic_tale():
    st = scenario(4, phase="start")
    _play(st, 0, "deep_meditation")
    assert st.energy[0] == 3
    _play(st, 0, "heroic_tale")
    assert st.courage[0] == 1


def test_science_of_shielding_places_a_barrier():
    st = scenario(4, phase="start")
    _play(st, 0, "science_of_shielding")
    assert st.decision().kind == "place_barrier"
    do(st, 0, "choose", at="forges-1")
    assert st.barrier[T["forges-1"]] and st.barrier_supply == 5


def test_science_of_shielding_after_the_flood_it_reacts_to():
    st = scenario(4, phase="misfortune")
    from tests.rising.helpers import stack_misfortunes

    for p in range(4):
        set_energy(st, p, 0)
    give_cards(st, 1, "science_of_shielding")
    stack_misfortunes(st, "flood_forges")
    run_frames(st, ("draw", 0), ("mwin", 0))
    assert st.flooded[3] == 1  # the flood already happened
    assert st.decision().kind == "card_window" and st.decision().players == (1,)
    do(st, 1, "play", card="science_of_shielding")
    do(st, 1, "choose", at="forges-2")
    assert st.barrier[T["forges-2"]]


def test_rites_of_renewal_raises_the_innermost_sunken_tile():
    st = scenario(4, phase="start")
    st.flooded[1] = 3
    _play(st, 0, "rites_of_renewal")
    do(st, 0, "choose", section="hills")
    assert st.flooded[1] == 2


def test_merchant_caravan_hands_resources_over():
    st = scenario(4, phase="start")
    give_res(st, 0, gold=3)
    _play(st, 0, "merchant_caravan")
    do(st, 0, "give", to=2, resource="gold")
    assert st.res[0][1] == 1 and st.res[2][1] == 2


def test_ancient_atlas_lowers_own_targets():
    st = scenario(4, phase="start")
    _play(st, 3, "ancient_atlas")
    assert st.target(3, T["hills-3"]) == 3 and st.target(1, T["hills-3"]) == 4


def test_attack_cards_are_only_offered_in_the_attack_window():
    st = scenario(4, phase="start")
    give_cards(st, 0, "ancestors_gambit", "ballad_of_bravery", "call_to_arms")
    run_frames(st, ("start", 0))
    assert st.decision().kind != "start_of_turn" or all(
        a.kind != "play" for a in st.legal_actions(0)
    )


@pytest.mark.parametrize("ci", range(len(comps.COMPONENTS)))
def test_every_component_can_be_built_and_grants_its_benefit(ci):
    st = scenario(4, phase="build")
    st.blueprint = (ci, *[c for c in range(21) if c != ci][:9])
    st.built = [-1] * 10
    st.flooded = [2, 2, 0, 0, 0, 0]
    st.galley = 5
    for p in range(4):
        set_energy(st, p, 0)
    give_res(st, 1, *comps.COMPONENTS[ci].cost)
    run_frames(st, ("build", 1))
    events = do(st, 1, "build", component=comps.COMPONENTS[ci].key)
    # answer any follow-up choice with its first option
    while st.decision().kind != "halt":
        p = st.decision().players[0]
        events += st.apply(st.legal_actions(p)[0])
    effect = comps.COMPONENTS[ci].benefit[0][0]
    kinds = {e.kind for e in events}
    expected = {
        "energy": "energy_gained",
        "energy_each": "energy_gained",
        "energy_floor": "energy_gained",
        "courage": "courage_awarded",
        "courage_each": "courage_awarded",
        "barrier": "barrier_placed",
        "draw": "card_drawn",
        "draw_each": "card_drawn",
        "galley_reset": "galley_moved",
        "galley_back": "galley_moved",
        "unflip": "tile_restored",
        "recruit": "atlantean_gained",
        "resource": "resource_gained",
    }
    if effect == "watchtower":
        assert st.watch[1]
    else:
        assert expected[effect] in kinds, (comps.COMPONENTS[ci].key, kinds)
    assert "component_built" in kinds and st.built[0] == 1
