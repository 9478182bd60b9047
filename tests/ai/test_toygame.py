"""The toy game speaks the whole engine protocol, so the AI tests exercise what real games do."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from toygame import FULL, ToyState

from game.core import registry
from game.core.protocol import Action, IllegalAction


def play_random(state: ToyState, seed: int) -> int:
    rng = random.Random(seed)
    actions = 0
    while (dec := state.decision()) is not None:
        p = dec.players[rng.randrange(len(dec.players))]  # simultaneous seats in any order
        state.apply(rng.choice(state.legal_actions(p)))
        actions += 1
    return actions


@settings(max_examples=25, deadline=None)
@given(st.integers(2, 4), st.integers(0, 10**6), st.sampled_from(["versus", "teams", "coop"]))
def test_random_play_ends_and_conserves_cards(n, seed, mode):
    state = ToyState(n, seed, mode=mode)
    actions = play_random(state, seed)
    assert 12 <= actions <= 60
    cards = sorted(state.deck + state.discard + [c for h in state.hands for c in h])
    assert cards == sorted(toy_cards())
    returns = state.returns()
    assert len(returns) == n and all(0.0 <= r <= 1.0 for r in returns)
    if mode == "coop":
        assert len(set(returns)) == 1


def toy_cards() -> list[int]:
    from toygame import CARDS

    return list(CARDS)


def test_same_seed_and_actions_give_the_same_state():
    a, b = ToyState(3, 7), ToyState(3, 7)
    play_random(a, 1)
    play_random(b, 1)
    assert a.fingerprint() == b.fingerprint()


def test_bidding_is_a_simultaneous_decision_answered_one_seat_at_a_time():
    state = ToyState(3, 1)
    dec = state.decision()
    assert dec is not None and dec.kind == "bid" and dec.players == (0, 1, 2)
    state.apply(state.legal_actions(1)[0])
    assert state.decision().players == (0, 2)
    with pytest.raises(IllegalAction):
        state.apply(state.legal_actions(1)[0] if state.legal_actions(1) else Action(1, "bid"))


def test_a_view_hides_deck_order_hands_and_pending_offers():
    state = ToyState(3, 5)
    state.apply(state.legal_actions(1)[-1])  # seat 1 offers its highest card in secret
    view = state.view(0)
    assert view.hands[0] == state.hands[0]
    assert view.deck == sorted(view.deck)
    assert view.bids[1] is not None  # that seat 1 has offered is public, the card is not
    # two truths that differ only in what seat 0 cannot see give the same view
    other = state.clone()
    pool = other.deck + other.hands[1] + other.hands[2] + [other.bids[1]]
    random.Random(3).shuffle(pool)
    nd, n1 = len(other.deck), len(other.hands[1])
    other.deck = pool[:nd]
    other.hands[1] = sorted(pool[nd : nd + n1])
    other.hands[2] = sorted(pool[nd + n1 : -1])
    other.bids[1] = pool[-1]
    assert other.fingerprint() != state.fingerprint()
    assert other.view(0).fingerprint() == view.fingerprint()
    assert view.rng.random() == random.Random(0).random()


def test_determinized_worlds_differ_from_the_truth_and_keep_what_is_known():
    state = ToyState(2, 11)
    view = state.view(0)
    worlds = [view.determinize(random.Random(s)) for s in range(8)]
    assert any(w.deck != state.deck for w in worlds)
    assert any(w.hands[1] != state.hands[1] for w in worlds)
    for w in worlds:
        assert w.hands[0] == state.hands[0]
        assert w.observer == FULL
        assert sorted(w.deck + w.hands[1]) == sorted(state.deck + state.hands[1])


def test_clone_is_independent():
    state = ToyState(2, 3)
    copy = state.clone()
    play_random(copy, 2)
    assert state.fingerprint() == ToyState(2, 3).fingerprint()
    assert copy.decision() is None


def test_events_hide_private_cards_from_other_seats():
    state = ToyState(2, 4)
    events = state.apply(state.legal_actions(0)[0])
    private = [e for e in events if e.kind == "bid_card"]
    assert private and not private[0].visible_to(1) and private[0].visible_to(0)


def test_the_conftest_registered_the_toy_games():
    assert registry.get("toy").create(2, {}, 1).num_players == 2
    assert registry.get("toy_coop").cooperative
    assert registry.get("toy_teams").teams(4) == [0, 1, 0, 1]
