"""How the log names what it tells: units, teams, places, counts, and "you".

The event texts are built in the rules' ``emit`` calls; these few helpers keep them saying who
did what to whom the same way everywhere (a minion by its team and kind, a seat named "You" in
the second person, a number with its noun).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.guards.geo import Hex

if TYPE_CHECKING:
    from game.guards.state import GuardsState

#: a team as an adjective ("an Atlantean melee minion")
TEAM_ADJECTIVE = ("Titan", "Atlantean")


def count(n: int, noun: str) -> str:
    """``1 coin``, ``3 coins``."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def minion(team: int, kind: str, article: str = "a") -> str:
    """``a Titan melee minion`` / ``the Atlantean heavy minion``."""
    adj = TEAM_ADJECTIVE[team]
    if article == "a" and adj[0] in "AEIOU":
        article = "an"
    return f"{article} {adj} {kind} minion"


def unit(st: GuardsState, code: int, article: str = "the") -> str:
    """A unit as the log names it: a hero by name, a minion by its team and kind."""
    if code >= 0:
        return st.hero_name(code)
    _, team, kind, _ = st.minions[-code - 1]
    return minion(team, kind, article)


def addressed(name: str) -> bool:
    """Is this seat's name the reader (a seat named "You")?"""
    return name.strip().lower() == "you"


def agree(name: str, verb: str) -> str:
    """``verb`` (in the third person, ending in s) as ``name`` takes it: ``picks`` for
    "Anna", ``pick`` for "You"."""
    return verb[:-1] if addressed(name) and verb.endswith("s") else verb


def says(name: str, verb: str) -> str:
    """Subject and verb that agree: ``Anna picks`` but ``You pick``."""
    return f"{'You' if addressed(name) else name} {agree(name, verb)}"


def obj(name: str) -> str:
    """A seat's name as an object: ``take you`` rather than ``take You``."""
    return "you" if addressed(name) else name


def zone_title(st: GuardsState, zone: str) -> str:
    """The zone's name as the board shows it, with "the" (a test board without titles: its
    id)."""
    from game.guards import board

    try:
        zones = board.load(st.board).zones
    except (board.BoardError, OSError):
        return zone
    z = zones.get(zone)
    title = z.title if z is not None else zone
    return "the " + (title[4:] if title.startswith("The ") else title)


def moved(st: GuardsState, start: Hex, end: Hex) -> str:
    """Where a move went, in zones: ``from the Causeway into the Titan Shore`` or ``within
    the Causeway``."""
    a = st.geo.zone_of.get(start, "")
    b = st.geo.zone_of.get(end, "")
    if a == b:
        return f"within {zone_title(st, a)}"
    return f"from {zone_title(st, a)} into {zone_title(st, b)}"
