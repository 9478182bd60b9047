"""The U-Bot plays Finding Atlantis from its views only: whole games, no peeking, its claims.

Whole games run through ``ai.match.play`` (which hands every bot ``state.view(seat)`` and
nothing else) for 1-4 submarines, both map sizes and both modes. The no-peeking test gives a
bot two real states that differ only in what its seat cannot know (two worlds drawn from its
own view: other maps, other positions of the others) and checks it plays the same action.
"""

from __future__ import annotations

import random
import time

import pytest

from ai.bots import make_bot
from ai.finding.bots import LEVEL_PARAMS, UBot
from ai.finding.chart_answer import chart_answer
from ai.match import play
from ai.worlds import sample_world
from game.finding.setup import new_game
from tests.finding.helpers import SIX, act, c, table

FAR = 1e9


def _finish(n: int, options: dict[str, str], levels: list[str], seed: int) -> None:
    st = new_game(n, options, seed)
    bots = [make_bot("finding", levels[s % len(levels)], seed + s) for s in range(n)]
    play(st, bots, 5.0)
    assert st.decision() is None
    assert st.winner is not None or st.round == st.max_rounds


@pytest.mark.parametrize(
    ("n", "options", "levels"),
    [
        (1, {"size": "6"}, ["hard"]),
        (1, {"size": "8"}, ["normal"]),
        (2, {"size": "6", "mode": "pirate", "monsters": "hunting"}, ["easy", "hard"]),
        (3, {"size": "6", "mode": "pirate"}, ["normal", "easy", "random"]),
        (4, {"size": "6", "monsters": "hunting"}, ["easy"]),
        (2, {"size": "8", "mode": "pirate"}, ["easy"]),
    ],
)
def test_u_bots_play_whole_games_from_their_views(n, options, levels):
    _finish(n, options, levels, seed=3 + n)


def _mid_game(seed: int, n: int = 3, steps: int = 24) -> tuple:
    """A game some way in, at a turn decision (random moves, so nobody has won yet)."""
    st = new_game(n, {"size": "6"}, seed)
    rng = random.Random(seed)
    k = 0
    while True:
        d = st.decision()
        assert d is not None
        if k >= steps and d.kind == "turn":
            return st, d.players[0]
        legal = [a for a in st.legal_actions(d.players[0]) if a.kind != "solve"]
        st.apply(legal[rng.randrange(len(legal))])
        k += 1


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_a_bot_plays_the_same_whatever_it_cannot_see(level):
    st, p = _mid_game(11)
    rng = random.Random(4)
    worlds = [sample_world(st.view(p), rng) for _ in range(2)]
    assert worlds[0].ocean != worlds[1].ocean or worlds[0].pos != worlds[1].pos
    for w in worlds:  # the worlds differ in hidden truth, not in this seat's chart
        assert w.view(p).log == st.view(p).log and w.view(p).pos[p] == st.pos[p]
    chosen = set()
    for real in (st, *worlds):
        bot = make_bot("finding", level, 99)
        chosen.add(bot.choose(real.view(p), p, FAR))
    assert len(chosen) == 1


def _explored_city(threshold: float) -> tuple:
    """Yellow on A1 (a space of the city) has swept and explored: the solve question."""
    st = table(SIX, pos=(c(0, 0),), captains=("surveyor",))
    act(st, "sonar")
    act(st, "captain", name="surveyor")
    act(st, "silent", direction="E")
    act(st, "explore")
    assert st.decision().kind == "solve"  # type: ignore[union-attr]
    params, source = LEVEL_PARAMS["hard"]
    from dataclasses import replace

    return st, UBot("hard", 1, replace(params, threshold=threshold), source)


def test_the_bot_solves_only_when_its_best_city_passes_its_threshold():
    st, _ = _explored_city(0.5)
    p_best = chart_answer(st.view(0), 0).best_p
    assert 0.0 < p_best < 1.0
    for threshold, wanted in ((p_best - 1e-6, "solve"), (p_best + 1e-6, "keep_searching")):
        st, bot = _explored_city(threshold)
        assert bot.choose(st.view(0), 0, FAR).kind == wanted


def test_after_solving_the_bot_names_its_best_city_and_wins_when_it_is_right():
    st, bot = _explored_city(0.0)
    answer = chart_answer(st.view(0), 0)
    while st.decision() is not None and st.decision().kind in ("solve", "claim"):  # type: ignore[union-attr]
        st.apply(bot.choose(st.view(0), 0, FAR))
    named = {e.arg("space") for e in st.log if e.kind == "claim"} | {c(1, 0)}
    assert named == set(answer.best_city)
    assert (st.winner == 0) == (answer.best_city == SIX.atlantis)


def test_a_lost_submarine_surfaces_to_find_itself():
    st = table(SIX, pos=(c(3, 3),))
    st.lost[0] = True
    st.note(0, "teleport")
    bot = make_bot("finding", "hard", 1)
    assert bot.choose(st.view(0), 0, time.monotonic() + FAR).kind == "surface"


def test_once_the_city_is_known_the_bot_takes_the_shortest_way_there_and_explores():
    from ai.finding.belief import Belief
    from ai.finding.model import Me
    from ai.finding.route import route
    from game.finding.facts import exactly

    known = Belief(6, facts=[exactly(x, "atlantis") for x in SIX.atlantis])
    assert known.best_city() == (SIX.atlantis, 1.0)
    st = table(SIX, pos=(c(5, 5),), captains=("engineer",))
    bot = make_bot("finding", "hard", 5)
    steps = 0
    while st.decision() is not None and st.decision().kind == "turn":  # type: ignore[union-attr]
        me = Me(st.pos[0], st.hand[0], st.captain[0] if st.cap_ready[0] else None, st.arts[0])
        left = route(me, SIX.atlantis, seat=0, n=1, size=6, pirate=False, captain="engineer")
        assert left is not None
        a = bot._act(st.view(0), 0, st.legal_actions(0), known)
        st.apply(a)
        steps += 1
        if a.kind == "explore":
            assert left[0] == 1 and st.pos[0] in SIX.atlantis
            break
        after = Me(st.pos[0], st.hand[0], st.captain[0] if st.cap_ready[0] else None, st.arts[0])
        again = route(after, SIX.atlantis, seat=0, n=1, size=6, pirate=False, captain="engineer")
        assert again is not None and again[0] == left[0] - 1, a  # every step on a shortest way
    assert steps == 5  # F6 to C2 is seven spaces: four moves, then Explore


def test_past_its_deadline_the_bot_stops_looking_ahead_and_still_answers(monkeypatch):
    # the planner deepens only while there is time: with none left it scores the first actions
    from ai.finding import planner

    st, p = _mid_game(11)
    seen: list[int] = []
    real = planner.Planner.candidates

    def counted(self, me, actions=None):
        seen.append(1)
        return real(self, me, actions)

    monkeypatch.setattr(planner.Planner, "candidates", counted)
    for deadline, deep in ((time.monotonic() + FAR, True), (time.monotonic() - 1.0, False)):
        seen.clear()
        bot = make_bot("finding", "hard", 99)
        a = bot.choose(st.view(p), p, deadline)
        assert a in st.legal_actions(p)
        assert (len(seen) > 1) is deep, len(seen)


def test_facts_that_do_not_fit_in_the_time_wait_for_the_next_decision():
    # a surfacing can place many readings at once: the belief takes what fits and stays exact
    from ai.finding.mind import CHART, Mind

    st, p = _mid_game(11)
    view = st.view(p)
    assert view.located_facts(p)
    late = Mind(p, CHART)
    late.update(view, stop=time.monotonic() - 1.0)
    assert late.held == set()
    on_time = Mind(p, CHART)
    full = on_time.update(view)
    assert late.update(view).city_probabilities() == full.city_probabilities()
    assert late.held == on_time.held
