"""The policy registry: which bot plays which game at which level.

Each game's policy module ``ai/<game_id>.py`` calls :func:`register_policy` when imported;
:func:`make_bot` imports it lazily on first use, so the menus can list levels without loading
every game's AI. ``"random"`` works for every game. A game that is registered as an engine but
has no policy module yet still gets playable easy/normal/hard bots from the generic search
(:func:`generic_policy`), so scenes can be built before the tuned policies exist.
"""

from __future__ import annotations

import importlib
import time
from collections.abc import Callable, Sequence

from ai.base import LEVELS, Bot, SeededBot
from ai.search import Evaluate, RolloutPolicy, SearchResult, greedy, ismcts
from game.core import registry
from game.core.protocol import Action, Event, GameState

PolicyFactory = Callable[[str, int], Bot]
"""``factory(level, seed) -> Bot`` for the levels ``easy``, ``normal`` and ``hard``."""

_POLICIES: dict[str, PolicyFactory] = {}
_LOOKED_UP: set[str] = set()
_OWN_MODULES = frozenset({"base", "bots", "match", "search", "runner", "simulate"})


class RandomBot(SeededBot):
    """Uniform among the legal actions of the view; seeded, so games replay."""

    #: a forced answer still draws a number, as it always has (recorded games replay)
    answer_forced = False

    def __init__(self, level: str = "random", seed: int = 0) -> None:
        super().__init__(level, seed)

    def decide(
        self,
        view: GameState,
        player: int,
        legal: list[Action],
        deadline: float,
        should_stop: Callable[[], bool],
    ) -> Action:
        return legal[self.rng.randrange(len(legal))]


class GreedyBot(SeededBot):
    """One-ply heuristic bot: the action whose outcome ``score_fn`` likes best."""

    def __init__(self, level: str, seed: int, score_fn: Evaluate, samples: int = 1) -> None:
        super().__init__(level, seed)
        self.score_fn = score_fn
        self.samples = samples

    def decide(
        self,
        view: GameState,
        player: int,
        legal: list[Action],
        deadline: float,
        should_stop: Callable[[], bool],
    ) -> Action:
        return greedy(
            view, player, self.score_fn, rng=self.rng, samples=self.samples, deadline=deadline
        )


class SearchBot(SeededBot):
    """ISMCTS within the deadline; policies tune it with rollouts, cut-offs and caps.

    ``time_fraction`` uses only part of the time offered (easier levels answer sooner);
    ``cooperative=None`` asks the game registry whether the game is cooperative.
    """

    #: the search makes its own forced answers (and its statistics of them)
    answer_forced = False

    def __init__(
        self,
        level: str,
        seed: int,
        *,
        evaluate: Evaluate | None = None,
        rollout_policy: RolloutPolicy | None = None,
        rollout_depth: int | None = None,
        c: float = 0.7,
        max_iterations: int | None = None,
        time_fraction: float = 1.0,
        cooperative: bool | None = None,
        worlds: int = 0,
    ) -> None:
        super().__init__(level, seed)
        self.evaluate = evaluate
        self.rollout_policy = rollout_policy
        self.rollout_depth = rollout_depth
        self.c = c
        self.max_iterations = max_iterations
        self.time_fraction = time_fraction
        self.cooperative = cooperative
        self.worlds = worlds
        self.last: SearchResult | None = None

    def decide(
        self,
        view: GameState,
        player: int,
        legal: list[Action],
        deadline: float,
        should_stop: Callable[[], bool],
    ) -> Action:
        now = time.monotonic()
        if self.time_fraction < 1.0:
            deadline = now + max(0.0, deadline - now) * self.time_fraction
        cooperative = self.cooperative
        if cooperative is None:
            cooperative = is_cooperative(view.game_id)
        self.last = ismcts(
            view,
            player,
            deadline,
            should_stop,
            rng=self.rng,
            rollout_policy=self.rollout_policy,
            evaluate=self.evaluate,
            rollout_depth=self.rollout_depth,
            c=self.c,
            max_iterations=self.max_iterations,
            cooperative=cooperative,
            teams=None if cooperative else team_seats(view.game_id, view.num_players),
            worlds=self.worlds,
        )
        return self.last.action


def is_cooperative(game_id: str) -> bool:
    """Whether the registered game shares one result between all seats (False if unknown)."""
    try:
        return registry.get(game_id).cooperative
    except KeyError:
        return False


def team_seats(game_id: str, players: int) -> list[int] | None:
    """Seat -> team of a registered team game (``GameSpec.teams``), else ``None``."""
    try:
        spec = registry.get(game_id)
    except KeyError:
        return None
    return list(spec.teams(players)) if spec.teams is not None else None


def generic_policy(level: str, seed: int) -> Bot:
    """Search bots for a game without a tuned policy: stronger levels search longer."""
    if level == "easy":
        return SearchBot(level, seed, max_iterations=60, time_fraction=0.25)
    if level == "normal":
        return SearchBot(level, seed, time_fraction=0.5)
    if level == "hard":
        return SearchBot(level, seed)
    raise ValueError(f"no bot level {level!r} (levels: {', '.join(LEVELS)})")


def register_policy(game_id: str, factory: PolicyFactory) -> None:
    """Make ``factory(level, seed)`` build the easy/normal/hard bots of ``game_id``."""
    _POLICIES[game_id] = factory


def _lookup(game_id: str) -> PolicyFactory | None:
    if game_id not in _POLICIES and game_id not in _LOOKED_UP:
        _LOOKED_UP.add(game_id)
        if game_id.isidentifier() and game_id not in _OWN_MODULES:
            name = f"ai.{game_id}"
            try:
                importlib.import_module(name)
            except ModuleNotFoundError as exc:
                if exc.name != name:
                    raise
    return _POLICIES.get(game_id)


def _game_known(game_id: str) -> bool:
    try:
        registry.get(game_id)
    except KeyError:
        return False
    return True


def make_bot(game_id: str, level: str, seed: int = 0) -> Bot:
    """A fresh bot for ``game_id`` at ``level``; ``ValueError`` names what is wrong."""
    if level not in LEVELS:
        raise ValueError(f"unknown bot level {level!r} (levels: {', '.join(LEVELS)})")
    factory = _lookup(game_id)
    if factory is None:
        if not _game_known(game_id):
            known = sorted({s.game_id for s in registry.games()} | set(_POLICIES))
            raise ValueError(
                f"unknown game {game_id!r} (games: {', '.join(known) or 'none registered'})"
            )
        factory = generic_policy
    if level == "random":
        return RandomBot(level, seed)
    return factory(level, seed)


# --- one bot per seat -------------------------------------------------------------------------
def seat_seed(seed: int, seat: int) -> int:
    """The seed of ``seat``'s own bot: two seats at one level never share an RNG stream."""
    return seed * 1_000_003 + seat


def remember(bot: Bot, events: Sequence[Event], player: int) -> None:
    """Give ``bot`` what its seat saw since it was last asked (only events visible to it).

    A bot with memory (beliefs that last across turns, e.g. a deduction bot) defines
    ``observe(events, player)``; the runner calls this before every ``choose`` with the new
    events, and with the whole game's when the bot is new (a loaded game, a restarted
    worker), so its memory is rebuilt from the record. Bots without memory ignore it.
    """
    observe = getattr(bot, "observe", None)
    if observe is not None and events:
        observe(events, player)
