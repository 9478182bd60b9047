"""Suffer Misfortunes: each councilor draws one, everyone may react, and the choices some ask.

Automatic: ``("draw", p)``, ``("mwin", p)`` (opens the reaction window after ``p``'s card).
Decision: ``("mchoice", p, what, n)``: ``what`` is ``overflow`` / ``controlled`` (a section's
outermost tile sinks), ``panic`` (a section's Atlanteans run home) or ``plague`` (a tile's
Atlanteans flee home); ``n`` choices are left.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.rising import misfortunes as misf
from game.rising.frames.common import act, dec, name, pop
from game.rising.frames.flooding import destroy_tip
from game.rising.frames.registry import Frame
from game.rising.island import SECTION_INDEX, SECTIONS, SPOT_IDS, SPOT_INDEX, tile_name

if TYPE_CHECKING:
    from game.core.protocol import Action, Decision
    from game.rising.state import RisingState


def _draw(st: RisingState, f: tuple) -> None:
    p = f[1]
    if not st.mdeck:
        st.reshuffle_misfortunes()
    card = st.mdeck.pop()
    m = misf.MISFORTUNES[card]
    st.mdiscard.append(card)
    st.emit(
        "misfortune_drawn",
        lambda st=st, p=p, m=m: (
            f"{name(st, p)} draws a misfortune: {m.name}.",
            {"player": p, "card": m.key, "text": m.text},
        ),
    )
    misf.resolve(st, p, card)


def _mwin(st: RisingState, f: tuple) -> None:
    st.push(("window", "react", tuple(st.order(f[1]))))


# ---------------------------------------------------------------------------------------------
# the misfortune's choice
def _mchoice_options(st: RisingState, what: str) -> list[int]:
    if what in ("overflow", "controlled"):
        return [s for s in range(6) if st.flooded[s] < 6]
    if what == "panic":
        return misf.panic_sections(st)
    return misf.plague_tiles(st)


def _ready_mchoice(st: RisingState, f: tuple) -> bool:
    if f[3] <= 0:
        return pop(st)
    if _mchoice_options(st, f[2]):
        return True
    st.stack.pop()
    if f[2] in ("overflow", "controlled"):
        st.destroy_centre()
    return False


def _legal_mchoice(st: RisingState, f: tuple, p: int) -> list[Action]:
    opts = _mchoice_options(st, f[2])
    if f[2] == "plague":
        return [act(p, "choose", ("at", SPOT_IDS[t])) for t in opts]
    return [act(p, "choose", ("section", SECTIONS[s])) for s in opts]


def send_home(st: RisingState, t: int) -> None:
    """Everyone on spot ``t`` goes home, courage tokens back to their owners."""
    for q in st.occ[t]:
        st.home[q] += 1
    st.occ[t] = []
    for q in st.cour[t]:
        st.courage[q] += 1
    st.cour[t] = []


def _do_mchoice(st: RisingState, f: tuple, a: Action) -> None:
    _, p, what, n = f
    st.stack.pop()
    if n > 1:
        st.push(("mchoice", p, what, n - 1))
    if what in ("overflow", "controlled"):
        destroy_tip(st, SECTION_INDEX[a["section"]])
    elif what == "panic":
        s = SECTION_INDEX[a["section"]]
        for t in range(s * 6, s * 6 + 6):
            send_home(st, t)
        st.emit(
            "panic",
            lambda s=s: (
                f"Panic in the {SECTIONS[s]}: everyone there runs home.",
                {"section": SECTIONS[s]},
            ),
        )
    else:
        t = SPOT_INDEX[a["at"]]
        owners = sorted(set(st.occ[t]))
        send_home(st, t)
        st.emit(
            "plague",
            lambda t=t: (
                f"Plague strikes {tile_name(t)}: its Atlanteans flee home.",
                {"tile": SPOT_IDS[t]},
            ),
        )
        for q in owners:
            if st.atlanteans(q) > 3:
                st.lose_atlantean(q)


def _decide_mchoice(st: RisingState, f: tuple) -> Decision:
    _, p, what, n = f
    prompts = {
        "overflow": f"Choose a section to lose its outermost tile ({n} more to go).",
        "controlled": "Controlled Flood: choose the section whose outermost tile sinks.",
        "panic": "Panic! Choose a section; everyone standing there runs home.",
        "plague": "Plague: choose a tile; its Atlanteans flee home.",
    }
    return dec(p, "misfortune_choice", prompts[what], what=what, remaining=n)


DRAW = Frame("draw", auto=_draw)
MWIN = Frame("mwin", auto=_mwin)
MCHOICE = Frame(
    "mchoice",
    ready=_ready_mchoice,
    legal=_legal_mchoice,
    handle=_do_mchoice,
    decide=_decide_mchoice,
    actions=("choose",),
    decisions=("misfortune_choice",),
)
