"""Finding Atlantis's one entry into the shell: its board, results and help page."""

from __future__ import annotations

from scenes.finding import help_text
from scenes.finding.board import FindingBoard
from scenes.finding.results import finding_results
from scenes.game_ui import GameUI, register_game_ui

register_game_ui(
    GameUI(
        "finding",
        board=FindingBoard,
        results=finding_results,
        help_title=help_text.TITLE,
        help_page=help_text.page,
        bot_word="U-Bot",
    )
)
