"""The U-Bot's endgame search: the fewest expected actions to an Explore that settles the city.

Small hand-made sets of maps (particles) on a 6×6 ocean, where the right play can be worked
out by hand: explore at once when the city is settled, tell two cities apart before exploring
a space both share, never explore where it tells nothing, always answer by the stop time.
"""

from __future__ import annotations

import math
import random
import time

import pytest

from ai.finding.bots import CAPTAIN_ORDER, SOLO_CAPTAIN_ORDER, UBot, make_policy
from ai.finding.endgame import Endgame, EndParams
from ai.finding.model import Me, legal_for
from ai.finding.outcomes import Sample
from ai.match import play
from game.finding.cards import hand_cards
from game.finding.ocean import orthogonal
from game.finding.setup import new_game
from tests.finding.helpers import c

SIZE = 6
HAND = hand_cards(False)


def _map(city: list[tuple[int, int]], artifacts: list[tuple[int, int]]) -> Sample:
    cells = [c(x, y) for x, y in city]
    arts = [c(x, y) for x, y in artifacts]
    a = sum(1 << q for q in cells)
    t = a | sum(1 << q for q in arts)
    m = t
    for q in cells + arts:
        for nb in orthogonal(SIZE, q):
            m |= 1 << nb
    return Sample(a, t, m)


def _search(samples: list[Sample], me: Me, **kw) -> tuple[Endgame, list]:
    eg = Endgame(samples, SIZE, EndParams(**kw), seat=0, n=1, pirate=False, captain=None)
    return eg, list(legal_for(me, 0, 1, SIZE))


def test_on_a_settled_city_it_explores_where_it_stands():
    city = [(2, 2), (3, 2), (3, 3), (2, 3)]
    samples = [_map(city, [(0, 5)]), _map(city, [(5, 0)])]  # the artifacts differ, not the city
    me = Me(c(2, 2), HAND, None, ())
    eg, legal = _search(samples, me)
    action, expected = eg.choose(me, legal)
    assert action.kind == "explore"
    assert expected == 1.0


def test_it_tells_two_cities_apart_before_exploring_a_space_both_share():
    """Both cities hold C3; they differ at D3 or B3. Exploring C3 first tells nothing (Atlantis
    either way), so the search reads the neighbours first: an East-West Jelly Rod settles it,
    then the Explore on C3 wins: two actions."""
    east = [(2, 2), (3, 2), (2, 1), (3, 1)]
    west = [(2, 2), (1, 2), (2, 1), (1, 1)]
    samples = [_map(east, [(5, 5)]), _map(west, [(5, 5)])]
    me = Me(c(2, 2), HAND, None, ())
    eg, legal = _search(samples, me)
    action, expected = eg.choose(me, legal)
    assert action.kind != "explore"
    assert eg.parts(("explore", (), c(2, 2))) is None  # the same answer on both maps
    assert action.kind in ("jelly", "sonar")
    assert expected == 2.0


def test_with_its_stop_time_gone_it_still_answers_a_legal_action():
    east = [(2, 2), (3, 2), (2, 1), (3, 1)]
    west = [(2, 2), (1, 2), (2, 1), (1, 1)]
    samples = [_map(east, [(5, 5)]), _map(west, [(0, 5)])] * 8
    me = Me(c(0, 0), HAND, None, ())
    eg = Endgame(
        samples, SIZE, EndParams(depth=6), seat=0, n=1, pirate=False, captain=None,
        stop=time.monotonic() - 1.0,
    )  # fmt: skip
    legal = list(legal_for(me, 0, 1, SIZE))
    got = eg.choose(me, legal)
    assert got is not None and got[0] in legal


def _keeps(n: int, pair: tuple[str, str]) -> str:
    st = new_game(n, {"size": "6"}, 5)
    for p in range(n):
        st.dealt[p] = pair
    bot = make_policy("hard", 1)
    assert isinstance(bot, UBot)
    d = st.decision()
    assert d is not None and d.kind == "captain"
    p = d.players[0]
    return bot.choose(st.view(p), p, 1e9)["captain"]


def test_a_bot_alone_keeps_the_captain_that_finds_the_city_sooner():
    pair = ("engineer", "hydrographer")
    assert CAPTAIN_ORDER.index("engineer") < CAPTAIN_ORDER.index("hydrographer")
    assert SOLO_CAPTAIN_ORDER.index("hydrographer") < SOLO_CAPTAIN_ORDER.index("engineer")
    assert _keeps(1, pair) == "hydrographer"
    assert _keeps(2, pair) == "engineer"


def test_alone_the_phantom_is_kept_only_when_nothing_else_is_dealt():
    """Racing nobody, the Phantom's refill is what the Surface card already does (it comes
    back with every refill); every other captain adds a reading or a move."""
    assert SOLO_CAPTAIN_ORDER[-1] == "phantom"
    for other in ("archaeologist", "navy", "engineer", "surveyor"):
        assert _keeps(1, ("phantom", other)) == other
    assert _keeps(2, ("phantom", "hydrographer")) == "phantom"  # among opponents it hides


def _count_searches(monkeypatch, n: int) -> tuple[int, object]:
    calls = []
    real = UBot.end_search

    def counted(self, view, p, belief):
        calls.append(p)
        return real(self, view, p, belief)

    monkeypatch.setattr(UBot, "end_search", counted)
    st = new_game(n, {"size": "6"}, 21)
    play(st, [make_policy("hard", 7 + s) for s in range(n)], 0.3)
    return len(calls), st


def test_a_hard_bot_alone_searches_its_endgame_and_wins_without_a_wrong_claim(monkeypatch):
    searches, st = _count_searches(monkeypatch, 1)
    assert searches > 0
    assert st.winner == 0
    assert not any(e.kind == "wrong_claim" for e in st.log)


def test_among_opponents_the_hard_bot_keeps_its_information_planner(monkeypatch):
    searches, st = _count_searches(monkeypatch, 2)
    assert searches == 0
    assert st.decision() is None


def test_an_artifact_an_explore_may_draw_is_worth_its_actions():
    """Half the maps hold an artifact under the bot: the Explore there is worth half an
    artifact more than the same Explore with artifacts worth nothing."""
    city = [(4, 4), (5, 4), (4, 5), (5, 5)]
    samples = [_map(city, [(1, 1)]), _map(city, [(0, 5)])]
    me = Me(c(1, 1), HAND, None, ())
    explore = next(a for a in legal_for(me, 0, 1, SIZE) if a.kind == "explore")
    plain, _ = _search(samples, me)
    valued, _ = _search(samples, me, art=0.8)
    eff = next(e for a, e in valued.candidates(me) if a == explore)
    assert valued.artifact(c(1, 1)) == 0b01
    assert valued.outcome(me, valued.full, eff, 2) == pytest.approx(
        plain.outcome(me, plain.full, eff, 2) - 0.4
    )


def test_a_hand_without_readings_is_charged_its_surfacing():
    city_a = [(2, 2), (3, 2), (2, 1), (3, 1)]
    city_b = [(2, 2), (1, 2), (2, 1), (1, 1)]
    samples = [_map(city_a, [(5, 5)]), _map(city_b, [(5, 5)])]
    empty = Me(c(2, 2), ("surface", "silent"), None, ())
    full = Me(c(2, 2), HAND, None, ())
    eg, _ = _search(samples, full, refill=1.0)
    # one bit of doubt, 3 actions a bit; no card to read it with: one more for the surfacing
    assert eg.estimate(empty, eg.full) == eg.estimate(full, eg.full) + 1.0 + 1.0


def test_counting_rounds_a_win_on_a_turns_first_action_leaves_one_unused():
    city = [(2, 2), (3, 2), (3, 3), (2, 3)]
    samples = [_map(city, [(0, 5)])]
    me = Me(c(2, 2), HAND, None, ())
    eg, legal = _search(samples, me, rounds=True)
    action, first = eg.choose(me, legal, 2)
    assert action.kind == "explore" and first == 2.0  # the turn's second action goes unused
    eg, legal = _search(samples, me, rounds=True)
    action, last = eg.choose(me, legal, 1)
    assert action.kind == "explore" and last == 1.0


def test_the_search_puts_the_cycle_collector_back_as_it_found_it():
    import gc

    city = [(2, 2), (3, 2), (3, 3), (2, 3)]
    me = Me(c(2, 2), HAND, None, ())
    assert gc.isenabled()
    eg, legal = _search([_map(city, [(0, 5)])], me)
    eg.choose(me, legal)
    assert gc.isenabled()
    gc.disable()
    try:
        eg, legal = _search([_map(city, [(0, 5)])], me)
        eg.choose(me, legal)
        assert not gc.isenabled()
    finally:
        gc.enable()


def _random_particles(seed: int, k: int) -> list[Sample]:
    """``k`` maps of 4-space cities around the middle of the 6×6 ocean, with 4 artifacts."""
    rng = random.Random(seed)
    out = []
    for _ in range(k):
        x, y = rng.randrange(1, 4), rng.randrange(1, 4)
        shape = rng.choice(
            [
                [(0, 0), (1, 0), (0, 1), (1, 1)],
                [(0, 0), (1, 0), (2, 0), (2, 1)],
                [(0, 0), (1, 1), (2, 1), (2, 2)],
                [(0, 0), (0, 1), (0, 2), (1, 2)],
            ]
        )
        city = [(x + dx, y + dy) for dx, dy in shape if x + dx < SIZE and y + dy < SIZE]
        rest = [(i, j) for i in range(SIZE) for j in range(SIZE) if (i, j) not in city]
        out.append(_map(city, rng.sample(rest, 4)))
    return out


@pytest.mark.parametrize("seed", range(4))
def test_a_cut_off_outcome_is_exact_below_its_bound_and_at_or_above_it_otherwise(seed):
    """The search stops summing an action's results once they prove it cannot beat the best
    found so far; the answer must be the one the full sum would give."""
    samples = _random_particles(seed, 40)
    me = Me(c(2, 2), HAND, None, ())
    kw = {"depth": 3, "art": 1.0, "refill": 1.0, "rounds": True}
    checked = 0
    for _a, eff in _search(samples, me, **kw)[0].candidates(me):
        full = _search(samples, me, **kw)[0].outcome(me, (1 << 40) - 1, eff, 3)
        if full is None:
            continue
        for bound in (full - 1.0, full - 0.01, full + 0.01, full + 1.0):
            eg = _search(samples, me, **kw)[0]
            got = eg.outcome(me, (1 << 40) - 1, eff, 3, 2, bound)
            assert got is not None
            if full < bound:
                assert got == pytest.approx(full, abs=1e-9)
            else:
                assert got >= bound - 1e-9
            checked += 1
    assert checked >= 12


def test_the_search_with_its_cut_offs_answers_as_the_plain_sum_does(monkeypatch):
    samples = _random_particles(9, 60)
    me = Me(c(2, 3), HAND, None, ())
    kw = {"depth": 4, "art": 1.0, "refill": 1.0, "rounds": True}
    eg, legal = _search(samples, me, **kw)
    cut = eg.choose(me, legal)
    plain = Endgame.outcome

    def no_cut(self, me, s, eff, depth, left=2, bound=math.inf):
        return plain(self, me, s, eff, depth, left)

    monkeypatch.setattr(Endgame, "outcome", no_cut)
    eg, legal = _search(samples, me, **kw)
    assert eg.choose(me, legal) == cut


def test_an_artifact_worth_more_than_its_explore_is_refused():
    with pytest.raises(ValueError, match="0 to 1 action"):
        EndParams(art=1.5)
    with pytest.raises(ValueError, match="at least one map"):
        EndParams(per_city=0)


def test_with_several_maps_per_city_a_reading_of_artifacts_alone_leaves_the_doubt():
    """Two cities, equally likely; a Jelly Rod from B5 looks at A5 and C5, where only an
    artifact can lie. With one map per city the two maps' artifacts differ there, so the
    reading seems to settle the city (the search would pay for it as a bit of city news);
    with two maps per city, one each way, it tells nothing about the city, as on the real map."""
    north = [(3, 0), (4, 0), (3, 1), (4, 1)]
    south = [(3, 3), (4, 3), (3, 4), (4, 4)]
    one_each = [_map(north, [(0, 4)]), _map(south, [(2, 4)])]
    two_each = [
        _map(north, [(0, 4)]), _map(north, [(2, 4)]),
        _map(south, [(0, 4)]), _map(south, [(2, 4)]),
    ]  # fmt: skip
    jelly = ("jelly", (("line", "E-W"),), c(1, 4))
    for samples, after in ((one_each, 0.0), (two_each, 1.0)):
        eg = Endgame(samples, SIZE, EndParams(), seat=0, n=1, pirate=False, captain=None)
        assert eg.entropy(eg.full) == 1.0
        parts = eg.parts(jelly)
        assert parts is not None and len(parts) == 2
        assert [eg.entropy(p) for p in parts] == [after, after]


def test_the_hard_bot_alone_draws_its_maps_in_groups_sharing_a_city():
    from ai.finding.bots import LEVEL_ENDGAME

    hard = LEVEL_ENDGAME["hard"]
    assert hard.per_city > 1
    st = new_game(1, {"size": "6"}, 3)
    bot = make_policy("hard", 5)
    bot.stop = math.inf
    view = st.view(0)
    eg = bot.end_search(view, 0, bot._mind(0).update(view))
    k = hard.per_city
    assert len(eg.samples) == hard.particles
    for i in range(0, len(eg.samples), k):
        assert len({s.city for s in eg.samples[i : i + k]}) == 1
