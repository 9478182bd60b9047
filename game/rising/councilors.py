"""The six councilors, their colours and special abilities (as data; the engine asks by key).

Each councilor's :class:`Ability` names what the engine asks for (``st.has_ability(p, key)``,
own or borrowed with Untapped Talent) and carries its numbers:

* ``explorer``  - at the production roll: targets in ``sections`` are ``amount`` (1) lower.
* ``emissary``  - placement: ``amount`` (1) Atlantean a turn may go onto a tile already full.
* ``scholar``   - placement: may hold any number of Atlanteans back and place them after the
  misfortunes (no number).
* ``priest``    - production: once per turn, ``amount`` (1) extra mystic energy at the centre.
* ``artificer`` - building: ``amount`` (1) unit of one resource of the cost is waived, only
  where at least one resource is still spent.
* ``champion``  - start of turn: once per turn, pay ``cost`` (1) mystic energy to take
  ``amount`` (1) courage token.

A game stores councilors (``st.councilor``, ``st.talent``) by their index in
:data:`COUNCILORS`, as saves always have. Who plays which councilor is the game's
``councilors`` option (:func:`assign`): one entry per seat, a councilor's key, ``random`` (dealt
from the seed) or ``bot`` (the bot picks by :data:`BOT_PREFERENCE`); an empty option is the
assignment games had before the choice existed, seat *i* playing councilor *i*.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Ability:
    """A councilor's special ability: ``key`` is what the engine asks for, then its numbers."""

    key: str
    amount: int = 0  # what the ability gives or takes off (see the module's list)
    cost: int = 0  # mystic energy paid to use it
    sections: tuple[str, ...] = ()  # where it applies (empty: wherever its step happens)


@dataclass(frozen=True)
class Councilor:
    key: str
    name: str
    colour: str
    text: str
    ability: Ability


COUNCILORS: tuple[Councilor, ...] = (
    Councilor(
        "explorer",
        "Explorer",
        "orange",
        "Knows the untouched veins: your Mountains, Hills and Forests targets are 1 lower "
        "(applied when you roll; never below 2).",
        Ability("explorer", amount=1, sections=("mountains", "hills", "forests")),
    ),
    Councilor(
        "emissary",
        "Emissary",
        "blue",
        "Once per turn, one of your Atlanteans may squeeze onto a tile whose rings are all taken.",
        Ability("emissary", amount=1),
    ),
    Councilor(
        "scholar",
        "Scholar",
        "green",
        "You may keep Atlanteans back while placing and put them on the island once the "
        "misfortunes have been drawn.",
        Ability("scholar"),
    ),
    Councilor(
        "priest",
        "Priest",
        "purple",
        "Once per turn, when your Atlanteans draw on the Mystic Power Source, take 1 extra energy.",
        Ability("priest", amount=1),
    ),
    Councilor(
        "artificer",
        "Artificer",
        "yellow",
        "When you build, one unit of one resource in the cost is waived (you still pay at "
        "least one resource).",
        Ability("artificer", amount=1),
    ),
    Councilor(
        "champion",
        "Champion",
        "red",
        "Once at the start of each turn, you may pay 1 mystic energy to take a courage token.",
        Ability("champion", amount=1, cost=1),
    ),
)

COUNCILOR_INDEX: dict[str, int] = {c.key: i for i, c in enumerate(COUNCILORS)}
#: each ability by its key
ABILITIES: dict[str, Ability] = {c.ability.key: c.ability for c in COUNCILORS}
#: the index (in :data:`COUNCILORS`) of the councilor whose own ability each key is
ABILITY_HOLDER: dict[str, int] = {c.ability.key: i for i, c in enumerate(COUNCILORS)}
COLOURS: tuple[str, ...] = tuple(c.colour for c in COUNCILORS)

#: a seat's councilor dealt at random from those nobody chose (reproducible from the seed)
RANDOM = "random"
#: a bot's seat: the bot takes the first of :data:`BOT_PREFERENCE` nobody chose
BOT = "bot"
#: what a bot picks, best first: the councilors ordered by how much more often the team won
#: with that councilor at the table than without it (four hard bots, councilors dealt at
#: random, 100 seeds per difficulty: docs/measurements/rising-councilors.md); a bot takes the
#: best one still free once the people have chosen
BOT_PREFERENCE: tuple[str, ...] = (
    "scholar", "priest", "explorer", "emissary", "artificer", "champion",
)  # fmt: skip


def assign(choices: Sequence[str], n: int, seed: int) -> list[int]:
    """Each seat's councilor (an index in :data:`COUNCILORS`) from the ``councilors`` option.

    ``choices`` is empty (seat *i* plays councilor *i*, as every game before the choice) or one
    entry per seat. Named councilors are taken first, then bots pick in seat order, then the
    ``random`` seats are dealt from what is left with a generator of their own, so a deal never
    moves the blueprint or the decks the seed shuffles.
    """
    if not choices:
        return list(range(n))
    if len(choices) != n:
        raise ValueError(f"councilors: {len(choices)} choices for {n} seats")
    named = [c for c in choices if c not in (RANDOM, BOT)]
    for key in named:
        if key not in COUNCILOR_INDEX:
            raise ValueError(f"councilors: {key!r} is not a councilor")
        if named.count(key) > 1:
            raise ValueError(
                f"Two seats cannot both play the {COUNCILORS[COUNCILOR_INDEX[key]].name}"
            )
    out = [COUNCILOR_INDEX.get(c, -1) for c in choices]
    for seat, choice in enumerate(choices):
        if choice == BOT:
            out[seat] = next(
                COUNCILOR_INDEX[k] for k in BOT_PREFERENCE if COUNCILOR_INDEX[k] not in out
            )
    free = [i for i in range(len(COUNCILORS)) if i not in out]
    random.Random(f"rising-councilors-{seed}").shuffle(free)
    return [c if c >= 0 else free.pop() for c in out]
