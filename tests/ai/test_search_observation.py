"""The search sees other seats' moves as its player observes them, and teammates share values.

"Hide and seek" is a game for these tests only: a hider on a row of cells moves one step in
secret each round (left, stay or right; the seeker learns only that it moved) and a seeker
searches one cell a round, winning if the hider is there. It is the shape of Finding Atlantis's
silent running, small enough to read the search tree by hand.
"""

from __future__ import annotations

import random
import time
from collections.abc import Hashable
from typing import Any

from toygame import ToyState

from ai.bots import team_seats
from ai.search import _Edge, _Node, ismcts
from game.core.protocol import Action, Decision, Event, GameState

CELLS = 5
SEEKER, HIDER = 0, 1


class HideAndSeek(GameState):
    """The plain game: it does not say what a move looks like, so every move shows in full."""

    game_id = "hide_and_seek"

    def __init__(self, seed: int = 0, rounds: int = 3) -> None:
        self.rng = random.Random(seed)
        self.pos: int | None = self.rng.randrange(CELLS)
        self.possible = frozenset(range(CELLS))  # where the seeker may think the hider is
        self.rounds = rounds
        self.round = 1
        self.turn = SEEKER
        self.found = False

    @property
    def num_players(self) -> int:
        return 2

    def decision(self) -> Decision | None:
        if self.found or self.round > self.rounds:
            return None
        return Decision((self.turn,), "search" if self.turn == SEEKER else "move")

    def legal_actions(self, player: int) -> list[Action]:
        if self.decision() is None or player != self.turn:
            return []
        if player == SEEKER:
            return [Action.make(SEEKER, "search", cell=c) for c in range(CELLS)]
        assert self.pos is not None, "a view cannot move the hider; determinize it first"
        return [Action.make(HIDER, "move", step=d) for d in (-1, 0, 1) if 0 <= self.pos + d < CELLS]

    def _apply(self, action: Action) -> list[Event]:
        if action not in self.legal_actions(action.player):  # the search must stay legal too
            raise AssertionError(f"{action} is not legal here (hider at {self.pos})")
        if action.kind == "search":
            cell = action["cell"]
            self.found = cell == self.pos
            self.possible = self.possible - {cell}
            self.turn = HIDER
            return [Event("search", f"searches {cell}")]
        assert self.pos is not None
        self.pos += action["step"]
        self.possible = frozenset(
            c + d for c in self.possible for d in (-1, 0, 1) if 0 <= c + d < CELLS
        )
        self.turn = SEEKER
        self.round += 1
        return [Event("move", "the hider moves", {"to": self.pos}, to=(HIDER,))]

    def returns(self) -> list[float]:
        return [1.0, 0.0] if self.found else [0.0, 1.0]

    def _redact(self, player: int | None) -> None:
        if player != HIDER:
            self.pos = None

    def _shuffle_unknown(self, rng: random.Random) -> None:
        if self.pos is None:
            self.pos = rng.choice(sorted(self.possible))

    def clone(self) -> HideAndSeek:
        c = HideAndSeek.__new__(type(self))
        c.__dict__.update(self.__dict__)
        c.rng = random.Random()
        c.rng.setstate(self.rng.getstate())
        return c

    def fingerprint(self) -> Any:
        return (self.pos, self.possible, self.round, self.turn, self.found)


class SilentHideAndSeek(HideAndSeek):
    """The same game saying what a move looks like: to the seeker, only that the hider moved."""

    def observe(self, action: Action, viewer: int | None) -> Hashable:
        if action.kind == "move" and viewer != action.player:
            return "moved, direction unknown"
        return action


def edges_of(node: _Node, player: int) -> list[_Edge]:
    return [e for e in node.edges.values() if e.player == player]


def seeker_search(game: HideAndSeek, iterations: int = 600) -> _Node:
    result = ismcts(
        game.view(SEEKER),
        SEEKER,
        time.monotonic() + 60.0,
        rng=random.Random(3),
        max_iterations=iterations,
    )
    assert result.action in game.legal_actions(SEEKER) and result.root is not None
    return result.root


def test_a_hidden_action_does_not_split_the_root_players_search_tree():
    root = seeker_search(SilentHideAndSeek(seed=4))
    searched = [e for e in edges_of(root, SEEKER) if e.child is not None]
    assert len(searched) == CELLS  # every cell was tried and looked at again
    for edge in searched:
        moves = edges_of(edge.child, HIDER)
        assert len(moves) == 1, [m.action for m in moves]  # one node for "the hider moved"
        (move,) = moves
        # the passes that did not find the hider at once all went through that one edge
        assert 0 < move.visits < edge.visits
        if move.child is not None:  # and the seeker's next decision is one node below it
            assert {e.player for e in move.child.edges.values()} == {SEEKER}


def test_without_an_observation_the_tree_splits_on_each_direction():
    """The same search on the game that shows moves in full: the test above can fail."""
    root = seeker_search(HideAndSeek(seed=4))
    splits = [len(edges_of(e.child, HIDER)) for e in edges_of(root, SEEKER) if e.child]
    assert splits and max(splits) == 3


def test_the_move_played_in_each_world_is_legal_there():
    """At the ends of the row fewer steps are legal; HideAndSeek._apply raises on any other."""
    for seed in range(6):
        game = SilentHideAndSeek(seed=seed)
        seeker_search(game, iterations=200)  # raises if the search applied an illegal move


def test_the_searching_player_still_plays_the_hidden_game_well():
    """The seeker who knows the hider sits at one end of the row searches there; the hider's
    own search (it sees its moves in full) answers legally from its view."""
    game = SilentHideAndSeek(seed=1)
    game.pos, game.possible = 0, frozenset({0})
    root = seeker_search(game, iterations=300)
    best = max(edges_of(root, SEEKER), key=lambda e: e.visits)
    assert best.action == Action.make(SEEKER, "search", cell=0)
    game.apply(Action.make(SEEKER, "search", cell=3))
    answer = ismcts(game.view(HIDER), HIDER, time.monotonic() + 60, max_iterations=100)
    assert answer.action in game.legal_actions(HIDER)


def test_an_action_is_observed_as_itself_unless_the_game_says_otherwise():
    toy = ToyState(2, 1)
    action = toy.legal_actions(0)[0]
    assert toy.observe(action, 1) == action and toy.observe(action, None) == action
    hide = SilentHideAndSeek(seed=2)
    hide.pos = 2
    hide.apply(Action.make(SEEKER, "search", cell=0))
    moves = hide.legal_actions(HIDER)
    assert len(moves) == 3
    assert {hide.observe(m, SEEKER) for m in moves} == {"moved, direction unknown"}
    assert {hide.observe(m, HIDER) for m in moves} == set(moves)


def walk(node: _Node):
    yield node
    children = [e.child for e in node.edges.values() if e.child is not None]
    children += list((node.joint or {}).values())
    for child in children:
        yield from walk(child)


def seat_means(root: _Node) -> dict[int, set[float]]:
    means: dict[int, set[float]] = {}
    for node in walk(root):
        for edge in node.edges.values():
            if edge.visits:
                means.setdefault(edge.player, set()).add(round(edge.total / edge.visits, 9))
    return means


def test_teammates_share_one_value_in_a_team_game():
    """Cut-off rollouts scored by a (deliberately unfair) evaluation that differs per seat: with
    teams every seat backs up its team's value, judged from the searching seat for its own."""
    state = ToyState(4, 7, mode="teams")

    def by_seat(world: GameState, seat: int) -> float:
        return 0.1 + 0.2 * seat

    def search(teams):
        return ismcts(state.view(0), 0, time.monotonic() + 60, rng=random.Random(1),
                      evaluate=by_seat, rollout_depth=1, max_iterations=150,
                      teams=teams).root  # fmt: skip

    assert team_seats("toy_teams", 4) == [0, 1, 0, 1] and team_seats("toy", 4) is None
    shared = seat_means(search(team_seats("toy_teams", 4)))
    assert shared == {0: {0.1}, 1: {0.3}, 2: {0.1}, 3: {0.3}}
    alone = seat_means(search(None))
    assert alone == {0: {0.1}, 1: {0.3}, 2: {0.5}, 3: {0.7}}
