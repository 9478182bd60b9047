"""The end of a round: minion combat, retrieving the cards, levelling up, tokens removed.

Levelling: level k costs k coins; a hero takes one of the two next-tier cards of a colour at
its lowest tier (the other becomes an item), all three colours to tier II before tier III,
then the Ultimate; Wuk and Hanu have one card per step, no items and stop at level 6.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.guards import combat, units, words
from game.guards.cards import COLOURS, LEVELLED, card

if TYPE_CHECKING:
    from game.guards.state import GuardsState


def begin_turn(st: GuardsState, turn: int) -> None:
    st.turn = turn
    st.phase = "play"
    st.commit = [None] * len(st.hero_id)


def combat_counts(st: GuardsState, lane: int) -> list[int]:
    counts = [units.lane_count(st, lane, t) for t in (0, 1)]
    zone = st.geo.lanes[lane][st.battle[lane]]
    for h in st.heroes:
        p = st.pos[h]
        if (
            p is not None
            and st.geo.zone_of[p] == zone
            and units.has_passive(st, h, "heavy_in_combat")
        ):
            counts[st.team_of[h]] += 1
    return counts


def combat_options(st: GuardsState, lane: int) -> tuple[int, tuple[Any, ...]]:
    """(losing team or -1, the minions it may remove, as their spaces)."""
    a, b = combat_counts(st, lane)
    if a == b:
        return -1, ()
    team = 0 if a < b else 1
    opts = tuple(
        p for i, (ln, t, _, p) in enumerate(st.minions)
        if ln == lane and t == team and p is not None and not units.heavy_shielded(st, i)
    )  # fmt: skip
    return team, opts


def minion_combat(st: GuardsState) -> bool:
    """Minion combat lane by lane; False while a team must choose which minion it removes."""
    while st.combat_lanes and st.winner is None:
        lane = st.combat_lanes[0]
        team, opts = combat_options(st, lane)
        if len(opts) > 1:
            return False
        st.combat_lanes = st.combat_lanes[1:]
        if opts:
            remove_minion(st, lane, opts[0])
    if st.winner is not None:
        return True
    retrieve_all(st)
    st.phase = "level"
    st.level_queue = tuple(st.heroes)
    return True


def remove_minion(st: GuardsState, lane: int, at: Any) -> None:
    code = st.occ[at]
    m = -code - 1
    _, team, kind, _ = st.minions[m]
    del st.occ[at]
    st.minions[m] = (lane, team, kind, None)
    st.emit(
        "outnumbered",
        lambda st=st, lane=lane, team=team, at=at, kind=kind: (
            f"The {st.team_name(team)} are outnumbered and lose a {kind} minion.",
            {"lane": lane, "team": team, "at": at},
        ),
    )
    combat.check_push(st, lane)


def retrieve_all(st: GuardsState) -> None:
    nxt = st.round + 1
    for h in st.heroes:
        st.hand[h] = tuple(c for c in COLOURS if not (c == "red" and st.red_lock[h] == nxt))
        st.out[h] = ()


def level_choices(st: GuardsState, h: int) -> tuple[str, ...]:
    """The cards hero ``h`` may take with its next level-up (empty: it cannot level now)."""
    hero = st.hero_def(h)
    cost = st.level[h] + 1
    if st.level[h] >= hero.max_level or st.coins[h] < cost:
        return ()
    tiers = {col: st.card_in(h, col).tier for col in LEVELLED}
    low = min(tiers.values())
    out: list[str] = []
    if low < 3:
        for col in LEVELLED:
            if tiers[col] == low:
                out.extend(c.id for c in hero.card(col, low + 1))
    if not out and low == 3 and hero.ultimate is not None and not st.ult[h]:
        out.append(hero.ultimate.id)
    return tuple(out)


def level_next(st: GuardsState) -> bool:
    """True while the first hero of the levelling queue has a choice to make."""
    while st.level_queue:
        if level_choices(st, st.level_queue[0]):
            return True
        st.level_queue = st.level_queue[1:]
    return False


def level_up(st: GuardsState, h: int, cid: str) -> None:
    hero = st.hero_def(h)
    c = card(cid)
    st.coins[h] -= st.level[h] + 1
    st.level[h] += 1
    if c.colour == "ultimate":
        st.ult[h] = True
    else:
        idx = COLOURS.index(c.colour)
        slots = list(st.slots[h])
        slots[idx] = cid
        st.slots[h] = tuple(slots)
        if hero.items:
            other = next(x for x in hero.card(c.colour, c.tier) if x.id != cid)
            st.items[h] = (*st.items[h], other.item)
    st.emit(
        "level",
        lambda st=st, h=h, cid=cid, c=c: (
            f"{st.hero_name(h)} reaches level {st.level[h]} and takes {c.name}.",
            {"hero": h, "card": cid, "level": st.level[h]},
        ),
    )


def new_round(st: GuardsState) -> None:
    st.tokens = {}
    st.auras = []
    for h in st.heroes:
        n = units.passive_n(st, h, "coins_per_round") if st.pos[h] is not None else 0
        if n:
            st.coins[h] += n
            st.emit(
                "coins",
                lambda st=st, h=h, n=n: (
                    f"{st.hero_name(h)} gains {words.count(n, 'coin')} "
                    f"({st.hero_def(h).ultimate.name}, at the start of the round).",
                    {"hero": h, "n": n},
                ),
            )
    if st.round >= st.max_rounds:
        st.win(round_cap_winner(st), "round limit")
        return
    st.round += 1
    begin_turn(st, 1)


def round_cap_winner(st: GuardsState) -> int:
    """After the last round: the team whose battle zones stand further towards the enemy
    throne, then more towers (pushes); a tie is a draw (-1)."""
    ahead = 0
    for lane, zones in enumerate(st.geo.lanes):
        ahead += st.battle[lane] - len(zones) // 2  # >0: pushed towards the Atlanteans
    if ahead == 0:
        ahead = st.towers[0] - st.towers[1]
    return 0 if ahead > 0 else 1 if ahead < 0 else -1
