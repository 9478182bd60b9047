"""The sea: a basic Flood, the table's answer to it, and tiles sinking (with courage first).

Decision: ``("flood_resp", p, t, s)`` (let tile ``t`` of section ``s`` flood, or call for a pool
to cancel; ``t`` is -1 when the section is gone and two other tiles must sink).
Automatic: ``("destroy", t)``, ``("destroy_finish", t)``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.rising.frames import hooks
from game.rising.frames.common import CANCEL_COST, act, dec, lose, name, ready_true
from game.rising.frames.registry import Frame
from game.rising.island import CITIES, NUM_TILES, SECTIONS, SPOT_IDS, tile_name, tip_tile

if TYPE_CHECKING:
    from game.core.protocol import Action, Decision
    from game.rising.state import RisingState


def basic_flood(st: RisingState, p: int, s: int) -> None:
    """A basic Flood card of section ``s`` drawn by ``p``: barrier, energy, or the sea."""
    t = tip_tile(st.flooded, s)
    if t is None:
        st.emit(
            "section_gone",
            lambda s=s: (
                f"The {SECTIONS[s]} are already under water: two other tiles must go instead.",
                {"section": SECTIONS[s]},
            ),
        )
        if st.total_energy() >= CANCEL_COST:
            st.push(("flood_resp", p, -1, s))
        else:
            overflow(st, p)
        return
    if st.barrier[t]:
        st.barrier[t] = False
        st.barrier_supply += 1
        st.emit(
            "barrier_used",
            lambda t=t: (
                f"A mystic barrier holds back the flood at {tile_name(t)}; the barrier is spent.",
                {"tile": SPOT_IDS[t]},
            ),
        )
        return
    if st.total_energy() >= CANCEL_COST:
        st.push(("flood_resp", p, t, s))
    else:
        st.push(("destroy", t))


def overflow(st: RisingState, p: int) -> None:
    """A section already gone: ``p`` chooses two other tiles to sink (the game is lost without)."""
    if st.surviving() < 2:
        lose(st, "There are not two tiles left to give to the sea. Atlantis is lost.")
        return
    st.push(("mchoice", p, "overflow", 2))


def _destroy(st: RisingState, f: tuple) -> None:
    t = f[1]
    if t >= NUM_TILES:
        st.destroy_centre()
        return
    tokens = st.cour[t]
    if tokens:
        st.push(("destroy_finish", t))
        acts: list[tuple] = []
        seen: set[int] = set()
        for q in tokens:
            if t // 6 == CITIES:
                if q in seen:
                    continue
                seen.add(q)
            acts.append(("act", q, t, False))
        st.emit(
            "courage_used",
            lambda t=t, tokens=tokens: (
                f"Courage! The Atlanteans with tokens at {tile_name(t)} act before the tile sinks.",
                {"tile": SPOT_IDS[t], "players": list(tokens)},
            ),
        )
        st.stack.extend(reversed(acts))
        return
    _finish_destroy(st, t)


def _destroy_finish(st: RisingState, f: tuple) -> None:
    _finish_destroy(st, f[1])


def _finish_destroy(st: RisingState, t: int) -> None:
    s = t // 6
    returned = st.occ[t]
    for q in returned:
        st.home[q] += 1
    st.occ[t] = []
    st.courage_supply += len(st.cour[t])
    lost_tokens = len(st.cour[t])
    st.cour[t] = []
    if st.barrier[t]:
        st.barrier[t] = False
        st.barrier_supply += 1
        st.emit(
            "barrier_lost",
            lambda t=t: (
                f"The barrier at {tile_name(t)} cannot stop this and is discarded.",
                {"tile": SPOT_IDS[t]},
            ),
        )
    st.flooded[s] = t % 6 + 1
    st.emit(
        "tile_flooded",
        lambda lost_tokens=lost_tokens, returned=returned, t=t, s=s: (
            (
                f"{tile_name(t)} sinks beneath the waves."
                + (f" {len(returned)} Atlantean(s) swim home without acting." if returned else "")
            ),
            {
                "tile": SPOT_IDS[t],
                "section": SECTIONS[s],
                "returned": list(returned),
                "tokens_lost": lost_tokens,
            },
        ),
    )
    if st.monsters:  # monsters hook: stone figures sink, Medusa/Harpies move inward
        hooks.monsters.on_flooded(st, t)


def destroy_tip(st: RisingState, s: int) -> None:
    """Sink the outermost standing tile of section ``s`` (if any)."""
    t = tip_tile(st.flooded, s)
    if t is not None:
        st.push(("destroy", t))


def unflip_section(st: RisingState, s: int) -> None:
    """The innermost sunken tile of section ``s`` rises again (if any)."""
    if st.flooded[s] > 0:
        st.flooded[s] -= 1
        t = s * 6 + st.flooded[s]
        st.emit(
            "tile_restored",
            lambda t=t: (f"{tile_name(t)} rises from the sea again.", {"tile": SPOT_IDS[t]}),
        )


# ---------------------------------------------------------------------------------------------
# the decision: let it flood, or call for energy
def _legal_flood_resp(st: RisingState, f: tuple, p: int) -> list[Action]:
    return [act(p, "accept"), act(p, "cancel")]


def _do_flood_resp(st: RisingState, f: tuple, a: Action) -> None:
    _, p, t, s = f
    st.stack.pop()
    if a.kind == "cancel":
        st.emit(
            "pool_opened",
            lambda st=st, s=s, p=p: (
                f"{name(st, p)} calls for {CANCEL_COST} mystic energy to hold back the flood.",
                {"purpose": "cancel", "section": SECTIONS[s], "need": CANCEL_COST},
            ),
        )
        st.push(("pool", "cancel", (t, s, p), CANCEL_COST, tuple(st.order(p)), ()))
    elif t < 0:
        overflow(st, p)
    else:
        st.push(("destroy", t))


def _decide_flood_resp(st: RisingState, f: tuple) -> Decision:
    _, p, t, s = f
    where = tile_name(t) if t >= 0 else f"two other tiles (the {SECTIONS[s]} are gone)"
    return dec(
        p, "flood_response",
        f"The sea comes for {where}. Let it flood, or gather {CANCEL_COST} mystic energy to stop it?",
        tile=SPOT_IDS[t] if t >= 0 else None, section=SECTIONS[s], cost=CANCEL_COST,
    )  # fmt: skip


FLOOD_RESP = Frame(
    "flood_resp",
    ready=ready_true,
    legal=_legal_flood_resp,
    handle=_do_flood_resp,
    decide=_decide_flood_resp,
    actions=("accept", "cancel"),
    decisions=("flood_response",),
)
DESTROY = Frame("destroy", auto=_destroy)
DESTROY_FINISH = Frame("destroy_finish", auto=_destroy_finish)
