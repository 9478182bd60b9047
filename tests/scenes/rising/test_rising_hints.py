"""The first-game guide's words: a hint for every decision a person can face, always a legal
move, worded from the advice of ``ai.rising.advisor`` (tests/rising/test_advisor.py tests the
advisor itself)."""

from __future__ import annotations

import random
import re
from collections import Counter

import pygame
import pytest
from conftest import key as press_key
from rising_ui import open_board

from ai.rising import advice_values, advisor
from game.core import registry
from game.rising.frames import decision_kinds
from game.rising.island import SPOT_INDEX
from scenes.rising import hints

HIGHLIGHT_PREFIXES = ("component:", "card:", "action:")


def _check(state, player, seen: Counter) -> None:
    view = state.view(player)
    h = hints.hint(view, player)
    kind = state.decision().kind
    assert h is not None, kind
    legal = state.legal_actions(player)
    assert h.action in legal, (kind, h.action)
    assert h.text and h.targets
    assert set(hints.action_targets(view, h.action)) <= set(h.targets)
    legal_targets = {t for a in legal for t in hints.action_targets(view, a)}
    for target in h.targets:
        assert target in legal_targets or target in SPOT_INDEX, (kind, target)
        assert target in SPOT_INDEX or target.startswith(HIGHLIGHT_PREFIXES), target
    for word in ("None", "{", "}"):
        assert word not in h.text, h.text
    seen[kind] += 1


def _play(seed: int, players: int, difficulty: str, seen: Counter, guided: bool) -> None:
    """One game: every decision gets a hint; the move is the hint's (guided) or random."""
    state = registry.get("rising").create(players, {"difficulty": difficulty}, seed)
    rng = random.Random(seed)
    while state.decision() is not None:
        player = state.decision().players[0]
        _check(state, player, seen)
        if guided and rng.random() < 0.8:
            action = hints.hint(state.view(player), player).action
        else:
            action = rng.choice(state.legal_actions(player))
        state.apply(action)


@pytest.mark.parametrize("use_bot", [True, False], ids=["bot-advised", "rules-of-thumb"])
def test_hints_exist_and_are_legal_in_many_games(monkeypatch, use_bot):
    monkeypatch.setattr(advisor, "USE_BOT", use_bot)
    seen: Counter = Counter()
    levels = ("easy", "normal", "hard", "cosmic")
    for seed in range(16):
        _play(seed, 2 + seed % 5, levels[seed % 4], seen, guided=seed % 2 == 0)
    # the common decisions all came up and were answered
    for kind in (
        "place",
        "flood_response",
        "pool_energy",
        "misfortune_choice",
        "production",
        "boost",
        "library_keep",
        "attack_tiles",
        "build",
    ):
        assert seen[kind] > 0, (kind, seen)
    assert set(seen) <= set(decision_kinds())


def test_no_hint_for_someone_not_deciding():
    state = registry.get("rising").create(3, {}, 5)
    deciding = state.decision().players[0]
    other = (deciding + 1) % 3
    assert hints.hint(state.view(other), other) is None


def test_placement_hint_explains_the_odds():
    state = registry.get("rising").create(2, {}, 7)
    while state.decision().kind != "place":
        p = state.decision().players[0]
        state.apply(state.legal_actions(p)[-1])
    p = state.decision().players[0]
    h = hints.hint(state.view(p), p)
    assert h.action.kind == "place"
    if h.action["at"].split("-")[0] in ("mountains", "hills", "forests"):
        assert "times in 6" in h.text and "target" in h.text


def test_place_names_read_well_and_match_the_log():
    from game.rising.island import SPOT_IDS, tile_name

    assert hints.place_name("hills-3") == "Hills 3"
    assert hints.place_name("centre") == "the Power Source"
    assert hints.place_name("navy") == "the Navy"
    # the guide, the buttons and the monster panel name every spot as the log does
    assert all(hints.place_name(s) == tile_name(t) for t, s in enumerate(SPOT_IDS))


def test_every_offered_move_can_be_explained():
    """The board may ask why for any legal move (e.g. on hover), not only the suggestion."""
    for seed in range(6):
        state = registry.get("rising").create(3, {}, seed)
        rng = random.Random(seed)
        while state.decision() is not None:
            player = state.decision().players[0]
            view = state.view(player)
            for action in state.legal_actions(player):
                text = hints.explain_move(view, player, action)
                assert text.endswith((".", ")")) and "{" not in text, (action, text)
            state.apply(rng.choice(state.legal_actions(player)))


def test_the_guide_survives_a_broken_bot(monkeypatch):
    import ai.rising

    def broken(*args, **kwargs):
        raise RuntimeError("bot under repair")

    monkeypatch.setattr(ai.rising, "rank", broken)
    state = registry.get("rising").create(2, {}, 3)
    p = state.decision().players[0]
    h = hints.hint(state.view(p), p)
    assert h is not None and h.action in state.legal_actions(p)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_round_one_guide_teaches_the_navy_before_the_first_attack(players):
    """A newcomer who follows the guide hears about the Navy at their first placement, while
    no attack has happened yet, and is pointed there while the Navy is short of the attack."""
    for seed in range(3):
        state = registry.get("rising").create(players, {}, seed)
        first: dict[int, str] = {}
        attacked = False
        while state.decision() is not None and state.round == 1:
            dec = state.decision()
            p = dec.players[0]
            h = hints.hint(state.view(p), p)
            if dec.kind == "place" and p not in first:
                assert not attacked
                first[p] = h.text
                if state.occ[SPOT_INDEX["navy"]].count(p) == 0 and advice_values.navy_short(state):
                    assert h.action["at"] == "navy" and "navy" in h.targets, h
            for e in state.apply(h.action):
                attacked = attacked or e.kind == "attack_resolved"
        assert len(first) == players
        for p, text in first.items():
            assert "Navy" in text and "attack" in text, (seed, p, text)


def test_the_navy_numbers_are_the_bots_own():
    from ai.rising import valuations as bot

    state = registry.get("rising").create(4, {}, 2)
    p = state.decision().players[0]
    while state.decision().kind != "place":
        state.apply(hints.hint(state.view(p), p).action)
        p = state.decision().players[0]
    view = state.view(p)
    text = hints.hint(view, p).text
    assert f"about {bot.expected_deficit(view):.1f} tiles would sink" in text
    assert f"saves about {bot.navy_margin(view):.1f}" in text


EMPTY_SUPPLY = re.compile(r"supply (has|holds) no|no \w+ left|supply is empty|runs? out")


def test_the_guide_never_speaks_of_an_empty_supply():
    """The resource supply is a bank that never runs out: no hint may say it is empty."""
    import inspect

    for module in (hints, advisor, advice_values):
        assert "supply has no" not in inspect.getsource(module)
    for seed in range(4):
        state = registry.get("rising").create(3, {}, seed)
        rng = random.Random(seed)
        while state.decision() is not None:
            p = state.decision().players[0]
            view = state.view(p)
            view.res_supply = [0, 0, 0, 0]  # even a drained bank changes no advice text
            for action in state.legal_actions(p):
                text = hints.explain_move(view, p, action).lower()
                assert not EMPTY_SUPPLY.search(text), (action, text)
            state.apply(rng.choice(state.legal_actions(p)))


def test_without_the_bot_the_guide_keeps_the_card_the_bots_value_most(monkeypatch):
    """One source of card values: the guide's own rule keeps what the normal bot would keep."""
    from ai.rising import rank

    monkeypatch.setattr(advisor, "USE_BOT", False)
    compared = 0
    for seed in range(12):
        state = registry.get("rising").create(4, {}, seed)
        rng = random.Random(seed)
        while (dec := state.decision()) is not None and compared < 12:
            p = dec.players[0]
            legal = state.legal_actions(p)
            if dec.kind == "library_keep" and len(legal) > 1:
                view = state.view(p)
                ranked = rank(view, p, "normal")
                if ranked[0][0] > ranked[1][0]:  # no tie to break
                    assert hints.hint(view, p).action == ranked[0][1]
                    compared += 1
            state.apply(rng.choice(legal))
    assert compared >= 5


# --- on the board: the advice is the AI layer's, the board only words and draws it ----------
def _drawn_guide(app, monkeypatch) -> list[str]:
    """The guide's lines drawn in the next frame (the words a person reads)."""
    from board_ui import drawn_texts

    from scenes.rising import board_drawing

    return drawn_texts(app, monkeypatch, board_drawing, "blit_text")


def test_the_board_shows_the_advisors_move_in_the_hints_words(app, monkeypatch):
    """The hint on the board is what ``ai.advice.advise("rising", ...)`` recommends, worded by
    ``scenes.rising.hints``: give the board another advisor and it shows that one's move."""
    from ai import advice
    from ai.runner import BotRunner
    from game.core.saves import Seat
    from scenes.rising.look import wrap
    from scenes.session import GameSession

    asked: list[tuple[int, int, object]] = []
    real = advice.advisor_for("rising")

    def spy_advisor(view, player, seed):
        got = real(view, player, seed)
        asked.append((player, seed, got))
        return got

    monkeypatch.setitem(advice._ADVISORS, "rising", spy_advisor)
    app.settings.animation_speed = "1x"
    seats = [Seat("Ana", "human", "random", ""), Seat("Ben", "human", "random", "")]
    session = GameSession.new(
        "rising", seats, seed=3, autosave=False, runner_factory=lambda: BotRunner(mode="inline")
    )
    board = open_board(app, session)
    assert board.guide_on and board.human == 0 and board.hint is not None
    player, seed, got = asked[-1]
    assert (player, seed) == (0, len(session.record.actions))
    assert board.hint.action == got.action
    assert board.hint.text == hints.explain(board.view, got)
    first = wrap(f"Guide: {board.hint.text}", 13, 700)[0]
    assert first in _drawn_guide(app, monkeypatch)

    # another advisor: the board follows its move and words its reasons
    other = next(a for a in board.legal if a != got.action and a.kind == "place")
    from ai.rising.advisor import advice_for

    monkeypatch.setitem(
        advice._ADVISORS, "rising", lambda view, p, seed: advice_for(view, p, other)
    )
    press_key(app, pygame.K_g)  # the guide off ...
    assert board.hint is None
    press_key(app, pygame.K_g)  # ... and on again: asked afresh
    assert board.hint.action == other
    assert board.hint.text == hints.explain_move(board.view, 0, other)
    assert set(board.hint.targets) == set(hints.action_targets(board.view, other))
    lines = _drawn_guide(app, monkeypatch)
    assert wrap(f"Guide: {board.hint.text}", 13, 700)[0] in lines

    # no advice: no guide line at all
    monkeypatch.setitem(advice._ADVISORS, "rising", lambda view, p, seed: None)
    press_key(app, pygame.K_g)
    press_key(app, pygame.K_g)
    assert board.guide_on and board.hint is None
    assert not any(line.startswith("Guide:") for line in _drawn_guide(app, monkeypatch))
