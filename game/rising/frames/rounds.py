"""The turn's skeleton: a new round lays out every step of the turn; phases; the end of a round.

Automatic frames: ``("round",)``, ``("phase", name)``, ``("end_round",)``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.rising.frames import hooks
from game.rising.frames.registry import Frame

if TYPE_CHECKING:
    from game.rising.state import RisingState


def _round(st: RisingState, f: tuple) -> None:
    st.round += 1
    st._reset_turn()
    if st.monsters:  # monsters hook: volunteers join, the Sea Guardians man the Navy
        hooks.monsters.round_start(st)
    st.emit(
        "round_started",
        lambda st=st: (
            f"Turn {st.round} begins; {st.player_name(st.start)} is the starting player.",
            {"round": st.round, "start": st.start},
        ),
    )
    order = st.order(st.start)
    seq: list[tuple] = [("phase", "start")]
    seq += [("start", p) for p in order]
    seq.append(("phase", "place"))
    seq += [("place", p, False) for p in order]
    seq.append(("phase", "misfortune"))
    for p in order:
        seq += [("draw", p), ("mwin", p)]
    if st.monsters:  # monsters hook: the Monsters Act subphase closes Suffer Misfortunes
        seq.append(("monsters",))
    seq.append(("phase", "late"))
    seq += [("place", p, True) for p in order]
    seq.append(("phase", "production"))
    seq += [("auto_prod" if st.fast else "prod", p) for p in order]
    seq += [("prod_end",), ("attack",), ("phase", "build")]
    seq += [("build", p) for p in order]
    seq.append(("end_round",))
    st.stack.extend(reversed(seq))


PHASE_TEXT = {
    "start": "Start of turn: abilities, knowledge cards and mystic energy.",
    "place": "Place Atlanteans.",
    "misfortune": "Draw misfortunes.",
    "late": "Late placement.",
    "production": "Productive actions.",
    "build": "Build components.",
}


def _phase(st: RisingState, f: tuple) -> None:
    st.phase = f[1]
    if f[1] != "late" or any(st.held):
        st.emit("phase_started", lambda f=f: (PHASE_TEXT[f[1]], {"phase": f[1]}))


def _end_round(st: RisingState, f: tuple) -> None:
    if st.monsters:  # monsters hook: this round's volunteers leave
        hooks.monsters.end_round(st)
    st.start = (st.start + 1) % st.n
    st.emit(
        "starting_player",
        lambda st=st: (
            f"The starting player marker passes to {st.player_name(st.start)}.",
            {"start": st.start},
        ),
    )


ROUND = Frame("round", auto=_round)
PHASE = Frame("phase", auto=_phase)
END_ROUND = Frame("end_round", auto=_end_round)
