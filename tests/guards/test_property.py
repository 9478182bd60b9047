"""Random legal games to the end: no exception, the invariants after every move, exact replays.

The default run plays a small sample (hypothesis picks seeds, seat counts, selection modes and
Tower Rush); ``GUARDS_GAMES=3000`` scales the seeded soak run (``-m soak``) to thousands.
Boards: the tiny test boards, and the shipped boards once they exist.
"""

from __future__ import annotations

import os
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st_

from game.core.hidden import HIDDEN
from game.core.protocol import Action
from game.guards import geo
from game.guards.setup import new_game
from tests.guards.helpers import check_invariants, random_action, stand_ins

MAX_ACTIONS = 20_000


def shipped_boards() -> list[str]:
    out = []
    for name in ("one_lane", "two_lane"):
        try:
            geo.get(name)
        except ValueError:
            continue
        out.append(name)
    return out


BOARDS = ["tiny", *shipped_boards()]


def check_views(st) -> None:
    for viewer in range(st.n):
        v = st.view(viewer)
        for h, c in enumerate(v.commit):
            if st.seat_of[h] != viewer and st.phase == "play":
                assert c in (None, HIDDEN), "a view shows another seat's face-down card"


def play(n: int, seed: int, options: dict[str, str], full: bool = True):
    st = new_game(n, options, seed)
    rng = random.Random(seed)
    log: list[Action] = []
    while st.decision() is not None:
        assert len(log) < MAX_ACTIONS, "the game does not end"
        d = st.decision()
        for p in d.players:
            assert st.legal_actions(p), f"{d.kind}: a deciding seat has no legal action"
        a = random_action(st, rng)
        log.append(a)
        st.apply(a)
        if full or len(log) % 17 == 0:
            check_invariants(st)
            if st.phase == "play":
                check_views(st)
    check_invariants(st)
    return st, log


def replays(st, n, seed, options, log) -> None:
    again = new_game(n, options, seed)
    for a in log:
        again.apply(a)
    assert again.fingerprint() == st.fingerprint()


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st_.integers(0, 10_000),
    n=st_.integers(2, 10),
    mode=st_.sampled_from(["pick", "draft", "limited", "captains"]),
    towers=st_.sampled_from(["off", "off", "2", "3"]),
    board=st_.sampled_from(BOARDS),
)
def test_random_games_keep_every_invariant_and_replay_exactly(seed, n, mode, towers, board):
    if board == "one_lane" and n > 6:
        board = "tiny"
    options = {"board": board, "selection": mode, "towers": towers}
    with stand_ins():
        st, log = play(n, seed, options, full=True)
        assert st.winner is not None
        replays(st, n, seed, options, log)


SOAK_GAMES = int(os.environ.get("GUARDS_GAMES", "40"))


@pytest.mark.soak
def test_many_seeded_random_games_every_count_every_mode():
    ends = {"throne": 0, "towers": 0, "round limit": 0}
    with stand_ins():
        for g in range(SOAK_GAMES):
            n = 2 + g % 9
            board = BOARDS[g % len(BOARDS)]
            if board == "one_lane" and n > 6:
                board = "tiny"
            options = {
                "board": board,
                "selection": ("pick", "draft", "limited", "captains")[(g // 9) % 4],
                "towers": ("off", "3")[(g // 36) % 2],
            }
            st, log = play(n, 50_000 + g, options, full=False)
            ends[st.win_how] += 1
            if g % 10 == 0:
                replays(st, n, 50_000 + g, options, log)
    assert ends["throne"] > 0
