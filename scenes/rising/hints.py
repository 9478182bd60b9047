"""The first-game guide's words for Atlantis Rising: what to do next, and why, in plain words.

The move and its reasons come from the AI layer (:mod:`ai.rising.advisor`, through
:func:`ai.advice.advise`); this module only words them: one sentence (or part of one) per reason
key, naming the councilor's own cards, spots and components with the numbers from the advice's
facts. :func:`hint` gives the board the words, the suggested legal move and what to light up
(``targets``): spot ids (``"hills-1"``, ``"centre"``, ``"navy"``), ``"component:<key>"``,
``"card:<key>"`` or ``"action:<kind>"`` for buttons. Pure Python: no pygame here, so it is
tested like the engine.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ai.advice import Advice, advise
from game.core.protocol import Action
from game.rising import components as comps
from game.rising import frames
from game.rising.councilors import COUNCILOR_INDEX, COUNCILORS
from game.rising.island import RESOURCES, spot_name
from game.rising.knowledge import KNOWLEDGE, KNOWLEDGE_INDEX
from game.rising.state import RisingState

__all__ = ["Hint", "action_targets", "explain", "explain_move", "hint", "place_name"]


@dataclass(frozen=True)
class Hint:
    """One piece of advice: the words, what to highlight, and the suggested legal move."""

    text: str
    targets: tuple[str, ...]
    action: Action | None = None


def hint(view: RisingState, player: int, seed: int = 0) -> Hint | None:
    """Advice for ``player``'s pending decision, or None when they have nothing to decide.

    The suggested move is always one of ``view.legal_actions(player)``.
    """
    advice = advise("rising", view, player, seed)
    if advice is None:
        return None
    return Hint(explain(view, advice), action_targets(view, advice.action, advice), advice.action)


def explain_move(view: RisingState, player: int, action: Action) -> str:
    """Why ``action`` (any legal move of ``player`` now) is worth making, in plain words."""
    from ai.rising.advisor import advice_for

    return explain(view, advice_for(view, player, action))


# ---------------------------------------------------------------------------------------------
# naming things for people
def place_name(spot: str) -> str:
    """ "hills-3" -> "Hills 3", as the log says it (:func:`game.rising.island.spot_name`)."""
    return spot_name(spot)


def _card_name(key: str) -> str:
    return KNOWLEDGE[KNOWLEDGE_INDEX[key]].name


def _comp_name(key: str) -> str:
    return comps.COMPONENTS[comps.COMPONENT_INDEX[key]].name


def _lower_first(text: str) -> str:
    return text[:1].lower() + text[1:]


def _missing_text(missing: list[int]) -> str:
    parts = [f"{n} {RESOURCES[r]}" for r, n in enumerate(missing) if n]
    return ", ".join(parts) if parts else "nothing"


def _odds(target: int) -> str:
    return f"{7 - target} times in 6"


def action_targets(
    view: RisingState, action: Action, advice: Advice | None = None
) -> tuple[str, ...]:
    """What the board should light up for ``action`` (the same ids :class:`Hint` uses); the
    spot comes from the advice's facts (asked of the advisor when no advice is given)."""
    kind = action.kind
    if kind == "build":
        return (f"component:{action['component']}",)
    if kind == "build_item":
        return (f"item:{action['item']}",)
    if kind == "give_up":
        return (f"give_up:{action.get('resource') or action.get('card')}",)
    if kind == "choose" and action.get("monster") is not None:
        return (f"monster:{action['monster']}",)
    if kind in ("play", "keep", "discard"):
        return (f"card:{action['card']}",)
    if advice is None:
        from ai.rising.advice_values import aimed_spot

        spot = aimed_spot(view, action)
    else:
        spot = advice.facts.get("spot")
    return (spot,) if spot is not None else (f"action:{kind}",)


# ---------------------------------------------------------------------------------------------
# the words: one builder per reason key. A head (the advice's first reason) words the move;
# each further reason adds its sentence after it.
Words = Callable[[RisingState, Action, dict[str, Any]], str]


def _navy_lesson(f: dict[str, Any]) -> str:
    """What the Navy is for, with this turn's numbers (said before the first attack)."""
    return (
        f"only the Navy meets the sea's attack (galley +{f['galley']} plus a die, "
        f"{f['attack']:.1f} on average). It holds {f['navy']}, so about "
        f"{f['lost']:.1f} tiles would sink; one more there saves about {f['saved']:.1f}."
    )


def _put(v: RisingState, a: Action, f: dict[str, Any]) -> str:
    name = place_name(a["at"])
    why = (
        f"you still need {f['need']} {f['resource']}"
        if f["need"]
        else f"{f['resource']} is always useful"
    )
    return (
        f"Put an Atlantean on {name} — your target there is {f['target']}, so the die succeeds "
        f"{_odds(f['target'])}; {why}."
    )


def _forge(v: RisingState, a: Action, f: dict[str, Any]) -> str:
    need = f["need"]
    return (
        f"Put an Atlantean on {place_name(a['at'])} — it turns 1 of your ore into {f['rate']} "
        f"Atlantium{'' if not need else f', and you need {need} Atlantium'}."
    )


def _shield(v: RisingState, a: Action, f: dict[str, Any]) -> str:
    nxt = f"it is the next {f['section']} tile the sea would take, and "
    return (
        f"Shield {place_name(a['at'])}: "
        + (nxt if f.get("next_to_sink") else "")
        + "the barrier stops the next flood that reaches it."
    )


def _own_loss(f: dict[str, Any]) -> str:
    """What sinking the tip costs the advised councilor's own Atlanteans ("" = nothing)."""
    lost = []
    if f.get("own"):
        lost.append(f"your {f['own']} Atlantean(s) there go home without acting")
    if f.get("own_stone"):
        lost.append(f"your {f['own_stone']} stone Atlantean(s) there are lost for good")
    return " and ".join(lost)


def _give_up_tip(v: RisingState, a: Action, f: dict[str, Any]) -> str:
    tile, section = f["tile"], a["section"]
    where = place_name(tile) if tile is not None else section
    lost = _own_loss(f)
    if lost:
        return (
            f"Give up {where}: every other choice costs the table more, though {lost}. "
            f"The {section} still have {f['remaining']} tile(s)."
        )
    who = (
        "nobody stands there"
        if f["nobody"]
        else f"only {f['stone']} stone figure(s) stand there"
        if f.get("stone")
        else "few Atlanteans stand there"
    )
    return (
        f"Give up {where}: the {section} still have {f['remaining']} tile(s) and {who}. Keep "
        "short sections alive — a section with no tiles turns each of its floods into two "
        "lost tiles."
    )


#: why a pending flood is worth stopping, by the advisor's reason key
_FLOOD_WHY: dict[str, Callable[[dict[str, Any]], str]] = {
    "section_gone": lambda f: (
        f"the {f['section']} are already gone, so this flood would take two other tiles"
    ),
    "people": lambda f: (
        f"{f['people']} Atlantean(s) stand there and would swim home without acting"
    ),
    "stone": lambda f: f"{f['stone']} stone figure(s) there would be lost for good",
    "last_tile": lambda f: f"it is the last {f['section']} tile standing",
    "few_left": lambda f: f"only {f['left']} {f['section']} tile(s) would remain",
    "energy_spare": lambda f: f"the table has {f['energy']} energy to spare",
}


def _flood(cancel: bool) -> Words:
    def words(v: RisingState, a: Action, f: dict[str, Any]) -> str:
        where = place_name(f["tile"]) if f["tile"] is not None else "two other tiles"
        reasons = [_FLOOD_WHY[r](f) for r in f["why"]]
        if cancel:
            why = "; ".join(reasons) if reasons else "the table can spare the energy"
            return f"Cancel the flood at {where} with {frames.CANCEL_COST} pooled energy: {why}."
        if reasons:
            return (
                f"Let {where} go even though {'; '.join(reasons)}: the energy is needed more "
                "elsewhere."
            )
        return (
            f"Let {where} go: nobody stands there and the section has tiles to spare. The "
            f"{f['energy']} energy on the table is worth more for later floods and failed "
            "rolls."
        )

    return words


def _roll(v: RisingState, a: Action, f: dict[str, Any]) -> str:
    target = f["target"]
    return f"Roll at {place_name(a['at'])} (target {target}, success {_odds(target)})" + (
        " first: ore you find can still be forged afterwards." if f.get("forge_after") else "."
    )


def _boost(v: RisingState, a: Action, f: dict[str, Any]) -> str:
    why = (
        "you need it for your next component"
        if f.get("for_component")
        else "a success is worth the energy"
    )
    return f"Spend {f['need']} energy to turn the roll into a success: {f['resource']} — {why}."


def _play(v: RisingState, a: Action, f: dict[str, Any]) -> str:
    card = KNOWLEDGE[KNOWLEDGE_INDEX[a["card"]]]
    return f"Play {card.name}: {_lower_first(card.text)}"


def _build(v: RisingState, a: Action, f: dict[str, Any]) -> str:
    comp = comps.COMPONENTS[comps.COMPONENT_INDEX[a["component"]]]
    text = f"Build the {comp.name} — {_lower_first(comp.text)}"
    if f.get("waived"):
        text += f" Your ability saves {f['waived']} {a['waive']}."
    return text + " Every component is one of the ten the gate needs."


def _borrow(v: RisingState, a: Action, f: dict[str, Any]) -> str:
    c = COUNCILORS[COUNCILOR_INDEX[a["councilor"]]]
    return f"Borrow the {c.name}'s ability: {_lower_first(c.text)}"


_MONSTER_WORDS = {"medusa": "Medusa", "harpies": "the Harpies", "scylla": "Scylla and Charybdis"}
_ORDER_WHY = {
    "medusa": "she only turns to stone what stands where she lands, so let her act first",
    "harpies": "their raid costs a resource or card, a small price",
    "scylla": "Scylla snatches from the Navy and Charybdis may drag a tip under",
}


def _monster_order(v: RisingState, a: Action, f: dict[str, Any]) -> str:
    key = a["monster"]
    return f"Let {_MONSTER_WORDS[key]} act next: {_ORDER_WHY.get(key, 'any order is fine')}."


def _lure(v: RisingState, a: Action, f: dict[str, Any]) -> str:
    from game.rising.monsters import harpies as hp

    return (
        f"Spend {hp.LURE_COST} energy to send the Harpies to {place_name(a['at'])}: "
        f"{f['active']} Atlantean(s) there to rob instead of a busy tile."
    )


def _sail_between(v: RisingState, a: Action, f: dict[str, Any]) -> str:
    from game.rising.monsters import scylla as sc

    return (
        "Sail between them: Scylla and Charybdis are gone for good, every captive swims "
        f"home and the Navy counts {sc.GUARDIANS} more against every attack."
    )


def _calm(v: RisingState, a: Action, f: dict[str, Any]) -> str:
    from game.rising.monsters import scylla as sc

    return (
        f"Calm the whirlpool: {sc.CALM_COST} energy pooled keeps the tile standing, and a "
        "sunk tip brings the next flood nearer the centre."
    )


def _item(v: RisingState, a: Action, f: dict[str, Any]) -> str:
    from game.rising.monsters import common as cm

    it = cm.ITEMS[cm.ITEM_INDEX[a["item"]]]
    return f"Make the {it.name}: {it.text}"


#: the words of the move, by the advice's first reason key
_HEADS: dict[str, Words] = {
    # placing an Atlantean
    "navy_short": lambda v, a, f: "Send an Atlantean to the Navy: " + _navy_lesson(f),
    "navy_holds": lambda v, a, f: (
        f"Add an Atlantean to the Navy: a high roll (up to {f['highest']}) could still "
        "beat it, and whoever has the most Atlanteans there earns a courage token."
    ),
    "crisis": lambda v, a, f: "Crisis of Faith: the Mystic Power Source gives nothing this turn.",
    "energy_low": lambda v, a, f: (
        f"Draw on {place_name(a['at'])} for mystic energy — the table holds only "
        f"{f['energy']}, and {frames.CANCEL_COST} together cancel a flood."
    ),
    "energy": lambda v, a, f: (
        f"Draw on {place_name(a['at'])}: mystic energy rescues failed rolls and cancels floods."
    ),
    "resource_needed": _put,
    "resource_useful": _put,
    "forge_no_ore": lambda v, a, f: (
        f"Put an Atlantean on {place_name(a['at'])}: ore found this turn can be forged there "
        f"into {f['rate']} Atlantium."
    ),
    "forge": _forge,
    "study": lambda v, a, f: (
        f"Study at {place_name(a['at'])}: draw {f['draw']} knowledge card(s) and keep "
        f"{f['keep']} — cards give resources, energy, barriers or help against the attack."
    ),
    "city_blocked": lambda v, a, f: (
        f"Put an Atlantean on {place_name(a['at'])}: a city recruits only for a councilor who "
        f"fills all its {f['cap']} ring(s) alone."
    ),
    "city": lambda v, a, f: (
        f"Fill {place_name(a['at'])} with your own Atlanteans ({f['cap']} ring(s)) to gain "
        f"{f['gain']} new Atlantean(s) — more hands every turn after this one."
    ),
    "nothing": lambda v, a, f: "",
    "hold": lambda v, a, f: (
        "Keep this Atlantean back: after the misfortunes you will know which tiles "
        "survived, and you place it then."
    ),
    # the start of a turn
    "nothing_urgent": lambda v, a, f: (
        "Nothing here is urgent: carry on to placing Atlanteans. Keep your mystic energy — "
        f"{frames.CANCEL_COST} together cancel a flood and 1 each rescues a failed roll."
    ),
    "champion": lambda v, a, f: (
        "Use your ability: 1 mystic energy becomes a courage token. A token under an "
        "Atlantean in the Navy doubles it; on a tile it lets the Atlantean act before the "
        "tile sinks."
    ),
    "raise_section": lambda v, a, f: (
        f"Ask the table for {frames.UNFLIP_COST} energy to raise a {a['section']} tile: that "
        f"section has lost {f['lost']} of 6, and a section with no tiles turns each "
        "of its floods into two lost tiles."
    ),
    # converting, cards, floods, the pool
    "convert_enables": lambda v, a, f: (
        f"Convert 1 {a['give']} into 1 {a['take']} for {frames.CONVERT_COST} energy: "
        f"then you can build the {_comp_name(f['component'])}."
    ),
    "convert_short": lambda v, a, f: (
        f"Convert 1 {a['give']} into 1 {a['take']} for {frames.CONVERT_COST} energy: "
        f"{a['take']} is what your next component is short of."
    ),
    "play": _play,
    "cancel": _flood(cancel=True),
    "accept": _flood(cancel=False),
    "offer": lambda v, a, f: (
        f"Offer {a['amount']}: together the table can reach the {f['needed']} "
        "needed. If it falls short after all, everyone gets their energy back."
    ),
    "others_cover": lambda v, a, f: (
        f"Offer 0: the others can cover the {f['room']} still missing, and you keep your "
        "energy for rolls and the next flood."
    ),
    "pool_short": lambda v, a, f: (
        f"Offer 0: the councilors still to be asked hold too little to reach the {f['room']} "
        "missing, and a pool that falls short changes nothing."
    ),
    # choosing a councilor, a tile or a section
    "borrow": _borrow,
    "shield": _shield,
    "fewest_sent_home": lambda v, a, f: (
        f"Choose {place_name(a['at'])}: few Atlanteans are sent home there, and as few "
        "councilors as possible lose one for good."
    ),
    "raise_best": lambda v, a, f: (
        f"Raise a {a['section']} tile: that section has lost {f['lost']} of 6, and the "
        "tile that comes back is the best one still under water."
    ),
    "fewest_run": lambda v, a, f: (
        f"Choose the {a['section']}: {f['people']} Atlantean(s) stand there; "
        "the fewer run home, the less work is lost."
    ),
    "give_up_tip": _give_up_tip,
    # passing
    "navy_holds_attack": lambda v, a, f: "Pass: the Navy holds this attack.",
    "no_turnaround": lambda v, a, f: (
        "Pass: no card here turns this attack around; keep them for a better moment."
    ),
    "keep_cards": lambda v, a, f: "Pass: keep your cards until they make a real difference.",
    "keep_for_next": lambda v, a, f: "Pass: keep what you have for the next turn.",
    "still_needs": lambda v, a, f: (
        f"Pass: the {_comp_name(f['component'])} still needs {_missing_text(f['missing'])}, "
        "so keep what you have."
    ),
    # production
    "draw_energy": lambda v, a, f: f"Act at {place_name(a['at'])} now: draw your mystic energy.",
    "roll": _roll,
    "forge_now": lambda v, a, f: (
        f"Forge at {place_name(a['at'])}: 1 ore becomes {f['rate']} Atlantium."
    ),
    "forge_idle": lambda v, a, f: (
        f"Act at {place_name(a['at'])}: you hold no ore now, so nothing is forged and the "
        "Atlantean simply goes home."
    ),
    "study_now": lambda v, a, f: (
        f"Study at {place_name(a['at'])}: draw cards and choose what to keep."
    ),
    "recruit": lambda v, a, f: (
        f"Act at {place_name(a['at'])}: your Atlanteans there recruit together."
    ),
    "boost": _boost,
    "keep_energy": lambda v, a, f: (
        f"Keep your energy: {f['need']} is a lot for one {f['resource']}, and energy also "
        "cancels floods."
    ),
    # cards kept and dropped, gifts, building
    "keep": lambda v, a, f: (
        f"Keep {_card_name(a['card'])}: {_lower_first(KNOWLEDGE[KNOWLEDGE_INDEX[a['card']]].text)}"
    ),
    "discard_least": lambda v, a, f: (
        f"Discard {_card_name(a['card'])}: of your cards it helps least right now."
    ),
    "give_enables": lambda v, a, f: (
        f"Give {a['resource']} to {v.player_name(a['to'])}: then they can build the "
        f"{_comp_name(f['component'])}."
    ),
    "give_closer": lambda v, a, f: (
        f"Give {a['resource']} to {v.player_name(a['to'])}: they are closer to their next "
        "component."
    ),
    "build": _build,
    "safe": lambda v, a, f: "This move is safe now.",
    # the monsters (docs/monsters.md)
    "monster_order": _monster_order,
    "followers": lambda v, a, f: "Take the followers: they join your Atlanteans for good.",
    "volunteers": lambda v, a, f: (
        "Take the volunteers: twice as many hands, but only for the next round."
    ),
    "mirror_shield": lambda v, a, f: (
        f"Draw her gaze to {place_name(a['at'])}: your Mirror Shield reflects it, the curse "
        "breaks and Medusa becomes your ally."
    ),
    "fewest_stone": lambda v, a, f: (
        f"Draw her gaze to {place_name(a['at'])}: her dice could send her to a crowded tile, "
        f"and here only {f['active']} active Atlantean(s) would turn to stone."
    ),
    "own_stone": lambda v, a, f: (
        "Let the dice send her: drawing her gaze would turn your own Atlanteans there to stone."
    ),
    "lure": _lure,
    "rattle": lambda v, a, f: (
        "Shake the Bronze Rattle: the flock leaves for good and its messengers let you draw "
        "and keep one more card at every library."
    ),
    "let_fly": lambda v, a, f: (
        "Let them fly: luring costs energy the table needs for floods and rolls."
    ),
    "tribute_resource": lambda v, a, f: (
        f"Give up 1 {a['resource']}: of what you hold, your next build misses it least."
    ),
    "tribute_card": lambda v, a, f: (
        f"Give up {_card_name(a['card'])}: the card that helps you least now."
    ),
    "sail_between": _sail_between,
    "hold_back": lambda v, a, f: (
        "Hold back for now: the Helm keeps Scylla off your crew meanwhile."
    ),
    "calm": _calm,
    "let_sink": lambda v, a, f: (
        "Let it sink: the table's energy is worth more for the floods still to come."
    ),
    "free": lambda v, a, f: (
        f"Free {'the volunteer' if a['piece'] < 0 else 'the Atlantean'} at "
        f"{place_name(a['at'])} for 1 energy: it acts at once and the ring is usable again."
    ),
    "item": _item,
}

#: what a further reason adds after the move's words
_TAILS: dict[str, Words] = {
    "tip": lambda v, a, f: " It is the next tile of its section to sink, so it may not get to act.",
    "courage_navy": lambda v, a, f: " Put a courage token under it: in the Navy it counts twice.",
    "courage_tile": lambda v, a, f: (
        " Put a courage token under it: if the tile sinks, this Atlantean still acts."
    ),
    "navy_note_short": lambda v, a, f: (
        f" Mind the Navy: it holds {f['navy']} against an attack of {f['attack']:.1f} on average."
    ),
    "navy_note_holds": lambda v, a, f: (
        f" The Navy holds {f['navy']}, above the attack's average of {f['attack']:.1f}."
    ),
    "aim": lambda v, a, f: (
        f" (Aim: the {_comp_name(f['component'])}, missing {_missing_text(f['missing'])}.)"
    ),
    "attack_stronger": lambda v, a, f: (
        f" The attack is {f['deficit']} stronger than the Navy right now."
    ),
    "beats_discard": lambda v, a, f: " Using it beats throwing it away.",
}

#: reasons that only change the words of their head (read by it as a flag of the facts)
_FLAGS = frozenset({"next_to_sink", "forge_after", "for_component"})


def explain(view: RisingState, advice: Advice) -> str:
    """The advice in plain words: its move, and why (from its reasons and facts)."""
    action = advice.action
    head, *rest = advice.reasons or ("safe",)
    facts = dict(advice.facts)
    facts.update({r: True for r in rest if r in _FLAGS})
    facts["why"] = [r for r in rest if r in _FLOOD_WHY]  # a flood's reasons, in order
    text = _HEADS.get(head, _HEADS["safe"])(view, action, facts)
    for r in rest:
        tail = _TAILS.get(r)
        if tail is not None:
            text += tail(view, action, facts)
    return text
