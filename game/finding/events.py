"""The events Finding Atlantis records, and the data each carries (see :mod:`game.core.events`).

Most events are chart entries (``FindingState.note``): ``who`` is the submarine the entry is
about and ``cell`` the place it names, when it names one (a submarine's own private entries
name none while it is lost). A reading's event is of the reading's kind and says what the
table hears: the reading, the card that took it, its arguments and its result. Who may see an
event is its ``to`` (marked "private" or "to ..." below), never a data field.
"""

from __future__ import annotations

from game.core.events import declare
from game.finding.readings import READINGS

READING = "who reading card args result"

EVENTS = declare(
    {
        # setting up
        "dealt": "who captains",  # to the seat dealt the two captains
        "start": "who cell",
        "first": "who",
        "kept": "who captain",  # to the seat that keeps it
        "captain_kept": "who",
        "captain_shown": "who captain",
        # turns and rounds
        "turn": "player",
        "hunt": "",
        "round_limit": "",
        # moving
        "move": "who by shape reach stopped",
        "my_move": "who cell? direction moved reach stopped | who cell? dx dy moved",  # private
        "burn": "who card direction moved captain? by?",
        "surface": "who cell",
        "teleport": "who",
        "located": "who cell",  # private
        # readings, one kind per reading (sonar, jelly, explore, ... atlas)
        **dict.fromkeys(READINGS, READING),
        # what exploring and the cards turn up
        "draw": "who",
        "artifact_card": "who name cell?",  # private
        "monster_woke": "who",
        "artifact_used": "who name",
        "extra_action": "who",
        "refill": "who",
        "phantom": "who reveal value",
        "reveal": "who cell by",
        "harpoon": "who killed",
        "my_harpoon": "who struck",  # private: where the harpooned monster was
        # mines, monsters and pirates
        "my_mine": "who cell?",  # private
        "mine_hit": "who owner",
        "mine_hit_place": "who cell owner",  # to the mine's owner
        "loot": "who owner took | who owner took name | who owner took cards",
        "loot_card": "who owner name",  # to the owner and the victim
        "attack": "who how card",
        # finding Atlantis
        "solve": "who cell",
        "declined": "who",
        "claim": "who space",
        "found": "who cells",
        "wrong_claim": "who cells",
    }
)
