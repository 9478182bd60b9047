"""Which games have a board scene, and how to open one.

A game is *playable* (offered on the setup screen, resumable, loadable) only when its engine is
registered in ``game.core.registry`` **and** a board scene is registered here. A game's scene
package registers its board with everything else it shows, in one place
(``scenes/<game>/registration.py``, see :mod:`scenes.game_ui`); the built-in ones are loaded
on first use, and a missing one is simply not offered. Tests register toy boards directly.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from game.core import registry
from game.core.registry import GameSpec
from scenes.palette import SeatStyle, seat_styles, style_by_name

if TYPE_CHECKING:
    from scenes.app import App
    from scenes.session import GameSession
    from scenes.stack import Scene

BoardFactory = Callable[["App", "GameSession"], "Scene"]

_BOARDS: dict[str, BoardFactory] = {}


def register_board(game_id: str, factory: BoardFactory) -> BoardFactory:
    """Make ``game_id`` playable with ``factory(app, session)`` building its board scene."""
    _BOARDS[game_id] = factory
    return factory


def unregister_board(game_id: str) -> None:
    """Remove a board (tests use it to clean up after themselves)."""
    _BOARDS.pop(game_id, None)


def _load_builtin() -> None:
    from scenes import game_ui

    game_ui.load_builtin()


def board_for(game_id: str) -> BoardFactory | None:
    _load_builtin()
    return _BOARDS.get(game_id)


def seat_colour_names(spec: GameSpec, colourblind: bool) -> list[str]:
    """The colours a seat of ``spec`` can take: the game's own (Rising's councilors are orange,
    blue …) or else the shared palette's."""
    if spec.colours:
        return list(spec.colours)
    return [s.name for s in seat_styles(colourblind)]


def seat_colour_style(game_id: str, colour: str, seat: int, colourblind: bool) -> SeatStyle:
    """A seat's colour as ``game_id``'s board draws it (its ``colour_style``, else the palette's),
    so setup and settings show the very colours a player meets on the board."""
    board_style = getattr(board_for(game_id), "colour_style", None)
    if board_style is not None:
        return board_style(colour, seat, colourblind)
    return style_by_name(colour, colourblind, seat)


def seat_colour_styles(spec: GameSpec, colourblind: bool) -> list[SeatStyle]:
    """Every colour a seat of ``spec`` can take, drawn as its board draws it."""
    names = seat_colour_names(spec, colourblind)
    return [seat_colour_style(spec.game_id, n, i, colourblind) for i, n in enumerate(names)]


def playable_games() -> list[GameSpec]:
    """Games with both an engine and a board: the built-in ones in their fixed order, then any
    other (a test's toy game) in registry order.

    The order must not follow whichever engine happened to be imported first, or the setup
    screen's first game would change with the import order."""
    from scenes.game_ui import BUILTIN_GAMES

    _load_builtin()
    specs = [spec for spec in registry.games() if spec.game_id in _BOARDS]
    rank = {game_id: i for i, game_id in enumerate(BUILTIN_GAMES)}
    return sorted(specs, key=lambda spec: rank.get(spec.game_id, len(rank)))


def why_not_playable(game_id: str) -> str | None:
    """None if the game can be opened; otherwise a sentence saying why not."""
    try:
        spec = registry.get(game_id)
    except KeyError:
        return f"This version has no game called {game_id!r}."
    if board_for(game_id) is None:
        return f"{spec.title} cannot be shown on screen in this version yet (its board is still being made)."
    return None
