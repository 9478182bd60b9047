"""Guards of Atlantis's one entry into the shell: its board, results, help page, tutorial and
pictures."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from scenes.game_ui import GameUI, Shot, register_game_ui
from scenes.guards import help_text
from scenes.guards.board import GuardsBoard
from scenes.guards.results import GuardsResults

if TYPE_CHECKING:
    from scenes.app import App
    from scenes.stack import Scene


def _shots() -> Sequence[Shot]:
    from scenes.guards.shots import SHOTS

    return SHOTS


def _tutorial(app: App) -> Scene:
    from scenes.guards.tutorial import start

    return start(app)


UI = register_game_ui(
    GameUI(
        "guards",
        board=GuardsBoard,
        results_scene=GuardsResults,
        help_title=help_text.TITLE,
        help_page=help_text.page,
        bot_word="Bot",
        shots=_shots,
        tutorial=_tutorial,
    )
)
