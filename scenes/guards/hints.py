"""The hint's words: what the normal bot would do in the person's place, and why, in one line.

:func:`explain` reads only the view the bot was given (the person's own) and the action it
chose; the reason is the plain fact the choice rests on (an enemy in reach, a card that holds,
the battle zone nearer), never a number the person cannot see. :func:`target` is the hex an
action aims at, for the marker on the board (also used for the teammates' intents).
"""

from __future__ import annotations

from typing import Any

from game.core.protocol import Action
from game.guards.geo import distance

Hex = tuple[int, int]


def target(view: Any, action: Action | None) -> Hex | None:
    """The hex ``action`` goes to or strikes (None when it aims at no hex)."""
    if action is None:
        return None
    for key in ("to", "at"):
        v = action.get(key)
        if isinstance(v, tuple):
            return v
    opt = action.get("option")
    if isinstance(opt, tuple):
        return opt
    who = action.get("target")
    if isinstance(who, int) and who >= 0 and who < len(getattr(view, "pos", ())):
        return view.pos[who]
    return None


def _enemy_hexes(view: Any, player: int) -> list[Hex]:
    team = view.seat_team[player]
    out = []
    for hx, code in view.occ.items():
        t = view.team_of[code] if code >= 0 else view.minions[-code - 1][1]
        if t != team:
            out.append(hx)
    return out


def _nearest(view: Any, player: int, at: Hex | None) -> int | None:
    foes = _enemy_hexes(view, player)
    if at is None or not foes:
        return None
    return min(distance(at, f) for f in foes)


def explain(view: Any, action: Action) -> str:
    """``Hint: <what> - <why>`` for the action the normal bot chose from ``view``."""
    p = action.player
    k = action.kind
    if k == "play":
        bits = []
        for h, col in zip(view.seat_heroes[p], action["cards"], strict=False):
            c = view.card_in(h, col)
            at = view.pos[h]
            reach = (c.move or 0) + (c.range or 1)
            near = _nearest(view, p, at)
            if c.primary == "attack" and near is not None and near <= reach:
                why = "an enemy is within its reach this turn"
            elif c.primary == "defense":
                why = "it defends well if you are attacked"
            elif c.primary == "hold":
                why = "waiting keeps your better cards for later"
            else:
                why = f"its {c.primary} helps most from where {view.hero_name(h)} stands"
            bits.append(f"play {c.name} - {why}")
        return "Hint: " + "; ".join(bits) + "."
    if k in ("move", "fast"):
        h = view.prog["h"] if getattr(view, "prog", None) else None
        before = _nearest(view, p, view.pos[h]) if h is not None else None
        after = _nearest(view, p, target(view, action))
        verb = "move" if k == "move" else "fast travel"
        if before is not None and after is not None and after < before:
            return f"Hint: {verb} to the marked hex - it brings you closer to the enemy."
        return f"Hint: {verb} to the marked hex - a safer or better placed spot."
    if k == "primary":
        return "Hint: use the card's own action - it has a target now."
    if k == "choose":
        if action["option"] == "skip":
            return "Hint: skip this step - it would not help now."
        return "Hint: the marked choice - the best of those offered."
    if k == "defend":
        if action["card"]:
            name = action["card"]
            h = next((x for x in view.seat_heroes[p] if action["card"] in view.hand[x]), None)
            if h is not None:
                name = view.card_in(h, action["card"]).name
            return f"Hint: defend with {name} - its total reaches the attack."
        return "Hint: take the defeat - no card holds, and you keep your cards."
    if k == "level":
        if action["card"]:
            from game.guards.cards import card

            return f"Hint: take {card(action['card']).name} - the stronger card for your hero."
        return "Hint: stop levelling - keep the coins for later."
    if k in ("pick", "ban"):
        return f"Hint: {k} {action['hero'].capitalize()} - the strongest still on offer."
    if k == "place":
        return "Hint: enter at the marked hex - nearest the battle."
    if k == "first":
        return f"Hint: {view.hero_name(action['hero'])} first - an enemy is in its reach."
    if k == "remove":
        return "Hint: remove the marked minion - the one furthest from the enemy."
    return f"Hint: {k}."
