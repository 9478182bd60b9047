"""The chart model: exactly the clues one seat has learned, from that seat's view alone.

Games are played through the real engine (the hand-made map ``SIX`` of tests/finding/helpers:
the city on A1 B1 B2 C2, artifacts on E3 A4 D5 F6) and random legal games; expected marks are
worked out from the true map here, which the model itself never reads.
"""

from __future__ import annotations

import pytest

from game.finding.ocean import SEAMOUNT_TERRAINS, TRACE_TERRAINS, around, step
from scenes.finding.chart_model import MARK_KINDS, ChartModel, Mark, chart_model
from tests.finding.helpers import SIX, act, c, random_game, table


def _relief(cell: int) -> str:
    return "seamount" if cell in SIX.seamounts else "deep"


def _sonar_marks(at: int) -> dict[int, tuple[Mark, ...]]:
    return {cell: (Mark(_relief(cell)),) for cell in around(6, at) if cell is not None}


def _model(st, seat: int) -> ChartModel:
    """The model as the board builds it: from the seat's view."""
    return chart_model(st.view(seat), seat)


def test_a_fresh_chart_shows_nothing_but_where_everyone_started():
    st = table(pos=(c(4, 5), c(2, 3)))
    m = _model(st, 0)
    assert m.marks == {} and m.counts == ()
    assert m.me == c(4, 5) and m.route == (c(4, 5),) and not m.lost
    assert m.others == {1: frozenset({c(2, 3)})}  # the start spaces are public
    assert m.colours == {0: "yellow", 1: "red"} and m.size == 6 and m.seat == 0


def test_own_sonar_marks_the_spaces_around_with_their_true_relief():
    st = table(pos=(c(4, 5), c(2, 3)))
    act(st, "sonar")
    assert _model(st, 0).marks == _sonar_marks(c(4, 5))


def test_a_reading_taken_where_everyone_knew_the_reader_is_on_every_chart():
    st = table(pos=(c(4, 5), c(2, 3)))
    act(st, "sonar")  # seat 0 has not moved from its public start space
    assert _model(st, 1).marks == _sonar_marks(c(4, 5))


def test_another_seats_sonar_from_a_secret_position_is_not_placed_on_my_chart():
    st = table(pos=(c(4, 5), c(2, 3)))
    act(st, "sonar")
    act(st, "silent", direction="N")  # seat 0's turn ends on C5... E5
    act(st, "silent", direction="N")  # seat 1 to C3, in secret
    act(st, "sonar")
    mine, theirs = _model(st, 0), _model(st, 1)
    assert mine.marks == _sonar_marks(c(4, 5))  # only what seat 0 could place
    assert theirs.marks == {**_sonar_marks(c(4, 5)), **_sonar_marks(c(2, 2))}
    assert theirs.me == c(2, 2)
    assert c(2, 2) in mine.others[1] and len(mine.others[1]) > 1
    assert mine.me == c(4, 4) and c(4, 4) in theirs.others[0] and len(theirs.others[0]) > 1


def test_the_model_of_the_full_state_is_the_model_of_the_seats_view():
    st = table(pos=(c(4, 5), c(2, 3)))
    act(st, "sonar")
    act(st, "silent", direction="N")
    act(st, "silent", direction="N")
    act(st, "sonar")
    for seat in (0, 1):
        assert chart_model(st, seat) == _model(st, seat)


def test_explore_marks_the_terrain_beneath_and_a_taken_artifact_as_recovered():
    st = table(pos=(c(4, 2), c(4, 3)), captains=("navy", "diver"), deck=["sunstone", "trident"])
    act(st, "explore")
    woke = Mark("danger", "monster")  # taking the artifact woke a monster there
    assert _model(st, 0).marks[c(4, 2)] == (Mark("recovered"), woke)
    act(st, "sonar")
    act(st, "captain", name="diver", direction="N")  # seat 1 looks at the wreck: "recovered"
    assert _model(st, 1).marks[c(4, 2)] == (Mark("recovered"), woke)
    st2 = table(pos=(c(3, 3), c(0, 5)))
    act(st2, "explore")  # D4 is a seamount with no trace
    assert _model(st2, 0).kinds_at(c(3, 3)) == ("seamount", "no_trace")
    st3 = table(pos=(c(1, 1), c(5, 5)))
    act(st3, "explore")
    assert _model(st3, 0).kinds_at(c(1, 1)) == ("atlantis",)


def test_jelly_rod_marks_trace_and_no_trace_and_in_pirate_waters_a_maybe_mine():
    st = table(pos=(c(4, 3), c(0, 0)))
    act(st, "jelly", line="N-S")  # E3 holds an artifact, E5 nothing
    m = _model(st, 0)
    assert m.marks == {c(4, 2): (Mark("trace"),), c(4, 4): (Mark("no_trace"),)}
    st2 = table(mode="pirate", pos=(c(4, 3), c(0, 0)))
    act(st2, "jelly", line="N-S")
    assert _model(st2, 0).marks[c(4, 2)] == (Mark("trace", "mine?"),)


def _clear_around(at: int, *danger: int) -> dict[int, tuple[Mark, ...]]:
    """The periscope's "clear" marks around ``at``, except on the ``danger`` spaces."""
    return {
        cell: (Mark("clear"),) for cell in around(6, at) if cell is not None and cell not in danger
    }


def test_the_periscope_marks_mines_and_monsters_as_danger_and_the_rest_as_seen_clear():
    st = table(mode="pirate")
    st.mines[1] = c(3, 2)
    st.monsters = [c(4, 3)]
    act(st, "periscope")
    m = _model(st, 0)
    assert m.marks == {
        c(3, 2): (Mark("danger", "mine"),),
        c(4, 3): (Mark("danger", "monster"),),
        **_clear_around(c(3, 3), c(3, 2), c(4, 3)),
    }
    assert set(m.seen) == {cell for cell in around(6, c(3, 3)) if cell is not None}
    assert set(m.seen.values()) == {1}  # every report heard in round 1


def test_the_latest_danger_report_on_a_space_wins():
    """Monsters hunt: a space reported clear after a monster was seen there shows clear."""
    st = table(mode="pirate", pos=(c(3, 3), c(0, 5)))
    st.monsters = [c(4, 3)]
    act(st, "periscope")
    assert _model(st, 0).marks[c(4, 3)] == (Mark("danger", "monster"),)
    act(st, "sonar")  # seat 0's turn ends
    st.monsters = [c(1, 0)]  # the monster swam off (as a hunting one does)
    act(st, "sonar")
    act(st, "explore")  # seat 1's turn ends: round 2
    act(st, "surface")  # the periscope back in hand
    act(st, "periscope")
    m = _model(st, 0)
    assert Mark("clear") in m.marks[c(4, 3)] and m.kinds_at(c(4, 3)).count("danger") == 0
    assert m.seen[c(4, 3)] == 2


def test_my_harpoon_takes_the_monster_it_struck_off_my_chart_only():
    st = table(mode="pirate", pos=(c(3, 3), c(4, 4)))
    st.monsters = [c(4, 3)]
    act(st, "periscope")
    for seat in (0, 1):  # the periscope's answer is the table's, and Yellow's place is known
        assert Mark("danger", "monster") in _model(st, seat).marks[c(4, 3)]
    st.arts[0] = ("harpoon",)
    act(st, "artifact", name="harpoon")
    assert st.monsters == []
    assert c(4, 3) not in _model(st, 0).marks  # Yellow saw where its harpoon struck
    # Red heard that a monster died, not which one: its report stays
    assert Mark("danger", "monster") in _model(st, 1).marks[c(4, 3)]


def test_the_periscope_does_not_call_my_own_mine_a_danger():
    st = table(mode="pirate")
    act(st, "drop_mine", direction="N")  # the mine on D4, seat 0 on D3
    act(st, "periscope")
    assert _model(st, 0).marks == {c(3, 3): (Mark("mine"),), **_clear_around(c(3, 2), c(3, 3))}
    assert _model(st, 1).marks == {}  # seat 1 cannot place seat 0's periscope


def test_an_attack_marks_the_monster_only_where_the_chart_knows_the_victim_was():
    st = table()
    st.monsters = [c(3, 2)]
    act(st, "long_silent", direction="N")  # stopped and attacked on D3
    assert _model(st, 0).marks == {c(3, 2): (Mark("danger", "monster"),)}
    assert _model(st, 1).marks == {}  # seat 1 does not know where seat 0 was hit


def test_my_own_mine_is_on_my_chart_and_on_nobody_elses():
    st = table(mode="pirate")
    act(st, "drop_mine", direction="E")
    assert _model(st, 0).marks == {c(3, 3): (Mark("mine"),)}
    assert _model(st, 1).marks == {}


def test_a_wrong_claim_marks_the_named_spaces_for_everyone_and_leaves_the_claimer_lost():
    st = table(pos=(c(1, 1), c(5, 5)))
    act(st, "explore")
    act(st, "solve")
    for cell in (c(0, 0), c(1, 0), c(2, 2)):
        act(st, "claim", cell=cell)
    named = {c(1, 1), c(0, 0), c(1, 0), c(2, 2)}
    for seat in (0, 1):
        m = _model(st, seat)
        assert {cell for cell, marks in m.marks.items() if Mark("not_city") in marks} == named
    lost = _model(st, 0)
    assert lost.lost and lost.me is None and lost.route == ()
    assert _model(st, 1).others[0] == frozenset(range(36))


def test_the_archaeologist_count_is_an_area_clue_with_its_number_on_the_readers_space():
    st = table(captains=("archaeologist", "navy"), pos=(c(4, 3), c(0, 5)))
    act(st, "captain", name="archaeologist")
    m = _model(st, 0)
    block = frozenset(c(x, y) for x in (3, 4, 5) for y in (2, 3, 4))
    traces = len(block & (SIX.atlantis | SIX.artifacts))
    assert m.counts == ((block, "trace", str(traces)),)
    assert m.marks == {c(4, 3): (Mark("count", str(traces)),)}


def test_the_sunstone_badge_names_the_row_and_column_as_the_chart_prints_them():
    st2 = table(pos=(c(2, 3), c(5, 5)))
    st2.arts[0] = ("sunstone",)
    act(st2, "artifact", name="sunstone")  # from C4: row 4 holds no Atlantis, column C one (C2)
    assert _model(st2, 0).marks[c(2, 3)] == (Mark("count", "4=0 C=1"),)


def test_the_route_follows_my_own_moves_and_the_others_see_only_possibilities():
    st = table()
    act(st, "silent", direction="N")
    act(st, "long_silent", direction="W")
    m = _model(st, 0)
    assert m.route == (c(3, 3), c(3, 2), c(1, 2)) and m.me == c(1, 2)
    theirs = _model(st, 1)
    assert theirs.me == c(0, 5) and c(1, 2) in theirs.others[0] and len(theirs.others[0]) > 2


@pytest.mark.parametrize(
    "options",
    [
        {"size": "6"},
        {"size": "8", "mode": "pirate", "monsters": "hunting"},
        {"size": "6", "mode": "pirate"},
    ],
)
def test_every_mark_of_a_random_game_is_true_and_comes_from_the_seats_view(options):
    for seed in range(3):
        st, _ = random_game(3, seed, options)
        ocean = st.ocean
        for seat in range(st.n):
            m = _model(st, seat)
            assert m == chart_model(st, seat)
            assert m.me is None or m.me == st.pos[seat]
            for q, cells in m.others.items():
                assert st.pos[q] in cells
            for cell, marks in m.marks.items():
                terrain = ocean.terrain(cell)
                for mark in marks:
                    assert mark.kind in MARK_KINDS
                    if mark.kind == "seamount":
                        assert terrain in SEAMOUNT_TERRAINS
                    elif mark.kind == "deep":
                        assert terrain == "deep"
                    elif mark.kind == "trace" and not mark.text:
                        assert terrain in TRACE_TERRAINS
                    elif mark.kind == "no_trace":
                        assert terrain not in TRACE_TERRAINS
                    elif mark.kind in ("artifact", "recovered"):
                        assert terrain == "artifact"
                    elif mark.kind == "atlantis":
                        assert terrain == "atlantis"
                    elif mark.kind == "not_atlantis":
                        assert terrain != "atlantis"
                    elif mark.kind == "mine":
                        assert st.mines[seat] == cell


def test_after_a_wrong_claim_the_route_starts_again_where_the_sea_set_the_boat_down():
    """The teleport is a jump: no leg from the claim's space; its landing place is kept once
    later news (here a surfacing after a Sonar) pins it, and the moves made while lost are
    legs from it."""
    st = table(pos=(c(1, 1), c(5, 5)))
    act(st, "explore")
    act(st, "solve")
    for cell in (c(0, 0), c(1, 0), c(2, 2)):
        act(st, "claim", cell=cell)
    landing = st.pos[0]
    lost = _model(st, 0)
    assert lost.route == () and lost.landed_round == 1
    act(st, "sonar")  # from the unknown landing place
    act(st, "sonar", player=1)
    act(st, "explore", player=1)
    way = next(d for d in "NESW" if step(6, landing, d) is not None)
    act(st, "silent", direction=way)  # a hidden move away from the landing place
    act(st, "surface")  # round 2: the chart now knows where the Sonar was taken
    m = _model(st, 0)
    assert st.pos[0] != landing
    assert m.landed == landing and m.route[-1] == st.pos[0] and m.me == st.pos[0]
    assert m.route == (landing, st.pos[0])  # the move made while lost is a leg from there
    assert c(1, 1) not in m.route  # the claim's space is not a leg of the new route
    assert _model(st, 1).landed is None  # another seat's teleport is not on my route


def test_a_monster_woken_by_an_explore_is_a_danger_where_the_chart_places_the_explore():
    st = table(pos=(c(4, 2), c(0, 5)), deck=["sunstone"])
    act(st, "explore")  # E3 holds an artifact: taken, and a monster wakes there
    assert st.monsters == [c(4, 2)]
    for seat in (0, 1):  # seat 0 has not moved from its public start: both place it
        m = _model(st, seat)
        assert Mark("danger", "monster") in m.marks[c(4, 2)] and m.seen[c(4, 2)] == 1
    st2 = table(pos=(c(4, 3), c(0, 5)), deck=["sunstone"])
    act(st2, "silent", direction="N")  # to E3 in secret
    act(st2, "explore")
    assert st2.monsters == [c(4, 2)]
    assert Mark("danger", "monster") in _model(st2, 0).marks[c(4, 2)]
    assert "danger" not in _model(st2, 1).kinds_at(c(4, 2))  # seat 1 cannot place it


def test_readings_the_posterior_pins_are_drawn_and_the_others_places_narrowed():
    """A real solo game (round 5): the bot swept with its Sonar and its Navy Captain between
    hidden moves and never surfaced there, so the chart alone cannot place them; the posterior
    of the same chart puts both at E5 with certainty, and the chart then draws them."""
    from pathlib import Path

    from ai.finding.chart_answer import chart_answer
    from game.core.saves import load_and_replay

    text = (Path(__file__).parent / "data" / "solo-bot-readings-pinned.json").read_text()
    _rec, st = load_and_replay(text)
    view = st.view(0)
    sonar = next(i for i, e in enumerate(view.log) if e.who == 1 and e.kind == "sonar")
    e5 = 4 * 6 + 4
    answer = chart_answer(view, 0)
    assert answer.pinned()[sonar] == e5
    alone = chart_model(view, 0)
    told = chart_model(view, 0, answer)
    ring = [c for c in range(36) if max(abs(c % 6 - 4), abs(c // 6 - 4)) == 1]
    new = [c for c in ring if told.marks.get(c, ()) != alone.marks.get(c, ())]
    assert len(new) >= 4, (alone.marks, told.marks)  # the sweep's spaces are drawn now
    assert told.others[1] <= alone.others[1]
    assert answer.places(1) == told.others[1]
