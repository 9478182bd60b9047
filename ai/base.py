"""What every bot is: something that picks one legal action from its player's view.

Bots never receive the real state, only ``state.view(player)`` (a playable state with hidden
information canonicalised), so they cannot peek. Search bots sample worlds with
``view.determinize(rng)``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from game.core.protocol import Action, GameState
from game.core.saves import BOT_LEVELS

#: one list of levels for the bots, the command line and the save files
LEVELS = BOT_LEVELS


class Bot(Protocol):
    level: str

    def choose(
        self,
        view: GameState,
        player: int,
        deadline: float,
        should_stop: Callable[[], bool] = lambda: False,
    ) -> Action:
        """Return a legal action for ``player``; finish by ``time.monotonic() >= deadline``."""
        ...


def legal_or_raise(view: GameState, player: int) -> list[Action]:
    """The legal actions of ``player``; asking a seat with nothing to decide is a caller's bug."""
    legal = view.legal_actions(player)
    if not legal:
        raise ValueError(f"player {player} has nothing to decide in this state")
    return legal
