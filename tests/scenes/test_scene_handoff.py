"""Hot-seat privacy: the hand-off screen shows nothing of the board below it."""

from __future__ import annotations

import pygame
from conftest import frames, open_scene
from scene_toy import GAME_ID, MAGENTA, FakeRunner, ToyBoard

from game.core.saves import Seat
from scenes.handoff_scene import HandoffScene
from scenes.palette import seat_style
from scenes.session import GameSession


def magenta_pixels(surface: pygame.Surface) -> int:
    mask = pygame.mask.from_threshold(surface, MAGENTA, (8, 8, 8, 255))
    return mask.count()


def test_the_board_paints_magenta_without_a_handoff(app, toy_game):
    session = GameSession.new(
        GAME_ID, [Seat("Ana"), Seat("Bo", "bot")], {"rounds": "1"}, 1, runner_factory=FakeRunner
    )
    open_scene(app, ToyBoard(app, session))
    frames(app, 2)
    assert magenta_pixels(app.canvas) > 0.9 * 1280 * 720


def test_handoff_hides_every_pixel_of_the_board(app, toy_game):
    session = GameSession.new(
        GAME_ID, [Seat("Ana"), Seat("Bo")], {"rounds": "1"}, 1, runner_factory=FakeRunner
    )
    board = ToyBoard(app, session)
    open_scene(app, board)
    frames(app, 3)
    assert isinstance(app.stack.top, HandoffScene)
    for _ in range(30):  # the sea moves; at no moment may the board show through
        frames(app, 1)
        assert magenta_pixels(app.canvas) == 0


def test_handoff_over_an_overlay_and_pause_stays_private(app, toy_game):
    session = GameSession.new(
        GAME_ID, [Seat("Ana"), Seat("Bo")], {"rounds": "1"}, 1, runner_factory=FakeRunner
    )
    open_scene(app, ToyBoard(app, session))
    frames(app, 3)
    esc = pygame.event.Event(
        pygame.KEYDOWN, {"key": pygame.K_ESCAPE, "mod": 0, "unicode": "", "scancode": 0}
    )
    frames(app, 2, [esc])
    assert app.stack.top.__class__.__name__ == "PauseScene"
    assert magenta_pixels(app.canvas) == 0


def test_handoff_names_the_player_and_waits_for_ready(app):
    ready = []
    scene = HandoffScene(app, "Leukippe", seat_style(2, True), lambda: ready.append(1))
    open_scene(app, scene)
    frames(app, 5)
    assert not ready and "Leukippe" in scene.ready.text
