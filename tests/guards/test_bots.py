"""The Guards of Atlantis bots: they finish games, answer every decision legally from their own
view, never depend on another seat's face-down card, and the levels are ordered."""

from __future__ import annotations

import json
import random
from argparse import Namespace
from functools import cache

import pytest

from ai.bots import make_bot
from ai.guards.bots import GuardsBot
from ai.match import play
from ai.simulate import run_cli, simulate
from game.core import registry
from game.core.hidden import HIDDEN
from game.guards.turns import playing

SPEC = registry.get("guards")
KINDS = {"pick", "ban", "recruit", "place", "play", "first", "act", "move", "fast", "choose",
         "defend", "remove", "level"}  # fmt: skip


def _game(players: int, seed: int, **options: str):
    return SPEC.create(players, options, seed)


def _lineup(st, levels: tuple[str, str], seed: int) -> list:
    """Titans at the first level, Atlanteans at the second."""
    return [make_bot("guards", levels[st.seat_team[s]], seed * 31 + s) for s in range(st.n)]


@pytest.mark.parametrize(
    ("level", "players", "board"),
    [
        ("easy", 2, "one_lane"), ("easy", 5, "one_lane"), ("easy", 10, "two_lane"),
        ("normal", 4, "one_lane"), ("normal", 6, "two_lane"), ("normal", 9, "two_lane"),
        ("hard", 2, "one_lane"), ("hard", 5, "one_lane"), ("hard", 4, "two_lane"),
    ],
)  # fmt: skip
def test_each_level_finishes_games_on_both_boards(level, players, board):
    # against random play so the game is short; the level under test sits on both sides in turn
    for side in (0, 1):
        st = _game(players, 40 + side, board=board)
        levels = (level, "random") if side == 0 else ("random", level)
        play(st, _lineup(st, levels, 7), budget=5.0)
        assert st.decision() is None
        assert st.winner == side, f"{level} lost to random play on {board} with {players}"
        assert st.win_how in ("throne", "towers")


@cache
def _positions(per_kind: int = 3) -> dict[str, list]:
    """Real decisions of every kind, gathered from random games in every selection mode."""
    found: dict[str, list] = {k: [] for k in KINDS}
    rng = random.Random(5)
    settings = [(6, "pick"), (5, "limited"), (8, "captains"), (4, "draft"), (10, "pick"),
                (3, "pick"), (6, "limited")]  # fmt: skip
    for seed, (players, mode) in enumerate(settings * 3):
        st = _game(players, seed, selection=mode)
        while (dec := st.decision()) is not None:
            p = dec.players[rng.randrange(len(dec.players))]
            legal = st.legal_actions(p)
            bucket = found[dec.kind]
            if len(legal) > 1 and len(bucket) < per_kind and rng.random() < 0.2:
                bucket.append((st.clone(), p))
            st.apply(legal[rng.randrange(len(legal))])
        if all(len(v) >= per_kind for v in found.values()):
            break
    return found


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_every_decision_kind_is_answered_with_a_legal_action(level):
    positions = _positions()
    assert all(positions[k] for k in KINDS), {k for k in KINDS if not positions[k]}
    for kind, cases in positions.items():
        for st, player in cases:
            bot = make_bot("guards", level, 3)
            view = st.view(player)
            a = bot.choose(view, player, float("inf"))
            assert a in st.legal_actions(player), (kind, a)
            st.clone().apply(a)  # the real game takes it


def _play_positions_with_hidden_cards(limit: int = 6) -> list:
    """Card choices where another seat has already committed its face-down card."""
    out = []
    rng = random.Random(2)
    for seed in range(6):
        st = _game(6, seed)
        while (dec := st.decision()) is not None and len(out) < limit:
            p = dec.players[-1]
            if dec.kind == "play" and len(dec.players) < 6 and st.round >= 2:
                hidden = [h for h in st.heroes if st.commit[h] not in (None,)]
                if hidden and rng.random() < 0.3:
                    out.append((st.clone(), p, hidden))
            legal = st.legal_actions(dec.players[0])
            st.apply(legal[rng.randrange(len(legal))])
    return out


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_a_bot_plays_the_same_whatever_another_seat_has_face_down(level):
    cases = _play_positions_with_hidden_cards()
    assert cases
    for st, player, hidden in cases:
        answers = set()
        h = hidden[0]
        for col in st.hand[h]:
            real = st.clone()
            real.commit[h] = col  # the other seat's secret card, every one it could be
            view = real.view(player)
            assert view.commit[h] == HIDDEN
            bot = GuardsBot(level, 9)
            answers.add(bot.choose(view, player, float("inf")))
        assert len(answers) == 1


def test_the_views_a_bot_is_given_hold_no_other_seats_card():
    seen = []

    class Spy(GuardsBot):
        def choose(self, view, player, deadline, should_stop=lambda: False):
            if view.phase == "play":
                others = [c for h, c in enumerate(view.commit) if view.seat_of[h] != player]
                seen.append(all(c in (None, HIDDEN) for c in others))
            return super().choose(view, player, deadline, should_stop)

    st = _game(4, 3)
    play(st, [Spy("hard" if st.seat_team[s] == 0 else "easy", s) for s in range(4)], budget=5.0)
    assert st.decision() is None and seen and all(seen)


def test_a_hard_bot_is_deterministic_for_its_seed():
    cases = _play_positions_with_hidden_cards(3)
    for st, player, _ in cases:
        view = st.view(player)
        a = GuardsBot("hard", 4).choose(view, player, float("inf"))
        b = GuardsBot("hard", 4).choose(view, player, float("inf"))
        assert a == b
        assert len(playing(st, player)) == len(a["cards"])


def _win_rate(levels: str, games: int, players: int) -> float:
    rep = simulate("guards", players, levels.split(","), games, seed=3, budget=5.0)
    assert rep["errors"] == 0, rep.get("first_error")
    return rep["win_rate"][next(iter(rep["win_rate"]))]


def test_easy_beats_random_play():
    assert _win_rate("easy,random", 20, 4) >= 0.6


@pytest.mark.slow
def test_normal_beats_easy():
    assert _win_rate("normal,easy", 20, 4) >= 0.6


def test_simulate_runs_a_team_level_per_side_at_an_odd_table(capsys):
    # python main.py simulate guards --players 5 --bots hard,normal --games 1 --json
    args = Namespace(game="guards", players=5, bots="hard,normal", games=1, seed=0,
                     option=None, budget=2.0, json=True)  # fmt: skip
    assert run_cli(args) == 0
    rep = json.loads(capsys.readouterr().out)
    assert rep["errors"] == 0 and rep["sides"] == "team"
    assert rep["teams"] == {"Titans": [1, 3, 5], "Atlanteans": [2, 4]}
    assert sum(rep["win_rate"].values()) + rep["draws"] == 1.0


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_a_bot_answers_both_steps_of_a_move_with_one_complete_choice(level):
    from ai.guards import moves
    from ai.guards.bots import KEEP
    from game.guards.legal import act_moves

    cases = list(_positions(6)["act"])
    assert cases
    for st, player in cases:
        view = st.view(player)
        full = act_moves(view, player)
        team = view.seat_team[player]
        if level == "easy":
            want = moves.quick_act(view, full)
        else:  # the same look over the same complete actions as before the two steps
            want = moves.greedy(view, full, team, keep=KEEP[level])
        bot = make_bot("guards", level, 3)
        first = bot.choose(view, player, float("inf"))
        assert first == moves.step_of(st.legal_actions(player), want)
        w = st.clone()
        w.apply(first)
        if want.kind == "primary":
            continue
        second = bot.choose(w.view(player), player, float("inf"))
        assert second == want, "the destination is the one chosen with the kind"
        fresh = make_bot("guards", level, 4).choose(w.view(player), player, float("inf"))
        assert fresh in w.legal_actions(player)  # a bot that did not see the first step
