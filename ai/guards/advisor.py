"""Guards of Atlantis's hint: the normal bot's choice for the person, and the facts it rests on.

The move is what :class:`~ai.guards.bots.GuardsBot` at "normal" picks from the person's own
view; the reasons are facts of that view the person can check on the board (an enemy within
the card's reach, the enemy nearer after a move), never a number they cannot see. The board's
wording is in ``scenes/guards/hints.py``.
"""

from __future__ import annotations

from typing import Any

from ai.advice import Advice, register_advisor
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


def enemy_hexes(view: Any, player: int) -> list[Hex]:
    """Where the other team's heroes and minions stand, as ``player`` sees them."""
    team = view.seat_team[player]
    out = []
    for hx, code in view.occ.items():
        t = view.team_of[code] if code >= 0 else view.minions[-code - 1][1]
        if t != team:
            out.append(hx)
    return out


def nearest_enemy(view: Any, player: int, at: Hex | None) -> int | None:
    """How far the nearest enemy is from ``at`` (None: no hex, or no enemy on the board)."""
    foes = enemy_hexes(view, player)
    if at is None or not foes:
        return None
    return min(distance(at, f) for f in foes)


def _play_reasons(view: Any, action: Action) -> tuple[str, ...]:
    p = action.player
    out = []
    for h, col in zip(view.seat_heroes[p], action["cards"], strict=False):
        c = view.card_in(h, col)
        near = nearest_enemy(view, p, view.pos[h])
        if c.primary == "attack" and near is not None and near <= (c.move or 0) + (c.range or 1):
            out.append("enemy_in_reach")
        elif c.primary in ("defense", "hold"):
            out.append(c.primary)
        else:
            out.append("helps_here")
    return tuple(out)


def _move_reasons(view: Any, action: Action) -> tuple[str, ...]:
    h = view.prog["h"] if getattr(view, "prog", None) else None
    before = nearest_enemy(view, action.player, view.pos[h]) if h is not None else None
    after = nearest_enemy(view, action.player, target(view, action))
    closer = before is not None and after is not None and after < before
    return ("closer" if closer else "better_placed",)


#: the reason of each other kind of move, read from the move alone
_KIND_REASONS = {
    "primary": lambda a: "has_target",
    "act": lambda a: {"primary": "has_target", "move": "reposition", "fast": "reposition"}.get(
        a["what"], "best_offered"
    ),
    "choose": lambda a: "skip_unhelpful" if a["option"] == "skip" else "best_offered",
    "defend": lambda a: "reaches_attack" if a["card"] else "no_card_holds",
    "level": lambda a: "stronger_card" if a["card"] else "keep_coins",
    "pick": lambda a: "strongest_left",
    "ban": lambda a: "strongest_left",
    "place": lambda a: "nearest_battle",
    "first": lambda a: "enemy_in_reach",
    "remove": lambda a: "furthest_from_enemy",
}


def reasons(view: Any, action: Action) -> tuple[str, ...]:
    """Why ``action`` is a good move for its player in ``view``, as reason keys."""
    if action.kind == "play":
        return _play_reasons(view, action)
    if action.kind in ("move", "fast"):
        return _move_reasons(view, action)
    why = _KIND_REASONS.get(action.kind)
    return (why(action),) if why is not None else ()


def advise(view: Any, player: int, seed: int = 0) -> Advice | None:
    """The normal bot's move for ``player`` from ``view``, with its reasons and aimed hex."""
    from ai.guards.bots import GuardsBot

    if not view.legal_actions(player):
        return None
    action = GuardsBot("normal", seed=seed).choose(view, player, float("inf"))
    return Advice(action, reasons(view, action), {"target": target(view, action)})


register_advisor("guards", advise)
