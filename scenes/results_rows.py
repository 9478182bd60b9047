"""Game-specific tables for the results screen, one small function per game.

A game registers ``fn(state, seats) -> ResultsTable``; :func:`results_rows` finds it (loading
the built-in modules on first use, as the board registry does) and the session shows its
headers, rows and notes instead of the plain "who won" table. Pure Python: no pygame here.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from game.core.protocol import GameState
from game.core.saves import Seat


@dataclass
class ResultsTable:
    """A table (headers + rows of text) and a few lines of notes shown above it."""

    headers: list[str]
    rows: list[list[str]]
    notes: list[str] = field(default_factory=list)


RowsFn = Callable[[GameState, Sequence[Seat]], ResultsTable]

BUILTIN_RESULTS_MODULES = ("scenes.rising.results",)

_TABLES: dict[str, RowsFn] = {}
_loaded = False


def register_results(game_id: str, fn: RowsFn) -> RowsFn:
    """Use ``fn`` for ``game_id``'s results screen."""
    _TABLES[game_id] = fn
    return fn


def unregister_results(game_id: str) -> None:
    _TABLES.pop(game_id, None)


def _load_builtin() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    for module in BUILTIN_RESULTS_MODULES:
        try:
            importlib.import_module(module)
        except ModuleNotFoundError as exc:
            if exc.name != module:
                raise


def results_rows(game_id: str, state: GameState, seats: Sequence[Seat]) -> ResultsTable | None:
    """The game's own results table for this finished state, or None if it has none."""
    _load_builtin()
    fn = _TABLES.get(game_id)
    return None if fn is None else fn(state, seats)
