"""The posterior of a seat's chart for its phone: the same answer the desktop's heat map shows.

The desktop board asks :class:`scenes.finding.heat.HeatMap` for ``chart_answer(view, seat)``
off its frame; a phone's message is built where the server builds messages, so the answer is
worked out there, from the seat's view only, keeping each seat's :class:`Posterior` between
charts (each new answer adds only the newest readings: measured on random 3-seat games, at
most 11 ms on 6×6 and 0.8 s on 8×8 per answer). The last answer of each seat is kept with the
chart it answers, so sending the same chart again costs nothing.
"""

from __future__ import annotations

import logging
import threading

from ai.finding.chart_answer import ChartAnswer, chart_answer
from ai.finding.posterior import Posterior
from game.finding.chart import Entry
from game.finding.state import FindingState

log = logging.getLogger(__name__)


class Answers:
    """Per seat: the kept posterior and the last (chart, answer); safe to share between
    threads (one answer is worked out at a time)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._minds: dict[int, Posterior] = {}
        self._last: dict[int, tuple[tuple[Entry, ...], ChartAnswer | None]] = {}

    def answer(self, view: FindingState, seat: int) -> ChartAnswer | None:
        """The answer to ``seat``'s chart in ``view`` (None when it cannot be worked out: the
        page then shows the chart without the heat map, as the desktop does)."""
        chart = view.chart(seat)
        with self._lock:
            last = self._last.get(seat)
            if last is not None and last[0] == chart:
                return last[1]
            mind = self._minds.get(seat)
            if mind is None or mind.n != view.n or mind.size != view.size:
                mind = self._minds[seat] = Posterior(seat, view.n, view.size)
            try:
                got: ChartAnswer | None = chart_answer(view, seat, keep=mind)
            except Exception as exc:  # noqa: BLE001 - an aid never stops the game
                log.warning("no heat map for a phone's chart: %s", exc)
                self._minds.pop(seat, None)
                got = None
            self._last[seat] = (chart, got)
            return got

    def forget(self) -> None:
        """Drop every kept posterior (a new game at the table)."""
        with self._lock:
            self._minds.clear()
            self._last.clear()
