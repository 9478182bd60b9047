"""Building components: each councilor may build one a turn (or a monster's magic item).

Decision: ``("build", p)``. The tenth component wins the game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.rising import components as comps
from game.rising import knowledge as know
from game.rising.frames import hooks
from game.rising.frames.common import (
    RES_INDEX,
    act,
    card_actions,
    convert_actions,
    convert_options,
    dec,
    name,
    play_or_convert,
    pop,
    win,
)
from game.rising.frames.registry import Frame
from game.rising.island import RESOURCES

if TYPE_CHECKING:
    from game.core.protocol import Action, Decision
    from game.rising.state import RisingState


def _ready_build(st: RisingState, f: tuple) -> bool:
    p = f[1]
    if st.built_turn[p]:
        return pop(st)
    if comps.can_afford(st, p) or convert_options(st, p) or know.playable(st, p, "any"):
        return True
    if st.monsters and hooks.monsters.build_actions(st, p):  # monsters hook: magic items
        return True
    return pop(st)


def _legal_build(st: RisingState, f: tuple, p: int) -> list[Action]:
    out: list[Action] = []
    for slot, ci in enumerate(st.blueprint):
        if st.built[slot] >= 0:
            continue
        key = comps.COMPONENTS[ci].key
        for waive in comps.cost_options(st, p, ci):
            if waive is None:
                out.append(act(p, "build", ("component", key)))
            else:
                out.append(act(p, "build", ("component", key), ("waive", RESOURCES[waive])))
    if st.monsters:  # monsters hook: magic items
        out += hooks.monsters.build_actions(st, p)
    return out + convert_actions(st, p) + card_actions(st, p) + [act(p, "pass")]


def _do_build(st: RisingState, f: tuple, a: Action) -> None:
    p = a.player
    if play_or_convert(st, a):
        return
    st.stack.pop()
    if a.kind == "pass":
        return
    if a.kind == "build_item":  # monsters hook: a magic item is this turn's one build
        hooks.monsters.do_build_item(st, a)
        return
    ci = comps.COMPONENT_INDEX[a["component"]]
    cost = list(comps.COMPONENTS[ci].cost)
    waive = a.get("waive")
    if waive is not None:
        cost[RES_INDEX[waive]] -= comps.WAIVED
    for r in range(4):
        if cost[r]:
            st.pay_res(p, r, cost[r])
    slot = st.blueprint.index(ci)
    st.built[slot] = p
    st.built_turn[p] = True
    times = 2 if st.double[p] else 1
    st.double[p] = False
    comp = comps.COMPONENTS[ci]
    st.emit(
        "component_built",
        lambda st=st, p=p, cost=cost, comp=comp, times=times: (
            (
                f"{name(st, p)} builds the {comp.name}"
                + (" (double benefit)." if times == 2 else ".")
                + f" {sum(b >= 0 for b in st.built)} of 10 done."
            ),
            {"component": comp.key, "player": p, "paid": cost, "double": times == 2},
        ),
    )
    if all(b >= 0 for b in st.built):
        win(st)
        return
    comps.grant(st, p, ci, times)


def _decide_build(st: RisingState, f: tuple) -> Decision:
    return dec(
        f[1], "build", "Build one component, or pass.", affordable=comps.affordable(st, f[1])
    )


BUILD = Frame(
    "build",
    ready=_ready_build,
    legal=_legal_build,
    handle=_do_build,
    decide=_decide_build,
    actions=("build", "convert", "play", "pass"),
    decisions=("build",),
)
