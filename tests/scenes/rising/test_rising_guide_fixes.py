"""Issue 29's Rising board fixes, by a person's mouse through ``App.step``: tile tooltips give
the target the player would really need (the Explorer's cut, as the guide says it), Medusa's
gaze and a played card ask for a second click with what will happen in words, and the pop-ups
and banners keep clear of what they ask about."""

from __future__ import annotations

import pygame
from rising_ui import event, open_board, settle

from game.core.saves import Seat
from game.rising.island import SPOT_INDEX, VALUE
from scenes.rising import island_view as iv
from scenes.rising.board import RisingBoard
from scenes.session import GameSession


def _people(n: int, seed: int, options: dict | None = None) -> GameSession:
    seats = [Seat(f"Person {i + 1}", "human", "easy", "") for i in range(n)]
    return GameSession.new("rising", seats, seed=seed, autosave=False, options=options or {})


def _hover(app, pos) -> None:
    for dx in (1, 0):  # a real pointer arrives with a motion, then rests
        p = (pos[0] + dx, pos[1])
        app.step([event(pygame.MOUSEMOTION, pos=p, rel=(1, 0), buttons=(0, 0, 0))], 1 / 60)


def test_a_resource_tiles_tooltip_gives_the_explorers_own_target(app):
    board: RisingBoard = open_board(app, _people(2, seed=5))
    settle(app, board)
    assert board.human == 0 and board.view.councilor[0] == 0  # seat 1 plays the Explorer
    for spot in ("mountains-1", "hills-2", "forests-3"):
        t = SPOT_INDEX[spot]
        cx, cy = iv.spot_center(spot)
        _hover(app, (int(cx), int(cy)))
        printed, yours = VALUE[t]["target"], board.view.target(0, t)
        assert yours == max(2, printed - 1)
        assert board.hover == spot
        assert f"rolls a die: {yours} or more" in board.tip, board.tip
        if yours != printed:
            assert f"Printed {printed}+; Person 1's target is {yours} now" in board.tip
