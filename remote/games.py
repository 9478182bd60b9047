"""Which module builds a game's page payload: the table's game id → ``remote.<game>.payload``.

A payload module offers ``payload(view, seat) -> dict`` (JSON-able: everything that seat's
page draws) and ``label(view, seat, action) -> str`` (the words on the action's button). A
game without one of its own gets the generic payload: its buttons and the log of its moves.
"""

from __future__ import annotations

import importlib
from types import ModuleType

#: game id → the module holding its page's payload (and the page script ``web/<id>.js``)
PAYLOADS: dict[str, str] = {
    "guards": "remote.guards.payload",
    "finding": "remote.finding.payload",
}
GENERIC = "remote.generic"


def module_for(game_id: str) -> ModuleType:
    """The payload module of ``game_id`` (the generic one when the game has none yet)."""
    name = PAYLOADS.get(game_id, GENERIC)
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name != name:
            raise
        return importlib.import_module(GENERIC)


def has_page(game_id: str) -> bool:
    """Does ``game_id`` have a page of its own (not only the generic list of buttons)?"""
    return module_for(game_id).__name__ != GENERIC
