"""The events Guards of Atlantis records, and the data each carries (see :mod:`game.core.events`).

Every event is public (a commit says no card). Heroes are numbered (``hero``, ``target``,
``by``), seats are ``seat``, teams ``team`` (0 Titans, 1 Atlanteans); places are hexes
(``at``, ``to``), lanes and zones numbered; cards by id, card colours by name.
"""

from __future__ import annotations

from game.core.events import declare

EVENTS = declare(
    {
        # choosing heroes
        "ban": "seat hero",
        "pick": "seat hero",
        "recruit": "seat team",
        # a turn: cards committed, revealed, resolved
        "committed": "seat",
        "reveal": "cards",
        "hold": "hero",
        "resolve": "hero card",
        "idle": "hero",
        "no_effect": "hero",  # one step of a card found nothing to act on (the text says why)
        "token": "team | hero kind at",  # the initiative token passes | a hero places a token
        "placed": "hero at",
        "respawn": "hero at",
        # moving
        "move": "hero to",
        "fast": "hero to",
        "teleport": "hero to",
        "displace": "hero unit to",
        "swap": "hero unit",
        "mine": "hero at",
        # card effects
        "aura": "hero kind",
        "coins": "hero n",
        "steal": "hero target n",
        "pay": "hero n",
        "retrieve": "hero colour",
        # fighting
        "attack": "hero target value | hero",  # a hero attacked | a minion struck
        "defenseless": "hero",
        "overwhelmed": "hero",
        "gives_up": "hero",
        "discard": "hero card",
        "defend": "hero card",
        "defeat": "hero by lost gain",
        "minion_defeated": "lane team kind at coins",
        "outnumbered": "lane team at",
        "push": "lane team zone",
        # the end of a round and of the game
        "level": "hero card level",
        "game_over": "team how",
    }
)
