"""Every artifact: drawn in private, used once, then kept face up in front of its owner."""

from __future__ import annotations

from game.finding.cards import ARTIFACTS, hand_cards
from game.finding.effects import ARTIFACT_EFFECTS
from game.finding.facts import CellIs, exactly
from game.finding.readings import NOT_ATLANTIS
from tests.finding.helpers import act, c, table

S, D, E = "seamount", "deep", "edge"


def _with(name, **kw):
    st = table(**kw)
    st.arts[0] = (name,)
    st.deck.remove(name)
    return st


def _reading(events, kind):
    (e,) = [e for e in events if e.kind == kind]
    assert e.to is None and "cell" not in e.data
    return e.data["result"]


def test_there_are_ten_artifacts_each_with_an_effect():
    assert len(ARTIFACTS) == 10 and {a.key for a in ARTIFACTS} == set(ARTIFACT_EFFECTS)
    assert "Seed of Youth" in {a.name for a in ARTIFACTS}


def test_a_used_artifact_lies_face_up_in_front_of_its_owner_and_cannot_be_used_again():
    st = _with("trident")
    events = act(st, "artifact", name="trident")
    assert st.arts[0] == () and st.used[0] == ("trident",)
    (e,) = [e for e in events if e.kind == "artifact_used"]
    assert e.to is None and e.data["name"] == "trident"
    assert not [a for a in st.legal_actions(0) if a.kind == "artifact"]


def test_another_seat_sees_how_many_artifacts_you_hold_but_not_which():
    st = _with("atlas")
    v = st.view(1)
    assert v.arts[0] == ("?",) and v.view(1).arts[0] == ("?",)


def test_seed_of_youth_is_free_and_refills_the_hand_without_surfacing():
    st = _with("seed", captains=("navy", "diver"))
    act(st, "sonar")
    act(st, "captain", name="navy", line="N-S")
    act(st, "sonar", player=1)
    act(st, "explore", player=1)
    events = act(st, "artifact", name="seed")
    assert st.acts == 2 and st.hand[0] == hand_cards(False) and st.cap_ready[0]
    assert all("cell" not in e.data for e in events)
    assert len(st.possible_positions(1, 0)) == 1  # still where the start left it, not surfaced
    assert not [e for e in st.log if e.kind == "surface"]


def test_sunstone_counts_atlantis_in_your_row_and_your_column():
    st = _with("sunstone", pos=(c(1, 1), c(3, 3)))
    assert _reading(act(st, "artifact", name="sunstone"), "sunstone") == (2, 2)
    st2 = _with("sunstone", pos=(c(3, 3), c(1, 1)))
    assert _reading(act(st2, "artifact", name="sunstone"), "sunstone") == (0, 0)


def test_trident_reports_trace_or_nothing_all_around():
    st = _with("trident")
    got = _reading(act(st, "artifact", name="trident"), "trident")
    n = "nothing"
    assert got == (n, "trace", n, n, "trace", n, n, n)


def test_tidal_pearl_jumps_in_secret_to_any_space_within_two():
    st = _with("pearl", pos=(c(0, 0), c(3, 3)))
    jumps = {(a["dx"], a["dy"]) for a in st.legal_actions(0) if a.kind == "artifact"}
    assert jumps == {(1, 0), (2, 0), (0, 1), (1, 1), (2, 1), (0, 2), (1, 2), (2, 2)}
    events = act(st, "artifact", name="pearl", dx=2, dy=1)
    assert st.pos[0] == c(2, 1)
    assert all("dx" not in e.data and "cell" not in e.data for e in events if e.to is None)
    assert st.possible_positions(1, 0) == frozenset({c(x, y) for x in range(3) for y in range(3)})


def test_sirens_conch_tells_everyone_where_a_submarine_is():
    st = _with("conch", pos=(c(3, 3), c(0, 5)))
    st.pos[1] = c(5, 0)  # where seat 1 really is now
    events = act(st, "artifact", name="conch", seat=1)
    (e,) = [e for e in events if e.kind == "reveal"]
    assert e.to is None and e.data["cell"] == c(5, 0) and e.data["by"] == 0
    assert st.possible_positions(0, 1) == frozenset({c(5, 0)})
    assert st.hand[1] == hand_cards(False)  # no cards come back to anyone


def test_abyss_lantern_sees_beneath_a_space_one_or_two_away_in_a_compass_line():
    st = _with("lantern")
    assert _reading(act(st, "artifact", name="lantern", compass="NE", distance=1), "lantern") == (
        "artifact",
    )
    assert exactly(c(4, 2), "artifact") in st.located_facts(0)
    st2 = _with("lantern", pos=(c(0, 5), c(3, 3)))
    got = _reading(act(st2, "artifact", name="lantern", compass="W", distance=2), "lantern")
    assert got == (E,)
    st3 = _with("lantern")
    got = _reading(act(st3, "artifact", name="lantern", compass="N", distance=2), "lantern")
    assert got == ("seamount",)  # D2, next to Atlantis at C2


def test_orichalcum_sounder_sweeps_the_24_spaces_within_two():
    st = _with("sounder", pos=(c(0, 0), c(3, 3)))
    got = _reading(act(st, "artifact", name="sounder"), "sounder")
    assert len(got) == 24 and got.count(E) == 24 - 8
    assert got[12] == S and got[13] == S  # B1 (east) and C1 (two east) are seamounts


def test_atlas_shard_says_whether_any_space_is_atlantis_and_everyone_can_place_it():
    st = _with("atlas")
    assert _reading(act(st, "artifact", name="atlas", cell=c(0, 0)), "atlas") == ("yes",)
    st.arts[0] = ("atlas",)
    assert _reading(act(st, "artifact", name="atlas", cell=c(5, 5)), "atlas") == ("no",)
    for seat in (0, 1, None):
        assert exactly(c(0, 0), "atlantis") in st.located_facts(seat)
        assert CellIs(c(5, 5), NOT_ATLANTIS) in st.located_facts(seat)


def test_harpoon_of_triton_removes_the_nearest_sea_monster_for_good():
    st = _with("harpoon")
    st.monsters = [c(0, 0), c(4, 4), c(5, 0)]
    events = act(st, "artifact", name="harpoon")
    assert st.monsters == [c(0, 0), c(5, 0)]
    (e,) = [e for e in events if e.kind == "harpoon"]
    assert e.data["killed"] and "cell" not in e.data
    (mine,) = [e for e in events if e.kind == "my_harpoon"]  # only the thrower learns where
    assert mine.data["struck"] == c(4, 4) and mine.to == (0,)
    st.arts[0] = ("harpoon",)
    st.monsters = []
    events = act(st, "artifact", name="harpoon")
    assert [e.data["killed"] for e in events if e.kind == "harpoon"] == [False]


def test_chronometer_is_free_and_gives_one_more_action_this_turn():
    st = _with("chronometer")
    act(st, "artifact", name="chronometer")
    assert st.acts == 3
    for kind in ("sonar", "explore", "surface"):
        assert st.seat == 0
        act(st, kind)
    assert st.seat == 1 and st.acts == 2
