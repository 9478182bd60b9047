"""Search that every game's bot policy plugs into.

:func:`ismcts` is open-loop information-set MCTS (Cowling, Powley & Whitehouse's SO-ISMCTS with
availability counts): each iteration samples one world with ``view.determinize(rng)``, walks a
tree keyed by the sequence of actions (not by hidden state, so the tree never learns anything a
world sampled but the player cannot know), rolls out with a pluggable policy, optionally cuts the
rollout off with a heuristic evaluation, and backs up per-seat returns. Because edges are stored
per acting seat, it handles competitive games (each seat maximises its own return), team and
cooperative games (the engine, or ``cooperative=True``, gives every seat the same value) alike.

A simultaneous decision (several seats in ``Decision.players``) is played as the seats answering
one after another, each from its own statistics at the node where the step began, so a later
seat's choice never depends on an earlier seat's hidden answer (decoupled UCT); the joint answer
then selects the child. Search runs on clones with ``state._apply`` (no validation) for speed
and always returns an action that is legal in the view, even with no time at all.

:func:`greedy` is the one-ply helper for heuristic bots.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from ai.base import legal_or_raise
from game.core.protocol import Action, GameState

Evaluate = Callable[[GameState, int], float]
"""``evaluate(state, player) -> float in [0, 1]``: how good ``state`` looks for ``player``."""

RolloutPolicy = Callable[[GameState, int, random.Random], Action]
"""``policy(state, player, rng) -> Action``: a fast move for rollouts (must be legal)."""


def _never() -> bool:
    return False


def random_rollout(state: GameState, player: int, rng: random.Random) -> Action:
    """The default rollout policy: uniform among the legal actions."""
    legal = state.legal_actions(player)
    return legal[int(rng.random() * len(legal))]


class _Edge:
    """Statistics of one action at one node; ``avail`` counts how often it was legal."""

    __slots__ = ("action", "player", "visits", "total", "avail", "child")

    def __init__(self, action: Action) -> None:
        self.action = action
        self.player = action.player
        self.visits = 0
        self.total = 0.0
        self.avail = 0
        self.child: _Node | None = None


class _Node:
    __slots__ = ("edges", "joint")

    def __init__(self) -> None:
        self.edges: dict[Action, _Edge] = {}
        # children after a simultaneous step, keyed by the joint answer
        self.joint: dict[tuple[Action, ...], _Node] | None = None


@dataclass
class SearchResult:
    """What a search found: the action, how hard it looked, and the root statistics."""

    action: Action
    iterations: int = 0
    elapsed: float = 0.0
    #: root player's actions -> (visits, mean return)
    stats: dict[Action, tuple[int, float]] = field(default_factory=dict)
    fallback: bool = False


def _select(node: _Node, legal: list[Action], rng: random.Random, c: float) -> _Edge:
    """UCB1 with availability counts; untried actions first, in random order."""
    edges = node.edges
    untried: list[_Edge] | None = None
    best: _Edge | None = None
    best_value = -math.inf
    log = math.log
    sqrt = math.sqrt
    for action in legal:
        edge = edges.get(action)
        if edge is None:
            edge = edges[action] = _Edge(action)
        edge.avail += 1
        visits = edge.visits
        if visits == 0:
            if untried is None:
                untried = [edge]
            else:
                untried.append(edge)
        elif untried is None:
            value = edge.total / visits + c * sqrt(log(edge.avail) / visits)
            if value > best_value:
                best_value = value
                best = edge
    if untried is not None:
        return untried[int(rng.random() * len(untried))] if len(untried) > 1 else untried[0]
    assert best is not None
    return best


def ismcts(
    view: GameState,
    player: int,
    deadline: float,
    should_stop: Callable[[], bool] = _never,
    *,
    rng: random.Random | None = None,
    rollout_policy: RolloutPolicy | None = None,
    evaluate: Evaluate | None = None,
    rollout_depth: int | None = None,
    c: float = 0.7,
    max_iterations: int | None = None,
    cooperative: bool = False,
    worlds: int = 0,
    fallback: Callable[[GameState, int, list[Action]], Action] | None = None,
) -> SearchResult:
    """Choose ``player``'s action in ``view`` by open-loop ISMCTS until ``deadline``.

    ``deadline`` is a ``time.monotonic()`` value; ``should_stop`` is polled every iteration (and
    every few rollout steps) so a runner can cancel. ``rollout_depth`` cuts rollouts after that
    many actions and scores the state with ``evaluate`` (required then). ``cooperative`` makes
    evaluation score the team once instead of each seat. ``worlds > 0`` reuses that many sampled
    worlds (for games whose ``determinize`` is expensive). ``fallback(view, player, legal)``
    picks the answer when no iteration finished (default: the first legal action).
    """
    started = time.monotonic()
    root_legal = view.legal_actions(player)
    if not root_legal:
        raise ValueError(f"player {player} has nothing to decide in this state")
    if len(root_legal) == 1:
        return SearchResult(root_legal[0], elapsed=time.monotonic() - started)
    if rollout_depth is not None and evaluate is None:
        raise ValueError("a rollout depth cut-off needs an evaluate(state, player) function")
    rng = rng or random.Random(0)
    policy = rollout_policy or random_rollout
    depth_limit = rollout_depth if rollout_depth is not None else 1_000_000
    max_iter = max_iterations if max_iterations is not None else 1 << 62
    num_players = view.num_players
    seats = range(num_players)
    pool: list[GameState] = []

    root = _Node()
    monotonic = time.monotonic
    iterations = 0
    while iterations < max_iter:
        if monotonic() >= deadline or should_stop():
            break
        if worlds > 0:
            if len(pool) < worlds:
                pool.append(view.determinize(rng))
            world = pool[iterations % worlds].clone()
            world.rng.seed(rng.getrandbits(64))
        else:
            world = view.determinize(rng)
        apply = world._apply
        path: list[_Edge] = []
        node = root

        # --- selection and expansion: descend while every chosen edge was tried before -----
        while True:
            dec = world.decision()
            if dec is None:
                break
            players = dec.players
            if len(players) == 1:
                edge = _select(node, world.legal_actions(players[0]), rng, c)
                path.append(edge)
                apply(edge.action)
                if edge.visits == 0:
                    break
                child = edge.child
                if child is None:
                    child = edge.child = _Node()
                node = child
                continue
            # a simultaneous step: each waiting seat answers from this node's statistics
            fresh = False
            chosen: list[Action] = []
            for p in players:
                if p != players[0]:
                    now = world.decision()
                    if now is None or p not in now.players:
                        break
                legal = world.legal_actions(p)
                if not legal:
                    continue
                edge = _select(node, legal, rng, c)
                path.append(edge)
                chosen.append(edge.action)
                apply(edge.action)
                if edge.visits == 0:
                    fresh = True
            if fresh:
                break
            joint = node.joint
            if joint is None:
                joint = node.joint = {}
            key = tuple(chosen)
            child = joint.get(key)
            if child is None:
                child = joint[key] = _Node()
            node = child

        # --- rollout ----------------------------------------------------------------------
        depth = 0
        aborted = False
        while True:
            dec = world.decision()
            if dec is None:
                values = world.returns()
                break
            if depth >= depth_limit:
                assert evaluate is not None
                if cooperative:
                    values = [evaluate(world, player)] * num_players
                else:
                    values = [evaluate(world, p) for p in seats]
                break
            apply(policy(world, dec.players[0], rng))
            depth += 1
            if depth & 31 == 0 and (monotonic() >= deadline or should_stop()):
                aborted = True
                break
        if aborted:
            break

        # --- backpropagation --------------------------------------------------------------
        for edge in path:
            edge.visits += 1
            edge.total += values[edge.player]
        iterations += 1

    stats: dict[Action, tuple[int, float]] = {}
    best: Action | None = None
    best_key = (0, -math.inf)
    for action in root_legal:
        edge = root.edges.get(action)
        if edge is None or edge.visits == 0:
            continue
        mean = edge.total / edge.visits
        stats[action] = (edge.visits, mean)
        key = (edge.visits, mean)
        if key > best_key:
            best_key = key
            best = action
    used_fallback = best is None
    if best is None:
        best = fallback(view, player, root_legal) if fallback else root_legal[0]
        if best not in root_legal:
            best = root_legal[0]
    return SearchResult(best, iterations, time.monotonic() - started, stats, used_fallback)


def greedy(
    view: GameState,
    player: int,
    score_fn: Evaluate,
    *,
    rng: random.Random | None = None,
    samples: int = 1,
    deadline: float | None = None,
) -> Action:
    """The legal action whose resulting state ``score_fn(state, player)`` rates highest.

    Each action is tried on ``samples`` determinized worlds (so hidden cards and dice are
    sampled, never read from the canonicalised view) and the scores averaged; ties break at
    random. Past ``deadline`` the best action found so far (at least the first) is returned.
    """
    legal = legal_or_raise(view, player)
    if len(legal) == 1:
        return legal[0]
    rng = rng or random.Random(0)
    worlds = [view.determinize(rng) for _ in range(max(1, samples))]
    best = legal[0]
    best_value = -math.inf
    for action in legal:
        if deadline is not None and time.monotonic() >= deadline:
            break
        total = 0.0
        for world in worlds:
            after = world.clone()
            after._apply(action)
            total += score_fn(after, player)
        value = total / len(worlds) + rng.random() * 1e-9
        if value > best_value:
            best_value = value
            best = action
    return best
