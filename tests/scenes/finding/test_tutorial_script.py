"""The tutorial's lesson on the engine alone: every asked move is legal when it is asked, the
readings say what the words promise, the heat map behaves as the words say, and the lesson
ends in the person's win. (The scene that plays it by mouse is tested in test_tutorial.py.)"""

from __future__ import annotations

import pytest

from ai.finding.chart_answer import chart_answer
from game.finding.cards import ARTIFACT, CAPTAIN, CARD
from game.finding.ocean import riddle_problem
from game.finding.setup import new_game
from game.finding.tutorial import (
    TUTORIAL_ARTIFACT,
    TUTORIAL_DEALT,
    TUTORIAL_OCEAN,
    TUTORIAL_START,
    cell_named,
    fixed_game,
    tutorial_game,
)
from scenes.finding.tutorial_script import HEAT, NEXT, SEAT, STEPS, Step, actions

LESSON_CARDS = {"sonar", "jelly", "silent", "long_silent", "explore", "surface"}


def _play_to(key: str):
    """The lesson's game after every step before ``key``."""
    st = tutorial_game()
    for step in STEPS:
        if step.key == key:
            return st
        for action in step.actions:
            st.apply(action)
    raise KeyError(key)


def _last_reading(st):
    return next(e.reading for e in reversed(st.log) if e.reading is not None)


def test_every_asked_move_is_legal_at_its_step_and_the_lesson_ends_in_the_persons_win():
    st = tutorial_game()
    for step in STEPS:
        for action in step.actions:
            d = st.decision()
            assert d is not None and d.players == (SEAT,), step.key
            assert action in st.legal_actions(SEAT), f"{step.key}: {action} is not legal"
            st.apply(action)
    assert st.decision() is None and st.winner == SEAT and st.returns() == [1.0]
    assert st.round == 5  # two actions a round: the words count the rounds


def test_every_reading_gives_the_result_the_words_promise():
    st = tutorial_game()
    checked = 0
    for step in STEPS:
        before = len(st.log)
        for action in step.actions:
            st.apply(action)
        if step.result is not None:
            (reading,) = [e.reading for e in st.log[before:] if e.reading is not None]
            assert reading.result == step.result, step.key
            checked += 1
    assert checked == 6


def test_the_lesson_uses_every_card_of_the_hand_the_captain_an_artifact_and_a_burn():
    kinds = [a.kind for a in actions()]
    assert LESSON_CARDS <= set(kinds)
    assert {"keep", "start_move", "captain", "artifact", "burn", "solve", "claim"} <= set(kinds)
    assert HEAT in [s.ask for s in STEPS] and STEPS[-1].ask == NEXT
    assert kinds.count("claim") == 3  # the city's other three spaces, named one by one


def test_the_heat_map_is_spread_when_first_shown_and_certain_when_the_words_say_so():
    first = chart_answer(_play_to("heat").view(SEAT), SEAT)
    row4 = [cell_named(f"{col}4") for col in "ABCDEF"]
    assert first.best_p < 0.5
    assert sum(first.p_atlantis(c) > 0.05 for c in row4) >= 2, "row 4 should still be open"
    sure = chart_answer(_play_to("read").view(SEAT), SEAT)
    assert sure.best_p == pytest.approx(1.0)
    assert sure.best_city == TUTORIAL_OCEAN.atlantis
    assert sure.best_city == frozenset(cell_named(n) for n in ("F4", "F5", "E6", "F6"))


def test_the_route_never_sails_back_onto_the_sleeping_monster():
    st = tutorial_game()
    for step in STEPS:
        for action in step.actions:
            st.apply(action)
            assert not any(e.kind == "attack" for e in st.log), step.key
    assert st.recovered == [cell_named("C4")]


@pytest.mark.parametrize("step", STEPS, ids=lambda s: s.key)
def test_each_step_has_words_an_instruction_and_highlights_the_board_can_show(step: Step):
    assert len(step.text) > 10 and step.do.endswith(".")
    assert step.hint().endswith(step.do)
    assert step.highlight
    for h in step.highlight:
        kind, _, key = h.partition(":")
        if kind == "card":
            assert key in CARD
        elif kind == "art":
            assert key in ARTIFACT
        elif kind == "keep":
            assert key in TUTORIAL_DEALT
        elif kind == "dir":
            assert key in ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
        elif kind == "cell":
            assert 0 <= int(key) < 36
        else:
            assert h in ("chart", "captain", "burn", "aid:heat", "solve:yes", "claim:confirm",
                         "lesson:next")  # fmt: skip
    for action in step.actions:
        assert step.accepts(action) and not step.accepts(action, frozenset({action}))


def test_the_lesson_map_keeps_the_riddle_and_the_table_is_the_one_the_words_describe():
    assert riddle_problem(TUTORIAL_OCEAN, 4, 4) == ""
    st = tutorial_game()
    assert st.n == 1 and st.pos[0] == TUTORIAL_START == cell_named("D5")
    assert set(st.dealt[0]) == set(TUTORIAL_DEALT) and st.deck[-1] == TUTORIAL_ARTIFACT
    assert st.decision().kind == "captain" and not st.pirate and not st.hunting


def test_a_fixed_game_is_the_table_new_game_deals_when_given_the_same_pieces():
    for seed in (1, 7, 30):
        dealt = new_game(3, {"size": "8", "mode": "pirate"}, seed)
        fixed = fixed_game(
            dealt.ocean,
            [dealt.pos[p] for p in range(3)],
            [dealt.dealt[p] for p in range(3)],
            deck=dealt.deck,
            first=dealt.first,
            options={"mode": "pirate"},
            seed=seed,
        )
        assert fixed.fingerprint() == dealt.fingerprint()
        assert fixed.log == dealt.log


@pytest.mark.parametrize(
    "kwargs",
    [
        {"starts": [1, 1], "dealt": [("navy", "diver"), ("smuggler", "phantom")]},
        {"starts": [40], "dealt": [("navy", "diver")]},
        {"starts": [1], "dealt": [("navy", "navy")]},
        {"starts": [1], "dealt": [("navy", "admiral")]},
        {"starts": [1], "dealt": [("navy", "diver")], "deck": ["seed"] * 10},
        {"starts": [], "dealt": []},
    ],
)
def test_a_fixed_game_refuses_pieces_no_game_could_have(kwargs):
    with pytest.raises(ValueError):
        fixed_game(TUTORIAL_OCEAN, **kwargs)


def test_every_step_key_is_unique_and_no_card_name_is_misspelt_in_the_words():
    assert len({s.key for s in STEPS}) == len(STEPS)
    names = [c.name for c in CARD.values()] + [CAPTAIN["navy"].name, ARTIFACT["sunstone"].name]
    words = " ".join(s.text + " " + s.do for s in STEPS)
    for name in ("Sonar", "Jelly Rod", "Silent Running", "Long Silent Running", "Explore",
                 "Surface", "Navy Captain", "Sunstone"):  # fmt: skip
        assert name in names and name in words


def test_the_lesson_lets_only_the_asked_move_through_and_hints_at_anything_else():
    from scenes.finding.tutorial_script import Lesson

    lesson = Lesson()
    st = tutorial_game()
    assert not lesson.offer(STEPS[1].action) and lesson.index == 0
    assert lesson.hint == STEPS[0].hint()
    assert lesson.press(NEXT) and lesson.index == 1 and lesson.hint == ""
    wrong = next(a for a in st.legal_actions(SEAT) if a != STEPS[1].action)
    assert not lesson.offer(wrong) and "Navy Captain" in lesson.hint
    assert not lesson.press(HEAT) and lesson.index == 1
    played = 0
    while not lesson.done:
        step = lesson.step
        if not step.actions:
            assert lesson.press(step.ask)
            continue
        want = lesson.wanted()[0]
        others = [a for a in st.legal_actions(SEAT) if a not in lesson.wanted()]
        if others:
            assert not lesson.offer(others[-1]) and lesson.hint == step.hint()
        assert lesson.offer(want)
        st.apply(want)
        played += 1
    assert played == len(actions()) and st.winner == SEAT
    assert not lesson.offer(STEPS[1].action) and not lesson.press(NEXT)


def test_the_city_may_be_named_in_any_order_the_engine_allows():
    from scenes.finding.tutorial_script import Lesson

    lesson = Lesson()
    st = tutorial_game()
    while lesson.step.key != "claim":
        step = lesson.step
        if not step.actions:
            lesson.press(step.ask)
        for a in step.actions:
            assert lesson.offer(a)
            st.apply(a)
    f5, e6, f6 = lesson.step.actions
    for a in (f5, f6, e6):  # F6 before E6: both touch F5
        assert a in st.legal_actions(SEAT) and lesson.offer(a)
        st.apply(a)
    assert st.winner == SEAT and lesson.step.key == "done"
