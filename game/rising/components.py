"""The 21 components of the cosmic gate (Power Core + decks A-D), their costs and benefits.

Costs are ``(ore, gold, crystal, atlantium)``. Deck A is the cheapest and D the dearest, so the
difficulty levels (which leave one deck out) get harder from Easy (no D) to Cosmic (no A).
A benefit is a list of ``(effect, params)`` steps run by the named handlers below, once when
the component is built - twice under a "double benefit".
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from game.rising.councilors import ABILITIES
from game.rising.island import RESOURCES

if TYPE_CHECKING:
    from game.rising.state import RisingState

#: units of one resource of a cost the Artificer's ability waives
WAIVED = ABILITIES["artificer"].amount


@dataclass(frozen=True)
class Component:
    key: str
    name: str
    deck: str  # "core", "A", "B", "C", "D"
    cost: tuple[int, int, int, int]
    benefit: tuple[tuple[str, dict[str, Any]], ...]
    text: str


COMPONENTS: tuple[Component, ...] = (
    Component(
        "power_core",
        "Power Core",
        "core",
        (0, 1, 1, 3),
        (("energy_each", {"n": 1}),),
        "Every councilor takes 1 mystic energy.",
    ),
    # --- deck A: cheap ---
    Component(
        "solar_matrix",
        "Solar Matrix",
        "A",
        (0, 1, 0, 1),
        (("energy_floor", {"n": 5}),),
        "Every councilor with fewer than 5 mystic energy is topped up to 5.",
    ),
    Component(
        "harbour_beacon",
        "Harbour Beacon",
        "A",
        (1, 1, 0, 0),
        (("courage", {"n": 4}),),
        "The builder takes 4 courage tokens.",
    ),
    Component(
        "crystal_lens",
        "Crystal Lens",
        "A",
        (0, 1, 1, 0),
        (("energy", {"n": 6}),),
        "The builder takes 6 mystic energy.",
    ),
    Component(
        "tidal_anchor",
        "Tidal Anchor",
        "A",
        (1, 0, 0, 1),
        (("barrier", {"n": 4}),),
        "The builder sets four mystic barriers on standing tiles.",
    ),
    Component(
        "rune_lattice",
        "Rune Lattice",
        "A",
        (1, 0, 1, 0),
        (("draw", {"n": 4}),),
        "The builder draws 4 knowledge cards.",
    ),
    # --- deck B ---
    Component(
        "targeting_spire",
        "Targeting Spire",
        "B",
        (3, 3, 2, 6),
        (("galley_back", {"n": 3}),),
        "The Athenian galley moves 3 steps back down the attack track.",
    ),
    Component(
        "aether_conduit",
        "Aether Conduit",
        "B",
        (3, 3, 3, 3),
        (("energy_each", {"n": 1}),),
        "Every councilor takes 1 mystic energy.",
    ),
    Component(
        "astral_watchtower",
        "Astral Watchtower",
        "B",
        (3, 3, 3, 3),
        (("watchtower", {}),),
        "For the rest of the game, once per turn one of the builder's Atlanteans may go onto a "
        "full tile.",
    ),
    Component(
        "resonance_chamber",
        "Resonance Chamber",
        "B",
        (0, 3, 3, 7),
        (("unflip", {"n": 1}),),
        "Raise one sunken tile (the innermost destroyed tile of a chosen section).",
    ),
    Component(
        "storm_baffles",
        "Storm Baffles",
        "B",
        (3, 3, 3, 3),
        (("barrier", {"n": 1}), ("courage", {"n": 1})),
        "The builder sets a mystic barrier on a standing tile and takes a courage token.",
    ),
    # --- deck C ---
    Component(
        "starwell_array",
        "Starwell Array",
        "C",
        (3, 5, 4, 7),
        (("courage_each", {"n": 1}),),
        "Every councilor takes a courage token.",
    ),
    Component(
        "ley_compass",
        "Ley Compass",
        "C",
        (5, 7, 3, 4),
        (("draw", {"n": 2}),),
        "The builder draws 2 knowledge cards.",
    ),
    Component(
        "orichalcum_keel",
        "Orichalcum Keel",
        "C",
        (4, 3, 3, 8),
        (("recruit", {"n": 1}),),
        "The builder gains a new Atlantean.",
    ),
    Component(
        "beacon_of_calm",
        "Beacon of Calm",
        "C",
        (3, 7, 5, 4),
        (("galley_back", {"n": 2}),),
        "The Athenian galley moves 2 steps back down the attack track.",
    ),
    Component(
        "moonstone_font",
        "Moonstone Font",
        "C",
        (3, 3, 7, 7),
        (("energy", {"n": 3}),),
        "The builder takes 3 mystic energy.",
    ),
    # --- deck D: dear ---
    Component(
        "heart_of_tides",
        "Heart of Tides",
        "D",
        (5, 5, 8, 10),
        (("unflip", {"n": 2}),),
        "Raise two sunken tiles.",
    ),
    Component(
        "aegis_spire",
        "Aegis Spire",
        "D",
        (8, 8, 8, 8),
        (("barrier", {"n": 2}),),
        "The builder sets two mystic barriers on standing tiles.",
    ),
    Component(
        "empyrean_prism",
        "Empyrean Prism",
        "D",
        (5, 9, 8, 8),
        (("energy_each", {"n": 2}),),
        "Every councilor takes 2 mystic energy.",
    ),
    Component(
        "celestial_forge",
        "Celestial Forge",
        "D",
        (8, 8, 5, 9),
        (("resource", {"res": 0, "n": 2}),),
        "The builder takes 2 ore.",
    ),
    Component(
        "oracle_engine",
        "Oracle Engine",
        "D",
        (8, 8, 5, 9),
        (("draw_each", {"n": 1}),),
        "Every councilor draws a knowledge card.",
    ),
)

COMPONENT_INDEX: dict[str, int] = {c.key: i for i, c in enumerate(COMPONENTS)}
POWER_CORE = 0

#: which three decks each difficulty draws 3 components from (plus the Power Core)
DIFFICULTY_DECKS: dict[str, tuple[str, str, str]] = {
    "easy": ("A", "B", "C"),
    "normal": ("A", "B", "D"),
    "hard": ("A", "C", "D"),
    "cosmic": ("B", "C", "D"),
}


def deck(letter: str) -> list[int]:
    return [i for i, c in enumerate(COMPONENTS) if c.deck == letter]


def cost_options(st: RisingState, p: int, ci: int) -> list[int | None]:
    """The ways ``p`` can pay for component ``ci`` now: ``None`` (full cost) or a waived resource.

    A waived resource is the Artificer's reduction (:data:`WAIVED` units of it); it is only
    offered where at least one resource is still spent.
    """
    cost = COMPONENTS[ci].cost
    have = st.res[p]
    c0, c1, c2, c3 = cost
    h0, h1, h2, h3 = have
    out: list[int | None] = []
    if h0 >= c0 and h1 >= c1 and h2 >= c2 and h3 >= c3:
        out.append(None)
    if st.has_ability(p, "artificer") and c0 + c1 + c2 + c3 > WAIVED:
        for r in range(4):
            if cost[r] and all(have[x] >= cost[x] - WAIVED * (x == r) for x in range(4)):
                out.append(r)
    return out


def affordable(st: RisingState, p: int) -> list[str]:
    """Keys of unbuilt blueprint components ``p`` can pay for now."""
    return [
        COMPONENTS[ci].key
        for slot, ci in enumerate(st.blueprint)
        if st.built[slot] < 0 and cost_options(st, p, ci)
    ]


def can_afford(st: RisingState, p: int) -> bool:
    """``bool(affordable(st, p))``, stopping at the first component ``p`` can pay for."""
    built = st.built
    for slot, ci in enumerate(st.blueprint):
        if built[slot] < 0 and cost_options(st, p, ci):
            return True
    return False


def cost_text(ci: int) -> str:
    cost = COMPONENTS[ci].cost
    return ", ".join(f"{n} {RESOURCES[r]}" for r, n in enumerate(cost) if n)


# --- benefits ---------------------------------------------------------------------------------
def _energy(st: RisingState, p: int, prm: dict[str, Any]) -> None:
    st.gain_energy(p, prm["n"])


def _energy_each(st: RisingState, p: int, prm: dict[str, Any]) -> None:
    for q in st.order(st.start):
        st.gain_energy(q, prm["n"])


def _energy_floor(st: RisingState, p: int, prm: dict[str, Any]) -> None:
    for q in st.order(st.start):
        if st.energy[q] < prm["n"]:
            st.gain_energy(q, prm["n"] - st.energy[q])


def _courage(st: RisingState, p: int, prm: dict[str, Any]) -> None:
    st.gain_courage(p, prm["n"])


def _courage_each(st: RisingState, p: int, prm: dict[str, Any]) -> None:
    for q in st.order(st.start):
        st.gain_courage(q, prm["n"])


def _barrier(st: RisingState, p: int, prm: dict[str, Any]) -> None:
    st.push(("barrier", p, prm["n"]))


def _draw(st: RisingState, p: int, prm: dict[str, Any]) -> None:
    st.draw_to_hand(p, prm["n"])


def _draw_each(st: RisingState, p: int, prm: dict[str, Any]) -> None:
    for q in st.order(st.start):
        st.draw_to_hand(q, prm["n"])


def _galley_reset(st: RisingState, p: int, prm: dict[str, Any]) -> None:
    st.move_galley_to(0)


def _galley_back(st: RisingState, p: int, prm: dict[str, Any]) -> None:
    st.move_galley_to(max(0, st.galley - prm["n"]))


def _unflip(st: RisingState, p: int, prm: dict[str, Any]) -> None:
    st.push(("unflip", p, prm["n"]))


def _watchtower(st: RisingState, p: int, prm: dict[str, Any]) -> None:
    st.watch[p] = True


def _recruit(st: RisingState, p: int, prm: dict[str, Any]) -> None:
    st.recruit(p, prm["n"])


def _resource(st: RisingState, p: int, prm: dict[str, Any]) -> None:
    st.gain_res(p, prm["res"], prm["n"])


HANDLERS: dict[str, Callable[[RisingState, int, dict[str, Any]], None]] = {
    "energy": _energy,
    "energy_each": _energy_each,
    "energy_floor": _energy_floor,
    "courage": _courage,
    "courage_each": _courage_each,
    "barrier": _barrier,
    "draw": _draw,
    "draw_each": _draw_each,
    "galley_reset": _galley_reset,
    "galley_back": _galley_back,
    "unflip": _unflip,
    "watchtower": _watchtower,
    "recruit": _recruit,
    "resource": _resource,
}


def grant(st: RisingState, p: int, ci: int, times: int) -> None:
    """Give ``p`` the benefit of component ``ci``, ``times`` times (2 = double benefit).

    Steps that ask the player something (barriers, raising tiles) are pushed on the frame stack,
    so they are pushed in reverse to be asked in the printed order.
    """
    steps = [s for _ in range(times) for s in COMPONENTS[ci].benefit]
    for effect, prm in reversed(steps):
        HANDLERS[effect](st, p, prm)
