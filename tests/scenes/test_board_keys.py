"""One keyboard table per board (scenes/board_keys.py): every key a board answers is on its
Help page, and the keys every board shares (L, H/F1, Tab) do the same on all three, pressed
as a person presses them."""

from __future__ import annotations

import importlib

import pygame
import pytest
from conftest import frames, key, open_scene

from scenes.board_keys import COMMON, KeyBinding, KeyTable
from scenes.boards import board_for
from scenes.help_pages import page
from scenes.help_scene import HelpScene
from scenes.session import GameSession
from tools.history_games import TABLES

GAMES = ("rising", "guards", "finding")


@pytest.mark.parametrize("game", GAMES)
def test_the_help_page_lists_every_key_of_the_boards_table(game):
    table = importlib.import_module(f"scenes.{game}.keys").KEYS
    text = page(game)
    for binding in table.bindings:
        assert f"{binding.label} — {binding.words}" in text, binding.label
    assert {b.command for b in COMMON} <= {b.command for b in table.bindings}


def test_a_key_bound_twice_is_refused():
    with pytest.raises(ValueError):
        KeyTable(
            KeyBinding((pygame.K_a,), "A", "one", "one"),
            KeyBinding((pygame.K_a,), "A", "two", "two"),
        )


@pytest.mark.parametrize("game", GAMES)
def test_l_h_and_tab_do_the_same_on_every_board(app, game, monkeypatch):
    from scenes import session as session_mod

    class NoRunner:  # nobody thinks: the board waits for the person
        def __getattr__(self, name):
            return lambda *a, **k: None

    monkeypatch.setattr(session_mod, "default_runner", lambda: NoRunner())
    seats, options, seed = TABLES[game]
    s = GameSession.new(game, seats, options, seed=seed, autosave=False)
    board = board_for(game)(app, s)
    open_scene(app, board)
    frames(app, 2)
    opened = lambda: getattr(board.log, "open", getattr(board.log, "expanded", None))  # noqa: E731
    before = opened()
    key(app, pygame.K_l)
    assert opened() is (not before)
    key(app, pygame.K_l)
    assert opened() is before
    skipped = []
    monkeypatch.setattr(board.anim, "skip", lambda: skipped.append(1))
    key(app, pygame.K_TAB)
    assert skipped
    key(app, pygame.K_h)
    frames(app, 2)
    assert isinstance(app.stack.top, HelpScene)
