"""Every card of Arien and Brogan does what its text says (one check per card)."""

from __future__ import annotations

import pytest

from game.core.protocol import Action
from game.guards import combat, effects, rounds, turns, units
from game.guards.cards import card, heroes
from tests.guards.helpers import add_minion, commit, do, give, put, scene, use

A, B = 0, 1


def pend_value(st):
    assert st.pend is not None and st.pend[0] == "attack", st.pend
    return st.pend[3]


def choices(st):
    d = st.decision()
    return {a.get("option") for a in st.legal_actions(d.players[0])}


# --- Arien ------------------------------------------------------------------------------------
def arien_gold():
    st = scene((5, 0), (6, 0))
    use(st, A, "arien_gold")
    assert pend_value(st) == 4


def hold(hero):
    def check():
        st = scene((5, 0), (6, 0))
        commit(st, {A: "black", B: "black"})
        assert st.turn == 2 and "black" in st.out[hero]
        st.hand[B] = ("black", "gold")
        use(st, A, "arien_gold")
        assert "black" not in {a["card"] for a in st.legal_actions(1)}

    return check


def riptide(card_id, n, defend_with):
    def check():
        st = scene((5, 0), (6, 0))
        if defend_with == "green":
            give(st, B, "brogan_green2a")  # Stone Skin, defense 8
        use(st, A, card_id)
        do(st, "defend", card=defend_with)
        assert st.pos[B] == (6 + n, 0)

    return check


def arien_red2b():
    st = scene((5, 0), (7, 0))
    use(st, A, "arien_red2b")
    assert pend_value(st) == 4
    st2 = scene((5, 0), (6, 1))  # two away, but off the six lines: nothing to aim at
    commit(st2, {A: give(st2, A, "arien_red2b")})
    assert st2.pend is None and Action(A, "primary") not in st2.legal_actions(A)
    assert effects.why_not(st2, A, card("arien_red2b")) == (
        "Wave Lance: no unit to attack within 2 of Arien in a straight line."
    )


def arien_red3b():
    st = scene((5, 0), (8, 0))
    use(st, A, "arien_red3b")
    assert pend_value(st) == 6  # 5, +1 as Brogan stands alone
    st2 = scene((5, 0), (8, 0))
    add_minion(st2, 1, "melee", (9, 0))
    use(st2, A, "arien_red3b")
    assert pend_value(st2) == 5


def teleport(card_id, r, coins=0):
    def check():
        st = scene((5, 0), (12, 0))
        use(st, A, card_id)
        opts = choices(st)
        assert opts and max(effects.distance((5, 0), o) for o in opts) == r
        do(st, "choose", option=(5 + r, 0))
        assert st.pos[A] == (5 + r, 0) and st.coins[A] == coins

    return check


def pull(card_id, start, end):
    def check():
        st = scene((5, 0), start)
        use(st, A, card_id)
        assert st.pos[B] == end

    return check


def slow(card_id, radius, cap, no_ft):
    def check():
        st = scene((4, 0), (4 + radius, 0))  # Arien on the shore, Brogan in the middle
        use(st, A, card_id, others={})
        red = st.card_in(B, "red")
        reach = max(effects.distance(st.pos[B], h) for h in turns.regular_moves(st, B, red))
        assert reach == cap
        assert (turns.fast_moves(st, B, red) == []) == no_ft
        assert any(a[3] == "round" for a in st.auras)  # ongoing: the whole round

    return check


def arien_green2b():
    st = scene((5, 0), (6, 0))
    give(st, A, "arien_green2b")
    assert combat.defense_total(st, A, "green", B) == 7
    put(st, B, (8, 0))
    assert combat.defense_total(st, A, "green", B) == 5


def arien_green3b():
    st = scene((5, 0), (6, 0))
    give(st, A, "arien_green3b")
    use(st, B, "brogan_gold", others={A: "red"})  # Arien's red (8) resolves after Brogan (9)
    do(st, "defend", card="green")  # 6 + 1 against 6
    assert st.prog["h"] == A and units.immune(st, A, "attacks", B)


def arien_ultimate():
    st = scene((5, 0), (12, 0))
    add_minion(st, 1, "melee", (6, 0))
    st.ult[A] = True
    assert combat.minion_modifier(st, A) == 0
    assert units.icon(st, A, st.card_in(A, "gold"), "attack") == 5


# --- Brogan -----------------------------------------------------------------------------------
def brogan_gold():
    st = scene((5, 0), (6, 0))
    use(st, B, "brogan_gold")
    assert pend_value(st) == 6


def charge(card_id, n, value):
    def check():
        st = scene((5, 0), (6 + n, 0))
        use(st, B, card_id)
        opts = choices(st)
        assert all(effects.distance((6 + n, 0), o) == n for o in opts) and (6, 0) in opts
        events = do(st, "choose", option=(6, 0))
        hits = [e.data["value"] for e in events if e.kind == "attack" and "value" in e.data]
        assert st.pos[B] == (6, 0) and hits == [value]

    return check


def ranged(card_id, r, value):
    def check():
        st = scene((5, 0), (5 + r, 0))
        use(st, B, card_id)
        assert pend_value(st) == value

    return check


def shove(card_id, n):
    def check():
        st = scene((5, 0), (6, 0))
        use(st, B, card_id)
        assert st.pos[A] == (5 - n, 0)

    return check


def brogan_blue2b():
    st = scene((5, 0), (6, 0))
    use(st, B, "brogan_blue2b")
    assert st.pend[0] == "discard" and st.pend[1] == A
    do(st, "defend", card="red")
    assert "red" in st.out[A] and st.pos[A] == (5, 0)


def brogan_blue3a():
    st = scene((5, 0), (6, 0))
    m = add_minion(st, 0, "melee", (7, 0))
    use(st, B, "brogan_blue3a")
    assert st.pos[A] == (4, 0) and st.minions[m][3] == (8, 0)


def brogan_blue3b():
    st = scene((5, 0), (7, 0))
    use(st, B, "brogan_blue3b")
    assert st.pos[A] == (6, 0) and st.pend[0] == "discard"


def hide(card_id, base):
    def check():
        st = scene((5, 0), (6, 0))
        give(st, B, card_id)
        assert combat.defense_total(st, B, "green", A) == base
        add_minion(st, 1, "melee", (7, 0))
        assert combat.defense_total(st, B, "green", A) == base + 1 + 1  # the card, the minion

    return check


def cry(card_id, coins):
    def check():
        st = scene((5, 0), (6, 0))
        use(st, B, card_id)
        assert combat.defense_total(st, B, "red", A) == 8 and st.coins[B] == coins
        assert any(a[1] == "defense_bonus" and a[3] == "round" for a in st.auras)

    return check


def brogan_green3a():
    st = scene((5, 0), (6, 0))
    give(st, B, "brogan_green3a")
    use(st, A, "arien_gold", others={B: "gold"})
    do(st, "defend", card="green")
    assert st.prog["h"] == B and units.immune(st, B, "moves", A)


def brogan_ultimate():
    st = scene((5, 0), (7, 0))
    st.ult[B] = True
    assert units.icon(st, B, st.card_in(B, "red"), "defense") == 8
    assert rounds.combat_counts(st, 0) == [1, 2]


CHECKS = {
    "arien_gold": arien_gold,
    "arien_hold": hold(A),
    "arien_red1": riptide("arien_red1", 1, "red"),
    "arien_red2a": riptide("arien_red2a", 2, "red"),
    "arien_red2b": arien_red2b,
    "arien_red3a": riptide("arien_red3a", 3, "green"),
    "arien_red3b": arien_red3b,
    "arien_blue1": teleport("arien_blue1", 3),
    "arien_blue2a": teleport("arien_blue2a", 3),
    "arien_blue2b": pull("arien_blue2b", (8, 0), (6, 0)),
    "arien_blue3a": teleport("arien_blue3a", 4, coins=1),
    "arien_blue3b": pull("arien_blue3b", (8, 0), (6, 0)),
    "arien_green1": slow("arien_green1", 2, 1, False),
    "arien_green2a": slow("arien_green2a", 2, 1, True),
    "arien_green2b": arien_green2b,
    "arien_green3a": slow("arien_green3a", 3, 0, True),
    "arien_green3b": arien_green3b,
    "arien_ultimate": arien_ultimate,
    "brogan_gold": brogan_gold,
    "brogan_hold": hold(B),
    "brogan_red1": charge("brogan_red1", 2, 6),
    "brogan_red2a": charge("brogan_red2a", 3, 7),
    "brogan_red2b": ranged("brogan_red2b", 2, 4),
    "brogan_red3a": charge("brogan_red3a", 3, 9),
    "brogan_red3b": ranged("brogan_red3b", 3, 5),
    "brogan_blue1": shove("brogan_blue1", 2),
    "brogan_blue2a": shove("brogan_blue2a", 3),
    "brogan_blue2b": brogan_blue2b,
    "brogan_blue3a": brogan_blue3a,
    "brogan_blue3b": brogan_blue3b,
    "brogan_green1": hide("brogan_green1", 7),
    "brogan_green2a": hide("brogan_green2a", 8),
    "brogan_green2b": cry("brogan_green2b", 0),
    "brogan_green3a": brogan_green3a,
    "brogan_green3b": cry("brogan_green3b", 1),
    "brogan_ultimate": brogan_ultimate,
}


def test_every_card_of_arien_and_brogan_has_a_check():
    ids = {c.id for hid in ("arien", "brogan") for c in heroes()[hid].cards}
    assert set(CHECKS) == ids


@pytest.mark.parametrize("card_id", sorted(CHECKS))
def test_card(card_id):
    CHECKS[card_id]()
