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

Requests are per seat: a new request for a seat supersedes only that seat's pending one, so
the bots of a simultaneous decision think at the same time. Requests made together (before the
next :meth:`BotRunner.poll`) are one simultaneous decision and share its budget: in process
mode they are spread over a pool of worker processes sized to the machine's cores, and each
worker gives the bots it holds equal shares of the budget, so nine bots take about one budget
of wall time, not nine.

Each seat owns its bot instance (its RNG and its memory), kept in the one worker that serves
that seat for the whole game. A bot's memory is what its seat saw: every request carries the
events visible to that seat since the game began (``history``), the runner sends each worker
only what it has not delivered yet, and a bot with an ``observe(events, player)`` method takes
them in before it chooses. A fresh worker (after a restart, or a game loaded from a save) gets
the whole history, so the memory is rebuilt from the record; :meth:`BotRunner.forget` (after an
undo) makes every bot rebuild at its next request.

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
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ai.base import legal_or_raise
from game.core.protocol import Action, Event, GameState
from game.core.stats import percentile

log = logging.getLogger(__name__)

MODES = ("process", "thread", "inline")
#: thread mode: how long search may hold the GIL before it sleeps, and for how long it sleeps
THREAD_SLICE_S = 0.002
THREAD_PAUSE_S = 0.0005
#: how long a new worker process may take to start before its requests count as timed out
STARTUP_S = 30.0
#: how long a worker may take to let a new bot prepare (a bot's optional ``prepare(view)``: a
#: Finding Atlantis bot's city tables take two seconds on 8×8) before its budget starts; only
#: a worker that said its bot is preparing gets it
BUILD_S = 10.0
#: how often an idle worker process checks that the game that started it is still there
PARENT_CHECK_S = 0.5
#: per-seat cancel markers shared with a worker process (more than any game has seats)
SEAT_SLOTS = 32
#: the most worker processes one runner starts, however many cores the machine has
MAX_WORKERS = 10


def pool_size() -> int:
    """Worker processes for one game: one per core this process may use (at least one)."""
    try:
        cores = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        cores = os.cpu_count() or 1
    return max(1, min(cores, MAX_WORKERS))


@dataclass
class _Pending:
    rid: int
    view: GameState
    player: int
    sent: float
    budget_s: float
    worker: int = 0
    game_id: str = ""
    level: str = ""
    history: Sequence[Event] = ()
    job: tuple[Any, ...] | None = None  # the message, until it is sent to its worker
    answer: Action | None = None
    #: the worker said the seat's new bot is preparing (its budget starts after that)
    preparing: bool = False


def fallback_action(view: GameState, player: int) -> Action:
    """The move played when a bot fails: the first legal action (engines list sensible ones first)."""
    return view.legal_actions(player)[0]


#: one request as a worker receives it
Job = tuple[int, GameState, int, str, str, float, int, bool, Sequence[Event]]


def _serve(
    bots: dict[int, Any],
    jobs: Sequence[Job],
    stopped: Callable[[int, int], bool],
    put: Callable[[int, str, Any], None],
    pause: Callable[[], None] | None = None,
) -> None:
    """Answer a batch of requests that arrived together: one simultaneous decision.

    The batch shares one budget: each bot gets an equal share of the time left until the
    batch's end, so a quick answer leaves more to the bots after it. Every job's events are
    given to its seat's bot first, even when the job was cancelled, so its memory stays what
    the runner believes it delivered.
    """
    from ai.bots import make_bot, remember, seat_seed

    ready: list[Job] = []
    for job in jobs:
        rid, view, player, game_id, level, _budget, seed, fresh, events = job
        held = bots.get(player)
        if fresh or held is None or held[0] != (game_id, level):
            try:
                held = ((game_id, level), make_bot(game_id, level, seat_seed(seed, player)))
                prepare = getattr(held[1], "prepare", None)
                if prepare is not None:  # before the budget starts: the runner allows BUILD_S
                    put(rid, "preparing", None)
                    prepare(view)
            except Exception:
                bots.pop(player, None)
                put(rid, "error", traceback.format_exc())
                continue
            bots[player] = held
        try:
            remember(held[1], events, player)
        except Exception:
            log.exception("bot of seat %d could not take in what it saw", player)
        if stopped(rid, player):
            put(rid, "cancelled", None)
        else:
            ready.append(job)
    start = time.monotonic()
    end = start + max((job[5] for job in jobs), default=0.0)
    for i, job in enumerate(ready):
        rid, view, player = job[0], job[1], job[2]
        if stopped(rid, player):
            put(rid, "cancelled", None)
            continue
        bot = bots[player][1]
        now = time.monotonic()
        deadline = now + max(0.0, end - now) / (len(ready) - i)

        def should_stop(rid: int = rid, player: int = player) -> bool:
            if pause is not None:
                pause()
            return stopped(rid, player)

        try:
            action = bot.choose(view, player, deadline, should_stop)
            put(rid, "ok", action)
        except Exception:
            put(rid, "error", traceback.format_exc())


def _worker_main(
    inbox: Any,
    outbox: Any,
    cancelled: Any,
    seat_cancelled: Any,
    initializer: Callable[[], None] | None,
) -> None:
    """The worker process: answer batches of requests until the ``None`` sentinel arrives."""
    if initializer is not None:
        initializer()
    outbox.put((0, "ready", None))
    bots: dict[int, tuple[tuple[str, str], Any]] = {}
    parent = multiprocessing.parent_process()
    parent_pid = os.getppid()

    def stopped(rid: int, player: int) -> bool:
        return cancelled.value >= rid or seat_cancelled[player % SEAT_SLOTS] >= rid

    def put(rid: int, status: str, payload: Any) -> None:
        outbox.put((rid, status, payload.to_json() if isinstance(payload, Action) else payload))

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
        jobs = list(msg)
        while True:  # batches sent together are one decision: take them all in at once
            try:
                more = inbox.get_nowait()
            except (queue.Empty, EOFError, OSError):
                break
            if more is None:
                _serve(bots, jobs, stopped, put)
                return
            jobs.extend(more)
        _serve(bots, jobs, stopped, put)


class _ThreadWorker:
    """The thread-mode worker: same protocol as the process, without pickling."""

    def __init__(self, seed_base: int) -> None:
        self.inbox: queue.Queue[Any] = queue.Queue()
        self.outbox: queue.Queue[Any] = queue.Queue()
        self.cancelled = 0
        self.seat_cancelled: dict[int, int] = {}
        #: each seat's ((game, level), bot), kept for the whole game
        self.bots: dict[int, tuple[tuple[str, str], Any]] = {}
        self.thread = threading.Thread(target=self._run, name="bot-runner", daemon=True)
        self.thread.start()

    def stopped(self, rid: int, player: int) -> bool:
        return self.cancelled >= rid or self.seat_cancelled.get(player, 0) >= rid

    def _run(self) -> None:
        bots = self.bots
        sleep = time.sleep
        monotonic = time.monotonic
        last = [monotonic()]

        def pause() -> None:
            now = monotonic()
            if now - last[0] >= THREAD_SLICE_S:
                sleep(THREAD_PAUSE_S)  # let the UI thread take the GIL
                last[0] = monotonic()

        while True:
            msg = self.inbox.get()
            if msg is None:
                return
            jobs = list(msg)
            while True:
                try:
                    more = self.inbox.get_nowait()
                except queue.Empty:
                    break
                if more is None:
                    return
                jobs.extend(more)
            last[0] = monotonic()
            _serve(bots, jobs, self.stopped, lambda *r: self.outbox.put(r), pause)


class _Proc:
    """One worker process of the pool, with its queues and what the runner knows of it."""

    def __init__(self, initializer: Callable[[], None] | None) -> None:
        ctx = multiprocessing.get_context("spawn")
        self.ready_at: float | None = None  # when it reported ready
        self.done = 0  # the newest request id it has finished with
        self.stuck: tuple[int, float] | None = None  # (request id, when it timed out)
        self.fed: dict[int, int] = {}  # seat -> events of its history delivered here
        self.inbox = ctx.Queue()
        self.outbox = ctx.Queue()
        # a fresh process has fresh queues: no request before it can reach it
        self.cancelled = ctx.Value("q", 0, lock=False)
        self.seat_cancelled = ctx.Array("q", SEAT_SLOTS, lock=False)
        self.proc = ctx.Process(
            target=_worker_main,
            args=(self.inbox, self.outbox, self.cancelled, self.seat_cancelled, initializer),
            name="bot-runner",
            daemon=True,
        )
        self.proc.start()

    def alive(self) -> bool:
        return self.proc.is_alive()

    def cancel(self, rid: int, player: int) -> None:
        slot = player % SEAT_SLOTS
        self.seat_cancelled[slot] = max(self.seat_cancelled[slot], rid)

    def stop(self, wait: float) -> None:
        try:
            self.cancelled.value = 1 << 62
            self.inbox.put(None)
        except (OSError, ValueError):
            pass
        self.proc.join(wait)
        if self.proc.is_alive():
            self.proc.terminate()
            self.proc.join(1.0)
        for q in (self.inbox, self.outbox):
            q.cancel_join_thread()
            q.close()


@dataclass
class _ThreadSlot:
    """The thread worker and what the runner knows of it (thread mode has one: the GIL)."""

    worker: _ThreadWorker
    done: int = 0
    stuck: tuple[int, float] | None = None
    fed: dict[int, int] = field(default_factory=dict)


class InlineAnswers:
    """A runner whose answer is ``answer(view, player)``, ready at once (scripted bots: a
    tutorial's tutor, a test's player); the same calls as :class:`BotRunner`."""

    def __init__(self, answer: Callable[[GameState, int], Action]) -> None:
        self.answer = answer
        self._pending: dict[int, Action] = {}
        self.closed = False

    @property
    def busy(self) -> bool:
        return bool(self._pending)

    def request(self, view, player, game_id, level, budget_s, *, history: Any = ()) -> None:
        self._pending[player] = self.answer(view, player)

    def poll(self, player: int | None = None) -> Action | None:
        if player is None:
            return next(iter(self._pending.values()), None)
        return self._pending.pop(player, None)

    def cancel(self, player: int | None = None) -> None:
        if player is None:
            self._pending.clear()
        else:
            self._pending.pop(player, None)

    def forget(self) -> None:
        pass

    def close(self) -> None:
        self._pending.clear()
        self.closed = True


class BotRunner:
    """Runs bot decisions off the UI's critical path; see the module docstring."""

    def __init__(
        self,
        mode: str = "process",
        *,
        grace_s: float = 1.0,
        seed: int = 0,
        initializer: Callable[[], None] | None = None,
        workers: int | None = None,
    ) -> None:
        """``initializer`` (a picklable module-level function) runs first in a worker process,
        e.g. to register games that are not part of the program (tests). ``workers`` is the
        size of the process pool (default: one per core); the first worker starts at once,
        the others when a simultaneous decision first needs them."""
        if mode not in MODES:
            raise ValueError(f"unknown bot runner mode {mode!r} (modes: {', '.join(MODES)})")
        self.mode = mode
        self.grace_s = grace_s
        self.seed = seed
        self.size = (workers or pool_size()) if mode == "process" else 1
        self._initializer = initializer
        self._rid = 0
        self._pending: dict[int, _Pending] = {}  # by seat
        self._closed = False
        #: inline mode: each seat's ((game, level), bot)
        self._bots: dict[int, tuple[tuple[str, str], Any]] = {}
        self._fed_inline: dict[int, int] = {}
        self._procs: list[_Proc | None] = [None] * self.size
        self._threads: list[_ThreadSlot] = []
        self._seat_worker: dict[int, int] = {}
        if mode == "process":
            self._procs[0] = _Proc(initializer)
        elif mode == "thread":
            self._threads.append(_ThreadSlot(_ThreadWorker(seed)))
        atexit.register(self.close)

    # --- workers ----------------------------------------------------------------------------
    @property
    def _proc(self) -> Any:
        """The first worker process (tests kill it to check the runner recovers)."""
        first = self._procs[0] if self._procs else None
        return first.proc if first is not None else None

    @property
    def _ready_at(self) -> float | None:
        """When the first worker process reported ready (None: not yet)."""
        first = self._procs[0] if self._procs else None
        return first.ready_at if first is not None else None

    @property
    def _thread(self) -> _ThreadWorker | None:
        return self._threads[0].worker if self._threads else None

    def _worker_of(self, player: int) -> int:
        """The worker that holds ``player``'s bot: seats are dealt out in the order they first
        ask, so a game with one bot uses one process."""
        if player not in self._seat_worker:
            self._seat_worker[player] = len(self._seat_worker) % self.size
        return self._seat_worker[player]

    def _slot(self, index: int) -> _Proc | _ThreadSlot:
        if self.mode == "thread":
            return self._threads[0]
        proc = self._procs[index]
        if proc is None:
            proc = self._procs[index] = _Proc(self._initializer)
        return proc

    def _replace(self, index: int) -> None:
        """A new worker for ``index``; the requests the old one held are sent to it afresh."""
        if self.mode == "process":
            old = self._procs[index]
            if old is not None:
                old.stop(0.0)
            self._procs[index] = _Proc(self._initializer)
        elif self.mode == "thread":
            old_t = self._threads[0].worker
            old_t.cancelled = 1 << 62
            old_t.inbox.put(None)  # it exits once its search returns
            self._threads[0] = _ThreadSlot(_ThreadWorker(self.seed))
        for cur in self._pending.values():
            if cur.worker == index and cur.answer is None:
                self._stage(cur)

    def _stage(self, cur: _Pending) -> None:
        """Make ``cur`` the message its worker gets at the next flush."""
        slot = self._slot(cur.worker)
        fresh, events = self._news(slot.fed, cur.player, cur.history)
        view = cur.view.clone() if self.mode == "thread" else cur.view
        cur.job = (
            cur.rid,
            view,
            cur.player,
            cur.game_id,
            cur.level,
            cur.budget_s,
            self.seed,
            fresh,
            events,
        )

    def _restart_stuck_worker(self, index: int) -> None:
        slot = self._slot(index)
        if slot.stuck is None:
            return
        rid, since = slot.stuck
        if slot.done >= rid:
            slot.stuck = None
            return
        if time.monotonic() - since < self.grace_s:
            return
        log.warning("bot worker still stuck on request %d; starting a new one", rid)
        slot.stuck = None
        self._replace(index)

    def _restart_dead_worker(self, index: int) -> None:
        """Replace a worker process that died (its bots are rebuilt from their histories)."""
        if self.mode != "process":
            return
        proc = self._procs[index]
        if proc is not None and not proc.alive():
            log.warning("bot worker process was gone; starting a new one")
            self._replace(index)

    def _set_cancelled(self, cur: _Pending) -> None:
        if self.mode == "process":
            proc = self._procs[cur.worker]
            if proc is not None:
                proc.cancel(cur.rid, cur.player)
        elif self.mode == "thread" and self._threads:
            marks = self._threads[0].worker.seat_cancelled
            marks[cur.player] = max(marks.get(cur.player, 0), cur.rid)

    def _flush(self) -> None:
        """Send every staged request, one message per worker: one simultaneous decision."""
        batches: dict[int, list[Any]] = {}
        for cur in self._pending.values():
            if cur.job is not None:
                batches.setdefault(cur.worker, []).append(cur.job)
                cur.job = None
        for index, jobs in batches.items():
            slot = self._slot(index)
            if isinstance(slot, _Proc):
                slot.inbox.put(jobs)
            else:
                slot.worker.inbox.put(jobs)

    def _drain(self) -> None:
        """Read every finished answer; keep only those of current requests."""
        by_rid = {cur.rid: cur for cur in self._pending.values()}
        slots: list[_Proc | _ThreadSlot] = (
            [p for p in self._procs if p is not None] if self.mode == "process" else self._threads
        )
        for slot in slots:
            box = slot.outbox if isinstance(slot, _Proc) else slot.worker.outbox
            while True:
                try:
                    rid, status, payload = box.get_nowait()
                except queue.Empty:
                    break
                except (OSError, ValueError, EOFError):
                    break
                if status == "ready":
                    assert isinstance(slot, _Proc)
                    slot.ready_at = time.monotonic()
                    continue
                if status == "preparing":
                    if rid in by_rid:
                        by_rid[rid].preparing = True
                    continue
                slot.done = max(slot.done, rid)
                cur = by_rid.get(rid)
                if cur is None or cur.answer is not None:
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

    def _news(self, fed: dict[int, int], player: int, history: Sequence[Event]) -> tuple:
        """(fresh, events): what of ``history`` the seat's bot has not been given yet."""
        known = fed.get(player)
        fresh = known is None or known > len(history)
        events = list(history) if fresh else list(history[known:])
        fed[player] = len(history)
        return fresh, events

    # --- the API the scenes use -------------------------------------------------------------
    def request(
        self,
        view: GameState,
        player: int,
        game_id: str,
        level: str,
        budget_s: float,
        *,
        history: Sequence[Event] = (),
    ) -> None:
        """Start thinking about ``player``'s move in ``view`` (supersedes that seat's pending
        request). ``history`` is every event the seat has seen since the game began (its
        bot's memory). Requests made before the next :meth:`poll` share one budget."""
        if self._closed:
            raise RuntimeError("this bot runner is closed")
        if player in self._pending:
            self.cancel(player)
        legal = legal_or_raise(view, player)
        self._rid += 1
        rid = self._rid
        if self.mode == "inline":
            cur = _Pending(rid, view, player, time.monotonic(), budget_s, -1)
            self._pending[player] = cur
            if len(legal) == 1:
                cur.answer = legal[0]
                return
            try:
                fresh, events = self._news(self._fed_inline, player, history)
                if fresh:
                    self._bots.pop(player, None)
                box: list[Any] = []
                job = (rid, view, player, game_id, level, budget_s, self.seed, fresh, events)
                _serve(self._bots, [job], lambda r, p: False, lambda *r: box.append(r))
                _rid, status, payload = box[-1]  # after a "preparing" note, if any
                if status != "ok":
                    raise RuntimeError(payload)
                cur.answer = self._checked(cur, payload)
            except Exception:
                log.exception("bot crashed; playing a fallback move")
                cur.answer = fallback_action(view, player)
            return
        index = self._worker_of(player)
        self._drain()
        self._restart_stuck_worker(index)
        self._restart_dead_worker(index)
        cur = _Pending(
            rid, view, player, time.monotonic(), budget_s, index, game_id, level, history
        )
        self._pending[player] = cur
        if len(legal) == 1:
            cur.answer = legal[0]
            return
        self._stage(cur)

    def poll(self, player: int | None = None) -> Action | None:
        """The answer to ``player``'s request (None: any seat's), exactly once, when ready."""
        self._flush()
        seats = [player] if player is not None else sorted(self._pending)
        if not any(self._pending.get(s) is not None and self._pending[s].answer for s in seats):
            self._drain()
        for seat in seats:
            cur = self._pending.get(seat)
            if cur is None:
                continue
            if cur.answer is None:
                if time.monotonic() < self._hard_deadline(cur):
                    continue
                log.warning(
                    "bot did not answer within %.2f s plus %.1f s grace; playing a fallback move",
                    cur.budget_s,
                    self.grace_s,
                )
                self._set_cancelled(cur)
                if self.mode != "inline":
                    self._slot(cur.worker).stuck = (cur.rid, time.monotonic())
                cur.answer = fallback_action(cur.view, cur.player)
            del self._pending[seat]
            return cur.answer
        return None

    def _hard_deadline(self, cur: _Pending) -> float:
        """When to give up on ``cur``: the budget and grace, counted from when the worker could
        start on it (a freshly spawned process gets time to import first)."""
        start = cur.sent
        if self.mode == "process":
            proc = self._procs[cur.worker]
            if proc is None or not proc.alive():
                return start  # the worker died: answer with the fallback now
            if proc.ready_at is None:
                start += STARTUP_S
            else:
                start = max(start, proc.ready_at)
        if cur.preparing:
            start += BUILD_S
        return start + cur.budget_s + self.grace_s

    @property
    def busy(self) -> bool:
        """True from :meth:`request` until :meth:`poll` has handed over every answer."""
        return bool(self._pending)

    def thinking(self) -> list[int]:
        """The seats whose requests are open."""
        return sorted(self._pending)

    def cancel(self, player: int | None = None) -> None:
        """Drop ``player``'s request (None: every request); the worker stops promptly."""
        seats = list(self._pending) if player is None else [player]
        for seat in seats:
            cur = self._pending.pop(seat, None)
            if cur is not None and cur.job is None:
                self._set_cancelled(cur)

    def forget(self) -> None:
        """Every bot rebuilds its memory from the next history it is sent (after an undo)."""
        self._fed_inline.clear()
        for slot in [*self._procs, *self._threads]:
            if slot is not None:
                slot.fed.clear()

    def close(self) -> None:
        """Stop the workers (idempotent; also runs at interpreter exit)."""
        if self._closed:
            return
        self._closed = True
        self._pending.clear()
        atexit.unregister(self.close)
        if self.mode == "process":
            for proc in self._procs:
                if proc is not None:
                    proc.stop(1.0)
            self._procs = [None] * self.size
        for slot in self._threads:
            slot.worker.cancelled = 1 << 62
            slot.worker.inbox.put(None)
        self._threads = []

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
