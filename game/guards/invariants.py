"""What must hold after every move of every Guards game: one unit per space and never on rock,
the occupancy table true, each hero's five cards between hand and discard, levels and items
that fit, minions on the board. The soak, the property tests and the conformance suite check
it after every move (``GameSpec.invariants``); a breach is :class:`InvariantBroken`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.protocol import require

if TYPE_CHECKING:
    from game.guards.state import GuardsState


def check(st: GuardsState) -> None:
    """What must hold after every move of every game."""
    geo = st.geo
    seen = {}
    if st.phase != "select":
        require(0 in st.seat_team and 1 in st.seat_team, "a team without a seat")
        require(abs(st.seat_team.count(0) - st.seat_team.count(1)) <= 1, "uneven teams")
    for h in st.heroes:
        p = st.pos[h]
        if p is not None:
            require(p in geo.passable, f"{st.hero_name(h)} on a mountain or off the board")
            require(p not in seen, "two units share a space")
            seen[p] = h
            require(st.occ.get(p) == h, "st.occ.get(p) == h")
        require(st.coins[h] >= 0, "negative coins")
        hand, out = set(st.hand[h]), set(st.out[h])
        require(not hand & out, "a card both in hand and out")
        require(
            len(st.hand[h]) == len(hand) and len(st.out[h]) == len(out),
            "len(st.hand[h]) == len(hand) and len(st.out[h]) == len(out)",
        )
        if st.phase in ("select", "place"):
            continue
        five = {"gold", "black", "red", "blue", "green"}
        # a red card on the Turn 1 slot is out until the end-of-round retrieval after it
        lock = st.red_lock[h]
        locked = lock == st.round + 1 or (lock == st.round and st.phase != "level")
        expected = five - ({"red"} if locked else set())
        if st.phase != "over":  # a game may end before or after the retrieval
            require(hand | out == expected, f"{st.hero_name(h)}'s cards: {hand} + {out}")
        if st.commit[h] is not None and st.phase == "play":
            require(st.commit[h] in hand, "a face-down card left the hand before the reveal")
        hero = st.hero_def(h)
        require(1 <= st.level[h] <= hero.max_level, "1 <= st.level[h] <= hero.max_level")
        require(
            len(st.items[h])
            == (
                0
                if not hero.items
                else sum(st.card_in(h, c).tier - 1 for c in ("red", "blue", "green"))
            ),
            'len(st.items[h]) == (\n            0\n            if not hero.items\n            else sum(st.card_in(h, c).tier - 1 for c in ("red", "blue", "green"))\n        )',
        )
    for i, (_lane, _team, _kind, p) in enumerate(st.minions):
        if p is not None:
            require(p in geo.passable and p not in seen, "a minion shares a space or sits on rock")
            seen[p] = -i - 1
            require(st.occ.get(p) == -i - 1, "st.occ.get(p) == -i - 1")
    require(len(seen) == len(st.occ), "the occupancy table lies")
    for hx in st.tokens:
        require(hx in geo.passable, "hx in geo.passable")
    require(
        all(0 < b < len(z) - 1 for b, z in zip(st.battle, geo.lanes, strict=True))
        or (st.winner is not None),
        "all(0 < b < len(z) - 1 for b, z in zip(st.battle, geo.lanes, strict=True)) or (\n        st.winner is not None\n    )",
    )
    if st.tie is not None:
        require(len(st.tie) >= 2, "len(st.tie) >= 2")
