"""The start of a turn and placing Atlanteans.

Decisions: ``("start", p)`` (abilities, knowledge cards, conversions and calling for energy to
raise a tile, before anyone places) and ``("place", p, late)`` (one Atlantean at a time;
``late``: the held-back ones after the misfortunes).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.rising.councilors import ABILITIES
from game.rising.frames import hooks
from game.rising.frames.common import (
    UNFLIP_COST,
    act,
    card_actions,
    convert_actions,
    dec,
    name,
    play_or_convert,
    pop,
)
from game.rising.frames.registry import Frame
from game.rising.island import (
    CENTRE,
    NAVY,
    NUM_TILES,
    SECTION_INDEX,
    SECTIONS,
    SPOT_IDS,
    SPOT_INDEX,
    VALUE,
    at_tile,
    flood_order,
)

if TYPE_CHECKING:
    from game.core.protocol import Action, Decision
    from game.rising.state import RisingState

_CHAMPION = ABILITIES["champion"]


# ---------------------------------------------------------------------------------------------
# the start of the turn
def start_options(st: RisingState, p: int) -> list[Action]:
    """What ``p`` may do before placing, besides carrying on."""
    out = card_actions(st, p)
    if (
        st.has_ability(p, "champion")
        and not st.ability_used[p]
        and st.energy[p] >= _CHAMPION.cost
        and st.courage_supply > 0
    ):
        out.append(act(p, "ability"))
    out += convert_actions(st, p)
    if st.energy[p] >= 1 and st.total_energy() >= UNFLIP_COST:
        out += [act(p, "unflip", ("section", SECTIONS[s])) for s in range(6) if st.flooded[s]]
    return out


def _ready_start(st: RisingState, f: tuple) -> bool:
    return bool(start_options(st, f[1])) or pop(st)


def _legal_start(st: RisingState, f: tuple, p: int) -> list[Action]:
    return [*start_options(st, p), act(p, "done")]


def _do_start(st: RisingState, f: tuple, a: Action) -> None:
    p = a.player
    if play_or_convert(st, a):
        return
    if a.kind == "done":
        st.stack.pop()
    elif a.kind == "ability":  # the Champion's rally
        st.ability_used[p] = True
        st.spend_energy(p, _CHAMPION.cost)
        st.emit(
            "ability_used",
            lambda st=st, p=p: (
                f"{name(st, p)} rallies: 1 energy becomes courage.",
                {"player": p, "ability": "champion"},
            ),
        )
        st.gain_courage(p, _CHAMPION.amount)
    elif a.kind == "unflip":
        s = SECTION_INDEX[a["section"]]
        st.emit(
            "pool_opened",
            lambda st=st, s=s, p=p: (
                f"{name(st, p)} calls for {UNFLIP_COST} mystic energy to raise a {SECTIONS[s]} tile.",
                {"purpose": "unflip", "section": SECTIONS[s], "need": UNFLIP_COST},
            ),
        )
        st.push(("pool", "unflip", s, UNFLIP_COST, tuple(st.order(p)), ()))


def _decide_start(st: RisingState, f: tuple) -> Decision:
    return dec(
        f[1],
        "start_of_turn",
        "Before the turn: use an ability, a card or mystic energy, or carry on.",
    )


# ---------------------------------------------------------------------------------------------
# placing Atlanteans
def _ready_place(st: RisingState, f: tuple) -> bool:
    p = f[1]
    return (st.held[p] if f[2] else st.home[p]) > 0 or pop(st)


#: (seat, spot) -> placing there without and with a courage token (shared Action objects)
_PLACE_ACTS: dict[tuple[int, int], tuple[Action, Action]] = {}


def _place_acts(p: int, t: int) -> tuple[Action, Action]:
    got = _PLACE_ACTS.get((p, t))
    if got is None:
        at = ("at", SPOT_IDS[t])
        got = _PLACE_ACTS[(p, t)] = (act(p, "place", at), act(p, "place", at, ("courage", True)))
    return got


def _legal_place(st: RisingState, f: tuple, p: int) -> list[Action]:
    out: list[Action] = []
    token = st.courage[p] > 0
    # st.can_place for the standing tiles, with the allowance for full tiles asked once
    extra = st.extra_allowance(p) > 0
    occ, petr = st.occ, st.petr
    for t in flood_order(st.flooded):
        if extra or len(occ[t]) + len(petr[t]) < VALUE[t]["cap"]:
            plain, brave = _place_acts(p, t)
            out.append(plain)
            if token:
                out.append(brave)
    out.append(_place_acts(p, CENTRE)[0])  # the centre and the Navy are never full
    plain, brave = _place_acts(p, NAVY)
    out.append(plain)
    if token:
        out.append(brave)
    if not f[2] and st.has_ability(p, "scholar"):
        out.append(act(p, "hold"))
    return out + card_actions(st, p)


def _do_place(st: RisingState, f: tuple, a: Action) -> None:
    p = a.player
    if play_or_convert(st, a):
        return
    if a.kind == "hold":
        st.home[p] -= 1
        st.held[p] += 1
        st.emit(
            "atlantean_held",
            lambda st=st, p=p: (f"{name(st, p)} keeps an Atlantean back for later.", {"player": p}),
        )
        return
    t = SPOT_INDEX[a["at"]]
    courage = bool(a.get("courage", False))
    if t < NUM_TILES and len(st.occ[t]) + len(st.petr[t]) >= VALUE[t]["cap"]:
        st.extra_used[p] += 1
    st.occ[t].append(p)
    if courage:
        st.courage[p] -= 1
        st.cour[t].append(p)
    if f[2]:
        st.held[p] -= 1
    else:
        st.home[p] -= 1
    st.emit(
        "atlantean_placed",
        lambda st=st, p=p, courage=courage, t=t: (
            (
                f"{name(st, p)} places an Atlantean {at_tile(t)}"
                + (" with a courage token." if courage else ".")
            ),
            {"player": p, "at": SPOT_IDS[t], "courage": courage},
        ),
    )
    if st.monsters:  # monsters hook: placed on Medusa's tile -> stone
        hooks.monsters.on_place(st, p, t)


def _decide_place(st: RisingState, f: tuple) -> Decision:
    p = f[1]
    left = st.held[p] if f[2] else st.home[p]
    kind = "late_place" if f[2] else "place"
    warn = hooks.monsters.place_warning(st) if st.monsters else ""  # Medusa's tile
    return dec(p, kind, f"Place an Atlantean ({left} left to place).{warn}", left=left)


START = Frame(
    "start",
    ready=_ready_start,
    legal=_legal_start,
    handle=_do_start,
    decide=_decide_start,
    actions=("play", "ability", "convert", "unflip", "done"),
    decisions=("start_of_turn",),
)
PLACE = Frame(
    "place",
    ready=_ready_place,
    legal=_legal_place,
    handle=_do_place,
    decide=_decide_place,
    actions=("place", "hold", "play"),
    decisions=("place", "late_place"),
)
