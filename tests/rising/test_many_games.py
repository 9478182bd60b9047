"""Many cheap random games with plain seeds: nothing raises, every game ends, floods stay tip-first."""

from __future__ import annotations

import random

from game.rising.island import SPOT_INDEX
from game.rising.setup import new_game


def test_a_thousand_random_games():
    results = {"won": 0, "lost": 0}
    for seed in range(1000):
        n = 2 + seed % 5
        opts = {
            "difficulty": ("easy", "normal", "hard", "cosmic")[seed % 4],
            "energy_start": "no" if seed % 7 == 0 else "yes",
            "fast": "yes" if seed % 3 == 0 else "no",
        }
        st = new_game(n, opts, seed)
        rng = random.Random(seed)
        while True:
            d = st.decision()
            if d is None:
                break
            flooded = list(st.flooded)
            events = st.apply(rng.choice(st.legal_actions(d.players[0])))
            for e in events:
                if e.kind == "tile_flooded":
                    t = SPOT_INDEX[e.data["tile"]]
                    # the sunk tile is always the outermost one left in its section
                    assert flooded[t // 6] == t % 6
                    flooded[t // 6] += 1
                elif e.kind == "tile_restored":
                    t = SPOT_INDEX[e.data["tile"]]
                    flooded[t // 6] -= 1
                    assert flooded[t // 6] == t % 6
            assert flooded == st.flooded
        results[st.result] += 1
    assert results["won"] + results["lost"] == 1000
