"""A card's own action is offered only when it can change something (effects.why_not).

Scripted positions for every kind of step (attack, push, pull, swap, discard, steal, costs,
mandatory movement, self movement, tokens, auras, cards that never act), every card of the
data answered, and a property over random positions: when ``why_not`` gives no reason some
way of playing the action out changes the game, and when it gives one no way does.
"""

from __future__ import annotations

import random

import pytest

from game.core.protocol import Action
from game.guards import effects, turns
from game.guards.cards import card, heroes
from game.guards.setup import new_game
from tests.guards.helpers import add_minion, commit, give, put, random_action, scene, to_play

A, B = 0, 1


def reason(st, h: int, card_id: str) -> str | None:
    return effects.why_not(st, h, card(card_id))


def offered(st, h: int, card_id: str) -> bool:
    """Hero h plays card_id (the other holds): is "use the card" among the legal actions?"""
    commit(st, {h: give(st, h, card_id)})
    assert st.decision().kind == "act" and st.prog["h"] == h
    return Action(st.seat_of[h], "primary") in st.legal_actions(st.seat_of[h])


def test_sting_with_nobody_adjacent_is_not_offered_and_says_why():
    st = scene((5, 0), (9, 0))
    assert reason(st, A, "wasp_gold") == "Sting: no unit to attack next to Arien."
    assert not offered(st, A, "wasp_gold")


def test_sting_with_an_enemy_adjacent_is_offered():
    st = scene((5, 0), (6, 0))
    assert reason(st, A, "wasp_gold") is None
    assert offered(st, A, "wasp_gold")


def test_attacking_only_ones_own_minion_counts_as_an_effect():
    """The rulebook lets a hero attack a friendly minion (no coins for it): it is an effect,
    so the action stays offered; the board marks such a target and asks first."""
    st = scene((5, 0), (9, 0))
    add_minion(st, 0, "melee", (6, 0))  # Arien's own
    assert reason(st, A, "arien_gold") is None


def test_a_shielded_heavy_is_no_target():
    st = scene((5, 0), (9, 0))
    add_minion(st, 1, "melee", (1, 3))  # another of its lane: the heavy is shielded
    add_minion(st, 1, "heavy", (6, 0))
    assert reason(st, A, "arien_gold") == "Keen Edge: no unit to attack next to Arien."


def test_a_ranged_straight_attack_needs_a_unit_on_one_of_the_six_lines():
    st = scene((5, 0), (6, 1))
    assert reason(st, A, "arien_red2b") is not None
    st = scene((5, 0), (7, 0))
    assert reason(st, A, "arien_red2b") is None


@pytest.mark.parametrize(
    ("card_id", "said", "team", "at"),
    [  # an area attack on enemy minions ignores the hero next to it; a swap needs its kind
        ("dodger_red2b", "Grave Burst: no enemy minion to attack within 2 of Arien.", 1, (5, 1)),
        ("sabina_blue3b", "Swap Ranks: no friendly minion within 4 of Arien to trade places "
         "with.", 0, (7, 0)),
    ],
)  # fmt: skip
def test_a_step_for_minions_of_one_side_needs_one_of_them(card_id, said, team, at):
    st = scene((5, 0), (6, 0))
    assert reason(st, A, card_id) == said
    add_minion(st, team, "ranged", at)
    assert reason(st, A, card_id) is None


def test_drag_current_needs_an_enemy_hero_in_line_that_can_come_closer():
    st = scene((5, 0), (9, 0))  # four away: out of range 3
    assert reason(st, A, "arien_blue2b") == (
        "Drag Current: no enemy hero within 3 of Arien in a straight line that can be pulled."
    )
    assert not offered(st, A, "arien_blue2b")
    st = scene((5, 0), (6, 0))  # adjacent: nowhere closer to go
    assert reason(st, A, "arien_blue2b") is not None
    st = scene((5, 0), (8, 0))
    assert reason(st, A, "arien_blue2b") is None


def test_a_push_needs_room_behind_the_target():
    st = scene((5, 0), (6, 0))
    assert reason(st, A, "brogan_blue1") is None
    add_minion(st, 0, "melee", (7, 0))  # right behind Brogan
    assert reason(st, A, "brogan_blue1") == "Shove: no enemy next to Arien that can be pushed."


def test_a_pull_then_discard_works_on_an_adjacent_hero_through_its_second_step():
    st = scene((5, 0), (6, 0))  # Crushing Grip: the pull moves nobody, the discard still bites
    assert reason(st, A, "brogan_blue3b") is None
    st = scene((5, 0), (9, 0))
    assert reason(st, A, "brogan_blue3b") is not None


def test_discard_or_defeat_needs_an_enemy_hero_in_reach():
    st = scene((5, 0), (9, 0))
    assert reason(st, A, "brogan_blue2b") == "Rattle: no enemy hero next to Arien."
    st = scene((5, 0), (6, 0))
    assert reason(st, A, "brogan_blue2b") is None


def test_stealing_needs_an_enemy_hero_with_coins():
    st = scene((5, 0), (6, 0))
    st.coins[B] = 0
    assert reason(st, A, "tigerclaw_green1") == (
        "Light Fingers: no enemy hero with coins next to Arien."
    )
    st.coins[B] = 2
    assert reason(st, A, "tigerclaw_green1") is None


def test_a_cost_must_be_paid_and_paying_alone_is_no_effect():
    st = scene((5, 0), (7, 0))
    st.coins[A] = 2
    assert reason(st, A, "tigerclaw_red3a") == "Hired Ballista: it costs 3 coins and Arien has 2."
    st.coins[A] = 3
    assert reason(st, A, "tigerclaw_red3a") is None
    st = scene((5, 0), (12, 0))
    st.coins[A] = 3
    assert reason(st, A, "tigerclaw_red3a") is not None  # nobody in range: the coins stay


def test_a_mandatory_charge_must_be_possible():
    st = scene((0, 0), (12, 0), board="tiny")
    for hx in [(1, 0), (1, 1), (-1, 1), (0, 1)]:  # hem Arien in
        if hx in st.geo.passable and hx not in st.occ:
            add_minion(st, 1, "melee", hx)
    got = reason(st, A, "brogan_red1")
    assert got == "Mad Dash: Arien cannot move exactly 2 spaces in a straight line."


def test_self_movement_teleports_tokens_coins_and_auras_always_act_in_the_open():
    st = scene((5, 0), (9, 0))
    for cid in ("hanu_gold", "arien_blue1", "min_blue1", "ignatia_blue1", "sabina_green2b",
                "arien_green1", "wasp_green2b", "dodger_green2b"):  # fmt: skip
        assert reason(st, A, cid) is None, cid


def test_tokens_need_a_supply_left():
    st = scene((5, 0), (9, 0))
    spots = [hx for hx in st.geo.passable if hx not in st.occ][:4]
    for hx in spots:
        st.tokens[hx] = ("mine", 0, A)
    assert reason(st, A, "min_blue1") == (
        "Trip Mine: no mine token left to place, or no empty space within 2 of Arien."
    )


def test_taking_a_card_back_needs_a_played_card():
    st = scene((5, 0), (9, 0))
    st.out[A] = ()
    c = effects.card("dodger_green2b")  # Dark Tithe: coins (always) and a card back
    assert effects.PROBES["retrieve"][0](st, A, c, c.effect[1], ())[0] is False
    st.out[A] = ("red",)
    assert effects.PROBES["retrieve"][0](st, A, c, c.effect[1], ())[0] is True


def test_cards_that_never_act_say_so():
    st = scene((5, 0), (6, 0))
    assert reason(st, A, "brogan_hold") == "Hold only skips the turn."
    defence = next(c for h in heroes().values() for c in h.cards if c.primary == "defense")
    assert effects.why_not(st, A, defence) == (
        f"{defence.name} works only when it is thrown away to defend."
    )


def test_every_step_of_the_vocabulary_has_a_probe():
    from game.guards.steps import SPECS

    assert set(effects.PROBES) == set(SPECS)


@pytest.mark.parametrize("hero_id", sorted(heroes()))
def test_every_card_of_the_data_gets_an_answer_named_after_it(hero_id):
    for where in (((5, 0), (6, 0)), ((5, 0), (12, 0))):
        st = scene(*where)
        for c in heroes()[hero_id].cards:
            got = effects.why_not(st, A, c)
            assert got is None or got.startswith(c.name), (c.id, got)
            assert (got is None) == turns.can_primary(st, A, c) or c.primary not in (
                "attack", "skill", "move",
            )  # fmt: skip


# --- the property: the answer is true of every way to play the action out ------------------------
def _fingerprint(st) -> tuple:
    """Everything the card's action could change (and a defence it starts)."""
    return (
        tuple(sorted(st.occ.items())), tuple(st.minions), tuple(st.coins), tuple(st.hand),
        tuple(st.out), tuple(sorted(st.tokens.items())), repr(st.auras), st.pend, st.winner,
        tuple(st.pos),
    )  # fmt: skip


def _outcomes(st, h: int, budget: list[int]):
    """Every way hero h's running action can be played out (each of its owner's choices in
    turn; a defence, or the action's end, ends it): the states it ends in."""
    budget[0] -= 1
    pr = st.prog
    if budget[0] <= 0 or pr is None or pr["h"] != h or pr["ask"] is None or st.pend is not None:
        yield st
        return
    for a in st.legal_actions(st.seat_of[h]):
        nxt = st.clone()
        nxt.apply(a)
        yield from _outcomes(nxt, h, budget)


def _play_out(st, c) -> tuple[bool, bool]:
    """(some way changes something, every way does) for card ``c`` of the hero acting now."""
    w = st.clone()
    pr = w.prog
    pr["card"], pr["colour"] = c.id, c.colour
    before = _fingerprint(w)
    turns.begin_primary(w)
    changed = [_fingerprint(end) != before for end in _outcomes(w, pr["h"], [400])]
    return any(changed), all(changed)


@pytest.mark.parametrize("seed", range(6))
def test_no_reason_means_the_action_can_change_something_and_a_reason_means_it_cannot(seed):
    """At every act step of a random game, for every card the acting hero holds: without a
    reason some play-out changes the game; with one no play-out does. (Not *every* play-out
    changes it: an optional step may be skipped, a hero without coins robbed, or a unit that
    cannot move pushed: the rulebook lets a player make those choices.)"""
    st = new_game(4 if seed % 2 else 2, {}, seed)
    rng = random.Random(seed)
    to_play(st, rng)
    checked = 0
    while st.decision() is not None and st.round <= 4:
        d = st.decision()
        if d.kind == "act":
            h = st.prog["h"]
            for cid in st.slots[h]:
                c = card(cid)
                if c.primary not in ("attack", "skill", "move"):
                    continue
                why = effects.why_not(st, h, c)
                some, _every = _play_out(st, c)
                assert some == (why is None), (c.id, why, st.pos[h])
                assert effects.feasible(st, h, c) == (why is None)  # the quick form agrees
                checked += 1
        st.apply(random_action(st, rng))
    assert checked > 40


def test_a_card_without_a_move_icon_starts_its_action_at_once_when_it_can_act():
    st = scene((5, 0), (12, 0))
    put(st, A, (5, 0))
    commit(st, {A: give(st, A, "wasp_blue2a")})  # Steam Vault: no move icon, always teleports
    assert st.decision().kind == "choose"


# --- one's own side -------------------------------------------------------------------------------
def test_a_card_that_could_only_hit_ones_own_side_is_known_before_it_is_used():
    st = scene((5, 0), (12, 0))
    mine = add_minion(st, 0, "melee", (6, 0))
    sting = card("wasp_gold")
    assert effects.only_own_side(st, A, sting)
    assert effects.friendly_hits(st, A, sting) == (-mine - 1,)  # the one target: hit at once
    add_minion(st, 0, "ranged", (4, 0))
    assert effects.only_own_side(st, A, sting)
    assert effects.friendly_hits(st, A, sting) == ()  # two: the player chooses (and is asked)
    add_minion(st, 1, "ranged", (5, 1))
    assert not effects.only_own_side(st, A, sting)  # an enemy too


def test_the_choices_of_ones_own_side_are_named_only_for_a_harmful_step():
    st = scene((5, 0), (6, 0))
    add_minion(st, 0, "melee", (4, 0))
    commit(st, {A: give(st, A, "wasp_gold")})
    st.apply(Action(A, "primary"))
    assert st.decision().kind == "choose"
    assert effects.friendly_choices(st) == ((4, 0),)
    st = scene((5, 0), (12, 0))
    add_minion(st, 0, "melee", (7, 0))
    add_minion(st, 0, "melee", (3, 0))
    commit(st, {A: give(st, A, "sabina_blue3b")})  # Swap Ranks: one's own minions are its aim
    st.apply(Action(A, "primary"))
    assert st.decision().kind == "choose" and effects.friendly_choices(st) == ()
