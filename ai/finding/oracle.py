"""The oracle: a benchmark that knows the map. It is never a player level.

It is handed the real state by the measuring tool (``tools/finding/report.py``), not a view,
so it knows where Atlantis lies. It keeps the captain that gives the shorter route, makes the
starting move that shortens it most, follows the shortest route (:mod:`ai.finding.route`) to an
Atlantis space under the engine's own rules, explores it and names the true city. Its turns to
solve are the floor the U-Bot's are compared with: no bot that has to find the city can do
better on the same map from the same start.
"""

from __future__ import annotations

from collections.abc import Callable

from ai.finding.model import Me, effect
from ai.finding.route import route
from game.core.protocol import Action, GameState
from game.finding.cards import hand_cards
from game.finding.state import FULL, FindingState


def _never() -> bool:
    return False


class OracleBot:
    """Shortest route to Atlantis on the true map (``choose`` refuses a view)."""

    level = "oracle"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def _length(self, st: FindingState, p: int, me: Me, captain: str | None) -> int:
        got = route(
            me, st.ocean.atlantis, seat=p, n=st.n, size=st.size, pirate=st.pirate,
            captain=captain,
        )  # fmt: skip
        return got[0] if got else 10**6

    def choose(
        self,
        view: GameState,
        player: int,
        deadline: float,
        should_stop: Callable[[], bool] = _never,
    ) -> Action:
        st = view
        assert isinstance(st, FindingState)
        if st.ocean is None or st.observer != FULL:
            raise ValueError("the oracle is a benchmark: hand it the real state, not a view")
        legal = st.legal_actions(player)
        kind = st.decision().kind  # type: ignore[union-attr]
        p = player
        hand = hand_cards(st.pirate)
        if kind == "captain":
            pos = st.pos[p]
            assert pos is not None

            def best_for(cap: str) -> int:
                me = Me(pos, hand, cap, ())
                return min(
                    self._length(st, p, effect(me, a, st.size, st.pirate, cap).after, cap)
                    for a in _start_moves(p)
                )

            return min(legal, key=lambda a: best_for(a["captain"]))
        if kind == "start_move":
            cap = st.captain[p]
            me = Me(st.pos[p], st.hand[p], cap if st.cap_ready[p] else None, st.arts[p])  # type: ignore[arg-type]
            return min(
                legal,
                key=lambda a: self._length(
                    st, p, effect(me, a, st.size, st.pirate, cap).after, cap
                ),
            )
        if kind == "solve":
            return next(a for a in legal if a.kind == "solve")
        if kind == "claim":
            for a in legal:
                if a["cell"] in st.ocean.atlantis:
                    return a
            return legal[0]
        here = st.pos[p]
        assert here is not None
        if here in st.ocean.atlantis and "explore" in st.hand[p]:
            return next(a for a in legal if a.kind == "explore")
        me = Me(here, st.hand[p], st.captain[p] if st.cap_ready[p] else None, st.arts[p])
        got = route(
            me, st.ocean.atlantis, seat=p, n=st.n, size=st.size, pirate=st.pirate,
            captain=st.captain[p], avoid=frozenset(st.monsters),
        )  # fmt: skip
        if got and got[1] and got[1][0] in legal:
            return got[1][0]
        return next((a for a in legal if a.kind == "surface"), legal[0])


def _start_moves(p: int) -> list[Action]:
    return [Action.make(p, "start_move", direction=d) for d in ("N", "E", "S", "W")]
