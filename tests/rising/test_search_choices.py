"""The searching hard bot's world-capped choices, fixed: making the search cheaper moves nothing.

The expected moves were recorded with the search as it was before its speed work (commit
db5fae4: replayed playouts, no shared starts): on these positions the sped-up search must make
the very same choice after the very same number of worlds and playouts, and its playouts must
score the same total (to 6 decimals: a changed playout shows there long before it moves a
choice). Positions are real hard decisions from games the hard base policy plays
(tools/rising/search_speed.py), with and without the monsters module; the clock plays no part (a
24-world cap, no time limit).
"""

from __future__ import annotations

import time

import pytest

from ai.rising import SearchRisingBot
from tools.rising.search_speed import searched_positions

ALL_MONSTERS = {"monsters": "medusa,harpies,scylla"}

EXPECTED = {
    "base": [
        ("place", (("at", "cities-2"),), 24, 80, 4934.956739),
        ("place", (("at", "libraries-6"), ("courage", True)), 8, 32, 3664.53161),
        ("cancel", (), 8, 16, 2049.56822),
        ("hold", (), 8, 32, 4418.209733),
        ("place", (("at", "libraries-4"),), 24, 88, 12589.840088),
        ("play", (("card", "crystal_cache"),), 24, 56, 8024.768049),
    ],
    "monsters": [
        ("place", (("at", "cities-2"),), 16, 48, 1869.369469),
        ("place", (("at", "navy"), ("courage", True)), 8, 32, 1945.938261),
        ("pass", (), 24, 48, 3441.15076),
        ("hold", (), 24, 72, 4933.631855),
    ],
}


@pytest.mark.parametrize(("name", "options"), [("base", {}), ("monsters", ALL_MONSTERS)])
def test_world_capped_choices_are_those_of_the_unoptimised_search(name, options, monkeypatch):
    from ai.rising import bots

    values: list[float] = []
    evaluate = bots.evaluate

    def recorded(w):
        values.append(evaluate(w))
        return values[-1]

    monkeypatch.setattr(bots, "evaluate", recorded)
    positions = searched_positions(len(EXPECTED[name]), 11, options=options)
    got = []
    for i, (view, p) in enumerate(positions):
        values.clear()
        bot = SearchRisingBot("hard", seed=i, max_time=1e9, max_worlds=24)
        a = bot.choose(view, p, time.monotonic() + 1e9)
        got.append((a.kind, a.args, bot.last_worlds, bot.last_playouts, round(sum(values), 6)))
    assert got == EXPECTED[name]


def test_a_playout_from_the_shared_start_ends_where_a_replayed_one_does():
    """The shared start is where every world's replay of the same moves would have arrived."""
    import random

    from ai.rising.bots import _rollout, _shared_start, distinct_candidates, reseeded
    from ai.rising.rankers import rank

    view, p = searched_positions(3, 5)[2]
    cands = distinct_candidates(view, rank(view, p, "hard"), 4)
    horizon = view.round + 1
    rng = random.Random(3)
    first = view.determinize(rng)  # the start is found on this world, used on the others
    starts = {c: _shared_start(first, c, horizon, "hard", {}) for c in cands}
    shared = 0
    for _ in range(6):
        world, seed = view.determinize(rng), rng.getrandbits(48)
        assert world.mdeck != first.mdeck or world.kdeck != first.kdeck
        for c in cands:
            replay = reseeded(world, random.Random(seed))
            replay._apply_quiet(c)
            assert _rollout(replay, horizon, 1e18, lambda: False, "hard", {})
            start = starts[c]
            if start is None:
                continue
            shared += 1
            w = reseeded(start[0], random.Random(seed))
            w.mdeck, w.kdeck = world.mdeck[:], world.kdeck[:]
            assert _rollout(w, horizon, 1e18, lambda: False, "hard", {}, start[1])
            assert w.fingerprint() == replay.fingerprint()
    assert shared > 0


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_the_quick_production_answer_is_the_ranked_best(level):
    """heuristic_action's short cut for production steps answers exactly what rank puts first."""
    from ai.rising.rankers import heuristic_action, rank
    from game.rising.setup import new_game

    asked = 0
    for seed in range(3):
        st = new_game(4, {"difficulty": "normal"}, seed)
        while st.result is None:
            q = st.decider()
            best = rank(st, q, level)[0][1]
            if st.stack[-1][0] == "prod":
                asked += 1
                assert heuristic_action(st, q, level) is best
            st.apply(best)
    assert asked > 50
