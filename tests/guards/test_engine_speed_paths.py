"""The engine's shortcuts give the same answers as the plain rules they stand in for.

The speed work added: ``apply`` trusting an action object ``legal_actions`` just offered, a
clone sharing its parent's random generator until one of them draws, the empty-board walk and
discs kept per board, the act-options memo travelling with copies, and ``turns.who`` in place
of the full decision. Each is checked here against the long way round; the golden games
(test_golden_games.py) check that whole games still play move for move as before.
"""

from __future__ import annotations

import random

import pytest

from game.core.protocol import Action, IllegalAction
from game.guards import geo, turns, units
from game.guards.geo import distance
from game.guards.setup import new_game
from tests.guards.helpers import duel


def _walk(g: geo.Geo, start, n: int, blocked: set) -> dict:
    """reachable() as it was written first: a plain breadth-first walk."""
    seen = {start: 0}
    frontier = [start]
    for d in range(1, n + 1):
        nxt = []
        for h in frontier:
            for x in g.nbrs[h]:
                if x not in seen and x in g.passable and x not in blocked:
                    seen[x] = d
                    nxt.append(x)
        if not nxt:
            break
        frontier = nxt
    return seen


@pytest.mark.parametrize("name", ["one_lane", "two_lane"])
def test_reachable_walks_exactly_like_a_plain_breadth_first_walk(name):
    g = geo.get(name)
    rng = random.Random(name)
    hexes = sorted(g.passable)
    for _ in range(600):
        start = rng.choice(hexes)
        n = rng.randrange(0, 5)
        near = [h for h in hexes if 0 < distance(start, h) <= n + 1]
        blocked = set(rng.sample(near, min(len(near), rng.randrange(0, 4))))
        if rng.random() < 0.3:
            blocked.add(start)  # the walker's own space is always in the blocked set
        got = g.reachable(start, n, blocked)
        assert list(got.items()) == list(_walk(g, start, n, blocked).items())
        got[(99, 99)] = 1  # the answer is the caller's to keep: the kept walk is unchanged
        assert (99, 99) not in g.reachable(start, n, set())


def test_within_is_the_disc_in_board_order_and_a_fresh_list_each_time():
    g = geo.get("one_lane")
    centre = sorted(g.passable)[len(g.passable) // 2]
    want = [h for h in g.hexes if 0 < distance(centre, h) <= 2]
    first = g.within(centre, 2)
    assert first == want
    first.clear()
    assert g.within(centre, 2) == want


def test_an_offered_action_is_applied_and_an_equal_new_one_is_checked_in_full():
    st = duel()
    offered = st.legal_actions(0)
    same = Action.make(0, "play", cards=offered[0]["cards"])
    assert same == offered[0] and same is not offered[0]
    st.apply(same)  # not one of the offered objects: the full check, which passes
    assert st.decision().players == (1,)


def test_an_action_offered_before_a_move_is_refused_after_it_with_the_state_unchanged():
    st = duel()
    mine = st.legal_actions(0)
    st.apply(mine[0])
    before = st.fingerprint()
    with pytest.raises(IllegalAction, match="not Player 1's decision"):
        st.apply(mine[1])  # offered, but for the position before seat 0 played
    assert st.fingerprint() == before
    theirs = st.legal_actions(1)
    with pytest.raises(IllegalAction, match="not Player 1's decision"):
        st.apply(mine[1])  # the list on offer now is seat 1's: seat 0's action is checked
    st.apply(theirs[0])


def test_an_offered_action_of_another_seat_is_checked_in_full():
    st = duel()
    zero = st.legal_actions(0)
    st.legal_actions(1)  # the last offer is seat 1's now
    before = st.fingerprint()
    st.apply(zero[0])  # still legal: seat 0 has not played
    assert st.fingerprint() != before and st.decision().players == (1,)


def _unchanged(st):
    """What a refused move must leave as it was: the state, its generator, every seat's view."""
    return (
        st.fingerprint(),
        st.rng.getstate(),
        [st.view(p).fingerprint() for p in (None, *range(st.num_players))],
    )


@pytest.mark.parametrize("how", ["append", "replace", "insert"])
def test_a_move_slipped_into_the_offered_list_is_checked_in_full_and_refused(how):
    """The list legal_actions returns is the caller's: what it adds there is not offered."""
    st = duel()
    offered = st.legal_actions(0)
    fake = Action(0, "play", (("cards", ("no-such-card",)),))
    if how == "append":
        offered.append(fake)
    elif how == "replace":
        offered[0] = fake
    else:
        offered.insert(0, fake)
    before = _unchanged(st)
    with pytest.raises(IllegalAction, match="no-such-card"):
        st.apply(fake)
    assert _unchanged(st) == before
    st.apply(st.legal_actions(0)[0])  # what the engine offers still plays
    assert st.decision().players == (1,)


def test_a_move_slipped_into_the_offered_list_of_a_later_step_is_refused():
    """The same at the card's act step (one of the very objects offered, then a stranger)."""
    st = duel()
    st.apply(st.legal_actions(0)[0])
    st.apply(st.legal_actions(1)[0])
    while st.decision().kind not in ("act", "move", "fast"):
        d = st.decision()
        st.apply(st.legal_actions(d.players[0])[0])
    p = st.decision().players[0]
    offered = st.legal_actions(p)
    fake = Action(p, "move", (("to", (99, 99)),))
    offered.append(fake)
    before = _unchanged(st)
    with pytest.raises(IllegalAction):
        st.apply(fake)
    assert _unchanged(st) == before
    st.apply(offered[0])  # an object the engine itself offered still takes the quick path


def test_a_clone_draws_the_same_numbers_as_its_parent_and_neither_disturbs_the_other():
    st = new_game(6, {"selection": "captains"}, 3)
    a = st.clone()
    b = a.clone()
    first = [st.rng.random() for _ in range(5)]
    assert [a.rng.random() for _ in range(5)] == first  # drew after st: unchanged
    assert [b.rng.random() for _ in range(5)] == first
    assert [st.rng.random() for _ in range(3)] == [a.rng.random() for _ in range(3)]
    c = st.clone()
    c.rng.random()
    assert st.rng.getstate() != c.rng.getstate()
    assert st.to_json()["rng"] == st.clone().to_json()["rng"]


def test_a_view_and_a_determinized_world_have_their_own_generators():
    st = new_game(4, {}, 5)
    v = st.view(0)
    assert v.rng.getstate() == random.Random(0).getstate()
    w = v.determinize(random.Random(1))
    w.rng.random()
    assert v.rng.getstate() == random.Random(0).getstate()


def _to_act(seed: int):
    st = new_game(6, {}, seed)
    rng = random.Random(seed)
    while True:
        d = st.decision()
        if d.kind == "act" and rng.random() < 0.3:
            return st
        la = st.legal_actions(d.players[0])
        st.apply(la[rng.randrange(len(la))])


def test_the_act_options_memo_follows_the_position_in_clones():
    checked = 0
    for seed in range(1, 30):
        st = _to_act(seed)
        h = st.prog["h"]
        c = st.card_in(h, st.commit[h])
        got = turns.act_options(st, h)
        assert got[0] == turns.regular_moves(st, h, c) and got[1] == turns.fast_moves(st, h, c)
        other = st.clone()
        empty = next((hx for hx in other.geo.nbrs[other.pos[h]] if units.free(other, hx)), None)
        if empty is None:
            continue
        units.move_unit(other, h, empty)  # the copy's hero steps aside: its options change
        moved = turns.act_options(other, h)
        assert moved[0] == turns.regular_moves(other, h, c)
        assert moved[1] == turns.fast_moves(other, h, c)
        assert turns.act_options(st, h) == got  # the parent's are untouched
        checked += 1
    assert checked >= 10


def test_who_names_the_decision_of_every_step_of_random_games():
    steps = 0
    for n, opts, seed in ((6, {}, 1), (5, {"selection": "limited"}, 2), (8, {}, 3)):
        st = new_game(n, opts, seed)
        rng = random.Random(seed)
        while (d := st.decision()) is not None:
            assert turns.who(st) == (d.kind, d.players)
            p = d.players[rng.randrange(len(d.players))]
            la = st.legal_actions(p)
            st.apply(la[rng.randrange(len(la))])
            steps += 1
        assert turns.who(st) is None
    assert steps > 1000


def test_a_pickled_view_leaves_the_boards_kept_walks_behind_and_plays_on_the_same():
    import pickle

    st = _to_act(4)
    view = st.view(st.decision().players[0])
    st.legal_actions(st.decision().players[0])  # fills the board's kept walks
    assert st.geo._walks
    back = pickle.loads(pickle.dumps(view))
    assert back.geo._walks == {} and back.geo._discs == {}
    assert st.geo._walks  # the live board keeps its own
    p = back.decision().players[0]
    assert back.legal_actions(p) == view.legal_actions(p)
    assert back.fingerprint() == view.fingerprint()
