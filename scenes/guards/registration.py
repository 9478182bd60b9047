"""Guards of Atlantis's one entry into the shell: its board and help page.

Not offered in the menus yet: importing this module registers nothing (the shell imports
every built-in game's registration module), so the setup screen does not list Guards until
the whole on-screen issue holds. :func:`register` makes the board known; tests call it, and
the coordinator turns it on for everyone by calling it here at import once Guards is ready.
"""

from __future__ import annotations

import os
from collections.abc import Sequence

from scenes.game_ui import GameUI, Shot, register_game_ui

#: flip to True (or call register() at import) when Guards is to be offered in the menus
OFFERED = False


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


def unregister() -> None:
    """Take the board out again (tests clean up after themselves)."""
    from scenes import boards, game_ui, help_pages

    boards.unregister_board("guards")
    game_ui._UIS.pop("guards", None)
    help_pages._PAGES.pop("guards", None)


# ``make screenshots`` takes Guards's pictures in a run of its own (ATLANTIS_SHOTS=guards)
if OFFERED or os.environ.get("ATLANTIS_SHOTS") == "guards":
    register()
