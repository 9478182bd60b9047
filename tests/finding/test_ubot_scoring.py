"""The U-Bot's scoring pieces: result keys match the engine, the model matches the engine's moves.

The planner never calls the engine on its samples; these tests are what lets it: on random maps
every reading's key splits the maps exactly as the engine's answers do, and the modelled effect
of every legal action puts the submarine where the engine does and spends the cards it does.
"""

from __future__ import annotations

import random

from ai.finding.model import Me, effect, legal_for, reading_templates
from ai.finding.outcomes import as_sample, reading_key
from ai.finding.planner import Scorer
from game.finding.ocean import generate
from game.finding.readings import READINGS, answer
from tests.finding.helpers import SIX, c, table


class _World:
    def __init__(self, ocean, recovered=()):
        self.ocean = ocean
        self.recovered = list(recovered)

    def mine_cells(self):
        return frozenset()

    def monster_cells(self):
        return frozenset()


def _readings(size: int) -> list[tuple[str, tuple]]:
    """Every map reading with every argument it can take."""
    me = Me(0, ("sonar", "jelly", "explore", "surface", "silent", "long_silent"), None, ())
    out = list(reading_templates(me.hand, None, (), False))
    for cap in ("navy", "hydrographer", "diver", "archaeologist", "surveyor"):
        out.extend(t for t in reading_templates((), cap, (), False) if t[0] == cap)
    arts = ("sunstone", "trident", "lantern", "sounder")
    out.extend(reading_templates((), None, arts, False))
    out.extend(("atlas", (("cell", x),)) for x in (0, size + 1, size * size - 1))
    return out


def test_every_reading_key_splits_random_maps_exactly_as_the_engine_answers():
    rng = random.Random(5)
    for size in (6, 8):
        maps = [generate(size, rng) for _ in range(40)]
        recovered = {next(iter(m.artifacts)) for m in maps[:1]}
        rec_mask = sum(1 << x for x in recovered)
        worlds = [_World(m, recovered) for m in maps]  # one space emptied on every map
        kinds = set()
        for kind, args in _readings(size):
            kinds.add(kind)
            for cell in (0, size - 1, size * 3 + 2, size * size - 1, rng.randrange(size * size)):
                fn = reading_key(kind, args, cell, size, rec_mask, 0)
                assert fn is not None
                keys = [fn(as_sample(m)) for m in maps]
                results = [answer(kind, args, cell, w).result for w in worlds]
                for i in range(len(maps)):
                    for j in range(i):
                        assert (keys[i] == keys[j]) == (results[i] == results[j]), (
                            kind, args, cell,
                        )  # fmt: skip
        assert kinds == set(READINGS) - {"periscope", "jelly_mines"}


def test_the_periscope_tells_nothing_about_the_map_and_the_pirate_rod_sees_known_mines():
    assert reading_key("periscope", (), 7, 6, 0, 0) is None
    fn = reading_key("jelly_mines", (("line", "E-W"),), c(1, 5), 6, 0, 1 << c(2, 5))
    # no trace on either side of B6 (A6 and C6 are empty sea): only the known mine shows
    assert fn(as_sample(SIX)) == 1 << c(2, 5)


def test_the_modelled_effect_of_every_legal_action_is_what_the_engine_does():
    rng = random.Random(11)
    for trial in range(30):
        caps = ("engineer", "smuggler", "navy", "phantom", "diver", "surveyor")
        st = table(captains=(caps[trial % len(caps)], "archaeologist"))
        st.arts[st.seat] = ("pearl", "seed", "lantern", "trident")
        for _ in range(rng.randrange(4)):  # some cards already played
            legal = [a for a in st.legal_actions(st.seat) if a.kind in ("sonar", "silent")]
            if legal:
                st.apply(rng.choice(legal))
        p = st.seat
        me = Me(st.pos[p], st.hand[p], st.captain[p] if st.cap_ready[p] else None, st.arts[p])
        offered = legal_for(me, p, st.n, st.size)
        assert sorted(map(str, offered)) == sorted(map(str, st.legal_actions(p)))
        for a in offered:
            eff = effect(me, a, st.size, st.pirate, st.captain[p])
            after = st.clone()
            after.apply(a)
            if after.phase != "play" or after.seat != p:
                continue  # the turn passed or a solve question came up: nothing to compare
            assert eff.after.pos == after.pos[p], a
            assert eff.after.hand == after.hand[p], a
            assert (eff.after.cap is not None) == after.cap_ready[p], a
            assert sorted(eff.after.arts) == sorted(after.arts[p]), a
            assert eff.cost == st.acts - after.acts, a


def test_scorer_information_is_the_entropy_of_the_split_and_repeats_add_nothing():
    rng = random.Random(3)
    maps = [generate(6, rng) for _ in range(64)]
    sc = Scorer([as_sample(m) for m in maps], 6, beta=1.0)
    sonar = ("sonar", (), c(2, 2))
    once = sc.refine(sc.root, sonar)
    twice = sc.refine(once, sonar)
    assert once.score > sc.root.score
    assert abs(twice.score - once.score) < 1e-12
    # with beta = 1 the score is the plain entropy of the results over the samples
    keys = [reading_key("sonar", (), c(2, 2), 6, 0, 0)(as_sample(m)) for m in maps]
    import math
    from collections import Counter

    h = -sum(k / 64 * math.log2(k / 64) for k in Counter(keys).values())
    assert abs(sc.gain(sonar)[0] - h) < 1e-9
    assert abs(sc.gain(sonar)[1] - h) < 1e-9


def test_a_reading_from_a_known_cell_leaks_all_it_tells_and_a_hidden_one_little():
    from ai.finding.planner import Params, Planner

    rng = random.Random(9)
    sc = Scorer([as_sample(generate(6, rng)) for _ in range(64)], 6, beta=0.35)
    sonar = ("sonar", (), c(2, 2))

    def planner(opponents: bool) -> Planner:
        return Planner(
            sc, Params(leak=0.5), seat=0, n=2 if opponents else 1, size=6, pirate=False,
            captain=None, goal=None, opponents=opponents,
        )  # fmt: skip

    told = sc.gain(sonar)[1]
    assert told > 0
    assert abs(planner(True).leak(1, sonar) - 0.5 * told) < 1e-12  # surfaced: all of it
    assert abs(planner(True).leak(8, sonar) - 0.5 * told / 8) < 1e-12
    assert planner(False).leak(1, sonar) == 0.0  # alone at sea nobody listens
