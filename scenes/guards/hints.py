"""The hint's words: what the normal bot would do in the person's place, and why, in one line.

The move and its reasons come from the AI layer (:mod:`ai.guards.advisor`, through
:func:`ai.advice.advise`); this module only words them, naming the person's own cards and
heroes. :func:`target` (the hex an action aims at) marks the hint's hex and the teammates'
intents on the board.
"""

from __future__ import annotations

from typing import Any

from ai.advice import Advice
from ai.guards.advisor import target

__all__ = ["explain", "target"]

#: why a card is worth playing, by the advisor's reason key
_PLAY_WHY = {
    "enemy_in_reach": "an enemy is within its reach this turn",
    "defense": "it defends well if you are attacked",
    "hold": "waiting keeps your better cards for later",
}
#: the whole line for each other kind of move, by the advisor's reason key
_LINES = {
    "has_target": "use the card's own action - it has a target now.",
    "reposition": "move first - a better placed spot is in reach.",
    "skip_unhelpful": "skip this step - it would not help now.",
    "best_offered": "the marked choice - the best of those offered.",
    "no_card_holds": "take the defeat - no card holds, and you keep your cards.",
    "keep_coins": "stop levelling - keep the coins for later.",
    "nearest_battle": "enter at the marked hex - nearest the battle.",
    "furthest_from_enemy": "remove the marked minion - the one furthest from the enemy.",
}


def explain(view: Any, advice: Advice) -> str:
    """``Hint: <what> - <why>`` for the advice given from ``view``."""
    action, why = advice.action, advice.reasons
    p, k = action.player, action.kind
    if k == "play":
        bits = []
        for h, col, reason in zip(view.seat_heroes[p], action["cards"], why, strict=False):
            c = view.card_in(h, col)
            words = _PLAY_WHY.get(
                reason, f"its {c.primary} helps most from where {view.hero_name(h)} stands"
            )
            bits.append(f"play {c.name} - {words}")
        return "Hint: " + "; ".join(bits) + "."
    if k in ("move", "fast"):
        verb = "move" if k == "move" else "fast travel"
        if why == ("closer",):
            return f"Hint: {verb} to the marked hex - it brings you closer to the enemy."
        return f"Hint: {verb} to the marked hex - a safer or better placed spot."
    if k == "defend" and action["card"]:
        name = action["card"]
        h = next((x for x in view.seat_heroes[p] if action["card"] in view.hand[x]), None)
        if h is not None:
            name = view.card_in(h, action["card"]).name
        return f"Hint: defend with {name} - its total reaches the attack."
    if k == "level" and action["card"]:
        from game.guards.cards import card

        return f"Hint: take {card(action['card']).name} - the stronger card for your hero."
    if k in ("pick", "ban"):
        return f"Hint: {k} {action['hero'].capitalize()} - the strongest still on offer."
    if k == "first":
        return f"Hint: {view.hero_name(action['hero'])} first - an enemy is in its reach."
    line = _LINES.get(why[0]) if why else None
    return f"Hint: {line}" if line else f"Hint: {k}."
