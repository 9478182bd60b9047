"""Random legal games to the end, with invariants checked after every action."""

from __future__ import annotations

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st_

from tests.rising.helpers import check_invariants, fresh, random_game

OPTIONS = st_.fixed_dictionaries(
    {
        "difficulty": st_.sampled_from(["easy", "normal", "hard", "cosmic"]),
        "energy_start": st_.sampled_from(["yes", "no"]),
        "fast": st_.sampled_from(["yes", "no"]),
    }
)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(n=st_.integers(2, 6), seed=st_.integers(0, 2**31), options=OPTIONS)
# found by these games: a card played over the hand limit (Merchant Caravan's gift) asks its
# question while the hand still waits for its discard
@example(n=5, seed=846, options={"difficulty": "easy", "energy_start": "no", "fast": "no"})
def test_random_games_end_with_invariants_and_replay(n, seed, options):
    st, log = random_game(n, seed, options, check=True)
    assert st.decision() is None and st.result in ("won", "lost")
    assert st.returns() == [1.0 if st.result == "won" else 0.0] * n
    replay = fresh(n, seed, **options)
    for a in log:
        replay.apply(a)
    assert replay.fingerprint() == st.fingerprint()


@settings(max_examples=15, deadline=None)
@given(n=st_.integers(2, 6), seed=st_.integers(0, 2**31), cut=st_.integers(0, 200))
def test_clone_and_view_midgame(n, seed, cut):
    import random

    st = fresh(n, seed)
    rng = random.Random(seed)
    for _ in range(cut):
        d = st.decision()
        if d is None:
            break
        st.apply(rng.choice(st.legal_actions(d.players[0])))
    twin = st.clone()
    assert twin.fingerprint() == st.fingerprint()
    check_invariants(twin)
    v = st.view(0)
    assert v.view(0).fingerprint() == v.fingerprint()
    assert v.determinize(rng).view(0).fingerprint() == v.fingerprint()
    d = st.decision()
    if d is not None:
        a = st.legal_actions(d.players[0])[0]
        twin.apply(a)
        assert st.fingerprint() == st.clone().fingerprint()  # the original did not move
