"""The worlds a bot's search samples from a view, by game id (this module names no game).

``view.determinize(rng)`` is the game's own sampler: it needs nothing from the AI layer. A
game whose bots know a better one (an exact posterior over what the view hides) registers it
here, from its ``ai/<game>`` package, and every search asks :func:`sample_world`. The game
module is never changed from outside, so importing a bot cannot change what the engine does.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from game.core.protocol import GameState

#: ``sampler(view, rng)``: a world consistent with the view, every random draw from ``rng``
WorldSampler = Callable[[GameState, random.Random], GameState]
_SAMPLERS: dict[str, WorldSampler] = {}


def register_sampler(game_id: str, sampler: WorldSampler) -> None:
    """Make ``sampler`` the one searches use for ``game_id``'s views."""
    _SAMPLERS[game_id] = sampler


def sample_world(view: GameState, rng: random.Random) -> GameState:
    """One world the view's seat cannot tell from the truth: the registered sampler's, or the
    game's own ``determinize``."""
    sampler = _SAMPLERS.get(view.game_id)
    if sampler is None:
        return view.determinize(rng)
    return sampler(view, rng)
