"""Random legal games to the end: no exception, invariants after every move, exact replays.

The default run plays a sample (hypothesis picks seeds, seat counts, sizes, modes and monster
behaviours; ``FINDING_EXAMPLES=300`` asks for more); ``FINDING_GAMES=3000`` scales the
seeded soak run (cheaper checks every move) to thousands of games, and
``make soak`` plays more through tools/soak.py with ``check_invariants`` from helpers.
"""

from __future__ import annotations

import os
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st_

from game.core.protocol import Action, GameState
from game.core.saves import GameRecord, Seat
from game.finding import SPEC
from game.finding.facts import all_hold
from game.finding.setup import new_game
from game.finding.state import FindingState
from tests.finding.helpers import SURFACE, check_events, check_invariants
from tests.snapshots import round_trip

OPTIONS = st_.fixed_dictionaries(
    {
        "size": st_.sampled_from(["6", "8"]),
        "mode": st_.sampled_from(["classic", "pirate"]),
        "monsters": st_.sampled_from(["sleepy", "hunting"]),
    }
)
#: full view checks every this many moves (and at the end); the cheap ones run every move
VIEW_EVERY = 23


def pick(state: FindingState, legal: list[Action], rng: random.Random) -> Action:
    """A cheap random policy that, when it names a city, often names true spaces (so games
    also end in wins, not only in wrong claims and the round limit)."""
    d = state.decision()
    if d is not None and d.kind == "claim" and rng.random() < 0.8:
        right = [a for a in legal if a["cell"] in state.ocean.atlantis]
        if right:
            return right[rng.randrange(len(right))]
    if d is not None and d.kind == "solve" and rng.random() < 0.7:
        return legal[0]
    return legal[rng.randrange(len(legal))]


def cheap_checks(st: FindingState, events) -> None:
    size = st.size
    for p in range(st.n):
        assert st.pos[p] is not None and 0 <= st.pos[p] < size * size, "off the map"
        assert SURFACE in st.hand[p], "Surface was lost"
    check_events(st, events)
    for viewer in (*range(st.n), None):
        for q in range(st.n):
            assert st.pos[q] in st.possible_positions(viewer, q), "a chart lost the truth"


def hidden_alternatives(st: FindingState, action: Action) -> None:
    """Moves another seat cannot tell apart leave it the same view unless its events differ."""
    legal = st.legal_actions(action.player)
    for viewer in (*(q for q in range(st.n) if q != action.player), None):
        key = st.observe(action, viewer)
        same = [a for a in legal if st.observe(a, viewer) == key]
        seen = {}
        for a in same[:4]:
            s = st.clone()
            events = s.apply(a)
            shown = tuple((e.kind, e.text) for e in events if e.visible_to(viewer))
            fp = s.view(viewer).fingerprint()
            if shown in seen:
                assert seen[shown] == fp, f"{viewer} can tell {a} from another move"
            seen[shown] = fp


def play(n: int, seed: int, options: dict[str, str], full: bool) -> tuple[FindingState, list]:
    st = new_game(n, options, seed)
    rng = random.Random(seed ^ 0x5EED)
    log: list[Action] = []
    while (d := st.decision()) is not None:
        legal = st.legal_actions(d.players[0])
        assert legal
        a = pick(st, legal, rng)
        if full and len(log) % VIEW_EVERY == 5 and st.observe(a, None) != a:
            hidden_alternatives(st, a)
        events = st.apply(a)
        log.append(a)
        if full and len(log) % VIEW_EVERY == 0:
            check_invariants(st, events)
        else:
            cheap_checks(st, events)
        assert len(log) < 5000, "a game that does not end"
    check_invariants(st)
    assert st.ocean is not None
    for viewer in (*range(n), None):
        assert all_hold(st.located_facts(viewer), st.ocean)
    return st, log


def replays(st: GameState, n: int, seed: int, options: dict[str, str], log: list) -> None:
    again = new_game(n, options, seed)
    for a in log:
        again.apply(a)
    assert again.fingerprint() == st.fingerprint()
    seats = [Seat(f"Seat {i + 1}", "bot", "random", SPEC.colours[i]) for i in range(n)]
    record = GameRecord("finding", SPEC.parse_options(options), seed, seats, list(log))
    loaded = GameRecord.loads(record.dumps()).replay()
    assert loaded.fingerprint() == st.fingerprint()
    round_trip(st, random.Random(seed))  # a finished game, often with sea monsters


EXAMPLES = int(os.environ.get("FINDING_EXAMPLES", "24"))


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(n=st_.integers(1, 4), seed=st_.integers(0, 2**31), options=OPTIONS)
def test_random_games_end_with_every_invariant_and_replay_exactly(n, seed, options):
    st, log = play(n, seed, options, full=True)
    assert st.decision() is None
    r = st.returns()
    assert r == [0.0] * n or sorted(r) == [0.0] * (n - 1) + [1.0]
    replays(st, n, seed, options, log)


def test_the_sample_covers_wins_wrong_claims_and_the_round_limit():
    """The seeded run below meets every way a game goes on or ends."""
    seen = set()
    for seed in range(40):
        n = 1 + seed % 4
        opts = {"size": "6", "mode": "pirate" if seed % 2 else "classic"}
        st, _ = play(n, seed, opts, full=False)
        seen.add("win" if st.winner is not None else "limit")
        seen.update(e.kind for e in st.log if e.kind in ("wrong_claim", "mine_hit", "attack"))
    assert {"win", "limit", "wrong_claim", "mine_hit", "attack"} <= seen


SOAK_GAMES = int(os.environ.get("FINDING_GAMES", "60"))


@pytest.mark.soak
def test_many_seeded_random_games_both_sizes_both_modes_both_behaviours():
    outcomes = {"win": 0, "limit": 0}
    for seed in range(SOAK_GAMES):
        n = 1 + seed % 4
        options = {
            "size": "68"[(seed // 4) % 2],
            "mode": ("classic", "pirate")[(seed // 8) % 2],
            "monsters": ("sleepy", "hunting")[(seed // 16) % 2],
        }
        st, log = play(n, 10_000 + seed, options, full=False)
        outcomes["win" if st.winner is not None else "limit"] += 1
        if seed % 10 == 0:
            replays(st, n, 10_000 + seed, options, log)
    assert outcomes["win"] and outcomes["limit"]
