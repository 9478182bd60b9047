"""Every captain, on the hand-made map ``SIX`` (see helpers), from D4 unless a test says."""

from __future__ import annotations

from game.finding.cards import CAPTAINS, hand_cards
from game.finding.effects import CAPTAIN_EFFECTS
from game.finding.facts import no_trace, trace
from tests.finding.helpers import act, c, kinds, table

S, D, E = "seamount", "deep", "edge"


def _reading(events, kind):
    (e,) = [e for e in events if e.kind == kind]
    assert e.to is None and "cell" not in e.data
    return e.data["result"]


def test_there_are_eight_captains_each_with_an_effect_and_a_text():
    assert len(CAPTAINS) == 8
    assert {c.key for c in CAPTAINS} == set(CAPTAIN_EFFECTS)
    assert "Navy Captain" in {c.name for c in CAPTAINS}
    assert all(len(c.text) > 30 for c in CAPTAINS)


def test_playing_a_captain_costs_an_action_shows_who_it_is_and_discards_it():
    st = table(captains=("navy", "diver"))
    events = act(st, "captain", name="navy", line="N-S")
    assert st.acts == 1 and not st.cap_ready[0] and st.shown[0]
    (e,) = [e for e in events if e.kind == "captain_shown"]
    assert e.to is None and e.data["captain"] == "navy"
    assert st.view(1).captain[0] == "navy"
    assert not [a for a in st.legal_actions(0) if a.kind == "captain"]


def test_navy_captain_gives_the_distance_to_the_nearest_trace_each_way_along_a_line():
    st = table(captains=("navy", "diver"))
    assert _reading(act(st, "captain", name="navy", line="N-S"), "navy") == (0, 1)
    facts = st.located_facts(0)
    for cell in (c(3, 2), c(3, 1), c(3, 0)):
        assert no_trace(cell) in facts
    assert trace(c(3, 4)) in facts
    st2 = table(captains=("navy", "diver"))
    assert _reading(act(st2, "captain", name="navy", line="E-W"), "navy") == (0, 3)
    assert trace(c(0, 3)) in st2.located_facts(0) and no_trace(c(1, 3)) in st2.located_facts(0)


def test_hydrographer_sweeps_nine_spaces_centred_two_away():
    st = table(captains=("hydrographer", "diver"))
    got = _reading(act(st, "captain", name="hydrographer", direction="N"), "hydrographer")
    assert got == (S, D, D, S, S, S, S, S, S)  # centre D2, then N, NE, ... NW of it
    st2 = table(pos=(c(0, 5), c(3, 3)), captains=("hydrographer", "diver"))
    got = _reading(act(st2, "captain", name="hydrographer", direction="S"), "hydrographer")
    assert got == (E,) * 9  # the whole block lies beyond the southern edge
    st3 = table(pos=(c(1, 1), c(3, 3)), captains=("hydrographer", "diver"))
    got = _reading(act(st3, "captain", name="hydrographer", direction="N"), "hydrographer")
    assert got == (E, E, E, E, S, S, S, E, E)  # only A1 B1 C1 of the block are on the map


def test_smuggler_is_a_free_step_whose_direction_the_table_hears():
    st = table(captains=("smuggler", "diver"))
    events = act(st, "captain", name="smuggler", direction="W")
    assert st.pos[0] == c(2, 3) and st.acts == 2
    public = [e for e in events if e.to is None]
    assert any("Smuggler slips one space W" in e.text for e in public)
    assert st.possible_positions(1, 0) == frozenset({c(2, 3)})


def test_diver_looks_beneath_the_next_space_without_taking_its_artifact():
    st = table(pos=(c(4, 3), c(0, 5)), captains=("diver", "navy"))
    assert _reading(act(st, "captain", name="diver", direction="N"), "diver") == ("artifact",)
    assert st.arts[0] == () and st.recovered == [] and st.monsters == []
    assert st.pos[0] == c(4, 3)
    st2 = table(pos=(c(5, 3), c(0, 5)), captains=("diver", "navy"))
    assert _reading(act(st2, "captain", name="diver", direction="E"), "diver") == (E,)


def test_phantom_refills_the_hand_but_shows_only_a_row_or_a_column():
    st = table(captains=("phantom", "navy"))
    act(st, "sonar")
    act(st, "silent", direction="N")  # now at D3, row 3 (index 2)
    act(st, "sonar", player=1)
    act(st, "explore", player=1)
    before = st.possible_positions(1, 0)
    events = act(st, "captain", name="phantom", reveal="column")
    (e,) = [e for e in events if e.kind == "phantom"]
    assert e.to is None and e.data["value"] == 3 and "cell" not in e.data
    assert st.hand[0] == hand_cards(False)
    assert not st.cap_ready[0]  # the Phantom stays played until a real Surface
    assert st.possible_positions(1, 0) == frozenset(x for x in before if x % 6 == 3)
    assert st.possible_positions(1, 0) == frozenset({c(3, 2), c(3, 4)})


def test_archaeologist_counts_the_traces_in_the_nine_spaces_around():
    st = table(captains=("archaeologist", "navy"))
    assert _reading(act(st, "captain", name="archaeologist"), "archaeologist") == (2,)
    st2 = table(pos=(c(0, 0), c(3, 3)), captains=("archaeologist", "navy"))
    assert _reading(act(st2, "captain", name="archaeologist"), "archaeologist") == (3,)


def test_engineer_moves_up_to_three_in_one_secret_direction_and_the_edge_stops_it():
    st = table(captains=("engineer", "navy"))
    events = act(st, "captain", name="engineer", direction="E", distance=3)
    assert st.pos[0] == c(5, 3)
    (mine,) = [e for e in events if e.kind == "my_move"]
    assert mine.to == (0,) and mine.data["moved"] == 2
    (move,) = [e for e in events if e.kind == "move"]
    assert "distance" not in move.data and "direction" not in move.data
    assert st.possible_positions(1, 0) >= {c(3, 0), c(3, 5), c(0, 3), c(5, 3), c(3, 3) + 1}
    assert len({a["distance"] for a in st.legal_actions(1) if a.kind == "captain"}) <= 3


def test_surveyor_reports_trace_or_nothing_on_the_four_sides():
    st = table(captains=("surveyor", "navy"))
    got = _reading(act(st, "captain", name="surveyor"), "surveyor")
    assert got == ("nothing", "nothing", "trace", "nothing")  # N, E, S (D5), W


def test_a_captain_can_be_burned_and_comes_back_on_surfacing():
    st = table(captains=("surveyor", "navy"))
    events = act(st, "burn", card="captain", direction="N")
    assert "captain_shown" in kinds(events) and not st.cap_ready[0]
    act(st, "surface")
    assert st.cap_ready[0]
