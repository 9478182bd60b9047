"""The fewest actions from where a submarine is to an Explore on one of some target spaces.

A shortest-path search over the submarine's own states (cell, hand, ready captain, artifacts):
every move the engine would offer (Silent Running, Long Silent Running, burning a card, the
Engineer, the Smuggler's free step, the Tidal Pearl), Surface and the free refills, each
costing what it costs in actions (free ones nothing), until an Explore is in hand on a target
space. The oracle benchmark follows it on the true map; the U-Bot follows it to the best
city's spaces at the end of its search.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable

from ai.finding.model import Me, effect, legal_for
from game.core.protocol import Action


def route(
    me: Me,
    targets: Iterable[int],
    *,
    seat: int,
    n: int,
    size: int,
    pirate: bool,
    captain: str | None,
    avoid: frozenset[int] = frozenset(),
    limit: int = 40,
) -> tuple[int, list[Action]] | None:
    """(actions including the final Explore, the actions before it) or ``None`` if unreachable.

    ``avoid``: spaces never to move through (known sea monsters). ``limit``: give up beyond
    this many actions.
    """
    goal = frozenset(targets)
    if not goal:
        return None
    start = me
    dist: dict[Me, int] = {start: 0}
    back: dict[Me, tuple[Me, Action]] = {}
    todo: deque[Me] = deque([start])
    best: tuple[int, Me] | None = None
    while todo:
        s = todo.popleft()
        d = dist[s]
        if best is not None and d >= best[0]:
            continue
        if d > limit:
            break
        if s.pos in goal and "explore" in s.hand:
            if best is None or d + 1 < best[0]:
                best = (d + 1, s)
            continue
        for a, eff in (
            (a, effect(s, a, size, pirate, captain)) for a in legal_for(s, seat, n, size)
        ):
            if eff.sort not in ("move", "refill"):
                continue
            if avoid.intersection(eff.path):
                continue
            t = eff.after
            nd = d + eff.cost
            if t not in dist or nd < dist[t]:
                dist[t] = nd
                back[t] = (s, a)
                if eff.cost == 0:
                    todo.appendleft(t)
                else:
                    todo.append(t)
    if best is None:
        return None
    steps: list[Action] = []
    s = best[1]
    while s in back:
        s, a = back[s]
        steps.append(a)
    steps.reverse()
    return best[0], steps
