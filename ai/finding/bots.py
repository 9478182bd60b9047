"""The U-Bot at its three levels, and the policy factory :mod:`ai.bots` calls.

Every decision is answered from the seat's view only: the mind brings the exact belief up to
the view's chart, the planner scores the actions (:mod:`ai.finding.planner`), and the solve and
claim questions are answered from the belief's best city. Levels differ in what they know and
how hard they think:

* ``easy``: its own readings only (it ignores what the others' readings say), 16 samples,
  one action ahead (a move is worth the best reading it reaches), a low claim threshold
  (0.75) and some noise (a third of its actions one of its three best);
* ``normal``: every reading its chart can place, 48 samples, one action ahead, 0.9;
* ``hard``: also the opponents' readings its tracker places, 128 samples, three actions ahead
  (a reading after two moves), 0.95, it weighs what its readings and surfacing tell the
  others. Racing nobody, it also counts what an artifact drawn is worth, and with 3000 cities
  or fewer left it searches its endgame (:mod:`ai.finding.endgame`): the fewest expected
  actions to a winning Explore.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable

from ai.base import SeededBot
from ai.finding.belief import Belief, prepare
from ai.finding.endgame import Endgame, EndParams
from ai.finding.mind import CHART, OWN, TRACKED, Mind
from ai.finding.model import Me
from ai.finding.outcomes import as_sample
from ai.finding.planner import Goal, Params, Planner, Scorer, pick
from ai.finding.route import route
from game.core.hidden import HIDDEN
from game.core.protocol import Action, GameState
from game.finding.state import FindingState

#: the captains a U-Bot would rather keep, best first: by their win rates among four hard
#: bots (200 games on 6×6, each seat keeping one of its two at random; docs/rules-decisions.md)
CAPTAIN_ORDER = (
    "smuggler", "engineer", "diver", "surveyor", "navy", "archaeologist", "phantom",
    "hydrographer",
)  # fmt: skip

#: the order a U-Bot racing nobody keeps them in: by the rounds a hard bot needed alone with
#: each captain, forced on the same 60 solo seeds (6×6; docs/rules-decisions.md). Without
#: opponents a heard move costs nothing, and a reading captain tells the bot alone all it says.
#: The Phantom comes last: with nobody to hide from, its refill is the Surface card's, which
#: comes back with every refill, so it adds nothing the hand does not already hold.
SOLO_CAPTAIN_ORDER = (
    "smuggler", "hydrographer", "diver", "archaeologist", "navy", "engineer", "surveyor",
    "phantom",
)  # fmt: skip

#: the share of the budget new facts may take to go into the belief; the rest wait for the
#: next decision
UPDATE_SHARE = 0.4
#: the share of the time left after the belief update that plans may take before they stop
#: looking ahead: the rest is margin for sampling, scoring the first actions and the answer
STOP_SHARE = 0.5

LEVEL_PARAMS: dict[str, tuple[Params, str]] = {
    "easy": (
        Params(samples=16, depth=1, beam=(8,), kappa=0.5, threshold=0.75, noise=0.35),
        OWN,
    ),
    "normal": (Params(samples=48, depth=1, beam=(8,), threshold=0.9), CHART),
    "hard": (
        Params(samples=128, depth=3, beam=(10, 5, 3), threshold=0.95, leak=0.5, art=2.5),
        TRACKED,
    ),
}

#: the levels that search their endgame when alone (:mod:`ai.finding.endgame`), from how
#: many cities left and how deep
LEVEL_ENDGAME: dict[str, EndParams] = {
    "hard": EndParams(
        cities=3000,
        particles=512,
        per_city=4,
        per_bit=3.0,
        depth=8,
        beam=6,
        art=1.0,
        refill=1.0,
        rounds=True,
    ),
}


def goal_of(belief: Belief, threshold: float) -> Goal:
    """The best city and the spaces where exploring Atlantis would make it claimable."""
    city, p = belief.best_city()
    atl = belief.atlantis_probabilities()
    targets = frozenset(q for q in city if p >= threshold * atl[q])
    return Goal(city, p, targets)


class UBot(SeededBot):
    """The deducing submarine: exact belief, expected information, a level's threshold."""

    #: the belief follows every decision, forced or not
    answer_forced = False
    #: the endgame search among opponents too; off: it counts actions, not what its readings
    #: and surfacings tell the others (the leak the planner weighs), and the four-bot measures
    #: with it on were not run in full (docs/rules-decisions.md)
    endgame_with_opponents = False

    def __init__(
        self, level: str, seed: int, params: Params, source: str, endgame: EndParams | None = None
    ) -> None:
        super().__init__(level, seed)
        self.params = params
        self.source = source
        #: the endgame search's settings, or ``None`` for a level that never uses it
        self.endgame = endgame
        self.mind: Mind | None = None
        self.target: tuple[int, ...] = ()
        #: when this decision's plans stop looking further ahead (``time.monotonic()``)
        self.stop = math.inf
        #: the last decision's timings (belief update, choice), for the benchmark
        self.last_ms: tuple[float, float] = (0.0, 0.0)

    def prepare(self, view: GameState) -> None:
        """The city tables of this map shape: on 8×8 they take two seconds, once per process,
        which no decision's budget could pay for."""
        assert isinstance(view, FindingState)
        prepare(view.size)

    def _mind(self, player: int) -> Mind:
        if self.mind is None or self.mind.seat != player:
            self.mind = Mind(player, self.source)
        return self.mind

    def decide(
        self,
        view: GameState,
        player: int,
        legal: list[Action],
        deadline: float,
        should_stop: Callable[[], bool],
    ) -> Action:
        assert isinstance(view, FindingState)
        dec = view.decision()
        assert dec is not None
        if dec.kind == "captain":
            order = SOLO_CAPTAIN_ORDER if view.n == 1 else CAPTAIN_ORDER
            return min(legal, key=lambda a: order.index(a["captain"]))
        t0 = time.perf_counter()
        now = time.monotonic()
        belief = self._mind(player).update(view, now + UPDATE_SHARE * max(0.0, deadline - now))
        t1 = time.perf_counter()
        now = time.monotonic()
        # plans stop deepening halfway through what is left, so the answer is never late
        self.stop = now + STOP_SHARE * max(0.0, deadline - now)
        try:
            return self._decide(view, player, dec.kind, legal, belief)
        finally:
            t2 = time.perf_counter()
            self.last_ms = ((t1 - t0) * 1000.0, (t2 - t1) * 1000.0)

    def _decide(
        self, view: FindingState, p: int, kind: str, legal: list[Action], belief: Belief
    ) -> Action:
        if not belief.consistent():  # never with true facts; stay playable all the same
            return legal[self.rng.randrange(len(legal))]
        if kind == "solve":
            city, prob = belief.best_city()
            here = view.pos[p]
            if prob >= self.params.threshold and here in city:
                self.target = _claim_order(city, here, view.size)
                return next(a for a in legal if a.kind == "solve")
            return next(a for a in legal if a.kind == "keep_searching")
        if kind == "claim":
            return self._claim(view, legal, belief)
        return self._act(view, p, legal, belief)

    def _claim(self, view: FindingState, legal: list[Action], belief: Belief) -> Action:
        named = set(view.claim)
        if not named <= set(self.target):
            probs = belief.city_probabilities()
            best = max((c for c in probs if named <= c), key=probs.__getitem__, default=None)
            self.target = tuple(sorted(best)) if best else ()
        for a in legal:
            if a["cell"] in self.target:
                return a
        return legal[0]

    def _act(self, view: FindingState, p: int, legal: list[Action], belief: Belief) -> Action:
        here = view.pos[p]
        if here is None or view.lost[p]:
            for a in legal:
                if a.kind == "surface":
                    return a
            return legal[self.rng.randrange(len(legal))]
        for a in legal:
            if a.kind == "artifact" and a["name"] == "chronometer":
                return a  # a free extra action is worth most when used at once
        me = Me(here, view.hand[p], view.captain[p] if view.cap_ready[p] else None, view.arts[p])
        goal = goal_of(belief, self.params.threshold)
        if goal.p >= self.params.threshold:
            # the city is known well enough: the shortest way to one of its spaces, and explore
            if here in goal.city and "explore" in me.hand:
                return next(a for a in legal if a.kind == "explore")
            got = route(
                me, goal.city, seat=p, n=view.n, size=view.size, pirate=view.pirate,
                captain=view.captain[p], avoid=_danger(view),
            )  # fmt: skip
            if got and got[1] and got[1][0] in legal:
                return got[1][0]
        end = self.endgame if view.n == 1 or self.endgame_with_opponents else None
        if end is not None and belief.city_count() <= end.cities:
            got = self.end_search(view, p, belief).choose(me, legal, view.acts)
            if got is not None:
                return got[0]
        planner = self.planner(view, p, belief, goal)
        ranked = planner.rank(me, len(view.possible_positions(None, p)), legal)
        if not ranked:
            return legal[self.rng.randrange(len(legal))]
        return pick(ranked, self.params.noise, self.rng)

    def end_search(self, view: FindingState, p: int, belief: Belief) -> Endgame:
        """The endgame's search over maps drawn from the belief (few cities left)."""
        assert self.endgame is not None
        recovered, mines = _known_masks(view, p)
        k = self.endgame.per_city
        drawn = belief.sample_by_city(self.rng, self.endgame.particles // k, k)
        samples = [as_sample(o) for o in drawn]
        return Endgame(
            samples, view.size, self.endgame, seat=p, n=view.n, pirate=view.pirate,
            captain=view.captain[p], recovered=recovered, mines=mines, danger=_danger(view),
            stop=self.stop,
        )  # fmt: skip

    def planner(
        self, view: FindingState, p: int, belief: Belief, goal: Goal | None = None
    ) -> Planner:
        pp = self.params
        recovered, mines = _known_masks(view, p)
        samples = [as_sample(o) for o in belief.sample(self.rng, pp.samples)]
        scorer = Scorer(samples, view.size, pp.beta, recovered, mines)
        if goal is None:
            goal = goal_of(belief, pp.threshold)
        return Planner(
            scorer,
            pp,
            seat=p,
            n=view.n,
            size=view.size,
            pirate=view.pirate,
            captain=view.captain[p],
            goal=goal,
            danger=_danger(view),
            opponents=view.n > 1,
            stop=self.stop,
        )


def _known_masks(view: FindingState, p: int) -> tuple[int, int]:
    """Bit masks of the spaces the seat knows were emptied, and of its own mine."""
    recovered = 0
    for c in view.recovered:
        if c != HIDDEN:
            recovered |= 1 << c
    mine = view.mines[p]
    mines = 1 << mine if mine is not None and mine != HIDDEN else 0
    return recovered, mines


def _danger(view: FindingState) -> frozenset[int]:
    """Spaces with a sea monster the seat knows of (sleepy ones stay where they woke)."""
    if view.hunting:
        return frozenset()
    return frozenset(c for c in view.recovered if c != HIDDEN)


def _claim_order(city: frozenset[int], first: int, size: int) -> tuple[int, ...]:
    """The city's spaces from ``first`` outwards, so each touches one named before it."""
    from game.finding.ocean import neighbours8

    order = [first]
    todo = [first]
    while todo:
        c = todo.pop(0)
        for nb in neighbours8(size, c):
            if nb in city and nb not in order:
                order.append(nb)
                todo.append(nb)
    return tuple(order)


def make_policy(level: str, seed: int) -> UBot:
    """``ai.bots`` calls this for the easy, normal and hard Finding Atlantis bots."""
    if level not in LEVEL_PARAMS:
        raise ValueError(f"no Finding Atlantis bot level {level!r}")
    params, source = LEVEL_PARAMS[level]
    return UBot(level, seed, params, source, LEVEL_ENDGAME.get(level))
