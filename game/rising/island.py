"""The island of Atlantis as data: six sections of six tiles around the Mystic Power Source.

Position 1 of a section is its tip (the best tile, flooded first); position 6 sits next to the
centre (the worst tile, flooded last). Internally a tile is an index ``section * 6 + pos`` with
``pos`` 0-based from the tip; the UI and saves use string ids such as ``"forges-1"``, and
texts meant for people say :func:`tile_name` (``"Forges 1"``).
"""

from __future__ import annotations

from typing import Any

RESOURCES: tuple[str, ...] = ("ore", "gold", "crystal", "atlantium")
ORE, GOLD, CRYSTAL, ATLANTIUM = 0, 1, 2, 3

#: The rulebook's 10 ore, 14 gold, 10 crystal and 20 Atlantium cubes are a bank, not a limit:
#: it never says that an empty colour stops anyone gathering, and a hard cap made four or more
#: councilors saving for dear components empty it and stall for dozens of rounds (see
#: docs/rules-decisions.md, Balance). The bank keeps a count no table reaches, so every gain is
#: paid in full and the conservation checks still hold.
RESOURCE_BANK = 99

#: every other pool of pieces is capped by the rulebook's components list
SUPPLY_LIMITS: dict[str, int] = {
    "ore": RESOURCE_BANK,
    "gold": RESOURCE_BANK,
    "crystal": RESOURCE_BANK,
    "atlantium": RESOURCE_BANK,
    "energy": 24,
    "barriers": 6,
    "courage": 12,
    "atlanteans_per_colour": 6,
    "grey_atlanteans": 4,
}

SECTIONS: tuple[str, ...] = ("mountains", "hills", "forests", "forges", "libraries", "cities")
MOUNTAINS, HILLS, FORESTS, FORGES, LIBRARIES, CITIES = range(6)
TILES_PER_SECTION = 6
NUM_TILES = 36
CENTRE = 36
NAVY = 37
NUM_SPOTS = 38  # island tiles, the centre and the Navy each hold Atlanteans

#: tip first. ``cap`` is the number of rings; the other keys are the tile's productive value.
SECTION_TILES: dict[str, tuple[dict[str, int], ...]] = {
    "mountains": (
        {"cap": 1, "target": 2},
        {"cap": 2, "target": 2},
        {"cap": 1, "target": 3},
        {"cap": 2, "target": 3},
        {"cap": 2, "target": 4},
        {"cap": 3, "target": 4},
    ),
    "hills": (
        {"cap": 1, "target": 3},
        {"cap": 2, "target": 3},
        {"cap": 1, "target": 4},
        {"cap": 2, "target": 4},
        {"cap": 2, "target": 5},
        {"cap": 3, "target": 5},
    ),
    "forests": (
        {"cap": 1, "target": 4},
        {"cap": 2, "target": 4},
        {"cap": 1, "target": 5},
        {"cap": 2, "target": 5},
        {"cap": 2, "target": 6},
        {"cap": 3, "target": 6},
    ),
    "forges": (
        {"cap": 1, "rate": 3},
        {"cap": 2, "rate": 3},
        {"cap": 1, "rate": 2},
        {"cap": 2, "rate": 2},
        {"cap": 2, "rate": 1},
        {"cap": 3, "rate": 1},
    ),
    "libraries": (
        {"cap": 1, "draw": 3, "keep": 1},
        {"cap": 1, "draw": 2, "keep": 1},
        {"cap": 1, "draw": 2, "keep": 1},
        {"cap": 2, "draw": 2, "keep": 1},
        {"cap": 2, "draw": 1, "keep": 1},
        {"cap": 2, "draw": 1, "keep": 1},
    ),
    "cities": (
        {"cap": 2, "ratio": 1},
        {"cap": 1, "ratio": 1},
        {"cap": 2, "ratio": 2},
        {"cap": 2, "ratio": 2},
        {"cap": 3, "ratio": 3},
        {"cap": 3, "ratio": 3},
    ),
}

#: which resource a Mountains/Hills/Forests tile yields
SECTION_RESOURCE: dict[int, int] = {MOUNTAINS: ORE, HILLS: GOLD, FORESTS: CRYSTAL}


def tile_id(t: int) -> str:
    """The public id of spot ``t`` (``"hills-3"``, ``"centre"``, ``"navy"``)."""
    if t == CENTRE:
        return "centre"
    if t == NAVY:
        return "navy"
    return f"{SECTIONS[t // 6]}-{t % 6 + 1}"


def tile_name(t: int) -> str:
    """What players call spot ``t``: ``"Hills 3"``, ``"the Power Source"``, ``"the Navy"``.

    Event texts and prompts use this; ids (:data:`SPOT_IDS`) stay in the structured data.
    """
    if t == CENTRE:
        return "the Power Source"
    if t == NAVY:
        return "the Navy"
    return f"{SECTIONS[t // 6].capitalize()} {t % 6 + 1}"


def at_tile(t: int) -> str:
    """Where an Atlantean stands, in a sentence: ``"at Hills 3"``, but ``"in the Navy"``."""
    return "in the Navy" if t == NAVY else f"at {tile_name(t)}"


SPOT_IDS: tuple[str, ...] = tuple(tile_id(t) for t in range(NUM_SPOTS))
SPOT_INDEX: dict[str, int] = {name: t for t, name in enumerate(SPOT_IDS)}
SECTION_INDEX: dict[str, int] = {name: s for s, name in enumerate(SECTIONS)}


def spot_name(spot: str) -> str:
    """:func:`tile_name` for a spot id (``"hills-3"`` → ``"Hills 3"``), for the screens."""
    return tile_name(SPOT_INDEX[spot])


CAP: tuple[int, ...] = tuple(
    SECTION_TILES[SECTIONS[t // 6]][t % 6]["cap"] for t in range(NUM_TILES)
)
#: the productive number of each tile: die target, forge rate, library draw, or city ratio
VALUE: tuple[dict[str, int], ...] = tuple(
    SECTION_TILES[SECTIONS[t // 6]][t % 6] for t in range(NUM_TILES)
)


def section_of(t: int) -> int:
    return t // 6


def tip_tile(flooded: list[int], s: int) -> int | None:
    """The next tile of section ``s`` to be destroyed (its outermost surviving tile)."""
    f = flooded[s]
    return None if f >= TILES_PER_SECTION else s * 6 + f


#: flood_order's answers by the flooded counts (at most 7**6 of them; bots ask at every step)
_FLOOD_ORDER: dict[tuple[int, ...], tuple[int, ...]] = {}


def flood_order(flooded: list[int]) -> tuple[int, ...]:
    """Surviving island tiles, each section tip-first: the order in which floods will take them."""
    key = tuple(flooded)
    got = _FLOOD_ORDER.get(key)
    if got is None:
        out: list[int] = []
        for s in range(6):
            out.extend(range(s * 6 + flooded[s], s * 6 + 6))
        got = _FLOOD_ORDER[key] = tuple(out)
    return got


def is_flooded(flooded: list[int], t: int) -> bool:
    return t < NUM_TILES and t % 6 < flooded[t // 6]


def surviving_tiles(flooded: list[int]) -> int:
    """How many island tiles (not counting the centre) are still above water."""
    return NUM_TILES - sum(flooded)


def describe_tile(t: int) -> dict[str, Any]:
    """Plain data about a tile for the UI and bots."""
    if t >= NUM_TILES:
        return {"id": SPOT_IDS[t], "cap": None}
    out: dict[str, Any] = {"id": SPOT_IDS[t], "section": SECTIONS[t // 6], "position": t % 6 + 1}
    out.update(VALUE[t])
    return out
