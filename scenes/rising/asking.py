"""The Rising board's words for input between phases: naming a new decision, and the second
click that a move which cannot be taken back needs.

Undo (``GameState.undoable``) covers placements only: it needs the move to be the player's own
and still their decision, with nothing revealed since. Sinking a tile, letting a flood through,
discarding a card and starting to pool energy for a raise either end the decision (so there is
nothing left to walk back into) or set off dice and cards, so those moves ask for a second
click on the same target instead ("Click again to sink Hills 3"); so do drawing Medusa's gaze
(it turns one's own Atlanteans to stone) and playing a knowledge card, each saying what will
happen.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.core.protocol import Action, Decision
from game.rising.frames import UNFLIP_COST
from game.rising.island import SECTION_INDEX, SPOT_INDEX, spot_name
from game.rising.knowledge import KNOWLEDGE, KNOWLEDGE_INDEX
from game.rising.monsters.common import MEDUSA
from scenes.rising.controls import card_name
from scenes.rising.log_panel import humanize

#: misfortune choices whose section loses its outermost tile
SINKING_CHOICES = ("overflow", "controlled")

_ANNOUNCE = {
    "start_of_turn": "A new turn: abilities, cards or energy first, or carry on",
    "place": "Placement: put your Atlanteans on the island",
    "late_place": "Late placement: place the Atlanteans you kept back",
    "pool_energy": "Mystic energy is being gathered: how much do you add?",
    "card_window": "You may play a knowledge card now",
    "production": "Productive actions: choose which Atlantean acts",
    "boost": "The die fell short: spend energy to make it?",
    "library_keep": "The Library: choose the cards you keep",
    "discard": "Too many cards: play or discard down to the limit",
    "attack_tiles": "The Athenians break through: choose which tile sinks",
    "place_barrier": "A mystic barrier: choose the tile it guards",
    "unflip_tile": "A sunken tile rises: choose its section",
    "choose_councilor": "Choose the councilor whose ability you borrow",
    "give_resources": "Choose whom you give resources to",
    "build": "Building: build one component, or pass",
    # the monsters: the engine's prompts are long, the line at the top of the island is short
    "monster_order": "Several monsters: choose which acts next",
    "medusa_gaze": "Medusa is about to move: draw her gaze, or let the dice send her",
    "medusa_ally": "Medusa helps your city: take followers or volunteers",
    "harpies_lure": "The Harpies are about to fly: lure them, or pass",
    "harpies_tribute": "The Harpies rob you: give up a resource or a card",
    "sea_confront": "The Helm of Passage: end Scylla and Charybdis now?",
    "charybdis": "Charybdis reaches for a tile: let it sink, or calm her",
}
_MISFORTUNE = {
    "overflow": "The sea overflows: choose which tile sinks",
    "controlled": "Controlled Flood: choose which tile sinks",
    "panic": "Panic! Choose the section whose Atlanteans run home",
    "plague": "Plague: choose the tile whose Atlanteans flee home",
}


def phase_of(decision: Decision) -> str:
    """A decision's kind, split where one kind covers different questions."""
    extra = decision.data.get("what") or decision.data.get("window") or ""
    return f"{decision.kind}:{extra}" if extra else decision.kind


def announcement(decision: Decision, names: Sequence[str], who: str = "") -> str:
    """The line that names a new decision for the person who must answer it."""
    if decision.kind == "misfortune_choice":
        text = _MISFORTUNE.get(str(decision.data.get("what")), "")
    elif decision.kind == "library_keep" and len(decision.data.get("cards", ())) <= int(
        decision.data.get("keep", 1)
    ):
        text = "The Library: take the card you drew"
    elif decision.kind == "flood_response":
        tile = decision.data.get("tile")
        where = spot_name(str(tile)) if tile else "two tiles"
        text = f"The sea comes for {where}: let it flood, or stop it with energy"
    else:
        text = _ANNOUNCE.get(decision.kind, "")
    if not text:
        text = humanize(decision.prompt, names).rstrip(".")
    return f"{who} — {text}" if who else text


def _outer(flooded: Sequence[int], section: str) -> str:
    """The tile of ``section`` that sinks next."""
    return spot_name(f"{section}-{flooded[SECTION_INDEX[section]] + 1}")


def _inner(flooded: Sequence[int], section: str) -> str:
    """The sunken tile of ``section`` that rises next."""
    return spot_name(f"{section}-{max(1, flooded[SECTION_INDEX[section]])}")


def _gaze(action: Action, view: Any) -> str:
    """Drawing Medusa's gaze onto one's own Atlanteans: who turns to stone, or the curse breaks."""
    spot = str(action["at"])
    where = spot_name(spot)
    p = action.player
    if view is not None and view.items and view.items[MEDUSA] == p:
        return (
            f"Click again to draw Medusa's gaze to {where}: your Mirror Shield breaks her curse "
            "and she becomes your ally."
        )
    occ = list(view.occ[SPOT_INDEX[spot]]) if view is not None else [p]
    bearer = view.items[MEDUSA] if view is not None and view.items else -1
    if bearer in occ:
        occ.remove(bearer)  # the Shield bearer stands firm
    yours, others = occ.count(p), len(occ) - occ.count(p)
    victims = f"your {yours} Atlantean(s)" + (f" and {others} other(s)" if others else "")
    return (
        f"Click again to draw Medusa's gaze to {where}: she moves there and turns {victims} "
        "there to stone."
    )


def _play(action: Action) -> str:
    """Playing a knowledge card: what it does, in the card's own (our) words."""
    key = str(action["card"])
    idx = KNOWLEDGE_INDEX.get(key)
    does = KNOWLEDGE[idx].text if idx is not None else ""
    return f"Click again to play {card_name(key)}: {does[:1].lower() + does[1:]}".rstrip()


def second_click(
    action: Action, decision: Decision | None, flooded: Sequence[int], view: Any = None
) -> str:
    """What the board says before a move that cannot be taken back ("" = no question).
    ``view``: the state as the board shows it, for who stands where (Medusa's gaze)."""
    if decision is None:
        return ""
    k = action.kind
    if k == "draw_gaze":
        return _gaze(action, view)
    if k == "play":
        return _play(action)
    section = action.get("section")
    sinking = decision.kind == "attack_tiles" or (
        decision.kind == "misfortune_choice" and decision.data.get("what") in SINKING_CHOICES
    )
    if k == "choose" and sinking and section in SECTION_INDEX:
        return f"Click again to sink {_outer(flooded, section)}; it cannot be taken back."
    if k == "accept" and decision.kind == "flood_response":
        tile = decision.data.get("tile")
        where = spot_name(str(tile)) if tile else "two other tiles"
        return f"Click again to let {where} flood; it cannot be taken back."
    if k == "discard":
        return f"Click again to discard {card_name(str(action['card']))}; it cannot be taken back."
    if k == "unflip" and section in SECTION_INDEX:
        return (
            f"Click again to raise {_inner(flooded, section)}: you all pool {UNFLIP_COST} "
            "mystic energy for it."
        )
    return ""


def sinking_tile(action: Action, decision: Decision | None, flooded: Sequence[int]) -> str:
    """The spot id an armed move would sink or raise, to mark it on the island ("" if none)."""
    if decision is not None and action.kind == "draw_gaze":
        return str(action["at"])
    section = action.get("section")
    if decision is None or section not in SECTION_INDEX:
        return ""
    f = flooded[SECTION_INDEX[section]]
    pos = f - 1 if action.kind == "unflip" else f
    return f"{section}-{pos + 1}" if 0 <= pos < 6 else ""
