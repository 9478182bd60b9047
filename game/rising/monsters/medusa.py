"""Medusa Unleashed: the gorgon who walks the island and turns Atlanteans to stone.

State: ``st.medusa`` (her spot, -1 once defeated or when not in the game), ``st.petr[t]`` (the
owners of the petrified pieces on spot ``t``; -1 is a neutral volunteer), ``st.items[0]`` (the
Mirror Shield's holder) and ``st.allies[0]`` (the Medusa ally's holder).

Frames: ``("medusa",)`` auto, ``("gaze", p, rest)`` decision ``medusa_gaze``,
``("medusa_move", t, p)`` auto, ``("mally", p, n)`` decision ``medusa_ally``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.rising import frames
from game.rising.island import CAP, CENTRE, NUM_TILES, SPOT_IDS, SPOT_INDEX, tile_name
from game.rising.monsters import common as cm

if TYPE_CHECKING:
    from game.core.protocol import Action
    from game.rising.state import RisingState


def setup(st: RisingState) -> None:
    """A random section's tip tile, each of its rings filled with a petrified volunteer.

    The rulebook puts one volunteer on the tile, two on the Cities; our Cities tip has two
    rings and every other tip one, so "fill every ring" and the printed count agree.
    """
    s = st.rng.randint(1, 6) - 1
    t = s * 6
    st.medusa = t
    st.petr[t] = [cm.VOLUNTEER] * CAP[t]


def _name(st: RisingState, p: int) -> str:
    return st.sentence_name(p)


# ---------------------------------------------------------------------------------------------
# the gaze
def strike(st: RisingState, t: int, cause: str) -> None:
    """Medusa, just arrived at ``t``, turns to stone what the three cases of the rules say."""
    holder = st.items[cm.MEDUSA]
    occ = st.occ[t]
    spared = -1
    if holder >= 0 and holder in occ:
        spared = holder  # the Shield bearer is immune; the holder's other Atlanteans are not
    victims: list[int] = []
    seen_bearer = False
    for q in list(occ):
        if q == spared and not seen_bearer:
            seen_bearer = True
            continue
        victims.append(q)
    if victims:
        _petrify(st, t, victims, cause)
    elif not occ and t < NUM_TILES and cm.free_room(st, t) > 0:
        k = cm.free_room(st, t)
        st.petr[t].extend([cm.VOLUNTEER] * k)
        st.emit(
            "petrified",
            lambda k=k, t=t: (
                (
                    f"Nobody stands at {tile_name(t)}: Medusa fills its {k} empty ring(s) with stone "
                    "volunteers."
                ),
                {"spot": SPOT_IDS[t], "pieces": [cm.VOLUNTEER] * k, "cause": "volunteers"},
            ),
        )
    else:
        why = (
            "the Shield bearer stands firm"
            if occ
            else "the Mystic Power Source has no rings"
            if t == CENTRE
            else "every ring there is already stone"
        )
        st.emit(
            "medusa_idle",
            lambda why=why, t=t: (
                f"Medusa finds nothing to petrify at {tile_name(t)} ({why}).",
                {"spot": SPOT_IDS[t]},
            ),
        )
    if spared >= 0:
        st.emit(
            "shield_protects",
            lambda st=st, spared=spared, t=t: (
                f"The Mirror Shield turns Medusa's gaze away from {st.player_name(spared)}'s bearer.",
                {"player": spared, "spot": SPOT_IDS[t]},
            ),
        )


def _petrify(st: RisingState, t: int, victims: list[int], cause: str) -> None:
    pieces: list[int] = []
    for q in victims:
        pieces.append(cm.VOLUNTEER if cm.take_active(st, t, q) else q)
    st.petr[t].extend(pieces)
    st.emit(
        "petrified",
        lambda st=st, pieces=pieces, cause=cause, t=t: (
            f"Medusa's gaze turns {cm.piece_names(st, pieces)} to stone at {tile_name(t)}.",
            {"spot": SPOT_IDS[t], "pieces": pieces, "cause": cause},
        ),
    )


def on_place(st: RisingState, p: int, t: int) -> None:
    """Anything placed on Medusa's tile is petrified at once (the Shield bearer excepted)."""
    if st.medusa != t:
        return
    if st.items[cm.MEDUSA] == p and st.occ[t].count(p) == 1:
        st.emit(
            "shield_protects",
            lambda st=st, p=p, t=t: (
                f"{_name(st, p)}'s Shield bearer walks onto Medusa's tile unharmed.",
                {"player": p, "spot": SPOT_IDS[t]},
            ),
        )
        return
    _petrify(st, t, [p], "placed")


def on_flooded(st: RisingState, t: int) -> None:
    """Medusa on a sinking tile walks to the next tile inward (or the centre) and strikes."""
    if st.medusa != t:
        return
    s = t // 6
    f = st.flooded[s]
    dest = s * 6 + f if f < 6 else CENTRE
    st.medusa = dest
    st.emit(
        "medusa_moved",
        lambda t=t, dest=dest: (
            f"The sea takes {tile_name(t)}; Medusa retreats to {tile_name(dest)}.",
            {"from": SPOT_IDS[t], "to": SPOT_IDS[dest], "roll": None, "reason": "flood"},
        ),
    )
    strike(st, dest, "flood_move")


# ---------------------------------------------------------------------------------------------
# the Monsters Act
def act(st: RisingState, f: tuple) -> None:
    if st.medusa < 0:
        return
    st.push(("medusa_move", -1, -1))
    order = st.order(st.start)
    st.push(("gaze", order[0], tuple(order[1:])))


def gaze_spots(st: RisingState, p: int) -> list[int]:
    """Island spots (tiles and the centre) where ``p`` has an active Atlantean."""
    return [t for t in cm.island_spots(st) if p in st.occ[t]]


def ready_gaze(st: RisingState, f: tuple) -> bool:
    _, p, rest = f
    while not gaze_spots(st, p):
        if not rest:
            st.stack.pop()
            return False
        p, rest = rest[0], rest[1:]
    if p != f[1]:
        st.stack[-1] = ("gaze", p, rest)
    return True


def legal_gaze(st: RisingState, f: tuple, p: int) -> list[Action]:
    out = [frames.act(p, "draw_gaze", ("at", SPOT_IDS[t])) for t in gaze_spots(st, p)]
    return [*out, frames.act(p, "pass")]


def do_gaze(st: RisingState, f: tuple, a: Action) -> None:
    _, p, rest = f
    if a.kind == "pass":
        if rest:
            st.stack[-1] = ("gaze", rest[0], rest[1:])
        else:
            st.stack.pop()
        return
    st.stack.pop()
    t = SPOT_INDEX[a["at"]]
    st.stack[-1] = ("medusa_move", t, p)


def move(st: RisingState, f: tuple) -> None:
    _, t, p = f
    src = st.medusa
    if t >= 0 and st.items[cm.MEDUSA] == p:
        break_curse(st, p, t)
        return
    if t >= 0:
        st.medusa = t
        st.emit(
            "medusa_moved",
            lambda st=st, p=p, src=src, t=t: (
                f"{_name(st, p)} draws Medusa's gaze: she moves from {tile_name(src)} to {tile_name(t)}.",
                {
                    "from": SPOT_IDS[src],
                    "to": SPOT_IDS[t],
                    "roll": None,
                    "reason": "gaze",
                    "player": p,
                },
            ),
        )
        strike(st, t, "gaze")
        return
    dest, rolls = roll_tile(st)
    st.medusa = dest
    st.emit(
        "medusa_moved",
        lambda src=src, dest=dest, rolls=rolls: (
            (
                f"Medusa wanders from {tile_name(src)} to {tile_name(dest)} "
                f"(section die {rolls[-1][0]}, tile die {rolls[-1][1]})."
            ),
            {
                "from": SPOT_IDS[src],
                "to": SPOT_IDS[dest],
                "roll": list(rolls[-1]),
                "rerolls": [list(r) for r in rolls[:-1]],
                "reason": "dice",
            },
        ),
    )
    strike(st, dest, "dice")


def roll_tile(st: RisingState) -> tuple[int, list[tuple[int, int]]]:
    """Section die then tile die, rerolling sunk sections and tiles (the centre when all sank)."""
    rolls: list[tuple[int, int]] = []
    if st.surviving() == 0:
        return CENTRE, [(0, 0)]
    while True:
        s = st.rng.randint(1, 6) - 1
        if st.flooded[s] >= 6:
            rolls.append((s + 1, 0))
            continue
        pos = st.rng.randint(1, 6) - 1
        rolls.append((s + 1, pos + 1))
        if pos >= st.flooded[s]:
            return s * 6 + pos, rolls


def break_curse(st: RisingState, p: int, t: int) -> None:
    """The Shield bearer draws the gaze: the Shield shatters, Medusa is freed and joins ``p``."""
    src = st.medusa
    st.medusa = -1
    st.items[cm.MEDUSA] = -1
    st.allies[cm.MEDUSA] = p
    left = sum(len(x) for x in st.petr)
    st.emit(
        "curse_broken",
        lambda st=st, p=p, left=left, t=t, src=src: (
            (
                f"{_name(st, p)}'s Shield bearer at {tile_name(t)} makes Medusa see herself: the mirror "
                f"shatters, the curse breaks and Medusa becomes {st.player_name(p)}'s ally. "
                f"The {left} stone figure(s) stay stone."
            ),
            {"player": p, "spot": SPOT_IDS[t], "medusa_was": SPOT_IDS[src], "petrified_left": left},
        ),
    )


# ---------------------------------------------------------------------------------------------
# freeing (a free action during productive actions)
def free_options(st: RisingState, p: int) -> list[tuple[int, int]]:
    """(spot, owner) pairs ``p`` may free now: 1 energy, an active Atlantean of ``p`` there."""
    if st.energy[p] < 1:
        return []
    out: list[tuple[int, int]] = []
    for t, stone in enumerate(st.petr):
        if stone and p in st.occ[t]:
            for q in sorted(set(stone)):
                out.append((t, q))
    return out


def free_actions(st: RisingState, p: int) -> list[Action]:
    return [
        frames.act(p, "free", ("at", SPOT_IDS[t]), ("piece", q)) for t, q in free_options(st, p)
    ]


def do_free(st: RisingState, p: int, a: Action) -> None:
    """Spend 1 energy; the freed figure acts at once (a volunteer acts for ``p``, then leaves)."""
    t = SPOT_INDEX[a["at"]]
    q = a["piece"]
    st.spend_energy(p, 1)
    st.petr[t].remove(q)
    actor = p if q == cm.VOLUNTEER else q
    if q == cm.VOLUNTEER:
        st.vol_active[p] += 1
    st.occ[t].append(actor)
    who = "a volunteer" if q == cm.VOLUNTEER else f"{st.player_name(q)}'s Atlantean"
    st.emit(
        "freed",
        lambda st=st, q=q, p=p, actor=actor, t=t, who=who: (
            (
                f"{_name(st, p)} spends 1 mystic energy to free {who} at {tile_name(t)}; it acts at once"
                + (f" for {st.player_name(p)}." if q == cm.VOLUNTEER else ".")
            ),
            {"spot": SPOT_IDS[t], "piece": q, "by": p, "acts_for": actor},
        ),
    )
    st.push(("act", actor, t, True))


# ---------------------------------------------------------------------------------------------
# the Medusa ally
def city_success(st: RisingState, p: int, n: int) -> bool:
    """The ally's holder chooses 2 followers or 4 volunteers per follower the city gives."""
    if st.allies[cm.MEDUSA] != p or n <= 0:
        return False
    st.push(("mally", p, n))
    return True


def legal_ally(st: RisingState, f: tuple, p: int) -> list[Action]:
    return [
        frames.act(p, "choose", ("reward", "followers")),
        frames.act(p, "choose", ("reward", "volunteers")),
    ]


def do_ally(st: RisingState, f: tuple, a: Action) -> None:
    _, p, n = f
    st.stack.pop()
    st.emit(
        "medusa_ally",
        lambda st=st, p=p, a=a, n=n: (
            (
                f"Medusa rallies the city for {st.player_name(p)}: "
                + (f"{2 * n} followers." if a["reward"] == "followers" else f"{4 * n} volunteers.")
            ),
            {
                "player": p,
                "reward": a["reward"],
                "amount": (2 if a["reward"] == "followers" else 4) * n,
            },
        ),
    )
    if a["reward"] == "followers":
        st.recruit(p, 2 * n)
    else:
        cm.gain_volunteers(st, p, 4 * n)


def place_warning(st: RisingState) -> str:
    if st.medusa < 0:
        return ""
    return (
        f" Medusa stands at {tile_name(st.medusa)}: an Atlantean placed there is turned to stone "
        "at once."
    )


def explain(st: RisingState, a: Action) -> str | None:
    p = a.player
    if a.kind == "draw_gaze":
        at = a.get("at")
        t = SPOT_INDEX.get(at) if isinstance(at, str) else None
        if t is None or t >= CENTRE + 1:
            return f"there is no island spot called {at!r}"
        return f"you have no active (unpetrified) Atlantean at {at} to draw Medusa's gaze"
    if a.kind == "free":
        at = a.get("at")
        t = SPOT_INDEX.get(at) if isinstance(at, str) else None
        if t is None:
            return f"there is no place called {at!r}"
        if st.stack[-1][0] != "prod":
            return "petrified Atlanteans can only be freed during your productive actions"
        if st.energy[p] < 1:
            return "freeing a petrified Atlantean costs 1 mystic energy; you have none"
        if p not in st.occ[t]:
            return f"you need an active Atlantean of your own at {at} to free anyone there"
        return f"there is no such petrified piece at {at} (piece is a seat number, -1 a volunteer)"
    return None
