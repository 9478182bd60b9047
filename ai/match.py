"""The one loop that plays a game to its end: bots against bots, or a plain random playout.

:func:`play` is what ``simulate``, ``tools/balance`` and ``tools/bench`` run. It gives each bot
only ``state.view(player)`` and a deadline, times the bot, and lets the caller watch every
decision through ``observe`` (balance counts decision times, bench collects positions), so the
callers keep their own bookkeeping and none of them writes the loop again. :func:`playout` is
the loop itself, with the chooser handed the real state: the engine benchmark and its position
sampler use it directly (they measure the engine, there is no bot to keep from peeking).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ai.base import Bot
from game.core.protocol import Action, GameState

#: a game that has not ended after this many actions is an engine bug, not a long game
MAX_ACTIONS = 200_000

Pick = Callable[[GameState, int], Action]
"""``pick(state, player) -> Action``: the next move of ``player`` (the first seat waiting)."""


@dataclass(frozen=True, slots=True)
class Decided:
    """One bot decision, as ``observe`` sees it just before the action is applied.

    ``state`` is the real state (observers may read or clone it, never change it; the bot
    itself saw only its view), ``choices`` how many legal actions the view offered and
    ``seconds`` the wall time the bot took.
    """

    state: GameState
    player: int
    action: Action
    choices: int
    seconds: float


def playout(
    state: GameState,
    pick: Pick,
    *,
    max_actions: int = MAX_ACTIONS,
    should_stop: Callable[[], bool] | None = None,
    quiet: bool = False,
) -> int:
    """Apply ``pick``'s moves to ``state`` until the game ends; return how many were applied.

    Simultaneous decisions are answered seat by seat (the first seat still waiting each time).
    ``should_stop`` is polled every 512 actions: the game is then left unfinished (the caller
    sees ``state.decision()`` is not ``None``). More than ``max_actions`` raises ``RuntimeError``.
    ``quiet`` applies the moves without recording their events (nobody reads them here).
    """
    actions = 0
    while True:
        dec = state.decision()
        if dec is None:
            return actions
        if quiet:
            state.apply(pick(state, dec.players[0]), quiet=True)
        else:
            state.apply(pick(state, dec.players[0]))
        actions += 1
        if actions > max_actions:
            raise RuntimeError(f"game did not end within {max_actions} actions")
        if should_stop is not None and actions % 512 == 0 and should_stop():
            return actions


def play(
    state: GameState,
    bots: Sequence[Bot],
    budget: float,
    *,
    observe: Callable[[Decided], None] | None = None,
    max_actions: int = MAX_ACTIONS,
) -> int:
    """Play ``state`` to its end with ``bots[seat]`` deciding for each seat; return the actions.

    Every bot gets its seat's view and ``budget`` seconds from the moment it is asked. The
    caller builds the bots, so it decides their levels and seeds (one per seat, or the same
    object for several seats).
    """
    perf = time.perf_counter
    monotonic = time.monotonic

    def pick(real: GameState, player: int) -> Action:
        view = real.view(player)
        choices = len(view.legal_actions(player))
        t0 = perf()
        action = bots[player].choose(view, player, monotonic() + budget)
        seconds = perf() - t0
        if observe is not None:
            observe(Decided(real, player, action, choices, seconds))
        return action

    # the bots decide from views and ``observe`` sees no events: the moves are applied quietly
    return playout(state, pick, max_actions=max_actions, quiet=True)
