"""Bench: the wall time of one simultaneous decision answered by nine searching bots.

A tiny sealed-bid game for 9 seats, registered only here (and in the runner's worker processes
through their initializer): every seat holds five secret cards and all seats offer one at
once; the highest unique offer scores the pot. Each seat is a ``hard`` generic search bot
(ISMCTS, ``ai/search.py``) with a 1 s budget. The runner's pool spreads the nine bots over the
machine's cores and gives each its share of the one budget, so the decision should take about
one budget, not nine (floor: under 1.5 s on a 2-core machine).
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Mapping
from typing import Any

from game.core import registry
from game.core.protocol import Action, Decision, Event, GameState

GAME_ID = "bench_sealed"
SEATS = 9
HAND = 5
FULL = -2


class SealedBids(GameState):
    """Nine seats, secret hands, one simultaneous secret offer per round."""

    game_id = GAME_ID

    def __init__(self, n: int, seed: int, rounds: int = 3) -> None:
        self.rng = random.Random(seed)
        self.n = n
        self.rounds = rounds
        deck = [v for v in range(1, 10) for _ in range(n)]
        self.rng.shuffle(deck)
        self.hands = [sorted(deck.pop() for _ in range(HAND)) for _ in range(n)]
        self.scores = [0] * n
        self.bids: list[int | None] = [None] * n
        self.round = 1
        self.observer: int | None = FULL

    @property
    def num_players(self) -> int:
        return self.n

    def decision(self) -> Decision | None:
        if self.round > self.rounds:
            return None
        waiting = tuple(p for p in range(self.n) if self.bids[p] is None)
        return Decision(waiting, "offer", "Offer a card in secret")

    def legal_actions(self, player: int) -> list[Action]:
        if self.round > self.rounds or self.bids[player] is not None:
            return []
        return [Action.make(player, "offer", card=c) for c in sorted(set(self.hands[player]))]

    def _apply(self, action: Action) -> list[Event]:
        p, card = action.player, action["card"]
        self.hands[p].remove(card)
        self.bids[p] = card
        events = [Event("offer", f"seat {p} offers", {"player": p})]
        if all(b is not None for b in self.bids):
            bids = [int(b or 0) for b in self.bids]
            unique = [b for b in bids if bids.count(b) == 1]
            if unique:
                self.scores[bids.index(max(unique))] += sum(bids)
            self.bids = [None] * self.n
            self.round += 1
            events.append(Event("reveal", f"offers {bids}", {"bids": bids}))
        return events

    def returns(self) -> list[float]:
        best = max(self.scores)
        return [1.0 if s == best else 0.0 for s in self.scores]

    def _unknown(self) -> list[tuple[int, int, bool]]:
        if self.observer == FULL:
            return []
        out = []
        for p in range(self.n):
            if p != self.observer:
                out.extend((p, i, False) for i in range(len(self.hands[p])))
                if self.bids[p]:
                    out.append((p, 0, True))
        return out

    def _get(self, slot: tuple[int, int, bool]) -> int:
        p, i, bid = slot
        return int(self.bids[p] or 0) if bid else self.hands[p][i]

    def _put(self, slots: list[tuple[int, int, bool]], values: list[int]) -> None:
        for (p, i, bid), v in zip(slots, values, strict=True):
            if bid:
                self.bids[p] = v
            else:
                self.hands[p][i] = v

    def _redact(self, player: int | None) -> None:
        self.observer = player
        slots = self._unknown()
        self._put(slots, sorted(self._get(s) for s in slots))

    def _shuffle_unknown(self, rng: random.Random) -> None:
        slots = self._unknown()
        values = [self._get(s) for s in slots]
        rng.shuffle(values)
        self._put(slots, values)
        self.observer = FULL

    def clone(self) -> SealedBids:
        c = SealedBids.__new__(SealedBids)
        c.rng = random.Random()
        c.rng.setstate(self.rng.getstate())
        c.n, c.rounds, c.round, c.observer = self.n, self.rounds, self.round, self.observer
        c.hands = [h[:] for h in self.hands]
        c.scores = self.scores[:]
        c.bids = self.bids[:]
        return c

    def fingerprint(self) -> Any:
        hands = tuple(tuple(h) for h in self.hands)
        return (self.n, self.round, hands, tuple(self.scores), tuple(self.bids), self.observer)


def _new(n: int, options: Mapping[str, str], seed: int) -> GameState:
    return SealedBids(n, seed)


def install() -> None:
    """Register the bench game (idempotent; the runner's workers call it first)."""
    registry.register(
        registry.GameSpec(
            GAME_ID, "Sealed bids (bench)", "bench only", 2, 10, _new, hidden_information=True
        )  # fmt: skip
    )


def measure(decisions: int = 3, budget_s: float = 1.0, seats: int = SEATS) -> dict[str, Any]:
    """Wall seconds from asking all ``seats`` hard bots of one simultaneous decision to the
    last answer, over ``decisions`` decisions (after one warm-up that starts the pool)."""
    from ai.runner import BotRunner, pool_size

    install()
    state = SealedBids(seats, 11)
    walls: list[float] = []
    runner = BotRunner("process", initializer=install)
    try:
        for round_no in range(decisions + 1):
            budget = 0.1 if round_no == 0 else budget_s  # the warm-up starts every worker
            start = time.perf_counter()
            for seat in range(seats):
                runner.request(state.view(seat), seat, GAME_ID, "hard", budget)
            got: dict[int, Action] = {}
            while len(got) < seats:
                for seat in range(seats):
                    if seat not in got and (a := runner.poll(seat)) is not None:
                        got[seat] = a
                time.sleep(0.002)
            if round_no:
                walls.append(time.perf_counter() - start)
    finally:
        runner.close()
    return {
        "seats": seats,
        "budget_s": budget_s,
        "workers": pool_size(),
        "wall_s_median": round(statistics.median(walls), 3),
        "wall_s_max": round(max(walls), 3),
        "walls": [round(w, 3) for w in walls],
    }
