"""The Atlantis heat map: the U-Bot's exact answer to a person's chart, off the frame's path.

:func:`ai.finding.chart_answer.chart_answer` weighs every map and route the seat's chart
allows; on 8×8 that takes up to a few seconds when many readings come at once, far too long for a frame. :class:`HeatMap` hands it to one daemon
thread: :meth:`HeatMap.request` only records the job (a newer request replaces one still
waiting; the job running finishes) and returns at once, :meth:`HeatMap.result` gives the
finished answer for the seat's *current* chart or ``None`` while it is being worked out.
Answers are kept per (seat, chart length): a chart only ever grows, so its length names it
(with the chart's opening entries, which tell a rematch from the game before). The answer is
computed from the view passed in, which the board takes from ``session.view()``; nothing
else is read.

Where the work is done: the inference is pure Python, and a Python thread doing it holds the
interpreter lock the frame needs (measured: 8×8 frames went from 3 ms to 12-17 ms while it
ran). So by default the daemon thread only ferries jobs to a worker *process* (``spawn``, as
:mod:`ai.runner` does for bots) and waits for its answer without holding the lock. With
``process=False``, or when a process cannot be started, the thread computes itself, asking
the interpreter to switch threads more often meanwhile. ``synchronous=True`` answers inside
``request`` (tests, the screenshot director).
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import queue
import sys
import threading
from collections.abc import Callable
from typing import Any

from ai.finding.chart_answer import ChartAnswer, chart_answer
from ai.finding.posterior import Posterior
from game.finding.state import FindingState

log = logging.getLogger(__name__)

#: the thread switch interval while a thread computes (seconds): a frame waits at most this
BUSY_SWITCH = 0.0005
#: how often an idle worker process checks that the program that started it still runs
PARENT_CHECK_S = 2.0

#: (seat, length of its chart, the chart's first entries: which game it is)
Key = tuple[int, int, tuple]


def chart_key(view: FindingState, seat: int) -> Key:
    """Names one state of a seat's chart: a chart only grows, so its length tells which; the
    opening entries (deals and start spaces) tell one game from another (a rematch)."""
    chart = view.chart(seat)
    return seat, len(chart), chart[: view.n + 2]


def _answer(minds: dict[int, Posterior], view: FindingState, seat: int) -> ChartAnswer:
    """chart_answer with the seat's posterior kept between charts (each answer adds only what
    is new)."""
    mind = minds.get(seat)
    if mind is None:
        mind = minds[seat] = Posterior(seat, view.n, view.size)
    try:
        return chart_answer(view, seat, keep=mind)
    except Exception:
        minds.pop(seat, None)
        raise


#: what a job works out from (what it keeps between jobs, the view, the seat)
Work = Callable[[dict, FindingState, int], Any]


def _worker_main(inbox: Any, outbox: Any, work: Work = _answer) -> None:
    """The worker process: answer (job id, view, seat) until ``None`` or its parent is gone."""
    minds: dict = {}
    parent_pid = os.getppid()
    while True:
        try:
            msg = inbox.get(timeout=PARENT_CHECK_S)
        except queue.Empty:
            if os.getppid() != parent_pid:
                outbox.cancel_join_thread()
                return
            continue
        except (EOFError, OSError):
            return
        if msg is None:
            return
        job, view, seat = msg
        try:
            outbox.put((job, "ok", work(minds, view, seat)))
        except Exception as exc:  # noqa: BLE001 - reported to the parent, which logs it
            outbox.put((job, "error", repr(exc)))


class _Process:
    """The worker process and its two queues."""

    def __init__(self, work: Work = _answer) -> None:
        ctx = multiprocessing.get_context("spawn")
        self.inbox = ctx.Queue()
        self.outbox = ctx.Queue()
        self.proc = ctx.Process(
            target=_worker_main, args=(self.inbox, self.outbox, work), name="heat-map", daemon=True
        )
        self.proc.start()
        self.jobs = 0

    def ask(self, view: FindingState, seat: int, closed: threading.Event) -> ChartAnswer:
        """Send one job and wait (not holding the interpreter lock) for its answer."""
        self.jobs += 1
        job = self.jobs
        self.inbox.put((job, view, seat))
        while True:
            try:
                got, status, payload = self.outbox.get(timeout=0.5)
            except queue.Empty:
                if closed.is_set():
                    raise RuntimeError("the heat map was closed") from None
                if not self.proc.is_alive():
                    raise RuntimeError("the heat map's worker process died") from None
                continue
            if got != job:
                continue  # an answer to a job given up on
            if status != "ok":
                raise RuntimeError(f"the heat map's worker failed: {payload}")
            return payload

    def stop(self) -> None:
        try:
            self.inbox.put(None)
        except (OSError, ValueError):
            pass
        self.proc.join(0.5)
        if self.proc.is_alive():
            self.proc.terminate()
        for q in (self.inbox, self.outbox):
            q.cancel_join_thread()
            q.close()


class HeatMap:
    """Heat maps worked out off the UI thread; one job at a time, the newest request wins."""

    #: what a job works out (a subclass may work out more from the same view: the phones'
    #: charts, remote.finding.background); a module-level function, so a process can run it
    work: Work = staticmethod(_answer)

    def __init__(self, *, synchronous: bool = False, process: bool = True) -> None:
        self.synchronous = synchronous
        #: work in a separate process (the default) rather than on the thread itself
        self.process = process and not synchronous
        self._lock = threading.Lock()
        self._wake = threading.Condition(self._lock)
        self._idle = threading.Condition(self._lock)
        self._pending: tuple[Key, FindingState] | None = None
        self._running: Key | None = None
        #: seat -> (its key, its answer): the latest finished answer of each seat
        self._done: dict[int, tuple[Key, ChartAnswer]] = {}
        #: seat -> the key last requested (what "current" means in result)
        self._wanted: dict[int, Key] = {}
        self._minds: dict = {}  # what the work keeps: the thread's (or, in sync, request's) own minds
        self._thread: threading.Thread | None = None
        self._worker: _Process | None = None
        self._closed = False
        self._stop = threading.Event()
        self._switch: float | None = None
        #: the last error a job raised (the heat map then stays off for that chart)
        self.error: BaseException | None = None
        self.jobs_done = 0

    # --- the caller's side ----------------------------------------------------------------------
    def request(self, view: FindingState, seat: int) -> None:
        """Ask for ``seat``'s heat map of ``view``; returns at once (unless synchronous)."""
        key = chart_key(view, seat)
        with self._lock:
            if self._closed:
                return
            self._wanted[seat] = key
            if self._has(key) or self._running == key:
                return
            if not self.synchronous:
                if self._pending is not None and self._pending[0] == key:
                    return
                self._pending = (key, view.clone())
                self._start()
                self._wake.notify()
                return
        self._finish(key, self._compute(view, seat))

    def result(self, seat: int) -> ChartAnswer | None:
        """The finished answer for ``seat``'s chart as last requested, else ``None``."""
        with self._lock:
            got = self._done.get(seat)
            if got is None or got[0] != self._wanted.get(seat):
                return None
            return got[1]

    def latest(self, seat: int) -> ChartAnswer | None:
        """The newest finished answer for ``seat``, even for an older chart (to keep showing
        something while the new one is worked out); ``None`` before the first."""
        with self._lock:
            got = self._done.get(seat)
            return None if got is None else got[1]

    def busy(self) -> bool:
        """Is a job running or waiting?"""
        with self._lock:
            return self._running is not None or self._pending is not None

    def wait(self, timeout: float | None = None) -> bool:
        """Block until no job runs or waits (tests, the screenshot director; never a frame).
        True when idle, False when ``timeout`` ran out first."""
        with self._lock:
            return self._idle.wait_for(
                lambda: self._running is None and self._pending is None, timeout
            )

    def close(self) -> None:
        """Stop the worker (a job under way is dropped; nothing waits long for it)."""
        with self._lock:
            self._closed = True
            self._pending = None
            self._stop.set()
            self._wake.notify_all()
            self._idle.notify_all()
            self._restore_switch()
            worker, self._worker = self._worker, None
        if worker is not None:
            worker.stop()

    def __enter__(self) -> HeatMap:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    # --- the worker -------------------------------------------------------------------------------
    def _has(self, key: Key) -> bool:
        got = self._done.get(key[0])
        return got is not None and got[0] == key

    def _start(self) -> None:
        if self._thread is None or not self._thread.is_alive():
            self._thread = threading.Thread(target=self._loop, name="heat-map", daemon=True)
            self._thread.start()

    def _loop(self) -> None:
        while True:
            with self._lock:
                while self._pending is None and not self._closed:
                    self._restore_switch()
                    self._wake.wait()
                if self._closed:
                    self._running = None
                    self._idle.notify_all()
                    return
                key, view = self._pending  # type: ignore[misc]
                self._pending = None
                self._running = key
                if not self.process:
                    self._busy_switch()
            self._finish(key, self._compute(view, key[0]))

    def _compute(self, view: FindingState, seat: int) -> ChartAnswer | None:
        try:
            if self.process:
                worker = self._process()
                if worker is not None:
                    return worker.ask(view, seat, self._stop)
            return self.work(self._minds, view, seat)
        except Exception as exc:  # noqa: BLE001 - a failed aid must never stop the game
            if not self._stop.is_set():
                log.warning("the heat map could not be worked out: %s", exc)
                self.error = exc
            return None

    def _process(self) -> _Process | None:
        """The worker process, started on first use; None (work on the thread) if it cannot."""
        with self._lock:
            if self._closed:
                raise RuntimeError("the heat map was closed")
            worker = self._worker
        if worker is not None and worker.proc.is_alive():
            return worker
        try:
            worker = _Process(self.work)
        except Exception as exc:  # noqa: BLE001 - no process: the thread does the work
            log.warning("no heat map process (%s); working it out on a thread", exc)
            self.process = False
            with self._lock:
                self._busy_switch()
            return None
        with self._lock:
            if self._closed:
                self._worker = None
            else:
                self._worker = worker
        if self._worker is None:
            worker.stop()
            raise RuntimeError("the heat map was closed")
        return worker

    def _finish(self, key: Key, answer: ChartAnswer | None) -> None:
        seat = key[0]
        with self._lock:
            self._running = None
            self.jobs_done += 1
            self._idle.notify_all()
            old = self._done.get(seat)
            wanted = self._wanted.get(seat)
            # never replace the answer to the chart on screen by one to an older chart
            if answer is not None and (old is None or old[0] != wanted or key == wanted):
                self._done[seat] = (key, answer)

    def _busy_switch(self) -> None:
        if self._switch is None:
            self._switch = sys.getswitchinterval()
            sys.setswitchinterval(min(self._switch, BUSY_SWITCH))

    def _restore_switch(self) -> None:
        if self._switch is not None:
            sys.setswitchinterval(self._switch)
            self._switch = None
