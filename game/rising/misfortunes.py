"""The 58 misfortune cards as data, and the named handlers that resolve them.

A card's ``effect`` names a handler in :data:`HANDLERS`; ``params`` are passed to it. Basic
Flood cards (``effect == "flood"``) are the only ones mystic energy or barriers can stop.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from game.rising.island import CENTRE, NAVY, NUM_TILES, SECTIONS, flood_order

if TYPE_CHECKING:
    from game.rising.state import RisingState


@dataclass(frozen=True)
class Misfortune:
    key: str
    name: str
    count: int
    effect: str
    text: str
    params: dict[str, Any] = field(default_factory=dict)

    @property
    def is_flood(self) -> bool:
        return self.effect == "flood"


FLOODS_PER_SECTION = 6

MISFORTUNES: tuple[Misfortune, ...] = tuple(
    Misfortune(
        f"flood_{s}",
        f"Flood {s.capitalize()}",
        FLOODS_PER_SECTION,
        "flood",
        f"The sea takes the outermost {s.capitalize()} tile still standing.",
        {"section": i},
    )
    for i, s in enumerate(SECTIONS)
) + (
    Misfortune(
        "controlled_flood",
        "Controlled Flood",
        10,
        "controlled_flood",
        "The drawing councilor picks a section; its outermost tile sinks. Neither energy nor a "
        "barrier can stop it.",
    ),
    Misfortune("calm_seas", "Calm Seas", 1, "calm", "The waters rest. Nothing happens."),
    Misfortune(
        "spur_the_cycle",
        "Spur the Cycle",
        1,
        "spur",
        "Shuffle this card, the misfortune deck and its discards together. The drawer draws no "
        "other misfortune this turn.",
    ),
    Misfortune(
        "panic",
        "Panic!",
        1,
        "panic",
        "The drawing councilor picks a section: every Atlantean placed on its tiles runs home "
        "without acting (courage tokens go back to their owners).",
    ),
    Misfortune(
        "plague",
        "Plague",
        1,
        "plague",
        "The drawing councilor picks an island tile with Atlanteans on it: they all go home "
        "without acting, and each owner there with more than 3 Atlanteans loses one for good.",
    ),
    Misfortune(
        "crisis_of_faith",
        "Crisis of Faith",
        1,
        "crisis",
        "No mystic energy can be drawn from the Mystic Power Source for the rest of this turn.",
    ),
    Misfortune(
        "earthquake",
        "Earthquake",
        1,
        "earthquake",
        "For the rest of this turn every Mountains, Hills and Forests target is 1 higher "
        "(never above 6).",
    ),
    Misfortune(
        "lack_of_support",
        "Lack of Support",
        1,
        "lack_support",
        "No councilor's special ability works for the rest of this turn.",
    ),
    Misfortune(
        "athenians_press",
        "Athenians Press the Attack",
        5,
        "press_attack",
        "The Athenian galley moves one step up the attack track at once, unless it is already "
        "at the top for this many players.",
    ),
)

MISFORTUNE_INDEX: dict[str, int] = {m.key: i for i, m in enumerate(MISFORTUNES)}


def build_deck() -> list[int]:
    """Every misfortune card once per copy (indices into :data:`MISFORTUNES`), unshuffled."""
    return [i for i, m in enumerate(MISFORTUNES) for _ in range(m.count)]


# --- handlers -------------------------------------------------------------------------------
def _flood(st: RisingState, p: int, card: Misfortune) -> None:
    st.basic_flood(p, card.params["section"])


def _controlled(st: RisingState, p: int, card: Misfortune) -> None:
    if st.surviving() == 0:
        st.destroy_centre()
        return
    st.push(("mchoice", p, "controlled", 1))


def _calm(st: RisingState, p: int, card: Misfortune) -> None:
    st.emit("calm_seas", "Calm seas: nothing happens.")


def _spur(st: RisingState, p: int, card: Misfortune) -> None:
    st.reshuffle_misfortunes()


def _island_spots_with_atlanteans(st: RisingState) -> list[int]:
    return [t for t in flood_order(st.flooded) if st.occ[t]]


def _panic(st: RisingState, p: int, card: Misfortune) -> None:
    if _island_spots_with_atlanteans(st):
        st.push(("mchoice", p, "panic", 1))
    else:
        st.emit("no_effect", "Nobody stands on the island tiles; the panic passes.")


def _plague(st: RisingState, p: int, card: Misfortune) -> None:
    if _island_spots_with_atlanteans(st):
        st.push(("mchoice", p, "plague", 1))
    else:
        st.emit("no_effect", "Nobody stands on the island tiles; the plague passes.")


def _crisis(st: RisingState, p: int, card: Misfortune) -> None:
    st.crisis = True
    st.emit("crisis_of_faith", "The Mystic Power Source gives nothing more this turn.")


def _earthquake(st: RisingState, p: int, card: Misfortune) -> None:
    st.mods.append((-1, 1))
    st.emit("earthquake", "Earthquake: resource targets are 1 higher this turn.")


def _lack(st: RisingState, p: int, card: Misfortune) -> None:
    st.lack = True
    st.emit("lack_of_support", "Councilor abilities are silent for the rest of this turn.")


def _press(st: RisingState, p: int, card: Misfortune) -> None:
    st.advance_galley(1, "The Athenians press the attack")


HANDLERS: dict[str, Callable[[RisingState, int, Misfortune], None]] = {
    "flood": _flood,
    "controlled_flood": _controlled,
    "calm": _calm,
    "spur": _spur,
    "panic": _panic,
    "plague": _plague,
    "crisis": _crisis,
    "earthquake": _earthquake,
    "lack_support": _lack,
    "press_attack": _press,
}


def resolve(st: RisingState, p: int, index: int) -> None:
    """Carry out misfortune card ``index`` drawn by player ``p``."""
    card = MISFORTUNES[index]
    HANDLERS[card.effect](st, p, card)


def panic_sections(st: RisingState) -> list[int]:
    """Sections where at least one Atlantean stands (the Panic! choices)."""
    return sorted({t // 6 for t in _island_spots_with_atlanteans(st)})


def plague_tiles(st: RisingState) -> list[int]:
    """Island tiles holding Atlanteans (the Plague choices)."""
    return [
        t for t in _island_spots_with_atlanteans(st) if t < NUM_TILES and t not in (CENTRE, NAVY)
    ]
