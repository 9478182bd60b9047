"""The 40 knowledge cards as data, when each may be played, and the handlers of their effects.

Windows (where the engine offers ``play`` actions; see docs/rules-decisions.md):
* ``any``    - the start-of-turn window, a player's own placement, production and build
  decisions, and instead of discarding over the hand limit.
* ``attack`` - the attack window, after the attack die is rolled and before the Navy is counted.
Cards marked ``react`` are also offered in the short window after each misfortune is resolved.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from game.rising.state import RisingState

HAND_LIMIT = 4


@dataclass(frozen=True)
class KnowledgeCard:
    key: str
    name: str
    count: int
    window: str  # "any" | "attack"
    effect: str
    text: str
    params: dict[str, Any] = field(default_factory=dict)
    react: bool = False  # also offered right after a misfortune is resolved

    @property
    def short(self) -> str:
        """The name a narrow button shows: the card's own telling words."""
        return SHORT_NAMES.get(self.key, self.name)


#: short names for narrow buttons (each still names its card: no fragments like "Arms")
SHORT_NAMES = {
    "science_of_shielding": "Shielding",
    "ballad_of_bravery": "Ballad",
    "ancestors_gambit": "Gambit",
    "untapped_talent": "Talent",
    "libram_of_unity": "Libram",
    "ancient_atlas": "Atlas",
    "golden_tribute": "Tribute",
    "crystal_cache": "Cache",
    "alchemists_notes": "Alchemist",
    "deep_meditation": "Meditation",
    "rites_of_renewal": "Renewal",
    "merchant_caravan": "Caravan",
    "master_artisan": "Artisan",
}


KNOWLEDGE: tuple[KnowledgeCard, ...] = (
    KnowledgeCard(
        "science_of_shielding",
        "Science of Shielding",
        1,
        "any",
        "barrier",
        "Take a mystic barrier from the supply and set it on any standing tile without one.",
        {"n": 1},
        react=True,
    ),
    KnowledgeCard(
        "ballad_of_bravery",
        "Ballad of Bravery",
        2,
        "attack",
        "ballad",
        "This turn, instead of the usual award, every councilor with 2 or more Atlanteans in "
        "the Navy takes a courage token.",
    ),
    KnowledgeCard(
        "ancestors_gambit",
        "Ancestors' Gambit",
        3,
        "attack",
        "gambit",
        "Roll the attack die again; the new number stands (another Gambit may roll it again).",
    ),
    KnowledgeCard(
        "untapped_talent",
        "Untapped Talent",
        2,
        "any",
        "talent",
        "Until the end of this turn you also have the ability of another councilor at the "
        "table, even while Lack of Support is in force.",
    ),
    KnowledgeCard(
        "libram_of_unity",
        "Libram of Unity",
        2,
        "any",
        "libram",
        "This turn, one more of your Atlanteans may go onto a tile whose rings are all taken.",
    ),
    KnowledgeCard(
        "ancient_atlas",
        "Ancient Atlas",
        3,
        "any",
        "atlas",
        "For the rest of this turn your Mountains, Hills and Forests targets are 1 lower "
        "(never below 2).",
        {"delta": -1},
    ),
    KnowledgeCard(
        "hidden_vein",
        "Hidden Vein",
        4,
        "any",
        "resource",
        "Take 2 ore from the supply.",
        {"res": 0, "n": 2},
    ),
    KnowledgeCard(
        "golden_tribute",
        "Golden Tribute",
        4,
        "any",
        "resource",
        "Take 2 gold from the supply.",
        {"res": 1, "n": 2},
    ),
    KnowledgeCard(
        "crystal_cache",
        "Crystal Cache",
        4,
        "any",
        "resource",
        "Take 2 crystal from the supply.",
        {"res": 2, "n": 2},
    ),
    KnowledgeCard(
        "alchemists_notes",
        "Alchemist's Notes",
        4,
        "any",
        "resource",
        "Take 2 Atlantium from the supply.",
        {"res": 3, "n": 2},
    ),
    KnowledgeCard(
        "deep_meditation",
        "Deep Meditation",
        1,
        "any",
        "energy",
        "Take 2 mystic energy from the supply.",
        {"n": 2},
    ),
    KnowledgeCard(
        "call_to_arms",
        "Call to Arms",
        2,
        "attack",
        "navy",
        "The Navy counts 2 more Atlanteans against this attack.",
        {"n": 2},
    ),
    KnowledgeCard(
        "rites_of_renewal",
        "Rites of Renewal",
        1,
        "any",
        "unflip",
        "Raise one sunken tile: the innermost destroyed tile of a section you choose.",
        {"n": 1},
        react=True,
    ),
    KnowledgeCard(
        "merchant_caravan",
        "Merchant Caravan",
        2,
        "any",
        "give",
        "Hand up to 2 of one of your resources to another councilor.",
        {"n": 2},
    ),
    KnowledgeCard(
        "heroic_tale",
        "Heroic Tale",
        3,
        "any",
        "courage",
        "Take a courage token from the supply.",
        {"n": 1},
    ),
    KnowledgeCard(
        "master_artisan",
        "Master Artisan",
        2,
        "any",
        "double",
        "The next component you build this turn gives its benefit twice (double benefit).",
    ),
)

KNOWLEDGE_INDEX: dict[str, int] = {k.key: i for i, k in enumerate(KNOWLEDGE)}
CARD_KEYS: tuple[str, ...] = tuple(k.key for k in KNOWLEDGE)
BEFORE_PRODUCTION = ("start", "place", "misfortune", "late", "production")


def build_deck() -> list[int]:
    """Every knowledge card once per copy (indices into :data:`KNOWLEDGE`), unshuffled."""
    return [i for i, k in enumerate(KNOWLEDGE) for _ in range(k.count)]


# --- can it do anything now? ------------------------------------------------------------------
def usable(st: RisingState, p: int, idx: int) -> bool:
    """Whether playing card ``idx`` now would have an effect (only then is it offered)."""
    card = KNOWLEDGE[idx]
    eff = card.effect
    if eff == "resource":
        return st.res_supply[card.params["res"]] > 0
    if eff == "energy":
        return st.energy_supply > 0
    if eff == "courage":
        return st.courage_supply > 0
    if eff == "barrier":
        return st.barrier_supply > 0 and bool(st.barrier_spots())
    if eff == "unflip":
        return any(st.flooded) and not st.destroy_pending()
    if eff == "ballad":
        return st.phase == "attack" and not st.ballad
    if eff in ("gambit", "navy"):
        return st.phase == "attack"
    if eff == "talent":
        return st.talent[p] < 0 and any(c != st.councilor[p] for c in st.councilor)
    if eff == "libram":
        return st.phase in ("start", "place")
    if eff == "atlas":
        return st.phase in BEFORE_PRODUCTION
    if eff == "give":
        return st.n > 1 and any(st.res[p])
    if eff == "double":
        return not st.double[p] and not st.built_turn[p]
    return False


def playable(st: RisingState, p: int, window: str) -> list[str]:
    """Card keys ``p`` may play in ``window`` ("any", "attack" or "react"), deduplicated."""
    hand = st.hand[p]
    if not hand:
        return []
    out: list[str] = []
    for idx in hand:
        card = KNOWLEDGE[idx]
        if card.key in out:
            continue
        if window == "react":
            if not card.react:
                continue
        elif card.window != window:
            continue
        if usable(st, p, idx):
            out.append(card.key)
    return out


# --- effects ----------------------------------------------------------------------------------
def _resource(st: RisingState, p: int, card: KnowledgeCard) -> None:
    st.gain_res(p, card.params["res"], card.params["n"])


def _energy(st: RisingState, p: int, card: KnowledgeCard) -> None:
    st.gain_energy(p, card.params["n"])


def _courage(st: RisingState, p: int, card: KnowledgeCard) -> None:
    st.gain_courage(p, card.params["n"])


def _barrier(st: RisingState, p: int, card: KnowledgeCard) -> None:
    st.push(("barrier", p, card.params["n"]))


def _unflip(st: RisingState, p: int, card: KnowledgeCard) -> None:
    st.push(("unflip", p, card.params["n"]))


def _ballad(st: RisingState, p: int, card: KnowledgeCard) -> None:
    st.ballad = True
    st.emit(
        "ballad", "Ballad of Bravery: every councilor with 2+ Atlanteans in the Navy earns courage."
    )


def _gambit(st: RisingState, p: int, card: KnowledgeCard) -> None:
    st.roll_attack(reroll=True)


def _navy(st: RisingState, p: int, card: KnowledgeCard) -> None:
    st.navy_bonus += card.params["n"]
    st.emit(
        "navy_bonus",
        lambda card=card: (
            f"The Navy counts {card.params['n']} more this attack.",
            {"n": card.params["n"]},
        ),
    )


def _talent(st: RisingState, p: int, card: KnowledgeCard) -> None:
    st.push(("talent", p))


def _libram(st: RisingState, p: int, card: KnowledgeCard) -> None:
    st.libram[p] += 1


def _atlas(st: RisingState, p: int, card: KnowledgeCard) -> None:
    st.mods.append((p, card.params["delta"]))


def _give(st: RisingState, p: int, card: KnowledgeCard) -> None:
    st.push(("give", p, card.params["n"]))


def _double(st: RisingState, p: int, card: KnowledgeCard) -> None:
    st.double[p] = True


HANDLERS: dict[str, Callable[[RisingState, int, KnowledgeCard], None]] = {
    "resource": _resource,
    "energy": _energy,
    "courage": _courage,
    "barrier": _barrier,
    "unflip": _unflip,
    "ballad": _ballad,
    "gambit": _gambit,
    "navy": _navy,
    "talent": _talent,
    "libram": _libram,
    "atlas": _atlas,
    "give": _give,
    "double": _double,
}


def play(st: RisingState, p: int, key: str) -> None:
    """Move one ``key`` card from ``p``'s hand to the discard pile and carry out its effect."""
    idx = KNOWLEDGE_INDEX[key]
    st.hand[p].remove(idx)
    st.kdiscard.append(idx)
    card = KNOWLEDGE[idx]
    st.emit(
        "card_played",
        lambda st=st, p=p, key=key, card=card: (
            f"{st.sentence_name(p)} plays {card.name}.",
            {"player": p, "card": key},
        ),
    )
    HANDLERS[card.effect](st, p, card)


def describe(key: str) -> dict[str, Any]:
    card = KNOWLEDGE[KNOWLEDGE_INDEX[key]]
    return {"key": key, "name": card.name, "text": card.text, "window": card.window}
