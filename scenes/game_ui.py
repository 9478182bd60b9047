"""Everything of one game that the shell shows, registered in one place.

A game's scene package holds one module, ``scenes/<game_id>/registration.py``, that calls
:func:`register_game_ui` once with the game's board, results table, help page and screenshot
positions. The shared scenes look a game's parts up through the tables this fills
(:mod:`scenes.boards`, :mod:`scenes.results_rows`, :mod:`scenes.help_pages`) and never name a
game's modules; a new game adds its packages and its id in :data:`game.GAMES`, nothing else.
The engine side (rules, options, action wording) registers in :mod:`game.core.registry`.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from game import GAMES

if TYPE_CHECKING:
    from scenes.app import App
    from scenes.boards import BoardFactory
    from scenes.results_rows import RowsFn
    from scenes.session import GameSession
    from scenes.stack import Scene

#: the games whose scene packages the shell looks for (a missing package is simply not offered):
#: the engines' own list, so a new game is named in one place
BUILTIN_GAMES = GAMES

Shot = tuple[str, "Callable[[App], Scene]"]
"""A named screenshot position: ``(name, make(app) -> scene to show)``."""


@dataclass(frozen=True)
class GameUI:
    """A game's screens: ``board(app, session)`` is required, the rest is optional."""

    game_id: str
    board: BoardFactory
    #: the game's own results table (the shell's default table otherwise)
    results: RowsFn | None = None
    #: the game's own results screen, ``results_scene(app, session)`` (the shell's otherwise)
    results_scene: Callable[[App, GameSession], Scene] | None = None
    #: the help page: its title and a function returning pygame-gui HTML (read when shown)
    help_title: str = ""
    help_page: Callable[[], str] | None = None
    #: board positions for tools/screenshots.py, made on demand (they build sessions)
    shots: Callable[[], Sequence[Shot]] | None = None
    #: what the setup screen calls the game's bots ("Bot · hard", "U-Bot · hard")
    bot_word: str = "Bot"
    #: a guided first game, offered on the setup screen: ``tutorial(app) -> scene``
    tutorial: Callable[[App], Scene] | None = None


_UIS: dict[str, GameUI] = {}
_loaded = False


def register_game_ui(ui: GameUI) -> GameUI:
    """Make ``ui.game_id`` playable on screen: board, results, help page and screenshots."""
    from scenes import boards, help_pages, results_rows

    _UIS[ui.game_id] = ui
    boards.register_board(ui.game_id, ui.board)
    if ui.results is not None:
        results_rows.register_results(ui.game_id, ui.results)
    if ui.help_page is not None:
        help_pages.register_help(ui.game_id, ui.help_title or ui.game_id, ui.help_page)
    return ui


def unregister_game_ui(game_id: str) -> None:
    """Take a game's screens out (a test of a version that does not offer it);
    :func:`register_game_ui` with its ``registration.UI`` puts them back."""
    from scenes import boards, help_pages, results_rows

    _UIS.pop(game_id, None)
    boards.unregister_board(game_id)
    help_pages._PAGES.pop(game_id, None)
    results_rows.unregister_results(game_id)


def registration_module(game_id: str) -> str:
    return f"scenes.{game_id}.registration"


def load_builtin() -> None:
    """Import every built-in game's registration module once (missing games are skipped)."""
    global _loaded
    if _loaded:
        return
    _loaded = True
    for game_id in BUILTIN_GAMES:
        module = registration_module(game_id)
        try:
            importlib.import_module(module)
        except ModuleNotFoundError as exc:
            if exc.name not in (module, module.rpartition(".")[0]):
                raise


def game_uis() -> list[GameUI]:
    """Every registered game's screens, in registration order."""
    load_builtin()
    return list(_UIS.values())


def game_ui(game_id: str) -> GameUI | None:
    load_builtin()
    return _UIS.get(game_id)
