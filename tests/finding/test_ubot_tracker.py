"""The opponent tracker: it narrows where the others can be, and never loses the truth.

Random legal games (2-4 submarines, both sizes) are checked against the real state after
many moves: every opponent's true cell is in the tracked set, every fact the tracker handed
the bot holds on the true map, and the tracked sets are sometimes strictly smaller than the
chart's (the tracker is not the chart under another name).
"""

from __future__ import annotations

import random

from ai.finding.mind import CHART, TRACKED, Mind
from game.finding.facts import CellIs
from game.finding.setup import new_game
from tests.finding.helpers import SIX, act, c, table


def _run(n: int, size: str, seed: int, every: int = 5) -> tuple[int, int]:
    st = new_game(n, {"size": size}, seed)
    rng = random.Random(seed)
    minds = [Mind(s, TRACKED) for s in range(n)]
    narrower = extra = 0
    k = 0
    while (d := st.decision()) is not None:
        legal = st.legal_actions(d.players[0])
        st.apply(legal[rng.randrange(len(legal))])
        k += 1
        if k % every:
            continue
        for s in range(n):
            view = st.view(s)
            mind = minds[s]
            mind.update(view)
            assert mind.tracker is not None
            chart = set(view.located_facts(s))
            for f in mind.held:
                assert f.holds(st.ocean), f"the tracker placed a false fact {f}"
            extra += sum(1 for f in mind.held if f not in chart)
            for q in range(n):
                if q == s:
                    continue
                where = mind.tracker.where[q]
                assert st.pos[q] in where, f"seat {s} lost seat {q}'s true cell"
                assert where <= view.possible_positions(s, q)
                narrower += len(where) < len(view.possible_positions(s, q))
    return narrower, extra


def test_tracked_sets_always_hold_the_true_cell_and_placed_facts_are_true():
    narrower = extra = 0
    for g in range(6):
        a, b = _run(2 + g % 3, "6", 40 + g)
        narrower += a
        extra += b
    a, b = _run(3, "8", 7, every=9)
    narrower += a
    extra += b
    assert narrower > 0, "the tracker never knew more than the chart"
    assert extra > 0, "the tracker never placed a reading the chart could not"


def test_an_opponent_reading_that_fits_only_one_cell_becomes_the_bots_fact():
    # Yellow on D4 sweeps with its Sonar: C4, west of it, is deep ocean. Red starts on C5,
    # slips one space unseen (north, to C4) and sweeps. From outside Red is on B5, D5 or C4
    # (C6 would have shown the edge), and the chart cannot tell which. But from B5 or D5 the
    # sweep's "seamount" on C4 contradicts Yellow's fact, so the tracker places Red on C4 and
    # Red's reading becomes Yellow's: B5 is deep ocean, which Yellow never saw itself.
    st = table(SIX, pos=(c(3, 3), c(2, 4)), captains=("navy", "surveyor"))
    act(st, "sonar")
    act(st, "jelly", line="N-S")
    act(st, "silent", direction="N")
    act(st, "sonar")
    view = st.view(0)
    assert view.possible_positions(0, 1) == {c(1, 4), c(3, 4), c(2, 3)}
    b5_deep = CellIs(c(1, 4), frozenset({"deep"}))
    assert b5_deep not in view.located_facts(0)
    mind = Mind(0, TRACKED)
    mind.update(view)
    assert mind.tracker is not None
    assert mind.tracker.where[1] == {c(2, 3)}
    assert b5_deep in mind.held
    # without the tracker (the normal level's mind) Red stays unplaced
    plain = Mind(0, CHART)
    plain.update(view)
    assert b5_deep not in plain.held
