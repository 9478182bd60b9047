"""Mines and sea monsters: what stops a move, what a hit costs, how monsters hunt.

Pure rules on the state's plain fields (``pos``, ``mines``, ``monsters``, hands); the state
records and announces what happens through ``state.note``. Everything random comes from
``state.rng``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.finding.cards import CAPTAIN_CARD, SURFACE
from game.finding.ocean import Cell, neighbours8, xy

if TYPE_CHECKING:
    from game.finding.state import FindingState


def king(size: int, a: Cell, b: Cell) -> int:
    """Steps between two cells when a diagonal step counts as one."""
    ax, ay = xy(size, a)
    bx, by = xy(size, b)
    return max(abs(ax - bx), abs(ay - by))


def hazards_at(st: FindingState, mover: int, cell: Cell) -> tuple[list[int], bool]:
    """The owners of other seats' mines on ``cell``, and whether a sea monster is there.

    A seat's own mine is harmless to it and does not stop it.
    """
    owners = [q for q, m in enumerate(st.mines) if m == cell and q != mover] if st.pirate else []
    return owners, cell in st.monsters


def mine_hit(st: FindingState, victim: int, owner: int) -> None:
    """``victim`` ran into ``owner``'s mine: the mine is gone and the victim pays.

    An unused artifact from hand goes to the owner, else a used one (a trophy), else up to two
    action cards from hand are discarded (never Surface), else nothing.
    """
    cell = st.mines[owner]
    st.mines[owner] = None
    st.note(victim, "mine_hit", owner=owner)
    st.note(victim, "mine_hit_place", at=cell, to=(owner,), owner=owner)
    rng = st.rng
    if st.arts[victim]:
        arts = list(st.arts[victim])
        name = arts.pop(rng.randrange(len(arts)))
        st.arts[victim] = tuple(arts)
        st.arts[owner] = tuple(sorted((*st.arts[owner], name)))
        st.note(victim, "loot", owner=owner, took="artifact")
        st.note(victim, "loot_card", to=(owner, victim), owner=owner, name=name)
        return
    if st.used[victim]:
        used = list(st.used[victim])
        name = used.pop(rng.randrange(len(used)))
        st.used[victim] = tuple(used)
        st.used[owner] = (*st.used[owner], name)
        st.note(victim, "loot", owner=owner, took="trophy", name=name)
        return
    pool = [c for c in st.hand[victim] if c != SURFACE]
    lost = []
    for _ in range(min(2, len(pool))):
        lost.append(pool.pop(rng.randrange(len(pool))))
    if lost:
        st.hand[victim] = tuple(c for c in st.hand[victim] if c not in lost)
    st.note(victim, "loot", owner=owner, took="cards", cards=tuple(lost))


def attack(st: FindingState, victim: int, how: str) -> None:
    """A sea monster attacks ``victim``: one random card from hand is discarded (never
    Surface, never an artifact; the captain may go). On a move, the turn ends too."""
    pool = [c for c in st.hand[victim] if c != SURFACE]
    if st.cap_ready[victim]:
        pool.append(CAPTAIN_CARD)
    lost = pool[st.rng.randrange(len(pool))] if pool else None
    if lost == CAPTAIN_CARD:
        st.cap_ready[victim] = False
        st.show_captain(victim)
    elif lost is not None:
        st.hand[victim] = tuple(c for c in st.hand[victim] if c != lost)
    if how == "move" and st.phase == "play" and st.seat == victim:
        st.acts = 0
    st.note(victim, "attack", how=how, card=lost or "")


def enter(st: FindingState, mover: int, cell: Cell) -> bool:
    """``mover`` has just entered ``cell``: spring mines and monsters; True if it stops there."""
    owners, monster = hazards_at(st, mover, cell)
    for owner in owners:
        mine_hit(st, mover, owner)
    if monster:
        attack(st, mover, "move")
    return bool(owners) or monster


def stops_at(st: FindingState, mover: int, cell: Cell) -> bool:
    owners, monster = hazards_at(st, mover, cell)
    return bool(owners) or monster


def nearest(st: FindingState, origin: Cell, targets: list[Cell]) -> int | None:
    """Index of the target nearest to ``origin`` (king steps; ties broken by the rng)."""
    if not targets:
        return None
    dists = [king(st.size, origin, t) for t in targets]
    best = min(dists)
    ties = [i for i, d in enumerate(dists) if d == best]
    return ties[st.rng.randrange(len(ties))] if len(ties) > 1 else ties[0]


def hunt(st: FindingState) -> None:
    """End of a round with hunting monsters: each moves one space towards the nearest
    submarine (true positions, ties by the rng) and attacks every submarine it moves onto."""
    size = st.size
    subs = [p for p in range(st.n) if st.pos[p] is not None]
    cells = [st.pos[p] for p in subs]
    for i, m in enumerate(st.monsters):
        t = nearest(st, m, cells)  # type: ignore[arg-type]
        if t is None:
            continue
        goal = cells[t]
        here = king(size, m, goal)  # type: ignore[arg-type]
        if here == 0:
            continue
        options = [c for c in neighbours8(size, m) if king(size, c, goal) < here]  # type: ignore[arg-type]
        nxt = options[st.rng.randrange(len(options))] if len(options) > 1 else options[0]
        st.monsters[i] = nxt
        for p in subs:
            if st.pos[p] == nxt:
                attack(st, p, "hunt")
