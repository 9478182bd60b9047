"""The cards of Finding Atlantis as tables of records: action cards, captains, artifacts.

Each record says what a card is called, what it does (in our own words), whether it costs an
action, and which arguments a player chooses when playing it (``params``, names from
:data:`PARAMS`). The effects themselves live in :mod:`game.finding.effects`, keyed by the
same ``key``; nothing here knows how a card works, so a card's wording and its rule change in
different places.
"""

from __future__ import annotations

from dataclasses import dataclass

#: what each kind of card argument is, for prompts and docs (the values come from legal.py)
PARAMS: dict[str, str] = {
    "line": "a compass line through your space (N-S, E-W, NE-SW or NW-SE)",
    "direction": "one of N, E, S, W",
    "compass": "one of the eight compass points",
    "distance": "how many spaces",
    "reveal": "row or column",
    "seat": "a submarine",
    "cell": "any space of the map",
    "offset": "a space up to two away (dx, dy)",
}


@dataclass(frozen=True, slots=True)
class ActionCard:
    """One of a submarine's own cards; ``pirate`` cards are only dealt in pirate mode."""

    key: str
    name: str
    text: str
    params: tuple[str, ...] = ()
    pirate: bool = False
    burnable: bool = True


@dataclass(frozen=True, slots=True)
class Captain:
    key: str
    name: str
    text: str
    params: tuple[str, ...] = ()
    free: bool = False
    #: distances a player may pick (Engineer); empty for captains without a distance
    distances: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Artifact:
    key: str
    name: str
    text: str
    params: tuple[str, ...] = ()
    free: bool = False
    distances: tuple[int, ...] = ()


ACTION_CARDS: tuple[ActionCard, ...] = (
    ActionCard(
        "sonar",
        "Sonar",
        "Seamount or deep ocean for each of the eight spaces around you; a space beyond the "
        "edge of the map is reported as the edge.",
    ),
    ActionCard(
        "jelly",
        "Jelly Rod",
        "Pick a line through your space: trace or nothing on the neighbouring space at each "
        "end of it. In pirate waters a mine also reads as a trace.",
        ("line",),
    ),
    ActionCard(
        "explore",
        "Explore",
        "Learn what lies beneath you. On an artifact you draw an artifact card; on Atlantis "
        "you may try to name the whole city.",
    ),
    ActionCard(
        "surface",
        "Surface",
        "Take every played card and your captain back into your hand, this one included. "
        "Everyone learns where you are.",
        burnable=False,
    ),
    ActionCard(
        "silent",
        "Silent Running",
        "Move one space in a direction only you know. The edge of the map stops you.",
        ("direction",),
    ),
    ActionCard(
        "long_silent",
        "Long Silent Running",
        "Move two spaces in one direction only you know. The edge of the map stops you early.",
        ("direction",),
    ),
    ActionCard(
        "periscope",
        "Periscope",
        "Mine, sea monster or clear water for each of the eight spaces around you.",
        pirate=True,
    ),
    ActionCard(
        "drop_mine",
        "Drop Mine",
        "Leave a mine on your space (your previous mine is gone), then move one space in a "
        "direction only you know.",
        ("direction",),
        pirate=True,
    ),
)

CAPTAINS: tuple[Captain, ...] = (
    Captain(
        "navy",
        "Navy Captain",
        "Pick a line through your space. For each end of it, learn how many spaces away the "
        "nearest trace lies, or that there is none before the edge.",
        ("line",),
    ),
    Captain(
        "hydrographer",
        "Hydrographer",
        "Sweep the nine spaces centred two spaces away from you (north, east, south or west): "
        "seamount or deep ocean for each.",
        ("direction",),
    ),
    Captain(
        "smuggler",
        "Smuggler",
        "Free action: slip one space; the whole table hears the direction.",
        ("direction",),
        free=True,
    ),
    Captain(
        "diver",
        "Diver",
        "Learn what lies beneath the space next to you (north, east, south or west) without "
        "going there. An artifact there stays on the sea floor.",
        ("direction",),
    ),
    Captain(
        "phantom",
        "Phantom",
        "Take your played cards back as if you surfaced, but show only your row or only your "
        "column. The Phantom itself stays played until you really surface.",
        ("reveal",),
    ),
    Captain(
        "archaeologist",
        "Archaeologist",
        "Count the traces in the nine spaces around you, your own space included.",
    ),
    Captain(
        "engineer",
        "Engineer",
        "Move 1, 2 or 3 spaces in one direction only you know. The edge of the map stops you.",
        ("direction", "distance"),
        distances=(1, 2, 3),
    ),
    Captain(
        "surveyor",
        "Surveyor",
        "Trace or nothing for each of the four spaces next to you (north, east, south, west).",
    ),
)

ARTIFACTS: tuple[Artifact, ...] = (
    Artifact(
        "seed",
        "Seed of Youth",
        "Free action: take every played card and your captain back without surfacing.",
        free=True,
    ),
    Artifact(
        "sunstone",
        "Sunstone",
        "Learn how many Atlantis spaces share your row, and how many share your column.",
    ),
    Artifact("trident", "Trident", "Trace or nothing for each of the eight spaces around you."),
    Artifact(
        "pearl",
        "Tidal Pearl",
        "Jump, in secret, to any space up to two away (a diagonal step counts as one).",
        ("offset",),
    ),
    Artifact(
        "conch",
        "Siren's Conch",
        "Pick a submarine: the device tells everyone where it is. No cards come back.",
        ("seat",),
    ),
    Artifact(
        "lantern",
        "Abyss Lantern",
        "Learn what lies beneath one space one or two steps away along any compass point.",
        ("compass", "distance"),
        distances=(1, 2),
    ),
    Artifact(
        "sounder",
        "Orichalcum Sounder",
        "Seamount or deep ocean for each of the 24 spaces within two of you.",
    ),
    Artifact(
        "atlas",
        "Atlas Shard",
        "Name any space of the map: the device says whether it is part of Atlantis.",
        ("cell",),
    ),
    Artifact(
        "harpoon",
        "Harpoon of Triton",
        "The sea monster nearest to you is gone for good.",
    ),
    Artifact(
        "chronometer", "Chronometer", "Free action: take one more action this turn.", free=True
    ),
)

CARD = {c.key: c for c in ACTION_CARDS}
CAPTAIN = {c.key: c for c in CAPTAINS}
ARTIFACT = {a.key: a for a in ARTIFACTS}
#: what a burned captain is called in a ``burn`` action's ``card`` argument
CAPTAIN_CARD = "captain"
#: the one card a submarine can never lose, burn or give away
SURFACE = "surface"


def hand_cards(pirate: bool) -> tuple[str, ...]:
    """The action cards each submarine holds at the start, in table order."""
    return tuple(c.key for c in ACTION_CARDS if pirate or not c.pirate)


def card_name(key: str) -> str:
    """The printed name of an action card, the captain slot or an artifact."""
    if key in CARD:
        return CARD[key].name
    if key in ARTIFACT:
        return ARTIFACT[key].name
    if key in CAPTAIN:
        return CAPTAIN[key].name
    if key == CAPTAIN_CARD:
        return "captain"
    return key
