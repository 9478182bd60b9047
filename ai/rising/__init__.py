"""Atlantis Rising bots: a heuristic team player (easy, normal) and a sampling search (hard).

Every decision the engine asks is answered by :func:`rank`, which scores each legal action of
the pending decision frame from the state the bot sees (a view: hands are open in this
cooperative game, only the order of the decks is hidden). ``easy`` uses a plain version of the
scores (fixed resource values, a simple Navy rule, no conversions or tricks; while placing
it weighs the flood risk and plays a card as normal does, or an all-easy team never wins);
``normal`` plans: each councilor aims at the unbuilt component it is closest to affording,
values resources by what that component still needs, weighs tip tiles by the chance the sea
takes them before production, guards the Navy by the expected attack, keeps mystic energy for
cancelling floods of valuable tiles, and places courage tokens where they pay. ``hard``
searches over normal's best few moves on sampled worlds.

The package is split as every game's bots are:

* :mod:`ai.rising.valuations` — what resources, energy, tiles, cards and positions are worth;
* :mod:`ai.rising.rankers` — one scorer per decision frame, in a registry keyed by frame kind;
* :mod:`ai.rising.monsters` — the monsters module's rankers and evaluation (it registers them);
* :mod:`ai.rising.bots` — the bot classes, registered with :mod:`ai.bots` on import.
* :mod:`ai.rising.advisor` — the first-game hint's move, reasons and facts, registered with
  :mod:`ai.advice` (found by ``ai.advice.advise("rising", ...)``); its rules of thumb are in
  :mod:`ai.rising.advice_picks`, the numbers they rest on in :mod:`ai.rising.advice_values`.

Nothing here imports pygame or scenes.
"""

from __future__ import annotations

from ai.rising import monsters  # noqa: F401  (registers the monster frames' rankers)
from ai.rising.bots import (
    SEARCHED,
    HeuristicBot,
    SearchRisingBot,
    distinct_candidates,
    make_policy,
    rollout_policy,
)
from ai.rising.rankers import heuristic_action, rank
from ai.rising.valuations import evaluate, targets

__all__ = [
    "SEARCHED",
    "HeuristicBot",
    "SearchRisingBot",
    "distinct_candidates",
    "evaluate",
    "heuristic_action",
    "make_policy",
    "rank",
    "rollout_policy",
    "targets",
]
