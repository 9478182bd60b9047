"""Which games have a board scene, and how to open one.

A game is *playable* (offered on the setup screen, resumable, loadable) only when its engine is
registered in ``game.core.registry`` **and** a board scene is registered here. A game's board
module is ``scenes.<game_id>.board``, inside the game's own scene package, and registers itself on
import::

    # scenes/rising/board.py
    from scenes.board_base import BoardScene
    from scenes.boards import register_board

    class RisingBoard(BoardScene):
        ...

    register_board("rising", RisingBoard)   # factory(app, session) -> Scene

The modules in ``BUILTIN_BOARD_MODULES`` are imported on first use; a missing one (or a missing
game package) is simply not offered.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import TYPE_CHECKING

from game.core import registry
from game.core.registry import GameSpec

if TYPE_CHECKING:
    from scenes.app import App
    from scenes.session import GameSession
    from scenes.stack import Scene

BoardFactory = Callable[["App", "GameSession"], "Scene"]

BUILTIN_GAMES = ("rising", "guards", "finding")


def board_module(game_id: str) -> str:
    """Where a game's board scene lives: ``scenes/<game_id>/board.py``."""
    return f"scenes.{game_id}.board"


BUILTIN_BOARD_MODULES = tuple(board_module(g) for g in BUILTIN_GAMES)

_BOARDS: dict[str, BoardFactory] = {}
_loaded = False


def register_board(game_id: str, factory: BoardFactory) -> BoardFactory:
    """Make ``game_id`` playable with ``factory(app, session)`` building its board scene."""
    _BOARDS[game_id] = factory
    return factory


def unregister_board(game_id: str) -> None:
    """Remove a board (tests use it to clean up after themselves)."""
    _BOARDS.pop(game_id, None)


def _load_builtin() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    for module in BUILTIN_BOARD_MODULES:
        try:
            importlib.import_module(module)
        except ModuleNotFoundError as exc:
            if exc.name not in (module, module.rpartition(".")[0]):
                raise


def board_for(game_id: str) -> BoardFactory | None:
    _load_builtin()
    return _BOARDS.get(game_id)


def playable_games() -> list[GameSpec]:
    """Games with both an engine and a board, in registry order."""
    _load_builtin()
    return [spec for spec in registry.games() if spec.game_id in _BOARDS]


def why_not_playable(game_id: str) -> str | None:
    """None if the game can be opened; otherwise a sentence saying why not."""
    try:
        spec = registry.get(game_id)
    except KeyError:
        return f"This version has no game called {game_id!r}."
    if board_for(game_id) is None:
        return f"{spec.title} cannot be shown on screen in this version yet (its board is still being made)."
    return None
