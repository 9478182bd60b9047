"""The phones' charts worked out off the App's frame: the desktop heat map's worker, doing more.

A seat's chart on its phone costs what the desktop's costs (the posterior, then the chart
model: up to a few hundred milliseconds each on a late 8×8 game), and a table may have four
phones; worked out on the App's thread it would stall the table's frames. :class:`ChartParts`
is :class:`scenes.finding.heat.HeatMap` (one daemon thread ferrying jobs to a spawned process,
the newest request per seat winning) whose jobs return the payload's ``chart`` and ``heat``
(:func:`remote.finding.answers.parts`) instead of the bare posterior. :meth:`fresh` tells the
table when a job has finished since it last asked, so it sends the pages again.
"""

from __future__ import annotations

import threading
from typing import Any

from game.finding.state import FindingState
from remote.finding.answers import Answers, parts
from scenes.finding.heat import HeatMap


def chart_parts(kept: dict, view: FindingState, seat: int) -> dict[str, Any]:
    """One job: the seat's chart and heat map from its view (``kept`` holds the worker's
    posterior service between jobs)."""
    answers = kept.get("answers")
    if not isinstance(answers, Answers):
        answers = kept["answers"] = Answers()
    return parts(answers, view, seat)


class ChartParts(HeatMap):
    """Seats' charts for their phones, worked out in the heat map's worker."""

    work = staticmethod(chart_parts)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._seen = 0
        self._seen_lock = threading.Lock()

    def fresh(self) -> bool:
        """Has a job finished since the last call?"""
        with self._seen_lock:
            done = self.jobs_done
            news, self._seen = done != self._seen, done
            return news
