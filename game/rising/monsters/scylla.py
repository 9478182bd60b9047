"""Between Scylla and Charybdis (our design): two sea monsters that menace the Navy and the coast.

State: ``st.scylla`` (both monsters in play), ``st.charybdis`` (the section the whirlpool lies
off, -1 when gone), ``st.captives`` (owners of the Atlanteans Scylla holds on her rock),
``st.items[2]`` (the Helm of Passage's holder), ``st.allies[2]`` (the Sea Guardians' holder).

Each Monsters Act: the Helm's holder with 2+ active Atlanteans in the Navy may sail between the
monsters and end them both. Otherwise Scylla strikes the Navy (a die: 1 she misses, 2-4 she
snatches one Atlantean, 5-6 two; always from the councilor with the most there, ties from the
starting player) and carries them to her rock until she is defeated; then Charybdis's whirlpool
drifts (a section die, sunk sections rerolled) and rolls its hunger die: on 4-6 it drags down
the outermost tile of that section unless the table pools 2 mystic energy to calm it.

Frames: ``("sea",)`` auto, ``("sea_confront", p)`` decision ``sea_confront``,
``("sea_strike",)`` and ``("charybdis",)`` auto, ``("charyb", p, t)`` decision ``charybdis``
(then the ordinary ``pool`` frame with purpose ``"charybdis"``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.rising import frames
from game.rising.island import NAVY, SECTIONS, SPOT_IDS, tile_name, tip_tile
from game.rising.monsters import common as cm

if TYPE_CHECKING:
    from game.core.protocol import Action
    from game.rising.state import RisingState

CALM_COST = 2
MISS = 1  # Scylla's die: up to this she misses
DOUBLE = 5  # from this she snatches two (in between, one)
HUNGER = 5  # the whirlpool feeds on a hunger die of 5 or more
CREW = 2  # Atlanteans the Helm's holder needs in the Navy to confront
GUARDIANS = 1  # the Sea Guardians count this many more in the Navy against every attack


def die_text(lo: int, hi: int) -> str:
    """Die faces ``lo``..``hi`` for the rules texts: "1", "2-4"."""
    return str(lo) if lo == hi else f"{lo}-{hi}"


def setup(st: RisingState) -> None:
    st.scylla = True
    st.charybdis = st.rng.randint(1, 6) - 1


def _name(st: RisingState, p: int) -> str:
    return st.sentence_name(p)


def can_confront(st: RisingState, p: int) -> bool:
    return st.scylla and st.items[cm.SCYLLA] == p and st.occ[NAVY].count(p) >= CREW


def act(st: RisingState, f: tuple) -> None:
    if not st.scylla:
        return
    st.push(("charybdis",))
    st.push(("sea_strike",))
    h = st.items[cm.SCYLLA]
    if h >= 0 and can_confront(st, h):
        st.push(("sea_confront", h))


def legal_confront(st: RisingState, f: tuple, p: int) -> list[Action]:
    return [frames.act(p, "confront"), frames.act(p, "pass")]


def do_confront(st: RisingState, f: tuple, a: Action) -> None:
    p = f[1]
    st.stack.pop()
    if a.kind == "pass":
        return
    # neither monster acts any more this round
    while st.stack and st.stack[-1][0] in ("sea_strike", "charybdis"):
        st.stack.pop()
    defeat(st, p)


def defeat(st: RisingState, p: int) -> None:
    freed = list(st.captives)
    for q in freed:
        st.home[q] += 1
    st.captives = []
    st.scylla = False
    st.charybdis = -1
    st.items[cm.SCYLLA] = -1
    st.allies[cm.SCYLLA] = p
    st.navy_bonus += GUARDIANS  # the Guardians already stand with this round's Navy
    st.emit(
        "scylla_defeated",
        lambda st=st, p=p, freed=freed: (
            (
                f"{_name(st, p)}'s crew sails between Scylla and Charybdis wearing the Helm of Passage: "
                f"both monsters sink into legend, {len(freed)} captive(s) swim home, and the Sea "
                f"Guardians join the Navy (+{GUARDIANS} against every attack)."
            ),
            {"player": p, "freed": freed},
        ),
    )


def victims(st: RisingState, k: int) -> list[int]:
    """Whose Atlanteans Scylla snatches: the most numerous in the Navy first (not the Helm's)."""
    counts = [st.occ[NAVY].count(q) for q in range(st.n)]
    holder = st.items[cm.SCYLLA]
    if holder >= 0:
        counts[holder] = 0
    out: list[int] = []
    for _ in range(k):
        best = max(counts)
        if best <= 0:
            break
        q = next(x for x in st.order(st.start) if counts[x] == best)
        counts[q] -= 1
        out.append(q)
    return out


def strike(st: RisingState, f: tuple) -> None:
    roll = st.rng.randint(1, 6)
    k = 0 if roll <= MISS else 2 if roll >= DOUBLE else 1
    taken = victims(st, k)
    pieces: list[int] = []
    for q in taken:
        if cm.take_active(st, NAVY, q):
            pieces.append(cm.VOLUNTEER)  # a volunteer is simply gone
        else:
            pieces.append(q)
            st.captives.append(q)
    st.emit(
        "scylla_struck",
        lambda st=st, roll=roll, k=k, pieces=pieces: (
            _struck(st, roll, k, pieces),
            {"roll": roll, "wanted": k, "taken": pieces},
        ),
    )


def _struck(st: RisingState, roll: int, k: int, pieces: list[int]) -> str:
    """What Scylla's strike did: ``k`` crew wanted with a ``roll``, ``pieces`` carried off."""
    if not pieces:
        why = "misses" if k == 0 else "finds no crew to seize"
        return f"Scylla lunges at the Navy (die {roll}) and {why}."
    return (
        f"Scylla's heads strike the Navy (die {roll}) and carry off "
        f"{cm.piece_names(st, pieces)} Atlantean(s) to her rock."
    )


def spin(st: RisingState, f: tuple) -> None:
    if st.surviving() == 0 or not st.scylla:
        return
    src = st.charybdis
    rolls: list[int] = []
    while True:
        s = st.rng.randint(1, 6) - 1
        rolls.append(s + 1)
        if st.flooded[s] < 6:
            break
    st.charybdis = s
    hunger = st.rng.randint(1, 6)
    t = tip_tile(st.flooded, s)
    assert t is not None
    st.emit(
        "charybdis_moved",
        lambda hunger=hunger, s=s, rolls=rolls, t=t, src=src: (
            (
                f"Charybdis's whirlpool drifts off the {SECTIONS[s]} (section die {rolls[-1]}); "
                f"hunger die {hunger}"
                + (f": it reaches for {tile_name(t)}!" if hunger >= HUNGER else ": it only churns.")
            ),
            {
                "from": SECTIONS[src] if src >= 0 else None,
                "to": SECTIONS[s],
                "roll": rolls[-1],
                "rerolls": rolls[:-1],
                "hunger": hunger,
                "tile": SPOT_IDS[t],
            },
        ),
    )
    if hunger < HUNGER:
        return
    if st.total_energy() >= CALM_COST:
        st.push(("charyb", st.start, t))
    else:
        drag(st, t)


def drag(st: RisingState, t: int) -> None:
    st.emit(
        "charybdis_swallowed",
        lambda t=t: (
            f"Charybdis drags {tile_name(t)} down into the deep.",
            {"tile": SPOT_IDS[t], "section": SECTIONS[t // 6]},
        ),
    )
    st.push(("destroy", t))


def legal_charyb(st: RisingState, f: tuple, p: int) -> list[Action]:
    return [frames.act(p, "accept"), frames.act(p, "calm")]


def do_charyb(st: RisingState, f: tuple, a: Action) -> None:
    _, p, t = f
    st.stack.pop()
    if a.kind == "accept":
        drag(st, t)
        return
    st.emit(
        "pool_opened",
        lambda st=st, p=p, t=t: (
            f"{_name(st, p)} calls for {CALM_COST} mystic energy to calm Charybdis.",
            {"purpose": "charybdis", "section": SECTIONS[t // 6], "need": CALM_COST},
        ),
    )
    st.push(("pool", "charybdis", t, CALM_COST, tuple(st.order(p)), ()))


def pool_done(st: RisingState, t: int, success: bool) -> None:
    if success:
        st.emit(
            "charybdis_calmed",
            lambda t=t: (
                f"The pooled energy stills the whirlpool; {tile_name(t)} is spared.",
                {"tile": SPOT_IDS[t]},
            ),
        )
    else:
        drag(st, t)


def explain(st: RisingState, a: Action) -> str | None:
    p = a.player
    if a.kind == "confront" and st.stack[-1][0] != "hlure":
        if st.items[cm.SCYLLA] != p:
            return "only the holder of the Helm of Passage can confront Scylla and Charybdis"
        return f"the Helm's holder needs {CREW} active Atlanteans in the Navy to confront them"
    return None
