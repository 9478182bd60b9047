"""Atlantis Rising bots: the heuristic team player (easy, normal) and the sampling search (hard).

``easy`` and ``normal`` play the best-ranked action (:func:`ai.rising.rankers.rank`). ``hard``
is determinised Monte Carlo over the hidden deck order: it keeps its base policy's best few
actions, plays each out on the same sampled worlds (common random numbers) with that policy for
every seat up to the end of the round, scores the result with
:func:`ai.rising.valuations.evaluate`, and leaves the base choice only after at least 8 worlds
and when the paired difference is above two standard errors (with 4 worlds and one standard
error the search lost 4 of 48 paired games to its own base policy after the third balance
pass). The comparison itself is :func:`ai.candidates.compare_on_worlds`, which drops hopeless
candidates as it goes. Importing this module registers the bots with :mod:`ai.bots` and the
score with :mod:`ai.simulate`.

What makes a playout cheap without changing it: every world starts from its candidate's
shared deterministic start (:func:`_shared_start`), the policy's answers at placement, flood,
misfortune and pool decisions are looked up by ``search_key``, and playouts record no events.
tests/rising/test_search_choices.py holds the choices the search made before any of this.
"""

from __future__ import annotations

import gc
import random
import time
from collections.abc import Callable

from ai.base import SeededBot
from ai.bots import register_policy
from ai.candidates import compare_on_worlds
from ai.rising import monsters
from ai.rising.rankers import heuristic_action, rank
from ai.rising.valuations import evaluate
from ai.simulate import register_score
from game.core.protocol import Action, GameState


def rollout_policy(st: GameState, p: int, rng: random.Random) -> Action:
    """The hard heuristic as a search rollout policy (deterministic; ``rng`` unused)."""
    return heuristic_action(st, p, "hard")


# ---------------------------------------------------------------------------------------------
# bots
class HeuristicBot(SeededBot):
    """easy / normal: the ranked heuristic, no search."""

    def decide(
        self,
        view: GameState,
        player: int,
        legal: list[Action],
        deadline: float,
        should_stop: Callable[[], bool],
    ) -> Action:
        return rank(view, player, self.level)[0][1]


#: decisions the hard bot searches (the rest it answers like normal)
SEARCHED = (
    frozenset(
        {"place", "flood_resp", "build", "atk_tiles", "mchoice", "boost", "start", "window", "keep"}
    )
    | monsters.SEARCHED
)


class SearchRisingBot(SeededBot):
    """hard: determinised Monte Carlo over normal's best candidates, normal-policy rollouts.

    In a game it stops at ``max_worlds`` (64) sampled worlds, or sooner once every alternative is
    out of the race, which a typical machine reaches in well under half a second; ``max_time``
    (1.8 s, inside the 2 s in-game budget) is only a safety net for a slow or busy machine. So the world-capped, clock-free runs of
    tools/rising/balance.py (``--worlds 64``) play exactly as the hard teammate a player gets.
    """

    def __init__(
        self,
        level: str = "hard",
        seed: int = 0,
        *,
        candidates: int = 4,
        max_time: float = 1.8,
        max_worlds: int = 64,
        min_worlds: int = 8,
        confidence: float = 2.0,
    ) -> None:
        super().__init__(level, seed)
        self.candidates = candidates
        self.max_time = max_time
        self.max_worlds = max_worlds
        self.min_worlds = min_worlds
        self.confidence = confidence
        self.last_worlds = 0
        self.last_playouts = 0

    #: a forced answer still resets the search's statistics below
    answer_forced = False

    def decide(
        self,
        view: GameState,
        player: int,
        legal: list[Action],
        deadline: float,
        should_stop: Callable[[], bool],
    ) -> Action:
        self.last_worlds = 0
        if len(legal) == 1:
            return legal[0]
        ranked = rank(view, player, self.level)
        base = ranked[0][1]
        if view.stack[-1][0] not in SEARCHED:
            return base
        cands = distinct_candidates(view, ranked, self.candidates)
        if len(cands) < 2:
            return base
        start = time.monotonic()
        stop_at = min(deadline - 0.005, start + self.max_time)
        late = view.phase in ("attack", "build")
        horizon = view.round + (2 if late else 1)
        # the policy's answers by search_key: worlds differ in deck order and dice only, so
        # until a card is drawn or a die rolled they ask the very same questions
        memo: dict[tuple, Action] = {}
        rng = self.rng

        def sample() -> tuple[GameState, int]:
            return view.determinize(rng), rng.getrandbits(48)

        # the deterministic start of each candidate's playout, found once (see _shared_start)
        starts: dict[Action, tuple[GameState, int] | None] = {}

        def playout(world: tuple[GameState, int], c: Action) -> float | None:
            if c not in starts:
                starts[c] = _shared_start(world[0], c, horizon, self.level, memo)
            start = starts[c]
            if start is None:
                w = reseeded(world[0], random.Random(world[1]))
                w._apply_quiet(c)
                steps = 0
            else:
                w = reseeded(start[0], random.Random(world[1]))
                w.mdeck = world[0].mdeck[:]
                w.kdeck = world[0].kdeck[:]
                steps = start[1]
            if not _rollout(w, horizon, stop_at, should_stop, self.level, memo, steps):
                return None
            return evaluate(w)

        # the playouts make no reference cycles, only many short-lived lists and tuples, on
        # which the cyclic collector spent ~8 % of a search: it waits until the search is done
        collecting = gc.isenabled()
        gc.disable()
        try:
            found = compare_on_worlds(
                cands,
                sample,
                playout,
                max_worlds=self.max_worlds,
                min_worlds=self.min_worlds,
                confidence=self.confidence,
                deadline=stop_at,
                should_stop=should_stop,
            )
        finally:
            if collecting:
                gc.enable()
        self.last_worlds = found.worlds
        self.last_playouts = found.playouts
        return found.best


def reseeded(st: GameState, rng: random.Random | _NoDice) -> GameState:
    """A copy of ``st`` drawing from ``rng`` (its own generator, shared until used, is not
    copied for it)."""
    world = st.clone()
    world.rng = rng  # type: ignore[assignment]
    return world


def distinct_candidates(st: GameState, ranked: list[tuple[float, Action]], k: int) -> list[Action]:
    """Normal's top ``k`` actions, skipping placements that only repeat a spot already listed."""
    out: list[Action] = []
    seen: set = set()
    for _, a in ranked:
        key = (a.kind, a.get("at"), a.get("courage"), a.get("card"), a.get("component"))
        if key in seen:
            continue
        seen.add(key)
        out.append(a)
        if len(out) >= k:
            break
    return out


class _Dice(Exception):
    """A probe step asked for chance (a die, a shuffle): the shared start ends before it."""


class _NoDice:
    """The generator of a probe state: any use of it raises :class:`_Dice`."""

    def __getattr__(self, name: str) -> object:
        raise _Dice(name)


def _shared_start(
    world: GameState, c: Action, horizon: int, level: str, memo: dict[tuple, Action]
) -> tuple[GameState, int] | None:
    """The state every world reaches after ``c`` and the policy's moves until chance comes in.

    Worlds differ only in the order of the two decks and in their generators. Until a step
    rolls a die, shuffles or takes a card from a deck, every world plays the very same moves
    to the very same state, so the playouts start from that state (with their own decks and
    a fresh generator seeded as before) instead of replaying those steps world after world.
    The probe plays on copies whose generator refuses to be used, and checks the decks'
    sizes after every step; the heuristic and the rules read the decks only by drawing from
    them. Returns ``(state, policy steps taken)``, or None when ``c`` itself meets chance.
    """
    sizes = (len(world.mdeck), len(world.kdeck))
    cur = reseeded(world, _NoDice())
    try:
        cur._apply_quiet(c)
    except _Dice:
        return None
    if (len(cur.mdeck), len(cur.kdeck)) != sizes:
        return None
    steps = 0
    while cur.result is None and cur.round < horizon:
        q = cur.decider()
        if q is None:
            break
        key = (q, cur.search_key())
        a = memo.get(key)
        if a is None:
            a = memo[key] = heuristic_action(cur, q, level)
        nxt = reseeded(cur, _NoDice())
        try:
            nxt._apply_quiet(a)
        except _Dice:
            break
        if (len(nxt.mdeck), len(nxt.kdeck)) != sizes:
            break
        cur = nxt
        steps += 1
    return cur, steps


#: the decisions whose answers the playouts look up by search_key. Measured on 16 positions
#: (tools/rising/search_speed.py), about half of these lookups find an answer; production, building,
#: library and card-window decisions found one in under a fifth of them, too few to pay for
#: taking the key (a key and its lookup cost about what ranking a production decision does)
_MEMO_FRAMES = frozenset({"place", "flood_resp", "mchoice", "pool", "start"})


def _rollout(
    w: GameState,
    horizon: int,
    stop_at: float,
    should_stop: Callable[[], bool],
    level: str = "hard",
    memo: dict[tuple, Action] | None = None,
    steps: int = 0,
) -> bool:
    """Play ``w`` on with the ``level`` policy up to round ``horizon``; False when time ran out.

    ``memo`` caches the policy's move by (seat, :meth:`search_key`): the heuristic reads
    neither the decks' order nor the dice, so equal keys get equal moves. ``steps``: the
    policy's moves already played (only the clock checks count them).
    """
    while w.result is None and w.round < horizon:
        q = w.decider()
        if q is None:
            break
        if memo is None or w.stack[-1][0] not in _MEMO_FRAMES:
            a = heuristic_action(w, q, level)
        else:
            key = (q, w.search_key())
            a = memo.get(key)
            if a is None:
                a = memo[key] = heuristic_action(w, q, level)
        w._apply_quiet(a)
        steps += 1
        if steps & 15 == 0 and (time.monotonic() >= stop_at or should_stop()):
            return False
    return True


def make_policy(level: str, seed: int) -> object:
    if level in ("easy", "normal"):
        return HeuristicBot(level, seed)
    if level == "hard":
        return SearchRisingBot(level, seed)
    raise ValueError(f"no Atlantis Rising bot level {level!r}")


def components_built(st: GameState) -> int:
    """The per-game score ``simulate`` reports for this co-op game: components built."""
    return sum(b >= 0 for b in st.built)


register_policy("rising", make_policy)
register_score("rising", components_built)
