"""Guards of Atlantis bots: easy, normal and hard, each deciding from its seat's view only.

Importing the package registers the levels with :mod:`ai.bots` (``make_bot("guards", level)``).
The pieces: :mod:`ai.guards.tactics` (board distances, threats, the value of a position),
:mod:`ai.guards.cards` (which card to play), :mod:`ai.guards.moves` (the card's action and its
choices), :mod:`ai.guards.defence`, :mod:`ai.guards.levelling`, :mod:`ai.guards.draft` (hero
selection, entry spaces, minion combat, ties), :mod:`ai.guards.search` (hard's sampled worlds)
and :mod:`ai.guards.bots` (the levels).
"""

from __future__ import annotations

from ai.bots import register_policy
from ai.guards.bots import GuardsBot, make_policy

register_policy("guards", make_policy)

__all__ = ["GuardsBot", "make_policy"]
