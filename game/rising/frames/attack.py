"""The Athenians attack: the die and the galley against the Navy, and the tiles that fall.

Automatic: ``("attack",)`` (roll, then a card window), ``("atk_resolve",)``, ``("atk_end",)``
(the galley closes in, the Navy's bravest takes courage, everyone goes home).
Decision: ``("atk_tiles", p, n)`` (the starting player picks the sections that lose a tile).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.rising.frames.common import act, dec, pop
from game.rising.frames.flooding import destroy_tip
from game.rising.frames.registry import Frame
from game.rising.island import NAVY, SECTION_INDEX, SECTIONS

if TYPE_CHECKING:
    from game.core.protocol import Action, Decision
    from game.rising.state import RisingState


def navy_strength(st: RisingState) -> int:
    """Atlanteans in the Navy, with a courage token doubling its Atlantean, plus card bonuses."""
    return len(st.occ[NAVY]) + len(st.cour[NAVY]) + st.navy_bonus


def _attack(st: RisingState, f: tuple) -> None:
    st.phase = "attack"
    st.emit("phase_started", lambda: ("The Athenians attack.", {"phase": "attack"}))
    st.roll_attack()
    st.push(("atk_resolve",))
    st.push(("window", "attack", tuple(st.order(st.start))))


def _atk_resolve(st: RisingState, f: tuple) -> None:
    total = st.die + st.galley
    navy = navy_strength(st)
    deficit = total - navy
    st.emit(
        "attack_resolved",
        lambda total=total, navy=navy, deficit=deficit: (
            (
                f"The Athenians strike with {total} against a Navy of {navy}: "
                + (f"{deficit} tile(s) will fall." if deficit > 0 else "the attack is beaten off.")
            ),
            {"attack": total, "navy": navy, "tiles": max(0, deficit)},
        ),
    )
    st.push(("atk_end",))
    if deficit > 0:
        st.push(("atk_tiles", st.start, deficit))


def _atk_end(st: RisingState, f: tuple) -> None:
    st.advance_galley(1, "The galley closes in")
    counts = [0] * st.n
    for q in st.occ[NAVY]:
        counts[q] += 1
    if st.ballad:
        for q in st.order(st.start):
            if counts[q] >= 2:
                st.gain_courage(q, 1)
    else:
        best = max(counts)
        if best >= 2:
            winner = next(q for q in st.order(st.start) if counts[q] == best)
            st.gain_courage(winner, 1)
    for q in st.occ[NAVY]:
        st.home[q] += 1
    st.occ[NAVY] = []
    st.courage_supply += len(st.cour[NAVY])
    st.cour[NAVY] = []
    st.navy_bonus = 0


# ---------------------------------------------------------------------------------------------
# the tiles that fall
def _ready_atk_tiles(st: RisingState, f: tuple) -> bool:
    if f[2] <= 0:
        return pop(st)
    if st.surviving() == 0:
        st.stack.pop()
        st.destroy_centre()
        return False
    return True


def _legal_atk_tiles(st: RisingState, f: tuple, p: int) -> list[Action]:
    return [act(p, "choose", ("section", SECTIONS[s])) for s in range(6) if st.flooded[s] < 6]


def _do_atk_tiles(st: RisingState, f: tuple, a: Action) -> None:
    _, p, n = f
    st.stack.pop()
    if n > 1:
        st.push(("atk_tiles", p, n - 1))
    destroy_tip(st, SECTION_INDEX[a["section"]])


def _decide_atk_tiles(st: RisingState, f: tuple) -> Decision:
    return dec(
        f[1],
        "attack_tiles",
        f"The Athenians break through: choose a section to lose its outermost tile ({f[2]} to go).",
        remaining=f[2],
    )


ATTACK = Frame("attack", auto=_attack)
ATK_RESOLVE = Frame("atk_resolve", auto=_atk_resolve)
ATK_END = Frame("atk_end", auto=_atk_end)
ATK_TILES = Frame(
    "atk_tiles",
    ready=_ready_atk_tiles,
    legal=_legal_atk_tiles,
    handle=_do_atk_tiles,
    decide=_decide_atk_tiles,
    actions=("choose",),
    decisions=("attack_tiles",),
)
