"""The Atlantis heat map: the U-Bot's exact answer to a person's chart, off the frame's path.

:func:`ai.finding.chart_answer.chart_answer` weighs every map the seat's chart allows; on 8×8
that takes up to a second, far too long for a frame. :class:`HeatMap` runs it on one daemon
thread: :meth:`HeatMap.request` only records the job (a newer request replaces one still
waiting; the job running finishes) and returns at once, :meth:`HeatMap.result` gives the
finished answer for the seat's *current* chart or ``None`` while it is being worked out.
Answers are kept per (seat, chart length): a chart only ever grows, so its length names it.
The answer is computed from the view passed in, which the board takes from
``session.view()``; nothing else is read.

While a job runs, the interpreter is asked to switch threads more often (the worker is pure
Python and would otherwise hold the lock every frame waits on for up to 5 ms at a time), and
back to the usual interval when the worker is idle.

``synchronous=True`` answers inside ``request`` (tests, and the screenshot director).
"""

from __future__ import annotations

import sys
import threading
from typing import Any

from ai.finding.chart_answer import ChartAnswer, chart_answer
from ai.finding.mind import TRACKED, Mind
from game.finding.state import FindingState

#: the thread switch interval while the worker runs (seconds): a frame waits at most this
BUSY_SWITCH = 0.0005

#: (seat, length of its chart, the chart's first entries: which game it is)
Key = tuple[int, int, tuple]


def chart_key(view: FindingState, seat: int) -> Key:
    """Names one state of a seat's chart: a chart only grows, so its length tells which; the
    opening entries (deals and start spaces) tell one game from another (a rematch)."""
    chart = view.chart(seat)
    return seat, len(chart), chart[: view.n + 2]


class HeatMap:
    """Computes heat maps on a daemon thread; one job at a time, the newest request wins."""

    def __init__(self, *, synchronous: bool = False) -> None:
        self.synchronous = synchronous
        self._lock = threading.Lock()
        self._wake = threading.Condition(self._lock)
        self._idle = threading.Condition(self._lock)
        self._pending: tuple[Key, FindingState] | None = None
        self._running: Key | None = None
        #: seat -> (its key, its answer): the latest finished answer of each seat
        self._done: dict[int, tuple[Key, ChartAnswer]] = {}
        #: seat -> the key last requested (what "current" means in result)
        self._wanted: dict[int, Key] = {}
        self._minds: dict[int, Mind] = {}  # used by the worker only (or by request, in sync)
        self._thread: threading.Thread | None = None
        self._closed = False
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
            if self.synchronous:
                job = view
            else:
                if self._pending is not None and self._pending[0] == key:
                    return
                self._pending = (key, view.clone())
                self._start()
                self._wake.notify()
                return
        self._work(key, job)

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
        """Stop the worker (it ends after the job it is on; nothing waits for it)."""
        with self._lock:
            self._closed = True
            self._pending = None
            self._wake.notify_all()
            self._idle.notify_all()
            self._restore_switch()

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
                self._busy_switch()
            self._work(key, view)

    def _work(self, key: Key, view: FindingState) -> None:
        seat = key[0]
        answer: ChartAnswer | None = None
        try:
            mind = self._minds.get(seat)
            if mind is None:
                mind = self._minds[seat] = Mind(seat, TRACKED)
            answer = chart_answer(view, seat, mind=mind)
        except Exception as exc:  # noqa: BLE001 - a failed aid must never stop the game
            self._minds.pop(seat, None)
            self.error = exc
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

    def __enter__(self) -> HeatMap:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()
