"""The hint's own rules of thumb for Atlantis Rising: one picker per decision kind.

The advisor (:mod:`ai.rising.advisor`) follows the team's ``normal`` bot when it can; these
pickers answer when the bot is unavailable, with rules a newcomer can follow (aim at the
component you are closest to paying for, roll where the die favours you, guard the Navy when the
galley is strong, keep energy for floods). :func:`teach_navy` is the first-game lesson laid
over either: before the first attack, a councilor with nobody in a short Navy is sent there.
Every picker reads only the councilor's own view; the numbers are in
:mod:`ai.rising.advice_values`.
"""

from __future__ import annotations

from collections.abc import Callable

from ai.rising import advice_values as av
from game.core.protocol import Action
from game.rising import frames
from game.rising.island import (
    CENTRE,
    CITIES,
    FORGES,
    LIBRARIES,
    NAVY,
    RESOURCES,
    SECTION_INDEX,
    SECTIONS,
    SPOT_INDEX,
)
from game.rising.state import RisingState

Picker = Callable[[RisingState, int, list[Action]], "Action | None"]


def teach_navy(view: RisingState, p: int, legal: list[Action], action: Action) -> Action:
    """Before the first attack, a councilor with nobody in a short Navy is pointed there."""
    if view.round != 1 or action.kind not in ("place", "hold") or action.get("at") == "navy":
        return action
    if not av.navy_short(view) or p in view.occ[NAVY]:
        return action
    navy = Action.make(p, "place", at="navy")
    return navy if navy in legal else action


def _pick_place(view: RisingState, p: int, legal: list[Action]) -> Action | None:
    need = av.needs(view, p)
    left = av.left_to_place(view)
    best: tuple[float, Action] | None = None
    for a in legal:
        if a.kind != "place" or a.get("courage"):
            continue
        value, _, _ = av.spot_worth(view, p, SPOT_INDEX[a["at"]], left, need)
        if best is None or value > best[0]:
            best = (value, a)
    if best is None:
        return None
    with_token = Action.make(p, "place", at=best[1]["at"], courage=True)
    return with_token if best[1]["at"] == "navy" and with_token in legal else best[1]


def _pick_start(view: RisingState, p: int, legal: list[Action]) -> Action | None:
    ability = Action.make(p, "ability")
    if ability in legal and view.energy[p] >= 2:
        return ability
    worst = max(range(6), key=lambda s: view.flooded[s])
    raise_it = Action.make(p, "unflip", section=SECTIONS[worst])
    spare = view.total_energy() - frames.UNFLIP_COST
    if raise_it in legal and view.flooded[worst] >= 4 and spare >= 2 * frames.CANCEL_COST:
        return raise_it
    return Action.make(p, "done")


def _pick_flood(view: RisingState, p: int, legal: list[Action]) -> Action | None:
    reasons, _ = av.flood_facts(view)
    return Action.make(p, "cancel" if reasons else "accept")


def _pick_pool(view: RisingState, p: int, legal: list[Action]) -> Action | None:
    room = frames.pool_room(view.stack[-1])
    amount = min(view.energy[p], room) if av.pool_reachable(view) else 0
    return Action.make(p, "contribute", amount=amount)


#: the councilor whose ability Untapped Talent borrows, by the phase it is played in
TALENT_PREFS = {
    "start": ("emissary", "explorer", "scholar"),
    "place": ("emissary", "explorer", "scholar"),
    "production": ("explorer", "priest"),
    "build": ("artificer",),
}


def _pick_choose(view: RisingState, p: int, legal: list[Action]) -> Action | None:
    frame = view.stack[-1]
    first = legal[0]
    if first.get("section") is not None:
        sections = [SECTION_INDEX[a["section"]] for a in legal]
        if frame[0] == "unflip":
            s = max(sections, key=lambda s: (view.flooded[s], -s))
        elif frame[0] == "mchoice" and frame[2] == "panic":
            s = min(sections, key=lambda s: (av.section_people(view, s), s))
        else:
            s = av.sacrifice(view, sections, p)
        return Action.make(p, "choose", section=SECTIONS[s])
    if first.get("at") is not None:
        if frame[0] == "barrier":
            return max(legal, key=lambda a: (av.barrier_worth(view, SPOT_INDEX[a["at"]]), a["at"]))
        return min(legal, key=lambda a: (av.plague_harm(view, SPOT_INDEX[a["at"]]), a["at"]))
    if first.get("councilor") is not None:
        prefs = TALENT_PREFS.get(view.phase, ("explorer",))
        offered = {a["councilor"]: a for a in legal}
        return next((offered[k] for k in prefs if k in offered), first)
    return None


def _pick_window(view: RisingState, p: int, legal: list[Action]) -> Action | None:
    dec = view.decision()
    window = dec.data.get("window") if dec else None
    plays = {a["card"]: a for a in legal if a.kind == "play"}
    if window == "attack":
        deficit = av.attack_deficit(view)
        if deficit > 0 and "call_to_arms" in plays:
            return plays["call_to_arms"]
        if deficit > 0 and "ancestors_gambit" in plays and view.die >= 4:
            return plays["ancestors_gambit"]
        if "ballad_of_bravery" in plays and av.navy_pairs(view) >= 2:
            return plays["ballad_of_bravery"]
    elif "rites_of_renewal" in plays and max(view.flooded) >= 3:
        return plays["rites_of_renewal"]
    return Action.make(p, "pass")


_PROD_ORDER = {0: 0, 1: 1, 2: 2, LIBRARIES: 3, CITIES: 4, -1: 5, FORGES: 6}


def _pick_production(view: RisingState, p: int, legal: list[Action]) -> Action | None:
    spots = [a for a in legal if a.kind == "produce"]
    if not spots:
        return None

    def order(a: Action) -> tuple[int, int]:
        t = SPOT_INDEX[a["at"]]
        return (_PROD_ORDER[-1 if t == CENTRE else t // 6], t)

    return min(spots, key=order)


def _pick_boost(view: RisingState, p: int, legal: list[Action]) -> Action | None:
    need, _, r = av.boost_info(view)
    return Action.make(p, "boost", amount=need if av.boost_worth_it(view, p, need, r) else 0)


def _pick_keep(view: RisingState, p: int, legal: list[Action]) -> Action | None:
    return max(legal, key=lambda a: (av.card_value(view, p, a["card"]), a["card"]))


#: cards whose effect is worth playing rather than discarding whenever the hand is too full
_FREE_PLAYS = ("resource", "energy", "courage")


def _pick_discard(view: RisingState, p: int, legal: list[Action]) -> Action | None:
    for a in legal:
        if a.kind == "play" and av.card_effect(a["card"]) in _FREE_PLAYS:
            return a
    drops = [a for a in legal if a.kind == "discard"]
    return (
        min(drops, key=lambda a: (av.card_value(view, p, a["card"]), a["card"])) if drops else None
    )


def _pick_give(view: RisingState, p: int, legal: list[Action]) -> Action | None:
    return next((a for a in legal if av.after_give(view, p, a) is not None), legal[0])


def _pick_build(view: RisingState, p: int, legal: list[Action]) -> Action | None:
    builds = [a for a in legal if a.kind == "build"]
    if builds:
        return max(builds, key=lambda a: av.build_worth(view, a))
    for a in legal:
        if a.kind == "convert" and av.after_convert(view, p, a) is not None:
            return a
    return Action.make(p, "pass")


# ---------------------------------------------------------------------------------------------
# the monsters (docs/monsters.md)
def _pick_first(view: RisingState, p: int, legal: list[Action]) -> Action | None:
    return legal[0] if legal else None


def _pick_gaze(view: RisingState, p: int, legal: list[Action]) -> Action | None:
    from game.rising.monsters import common as cm

    gazes = [a for a in legal if a.kind == "draw_gaze"]
    if gazes and view.items[cm.MEDUSA] == p:
        return gazes[0]
    return Action.make(p, "pass")


def _pick_lure(view: RisingState, p: int, legal: list[Action]) -> Action | None:
    for a in legal:
        if a.kind == "confront":
            return a
    return Action.make(p, "pass")


def _pick_tribute(view: RisingState, p: int, legal: list[Action]) -> Action | None:
    need = av.needs(view, p)
    res = [a for a in legal if a.get("resource") is not None]
    if res:
        return max(res, key=lambda a: view.res[p][RESOURCES.index(a["resource"])] - need[
            RESOURCES.index(a["resource"])])  # fmt: skip
    return legal[0] if legal else None


def _pick_charyb(view: RisingState, p: int, legal: list[Action]) -> Action | None:
    from game.rising.monsters import scylla as sc

    kind = "calm" if view.total_energy() >= sc.CALM_COST + frames.CANCEL_COST else "accept"
    return Action.make(p, kind)


#: the rule of thumb for each decision kind
PICKERS: dict[str, Picker] = {
    "monster_order": _pick_first,
    "medusa_gaze": _pick_gaze,
    "medusa_ally": _pick_first,
    "harpies_lure": _pick_lure,
    "harpies_tribute": _pick_tribute,
    "sea_confront": _pick_first,
    "charybdis": _pick_charyb,
    "start_of_turn": _pick_start,
    "place": _pick_place,
    "late_place": _pick_place,
    "flood_response": _pick_flood,
    "pool_energy": _pick_pool,
    "misfortune_choice": _pick_choose,
    "card_window": _pick_window,
    "production": _pick_production,
    "boost": _pick_boost,
    "library_keep": _pick_keep,
    "discard": _pick_discard,
    "attack_tiles": _pick_choose,
    "place_barrier": _pick_choose,
    "unflip_tile": _pick_choose,
    "choose_councilor": _pick_choose,
    "give_resources": _pick_give,
    "build": _pick_build,
}


def rule_of_thumb(view: RisingState, p: int, legal: list[Action]) -> Action | None:
    """The pick for the pending decision's kind (None: no rule for it, or nothing fits)."""
    dec = view.decision()
    pick = PICKERS.get(dec.kind) if dec is not None else None
    return pick(view, p, legal) if pick is not None else None
