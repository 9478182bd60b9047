"""The card's action in two steps: the kind first (move, fast travel, or the primary at once),
then a move kind's destination. The complete actions reachable through the two steps are
exactly the one-step ``act`` list of before, in every position (the old enumeration is kept
below as the reference)."""

from __future__ import annotations

import random

import pytest

from ai.guards import moves
from game.core.protocol import Action
from game.guards import legal, turns
from game.guards.setup import new_game


def _one_step_reference(st, player: int) -> list[Action]:
    """The old single ``act`` decision's legal actions, verbatim: every regular move
    destination, every fast travel destination, and the primary."""
    h = st.prog["h"]
    move_to, fast_to, prim = turns.act_options(st, h)
    out = [Action.make(player, "move", to=x) for x in move_to]
    out += [Action.make(player, "fast", to=x) for x in fast_to]
    if prim:
        out.append(Action(player, "primary"))
    return out


def _through_two_steps(st, player: int) -> list[Action]:
    """Every complete action a seat can reach: each kind offered, then each destination."""
    out = []
    for first in st.legal_actions(player):
        if first.kind != "act":
            assert first.kind == "primary"
            out.append(first)
            continue
        w = st.clone()
        w.apply(first)
        d = w.decision()
        assert d.kind == first["what"] and d.players == (player,) and d.public
        assert w.prog["h"] == st.prog["h"] and w.pos == st.pos, "choosing a kind moves nothing"
        step2 = w.legal_actions(player)
        assert step2, f"{first} was offered with nothing to choose after it"
        assert {a.kind for a in step2} == {first["what"]}
        out += step2
    return out


def _act_positions(count: int, seed: int):
    """``count`` act decisions from random games on both boards, 2 to 10 heroes."""
    rng = random.Random(seed)
    found = []
    game = 0
    per_game = count // 9 + 1
    while len(found) < count:
        players = (2, 3, 4, 5, 6, 7, 8, 9, 10)[game % 9]
        st = new_game(players, {}, seed * 100 + game)
        game += 1
        mine = 0
        while (d := st.decision()) is not None and len(found) < count:
            p = d.players[0]
            options = st.legal_actions(p)
            if d.kind == "act" and mine < per_game and rng.random() < 0.1:
                found.append((st.clone(), p))
                mine += 1
            st.apply(options[rng.randrange(len(options))])
    return found


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_two_steps_reach_exactly_the_one_step_actions_in_every_position(seed):
    positions = _act_positions(150, seed)
    boards = {st.board for st, _ in positions}
    assert boards == {"one_lane", "two_lane"}
    for st, p in positions:
        want = _one_step_reference(st, p)
        got = _through_two_steps(st, p)
        assert sorted(map(str, got)) == sorted(map(str, want)), st.to_json()
        assert len(got) == len(set(got))
        assert legal.act_moves(st, p) == want  # what bots compare, in the old order
        kinds = [a.get("what", a.kind) for a in st.legal_actions(p)]
        assert kinds == [k for k in ("move", "fast", "primary") if any(
            a.kind == k for a in want)]  # fmt: skip


def test_a_complete_action_played_in_two_steps_is_the_old_one_step_outcome():
    positions = _act_positions(40, 9)
    for st, p in positions:
        for full in legal.act_moves(st, p):
            w = st.clone()
            w.apply(moves.step_of(w.legal_actions(p), full))
            if full.kind != "primary":
                w.apply(moves.step_of(w.legal_actions(p), full))
            direct = st.clone()
            moves.play_full(direct, full)
            assert w.fingerprint() == direct.fingerprint()
            if full.kind in ("move", "fast"):
                h = st.prog["h"]
                assert w.pos[h] == full["to"] or w.pos[h] is None or w.prog is not None


def test_the_kind_is_committed_once_chosen_and_random_play_cannot_loop():
    positions = _act_positions(60, 4)
    for st, p in positions:
        for first in st.legal_actions(p):
            if first.kind != "act":
                continue
            w = st.clone()
            w.apply(first)
            kinds = {a.kind for a in w.legal_actions(p)}
            assert kinds == {first["what"]}, "no way back to the kinds, nor to another kind"
            w.apply(w.legal_actions(p)[0])
            d = w.decision()
            assert d is None or d.kind != "act" or w.prog["h"] != st.prog["h"]


def test_the_decisions_say_what_they_ask_in_words():
    st, p = _act_positions(1, 5)[0]
    name = st.hero_name(st.prog["h"])
    assert st.decision().prompt.startswith(f"{name}: move, fast travel or use ")
    st.apply(Action.make(p, "act", what="move"))
    assert st.decision().prompt == f"{name}: where to move?"
    assert st.describe_action(Action.make(p, "act", what="fast")) == "choose to fast travel"
