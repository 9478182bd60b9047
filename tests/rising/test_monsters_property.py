"""Random and bot games with every monster setting: no exception, invariants, determinism."""

from __future__ import annotations

import random
import time

import pytest

from ai.bots import make_bot
from game.rising.setup import new_game
from tests.rising.monster_helpers import check_monster_invariants, random_monster_game

pytestmark = pytest.mark.usefixtures("halt")  # scenarios end on the test-only halt frame

SETTINGS = ("medusa", "harpies", "scylla", "medusa,harpies,scylla")


@pytest.mark.parametrize("monsters", SETTINGS)
def test_random_games_keep_the_invariants_and_replay_exactly(monsters):
    for seed in range(30):
        n = 2 + seed % 5
        opts = {"monsters": monsters, "fast": "yes" if seed % 3 == 0 else "no"}
        st, log = random_monster_game(n, seed, opts)
        assert st.result in ("won", "lost")
        replay = new_game(n, opts, seed)
        for a in log:
            replay.apply(a)
        assert replay.fingerprint() == st.fingerprint()


@pytest.mark.parametrize("monsters", SETTINGS)
def test_clone_view_and_determinize_keep_the_monsters(monsters):
    rng = random.Random(7)
    for seed in range(6):
        st = new_game(4, {"monsters": monsters}, seed)
        for _ in range(rng.randrange(20, 160)):
            d = st.decision()
            if d is None:
                break
            st.apply(rng.choice(st.legal_actions(d.players[0])))
        twin = st.clone()
        assert twin.fingerprint() == st.fingerprint()
        assert twin.petr is not st.petr and twin.captives is not st.captives
        check_monster_invariants(twin)
        v = st.view(0)
        assert v.medusa == st.medusa and v.petr == st.petr and v.harpies == st.harpies
        assert v.determinize(rng).view(0).fingerprint() == v.fingerprint()
        d = st.decision()
        if d is not None:
            before = st.fingerprint()
            twin.apply(twin.legal_actions(d.players[0])[0])
            assert st.fingerprint() == before


def test_normal_bots_play_every_monster_to_the_end():
    for i, monsters in enumerate(SETTINGS):
        st = new_game(4, {"monsters": monsters}, 40 + i)
        bots = [make_bot("rising", "normal", s) for s in range(4)]
        while st.decision() is not None:
            p = st.decision().players[0]
            events = st.apply(bots[p].choose(st.view(p), p, time.monotonic() + 1.0))
            check_monster_invariants(st)
            # bots never walk onto Medusa's tile (the Shield bearer excepted)
            assert not any(e.kind == "petrified" and e.data["cause"] == "placed" for e in events)
        assert st.result in ("won", "lost")


def test_hard_bot_searches_a_monster_decision():
    from tests.rising.helpers import place, run_frames
    from tests.rising.monster_helpers import mscenario

    st = mscenario("medusa")
    place(st, 1, "hills-3")
    run_frames(st, ("medusa",))
    bot = make_bot("rising", "hard", 1)
    a = bot.choose(st.view(1), 1, time.monotonic() + 0.3)
    assert a in st.legal_actions(1)
