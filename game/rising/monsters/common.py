"""What the three monster scenarios share: the Wrath of the Gods, magic items, allies, pieces.

The base game of this edition has no Wrath of the Gods track, no magic items, no allies and no
volunteers; this module defines them (see ``docs/monsters.md``):

* **Wrath of the Gods** = half the round number, rounded down, at most 6 (round 4 -> 2, the
  rulebook's Mirror Shield example). It only discounts magic items.
* **Magic items** are a new thing to build in the Build phase; building one *is* that
  councilor's one build of the turn. There is one of each item, and it can only be built while
  its monster is on the board.
* **Volunteers** are neutral grey figures from an unlimited supply. A petrified volunteer
  belongs to no one (owner ``-1``). A volunteer freed by a councilor, or won from the Medusa
  ally, works for that councilor (it is counted in their ``home``/``occ`` like their own
  Atlanteans, and in ``vol_pool``/``vol_active``) and leaves at the end of the round it worked.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.rising.island import ATLANTIUM, CENTRE, GOLD, NUM_TILES, ORE, RESOURCES, SPOT_IDS

if TYPE_CHECKING:
    from game.rising.state import RisingState

SCENARIOS: tuple[str, ...] = ("medusa", "harpies", "scylla")
SCENARIO_INDEX = {k: i for i, k in enumerate(SCENARIOS)}
MEDUSA, HARPIES, SCYLLA = 0, 1, 2
VOLUNTEER = -1  # owner of a neutral (petrified or unfreed) volunteer
MAX_WRATH = 6


@dataclass(frozen=True)
class MagicItem:
    key: str
    name: str
    monster: int
    resource: int
    base_cost: int
    text: str


ITEMS: tuple[MagicItem, ...] = (
    MagicItem(
        "mirror_shield", "Mirror Shield", MEDUSA, ATLANTIUM, 7,
        "Costs 7 Atlantium less the Wrath of the Gods (at least 1). One of your Atlanteans "
        "carries it and cannot be turned to stone. Draw Medusa's gaze to break her curse.",
    ),
    MagicItem(
        "bronze_rattle", "Bronze Rattle", HARPIES, GOLD, 12,
        "Costs 12 gold less the Wrath of the Gods (at least 1). The Harpies never rob you. "
        "Have an Atlantean on their roost when the monsters act to drive them off for good.",
    ),
    MagicItem(
        "passage_helm", "Helm of Passage", SCYLLA, ORE, 4,
        "Costs 4 ore less the Wrath of the Gods (at least 1). Scylla never snatches your "
        "Atlanteans. Have 2 Atlanteans in the Navy when the monsters act to sail between the "
        "two monsters and end them both.",
    ),
)  # fmt: skip
ITEM_INDEX = {it.key: i for i, it in enumerate(ITEMS)}

ALLY_NAMES = ("the Medusa ally", "the Harpy messengers", "the Sea Guardians")


def wrath(st: RisingState) -> int:
    """The Wrath of the Gods now: half the round number, rounded down, at most 6."""
    return min(MAX_WRATH, st.round // 2)


def item_cost(st: RisingState, i: int) -> int:
    """What item ``i`` costs this round, in its one resource (never below 1)."""
    return max(1, ITEMS[i].base_cost - wrath(st))


def cost_text(st: RisingState, i: int) -> str:
    return f"{item_cost(st, i)} {RESOURCES[ITEMS[i].resource]}"


def alive(st: RisingState, m: int) -> bool:
    """Whether monster ``m`` is on the board (in this game and not yet defeated)."""
    if m == MEDUSA:
        return st.medusa >= 0
    if m == HARPIES:
        return st.harpies >= 0
    return st.scylla


def alive_keys(st: RisingState) -> list[str]:
    return [k for k in st.monsters if alive(st, SCENARIO_INDEX[k])]


def item_options(st: RisingState, p: int) -> list[int]:
    """Items ``p`` may build now: monster on the board, item not built, affordable, no build yet."""
    if st.built_turn[p]:
        return []
    out = []
    for i, it in enumerate(ITEMS):
        if st.items[i] < 0 and alive(st, it.monster) and st.res[p][it.resource] >= item_cost(st, i):
            out.append(i)
    return out


def build_item(st: RisingState, p: int, i: int) -> None:
    it = ITEMS[i]
    cost = item_cost(st, i)
    st.pay_res(p, it.resource, cost)
    st.items[i] = p
    st.built_turn[p] = True
    st.emit(
        f"{it.key.split('_')[1]}_built",  # shield_built, rattle_built, helm_built
        lambda st=st, p=p, cost=cost, it=it: (
            (
                f"{st.sentence_name(p)} builds the {it.name} for {cost} "
                f"{RESOURCES[it.resource]} (Wrath of the Gods {wrath(st)})."
            ),
            {
                "player": p,
                "item": it.key,
                "cost": cost,
                "resource": RESOURCES[it.resource],
                "wrath": wrath(st),
            },
        ),
    )


# ---------------------------------------------------------------------------------------------
# pieces
def island_spots(st: RisingState) -> list[int]:
    """Standing island tiles and the centre (where Medusa and the Harpies can be)."""
    out = [t for t in range(NUM_TILES) if t % 6 >= st.flooded[t // 6]]
    out.append(CENTRE)
    return out


def free_room(st: RisingState, t: int) -> int:
    """Empty rings on island tile ``t`` (petrified pieces take rings too)."""
    from game.rising.island import CAP

    if t >= NUM_TILES:
        return 0
    return max(0, CAP[t] - len(st.occ[t]) - len(st.petr[t]))


def take_active(st: RisingState, t: int, q: int) -> bool:
    """Lift one of ``q``'s active pieces off spot ``t``; True when it was a volunteer.

    A councilor's volunteers and own Atlanteans look alike; volunteers are taken first, so a
    councilor never loses an own Atlantean while a volunteer of theirs could go instead.
    A courage token that no longer has an Atlantean of its owner above it goes back to them.
    """
    st.occ[t].remove(q)
    if st.cour[t].count(q) > st.occ[t].count(q):
        st.cour[t].remove(q)
        st.courage[q] += 1
    if st.vol_active[q] > 0:
        st.vol_active[q] -= 1
        return True
    return False


def remove_from_game(st: RisingState, q: int) -> None:
    """One of ``q``'s stone Atlanteans sank: it leaves the game for good (never recruited again).

    Unlike Plague's loss (back to the supply), the piece is taken out of the box: a grey one
    never returns to the grey supply and a coloured one lowers how many of ``q``'s colour can
    ever be recruited.
    """
    if st.owned_grey[q]:
        st.owned_grey[q] -= 1
        st.grey_lost += 1
    else:
        st.owned_colour[q] -= 1
        st.stone_lost[q] += 1


def gain_volunteers(st: RisingState, p: int, k: int) -> None:
    st.vol_pool[p] += k
    st.home[p] += k
    st.emit(
        "volunteers_gained",
        lambda st=st, p=p, k=k: (
            f"{st.sentence_name(p)} gains {k} volunteer(s) for the next round.",
            {"player": p, "amount": k},
        ),
    )


def piece_names(st: RisingState, pieces: list[int]) -> str:
    parts = []
    vols = pieces.count(VOLUNTEER)
    if vols:
        parts.append(f"{vols} volunteer(s)")
    for q in sorted({x for x in pieces if x >= 0}):
        parts.append(f"{pieces.count(q)} of {st.player_name(q)}'s")
    return ", ".join(parts) or "nobody"


def spot(t: int) -> str:
    return SPOT_IDS[t]
