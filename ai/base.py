"""What every bot is: something that picks one legal action from its player's view.

Bots never receive the real state, only ``state.view(player)`` (a playable state with hidden
information canonicalised), so they cannot peek. Search bots sample worlds with
``view.determinize(rng)``.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import ClassVar, Protocol

from game.core.protocol import Action, GameState
from game.core.saves import BOT_LEVELS

#: one list of levels for the bots, the command line and the save files
LEVELS = BOT_LEVELS


def never() -> bool:
    """The default ``should_stop``: nobody asked the bot to answer early."""
    return False


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

    # A bot may also have ``prepare(view)``: what it must build for ``view``'s game before
    # its first budget starts (the runner calls it once, when it builds the bot, and allows
    # ``ai.runner.BUILD_S`` for it). Most bots need nothing and do not have one.


def legal_or_raise(view: GameState, player: int) -> list[Action]:
    """The legal actions of ``player``; asking a seat with nothing to decide is a caller's bug."""
    legal = view.legal_actions(player)
    if not legal:
        raise ValueError(f"player {player} has nothing to decide in this state")
    return legal


class SeededBot(ABC):
    """The frame every game's bots share: a level, a generator of their own, forced answers.

    ``choose`` checks that the player has something to decide and, when only one action is
    legal, answers it at once without spending time or random numbers; everything else is the
    subclass's :meth:`decide`. Bots whose answer must consume the generator or update a memory
    even when forced (so that seeded games replay as before) set ``answer_forced = False``.
    """

    answer_forced: ClassVar[bool] = True

    def __init__(self, level: str, seed: int = 0) -> None:
        self.level = level
        self.rng = random.Random(seed)

    def choose(
        self,
        view: GameState,
        player: int,
        deadline: float,
        should_stop: Callable[[], bool] = never,
    ) -> Action:
        legal = legal_or_raise(view, player)
        if self.answer_forced and len(legal) == 1:
            return legal[0]
        return self.decide(view, player, legal, deadline, should_stop)

    @abstractmethod
    def decide(
        self,
        view: GameState,
        player: int,
        legal: list[Action],
        deadline: float,
        should_stop: Callable[[], bool],
    ) -> Action:
        """One of ``legal`` for ``player`` in ``view``, by ``deadline``."""
