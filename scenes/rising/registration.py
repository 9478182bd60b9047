"""Atlantis Rising's one entry into the shell: its board, results, help page and screenshots."""

from __future__ import annotations

from collections.abc import Sequence

from scenes.game_ui import GameUI, Shot, register_game_ui
from scenes.rising import help_text
from scenes.rising.board import RisingBoard
from scenes.rising.results import rising_results
from scenes.rising.results_screen import RisingResults


def _shots() -> Sequence[Shot]:
    from scenes.rising.shots import SHOTS

    return SHOTS


UI = register_game_ui(
    GameUI(
        "rising",
        board=RisingBoard,
        results=rising_results,
        results_scene=RisingResults,
        help_title=help_text.TITLE,
        help_page=help_text.page,
        shots=_shots,
    )
)
