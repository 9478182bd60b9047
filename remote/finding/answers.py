"""The posterior of a seat's chart for its phone, and the chart drawn with it: what the desktop
shows that seat.

The desktop board asks :class:`scenes.finding.heat.HeatMap` for ``chart_answer(view, seat)``
off its frame; a phone's message is built where the server builds messages, so the answer is
worked out there, from the seat's view only, keeping each seat's :class:`Posterior` between
charts (each new answer adds only the newest readings: measured on random 3-seat games, at
most 11 ms on 6×6 and 0.8 s on 8×8 per answer). The last answer and chart model of each seat
are kept with everything they were built from (the chart's entries, the seat's own mine and
whether it is lost), so sending the same chart again, or the same view rebuilt, costs nothing.
"""

from __future__ import annotations

import logging
import threading
from typing import Any

from ai.finding.chart_answer import ChartAnswer, chart_answer
from ai.finding.posterior import Posterior
from game.finding.chart import Entry
from game.finding.state import FindingState
from scenes.finding.chart_model import ChartModel, chart_model

log = logging.getLogger(__name__)


class Answers:
    """Per seat: the kept posterior and the last (chart, answer); safe to share between
    threads (one answer is worked out at a time)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._minds: dict[int, Posterior] = {}
        self._last: dict[int, tuple[tuple[Entry, ...], ChartAnswer | None]] = {}
        self._models: dict[int, tuple[tuple, ChartModel]] = {}

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

    def model(self, view: FindingState, seat: int) -> ChartModel:
        """The seat's chart as the desktop draws it, with :meth:`answer`'s posterior; built
        from what :func:`chart_model` reads of the view, kept while none of it changes."""
        answer = self.answer(view, seat)
        mine = view.mines[seat] if 0 <= seat < len(view.mines) else None
        key = (view.chart(seat), view.n, view.size, bool(view.lost[seat]), mine, id(answer))
        with self._lock:
            got = self._models.get(seat)
            if got is not None and got[0] == key:
                return got[1]
        model = chart_model(view, seat, answer)
        with self._lock:
            self._models[seat] = (key, model)
        return model

    def forget(self) -> None:
        """Drop every kept posterior (a new game at the table)."""
        with self._lock:
            self._minds.clear()
            self._last.clear()
            self._models.clear()


#: heat numbers are sent to three places (a page shows whole percents)
PLACES = 3


def parts(answers: Answers, view: FindingState, seat: int) -> dict[str, Any]:
    """The payload's costly parts for ``seat``: its chart (``"chart"``) and heat map
    (``"heat"``, None when it cannot be worked out), as JSON data."""
    return {"chart": _chart(answers.model(view, seat)), "heat": _heat(answers.answer(view, seat))}


def _chart(m: ChartModel) -> dict[str, Any]:
    return {
        "marks": {str(c): [[k.kind, k.text] for k in ms] for c, ms in sorted(m.marks.items())},
        "counts": [[sorted(cells), what, text] for cells, what, text in m.counts],
        "me": m.me,
        "route": list(m.route),
        "lost": m.lost,
        "others": {str(q): sorted(cells) for q, cells in sorted(m.others.items())},
        "seen": {str(c): r for c, r in sorted(m.seen.items())},
        "landed": m.landed,
    }


def _heat(answer: ChartAnswer | None) -> dict[str, Any] | None:
    if answer is None or not answer.consistent:
        return None
    return {
        "p": [round(answer.p_atlantis(c), PLACES) for c in range(len(answer.cells))],
        "best": sorted(answer.best_city),
        "best_p": round(answer.best_p, PLACES),
        "exact": answer.exact,
    }
