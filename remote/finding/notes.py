"""A Finding seat's pencil marks from its phone: a private note on its own chart, no game move.

The desktop keeps each seat's pencil in the game record (``meta["pencil"][str(seat)]``, see
:mod:`scenes.finding.pencil`), so a Continue finds it and the board draws it when that seat's
chart is on screen again. A phone writes the same record through :func:`note` (on the App
thread, like an action) and reads it back through :func:`notes`: only the seat's own entry
ever goes into its message. A note that is no pencil mark is refused with a reason and
changes nothing.
"""

from __future__ import annotations

from typing import Any

from game.finding.state import FindingState
from scenes.finding.pencil import NOTE_LENGTH, PENCIL_KINDS, Pencil

#: the record's key for the pencil marks (the board's)
KEY = "pencil"


def seat_pencil(meta: dict[str, Any], seat: int) -> Pencil:
    """The seat's pencil as the record holds it (an empty one when it holds none)."""
    data = meta.get(KEY)
    raw = data.get(str(seat)) if isinstance(data, dict) else None
    return Pencil.from_json(raw) if raw is not None else Pencil()


def notes(meta: dict[str, Any], seat: int) -> dict[str, Any]:
    """What the seat's page draws of its own notes: ``{"pencil": [[cell, kind, text], ...]}``."""
    return {"pencil": seat_pencil(meta, seat).to_json()["marks"]}


def note(
    meta: dict[str, Any], view: FindingState, seat: int, cell: int, mark: str, text: str
) -> str | None:
    """Toggle pencil ``mark`` on ``cell`` of the seat's chart (as a tap with that tool does on
    the desktop); ``view``: the seat's view (its chart's size). Returns why it was refused, or
    None once the record holds the change."""
    cells = view.size * view.size
    if mark not in PENCIL_KINDS and mark != "erase":
        return f"A pencil mark is one of: {', '.join(PENCIL_KINDS)}, or erase"
    if not 0 <= cell < cells:
        return "That space is not on your chart"
    if mark != "note" and text:
        return "Only a note carries words"
    if len(text) > 4 * NOTE_LENGTH:
        return f"A note holds at most {NOTE_LENGTH} letters"
    pencil = seat_pencil(meta, seat)
    if mark == "erase":
        pencil.erase(cell)
    else:
        pencil.toggle(cell, mark, text)
    data = meta.get(KEY)
    if not isinstance(data, dict):
        data = meta[KEY] = {}
    # a new object for the seat: the board sees its copy is stale (scenes.finding.board)
    data[str(seat)] = pencil.to_json()
    return None
