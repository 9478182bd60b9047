"""A person's own pencil marks on their sonar chart: private notes the engine never sees.

The paper chart of the box game is written on with a pencil; here each seat has a
:class:`Pencil` with at most one mark per space: a cross, a blacked-out space, a question
mark or a short note. The board saves it in the game record (``meta["pencil"][str(seat)]``)
through :meth:`Pencil.to_json`; :meth:`Pencil.from_json` reads back whatever it can of a
damaged or hand-edited save and drops the rest, so a bad file never stops a game loading.
"""

from __future__ import annotations

from typing import Any

#: the pencil's marks, in the order the tools are offered
PENCIL_KINDS: tuple[str, ...] = ("cross", "black", "question", "note")
#: the longest note a space holds (more would not fit in a cell on 8×8)
NOTE_LENGTH = 6
#: no chart has more spaces than this (8×8); a save naming a larger cell is damaged
MAX_CELLS = 64


def clean_note(text: str) -> str:
    """A note as the chart keeps it: one line, printable, at most :data:`NOTE_LENGTH` long."""
    words = "".join(ch if ch.isprintable() else " " for ch in str(text)).split()
    return " ".join(words)[:NOTE_LENGTH].rstrip()


class Pencil:
    """One seat's pencil marks: cell -> (kind, text); ``text`` is only kept for notes."""

    def __init__(self, cells: int = MAX_CELLS) -> None:
        self.cells = cells
        self._marks: dict[int, tuple[str, str]] = {}

    def toggle(self, cell: int, kind: str, text: str = "") -> None:
        """Put ``kind`` on ``cell``; the same mark again rubs it out; another kind replaces it.

        A note is replaced by a note with other text (rubbed out only by the same text or an
        empty one). Unknown kinds and cells off the chart are ignored (input never raises).
        """
        if kind not in PENCIL_KINDS or not _is_cell(cell, self.cells):
            return
        note = clean_note(text) if kind == "note" else ""
        if kind == "note" and not note:
            if self._marks.get(cell, ("", ""))[0] == "note":
                del self._marks[cell]
            return
        if self._marks.get(cell) == (kind, note):
            del self._marks[cell]
        else:
            self._marks[cell] = (kind, note)

    def erase(self, cell: int) -> None:
        """Rub out whatever is on ``cell``."""
        self._marks.pop(cell, None)

    def clear(self) -> None:
        self._marks.clear()

    def marks(self) -> dict[int, tuple[str, str]]:
        """A copy of the marks (cell -> (kind, text)), for drawing."""
        return dict(self._marks)

    def __len__(self) -> int:
        return len(self._marks)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Pencil) and other._marks == self._marks

    def __repr__(self) -> str:
        return f"Pencil({self._marks!r})"

    # --- saving -------------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        """JSON data: ``{"marks": [[cell, kind, text], ...]}`` in cell order."""
        return {"marks": [[c, k, t] for c, (k, t) in sorted(self._marks.items())]}

    @classmethod
    def from_json(cls, data: Any, cells: int = MAX_CELLS) -> Pencil:
        """The pencil saved as ``data``; anything damaged in it is left out (never raises)."""
        pencil = cls(cells)
        rows = data.get("marks") if isinstance(data, dict) else None
        if not isinstance(rows, list):
            return pencil
        for row in rows:
            if not isinstance(row, (list, tuple)) or len(row) not in (2, 3):
                continue
            cell, kind = row[0], row[1]
            text = row[2] if len(row) == 3 else ""
            if not isinstance(kind, str) or not isinstance(text, str):
                continue
            if kind not in PENCIL_KINDS or not _is_cell(cell, cells):
                continue
            note = clean_note(text) if kind == "note" else ""
            if kind == "note" and not note:
                continue
            pencil._marks[cell] = (kind, note)
        return pencil


def _is_cell(cell: Any, cells: int) -> bool:
    return type(cell) is int and 0 <= cell < cells
