"""What must hold after every move of every Atlantis Rising game, with or without monsters.

The soak, the property tests and the conformance suite check it after every move
(``GameSpec.invariants``); a breach is :class:`~game.core.protocol.InvariantBroken`.
"""

from __future__ import annotations

from game.core.protocol import require
from game.rising.island import CAP, NUM_SPOTS, NUM_TILES, SUPPLY_LIMITS
from game.rising.knowledge import HAND_LIMIT
from game.rising.state import RisingState


def check(st: RisingState) -> None:
    """The base invariants, or the monsters module's when a monster is in play."""
    if st.monsters:
        check_monsters(st)
    else:
        check_base(st)


def check_base(st: RisingState) -> None:
    """The base game: every supply conserved, every Atlantean somewhere, nothing on sunk
    tiles, 40 knowledge and 58 misfortune cards, no hand over the limit but one waiting for
    its discard."""
    n = st.n
    for r, name in enumerate(("ore", "gold", "crystal", "atlantium")):
        require(
            st.res_supply[r] + sum(st.res[p][r] for p in range(n)) == SUPPLY_LIMITS[name], str(name)
        )
        require(st.res_supply[r] >= 0, "st.res_supply[r] >= 0")
    pooled = sum(k for f in st.stack if f[0] == "pool" for _, k in f[5])
    require(
        st.energy_supply + sum(st.energy) + pooled == SUPPLY_LIMITS["energy"],
        'st.energy_supply + sum(st.energy) + pooled == SUPPLY_LIMITS["energy"]',
    )
    require(
        min(st.energy) >= 0 and st.energy_supply >= 0,
        "min(st.energy) >= 0 and st.energy_supply >= 0",
    )
    on_board = sum(len(c) for c in st.cour)
    require(
        st.courage_supply + sum(st.courage) + on_board == SUPPLY_LIMITS["courage"],
        'st.courage_supply + sum(st.courage) + on_board == SUPPLY_LIMITS["courage"]',
    )
    require(
        st.barrier_supply + sum(st.barrier) == SUPPLY_LIMITS["barriers"],
        'st.barrier_supply + sum(st.barrier) == SUPPLY_LIMITS["barriers"]',
    )
    grey = st.grey_supply + sum(st.owned_grey) + st.grey_lost
    require(grey == SUPPLY_LIMITS["grey_atlanteans"], 'grey == SUPPLY_LIMITS["grey_atlanteans"]')
    for p in range(n):
        require(
            0 <= st.owned_colour[p] <= 6 - st.stone_lost[p],
            "0 <= st.owned_colour[p] <= 6 - st.stone_lost[p]",
        )
        placed = sum(o.count(p) for o in st.occ)
        require(
            st.home[p] + st.held[p] + placed == st.owned_colour[p] + st.owned_grey[p],
            "st.home[p] + st.held[p] + placed == st.owned_colour[p] + st.owned_grey[p]",
        )
        if st.phase in ("place", "misfortune", "late"):
            for t in range(NUM_SPOTS):
                require(
                    st.cour[t].count(p) <= st.occ[t].count(p),
                    "st.cour[t].count(p) <= st.occ[t].count(p)",
                )
    for t in range(NUM_TILES):
        if t % 6 < st.flooded[t // 6]:
            require(not st.occ[t] and not st.barrier[t], "not st.occ[t] and not st.barrier[t]")
    drawn = sum(len(f[2]) for f in st.stack if f[0] == "keep")
    cards = len(st.kdeck) + len(st.kdiscard) + sum(map(len, st.hand)) + drawn
    require(cards == 40, "cards == 40")
    require(len(st.mdeck) + len(st.mdiscard) == 58, "len(st.mdeck) + len(st.mdiscard) == 58")
    dec = st.decision()
    if dec is not None and dec.kind != "discard":
        # a hand over the limit is only ever waiting for its own discard: a card played in
        # that window (Merchant Caravan's gift, say) asks its question first, then the discard
        # goes on
        waiting = {f[1] for f in st.stack if f[0] == "discard"}
        over = [p for p, h in enumerate(st.hand) if len(h) > HAND_LIMIT]
        require(all(p in waiting for p in over), str((dec.kind, over, waiting)))


def check_monsters(st: RisingState) -> None:
    """Pieces conserved, stone counts against capacity, nothing on sunk tiles."""
    n = st.n
    for p in range(n):
        placed = sum(o.count(p) for o in st.occ)
        petrified = sum(x.count(p) for x in st.petr)
        held = st.home[p] + st.held[p] + placed + petrified + st.captives.count(p)
        owned = st.owned_colour[p] + st.owned_grey[p] + st.vol_pool[p] + st.vol_active[p]
        require(held == owned, str((p, held, owned)))
        require(
            min(st.home[p], st.vol_pool[p], st.vol_active[p]) >= 0,
            "min(st.home[p], st.vol_pool[p], st.vol_active[p]) >= 0",
        )
    require(
        st.grey_supply + sum(st.owned_grey) + st.grey_lost == SUPPLY_LIMITS["grey_atlanteans"],
        'st.grey_supply + sum(st.owned_grey) + st.grey_lost == SUPPLY_LIMITS["grey_atlanteans"]',
    )
    for r, name in enumerate(("ore", "gold", "crystal", "atlantium")):
        require(
            st.res_supply[r] + sum(st.res[p][r] for p in range(n)) == SUPPLY_LIMITS[name],
            "st.res_supply[r] + sum(st.res[p][r] for p in range(n)) == SUPPLY_LIMITS[name]",
        )
    pooled = sum(k for f in st.stack if f[0] == "pool" for _, k in f[5])
    require(
        st.energy_supply + sum(st.energy) + pooled == SUPPLY_LIMITS["energy"],
        'st.energy_supply + sum(st.energy) + pooled == SUPPLY_LIMITS["energy"]',
    )
    over = 0
    for t in range(NUM_TILES):
        if t % 6 < st.flooded[t // 6]:
            require(not st.occ[t] and not st.petr[t], "not st.occ[t] and not st.petr[t]")
        over += max(0, len(st.occ[t]) + len(st.petr[t]) - CAP[t])
    # a full tile only takes more through the once-a-turn allowances; Medusa's volunteers
    # only ever fill empty rings
    require(over <= sum(st.extra_used) + 2 * st.n, "over <= sum(st.extra_used) + 2 * st.n")
    if st.medusa >= 0:
        require(
            st.medusa >= NUM_TILES or st.medusa % 6 >= st.flooded[st.medusa // 6],
            "st.medusa >= NUM_TILES or st.medusa % 6 >= st.flooded[st.medusa // 6]",
        )
    if st.harpies >= 0:
        require(
            st.harpies >= NUM_TILES or st.harpies % 6 >= st.flooded[st.harpies // 6],
            "st.harpies >= NUM_TILES or st.harpies % 6 >= st.flooded[st.harpies // 6]",
        )
    from game.rising.monsters import describe

    describe(st)  # always drawable
