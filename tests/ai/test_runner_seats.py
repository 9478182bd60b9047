"""BotRunner per seat: each bot seat owns its bot (RNG and memory), requests of different seats
stand side by side, and the bots of one simultaneous decision share one budget.

Nothing here asserts speed (that is ``make bench``); waits are generous upper bounds.
"""

from __future__ import annotations

import time

import pytest
import toygame
from toygame import ToyState

from ai.bots import SearchBot
from ai.runner import BotRunner
from game.core.protocol import Event

WAIT_S = 40.0


def answers(runner: BotRunner, seats, limit: float = WAIT_S) -> dict:
    """Poll until every seat in ``seats`` has answered; {seat: action}."""
    got: dict = {}
    end = time.monotonic() + limit
    while set(got) != set(seats) and time.monotonic() < end:
        for seat in seats:
            if seat not in got:
                action = runner.poll(seat)
                if action is not None:
                    got[seat] = action
        time.sleep(0.005)
    assert set(got) == set(seats), f"only {sorted(got)} answered"
    return got


def bid_state(n: int = 3) -> ToyState:
    return ToyState(n, 21, mode="versus")


def history(state: ToyState, seat: int) -> list[Event]:
    """What ``seat`` saw of a few made-up moves: a public event and its own secret."""
    return [
        Event("bid", "someone offers a card", {"player": 9}),
        Event("bid_card", f"secret of {seat}", {"card": seat}, to=(seat,)),
    ]


def test_two_seats_at_one_level_have_their_own_bots_and_rngs():
    runner = BotRunner("inline")
    state = bid_state()
    try:
        for seat in (0, 1):
            runner.request(state.view(seat), seat, "toy", "hard", 0.05)
            assert runner.poll(seat) in state.legal_actions(seat)
        bot0, bot1 = runner._bots[0][1], runner._bots[1][1]
        assert isinstance(bot0, SearchBot) and bot0 is not bot1
        assert bot0.rng.getstate() != bot1.rng.getstate()  # seeded per seat, not shared
    finally:
        runner.close()


@pytest.mark.parametrize("mode", ["inline", "thread"])
def test_each_seat_remembers_only_what_it_saw(mode):
    runner = BotRunner(mode)
    state = bid_state()
    try:
        for seat in (0, 1):
            runner.request(state.view(seat), seat, "toy_memory", "normal", 0.1,
                           history=history(state, seat))  # fmt: skip
        answers(runner, [0, 1])
        bots = runner._bots if mode == "inline" else runner._thread.bots
        mem0, mem1 = bots[0][1].seen, bots[1][1].seen
        assert [e.text for e in mem0] == ["someone offers a card", "secret of 0"]
        assert [e.text for e in mem1] == ["someone offers a card", "secret of 1"]
        # the next request sends only what is new; the memory grows, it is not replaced
        more = [*history(state, 0), Event("dive", "a public dive", {})]
        runner.request(state.view(0), 0, "toy_memory", "normal", 0.1, history=more)
        answers(runner, [0])
        assert [e.text for e in bots[0][1].seen][-1] == "a public dive" and len(mem0) == 3
        assert len(bots[1][1].seen) == 2  # seat 1's bot was not touched
    finally:
        runner.close()


def test_forget_rebuilds_a_memory_from_the_whole_history():
    runner = BotRunner("inline")
    state = bid_state()
    try:
        runner.request(state.view(0), 0, "toy_memory", "normal", 0.1, history=history(state, 0))
        runner.poll(0)
        old = runner._bots[0][1]
        runner.forget()  # e.g. a move was taken back: the history it saw is no longer true
        shorter = history(state, 0)[:1]
        runner.request(state.view(0), 0, "toy_memory", "normal", 0.1, history=shorter)
        runner.poll(0)
        assert runner._bots[0][1] is not old
        assert [e.text for e in runner._bots[0][1].seen] == ["someone offers a card"]
    finally:
        runner.close()


@pytest.mark.parametrize("mode", ["thread", "process"])
def test_a_seats_new_request_supersedes_only_its_own(mode):
    kw = {"initializer": toygame.install} if mode == "process" else {}
    runner = BotRunner(mode, workers=2, **kw) if mode == "process" else BotRunner(mode)
    first, second = bid_state(), bid_state()
    second.apply(second.legal_actions(2)[0])
    try:
        runner.request(first.view(0), 0, "toy", "hard", 30.0)
        runner.request(first.view(1), 1, "toy", "random", 0.1)
        runner.request(second.view(0), 0, "toy", "random", 0.1)  # seat 0 asks again
        got = answers(runner, [0, 1])
        assert got[0] in second.legal_actions(0) and got[1] in first.legal_actions(1)
        assert not runner.busy  # the 30 s search was dropped, not waited for
    finally:
        runner.close()


def test_seats_are_dealt_over_the_worker_pool():
    runner = BotRunner("process", workers=2, initializer=toygame.install)
    state = bid_state()
    try:
        for seat in (0, 1, 2):
            runner.request(state.view(seat), seat, "toy", "random", 0.1)
        got = answers(runner, [0, 1, 2])
        assert all(got[s] in state.legal_actions(s) for s in got)
        assert runner._seat_worker == {0: 0, 1: 1, 2: 0}
        assert all(p is not None and p.alive() for p in runner._procs)
        pids = {p.proc.pid for p in runner._procs}
        assert len(pids) == 2
    finally:
        runner.close()


def test_bots_asked_together_share_one_budget():
    """Four bots that each think until their deadline, asked together: every deadline falls
    within the one budget of the decision (shares, not four budgets in a row)."""
    runner = BotRunner("thread")
    state = ToyState(4, 22)
    budget = 0.4
    try:
        asked = time.monotonic()
        for seat in range(4):
            runner.request(state.view(seat), seat, "toy_memory", "hard", budget)
        answers(runner, range(4))
        deadlines = [runner._thread.bots[s][1].deadlines[0] for s in range(4)]
        assert all(d <= asked + budget + 0.05 for d in deadlines)
        assert deadlines == sorted(deadlines) and deadlines[0] < asked + budget / 2
    finally:
        runner.close()
