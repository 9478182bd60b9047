"""Ask a bot for a move without freezing the window.

:class:`BotRunner` runs bots in one of three places:

* ``"process"`` (default): a persistent worker process from the ``spawn`` context, so search
  never competes with drawing for the GIL. Views go over a queue pickled (IPC only; saves never
  use pickle) and answers come back as ``Action.to_json()`` data. ``spawn`` re-imports the main
  module in the worker, so ``main.py`` must keep its start-up under ``if __name__ ==
  "__main__":`` and call ``multiprocessing.freeze_support()`` first there (frozen builds).
* ``"thread"``: a daemon thread; its ``should_stop`` hook hands the GIL back to the UI thread
  every few milliseconds.
* ``"inline"``: synchronous, for tests and the command line.

Every request has an id; cancelled or superseded answers are dropped, so :meth:`poll` never
returns a stale move. If the bot has not answered ``budget_s + grace_s`` after the request (or
it crashed, or it answered an illegal move) the runner returns a legal fallback from the view
and logs why, so a stuck bot can never stall a game. A worker that stays stuck past a timeout is
replaced before the next request.
"""

from __future__ import annotations

import atexit
import logging
import multiprocessing
import os
import queue
import threading
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ai.base import legal_or_raise
from game.core.protocol import Action, GameState
from game.core.stats import percentile

log = logging.getLogger(__name__)

MODES = ("process", "thread", "inline")
#: thread mode: how long search may hold the GIL before it sleeps, and for how long it sleeps
THREAD_SLICE_S = 0.002
THREAD_PAUSE_S = 0.0005
#: how long a new worker process may take to start before its requests count as timed out
STARTUP_S = 30.0
#: how often an idle worker process checks that the game that started it is still there
PARENT_CHECK_S = 0.5


@dataclass
class _Pending:
    rid: int
    view: GameState
    player: int
    sent: float
    budget_s: float
    answer: Action | None = None


def fallback_action(view: GameState, player: int) -> Action:
    """The move played when a bot fails: the first legal action (engines list sensible ones first)."""
    return view.legal_actions(player)[0]


def _think(
    bots: dict[tuple[str, str], Any],
    view: GameState,
    player: int,
    game_id: str,
    level: str,
    budget_s: float,
    seed: int,
    should_stop: Callable[[], bool],
) -> Action:
    from ai.bots import make_bot

    deadline = time.monotonic() + budget_s
    bot = bots.get((game_id, level))
    if bot is None:
        bot = bots[(game_id, level)] = make_bot(game_id, level, seed)
    return bot.choose(view, player, deadline, should_stop)


def _worker_main(
    inbox: Any, outbox: Any, cancelled: Any, initializer: Callable[[], None] | None
) -> None:
    """The worker process: answer requests until the ``None`` sentinel arrives."""
    if initializer is not None:
        initializer()
    outbox.put((0, "ready", None))
    bots: dict[tuple[str, str], Any] = {}
    parent = multiprocessing.parent_process()
    parent_pid = os.getppid()
    while True:
        try:
            msg = inbox.get(timeout=PARENT_CHECK_S)
        except queue.Empty:
            # the game may have died without saying goodbye (kill -9, a crash): then this
            # worker would idle for ever under init, so it ends itself
            if os.getppid() != parent_pid or (parent is not None and not parent.is_alive()):
                outbox.cancel_join_thread()  # nobody reads it any more: do not wait on it
                return
            continue
        except (EOFError, OSError):
            return
        if msg is None:
            return
        rid, view, player, game_id, level, budget_s, seed = msg
        if cancelled.value >= rid:
            outbox.put((rid, "cancelled", None))
            continue
        try:
            action = _think(
                bots,
                view,
                player,
                game_id,
                level,
                budget_s,
                seed,
                lambda rid=rid: cancelled.value >= rid,
            )
            outbox.put((rid, "ok", action.to_json()))
        except Exception:
            outbox.put((rid, "error", traceback.format_exc()))


class _ThreadWorker:
    """The thread-mode worker: same protocol as the process, without pickling."""

    def __init__(self, seed_base: int) -> None:
        self.inbox: queue.Queue[Any] = queue.Queue()
        self.outbox: queue.Queue[Any] = queue.Queue()
        self.cancelled = 0
        self.thread = threading.Thread(target=self._run, name="bot-runner", daemon=True)
        self.thread.start()

    def _run(self) -> None:
        bots: dict[tuple[str, str], Any] = {}
        sleep = time.sleep
        monotonic = time.monotonic
        while True:
            msg = self.inbox.get()
            if msg is None:
                return
            rid, view, player, game_id, level, budget_s, seed = msg
            if self.cancelled >= rid:
                self.outbox.put((rid, "cancelled", None))
                continue
            last = [monotonic()]

            def should_stop(rid: int = rid, last: list[float] = last) -> bool:
                now = monotonic()
                if now - last[0] >= THREAD_SLICE_S:
                    sleep(THREAD_PAUSE_S)  # let the UI thread take the GIL
                    last[0] = monotonic()
                return self.cancelled >= rid

            try:
                action = _think(bots, view, player, game_id, level, budget_s, seed, should_stop)
                self.outbox.put((rid, "ok", action))
            except Exception:
                self.outbox.put((rid, "error", traceback.format_exc()))


class BotRunner:
    """Runs bot decisions off the UI's critical path; see the module docstring."""

    def __init__(
        self,
        mode: str = "process",
        *,
        grace_s: float = 1.0,
        seed: int = 0,
        initializer: Callable[[], None] | None = None,
    ) -> None:
        """``initializer`` (a picklable module-level function) runs first in a worker process,
        e.g. to register games that are not part of the program (tests)."""
        if mode not in MODES:
            raise ValueError(f"unknown bot runner mode {mode!r} (modes: {', '.join(MODES)})")
        self.mode = mode
        self.grace_s = grace_s
        self.seed = seed
        self._initializer = initializer
        self._rid = 0
        self._current: _Pending | None = None
        self._stuck: tuple[int, float] | None = None  # (request id, when it timed out)
        self._done = 0  # the newest request id the worker has finished with
        self._ready_at: float | None = None  # when the worker process reported ready
        self._closed = False
        self._bots: dict[tuple[str, str], Any] = {}
        self._proc: Any = None
        self._thread: _ThreadWorker | None = None
        if mode == "process":
            self._start_process()
        elif mode == "thread":
            self._thread = _ThreadWorker(seed)
        atexit.register(self.close)

    # --- workers ----------------------------------------------------------------------------
    def _start_process(self) -> None:
        ctx = multiprocessing.get_context("spawn")
        self._ready_at = None
        self._inbox = ctx.Queue()
        self._outbox = ctx.Queue()
        self._cancelled = ctx.Value("q", self._rid, lock=False)
        self._proc = ctx.Process(
            target=_worker_main,
            args=(self._inbox, self._outbox, self._cancelled, self._initializer),
            name="bot-runner",
            daemon=True,
        )
        self._proc.start()

    def _stop_process(self, wait: float) -> None:
        proc = self._proc
        if proc is None:
            return
        self._proc = None
        try:
            self._cancelled.value = 1 << 62
            self._inbox.put(None)
        except (OSError, ValueError):
            pass
        proc.join(wait)
        if proc.is_alive():
            proc.terminate()
            proc.join(1.0)
        for q in (self._inbox, self._outbox):
            q.cancel_join_thread()
            q.close()

    def _restart_stuck_worker(self) -> None:
        if self._stuck is None:
            return
        rid, since = self._stuck
        if self._done >= rid:
            self._stuck = None
            return
        if time.monotonic() - since < self.grace_s:
            return
        log.warning("bot worker still stuck on request %d; starting a new one", rid)
        self._stuck = None
        if self.mode == "process":
            self._stop_process(0.0)
            self._start_process()
        elif self.mode == "thread":
            assert self._thread is not None
            self._thread.cancelled = 1 << 62
            self._thread.inbox.put(None)  # it exits once its search returns
            self._thread = _ThreadWorker(self.seed)

    def _restart_dead_worker(self) -> None:
        """Replace a worker process that died; it must start before the next request id is
        taken, since a new worker treats every id up to its cancel marker as cancelled."""
        if self.mode != "process":
            return
        if self._proc is None or not self._proc.is_alive():
            log.warning("bot worker process was gone; starting a new one")
            self._stop_process(0.0)
            self._start_process()

    def _set_cancelled(self, rid: int) -> None:
        if self.mode == "process" and self._proc is not None:
            self._cancelled.value = rid
        elif self.mode == "thread" and self._thread is not None:
            self._thread.cancelled = rid

    def _drain(self) -> None:
        """Read every finished answer; keep only the current request's."""
        if self.mode == "process":
            if self._proc is None:
                return
            box: Any = self._outbox
        elif self._thread is not None:
            box = self._thread.outbox
        else:
            return
        while True:
            try:
                rid, status, payload = box.get_nowait()
            except queue.Empty:
                return
            except (OSError, ValueError, EOFError):
                return
            if status == "ready":
                self._ready_at = time.monotonic()
                continue
            self._done = max(self._done, rid)
            cur = self._current
            if cur is None or rid != cur.rid:
                continue
            if status == "ok":
                action = payload if isinstance(payload, Action) else Action.from_json(payload)
                cur.answer = self._checked(cur, action)
            elif status == "error":
                log.error("bot crashed; playing a fallback move:\n%s", payload)
                cur.answer = fallback_action(cur.view, cur.player)

    def _checked(self, cur: _Pending, action: Action) -> Action:
        if action in cur.view.legal_actions(cur.player):
            return action
        log.error("bot answered an illegal move %s; playing a fallback move", action)
        return fallback_action(cur.view, cur.player)

    # --- the API the scenes use -------------------------------------------------------------
    def request(
        self, view: GameState, player: int, game_id: str, level: str, budget_s: float
    ) -> None:
        """Start thinking about ``player``'s move in ``view`` (supersedes any pending request)."""
        if self._closed:
            raise RuntimeError("this bot runner is closed")
        if self._current is not None:
            self.cancel()
        legal = legal_or_raise(view, player)
        self._drain()
        self._restart_stuck_worker()
        self._restart_dead_worker()
        self._rid += 1
        rid = self._rid
        cur = _Pending(rid, view, player, time.monotonic(), budget_s)
        self._current = cur
        if len(legal) == 1:
            cur.answer = legal[0]
            return
        msg = (rid, view, player, game_id, level, budget_s, self.seed)
        if self.mode == "inline":
            try:
                action = _think(self._bots, view, player, game_id, level, budget_s, self.seed,
                                lambda: False)  # fmt: skip
                cur.answer = self._checked(cur, action)
            except Exception:
                log.exception("bot crashed; playing a fallback move")
                cur.answer = fallback_action(view, player)
        elif self.mode == "thread":
            assert self._thread is not None
            self._thread.inbox.put((rid, view.clone(), *msg[2:]))
        else:
            self._inbox.put(msg)

    def poll(self) -> Action | None:
        """The answer to the current request, exactly once, when it is ready."""
        cur = self._current
        if cur is None:
            return None
        if cur.answer is None:
            self._drain()
        if cur.answer is None:
            now = time.monotonic()
            if now < self._hard_deadline(cur):
                return None
            log.warning(
                "bot did not answer within %.2f s plus %.1f s grace; playing a fallback move",
                cur.budget_s,
                self.grace_s,
            )
            self._set_cancelled(cur.rid)
            if self.mode != "inline":
                self._stuck = (cur.rid, time.monotonic())
            cur.answer = fallback_action(cur.view, cur.player)
        self._current = None
        return cur.answer

    def _hard_deadline(self, cur: _Pending) -> float:
        """When to give up on ``cur``: the budget and grace, counted from when the worker could
        start on it (a freshly spawned process gets time to import first)."""
        start = cur.sent
        if self.mode == "process":
            if self._proc is None or not self._proc.is_alive():
                return start  # the worker died: answer with the fallback now
            if self._ready_at is None:
                start += STARTUP_S
            else:
                start = max(start, self._ready_at)
        return start + cur.budget_s + self.grace_s

    @property
    def busy(self) -> bool:
        """True from :meth:`request` until :meth:`poll` has handed over the answer."""
        return self._current is not None

    def cancel(self) -> None:
        """Drop the current request; the worker stops searching promptly and stays ready."""
        cur = self._current
        if cur is None:
            return
        self._current = None
        self._set_cancelled(cur.rid)

    def close(self) -> None:
        """Stop the worker (idempotent; also runs at interpreter exit)."""
        if self._closed:
            return
        self._closed = True
        self._current = None
        atexit.unregister(self.close)
        if self.mode == "process":
            self._stop_process(1.0)
        elif self._thread is not None:
            self._thread.cancelled = 1 << 62
            self._thread.inbox.put(None)
            self._thread = None

    def __enter__(self) -> BotRunner:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


# --- measurement ------------------------------------------------------------------------------
def _calibrate_work(seconds: float) -> int:
    """How many loop steps of plain Python take ``seconds`` on this machine, unloaded."""
    n = 10_000
    while True:
        t = time.perf_counter()
        _work(n)
        took = time.perf_counter() - t
        if took > 0.02:
            return max(1, int(n * seconds / took))
        n *= 2


def _work(n: int) -> int:
    total = 0
    for i in range(n):
        total += i & 7
    return total


def measure_frame_times(
    mode: str,
    seconds: float,
    *,
    view: GameState | None = None,
    player: int | None = None,
    game_id: str | None = None,
    level: str = "hard",
    think_s: float = 0.5,
    frame_work_s: float = 0.004,
    fps: int = 60,
    initializer: Callable[[], None] | None = None,
) -> dict[str, float]:
    """Frame times of a pygame-free 60 FPS loop while a bot searches continuously.

    Each frame does ``frame_work_s`` of pure-Python work (calibrated unloaded) and then sleeps
    to the next tick, as a game loop would; a new ``think_s`` request is made whenever the bot
    answers (so ``"inline"`` shows the freeze the other modes avoid).
    ``mode="none"`` measures the loop with no bot. Without ``view`` the first registered game
    is set up. Returns milliseconds: ``p50``/``p95``/``max`` of the frame interval,
    ``work_p50``/``work_p95`` of the frame's own work, and ``frames`` and ``answers`` counts.
    """
    if view is None:
        from game.core import registry

        specs = registry.games()
        if not specs:
            raise ValueError("no game is registered to measure with")
        spec = specs[0]
        view = spec.create(max(2, spec.min_players), {}, 1)
        game_id = spec.game_id
    game_id = game_id or view.game_id
    dec = view.decision()
    if dec is None:
        raise ValueError("the game to measure with is already over")
    if player is None:
        player = dec.players[0]
    view = view.view(player)
    steps = _calibrate_work(frame_work_s)
    runner = BotRunner(mode, initializer=initializer) if mode != "none" else None
    answers = 0
    try:
        if runner is not None:  # warm up: the worker has started and built its bot
            runner.request(view, player, game_id, level, 0.05)
            while runner.poll() is None:
                time.sleep(0.01)
            runner.request(view, player, game_id, level, think_s)
        tick = 1.0 / fps
        intervals: list[float] = []
        works: list[float] = []
        start = last = time.perf_counter()
        next_tick = start + tick
        while last - start < seconds:
            t0 = time.perf_counter()
            _work(steps)
            if runner is not None and runner.poll() is not None:
                answers += 1
                runner.request(view, player, game_id, level, think_s)
            works.append(time.perf_counter() - t0)
            delay = next_tick - time.perf_counter()
            if delay > 0:
                time.sleep(delay)
            next_tick = max(next_tick + tick, time.perf_counter())
            now = time.perf_counter()
            intervals.append(now - last)
            last = now
    finally:
        if runner is not None:
            runner.close()
    ms = 1000.0
    return {
        "p50": percentile(intervals, 0.5) * ms,
        "p95": percentile(intervals, 0.95) * ms,
        "max": max(intervals, default=0.0) * ms,
        "work_p50": percentile(works, 0.5) * ms,
        "work_p95": percentile(works, 0.95) * ms,
        "frames": float(len(intervals)),
        "answers": float(answers),
    }
