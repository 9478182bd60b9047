"""The exact world sampler the searches use for Finding views (registered with ``ai.worlds``).

The game's own ``determinize`` draws a view's unknown map from the generator and keeps the
first map that fits the seat's located facts (or the best of 64). A bot's search asks
``ai.worlds.sample_world`` instead, whose worlds draw their map from the exact posterior. Beliefs are kept for the
last few fact sets, so the many worlds a search samples from one view share one belief.
"""

from __future__ import annotations

import random
from collections import OrderedDict

from ai.finding.belief import Belief
from game.core.protocol import GameState
from game.finding.ocean import Ocean
from game.finding.state import FindingState

_KEEP = 4
_beliefs: OrderedDict[tuple, Belief] = OrderedDict()


def exact_ocean(view: FindingState, viewer: int | None, rng: random.Random) -> Ocean | None:
    """A map drawn from P(map | the viewer's located facts); ``None`` if they contradict."""
    facts = tuple(view.located_facts(viewer))
    key = (view.size, facts)
    belief = _beliefs.get(key)
    if belief is None:
        belief = Belief(view.size, facts=facts)
        _beliefs[key] = belief
        while len(_beliefs) > _KEEP:
            _beliefs.popitem(last=False)
    else:
        _beliefs.move_to_end(key)
    if not belief.consistent():
        return None
    return belief.sample(rng, 1)[0]


def exact_world(view: GameState, rng: random.Random) -> GameState:
    """``view.determinize(rng)`` with the map drawn from the exact posterior."""
    assert isinstance(view, FindingState)
    return view.determinize(rng, exact_ocean)
