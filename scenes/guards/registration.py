"""Guards of Atlantis's one entry into the shell: its board, help page, tutorial and pictures.

The shell imports every built-in game's registration module; importing this one registers the
board when ``OFFERED`` (the setup screen then lists Guards). Tests that take the board out
put back what the menus offer with :func:`restore`.
"""

from __future__ import annotations

import os
from collections.abc import Sequence

from scenes.game_ui import GameUI, Shot, register_game_ui

#: whether the menus offer Guards (False keeps a game that is not ready out of the setup screen)
OFFERED = True


def register() -> GameUI:
    """Register the Guards board, help page and bot name with the shell (idempotent)."""
    from scenes.guards import help_text
    from scenes.guards.board import GuardsBoard

    return register_game_ui(
        GameUI(
            "guards",
            board=GuardsBoard,
            help_title=help_text.TITLE,
            help_page=help_text.page,
            bot_word="Bot",
            shots=_shots,
            tutorial=_tutorial,
        )
    )


def _tutorial(app):
    from scenes.guards.tutorial import start

    return start(app)


def _shots() -> Sequence[Shot]:
    from scenes.guards.shots import SHOTS

    return SHOTS


def restore() -> None:
    """Back to what the menus offer (tests that took the board out clean up with this)."""
    if OFFERED:
        register()
    else:
        unregister()


def unregister() -> None:
    """Take the board out (a test of the shell without Guards; :func:`restore` undoes it)."""
    from scenes import boards, game_ui, help_pages

    boards.unregister_board("guards")
    game_ui._UIS.pop("guards", None)
    help_pages._PAGES.pop("guards", None)


# ``make screenshots`` takes Guards's pictures in a run of its own (ATLANTIS_SHOTS=guards)
if OFFERED or os.environ.get("ATLANTIS_SHOTS") == "guards":
    register()
