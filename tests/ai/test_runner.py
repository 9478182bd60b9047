"""BotRunner: legal answers in every mode, no stale answers, safety nets, a responsive UI loop.

Timing is never asserted beyond "it answers": waits below are generous upper bounds.
"""

from __future__ import annotations

import logging
import os
import time

import pytest
import toygame
from toygame import ToyState

from ai.runner import BotRunner, measure_frame_times

WAIT_S = 40.0  # a spawned worker imports the engine first; a loaded CI machine is slow


def wait_answer(runner: BotRunner, limit: float = WAIT_S):
    end = time.monotonic() + limit
    while time.monotonic() < end:
        action = runner.poll()
        if action is not None:
            return action
        time.sleep(0.005)
    raise AssertionError("the runner never answered")


def mid_bid_state() -> ToyState:
    state = ToyState(3, 8)
    state.apply(state.legal_actions(2)[0])  # seat 2 has offered; seats 0 and 1 still decide
    return state


@pytest.fixture(scope="module")
def process_runner():
    runner = BotRunner("process", initializer=toygame.install)
    yield runner
    runner.close()


def make(mode: str, process_runner: BotRunner, **kw) -> BotRunner:
    if mode == "process" and not kw:
        return process_runner
    if mode == "process":
        kw.setdefault("initializer", toygame.install)
    return BotRunner(mode, **kw)


@pytest.mark.parametrize("mode", ["inline", "thread", "process"])
def test_each_mode_answers_legally(mode, process_runner):
    runner = make(mode, process_runner)
    state = mid_bid_state()
    for level in ("random", "normal", "hard"):
        runner.request(state.view(1), 1, "toy", level, 0.1)
        assert runner.busy
        action = wait_answer(runner)
        assert action in state.legal_actions(1)
        assert not runner.busy
        assert runner.poll() is None  # an answer is handed over once
    if runner is not process_runner:
        runner.close()


@pytest.mark.parametrize("mode", ["thread", "process"])
def test_cancel_drops_the_answer_and_the_worker_serves_the_next_request(mode, process_runner):
    runner = make(mode, process_runner)
    state = ToyState(2, 3)
    runner.request(state.view(0), 0, "toy", "hard", 30.0)
    time.sleep(0.2)
    runner.cancel()
    assert not runner.busy
    time.sleep(0.3)
    assert runner.poll() is None  # the cancelled search's answer is never delivered
    after = ToyState(2, 4)
    after.apply(after.legal_actions(0)[0])
    runner.request(after.view(1), 1, "toy", "hard", 0.1)
    assert wait_answer(runner, 10.0) in after.legal_actions(1)  # served promptly: no 30 s wait
    if runner is not process_runner:
        runner.close()


@pytest.mark.parametrize("mode", ["inline", "thread", "process"])
def test_a_bot_that_prepares_longer_than_its_budget_is_waited_for_not_replaced(
    mode, process_runner
):
    # a Finding Atlantis bot builds its city tables once (two seconds on 8×8): no fallback
    runner = make(mode, process_runner)
    state = mid_bid_state()
    runner.request(state.view(1), 1, "toy_prep", "hard", 0.1)
    assert wait_answer(runner) == state.legal_actions(1)[-1] != state.legal_actions(1)[0]
    if runner is not process_runner:
        runner.close()


@pytest.mark.parametrize("mode", ["thread", "process"])
def test_a_new_request_supersedes_the_pending_one(mode, process_runner):
    runner = make(mode, process_runner)
    first, second = ToyState(2, 5), ToyState(2, 6)
    runner.request(first.view(0), 0, "toy", "hard", 30.0)
    runner.request(second.view(1), 1, "toy", "random", 0.1)
    assert wait_answer(runner, 10.0).player == 1
    if runner is not process_runner:
        runner.close()


@pytest.mark.parametrize("mode", ["thread", "process"])
def test_a_stuck_bot_gets_a_legal_fallback_and_the_runner_recovers(mode, caplog):
    runner = make(mode, None, grace_s=0.3)  # type: ignore[arg-type]
    state = ToyState(2, 9)
    if mode == "process":  # let the worker start so the timeout counts from a ready worker
        runner.request(state.view(0), 0, "toy", "random", 0.1)
        wait_answer(runner)
    with caplog.at_level(logging.WARNING, logger="ai.runner"):
        runner.request(state.view(0), 0, "toy_bad", "hard", 0.1)
        assert wait_answer(runner, 5.0) in state.legal_actions(0)
    assert "fallback" in caplog.text
    time.sleep(0.4)  # past the grace: the stuck worker is replaced on the next request
    runner.request(state.view(0), 0, "toy", "normal", 0.1)
    assert wait_answer(runner) in state.legal_actions(0)
    runner.close()


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_illegal_or_crashing_bots_get_a_legal_fallback(level, process_runner, caplog):
    state = ToyState(2, 10)
    with caplog.at_level(logging.ERROR, logger="ai.runner"):
        for runner in (process_runner, BotRunner("inline")):
            runner.request(state.view(0), 0, "toy_bad", level, 0.1)
            assert wait_answer(runner) in state.legal_actions(0)
    assert "fallback" in caplog.text


def test_a_forced_move_is_answered_without_asking_the_bot():
    runner = BotRunner("inline")
    state = ToyState(2, 1)
    state.deck.extend(state.hands[0])
    state.hands[0] = []  # an empty hand can only offer nothing
    p = 0
    runner.request(state.view(p), p, "toy_bad", "hard", 0.1)  # would hang if it were asked
    assert runner.poll() == state.legal_actions(p)[0]


def test_close_is_idempotent_and_refuses_later_requests():
    for mode in ("inline", "thread", "process"):
        runner = BotRunner(mode, initializer=toygame.install if mode == "process" else None)
        runner.close()
        runner.close()
        with pytest.raises(RuntimeError):
            runner.request(ToyState(2, 1).view(0), 0, "toy", "random", 0.1)
        assert runner.poll() is None and not runner.busy


def test_unknown_mode_is_an_error():
    with pytest.raises(ValueError, match="mode"):
        BotRunner("fibre")


@pytest.mark.parametrize("mode", ["thread", "process"])
def test_a_pygame_loop_keeps_drawing_while_a_bot_thinks(mode, process_runner):
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    pygame = pytest.importorskip("pygame")
    pygame.init()
    try:
        screen = pygame.display.set_mode((320, 180))
        clock = pygame.time.Clock()
        runner = make(mode, process_runner)
        state = ToyState(3, 12)
        runner.request(state.view(0), 0, "toy", "hard", 1.0)
        frames = 0
        answer = None
        end = time.monotonic() + WAIT_S
        while answer is None and time.monotonic() < end:
            pygame.event.pump()
            screen.fill((frames % 255, 40, 90))
            pygame.draw.circle(screen, (255, 255, 255), (160, 90), 20 + frames % 30)
            pygame.display.flip()
            clock.tick(60)
            frames += 1
            answer = runner.poll()
        assert answer in state.legal_actions(0)
        # an inline (blocking) bot lets the loop draw exactly one frame before its answer;
        # a runner off the UI thread lets it keep drawing while the bot thinks
        assert frames >= 3
        if runner is not process_runner:
            runner.close()
    finally:
        pygame.quit()


def test_frame_time_measurement_reports_percentiles():
    state = ToyState(2, 2)
    result = measure_frame_times("thread", 0.5, view=state, game_id="toy", think_s=0.2)
    assert {"p50", "p95", "frames", "answers"} <= set(result)
    assert result["frames"] > 0 and result["p95"] >= result["p50"] > 0


def test_a_dead_worker_is_replaced_and_answers_the_request_for_real(caplog):
    runner = BotRunner("process", grace_s=0.3, initializer=toygame.install)
    state = ToyState(2, 14)
    try:
        runner.request(state.view(0), 0, "toy", "random", 0.1)
        wait_answer(runner)  # the first worker is up
        runner._proc.kill()
        runner._proc.join(10.0)
        with caplog.at_level(logging.WARNING, logger="ai.runner"):
            # a budget a loaded machine can start a process in: what is tested is that the
            # new worker answers, not how fast a spawned interpreter comes up
            runner.request(state.view(0), 0, "toy", "normal", 20.0)
            assert wait_answer(runner, 30.0) in state.legal_actions(0)
        assert "was gone" in caplog.text  # the new worker was started for this request
        assert "fallback" not in caplog.text  # and it answered instead of "cancelled"
    finally:
        runner.close()


def test_a_replaced_stuck_thread_worker_exits_once_its_search_returns(monkeypatch):
    monkeypatch.setattr(toygame.MisbehavingBot, "STUCK_S", 0.8)
    runner = BotRunner("thread", grace_s=0.2)
    state = ToyState(2, 15)
    try:
        runner.request(state.view(0), 0, "toy_bad", "hard", 0.1)
        assert wait_answer(runner, 5.0) in state.legal_actions(0)  # the fallback
        stuck = runner._thread
        time.sleep(0.3)  # past the grace: the next request replaces the worker
        runner.request(state.view(0), 0, "toy", "random", 0.1)
        assert wait_answer(runner, 5.0) in state.legal_actions(0)
        assert runner._thread is not stuck
        stuck.thread.join(5.0)
        assert not stuck.thread.is_alive()  # told to stop, not left waiting for work forever
    finally:
        runner.close()
