"""Finding Atlantis's one entry into the shell: its board, results, help page, screenshots and
tutorial."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from scenes.finding import help_text
from scenes.finding.board import FindingBoard
from scenes.finding.results import FindingResults, finding_results
from scenes.game_ui import GameUI, Shot, register_game_ui

if TYPE_CHECKING:
    from scenes.app import App
    from scenes.stack import Scene


def _shots() -> Sequence[Shot]:
    from scenes.finding.shots import SHOTS

    return SHOTS


def _tutorial(app: App) -> Scene:
    from scenes.finding.tutorial_board import TutorialBoard

    return TutorialBoard(app)


UI = register_game_ui(
    GameUI(
        "finding",
        board=FindingBoard,
        results=finding_results,
        results_scene=FindingResults,
        help_title=help_text.TITLE,
        help_page=help_text.page,
        bot_word="U-Bot",
        shots=_shots,
        tutorial=_tutorial,
    )
)
