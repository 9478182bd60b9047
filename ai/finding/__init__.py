"""Finding Atlantis bots: the exact belief over ocean maps and the U-Bot that reasons from it.

Importing the package registers the U-Bot levels with :mod:`ai.bots` (``make_bot("finding",
level)``). The pieces: :mod:`ai.finding.belief` and :mod:`ai.finding.counting` (the exact
posterior given located facts), :mod:`ai.finding.posterior` (the posterior of a whole chart over
the map and every submarine's route: every reading counts, weighted by where it was taken),
:mod:`ai.finding.tracker` (where the opponents can be, from their readings too),
:mod:`ai.finding.mind` (a bot's facts and belief kept between decisions),
:mod:`ai.finding.outcomes`, :mod:`ai.finding.model` and :mod:`ai.finding.planner` (scoring
actions by expected information), :mod:`ai.finding.bots` (the levels),
:mod:`ai.finding.chart_answer` (what a seat's chart tells a person),
:mod:`ai.finding.sampler` (the exact worlds its searches sample, through ``ai.worlds``) and
:mod:`ai.finding.oracle` (a benchmark that knows the map; never a player level).
"""

from __future__ import annotations

from ai.bots import register_policy
from ai.finding import sampler
from ai.finding.bots import UBot, make_policy
from ai.simulate import register_score
from ai.worlds import register_sampler
from game.core.protocol import GameState


def wrong_claim_score(state: GameState) -> float:
    """``simulate``'s score for Finding Atlantis: 1 if the game saw a wrong claim, else 0.

    Its mean over a run is the share of games with a wrong claim (the issue's "wrong claims
    at most 5 % of hard's games", read off ``simulate --json`` as ``score.mean``).
    """
    log = getattr(state, "log", ())
    return 1.0 if any(e.kind == "wrong_claim" for e in log) else 0.0


register_policy("finding", make_policy)
register_score("finding", wrong_claim_score)
register_sampler("finding", sampler.exact_world)

__all__ = ["UBot", "make_policy", "wrong_claim_score"]
