"""Which module builds a game's page payload: the table's game id → ``remote.<game>.payload``.

A payload module offers ``payload(view, seat) -> dict`` (JSON-able: everything that seat's
page draws) and ``label(view, seat, action) -> str`` (the words on the action's button), and
may offer ``static(name) -> dict | None``: public data the page fetches once by name (the
same for every game and seat, such as a board's hexes) rather than in every message. A
game without one of its own gets the generic payload: its buttons and the log of its moves.
"""

from __future__ import annotations

import importlib
import re
from types import ModuleType
from typing import Any

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
        if exc.name is None or not (name + ".").startswith(exc.name + "."):
            raise  # a module the payload itself imports is missing: a real error
        return importlib.import_module(GENERIC)


#: what a static name may look like (a board's id): no dots, no slashes
_NAME = re.compile(r"[a-z0-9_]{1,40}")


def static_data(game_id: str, name: str) -> dict[str, Any] | None:
    """Public data a game's page fetches once (``GET /static/<game>/<name>``: a Guards
    board's ground), from its payload module's ``static(name)``; None when there is none."""
    if game_id not in PAYLOADS or not _NAME.fullmatch(name):
        return None
    fetch = getattr(module_for(game_id), "static", None)
    return fetch(name) if fetch is not None else None


def has_page(game_id: str) -> bool:
    """Does ``game_id`` have a page of its own (not only the generic list of buttons)?"""
    return module_for(game_id).__name__ != GENERIC
