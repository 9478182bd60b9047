"""The device's words as plain text: which events it says, where an announcement begins, and
people's names in place of colours. No pygame here: the phone's page (:mod:`remote.finding`)
reads the same lines as the desktop's voice strip and the seat's story.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from game.core.protocol import Event
from game.finding.state import COLOURS

#: events that are bookkeeping, not something the device says (the top bar shows the turn)
QUIET = frozenset({"turn", "dealt", "kept"})
#: events that begin a new announcement of a loaded game's log (as do a turn and a reading)
HEADS = frozenset(
    {"move", "burn", "surface", "phantom", "artifact_used", "captain_shown", "solve", "claim",
     "declined", "start", "first", "captain_kept", "refill"}
)  # fmt: skip


def split_log(events: Iterable[Event]) -> list[list[Event]]:
    """A loaded game's log as announcements: a new one at each turn and each reading/move."""
    groups: list[list[Event]] = []
    for e in events:
        if e.kind == "turn" or not groups or e.kind in HEADS or "reading" in e.data:
            groups.append([])
        groups[-1].append(e)
    return [g for g in groups if g]


def rename(text: str, names: list[str]) -> str:
    """The engine calls submarines by colour ("Yellow's Sonar"); people read their names."""
    if not names:
        return text
    words = {COLOURS[q].capitalize(): name for q, name in enumerate(names) if q < len(COLOURS)}
    pattern = re.compile(r"\b(" + "|".join(words) + r")\b")
    return pattern.sub(lambda m: words[m.group(1)], text)
