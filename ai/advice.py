"""Hints from the AI layer: which move to recommend to a person, and why, as data.

Each game registers one advisor, ``ai/<game>/advisor.py``, found by its game id (this module
names no game). An advisor reads only the seat's own view, as every bot does, and returns an
:class:`Advice`: the move and the reasons it rests on, as keys and plain facts. The scenes turn
those into words and draw them; they never pick a move themselves.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from game.core.protocol import Action, GameState


@dataclass(frozen=True)
class Advice:
    """A recommended move and why: ``reasons`` are keys the game's wording knows (one per part
    of the move, e.g. one per card played), ``facts`` plain data the wording may name."""

    action: Action
    reasons: tuple[str, ...] = ()
    facts: Mapping[str, Any] = field(default_factory=dict)


#: ``advisor(view, player, seed)``: ``seed`` (the number of moves made so far) makes the same
#: position get the same hint every time
Advisor = Callable[[GameState, int, int], "Advice | None"]
_ADVISORS: dict[str, Advisor] = {}


def register_advisor(game_id: str, advisor: Advisor) -> Advisor:
    """Make ``advisor(view, player, seed)`` the one that answers hints for ``game_id``."""
    _ADVISORS[game_id] = advisor
    return advisor


def advisor_for(game_id: str) -> Advisor | None:
    """The game's advisor (its ``ai.<game>.advisor`` module registers it on import)."""
    if game_id not in _ADVISORS:
        try:
            importlib.import_module(f"ai.{game_id}.advisor")
        except ModuleNotFoundError as exc:
            if exc.name not in (f"ai.{game_id}.advisor", f"ai.{game_id}"):
                raise
    return _ADVISORS.get(game_id)


def advise(game_id: str, view: GameState, player: int, seed: int = 0) -> Advice | None:
    """The advice for ``player``'s decision in ``view`` (None: the game gives none, or has
    nothing to say here). An advisor's failure is never the player's problem: None."""
    advisor = advisor_for(game_id)
    if advisor is None:
        return None
    try:
        return advisor(view, player, seed)
    except Exception:  # advice must never stop a game
        return None
