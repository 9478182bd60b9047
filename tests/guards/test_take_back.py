"""Which steps of a card's action may be taken back (``GuardsState.undoable``): each while the
same card still waits for its owner; never once another seat must answer or the card is done;
and taking one back (replaying the moves before it) gives the position before it exactly."""

from __future__ import annotations

import random

from game.core.protocol import Action
from game.guards.setup import new_game
from tests.guards.helpers import add_minion, commit, give, scene


def replay_without_last(log, seed: int):
    """The position the moves before the last give (what the session does to take one back)."""
    w = new_game(2, {}, seed)
    for a in log[:-1]:
        w.apply(a)
    return w


def test_each_step_of_a_card_can_be_taken_back_until_a_defence_is_asked():
    st = scene((5, 0), (6, 0))
    add_minion(st, 1, "melee", (5, 1))
    commit(st, {0: give(st, 0, "brogan_gold")})  # Cleave: two enemies next to Arien
    assert st.decision().kind == "act"
    before = st.fingerprint()
    st.apply(Action(0, "primary"))
    assert st.decision().kind == "choose" and st.undoable(Action(0, "primary"))
    hero = Action.make(0, "choose", option=(6, 0))
    st.apply(hero)
    assert st.decision().kind == "defend" and not st.undoable(hero)  # Brogan must answer
    assert before != st.fingerprint()


def test_the_kind_of_a_move_can_be_taken_back_but_a_finished_move_stays():
    st = scene((5, 0), (9, 0))
    commit(st, {0: "gold"})
    kind = Action.make(0, "act", what="move")
    st.apply(kind)
    assert st.decision().kind == "move" and st.undoable(kind)
    to = st.legal_actions(0)[0]
    st.apply(to)
    assert not st.undoable(to)  # the card is done: the turn went on


def test_a_played_card_and_other_decisions_stay():
    st = scene((5, 0), (9, 0))
    d = st.decision()
    a = st.legal_actions(d.players[0])[0]
    st.apply(a)
    assert not st.undoable(a)


def test_taking_a_step_back_gives_the_position_before_it():
    st = new_game(2, {}, 5)
    log = []
    rng = random.Random(5)
    took_back = 0
    while st.decision() is not None and st.round <= 3:
        d = st.decision()
        p = d.players[0]
        legal = st.legal_actions(p)
        a = legal[rng.randrange(len(legal))]
        before = st.fingerprint()
        st.apply(a)
        log.append(a)
        if st.undoable(a):
            assert replay_without_last(log, 5).fingerprint() == before
            took_back += 1
    assert took_back > 3
