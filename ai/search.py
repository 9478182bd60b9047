"""Search that every game's bot policy plugs into.

:func:`ismcts` is open-loop information-set MCTS (Cowling, Powley & Whitehouse's SO-ISMCTS with
availability counts): each iteration samples one world with ``ai.worlds.sample_world`` (the
game's ``determinize`` unless its bots registered a better one), walks a tree keyed by the sequence of actions (not by hidden state, so the tree never learns anything a
world sampled but the player cannot know), rolls out with a pluggable policy, optionally cuts the
rollout off with a heuristic evaluation, and backs up per-seat returns. Because edges are stored
per acting seat, it handles competitive games (each seat maximises its own return), team games
(``teams``: teammates share one value) and cooperative games (``cooperative=True``: every seat
shares it) alike.

Other seats' moves are keyed by what the searching player observes of them
(``GameState.observe``), so a secret move ("moved, direction unknown") is one edge, not one per
direction: the tree never splits on what the player cannot see. As in SO-ISMCTS with partially
observable moves (Cowling, Powley & Whitehouse 2012), the edge is chosen by UCB and the concrete
move it plays in the sampled world is drawn uniformly from the legal moves that look the same.

A simultaneous decision (several seats in ``Decision.players``) is played as the seats answering
one after another, each from its own statistics at the node where the step began, so a later
seat's choice never depends on an earlier seat's hidden answer (decoupled UCT); the joint answer
then selects the child. Search runs on clones with ``state._apply_quiet`` (no validation, no
events recorded) for speed and always returns an action that is legal in the view, even with no
time at all.

:func:`greedy` is the one-ply helper for heuristic bots.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field

from ai.base import legal_or_raise
from ai.worlds import sample_world
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
    """Edges keyed by the action (the searching player's own) or by ``(seat, observation)``."""

    __slots__ = ("edges", "joint")

    def __init__(self) -> None:
        self.edges: dict[Hashable, _Edge] = {}
        # children after a simultaneous step, keyed by the joint answer's edge keys
        self.joint: dict[tuple[Hashable, ...], _Node] | None = None


@dataclass
class SearchResult:
    """What a search found: the action, how hard it looked, and the root statistics."""

    action: Action
    iterations: int = 0
    elapsed: float = 0.0
    #: root player's actions -> (visits, mean return)
    stats: dict[Action, tuple[int, float]] = field(default_factory=dict)
    fallback: bool = False
    #: the tree's root, for tests and diagnostics (edges as in ``_Node``)
    root: _Node | None = field(default=None, repr=False)


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


def _select_observed(
    node: _Node,
    legal: list[Action],
    rng: random.Random,
    c: float,
    observe: Callable[[Action, int | None], Hashable],
    viewer: int,
) -> tuple[_Edge, Action]:
    """:func:`_select` over what ``viewer`` sees: one edge per observation of the legal moves.

    Returns the edge and the concrete move to play in this world: drawn uniformly among the
    legal moves with that observation (no draw when there is only one, so games without
    secret moves search exactly as before).
    """
    groups: dict[Hashable, list[Action]] = {}
    for action in legal:
        key = (action.player, observe(action, viewer))
        group = groups.get(key)
        if group is None:
            groups[key] = [action]
        else:
            group.append(action)
    edges = node.edges
    untried: list[tuple[_Edge, list[Action]]] | None = None
    best: tuple[_Edge, list[Action]] | None = None
    best_value = -math.inf
    log = math.log
    sqrt = math.sqrt
    for key, group in groups.items():
        edge = edges.get(key)
        if edge is None:
            edge = edges[key] = _Edge(group[0])
        edge.avail += 1
        visits = edge.visits
        if visits == 0:
            if untried is None:
                untried = [(edge, group)]
            else:
                untried.append((edge, group))
        elif untried is None:
            value = edge.total / visits + c * sqrt(log(edge.avail) / visits)
            if value > best_value:
                best_value = value
                best = (edge, group)
    if untried is not None:
        best = untried[int(rng.random() * len(untried))] if len(untried) > 1 else untried[0]
    assert best is not None
    edge, group = best
    if len(group) == 1:
        return edge, group[0]
    return edge, group[int(rng.random() * len(group))]


def _team_values(values: Sequence[float], team_of: Sequence[int]) -> list[float]:
    """Every seat gets its team's mean, so teammates back up one shared value."""
    totals: dict[int, float] = {}
    counts: dict[int, int] = {}
    for seat, team in enumerate(team_of):
        totals[team] = totals.get(team, 0.0) + values[seat]
        counts[team] = counts.get(team, 0) + 1
    return [totals[t] / counts[t] for t in team_of]


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
    teams: Sequence[int] | None = None,
    worlds: int = 0,
    fallback: Callable[[GameState, int, list[Action]], Action] | None = None,
) -> SearchResult:
    """Choose ``player``'s action in ``view`` by open-loop ISMCTS until ``deadline``.

    ``deadline`` is a ``time.monotonic()`` value; ``should_stop`` is polled every iteration (and
    every few rollout steps) so a runner can cancel. ``rollout_depth`` cuts rollouts after that
    many actions and scores the state with ``evaluate`` (required then). ``cooperative`` makes
    evaluation score the team once instead of each seat; ``teams`` (seat -> team index) scores
    each team once, from ``player``'s seat for its own team and the team's first seat for the
    others, and gives teammates the mean of their returns. ``worlds > 0`` reuses that many sampled
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
    team_of: list[int] | None = None
    judges: list[int] = []  # the seat whose evaluation stands for each seat's team
    if teams is not None and not cooperative:
        team_of = list(teams)
        if len(team_of) != num_players:
            raise ValueError(f"teams names {len(team_of)} seats, the game has {num_players}")
        first = {}
        for seat, team in enumerate(team_of):
            first.setdefault(team, seat)
        first[team_of[player]] = player
        judges = [first[team] for team in team_of]
    # games with secret moves key other seats' edges by what ``player`` sees of them
    observe = view.observe if type(view).observe is not GameState.observe else None

    root = _Node()
    monotonic = time.monotonic
    iterations = 0
    while iterations < max_iter:
        if monotonic() >= deadline or should_stop():
            break
        if worlds > 0:
            if len(pool) < worlds:
                pool.append(sample_world(view, rng))
            world = pool[iterations % worlds].clone()
            world.rng.seed(rng.getrandbits(64))
        else:
            world = sample_world(view, rng)
        apply = world._apply_quiet
        path: list[_Edge] = []
        node = root

        # --- selection and expansion: descend while every chosen edge was tried before -----
        while True:
            dec = world.decision()
            if dec is None:
                break
            players = dec.players
            if len(players) == 1:
                p = players[0]
                if observe is None or p == player:
                    edge = _select(node, world.legal_actions(p), rng, c)
                    apply(edge.action)
                else:
                    edge, concrete = _select_observed(
                        node, world.legal_actions(p), rng, c, world.observe, player
                    )
                    apply(concrete)
                path.append(edge)
                if edge.visits == 0:
                    break
                child = edge.child
                if child is None:
                    child = edge.child = _Node()
                node = child
                continue
            # a simultaneous step: each waiting seat answers from this node's statistics
            fresh = False
            chosen: list[Hashable] = []
            for p in players:
                if p != players[0]:
                    now = world.decision()
                    if now is None or p not in now.players:
                        break
                legal = world.legal_actions(p)
                if not legal:
                    continue
                if observe is None or p == player:
                    edge = _select(node, legal, rng, c)
                    chosen.append(edge.action)
                    apply(edge.action)
                else:
                    edge, concrete = _select_observed(node, legal, rng, c, world.observe, player)
                    chosen.append((p, world.observe(concrete, player)))
                    apply(concrete)
                path.append(edge)
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
                if team_of is not None:
                    values = _team_values(values, team_of)
                break
            if depth >= depth_limit:
                assert evaluate is not None
                if cooperative:
                    values = [evaluate(world, player)] * num_players
                elif team_of is not None:
                    judged = {j: evaluate(world, j) for j in dict.fromkeys(judges)}
                    values = [judged[j] for j in judges]
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
    elapsed = time.monotonic() - started
    return SearchResult(best, iterations, elapsed, stats, used_fallback, root)


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
    worlds = [sample_world(view, rng) for _ in range(max(1, samples))]
    best = legal[0]
    best_value = -math.inf
    for action in legal:
        if deadline is not None and time.monotonic() >= deadline:
            break
        total = 0.0
        for world in worlds:
            after = world.clone()
            after._apply_quiet(action)
            total += score_fn(after, player)
        value = total / len(worlds) + rng.random() * 1e-9
        if value > best_value:
            best_value = value
            best = action
    return best
