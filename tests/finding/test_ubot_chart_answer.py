"""What a seat's chart tells a person: exact per-space chances and the best city, from its view.

Checked against what the chart says for certain (a swept space is surely deep or a seamount,
the explored space is surely Atlantis), against the belief built directly from the chart's
facts, and for reading nothing but the view.
"""

from __future__ import annotations

import random

import pytest

from ai.finding.belief import Belief
from ai.finding.chart_answer import chart_answer
from ai.finding.posterior import Posterior
from game.finding.ocean import around
from game.finding.readings import facts_of
from tests.finding.helpers import SIX, act, c, table, unseen_sonar_opening


def _swept_and_explored():
    st = table(SIX, pos=(c(1, 1), c(4, 4)), captains=("surveyor", "navy"))
    act(st, "sonar")
    act(st, "explore")  # B2 is Atlantis: the solve question comes up
    act(st, "keep_searching")
    return st


def test_the_answer_knows_what_the_chart_says_for_certain():
    st = _swept_and_explored()
    ans = chart_answer(st.view(0), 0)
    assert ans.consistent and ans.size == 6
    assert ans.p_atlantis(c(1, 1)) == 1.0
    for cell in around(6, c(1, 1)):
        if cell is None:
            continue
        row = ans.cells[cell]
        truth = SIX.terrain(cell)
        if truth == "deep":
            assert row["deep"] == 1.0
        else:
            assert row["deep"] == 0.0
    for row in ans.cells:
        assert abs(sum(row.values()) - 1.0) < 1e-9
    assert c(1, 1) in ans.best_city and 0.0 < ans.best_p <= 1.0


def test_the_answer_is_the_exact_belief_of_the_charts_facts():
    st = _swept_and_explored()
    view = st.view(0)
    ans = chart_answer(view, 0, routes=False)
    direct = Belief(6, facts=view.located_facts(0))
    assert (ans.best_city, ans.best_p) == direct.best_city()
    marg = direct.cell_marginals()
    for cell in range(36):
        for terrain, p in ans.cells[cell].items():
            assert abs(p - marg[cell][terrain]) < 1e-12


def test_the_answer_reads_only_the_view():
    st = _swept_and_explored()
    view = st.view(0)
    rng = random.Random(2)
    answers = {
        (a.best_city, a.best_p, tuple(tuple(sorted(r.items())) for r in a.cells))
        for a in (chart_answer(w.view(0), 0) for w in (view.determinize(rng) for _ in range(3)))
    }
    assert len(answers) == 1
    keep = Posterior(0, view.n, view.size)  # a kept posterior: the same answer, faster next time
    first = chart_answer(view, 0, keep=keep)
    again = chart_answer(view, 0, keep=keep)
    assert first == again == chart_answer(view, 0)


def test_searched_worlds_draw_their_maps_from_the_exact_belief():
    import ai.finding  # noqa: F401 - registers the exact sampler
    from ai.worlds import sample_world

    st = _swept_and_explored()
    view = st.view(0)
    facts = view.located_facts(0)
    rng = random.Random(8)
    for _ in range(20):
        ocean = sample_world(view, rng).ocean
        assert all(f.holds(ocean) for f in facts)


_WORLDS = """
import random, sys
sys.path.insert(0, {root!r})
if {bots}:
    import ai.finding
from game.finding.setup import new_game
st = new_game(2, {{}}, 5)
for _ in range(12):
    d = st.decision()
    st.apply(st.legal_actions(d.players[0])[0])
print([st.view(0).determinize(random.Random(s)).fingerprint() for s in range(4)])
"""


def test_loading_the_bots_does_not_change_the_games_own_worlds():
    """The engine's ``determinize`` is the game's own: importing ``ai.finding`` changes nothing
    (it once installed its sampler into the game module)."""
    import subprocess
    import sys
    from pathlib import Path

    root = str(Path(__file__).resolve().parents[2])
    out = [
        subprocess.run(
            [sys.executable, "-c", _WORLDS.format(root=root, bots=bots)],
            capture_output=True, text=True, check=True, cwd=root,
        ).stdout
        for bots in (False, True)
    ]  # fmt: skip
    assert out[0] and out[0] == out[1]


def test_a_reading_counts_before_its_place_is_known_and_for_certain_after():
    """The play-test's game on Red's chart: Yellow's Sonar, taken one hidden move after its
    start, moves the heat map before anyone knows where it was taken (the located facts alone
    do not), and once Yellow surfaces the spaces it looked at are certain on the heat map."""
    st = unseen_sonar_opening()
    view = st.view(1)
    sonar = next(e.reading for e in view.log if e.kind == "sonar" and e.who == 0)
    heat = chart_answer(view, 1)
    facts_only = chart_answer(view, 1, routes=False)
    assert heat.exact
    assert any(
        abs(heat.cells[x][t] - facts_only.cells[x][t]) > 1e-6
        for x in range(36)
        for t in heat.cells[x]
    )
    at_e3 = facts_of(sonar, c(4, 2), 6)
    assert any(0 < sum(heat.cells[f.cell][t] for t in f.terrains) < 1 for f in at_e3)
    act(st, "surface")
    after = chart_answer(st.view(1), 1)
    for f in at_e3:
        assert sum(after.cells[f.cell][t] for t in f.terrains) == pytest.approx(1.0, abs=1e-12)
