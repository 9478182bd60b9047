"""The Finding page's payload: built from the seat's view alone, and what it tells is the
desktop's chart of that seat (same marks, same heat numbers), in JSON."""

from __future__ import annotations

import json
import random

import pytest

from game.finding.setup import new_game
from remote.finding.answers import Answers
from remote.finding.payload import build, hidden_free, label, payload
from scenes.finding.chart_model import chart_model

#: (players, options, seed) of the random games checked
GAMES = [
    (2, {"size": "6"}, 3),
    (3, {"size": "6", "mode": "pirate", "monsters": "hunting"}, 11),
    (4, {"size": "6", "mode": "pirate"}, 29),
    (3, {"size": "8"}, 7),
]


def _random_game(n: int, options: dict, seed: int, moves: int):
    """States of a random game, every few moves, to the end or ``moves`` actions."""
    st = new_game(n, options, seed)
    rng = random.Random(seed)
    for k in range(moves):
        if st.is_terminal():
            break
        p = st.decision().players[0]
        st.apply(rng.choice(st.legal_actions(p)))
        if k % 15 == 4:
            yield st


@pytest.mark.parametrize(("n", "options", "seed"), GAMES)
def test_a_payload_is_the_same_for_every_world_the_seat_cannot_tell_apart(n, options, seed):
    rng = random.Random(seed)
    checked = 0
    for st in _random_game(n, options, seed, 50 if options["size"] == "8" else 150):
        for p in range(n):
            mine = st.view(p)
            got = build(mine, p, Answers())
            assert hidden_free(got), "a view's unknowns reached the page"
            assert json.loads(json.dumps(got)) == got, "the payload is not plain JSON"
            world = mine.determinize(random.Random(rng.getrandbits(32)))
            assert build(world.view(p), p, Answers()) == got, (
                f"seat {p}'s payload differs in a world sampled from its view"
            )
            # the real state's own view of the seat says the same
            assert build(st.view(p), p, Answers()) == got
            checked += 1
    assert checked >= n * 2


def test_the_payload_holds_what_the_seats_chart_draws_and_nothing_of_the_others_hands():
    st = new_game(3, {"size": "6"}, 5)
    rng = random.Random(2)
    for _ in range(80):
        p = st.decision().players[0]
        st.apply(rng.choice(st.legal_actions(p)))
    view = st.view(1)
    answers = Answers()
    got = build(view, 1, answers)
    model = chart_model(view, 1, answers.answer(view, 1))
    assert got["chart"]["marks"] == {
        str(c): [[m.kind, m.text] for m in ms] for c, ms in model.marks.items()
    }
    assert got["chart"]["me"] == model.me
    heat = answers.answer(view, 1)
    assert got["heat"]["p"] == [round(heat.p_atlantis(c), 3) for c in range(36)]
    assert got["heat"]["best"] == sorted(heat.best_city)
    # the seat's own captain; the others' only once they showed it
    assert got["hand"]["captain"]["key"] == st.captain[1]
    for sub in got["subs"]:
        q = sub["seat"]
        if q != 1 and not st.shown[q]:
            assert sub["captain"] is None
    text = json.dumps(got)
    for q in (0, 2):
        for art in st.arts[q]:
            if art not in st.arts[1] and art not in st.used[1]:
                assert f'"{art}"' not in text


def test_every_legal_action_has_its_own_words():
    st = new_game(2, {"size": "6", "mode": "pirate"}, 8)
    rng = random.Random(4)
    for _ in range(120):
        if st.is_terminal():
            break
        p = st.decision().players[0]
        legal = st.legal_actions(p)
        words = [label(st.view(p), p, a) for a in legal]
        assert all(words), words
        assert len(set(words)) == len(words), f"two buttons say the same: {sorted(words)}"
        st.apply(rng.choice(legal))


def test_the_module_payload_keeps_answers_between_calls():
    st = new_game(2, {"size": "6"}, 1)
    v = st.view(0)
    assert payload(v, 0) == payload(v, 0)
