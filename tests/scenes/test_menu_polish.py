"""What a newcomer tripped over on the menus, checked on the frame they see: the seat colours
of Settings, the monster toggles, labels that fit at any size, drop-downs that open downwards."""

from __future__ import annotations

from collections import Counter

from conftest import frames, open_scene

from game.core.saves import Seat
from game.rising.councilors import COLOURS
from scenes.palette import INK
from scenes.settings_scene import SettingsScene


def _dominant(app, centre, r: int = 14) -> tuple[int, int, int]:
    """The most common colour around ``centre`` on the frame, the marker's outline left out."""
    cx, cy = centre
    seen = Counter(
        tuple(app.frame.get_at((x, y)))[:3]
        for x in range(cx - r, cx + r + 1)
        for y in range(cy - r, cy + r + 1)
    )
    for colour, _ in seen.most_common():
        if colour != INK:
            return colour
    raise AssertionError("nothing drawn")


def test_settings_seat_colours_are_the_councilor_colours_the_rising_board_draws(app):
    from scenes.rising.board import RisingBoard
    from scenes.session import GameSession

    seats = [Seat(f"P{i}", "human", "normal", c) for i, c in enumerate(COLOURS)]
    session = GameSession.new("rising", seats, seed=2, autosave=False)
    for colourblind in (False, True):
        app.settings.colourblind = colourblind
        board_colours = [s.rgb for s in RisingBoard(app, session).styles]
        scene = SettingsScene(app)
        open_scene(app, scene)
        frames(app, 1)
        centres = scene.swatch_centres()
        assert len(centres) == len(COLOURS)
        shown = [_dominant(app, c) for c in centres]
        assert shown == board_colours, colourblind
