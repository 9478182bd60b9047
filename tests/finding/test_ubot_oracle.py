"""The oracle benchmark: the shortest route to Atlantis under the real rules, on hand-made maps.

On the test map the city is A1, B1, B2 and C2. Each case below states the fewest actions by
hand (what each card can move, and that Explore must be in hand on a city space), and the
oracle, playing the real engine from the real state, must win after exactly that many.
"""

from __future__ import annotations

import pytest

from ai.finding.model import Me
from ai.finding.oracle import OracleBot
from ai.finding.route import route
from game.finding.effects import TURN_KINDS, is_free
from tests.finding.helpers import SIX, c, table

FULL = ("sonar", "jelly", "explore", "surface", "silent", "long_silent")


def _play(st) -> int:
    """Let the oracle play seat 0 to the end; the actions (not free ones) it took."""
    bot = OracleBot()
    actions = 0
    while st.decision() is not None:
        a = bot.choose(st, 0, 0.0)
        if a.kind in TURN_KINDS and not is_free(a):
            actions += 1
        st.apply(a)
    assert st.winner == 0
    return actions


@pytest.mark.parametrize(
    ("start", "captain", "played", "fewest", "why"),
    [
        # F6 to C2 is 7 spaces: Engineer 3 + Long Silent 2 + Silent 1 + a burn 1, then Explore
        # (three moves reach at most 3 + 2 + 1 = 6)
        (c(5, 5), "engineer", (), 5, "four moves and Explore"),
        (c(1, 1), "navy", (), 1, "Explore where it is"),
        # Explore already played: one step west, Surface for the card back, Explore
        (c(3, 1), "navy", ("explore",), 3, "a move, Surface, Explore"),
        # the Smuggler's step is free
        (c(3, 1), "smuggler", (), 1, "a free step and Explore"),
        # F1 to C2 is 4 spaces: Long Silent 2 + Silent 1 + a burn 1, then Explore
        (c(5, 0), "navy", (), 4, "three moves and Explore"),
    ],
)
def test_the_oracle_takes_the_fewest_actions_to_atlantis(start, captain, played, fewest, why):
    st = table(SIX, pos=(start,), captains=(captain,))
    st.hand[0] = tuple(k for k in FULL if k not in played)
    me = Me(start, st.hand[0], captain, ())
    got = route(me, SIX.atlantis, seat=0, n=1, size=6, pirate=False, captain=captain)
    assert got is not None and got[0] == fewest, why
    assert _play(st) == fewest, why


def test_the_oracle_is_a_benchmark_and_refuses_a_view():
    st = table(SIX, pos=(c(5, 5),))
    with pytest.raises(ValueError, match="real state"):
        OracleBot().choose(st.view(0), 0, 0.0)


def test_the_route_goes_around_a_known_sea_monster():
    # B4 to B2: Long Silent Running north and Explore, unless a monster waits on B3; then the
    # way round takes a step aside, two north and one back (three moves) before Explore.
    me = Me(c(1, 3), FULL, "navy", ())
    plain = route(me, {c(1, 1)}, seat=0, n=1, size=6, pirate=False, captain="navy")
    around = route(
        me, {c(1, 1)}, seat=0, n=1, size=6, pirate=False, captain="navy",
        avoid=frozenset({c(1, 2)}),
    )  # fmt: skip
    assert plain is not None and plain[0] == 2
    assert around is not None and around[0] == 4
