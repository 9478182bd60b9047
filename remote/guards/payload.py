"""What a Guards seat's page draws, from that seat's view only.

The page shows the seat's heroes (level, coins, items, every card slot with its values as the
desktop's hand does: what items and the Ultimate add), the arena as hexes with every unit on
it (the desktop's board is public), and the heroes of both teams. The choices are the seat's
legal actions; a choice that names a hex (a move, a place, a target) is drawn on the map.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from game.core.hidden import HIDDEN
from game.core.protocol import Action, GameState
from game.guards import selection, turns, units, words
from game.guards.cards import COLOURS, Card, card, heroes
from game.guards.state import GuardsState

#: the values of a card, in the order the desktop's hand shows them
ICONS = ("initiative", "attack", "defense", "move", "range", "radius")
#: the words of the action kinds at the card's ``act`` step (the desktop's buttons)
ACT_WORDS = {"move": "Move", "fast": "Fast travel"}


def _card(view: GuardsState, h: int, c: Card) -> dict[str, Any]:
    vals = {n: units.icon(view, h, c, n) for n in ICONS if getattr(c, n) is not None}
    return {
        "id": c.id,
        "name": c.name,
        "colour": c.colour,
        "tier": c.tier,
        "primary": c.primary,
        "text": c.text.strip(),
        "values": vals,
        "item": c.item,
    }


def _hero(view: GuardsState, h: int, mine: bool) -> dict[str, Any]:
    committed = view.commit[h]
    out: dict[str, Any] = {
        "h": h,
        "name": view.hero_name(h),
        "seat": view.seat_of[h],
        "team": view.team_of[h],
        "level": view.level[h],
        "coins": view.coins[h],
        "pos": list(view.pos[h]) if view.pos[h] is not None else None,
        # a face-down card: which one only its own seat knows (HIDDEN in everyone else's view)
        "played": committed is not None,
    }
    if mine:
        hand = set(view.hand[h])
        out["cards"] = [
            {
                **_card(view, h, view.card_in(h, col)),
                "in_hand": col in hand,
                "committed": committed == col,
            }
            for col in COLOURS
        ]
        out["items"] = list(view.items[h])
        out["ultimate"] = bool(view.ult[h])
    return out


@lru_cache(maxsize=8)
def static(name: str) -> dict[str, Any] | None:
    """A board's ground, the same for every game on it and public: its hexes (with their
    zone's kind) and the impassable ones. The page fetches it once (``/static/guards/<board>``)
    instead of every seat message carrying it."""
    from game.guards import geo as geos
    from game.guards.board import BoardError

    try:
        geo = geos.get(name)
    except (BoardError, KeyError, ValueError, OSError):
        return None
    hexes = [[q, r, geo.zones[geo.zone_of[(q, r)]].kind if (q, r) in geo.zone_of else ""]
             for (q, r) in geo.hexes]  # fmt: skip
    blocked = [[q, r] for (q, r) in geo.hexes if (q, r) not in geo.passable]
    return {"hexes": hexes, "blocked": blocked}


def _map(view: GuardsState) -> dict[str, Any]:
    unit_list = []
    for hx, code in sorted(view.occ.items()):
        if code >= 0:
            unit_list.append([hx[0], hx[1], "hero", view.team_of[code], view.hero_name(code)])
        else:
            _, team, kind, _ = view.minions[-code - 1]
            unit_list.append([hx[0], hx[1], kind, team, words.minion(team, kind)])
    return {"board": view.board, "units": unit_list}


def payload(view: GameState, seat: int, names: Sequence[str] = ()) -> dict[str, Any]:
    """Everything ``seat``'s page draws (JSON-able), from ``view`` = ``state.view(seat)``;
    the page names heroes and teams, not seats, so it has no use for ``names``."""
    assert isinstance(view, GuardsState)
    mine = set(view.seat_heroes[seat]) if seat < len(view.seat_heroes) else set()
    out: dict[str, Any] = {
        "phase": view.phase,
        "round": view.round,
        "turn": view.turn,
        "team": view.seat_team[seat] if seat < len(view.seat_team) else None,
        "teams": [view.team_name(t) for t in (0, 1)],
        "winner": view.winner,
        "heroes": [_hero(view, h, h in mine) for h in view.heroes],
        "mine": sorted(mine),
        # the heroes that choose a face-down card now, in the order a ``play`` names them
        "playing": list(turns.playing(view, seat)) if view.phase == "play" else [],
    }
    dec = view.decision()
    if dec is not None and dec.kind == "defend":
        out["why"] = dec.data.get("why", "")
    if view.phase != "select":  # heroes enter the arena from the end of the selection on
        out["map"] = _map(view)
    return out


def _hex(v: Any) -> bool:
    return isinstance(v, tuple) and len(v) == 2 and all(type(x) is int for x in v)


def _where(view: GuardsState, hx: tuple[int, int]) -> str:
    code = view.occ.get(hx)
    zone = view.geo.zone_of.get(hx)
    place = words.zone_title(view, zone) if zone else "the arena"
    if code is not None:
        return f"{words.unit(view, code)} in {place[4:] if place.startswith('the ') else place}"
    return f"a hex of {place[4:] if place.startswith('the ') else place} {hx}"


def label(view: GameState, seat: int, action: Action) -> str:
    """The words on the action's button (the desktop's words for the same move)."""
    assert isinstance(view, GuardsState)
    k = action.kind
    if k == "play":
        playing = turns.playing(view, seat)
        parts = []
        for h, col in zip(playing, action["cards"], strict=False):
            c = view.card_in(h, col)
            ini = units.icon(view, h, c, "initiative")
            who = f"{view.hero_name(h)}: " if len(playing) > 1 else ""
            parts.append(f"{who}{c.name}" + (f" (initiative {ini})" if ini is not None else ""))
        return "Play " + " + ".join(parts) + " face down"
    if k == "act":
        return ACT_WORDS.get(action["what"], action["what"])
    if k == "primary":
        prog = view.prog or {}
        name = card(prog["card"]).name if prog.get("card") else "the card"
        return f"Use {name}"
    if k in ("move", "fast", "place", "remove"):
        hx = action["to"] if k in ("move", "fast") else action["at"]
        verb = {"move": "Move to", "fast": "Fast travel to", "place": "Enter at",
                "remove": "Remove"}[k]  # fmt: skip
        return f"{verb} {_where(view, hx)}"
    if k == "choose":
        option = action["option"]
        if option == "skip":
            return "Skip this step"
        if _hex(option):
            return f"Choose {_where(view, option)}"
        prog = view.prog or {}
        h = prog.get("h")
        if isinstance(option, str) and option in COLOURS and h is not None:
            return f"Choose {view.card_in(h, option).name} ({option})"
        if type(option) is int and option in view.heroes:
            return f"Choose {view.hero_name(option)}"
        return f"Choose {option}"
    if k == "defend":
        col = action["card"]
        if not col:
            return "Take the defeat"
        target = (view.pend or (None, None))[1]
        h = target if type(target) is int and target >= 0 else view.seat_heroes[seat][0]
        c = view.card_in(h, col)
        d = units.icon(view, h, c, "defense")
        return f"Discard {c.name}" + (f" (defence {d})" if d is not None else "")
    if k == "first":
        return f"{view.hero_name(action['hero'])} goes first"
    if k == "level":
        cid = action["card"]
        if not cid:
            return "Stop levelling"
        c = card(cid)
        return f"Level up to {c.name} ({c.colour}, tier {c.tier})"
    if k in ("pick", "ban"):
        hero = heroes().get(action["hero"])
        name = hero.styled() if hero is not None else selection.unit_name(action["hero"])
        return f"{'Pick' if k == 'pick' else 'Ban'} {name}"
    if k == "recruit":
        return f"Recruit {view.player_name(action['seat'])}"
    return view.describe_action(action)


__all__ = ["HIDDEN", "label", "payload"]
