"""Finding Atlantis bots: the exact belief over ocean maps and the U-Bot that reasons from it.

Importing the package registers the U-Bot levels with :mod:`ai.bots` (``make_bot("finding",
level)``). The pieces: :mod:`ai.finding.belief` and :mod:`ai.finding.counting` (the exact
posterior), :mod:`ai.finding.tracker` (where the opponents can be, from their readings too),
:mod:`ai.finding.mind` (a bot's facts and belief kept between decisions),
:mod:`ai.finding.outcomes`, :mod:`ai.finding.model` and :mod:`ai.finding.planner` (scoring
actions by expected information), :mod:`ai.finding.bots` (the levels),
:mod:`ai.finding.chart_answer` (what a seat's chart tells a person) and
:mod:`ai.finding.oracle` (a benchmark that knows the map; never a player level).
"""

from __future__ import annotations

from ai.bots import register_policy
from ai.finding.bots import UBot, make_policy

register_policy("finding", make_policy)

__all__ = ["UBot", "make_policy"]
