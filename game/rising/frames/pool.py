"""Pooled mystic energy: the table gathers energy, seat by seat, for one purpose.

Decision: ``("pool", purpose, target, need, queue, paid)``: ``purpose`` is ``cancel`` (a basic
Flood; ``target`` is ``(t, s, drawer)``), ``unflip`` (raise a tile of section ``target``) or a
monster's (e.g. ``charybdis``); ``queue`` holds the seats still to be asked (the first decides),
``paid`` the ``(seat, amount)`` offers so far. All of it goes back if ``need`` is not reached.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.rising.frames import hooks
from game.rising.frames.common import act, dec, name, replace
from game.rising.frames.flooding import overflow, unflip_section
from game.rising.frames.registry import Frame
from game.rising.island import SECTIONS, SPOT_IDS

if TYPE_CHECKING:
    from game.core.protocol import Action, Decision
    from game.rising.state import RisingState


def pool_room(f: tuple) -> int:
    """How much energy the pool frame ``f`` still needs."""
    return f[3] - sum(a for _, a in f[5])


def _ready_pool(st: RisingState, f: tuple) -> bool:
    _, purpose, target, need, queue, paid = f
    while queue and st.energy[queue[0]] == 0:
        queue = queue[1:]
    if queue:
        if queue != f[4]:
            replace(st, (f[0], purpose, target, need, queue, paid))
        return True
    st.stack.pop()
    _pool_fail(st, purpose, target, paid)
    return False


def _legal_pool(st: RisingState, f: tuple, p: int) -> list[Action]:
    top = min(st.energy[p], pool_room(f))
    return [act(p, "contribute", ("amount", k)) for k in range(top + 1)]


def _pool_fail(st: RisingState, purpose: str, target: Any, paid: tuple) -> None:
    for q, k in paid:
        st.energy[q] += k
    st.emit(
        "pool_failed",
        lambda purpose=purpose: (
            "Not enough mystic energy was gathered; every bead goes back.",
            {"purpose": purpose},
        ),
    )
    if purpose == "cancel":
        t, s, drawer = target
        if t < 0:
            overflow(st, drawer)
        else:
            st.push(("destroy", t))
    elif purpose != "unflip":  # monsters hook
        hooks.monsters.pool_done(st, purpose, target, False)


def _do_pool(st: RisingState, f: tuple, a: Action) -> None:
    _, purpose, target, need, queue, paid = f
    p = a.player
    k = a["amount"]
    st.energy[p] -= k
    if k:
        paid = (*paid, (p, k))
        st.emit(
            "energy_pooled",
            lambda st=st, p=p, k=k: (
                f"{name(st, p)} offers {k} mystic energy.",
                {"player": p, "amount": k},
            ),
        )
    queue = queue[1:]
    st.stack.pop()
    if sum(x for _, x in paid) >= need:
        st.energy_supply += need
        if purpose == "cancel":
            t, s, _drawer = target
            st.emit(
                "flood_cancelled",
                lambda s=s, t=t: (
                    f"The pooled energy calms the waters: the Flood {SECTIONS[s].capitalize()} is cancelled.",
                    {"section": SECTIONS[s], "tile": SPOT_IDS[t] if t >= 0 else None},
                ),
            )
        elif purpose == "unflip":
            unflip_section(st, target)
        else:  # monsters hook: e.g. calming Charybdis
            hooks.monsters.pool_done(st, purpose, target, True)
        return
    if queue:
        st.push((f[0], purpose, target, need, queue, paid))
    else:
        _pool_fail(st, purpose, target, paid)


def _decide_pool(st: RisingState, f: tuple) -> Decision:
    _, purpose, target, need, queue, paid = f
    got = sum(x for _, x in paid)
    what = {"cancel": "cancel the flood", "unflip": "raise a sunken tile"}.get(purpose)
    what = what or hooks.monsters.POOL_TEXT[purpose]
    return dec(
        queue[0], "pool_energy",
        f"{got} of {need} mystic energy gathered to {what}. How much do you add?",
        purpose=purpose, need=need, paid=got, room=need - got,
    )  # fmt: skip


def _seat_pool(f: tuple) -> int:
    return f[4][0]


POOL = Frame(
    "pool",
    ready=_ready_pool,
    legal=_legal_pool,
    handle=_do_pool,
    decide=_decide_pool,
    actions=("contribute",),
    decisions=("pool_energy",),
    seat=_seat_pool,
)
