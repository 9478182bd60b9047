"""The U-Bot's belief is the exact posterior over ocean maps (issue 12, "the inference is exact").

Every probability is checked against brute force: enumerate every (city, artifacts) map of a
small ocean, keep those that satisfy all the facts, and count. The facts come from a random true
map (so they are consistent, as a seat's chart is), from hand-made clue sets, and from arbitrary
fact sets that may contradict each other.
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ai.finding.belief import Belief, prepare
from game.finding.facts import (
    CellIs,
    Count,
    Fact,
    NotCity,
    all_hold,
    deep,
    exactly,
    no_trace,
    seamount,
    trace,
)
from game.finding.ocean import (
    LINES,
    SIZES,
    TERRAINS,
    Ocean,
    around,
    atlantis_placements,
    cell_at,
    neighbours8,
    riddle_problem,
    step,
    xy,
)

# ---------------------------------------------------------------------------- brute force


@cache
def all_maps(size: int, k: int, m: int) -> tuple[Ocean, ...]:
    """Every map of the prior, each exactly once (the prior is uniform over this tuple)."""
    out = []
    for city in atlantis_placements(size, k):
        rest = [c for c in range(size * size) if c not in city]
        for arts in itertools.combinations(rest, m):
            out.append(Ocean(size, city, frozenset(arts)))
    return tuple(out)


def brute(size: int, k: int, m: int, facts: list[Fact]):
    fits = [oc for oc in all_maps(size, k, m) if all_hold(facts, oc)]
    cities = Counter(oc.atlantis for oc in fits)
    cells = [Counter(oc.terrain(c) for oc in fits) for c in range(size * size)]
    return len(fits), cities, cells


def assert_exact(size: int, k: int, m: int, facts: list[Fact], belief: Belief | None = None):
    """The belief's counts equal brute force exactly, and its probabilities to 1e-9."""
    belief = belief if belief is not None else Belief(size, k, m, facts)
    total, cities, cells = brute(size, k, m, facts)
    assert belief.total_weight() == total
    assert belief.consistent() == (total > 0)
    if not total:
        assert belief.city_probabilities() == {}
        return
    probs = belief.city_probabilities()
    assert set(probs) == set(cities)
    for city, w in cities.items():
        assert abs(probs[city] - w / total) < 1e-9
    assert belief.city_weights() == dict(cities)
    marginals = belief.cell_marginals()
    counts = belief.cell_counts()
    for c in range(size * size):
        for t in TERRAINS:
            assert counts[c][t] == cells[c][t], (c, t)
            assert abs(marginals[c][t] - cells[c][t] / total) < 1e-9
    best, p = belief.best_city()
    assert p == pytest.approx(max(cities.values()) / total, abs=1e-12)
    assert cities[best] == max(cities.values())


# ---------------------------------------------------------------------------- clue sets

#: what one reading tells, realised on the true map: (kind, cell, extra bits)
READING = st.tuples(
    st.sampled_from(
        ["sonar", "jelly", "explore", "cell", "archaeologist", "sunstone", "count", "not_city"]
    ),
    st.integers(0, 24),
    st.integers(0, 2**16),
)


def true_map(size: int, k: int, m: int, seed: int) -> Ocean:
    rng = random.Random(seed)
    placements = atlantis_placements(size, k)
    city = placements[rng.randrange(len(placements))]
    rest = [c for c in range(size * size) if c not in city]
    return Ocean(size, city, frozenset(rng.sample(rest, m)))


def readings(ocean: Ocean, k: int, spec: list[tuple[str, int, int]]) -> list[Fact]:
    """Facts a seat could place, each true on ``ocean``."""
    size = ocean.size
    n = size * size
    out: list[Fact] = []
    for kind, cell, bits in spec:
        p = cell % n
        if kind == "sonar":
            for c in around(size, p):
                if c is not None:
                    out.append(seamount(c) if c in ocean.seamounts else deep(c))
        elif kind == "jelly":
            for d in LINES[list(LINES)[bits % 4]]:
                c = step(size, p, d)
                if c is not None:
                    out.append(trace(c) if c in ocean.traces else no_trace(c))
        elif kind == "explore":
            out.append(exactly(p, ocean.terrain(p)))
        elif kind == "cell":  # the truth plus a random handful of other terrains
            extra = {t for i, t in enumerate(TERRAINS) if bits >> i & 1}
            out.append(CellIs(p, frozenset({ocean.terrain(p), *extra})))
        elif kind == "archaeologist":
            cells = frozenset([p, *neighbours8(size, p)])
            out.append(Count(cells, "trace", frozenset({len(cells & ocean.traces)})))
        elif kind == "sunstone":
            x, y = xy(size, p)
            row = frozenset(cell_at(size, i, y) for i in range(size))
            col = frozenset(cell_at(size, x, j) for j in range(size))
            for line in (row, col):
                out.append(Count(line, "atlantis", frozenset({len(line & ocean.atlantis)})))
        elif kind == "count":
            cells = frozenset(c for c in range(n) if bits >> (c % 16) & 1 and (c + p) % 3)
            what = "atlantis" if bits & 1 else "trace"
            pool = ocean.atlantis if what == "atlantis" else ocean.traces
            allowed = {len(cells & pool)} | {v for v in range(4) if bits >> (v + 5) & 1}
            out.append(Count(cells, what, frozenset(allowed)))
        else:
            placements = atlantis_placements(size, k)
            wrong = placements[bits % len(placements)]
            if wrong != ocean.atlantis:
                out.append(NotCity(wrong))
    return out


def wild(size: int, k: int, spec: list[tuple[str, int, int]]) -> list[Fact]:
    """Arbitrary facts, not read from any map: they may well contradict each other."""
    n = size * size
    out: list[Fact] = []
    for kind, cell, bits in spec:
        p = cell % n
        if kind in ("count", "archaeologist"):
            cells = frozenset(c for c in range(n) if bits >> (c % 16) & 1)
            what = "atlantis" if bits & 1 else "trace"
            out.append(Count(cells, what, frozenset(v for v in range(5) if bits >> (v + 3) & 1)))
        elif kind == "not_city":
            placements = atlantis_placements(size, k)
            out.append(NotCity(placements[bits % len(placements)]))
        else:
            out.append(CellIs(p, frozenset(t for i, t in enumerate(TERRAINS) if bits >> i & 1)))
    return out


SMALL = st.sampled_from([(4, 2, 1), (4, 2, 2)])


# ---------------------------------------------------------------------------- 1. exactness


@settings(max_examples=300, deadline=None, derandomize=True)
@given(SMALL, st.integers(0, 2**32), st.lists(READING, max_size=6))
def test_probabilities_equal_brute_force_on_4x4(shape, seed, spec):
    size, k, m = shape
    facts = readings(true_map(size, k, m, seed), k, spec)
    assert_exact(size, k, m, facts)


@settings(max_examples=5, deadline=None, derandomize=True)
@given(st.integers(0, 2**32), st.lists(READING, min_size=1, max_size=5))
def test_probabilities_equal_brute_force_on_5x5_with_3_city_spaces(seed, spec):
    facts = readings(true_map(5, 3, 2, seed), 3, spec)
    assert_exact(5, 3, 2, facts)


@settings(max_examples=200, deadline=None, derandomize=True)
@given(st.sampled_from([(4, 2, 1), (4, 2, 2), (3, 2, 2)]), st.lists(READING, max_size=6))
def test_arbitrary_facts_even_contradictory_ones_equal_brute_force(shape, spec):
    size, k, m = shape
    assert_exact(size, k, m, wild(size, k, spec))


HAND_MADE: dict[str, list[Fact]] = {
    "a sonar ring of seamounts": [seamount(c) for c in (0, 1, 2, 4, 6, 8, 9, 10)],
    "deep water all round a corner": [deep(0), deep(1), deep(4)],
    "two traces and a nothing": [trace(5), trace(6), no_trace(9)],
    "an explored artifact next to an explored seamount": [
        exactly(5, "artifact"),
        exactly(6, "seamount"),
    ],
    "an explored Atlantis space": [exactly(10, "atlantis")],
    "Archaeologist: two traces around a deep-edged cell": [
        Count(frozenset({0, 1, 2, 4, 5, 6, 8, 9, 10}), "trace", frozenset({2})),
        deep(15),
    ],
    "overlapping trace Counts": [
        Count(frozenset({0, 1, 4, 5}), "trace", frozenset({1})),
        Count(frozenset({1, 2, 5, 6}), "trace", frozenset({1, 2})),
        Count(frozenset({5, 6, 9, 10}), "trace", frozenset({0})),
    ],
    "Sunstone: Atlantis counts in a row and a column": [
        Count(frozenset({4, 5, 6, 7}), "atlantis", frozenset({1})),
        Count(frozenset({1, 5, 9, 13}), "atlantis", frozenset({0})),
    ],
    "wrong claims": [NotCity(frozenset({0, 1})), NotCity(frozenset({5, 10})), seamount(5)],
    "artifact or deep (not a seamount)": [CellIs(5, frozenset({"artifact", "deep"}))],
    "atlantis or seamount on a corner": [CellIs(0, frozenset({"atlantis", "seamount"}))],
    "no trace, but a seamount": [CellIs(5, frozenset({"seamount"})), no_trace(6)],
    "a claim wrong, then the rest of the city found": [
        NotCity(frozenset({5, 6})),
        exactly(5, "atlantis"),
        seamount(7),
    ],
}


@pytest.mark.parametrize("m", [1, 2])
@pytest.mark.parametrize("name", sorted(HAND_MADE))
def test_hand_made_clue_sets_equal_brute_force(name, m):
    assert_exact(4, 2, m, HAND_MADE[name])


def test_a_hand_made_5x5_clue_set_with_counts_and_a_wrong_claim_equals_brute_force():
    facts = [
        seamount(6),
        seamount(7),
        deep(18),
        trace(12),
        Count(frozenset({0, 1, 2, 5, 6, 7, 10, 11, 12}), "trace", frozenset({2})),
        Count(frozenset(range(10, 15)), "atlantis", frozenset({1, 2})),
        NotCity(frozenset({11, 12, 13})),
    ]
    assert_exact(5, 3, 2, facts)


# ---------------------------------------------------------------------------- 2. incremental


@settings(max_examples=100, deadline=None, derandomize=True)
@given(SMALL, st.integers(0, 2**32), st.lists(READING, min_size=1, max_size=6), st.randoms())
def test_adding_facts_one_at_a_time_equals_building_from_scratch(shape, seed, spec, rnd):
    size, k, m = shape
    facts = readings(true_map(size, k, m, seed), k, spec)
    whole = Belief(size, k, m, facts)
    cut = rnd.randrange(len(facts) + 1)
    step_by_step = Belief(size, k, m, facts[:cut])
    step_by_step.total_weight()  # evaluated in between, so the update reuses that work
    for fact in facts[cut:]:
        step_by_step.add(fact)
        step_by_step.cell_counts()
    shuffled = list(facts)
    rnd.shuffle(shuffled)
    other_order = Belief(size, k, m, shuffled)
    for b in (step_by_step, other_order):
        assert b.total_weight() == whole.total_weight()
        assert b.city_weights() == whole.city_weights()
        assert b.cell_counts() == whole.cell_counts()


def test_one_more_fact_counts_again_only_the_constraints_it_touches(monkeypatch):
    from ai.finding import counting

    west = [seamount(7), seamount(13), no_trace(12)]  # around (1, 1) on 6×6
    east = [seamount(28), seamount(29), deep(35)]  # around (4, 4)
    belief = Belief(6, facts=west + east)
    belief.cell_counts()
    solved: list[int] = []
    real = counting.Solved.__init__

    def spy(self, series, cons, removals):
        real(self, series, cons, removals)
        solved.append(sum(self.masks))

    monkeypatch.setattr(counting.Solved, "__init__", spy)
    belief.add(seamount(14))
    belief.cell_counts()
    west_side = sum(1 << c for c in range(36) if c % 6 < 4 and c // 6 < 4)
    east_side = sum(1 << c for c in range(36) if c % 6 >= 3 and c // 6 >= 3)
    assert solved  # the west's constraints were counted again, with the new one
    assert all(cells & west_side and not cells & east_side for cells in solved)
    assert belief.cell_counts() == Belief(6, facts=[*west, *east, seamount(14)]).cell_counts()


def test_with_facts_leaves_the_original_belief_as_it_was():
    base = Belief(4, 2, 2, [seamount(5)])
    before = (base.total_weight(), base.city_weights(), base.cell_counts())
    more = base.with_facts(deep(0), trace(10))
    assert more.facts == (seamount(5), deep(0), trace(10))
    assert base.facts == (seamount(5),)
    assert (base.total_weight(), base.city_weights(), base.cell_counts()) == before
    assert_exact(4, 2, 2, [seamount(5), deep(0), trace(10)], more)


# ---------------------------------------------------------------------------- 3. sampling


def test_samples_follow_the_exact_posterior_and_satisfy_every_fact():
    size, k, m = 4, 2, 1
    facts = [
        seamount(5),
        no_trace(6),
        deep(15),
        Count(frozenset({0, 1, 4}), "trace", frozenset({0, 1})),
    ]
    total, _cities, _cells = brute(size, k, m, facts)
    fits = [oc for oc in all_maps(size, k, m) if all_hold(facts, oc)]
    assert len(fits) == total and 30 < total < 200  # a posterior with many maps, all equal
    belief = Belief(size, k, m, facts)
    draws = 200 * total
    seen = Counter()
    for oc in belief.sample(random.Random(12), draws):
        assert all_hold(facts, oc)
        assert riddle_problem(oc, k, m) == ""
        seen[(oc.atlantis, oc.artifacts)] += 1
    assert set(seen) == {(oc.atlantis, oc.artifacts) for oc in fits}
    # every fitting map is equally likely: Pearson's chi-square against the uniform posterior
    expected = draws / total
    chi2 = sum((seen[(oc.atlantis, oc.artifacts)] - expected) ** 2 / expected for oc in fits)
    dof = total - 1
    assert chi2 < dof + 8 * math.sqrt(2 * dof)  # ~8 standard deviations: never flakes


def test_maps_drawn_by_city_share_their_city_and_follow_the_exact_posterior():
    """The endgame's draws: cities from the posterior, several artifact sets for each. Every
    map fits the facts, each group of ``per_city`` shares its city, the cities follow the
    city probabilities and, given its city, the artifacts follow the posterior given it."""
    size, k, m = 4, 2, 1
    facts = [seamount(5), no_trace(6), deep(15)]
    fits = [oc for oc in all_maps(size, k, m) if all_hold(facts, oc)]
    belief = Belief(size, k, m, facts)
    per_city, groups = 5, 3000
    draws = belief.sample_by_city(random.Random(8), groups, per_city)
    assert len(draws) == groups * per_city
    city_seen: Counter = Counter()
    pair_seen: Counter = Counter()
    for gi in range(groups):
        group = draws[gi * per_city : (gi + 1) * per_city]
        assert len({oc.atlantis for oc in group}) == 1
        city_seen[group[0].atlantis] += 1
        for oc in group:
            assert all_hold(facts, oc)
            pair_seen[(oc.atlantis, oc.artifacts)] += 1
    by_city = Counter(oc.atlantis for oc in fits)
    for city, p in belief.city_probabilities().items():
        assert p == pytest.approx(by_city[city] / len(fits))
        sigma = math.sqrt(groups * p * (1 - p))
        assert abs(city_seen[city] - groups * p) < 6 * sigma + 1
    # given its city, each fitting artifact set is equally likely (chi-square, ~8 sigma)
    for city, n_maps in by_city.items():
        drawn = city_seen[city] * per_city
        if n_maps < 2 or drawn < 50:
            continue
        sets = [oc.artifacts for oc in fits if oc.atlantis == city]
        expected = drawn / n_maps
        chi2 = sum((pair_seen[(city, a)] - expected) ** 2 / expected for a in sets)
        dof = n_maps - 1
        assert chi2 < dof + 8 * math.sqrt(2 * dof)


def test_one_map_per_city_is_the_plain_draw():
    belief = Belief(4, 2, 1, [seamount(5)])
    plain = belief.sample(random.Random(3), 40)
    grouped = belief.sample_by_city(random.Random(3), 40, 1)
    assert [(o.atlantis, o.artifacts) for o in plain] == [
        (o.atlantis, o.artifacts) for o in grouped
    ]


def test_sampled_cities_follow_the_city_probabilities_on_a_real_6x6_chart():
    rng = random.Random(4)
    ocean = true_map(6, 4, 4, 99)
    facts = readings(ocean, 4, [("sonar", 14, 0), ("jelly", 20, 1), ("explore", 21, 0)])
    belief = Belief(6, facts=facts)
    probs = belief.city_probabilities()
    draws = belief.sample(rng, 3000)
    for oc in draws:
        assert all_hold(facts, oc)
        assert riddle_problem(oc, 4, 4) == ""
    seen = Counter(oc.atlantis for oc in draws)
    # the most likely cities turn up about as often as they should (binomial, 6 sigma)
    for city, p in list(probs.items())[:5]:
        sigma = math.sqrt(len(draws) * p * (1 - p))
        assert abs(seen[city] - len(draws) * p) < 6 * sigma + 1


# ---------------------------------------------------------------------------- 4. contradictions


@pytest.mark.parametrize(
    "facts",
    [
        [deep(5), exactly(5, "atlantis")],
        [trace(5), no_trace(5)],
        [Count(frozenset(range(16)), "trace", frozenset({5}))],  # 2 + 2 traces on the map
        [Count(frozenset({0, 1, 2}), "trace", frozenset({3})), deep(1)],
        [exactly(0, "artifact"), exactly(3, "artifact"), exactly(12, "artifact")],
        [CellIs(7, frozenset())],
    ],
)
def test_contradictory_facts_are_a_clear_state_not_a_crash(facts):
    belief = Belief(4, 2, 2, facts)
    assert not belief.consistent()
    assert belief.total_weight() == 0
    assert belief.city_probabilities() == {}
    assert belief.city_probabilities(top=3) == {}
    assert belief.city_weights() == {}
    for query in (belief.cell_marginals, belief.best_city):
        with pytest.raises(ValueError, match="contradict"):
            query()
    with pytest.raises(ValueError, match="contradict"):
        belief.sample(random.Random(1), 4)
    belief.add(seamount(0))  # more facts keep it contradictory, and still no crash
    assert not belief.consistent()


# ---------------------------------------------------------------------------- 5. no facts


@pytest.mark.parametrize("size,k,m", [(4, 2, 2), (5, 3, 2), (6, 4, 4)])
def test_with_no_facts_cities_are_uniform_and_artifacts_follow_the_closed_form(size, k, m):
    belief = Belief(size, k, m)
    placements = atlantis_placements(size, k)
    n = size * size
    assert belief.total_weight() == len(placements) * math.comb(n - k, m)
    probs = belief.city_probabilities()
    assert len(probs) == len(placements)
    assert all(abs(p - 1 / len(placements)) < 1e-12 for p in probs.values())
    marginals = belief.cell_marginals()
    for c in range(n):
        in_city = sum(c in city for city in placements) / len(placements)
        assert abs(marginals[c]["atlantis"] - in_city) < 1e-12
        assert abs(marginals[c]["artifact"] - (1 - in_city) * m / (n - k)) < 1e-12
        assert abs(sum(marginals[c].values()) - 1) < 1e-12


# ---------------------------------------------------------------------------- the rest


def test_the_map_numbers_default_to_the_rulebook_sizes():
    prepare(6)
    belief = Belief(6)
    assert (belief.k, belief.m) == SIZES[6]
    assert belief.total_weight() == len(atlantis_placements(6, 4)) * math.comb(32, 4)
    with pytest.raises(ValueError):
        Belief(5)  # no rulebook numbers for 5×5: they must be given


@pytest.mark.parametrize(
    "fact",
    [
        CellIs(16, frozenset({"deep"})),
        CellIs(3, frozenset({"lava"})),
        Count(frozenset({1, 99}), "trace", frozenset({1})),
        Count(frozenset({1}), "monsters", frozenset({1})),
        NotCity(frozenset({-1, 0})),
    ],
)
def test_facts_that_are_not_about_this_map_are_refused(fact):
    belief = Belief(4, 2, 1)
    with pytest.raises(ValueError):
        belief.add(fact)
    assert belief.facts == ()


def test_top_cities_come_most_likely_first():
    facts = [seamount(5), seamount(6), deep(15), trace(9)]
    belief = Belief(4, 2, 2, facts)
    _total, cities, _cells = brute(4, 2, 2, facts)
    top = belief.city_probabilities(top=3)
    assert len(top) == 3
    values = list(top.values())
    assert values == sorted(values, reverse=True)
    assert values[0] == max(cities.values()) / sum(cities.values())
    assert belief.best_city()[0] in top


def test_on_the_full_8x8_map_real_readings_keep_the_true_city_and_sum_to_one():
    ocean = true_map(8, 6, 6, 2024)
    spec = [("sonar", 27, 0), ("jelly", 28, 2), ("explore", 29, 0), ("archaeologist", 36, 0)]
    spec += [("sonar", 44, 0), ("explore", min(ocean.artifacts), 0)]  # an artifact found
    facts = readings(ocean, 6, spec)
    belief = Belief(8, facts=facts[:-3])
    for fact in facts[-3:]:
        belief.add(fact)
    weights = belief.city_weights()
    assert ocean.atlantis in weights
    assert sum(weights.values()) == belief.total_weight()
    assert abs(sum(belief.city_probabilities().values()) - 1) < 1e-9
    marginals = belief.cell_marginals()
    for c, row in enumerate(marginals):
        assert abs(sum(row.values()) - 1) < 1e-9
        assert all(p > -1e-12 for p in row.values())
        if c in {f.cell for f in facts if isinstance(f, CellIs) and f.terrains == {"deep"}}:
            assert row["deep"] == pytest.approx(1)
    for oc in belief.sample(random.Random(3), 32):
        assert all_hold(facts, oc)
        assert riddle_problem(oc, 6, 6) == ""


def test_the_atlantis_probabilities_are_the_atlantis_column_of_the_marginals():
    # the U-Bot's cheap path must say exactly what the full marginals say
    from ai.finding.belief import Belief
    from game.finding.facts import deep, seamount

    b = Belief(6, facts=[seamount(7), deep(14), seamount(21)])
    fast = b.atlantis_probabilities()
    full = [row["atlantis"] for row in Belief(6, facts=b.facts).cell_marginals()]
    assert fast == full and abs(sum(fast) - 4) < 1e-9
    b.cell_counts()
    assert b.atlantis_probabilities() == fast  # after cell_counts, from its cache
