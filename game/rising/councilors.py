"""The six councilors, their colours and special abilities (as data; the engine keys on ``key``).

Where abilities act:
* ``explorer``  - at the production roll: every Mountains/Hills/Forests target is 1 lower.
* ``emissary``  - placement: once per turn one Atlantean may go onto a tile that is already full.
* ``scholar``   - placement: may hold Atlanteans back and place them after the misfortunes.
* ``priest``    - production: once per turn, gains 1 extra mystic energy at the centre.
* ``artificer`` - building: one unit of one resource of the cost is waived (>= 1 still spent).
* ``champion``  - start of turn: once per turn, pay 1 mystic energy to take a courage token.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Councilor:
    key: str
    name: str
    colour: str
    text: str


COUNCILORS: tuple[Councilor, ...] = (
    Councilor(
        "explorer",
        "Explorer",
        "orange",
        "Knows the untouched veins: your Mountains, Hills and Forests targets are 1 lower "
        "(applied when you roll; never below 2).",
    ),
    Councilor(
        "emissary",
        "Emissary",
        "blue",
        "Once per turn, one of your Atlanteans may squeeze onto a tile whose rings are all taken.",
    ),
    Councilor(
        "scholar",
        "Scholar",
        "green",
        "You may keep Atlanteans back while placing and put them on the island once the "
        "misfortunes have been drawn.",
    ),
    Councilor(
        "priest",
        "Priest",
        "purple",
        "Once per turn, when your Atlanteans draw on the Mystic Power Source, take 1 extra energy.",
    ),
    Councilor(
        "artificer",
        "Artificer",
        "yellow",
        "When you build, one unit of one resource in the cost is waived (you still pay at "
        "least one resource).",
    ),
    Councilor(
        "champion",
        "Champion",
        "red",
        "Once at the start of each turn, you may pay 1 mystic energy to take a courage token.",
    ),
)

COUNCILOR_INDEX: dict[str, int] = {c.key: i for i, c in enumerate(COUNCILORS)}
EXPLORER, EMISSARY, SCHOLAR, PRIEST, ARTIFICER, CHAMPION = range(6)
COLOURS: tuple[str, ...] = tuple(c.colour for c in COUNCILORS)
