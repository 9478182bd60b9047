"""The Harpies' Lair (our design): a flock that swoops on the busiest tile and robs it.

State: ``st.harpies`` (the roost spot, -1 once driven off or not in the game),
``st.items[1]`` (the Bronze Rattle's holder), ``st.allies[1]`` (the Harpy messengers' holder).

Each Monsters Act: any councilor may first spend 1 mystic energy to lure the flock to a spot of
their choice (or, holding the Rattle with an Atlantean on the roost, drive them off for good);
otherwise the flock rolls a section die (sunk sections are rerolled) and lands on the most
crowded standing tile of that section (ties: the outermost). Then it raids: every councilor
gives up ``TRIBUTE`` (1) resources or knowledge cards per active Atlantean of theirs on the
roost (their choice; with nothing to give, that Atlantean is chased home without acting). An
empty roost means a raid on the council: ``COUNCIL_RAID`` (1) time(s), one random card from the
councilor holding the most cards.

Frames: ``("harpies",)`` auto, ``("hlure", p, rest)`` decision ``harpies_lure``,
``("harpies_fly", t, p)`` auto, ``("htribute", p, n)`` decision ``harpies_tribute``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.rising import frames
from game.rising.island import CENTRE, RESOURCES, SPOT_IDS, SPOT_INDEX, tile_name, tip_tile
from game.rising.knowledge import KNOWLEDGE, KNOWLEDGE_INDEX
from game.rising.monsters import common as cm

if TYPE_CHECKING:
    from game.core.protocol import Action
    from game.rising.state import RisingState

LURE_COST = 2
LIBRARY_BONUS = 1  # the ally draws and keeps one more card at a library
TRIBUTE = 1  # resources or cards given up per active Atlantean on the roost
COUNCIL_RAID = 1  # random cards snatched from the fullest hand when the roost is empty


def setup(st: RisingState) -> None:
    s = st.rng.randint(1, 6) - 1
    st.harpies = s * 6


def _name(st: RisingState, p: int) -> str:
    return st.sentence_name(p)


def act(st: RisingState, f: tuple) -> None:
    if st.harpies < 0:
        return
    st.push(("harpies_fly", -1, -1))
    order = st.order(st.start)
    st.push(("hlure", order[0], tuple(order[1:])))


def can_confront(st: RisingState, p: int) -> bool:
    return st.items[cm.HARPIES] == p and st.harpies >= 0 and p in st.occ[st.harpies]


def _may_lure(st: RisingState, p: int) -> bool:
    return st.energy[p] >= LURE_COST or can_confront(st, p)


def ready_lure(st: RisingState, f: tuple) -> bool:
    _, p, rest = f
    while not _may_lure(st, p):
        if not rest:
            st.stack.pop()
            return False
        p, rest = rest[0], rest[1:]
    if p != f[1]:
        st.stack[-1] = ("hlure", p, rest)
    return True


def legal_lure(st: RisingState, f: tuple, p: int) -> list[Action]:
    out: list[Action] = []
    if can_confront(st, p):
        out.append(frames.act(p, "confront"))
    if st.energy[p] >= LURE_COST:
        out += [frames.act(p, "lure", ("at", SPOT_IDS[t])) for t in cm.island_spots(st)]
    return [*out, frames.act(p, "pass")]


def do_lure(st: RisingState, f: tuple, a: Action) -> None:
    _, p, rest = f
    if a.kind == "pass":
        if rest:
            st.stack[-1] = ("hlure", rest[0], rest[1:])
        else:
            st.stack.pop()
        return
    st.stack.pop()
    if a.kind == "confront":
        st.stack.pop()  # the flight below never happens
        defeat(st, p)
        return
    t = SPOT_INDEX[a["at"]]
    st.spend_energy(p, LURE_COST)
    st.stack[-1] = ("harpies_fly", t, p)


def defeat(st: RisingState, p: int) -> None:
    t = st.harpies
    st.harpies = -1
    st.items[cm.HARPIES] = -1
    st.allies[cm.HARPIES] = p
    st.emit(
        "harpies_defeated",
        lambda st=st, p=p, t=t: (
            (
                f"{_name(st, p)}'s Atlantean shakes the Bronze Rattle at {tile_name(t)}: the flock "
                f"scatters for good and its messengers now serve {st.player_name(p)}."
            ),
            {"player": p, "spot": SPOT_IDS[t]},
        ),
    )


def roll_roost(st: RisingState) -> tuple[int, list[int]]:
    """Section die (sunk sections rerolled); the most crowded standing tile there, tip first."""
    if st.surviving() == 0:
        return CENTRE, []
    rolls: list[int] = []
    while True:
        s = st.rng.randint(1, 6) - 1
        rolls.append(s + 1)
        if st.flooded[s] < 6:
            break
    tiles = range(s * 6 + st.flooded[s], s * 6 + 6)
    best = max(tiles, key=lambda t: (len(st.occ[t]), -t))
    return best, rolls


def fly(st: RisingState, f: tuple) -> None:
    _, t, p = f
    src = st.harpies
    if t >= 0:
        st.harpies = t
        st.emit(
            "harpies_lured",
            lambda st=st, p=p, src=src, t=t: (
                (
                    f"{_name(st, p)} spends {LURE_COST} mystic energy to lure the Harpies from "
                    f"{tile_name(src)} to {tile_name(t)}."
                ),
                {"from": SPOT_IDS[src], "to": SPOT_IDS[t], "player": p},
            ),
        )
    else:
        t, rolls = roll_roost(st)
        st.harpies = t
        st.emit(
            "harpies_moved",
            lambda rolls=rolls, src=src, t=t: (
                (
                    f"The Harpies take wing from {tile_name(src)} and swoop on {tile_name(t)}"
                    + (f" (section die {rolls[-1]})." if rolls else ".")
                ),
                {
                    "from": SPOT_IDS[src],
                    "to": SPOT_IDS[t],
                    "roll": rolls[-1] if rolls else None,
                    "rerolls": rolls[:-1],
                },
            ),
        )
    raid(st, t)


def raid(st: RisingState, t: int) -> None:
    holder = st.items[cm.HARPIES]
    victims = [q for q in st.order(st.start) if q in st.occ[t] and q != holder]
    if victims:
        st.emit(
            "harpies_raid",
            lambda st=st, t=t, victims=victims: (
                (
                    f"The Harpies raid {tile_name(t)}: "
                    + ", ".join(
                        f"{st.player_name(q)} owes {TRIBUTE * st.occ[t].count(q)}" for q in victims
                    )
                    + "."
                ),
                {
                    "spot": SPOT_IDS[t],
                    "victims": [[q, TRIBUTE * st.occ[t].count(q)] for q in victims],
                },
            ),
        )
        for q in reversed(victims):
            st.push(("htribute", q, TRIBUTE * st.occ[t].count(q)))
        return
    if holder >= 0 and holder in st.occ[t]:
        st.emit(
            "harpies_idle",
            lambda st=st, holder=holder, t=t: (
                f"The Bronze Rattle keeps the Harpies off {st.player_name(holder)} at {tile_name(t)}.",
                {"spot": SPOT_IDS[t], "player": holder},
            ),
        )
        return
    _raid_council(st, t)


def _raid_council(st: RisingState, t: int) -> None:
    for _ in range(COUNCIL_RAID):
        _snatch_card(st, t)


def _snatch_card(st: RisingState, t: int) -> None:
    holder = st.items[cm.HARPIES]
    best = -1
    for q in st.order(st.start):
        if q != holder and st.hand[q] and (best < 0 or len(st.hand[q]) > len(st.hand[best])):
            best = q
    if best < 0:
        st.emit(
            "harpies_idle",
            lambda t=t: (
                f"The roost at {tile_name(t)} is empty and no hand holds a card.",
                {"spot": SPOT_IDS[t]},
            ),
        )
        return
    hand = st.hand[best]
    idx = hand.pop(st.rng.randrange(len(hand)))
    st.kdiscard.append(idx)
    st.emit(
        "harpies_stole",
        lambda st=st, best=best, t=t, idx=idx: (
            (
                f"Nobody guards {tile_name(t)}: the Harpies raid the council and snatch "
                f"{KNOWLEDGE[idx].name} from {st.player_name(best)}."
            ),
            {"player": best, "card": KNOWLEDGE[idx].key, "resource": None, "spot": SPOT_IDS[t]},
        ),
    )


def ready_tribute(st: RisingState, f: tuple) -> bool:
    _, p, n = f
    t = st.harpies
    while n > 0 and not (any(st.res[p]) or st.hand[p]):
        if t < 0 or p not in st.occ[t]:
            n = 0
            break
        if not cm.take_active(st, t, p):
            st.home[p] += 1  # a chased volunteer simply flies off to the supply
        n -= TRIBUTE
        st.emit(
            "harpies_chased",
            lambda st=st, p=p, t=t: (
                (
                    f"{_name(st, p)} has nothing to give: the Harpies chase an Atlantean home from "
                    f"{tile_name(t)} before it can act."
                ),
                {"player": p, "spot": SPOT_IDS[t]},
            ),
        )
    if n <= 0:
        st.stack.pop()
        return False
    if n != f[2]:
        st.stack[-1] = ("htribute", p, n)
    return True


def legal_tribute(st: RisingState, f: tuple, p: int) -> list[Action]:
    out = [frames.act(p, "give_up", ("resource", RESOURCES[r])) for r in range(4) if st.res[p][r]]
    keys: list[str] = []
    for c in st.hand[p]:
        if KNOWLEDGE[c].key not in keys:
            keys.append(KNOWLEDGE[c].key)
    return out + [frames.act(p, "give_up", ("card", k)) for k in keys]


def do_tribute(st: RisingState, f: tuple, a: Action) -> None:
    _, p, n = f
    st.stack[-1] = ("htribute", p, n - 1)
    if a.get("resource") is not None:
        r = RESOURCES.index(a["resource"])
        st.pay_res(p, r, 1)
        what, card, res = f"1 {a['resource']}", None, a["resource"]
    else:
        idx = KNOWLEDGE_INDEX[a["card"]]
        st.hand[p].remove(idx)
        st.kdiscard.append(idx)
        what, card, res = KNOWLEDGE[idx].name, a["card"], None
    st.emit(
        "harpies_stole",
        lambda st=st, p=p, card=card, res=res, what=what: (
            f"The Harpies carry off {what} from {st.player_name(p)}.",
            {"player": p, "card": card, "resource": res, "spot": SPOT_IDS[st.harpies]},
        ),
    )


def on_flooded(st: RisingState, t: int) -> None:
    """A flock on a sinking tile flutters to the next tile inward (no raid)."""
    if st.harpies != t:
        return
    s = t // 6
    nxt = tip_tile(st.flooded, s)
    dest = nxt if nxt is not None else CENTRE
    st.harpies = dest
    st.emit(
        "harpies_moved",
        lambda t=t, dest=dest: (
            f"The sea takes {tile_name(t)}; the Harpies flutter to {tile_name(dest)}.",
            {
                "from": SPOT_IDS[t],
                "to": SPOT_IDS[dest],
                "roll": None,
                "rerolls": [],
                "reason": "flood",
            },
        ),
    )


def library_bonus(st: RisingState, p: int) -> int:
    return LIBRARY_BONUS if st.allies[cm.HARPIES] == p else 0


def explain(st: RisingState, a: Action) -> str | None:
    p = a.player
    if a.kind == "lure":
        if st.energy[p] < LURE_COST:
            return f"luring the Harpies costs {LURE_COST} mystic energy; you have none"
        return f"{a.get('at')!r} is not a standing island tile or the centre"
    if a.kind == "confront" and st.stack[-1][0] == "hlure":
        if st.items[cm.HARPIES] != p:
            return "only the holder of the Bronze Rattle can drive the Harpies off"
        return (
            f"the Rattle's holder needs an active Atlantean on the roost "
            f"({tile_name(st.harpies)}) to drive the Harpies off"
        )
    if a.kind == "give_up":
        if a.get("resource") is not None:
            return f"you have no {a.get('resource')} to give up"
        return f"you do not hold {a.get('card')!r}"
    return None
