"""Atlantis Rising's hint: the move to recommend to a councilor, and why, as data.

The move is the team's ``normal`` bot's choice from the councilor's own view (it plans further
ahead than a rule of thumb), else the hint's rule of thumb for the decision
(:mod:`ai.rising.advice_picks`); before the first attack a councilor with nobody in a short
Navy is sent there (:func:`~ai.rising.advice_picks.teach_navy`). The reasons are keys, one
per part of the explanation, and the facts the plain numbers they name (odds, what is
missing, the Navy's outlook, the spot aimed at), all from :mod:`ai.rising.advice_values`.
:func:`advice_for` gives the reasons for any legal move, so a person may ask why of any of
them. The board's words are in ``scenes/rising/hints.py``.
"""

from __future__ import annotations

import logging
from typing import Any

from ai.advice import Advice, register_advisor
from ai.rising import advice_values as av
from ai.rising.advice_picks import rule_of_thumb, teach_navy
from game.core.protocol import Action
from game.rising import components as comps
from game.rising import frames
from game.rising.island import (
    CENTRE,
    FORGES,
    LIBRARIES,
    ORE,
    RESOURCES,
    SECTION_INDEX,
    SECTION_RESOURCE,
    SECTIONS,
    SPOT_INDEX,
    VALUE,
)
from game.rising.state import RisingState

log = logging.getLogger(__name__)

Why = tuple[tuple[str, ...], dict[str, Any]]

#: the hint asks the bots for their opinion first; tests switch it off to check the rules of thumb
USE_BOT = True


def _ranked(view: RisingState, player: int, legal: list[Action]) -> list[Action]:
    """The team's ``normal`` bot's moves, best first, when the bots are available ([]: none).

    The bot plans further ahead than a rule of thumb (flood risk, the whole team's needs), so
    the hint follows it. Any trouble in the bot only costs the hint that opinion; it never
    stops the board.
    """
    if not USE_BOT:
        return []
    try:
        from ai import rising as bot

        ranked = bot.rank(view, player, "normal")
    except Exception as exc:  # the hint must never take the board down with it
        log.warning("advisor: the bot's advice is unavailable (%s)", exc)
        return []
    if not ranked or ranked[0][1] not in legal:
        return []
    return [a for _, a in ranked if a in legal]


# ---------------------------------------------------------------------------------------------
# what a hint never recommends while another choice exists: one test per kind of harm, each
# answering how much ``action`` costs the councilor's own side (0: nothing)
def _sinks_own(view: RisingState, p: int, a: Action) -> int:
    """Sinking a tip where ``p``'s own Atlanteans stand (a stone one is lost for good)."""
    active, stone = av.own_pieces(view, p, av.sinking_tip(view, a))
    return active + 3 * stone


HARMS = (_sinks_own,)


def harm(view: RisingState, p: int, action: Action) -> int:
    """What ``action`` costs ``p``'s own side that another choice may spare (0: nothing)."""
    return sum(h(view, p, action) for h in HARMS)


def suggest(view: RisingState, player: int, legal: list[Action]) -> Action:
    """The move to recommend: the team bot's choice, else the rule of thumb (always legal);
    a move that hurts the councilor's own side gives way to the best one that hurts least."""
    ranked = _ranked(view, player, legal)
    action = ranked[0] if ranked else rule_of_thumb(view, player, legal)
    if action not in legal:
        action = legal[-1]
    if harm(view, player, action):
        least = min(harm(view, player, a) for a in legal)
        spared = [a for a in legal if harm(view, player, a) == least]
        action = next((a for a in ranked if a in spared), None) or (
            rule_of_thumb(view, player, spared) or spared[0]
        )
    return teach_navy(view, player, legal, action)


# ---------------------------------------------------------------------------------------------
# why a move is worth making: reason keys and the facts they name
def _navy_note(view: RisingState) -> Why:
    """Before the first attack, a placement also names the Navy against the attack."""
    if view.round != 1:
        return (), {}
    return ("navy_note_short" if av.navy_short(view) else "navy_note_holds",), av.navy_facts(view)


def _place(view: RisingState, p: int, a: Action) -> Why:
    t = SPOT_INDEX[a["at"]]
    _, reasons, facts = av.spot_worth(view, p, t, av.left_to_place(view), av.needs(view, p))
    if a.get("courage"):
        reasons += ("courage_navy" if a["at"] == "navy" else "courage_tile",)
    if a["at"] == "navy":
        return reasons, facts
    if view.round == 1:
        note, nf = _navy_note(view)
        return reasons + note, {**facts, **nf}
    goal = av.goal_facts(view, p)
    if goal["component"] is not None and any(goal["missing"]):
        return reasons + ("aim",), {**facts, **goal}
    return reasons, facts


def _flood(view: RisingState, kind: str) -> Why:
    reasons, facts = av.flood_facts(view)
    return (kind, *reasons), facts


def _pool(view: RisingState, a: Action) -> Why:
    room = frames.pool_room(view.stack[-1])
    if a["amount"]:
        return ("offer",), {"needed": view.stack[-1][3]}
    return ("others_cover" if av.pool_reachable(view) else "pool_short",), {"room": room}


def _play(view: RisingState, a: Action) -> Why:
    if view.phase == "attack":
        deficit = av.attack_deficit(view)
        if deficit > 0:
            return ("play", "attack_stronger"), {"deficit": deficit}
    elif av.frame_kind(view) == "discard":
        return ("play", "beats_discard"), {}
    return ("play",), {}


def _choose(view: RisingState, p: int, a: Action) -> Why:
    frame = av.frame_kind(view)
    if a.get("councilor") is not None:
        return ("borrow",), {}
    if a.get("at") is not None:
        if frame == "barrier":
            t = SPOT_INDEX[a["at"]]
            s = t // 6
            nxt = t % 6 == view.flooded[s]
            return ("shield", *(("next_to_sink",) if nxt else ())), {"section": SECTIONS[s]}
        return ("fewest_sent_home",), {}
    s = SECTION_INDEX[a["section"]]
    if frame == "unflip":
        return ("raise_best",), {"lost": view.flooded[s]}
    if frame == "mchoice" and view.stack[-1][2] == "panic":
        return ("fewest_run",), {"people": av.section_people(view, s)}
    tip = av.aimed_spot(view, a)
    t = SPOT_INDEX[tip] if tip is not None else None
    nobody = t is None or not (view.occ[t] or view.petr[t])
    active, stone = av.own_pieces(view, p, t)
    figures = len(view.petr[t]) if t is not None and not view.occ[t] else 0  # none active
    facts = {"tile": tip, "remaining": 6 - view.flooded[s], "nobody": nobody, "stone": figures}
    return ("give_up_tip",), {**facts, "own": active, "own_stone": stone}


def _pass(view: RisingState, p: int) -> Why:
    if av.frame_kind(view) == "window":
        if view.phase == "attack" and av.attack_deficit(view) <= 0:
            return ("navy_holds_attack",), {}
        if view.phase == "attack":
            return ("no_turnaround",), {}
        return ("keep_cards",), {}
    goal = av.goal_facts(view, p)
    if goal["component"] is None or not any(goal["missing"]):
        return ("keep_for_next",), {}
    return ("still_needs",), goal


def _produce(view: RisingState, p: int, at: str) -> Why:
    t = SPOT_INDEX[at]
    if t == CENTRE:
        return ("draw_energy",), {}
    s = t // 6
    if s in SECTION_RESOURCE:
        forge_later = s == 0 and any(p in view.occ[u] for u in range(FORGES * 6, FORGES * 6 + 6))
        return ("roll", *(("forge_after",) if forge_later else ())), {"target": view.target(p, t)}
    if s == FORGES:
        return ("forge_now" if view.res[p][ORE] else "forge_idle",), {"rate": VALUE[t]["rate"]}
    if s == LIBRARIES:
        return ("study_now",), {}
    return ("recruit",), {}


def _boost(view: RisingState, p: int, a: Action) -> Why:
    need, _, r = av.boost_info(view)
    facts = {"need": need, "resource": RESOURCES[r]}
    if a["amount"]:
        return ("boost", "for_component" if av.needs(view, p)[r] else "worth_it"), facts
    return ("keep_energy",), facts


def _monster(view: RisingState, p: int, a: Action, frame: str) -> Why | None:
    """Why a monster move is worth making (None: not a monster matter)."""
    from game.rising.monsters import common as cm

    kind = a.kind
    if kind == "choose" and a.get("monster") is not None:
        return ("monster_order",), {}
    if kind == "choose" and a.get("reward") is not None:
        return ("followers" if a["reward"] == "followers" else "volunteers",), {}
    if kind == "draw_gaze":
        if view.items[cm.MEDUSA] == p:
            return ("mirror_shield",), {}
        return ("fewest_stone",), {"active": len(view.occ[SPOT_INDEX[a["at"]]])}
    if kind == "pass" and frame == "gaze":
        return ("own_stone",), {}
    if kind == "lure":
        return ("lure",), {"active": len(view.occ[SPOT_INDEX[a["at"]]])}
    if kind == "confront" and frame == "hlure":
        return ("rattle",), {}
    if kind == "pass" and frame == "hlure":
        return ("let_fly",), {}
    if kind == "give_up":
        return ("tribute_resource" if a.get("resource") is not None else "tribute_card",), {}
    if kind == "confront":
        return ("sail_between",), {}
    if kind == "pass" and frame == "sea_confront":
        return ("hold_back",), {}
    if kind == "calm":
        return ("calm",), {}
    if kind == "accept" and frame == "charyb":
        return ("let_sink",), {}
    if kind == "free":
        return ("free",), {}
    if kind == "build_item":
        return ("item",), {}
    return None


def why(view: RisingState, p: int, a: Action) -> Why:
    """Why ``a`` (any legal move of ``p`` now) is worth making: reason keys and their facts."""
    kind = a.kind
    monster = _monster(view, p, a, av.frame_kind(view))
    if monster is not None:
        return monster
    if kind == "place":
        return _place(view, p, a)
    if kind == "hold":
        note, facts = _navy_note(view)
        return ("hold", *note), facts
    if kind in ("done", "ability"):
        return (("nothing_urgent",) if kind == "done" else ("champion",)), {}
    if kind == "unflip":
        return ("raise_section",), {"lost": view.flooded[SECTION_INDEX[a["section"]]]}
    if kind == "convert":
        ci = av.after_convert(view, p, a)
        return ("convert_enables" if ci is not None else "convert_short",), {
            "component": av.component_key(ci)
        }
    if kind == "play":
        return _play(view, a)
    if kind in ("accept", "cancel"):
        return _flood(view, kind)
    if kind == "contribute":
        return _pool(view, a)
    if kind == "choose":
        return _choose(view, p, a)
    if kind == "pass":
        return _pass(view, p)
    if kind == "produce":
        return _produce(view, p, a["at"])
    if kind == "boost":
        return _boost(view, p, a)
    if kind in ("keep", "discard"):
        return (("keep",) if kind == "keep" else ("discard_least",)), {}
    if kind == "give":
        ci = av.after_give(view, p, a)
        return ("give_enables" if ci is not None else "give_closer",), {
            "component": av.component_key(ci)
        }
    if kind == "build":
        if a.get("waive"):
            return ("build", "waive"), {"waived": comps.WAIVED}
        return ("build",), {}
    return ("safe",), {}


def advice_for(view: RisingState, player: int, action: Action) -> Advice:
    """``action`` (any legal move of ``player``) as advice: its reasons, their facts, and the
    spot it aims at (``facts["spot"]``, None: no spot)."""
    reasons, facts = why(view, player, action)
    return Advice(action, reasons, {**facts, "spot": av.aimed_spot(view, action)})


def advise(view: RisingState, player: int, seed: int = 0) -> Advice | None:
    """The move to recommend to ``player`` from ``view``, with its reasons and facts (None:
    ``player`` has nothing to decide). ``seed`` is unused: the advice is the same every time."""
    dec = view.decision()
    if dec is None or player not in dec.players:
        return None
    legal = view.legal_actions(player)
    if not legal:
        return None
    return advice_for(view, player, suggest(view, player, legal))


register_advisor("rising", advise)
