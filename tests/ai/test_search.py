"""The shared search and the bot registry: always legal, hidden information respected, stronger
than random. Time is only ever a budget here; speed is measured by the benchmark, not asserted."""

from __future__ import annotations

import random
import sys
import time
import types

import pytest
from toygame import FULL, ToyState, evaluate

import ai
from ai import bots as bots_mod
from ai import match
from ai.bots import GreedyBot, RandomBot, SearchBot, make_bot, register_policy
from ai.search import greedy, ismcts
from game.core import registry


def far() -> float:
    return time.monotonic() + 60.0


def states(seed: int, n: int = 3, mode: str = "versus") -> list[ToyState]:
    """Positions from one random game: every decision point, including mid-bid ones."""
    rng = random.Random(seed)
    state = ToyState(n, seed, mode=mode)
    out = []
    while (dec := state.decision()) is not None:
        out.append(state.clone())
        p = dec.players[rng.randrange(len(dec.players))]
        state.apply(rng.choice(state.legal_actions(p)))
    return out


@pytest.mark.parametrize("mode", ["versus", "teams", "coop"])
def test_search_returns_legal_actions_everywhere(mode):
    for state in states(1, 4, mode)[::3]:
        for p in state.decision().players:
            view = state.view(p)
            result = ismcts(view, p, far(), rng=random.Random(p), max_iterations=40,
                            cooperative=mode == "coop")  # fmt: skip
            assert result.action in state.legal_actions(p)


def test_search_with_no_time_left_still_answers_legally():
    for state in states(2)[::4]:
        p = state.decision().players[-1]
        result = ismcts(state.view(p), p, time.monotonic() - 1.0)
        assert result.action in state.legal_actions(p)
        assert result.iterations == 0


def test_search_stops_when_asked():
    state = ToyState(3, 3)
    result = ismcts(state.view(0), 0, far(), lambda: True)
    assert result.action in state.legal_actions(0) and result.iterations == 0


def test_search_finishes_its_budget_and_counts_iterations():
    state = ToyState(2, 3)
    result = ismcts(state.view(0), 0, time.monotonic() + 0.2)
    assert result.action in state.legal_actions(0)
    assert result.iterations > 0
    assert sum(v for v, _ in result.stats.values()) == result.iterations


def test_cut_off_rollouts_need_an_evaluation():
    state = ToyState(2, 3)
    with pytest.raises(ValueError, match="evaluate"):
        ismcts(state.view(0), 0, far(), rollout_depth=4)
    result = ismcts(state.view(0), 0, far(), rollout_depth=4, evaluate=evaluate, max_iterations=50)
    assert result.action in state.legal_actions(0)


def test_reused_worlds_and_a_custom_rollout_policy():
    state = states(4)[5]
    p = state.decision().players[0]
    seen = []

    def first_legal(world, player, rng):
        seen.append(world)
        return world.legal_actions(player)[0]

    result = ismcts(state.view(p), p, far(), rollout_policy=first_legal, worlds=3,
                    max_iterations=30)  # fmt: skip
    assert result.action in state.legal_actions(p) and seen


def test_searching_for_a_seat_with_nothing_to_decide_is_an_error():
    state = ToyState(2, 3)
    state.apply(state.legal_actions(0)[0])
    with pytest.raises(ValueError, match="nothing to decide"):
        ismcts(state.view(0), 0, far())


def test_search_only_ever_sees_determinized_worlds_of_the_view():
    """Worlds the search plays in come from the view: they never equal the hidden truth
    systematically, and the truth's own random generator is never used."""
    state = ToyState(2, 21)
    view = state.view(0)
    worlds = []

    def spy(world, player, rng):
        worlds.append(world)
        return world.legal_actions(player)[0]

    ismcts(view, 0, far(), rollout_policy=spy, max_iterations=30, rng=random.Random(1))
    assert worlds and all(w.observer == FULL for w in worlds)
    assert len({tuple(w.hands[1]) for w in worlds}) > 1  # sampled, not read


def test_greedy_is_legal_and_prefers_what_the_score_prefers():
    state = ToyState(2, 3)
    for _ in range(2):  # both offers made: now seat 0 acts
        dec = state.decision()
        state.apply(state.legal_actions(dec.players[0])[0])
    p = state.decision().players[0]

    def likes_cards(s, player):
        return len(s.hands[player])

    assert greedy(state.view(p), p, likes_cards).kind == "draw"
    assert greedy(state.view(p), p, likes_cards, deadline=time.monotonic() - 1) in (
        state.legal_actions(p)
    )


def play(bots, seed: int, n: int = 2, mode: str = "versus") -> list[float]:
    state = ToyState(n, seed, mode=mode)
    match.play(state, bots, 60.0)  # validates: bots must answer legally
    return state.returns()


def test_search_beats_random_on_the_toy_game():
    """Deterministic (iteration-capped, seeded); observed 0.77-0.88 over such runs."""
    games = 20
    score = 0.0
    for g in range(games):
        search = SearchBot("hard", g, max_iterations=200)
        seats = [search, RandomBot(seed=g)] if g % 2 == 0 else [RandomBot(seed=g), search]
        score += play(seats, 1000 + g)[g % 2]
    assert score / games >= 0.65


def test_random_bots_are_legal_and_seeded():
    for game_id in ("toy", "toy_teams", "toy_coop"):
        bots = [make_bot(game_id, "random", s) for s in range(4)]
        assert len(play(bots, 5, 4, {"toy": "versus"}.get(game_id, game_id[4:]))) == 4
    a, b = make_bot("toy", "random", 9), make_bot("toy", "random", 9)
    view = ToyState(2, 1).view(0)
    assert [a.choose(view, 0, 0) for _ in range(5)] == [b.choose(view, 0, 0) for _ in range(5)]


def test_levels_come_from_the_registered_policy():
    assert isinstance(make_bot("toy", "easy"), GreedyBot)
    assert isinstance(make_bot("toy", "hard"), SearchBot)
    assert make_bot("toy", "normal").level == "normal"


@pytest.mark.parametrize(
    ("game_id", "level", "message"),
    [("toy", "godlike", "unknown bot level"), ("no_such_game", "random", "unknown game")],
)
def test_unknown_levels_and_games_are_clear_errors(game_id, level, message):
    with pytest.raises(ValueError, match=message):
        make_bot(game_id, level)


def test_a_game_without_a_policy_module_gets_generic_search_bots(monkeypatch):
    spec = registry.GameSpec("toy_plain", "Plain", "test", 2, 4, registry.get("toy").new_game)
    monkeypatch.setitem(registry._GAMES, "toy_plain", spec)
    bot = make_bot("toy_plain", "normal", 1)
    assert isinstance(bot, SearchBot)
    state = ToyState(2, 2)
    assert bot.choose(state.view(0), 0, time.monotonic() + 0.05) in state.legal_actions(0)


def test_policy_modules_are_imported_lazily(tmp_path, monkeypatch):
    (tmp_path / "toy_lazy.py").write_text(
        "from ai.bots import RandomBot, register_policy\n"
        "register_policy('toy_lazy', lambda level, seed: RandomBot(level, seed))\n"
    )
    monkeypatch.setattr(ai, "__path__", [*ai.__path__, str(tmp_path)])
    monkeypatch.setattr(bots_mod, "_POLICIES", dict(bots_mod._POLICIES))
    monkeypatch.setattr(bots_mod, "_LOOKED_UP", set())
    monkeypatch.delitem(sys.modules, "ai.toy_lazy", raising=False)
    assert "toy_lazy" not in bots_mod._POLICIES
    assert make_bot("toy_lazy", "hard").level == "hard"
    assert isinstance(sys.modules["ai.toy_lazy"], types.ModuleType)


def test_registering_a_policy_replaces_the_old_one(monkeypatch):
    monkeypatch.setattr(bots_mod, "_POLICIES", dict(bots_mod._POLICIES))
    register_policy("toy", lambda level, seed: RandomBot(level, seed))
    assert isinstance(make_bot("toy", "hard"), RandomBot)
