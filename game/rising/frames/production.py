"""Productive actions: each placed Atlantean acts (rolls, forges, studies, recruits, draws power).

Automatic: ``("act", p, t, remove)`` (one action of ``p`` at spot ``t``; ``remove``: the
Atlantean then goes home), ``("auto_prod", p)`` (fast play: ``p``'s actions in a fixed order),
``("prod_end",)`` (everyone left on the island goes home).
Decisions: ``("prod", p)`` (which Atlantean acts next), ``("boost", p, t, roll, target)`` (spend
energy to lift a failed roll to its target, or not).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.rising import knowledge as know
from game.rising.councilors import ABILITIES
from game.rising.frames import hooks
from game.rising.frames.common import (
    act,
    card_actions,
    convert_actions,
    convert_options,
    dec,
    name,
    play_or_convert,
    pop,
    ready_true,
)
from game.rising.frames.registry import Frame
from game.rising.island import (
    ATLANTIUM,
    CENTRE,
    CITIES,
    FORESTS,
    FORGES,
    HILLS,
    LIBRARIES,
    MOUNTAINS,
    NAVY,
    ORE,
    RESOURCES,
    SECTION_RESOURCE,
    SPOT_IDS,
    SPOT_INDEX,
    VALUE,
    flood_order,
    tile_name,
)
from game.rising.knowledge import KNOWLEDGE

if TYPE_CHECKING:
    from game.core.protocol import Action, Decision
    from game.rising.state import RisingState

_PRIEST = ABILITIES["priest"]


def prod_spots(st: RisingState, p: int) -> list[int]:
    """The spots where ``p`` still has Atlanteans to act, outermost first, the centre last."""
    out = [t for t in flood_order(st.flooded) if p in st.occ[t]]
    if p in st.occ[CENTRE]:
        out.append(CENTRE)
    return out


#: fast play resolves a player's spots in this order (centre first, forges last so fresh ore
#: can still be forged); keys are sections, -1 the centre
_AUTO_ORDER = {-1: 0, MOUNTAINS: 1, HILLS: 2, FORESTS: 3, LIBRARIES: 4, CITIES: 5, FORGES: 6}


def _auto_prod(st: RisingState, f: tuple) -> None:
    """Fast play: a player's productive actions run in a fixed order, without ordering prompts."""
    p = f[1]
    if st.monsters and hooks.monsters.free_actions(st, p):  # monsters hook: freeing needs a prompt
        st.push(("prod", p))
        return
    spots = prod_spots(st, p)
    spots.sort(key=lambda t: (_AUTO_ORDER[-1 if t == CENTRE else t // 6], t))
    acts: list[tuple] = []
    for t in spots:
        if t == CENTRE or t // 6 == CITIES:
            acts.append(("act", p, t, True))
        else:
            acts.extend(("act", p, t, True) for _ in range(st.occ[t].count(p)))
    st.stack.extend(reversed(acts))


def _act(st: RisingState, f: tuple) -> None:
    """One productive action of ``p`` at ``t`` (``remove``: the Atlantean then goes home)."""
    _, p, t, remove = f
    occ = st.occ[t]
    if t == CENTRE:
        k = occ.count(p)
        if remove:
            st.occ[t] = [q for q in occ if q != p]
            st.home[p] += k
        if st.crisis:
            st.emit(
                "crisis_blocks",
                lambda st=st, p=p: (
                    f"Crisis of Faith: {st.player_name(p)} draws no energy.",
                    {"player": p},
                ),
            )
            return
        gain = k
        if st.has_ability(p, "priest") and not st.ability_used[p]:
            st.ability_used[p] = True
            gain += _PRIEST.amount
        st.gain_energy(p, gain)
        return
    s = t // 6
    if s == CITIES:
        k = occ.count(p)
        if remove:
            st.occ[t] = [q for q in occ if q != p]
            st.home[p] += k
        cap, ratio = VALUE[t]["cap"], VALUE[t]["ratio"]
        if k >= cap:
            if not (st.monsters and hooks.monsters.city_success(st, p, k // ratio)):  # Medusa ally
                st.recruit(p, k // ratio)
        else:
            st.emit(
                "city_idle",
                lambda st=st, p=p, t=t: (
                    f"{name(st, p)} did not fill {tile_name(t)} alone; the city gives nothing.",
                    {"player": p, "tile": SPOT_IDS[t]},
                ),
            )
        return
    if remove:
        occ.remove(p)
        st.home[p] += 1
    if s in SECTION_RESOURCE:
        r = SECTION_RESOURCE[s]
        target = st.target(p, t)
        roll = st.rng.randint(1, 6)
        st.emit(
            "die_rolled",
            lambda st=st, p=p, roll=roll, target=target, t=t: (
                f"{name(st, p)} rolls {roll} at {tile_name(t)} (needs {target}).",
                {
                    "die": "production",
                    "player": p,
                    "tile": SPOT_IDS[t],
                    "value": roll,
                    "target": target,
                },
            ),
        )
        if roll >= target:
            st.gain_res(p, r, 1)
            return
        need = target - roll
        if st.energy[p] >= need and st.res_supply[r] > 0:
            st.push(("boost", p, t, roll, target))
            return
        st.emit(
            "production_failed",
            lambda st=st, p=p, t=t, r=r: (
                f"{name(st, p)} finds no {RESOURCES[r]}.",
                {"player": p, "tile": SPOT_IDS[t]},
            ),
        )
        return
    if s == FORGES:
        rate = VALUE[t]["rate"]
        if st.res[p][ORE] > 0 and st.res_supply[ATLANTIUM] > 0:
            st.pay_res(p, ORE, 1)
            got = st.gain_res(p, ATLANTIUM, rate)
            st.emit(
                "transmuted",
                lambda st=st, p=p, got=got, t=t: (
                    f"{name(st, p)} forges 1 ore into {got} Atlantium.",
                    {"player": p, "tile": SPOT_IDS[t], "atlantium": got},
                ),
            )
        else:
            st.emit(
                "forge_idle",
                lambda st=st, p=p, t=t: (
                    f"{name(st, p)} has no ore to forge; the Atlantean's work is wasted.",
                    {"player": p, "tile": SPOT_IDS[t]},
                ),
            )
        return
    # libraries
    bonus = hooks.monsters.library_bonus(st, p) if st.monsters else 0  # the Harpy messengers
    drawn = st.draw_knowledge(VALUE[t]["draw"] + bonus)
    if not drawn:
        st.emit(
            "library_empty",
            lambda p=p: ("The libraries have no knowledge left to give.", {"player": p}),
        )
        return
    st.emit(
        "cards_drawn",
        lambda st=st, p=p, t=t, drawn=drawn: (
            f"{name(st, p)} studies at {tile_name(t)} and draws {len(drawn)} card(s).",
            {"player": p, "tile": SPOT_IDS[t], "cards": [KNOWLEDGE[c].key for c in drawn]},
        ),
    )
    st.push(("keep", p, tuple(drawn), min(VALUE[t]["keep"] + bonus, len(drawn))))


def _prod_end(st: RisingState, f: tuple) -> None:
    for t in range(NAVY):
        for q in st.occ[t]:
            st.home[q] += 1
        st.occ[t] = []
        for q in st.cour[t]:
            st.courage[q] += 1
        st.cour[t] = []


# ---------------------------------------------------------------------------------------------
# which Atlantean acts next
def _ready_prod(st: RisingState, f: tuple) -> bool:
    p = f[1]
    spots = prod_spots(st, p)
    if not spots:
        return pop(st)
    if (
        len(spots) == 1
        and not know.playable(st, p, "any")
        and not convert_options(st, p)
        and not (st.monsters and hooks.monsters.free_actions(st, p))
    ):
        st.push(("act", p, spots[0], True))
        return False
    return True


def _legal_prod(st: RisingState, f: tuple, p: int) -> list[Action]:
    out = [act(p, "produce", ("at", SPOT_IDS[t])) for t in prod_spots(st, p)]
    if st.monsters:  # monsters hook: free petrified Atlanteans (1 energy each)
        out += hooks.monsters.free_actions(st, p)
    return out + card_actions(st, p) + convert_actions(st, p)


def _do_prod(st: RisingState, f: tuple, a: Action) -> None:
    if play_or_convert(st, a):
        return
    if a.kind == "free":  # monsters hook
        hooks.monsters.do_free(st, a)
        return
    st.push(("act", a.player, SPOT_INDEX[a["at"]], True))


def _decide_prod(st: RisingState, f: tuple) -> Decision:
    return dec(f[1], "production", "Choose which Atlantean acts next.")


# ---------------------------------------------------------------------------------------------
# lifting a failed roll with energy
def _legal_boost(st: RisingState, f: tuple, p: int) -> list[Action]:
    return [act(p, "boost", ("amount", 0)), act(p, "boost", ("amount", f[4] - f[3]))]


def _do_boost(st: RisingState, f: tuple, a: Action) -> None:
    _, p, t, roll, target = f
    st.stack.pop()
    k = a["amount"]
    r = SECTION_RESOURCE[t // 6]
    if k:
        st.spend_energy(p, k)
        st.emit(
            "die_boosted",
            lambda st=st, p=p, target=target, k=k, roll=roll, t=t: (
                f"{name(st, p)} spends {k} energy: the {roll} becomes {roll + k}.",
                {
                    "player": p,
                    "tile": SPOT_IDS[t],
                    "value": roll + k,
                    "target": target,
                    "energy": k,
                },
            ),
        )
        st.gain_res(p, r, 1)
    else:
        st.emit(
            "production_failed",
            lambda st=st, p=p, t=t, r=r: (
                f"{name(st, p)} finds no {RESOURCES[r]}.",
                {"player": p, "tile": SPOT_IDS[t]},
            ),
        )


def _decide_boost(st: RisingState, f: tuple) -> Decision:
    _, p, t, roll, target = f
    return dec(
        p, "boost",
        f"You rolled {roll} but need {target}. Spend {target - roll} mystic energy to succeed?",
        tile=SPOT_IDS[t], roll=roll, target=target, need=target - roll,
    )  # fmt: skip


ACT = Frame("act", auto=_act)
AUTO_PROD = Frame("auto_prod", auto=_auto_prod)
PROD_END = Frame("prod_end", auto=_prod_end)
PROD = Frame(
    "prod",
    ready=_ready_prod,
    legal=_legal_prod,
    handle=_do_prod,
    decide=_decide_prod,
    actions=("produce", "play", "convert"),
    decisions=("production",),
)
BOOST = Frame(
    "boost",
    ready=ready_true,
    legal=_legal_boost,
    handle=_do_boost,
    decide=_decide_boost,
    actions=("boost",),
    decisions=("boost",),
)
