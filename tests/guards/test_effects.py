"""Every step of the effect vocabulary, each on a card made for the test."""

from __future__ import annotations

import pytest

from game.core.protocol import Action
from game.guards import combat, effects, rounds, turns, units
from tests.guards.helpers import add_minion, commit, do, finish_round, make_card, put, scene, use

A, B = 0, 1


def options(st, player=None):
    d = st.decision()
    return {a.get("option") for a in st.legal_actions(d.players[0] if player is None else player)}


def test_move_self_optional_goes_up_to_n_spaces_or_stays():
    st = scene((5, 0), (12, 0))
    cid = make_card("arien", "blue", "skill", [{"step": "move_self", "n": 2}], move=1)
    use(st, A, cid)
    opts = options(st)
    assert "skip" in opts and (7, 0) in opts and (8, 0) not in opts
    do(st, "choose", option=(7, 0))
    assert st.pos[A] == (7, 0)


def test_mandatory_straight_movement_must_be_made_in_full_or_the_card_cannot_act():
    st = scene((5, 0), (8, 0))
    cid = make_card(
        "arien",
        "blue",
        "skill",
        [{"step": "move_self", "n": 3, "straight": True, "mandatory": True}],
    )
    use(st, A, cid)
    opts = options(st)
    assert "skip" not in opts and (8, 0) not in opts  # Brogan blocks the road east
    assert all(effects.distance((5, 0), o) == 3 for o in opts)
    st2 = scene((0, 0), (1, 0), board="tiny")
    for hx in [(1, 1), (-1, 1), (0, 1)]:  # hem Arien in so no straight line is 3 long
        if hx in st2.geo.passable and hx not in st2.occ:
            add_minion(st2, 1, "melee", hx)
    c = effects.card(cid)
    assert not effects.feasible(st2, A, c)


def test_place_self_teleports_to_an_empty_space_within_range():
    st = scene((5, 0), (6, 0))
    cid = make_card("arien", "blue", "skill", [{"step": "place_self"}], range=2)
    use(st, A, cid)
    opts = options(st)
    assert (7, 0) in opts and (6, 0) not in opts and (8, 0) not in opts
    do(st, "choose", option=(7, 0))
    assert st.pos[A] == (7, 0)


def test_attack_in_range_only_in_a_straight_line_when_the_card_says_so():
    st = scene((5, 0), (8, 0))
    add_minion(st, 1, "melee", (6, 2))  # within 2, not on a line? (5,0)->(6,2): no
    cid = make_card(
        "arien",
        "red",
        "attack",
        [{"step": "attack", "target": "range", "straight": True}],
        attack=5,
        range=3,
    )
    use(st, A, cid)
    assert st.decision().kind == "defend"  # Brogan on the line is the only target
    assert st.pend[1] == B and st.pend[3] == 5


def test_an_area_attack_hits_every_unit_in_the_radius():
    st = scene((5, 0), (6, 0))
    m1 = add_minion(st, 1, "melee", (4, 0))
    m2 = add_minion(st, 1, "ranged", (5, 1))
    cid = make_card(
        "arien",
        "red",
        "attack",
        [{"step": "attack", "target": "radius", "who": "enemy"}],
        attack=4,
        radius=1,
    )
    use(st, A, cid)
    assert st.minions[m1][3] is None and st.decision().kind == "defend"  # Brogan defends ...
    do(st, "defend", card="red")
    assert st.minions[m2][3] is None and st.coins[A] == 4  # ... and the area attack goes on


def test_an_attack_bonus_counts_only_when_its_condition_holds():
    st = scene((5, 0), (6, 0))
    cid = make_card(
        "arien",
        "red",
        "attack",
        [{"step": "attack", "bonus": 2, "when": "target_isolated"}],
        attack=4,
    )
    use(st, A, cid)
    assert st.pend[3] == 6
    st2 = scene((5, 0), (6, 0))
    add_minion(st2, 1, "melee", (7, 0))  # Brogan is not alone
    use(st2, A, cid)
    assert st2.pend[3] == 4


def test_push_moves_the_target_straight_away_as_far_as_it_can():
    st = scene((5, 0), (6, 0))
    add_minion(st, 0, "melee", (9, 0))
    cid = make_card("arien", "blue", "skill", [{"step": "push", "n": 5}])
    use(st, A, cid)
    assert st.pos[B] == (8, 0)  # stopped by the minion: as far as possible


def test_pull_draws_the_target_towards_you():
    st = scene((5, 0), (9, 0))
    cid = make_card("arien", "blue", "skill", [{"step": "pull", "n": 2}], range=4)
    use(st, A, cid)
    assert st.pos[B] == (7, 0)
    st2 = scene((5, 0), (7, 0))
    use(st2, A, cid)
    assert st2.pos[B] == (6, 0)  # stops next to the puller


def test_a_heavy_minion_is_not_moved_while_others_of_its_team_stand():
    st = scene((5, 0), (12, 0))
    heavy = add_minion(st, 1, "heavy", (6, 0))
    cid = make_card("arien", "blue", "skill", [{"step": "push", "who": "enemy", "n": 2}])
    use(st, A, cid)
    assert st.minions[heavy][3] == (6, 0)


def test_swap_exchanges_places():
    st = scene((5, 0), (8, 0))
    cid = make_card("arien", "blue", "skill", [{"step": "swap", "who": "enemy_hero"}], range=3)
    use(st, A, cid)
    assert st.pos[A] == (8, 0) and st.pos[B] == (5, 0)


def test_discard_or_defeat_lets_the_target_choose_and_the_hold_card_never_counts():
    st = scene((5, 0), (6, 0))
    cid = make_card("arien", "blue", "skill", [{"step": "discard_or_defeat"}])
    use(st, A, cid)
    d = st.decision()
    assert d.kind == "defend" and d.players == (1,)
    assert {a["card"] for a in st.legal_actions(1)} == {"gold", "red", "blue", "green", ""}
    do(st, "defend", card="gold")
    assert st.pos[B] == (6, 0) and "gold" in st.out[B]
    st2 = scene((5, 0), (6, 0))
    st2.hand[B] = ("black",)
    use(st2, A, cid)
    assert st2.pos[B] is None


def test_defense_bonus_on_a_defense_card_and_as_an_aura():
    st = scene((5, 0), (6, 0))
    guard = make_card(
        "brogan",
        "green",
        "defense",
        [{"step": "defense_bonus", "n": 3, "when": "attacker_adjacent"}],
        defense=2,
    )
    from tests.guards.helpers import give

    give(st, B, guard)
    assert combat.defense_total(st, B, "green", A) == 5
    put(st, A, (4, 0))
    assert combat.defense_total(st, B, "green", A) == 2
    st2 = scene((5, 0), (6, 0))
    aura = make_card(
        "brogan",
        "blue",
        "skill",
        [{"step": "defense_bonus", "n": 1, "target": "radius"}],
        radius=2,
        keywords=["ongoing"],
    )
    use(st2, B, aura)
    assert combat.defense_total(st2, B, "red", A) == 7 + 1


def test_immune_heroes_cannot_be_targeted_by_enemy_attacks():
    st = scene((5, 0), (6, 0))
    shield = make_card(
        "brogan", "blue", "skill", [{"step": "immune", "what": "attacks"}], initiative=13
    )
    give_and_both(st, shield)
    assert st.decision().kind == "act" and st.prog["h"] == A  # Arien's basic attack has no target
    assert Action(0, "primary") not in st.legal_actions(0)
    assert effects.why_not(st, A, effects.card("arien_gold")) == (
        "Keen Edge: no unit to attack next to Arien."
    )


def give_and_both(st, shield):
    from tests.guards.helpers import give

    give(st, B, shield)
    commit(st, {A: "gold", B: "blue"})
    if st.decision().kind == "act" and st.prog["h"] == B:
        do(st, "primary")


def test_slow_and_no_fast_travel_hold_enemies_in_the_radius():
    st = scene((5, 0), (7, 0))
    cid = make_card(
        "arien",
        "green",
        "skill",
        [{"step": "slow", "max_move": 1}, {"step": "no_fast_travel"}],
        radius=2,
        keywords=["ongoing"],
        initiative=13,
    )
    use(st, A, cid)
    red = st.card_in(B, "red")
    assert max(effects.distance((7, 0), h) for h in turns.regular_moves(st, B, red)) == 1
    assert turns.fast_moves(st, B, red) == []
    put(st, B, (10, 0))  # out of the radius: free again
    assert max(effects.distance((10, 0), h) for h in turns.regular_moves(st, B, red)) == 2


def test_gain_and_steal_coins():
    st = scene((5, 0), (6, 0))
    st.coins[B] = 3
    cid = make_card(
        "arien", "blue", "skill", [{"step": "gain_coins", "n": 1}, {"step": "steal_coins", "n": 5}]
    )
    use(st, A, cid)
    assert st.coins[A] == 4 and st.coins[B] == 0


def test_magma_blocks_and_a_mine_makes_an_enemy_discard_or_fall():
    st = scene((5, 0), (9, 0))
    cid = make_card(
        "arien",
        "blue",
        "skill",
        [
            {"step": "place_tokens", "kind": "magma", "n": 1},
            {"step": "place_tokens", "kind": "mine", "n": 1},
        ],
        radius=2,
    )
    use(st, A, cid)
    do(st, "choose", option=(6, 0))
    do(st, "choose", option=(7, 0))
    assert st.tokens[(6, 0)][0] == "magma" and st.tokens[(7, 0)][0] == "mine"
    assert (6, 0) not in st.geo.reachable((5, 0), 1, units.blocked(st))
    assert combat.arrive(st, A) is False  # a friendly mine does nothing
    put(st, B, (7, 0))
    assert combat.arrive(st, B) and st.pend[0] == "discard"


def test_tokens_are_limited_to_the_supply_and_cleared_at_the_end_of_the_round():
    st = scene((5, 0), (12, 0))
    for hx in [(1, 1), (2, 1), (3, 1), (4, 1)]:
        st.tokens[hx] = ("mine", 0, A)
    cid = make_card(
        "arien", "blue", "skill", [{"step": "place_tokens", "kind": "mine", "n": 2}], radius=2
    )
    use(st, A, cid)
    assert st.prog is None and len(st.tokens) == 4  # the four mines of the box are out
    finish_round(st)
    assert st.round == 2 and st.tokens == {}


def test_retrieve_takes_a_played_card_back():
    st = scene((5, 0), (12, 0))
    st.hand[A] = ("black", "red", "blue", "green")
    st.out[A] = ("gold",)
    cid = make_card("arien", "blue", "skill", [{"step": "retrieve", "n": 1}])
    use(st, A, cid)
    assert options(st) == {"gold", "skip"}  # never the card now resolving
    do(st, "choose", option="gold")
    assert "gold" in st.hand[A]


def test_an_ongoing_aura_lasts_the_round_and_follows_its_hero():
    st = scene((5, 0), (7, 0))
    cid = make_card(
        "arien",
        "green",
        "skill",
        [{"step": "ongoing", "aura": "slow", "max_move": 0}],
        radius=1,
        initiative=13,
    )
    use(st, A, cid)
    red = st.card_in(B, "red")
    assert units.move_limit(st, B) is None  # two away: outside radius 1
    put(st, A, (6, 0))
    assert units.move_limit(st, B) == 0
    assert turns.regular_moves(st, B, red) == [(7, 0)]
    commit(st, {})  # turn 2
    assert units.move_limit(st, B) == 0 and st.turn >= 2


@pytest.mark.parametrize(
    ("kind", "check"),
    [
        ("stat", lambda st: units.icon(st, A, st.card_in(A, "gold"), "attack") == 5),
        ("ignore_minions", lambda st: combat.minion_modifier(st, A) == 0),
        ("keep_red", None),
        ("coins_per_round", None),
        ("minion_bounty", None),
        ("heavy_in_combat", lambda st: rounds.combat_counts(st, 0)[0] >= 1),
    ],
)
def test_every_passive_of_an_ultimate(kind, check):
    st = scene((5, 0), (12, 0))
    add_minion(st, 1, "melee", (6, 0))
    ult = make_card("arien", "ultimate", "passive", [{"step": "passive", "kind": kind, "n": 1}])
    st.hero_id[A] = "arien"
    from game.guards import cards

    hero = cards.heroes()["arien"]
    import dataclasses

    fake = dataclasses.replace(
        hero,
        id="arien",
        cards=tuple(c for c in hero.cards if c.colour != "ultimate") + (effects.card(ult),),
    )
    cards.heroes()["arien"] = fake
    try:
        st.ult[A] = True
        if check is not None:
            assert check(st)
        if kind == "keep_red":
            combat.defeat(st, A, B)
            assert "red" in st.hand[A] and st.red_lock[A] == 0
        if kind == "minion_bounty":
            combat.defeat_minion(st, -st.occ[(6, 0)] - 1, A)
            assert st.coins[A] == 3
        if kind == "coins_per_round":
            finish_round(st)
            assert st.coins[A] == 1
    finally:
        cards.heroes()["arien"] = hero


def test_a_dodge_beats_any_attack_when_its_condition_holds():
    st = scene((5, 0), (6, 0))
    from tests.guards.helpers import give

    dodge = make_card(
        "brogan", "green", "defense", [{"step": "dodge", "when": "attacker_adjacent"}], defense=1
    )
    give(st, B, dodge)
    assert combat.defense_total(st, B, "green", A) >= 1000
    assert "green" in combat.defending_cards(st, B, 50, A)
    put(st, A, (3, 0))
    assert combat.defense_total(st, B, "green", A) == 1  # not adjacent: just the value


def test_pay_coins_is_a_cost_without_which_the_action_cannot_be_chosen():
    st = scene((5, 0), (12, 0))
    cid = make_card(
        "arien",
        "blue",
        "skill",
        [{"step": "pay_coins", "n": 3}, {"step": "gain_coins", "n": 1}],
        move=1,
    )
    from tests.guards.helpers import give

    give(st, A, cid)
    commit(st, {A: "blue"})
    assert Action(0, "primary") not in st.legal_actions(0)
    st2 = scene((5, 0), (12, 0))
    st2.coins[A] = 4
    use(st2, A, cid)
    assert st2.coins[A] == 2


def test_immune_to_moves_still_throws_away_cards_but_immune_to_all_does_not():
    for what, shielded in (("moves", False), ("all", True)):
        st = scene((5, 0), (6, 0))
        st.auras.append((B, "immune", (("radius", 0), ("what", what)), "turn"))
        cid = make_card("arien", "blue", "skill", [{"step": "discard_or_defeat"}])
        use(st, A, cid)
        assert (st.pend is None) == shielded


def test_a_defense_retrieve_takes_back_a_played_card_but_not_one_still_to_resolve():
    st = scene((5, 0), (6, 0))
    from tests.guards.helpers import give

    guard = make_card(
        "brogan", "green", "defense", [{"step": "retrieve", "n": 2}], defense=9, initiative=1
    )
    give(st, B, guard)
    st.hand[B] = ("black", "red", "blue", "green")
    st.out[B] = ("gold",)
    use(st, A, "arien_gold", others={B: "red"})  # Brogan's red waits to resolve
    do(st, "defend", card="green")
    assert "gold" in st.hand[B] and "red" not in st.hand[B] and "red" in st.out[B]
