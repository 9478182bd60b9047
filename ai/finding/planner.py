"""Choosing the U-Bot's next action: expected information, a few actions ahead.

Per decision the planner draws maps from the exact posterior and asks, of every reading it
could take (where it is now, or after a move or two), how the samples split by its result. The
result is a function of the map, so the entropy of that split *is* the expected information of
the reading. It is weighted toward the city: a plan's score is ``I(results; city) + β·H(results
| city)`` (the information about the city counts fully, the rest, about artifacts, at ``β``),
computed jointly for all the readings of a plan, so two readings that tell the same thing are
not counted twice. From that it takes away what a reading tells the others (its information
over the size of the bot's position set in the public record: a reading from a known cell is a
gift to every opponent) and adds, for an Explore on a space of the best city whose Atlantis
answer would let the bot claim (``P(best) / P(space in the city) ≥`` the claim threshold), the
chance of winning there. Beyond the horizon a plan is worth a share of its best reading left and
the discounted chance of winning at the nearest such space, which is what walks the bot there
at the end. Surfacing is one of the actions; it costs an action and, for the leak-aware level,
makes the next readings public property until the bot moves unseen.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from ai.finding.model import Effect, Me, effect, legal_for
from ai.finding.outcomes import Sample, reading_key
from game.core.protocol import Action
from game.finding.ocean import xy

Reading = tuple[str, tuple[tuple[str, Any], ...], int]


@dataclass(frozen=True)
class Params:
    """One level's settings (see :mod:`ai.finding.bots` for the three levels)."""

    samples: int = 64
    depth: int = 2
    beam: tuple[int, ...] = (8, 4, 3)
    gamma: float = 0.8
    beta: float = 0.35
    kappa: float = 0.5
    win: float = 10.0
    leak: float = 0.0
    threshold: float = 0.9
    noise: float = 0.0
    danger: float = 2.0


@dataclass(frozen=True, slots=True)
class Part:
    """How the samples split so far: by results, by (results, city), and the plan's score."""

    labels: tuple[int, ...]
    joint: tuple[int, ...]
    score: float


class Scorer:
    """The samples of one decision and the cached result keys of every reading tried on them."""

    def __init__(
        self, samples: Sequence[Sample], size: int, beta: float, recovered: int = 0, mines: int = 0
    ) -> None:
        self.samples = list(samples)
        self.n = len(self.samples)
        self.size = size
        self.beta = beta
        self.recovered = recovered
        self.mines = mines
        self._keys: dict[Reading, list[Any] | None] = {}
        self._gain: dict[Reading, tuple[float, float]] = {}
        n = self.n
        self._clog = [0.0] + [c * math.log2(c) for c in range(1, n + 1)]
        ids: dict[int, int] = {}
        joint = tuple(ids.setdefault(s.city, len(ids)) for s in self.samples)
        self.root = Part((0,) * n, joint, self._score(((0,) * n), joint))

    def _entropy(self, labels: Sequence[int]) -> float:
        counts: dict[int, int] = {}
        for v in labels:
            counts[v] = counts.get(v, 0) + 1
        n = self.n
        clog = self._clog
        return math.log2(n) - sum(clog[c] for c in counts.values()) / n if n else 0.0

    def _score(self, labels: Sequence[int], joint: Sequence[int]) -> float:
        return self._entropy(labels) - (1.0 - self.beta) * self._entropy(joint)

    def keys(self, r: Reading) -> list[Any] | None:
        got = self._keys.get(r, False)
        if got is False:
            fn = reading_key(r[0], r[1], r[2], self.size, self.recovered, self.mines)
            got = None if fn is None else [fn(s) for s in self.samples]
            self._keys[r] = got
        return got

    def refine(self, part: Part, r: Reading) -> Part | None:
        keys = self.keys(r)
        if keys is None:
            return None
        a: dict[tuple[int, Any], int] = {}
        b: dict[tuple[int, Any], int] = {}
        labels = tuple(a.setdefault((x, k), len(a)) for x, k in zip(part.labels, keys))
        joint = tuple(b.setdefault((x, k), len(b)) for x, k in zip(part.joint, keys))
        return Part(labels, joint, self._score(labels, joint))

    def gain(self, r: Reading) -> tuple[float, float]:
        """(score gain from the root, plain entropy of the result) of one reading alone."""
        hit = self._gain.get(r)
        if hit is None:
            part = self.refine(self.root, r)
            hit = (0.0, 0.0) if part is None else (
                part.score - self.root.score, self._entropy(part.labels)
            )
            self._gain[r] = hit
        return hit


@dataclass
class Goal:
    """The best city, its probability, and the spaces where an Atlantis answer lets it claim."""

    city: frozenset[int]
    p: float
    targets: frozenset[int]


class Planner:
    """One decision's search over the bot's next few actions."""

    def __init__(
        self,
        scorer: Scorer,
        params: Params,
        *,
        seat: int,
        n: int,
        size: int,
        pirate: bool,
        captain: str | None,
        goal: Goal | None,
        danger: frozenset[int] = frozenset(),
        opponents: bool = False,
    ) -> None:
        self.sc = scorer
        self.pp = params
        self.seat = seat
        self.n = n
        self.size = size
        self.pirate = pirate
        self.captain = captain
        self.goal = goal
        self.danger = danger
        self.opponents = opponents
        self._effects: dict[Me, list[tuple[Action, Effect]]] = {}
        self._best_read: dict[tuple[int, tuple[str, ...], str | None, tuple[str, ...]], float] = {}

    # --- the pieces of a plan's value ------------------------------------------------------
    def effects(self, me: Me, actions: Sequence[Action] | None = None) -> list[tuple[Action, Effect]]:
        if actions is None:
            hit = self._effects.get(me)
            if hit is not None:
                return hit
            actions = legal_for(me, self.seat, self.n, self.size)
        out = [(a, effect(me, a, self.size, self.pirate, self.captain)) for a in actions]
        self._effects[me] = out
        return out

    def best_reading(self, me: Me) -> float:
        """The best single reading ``me`` could take where it is (gain from the root)."""
        key = (me.pos, me.hand, me.cap, me.arts)
        hit = self._best_read.get(key)
        if hit is not None:
            return hit
        best = 0.0
        for _a, eff in self.effects(me):
            if eff.reading is not None and eff.reading[0] != "atlas":
                best = max(best, self.sc.gain(eff.reading)[0])
        self._best_read[key] = best
        return best

    def steps_to_goal(self, me: Me) -> int | None:
        """Actions until an Explore on a target space (a rough count: two spaces a move)."""
        goal = self.goal
        if goal is None or not goal.targets:
            return None
        x, y = xy(self.size, me.pos)
        far = min(
            abs(x - tx) + abs(y - ty) for tx, ty in (xy(self.size, t) for t in goal.targets)
        )
        return (far + 1) // 2 + (0 if "explore" in me.hand else 1) + 1

    def terminal(self, me: Me, t: int, alive: float) -> float:
        pp = self.pp
        value = pp.kappa * self.best_reading(me) * pp.gamma**t
        steps = self.steps_to_goal(me)
        if steps is not None:
            assert self.goal is not None
            value += pp.win * self.goal.p * pp.gamma ** (t + steps - 1)
        return alive * value

    def leak(self, me: Me, r: Reading) -> float:
        if not self.opponents or self.pp.leak <= 0.0:
            return 0.0
        return self.pp.leak * self.sc.gain(r)[1] / max(1, me.pub)

    # --- the search ----------------------------------------------------------------------------
    def children(
        self, me: Me, part: Part, t: int, alive: float, actions: Sequence[Action] | None = None
    ) -> list[tuple[float, float, Action, Me, Part, int, float]]:
        """(order key, immediate value, action, me after, split after, t after, alive after)."""
        pp = self.pp
        g = pp.gamma**t
        out = []
        seen: set[tuple[Me, Reading | None]] = set()
        for a, eff in self.effects(me, actions):
            after = eff.after
            if eff.sort == "read":
                assert eff.reading is not None
                if (after, eff.reading) in seen:
                    continue
                seen.add((after, eff.reading))
                new = self.sc.refine(part, eff.reading)
                if new is None:
                    continue
                imm = alive * g * (new.score - part.score - self.leak(me, eff.reading))
                alive2 = alive
                goal = self.goal
                if eff.reading[0] == "explore" and goal is not None and me.pos in goal.targets:
                    imm += alive * g * pp.win * goal.p
                    alive2 = alive * (1.0 - goal.p)
                out.append((imm, imm, a, after, new, t + eff.cost, alive2))
            elif eff.sort == "move":
                if (after, None) in seen or after.pos == me.pos and eff.cost:
                    continue
                seen.add((after, None))
                imm = -pp.danger * alive * g if self.danger.intersection(eff.path) else 0.0
                order = imm + pp.kappa * g * self.best_reading(after)
                out.append((order, imm, a, after, part, t + eff.cost, alive))
            elif eff.sort == "refill":
                if after.hand == me.hand and after.cap == me.cap:
                    continue
                if (after, None) in seen:
                    continue
                seen.add((after, None))
                out.append((pp.kappa * g * self.best_reading(after), 0.0, a, after, part,
                            t + eff.cost, alive))  # fmt: skip
        out.sort(key=lambda c: -c[0])
        return out

    def value(self, me: Me, part: Part, depth: int, t: int, alive: float) -> float:
        if depth <= 0:
            return self.terminal(me, t, alive)
        kids = self.children(me, part, t, alive)
        if not kids:
            return self.terminal(me, t, alive)
        beam = self.pp.beam[min(len(self.pp.beam) - 1, self.pp.depth - depth)]
        return max(
            imm + self.value(after, new, depth - 1, t2, alive2)
            for _o, imm, _a, after, new, t2, alive2 in kids[:beam]
        )

    def rank(self, me: Me, actions: Sequence[Action]) -> list[tuple[float, Action]]:
        """Every modelled root action with its plan value, best first."""
        kids = self.children(me, self.sc.root, 0, 1.0, actions)
        out = []
        for _o, imm, a, after, new, t2, alive2 in kids:
            out.append((imm + self.value(after, new, self.pp.depth - 1, t2, alive2), a))
        out.sort(key=lambda va: -va[0])
        return out


def pick(ranked: list[tuple[float, Action]], noise: float, rng: random.Random) -> Action:
    """The best action, or (with probability ``noise``) one of the three best."""
    if noise > 0.0 and len(ranked) > 1 and rng.random() < noise:
        return ranked[rng.randrange(min(3, len(ranked)))][1]
    return ranked[0][1]


def with_pos(me: Me, pos: int) -> Me:
    return replace(me, pos=pos)
