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
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ai.finding.model import Effect, Me, effect, legal_for, public_after, reading_templates
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
    #: what an Explore's chance of drawing an artifact is worth, alone (bits of city)
    art: float = 0.0


@dataclass(frozen=True, slots=True)
class Part:
    """How the samples split so far: by results, by (results, city), and the plan's score."""

    labels: tuple[int, ...]
    joint: tuple[int, ...]
    score: float


class Scorer:
    """The samples of one decision and the cached result keys of every reading tried on them.

    Each reading's results are numbered ``0..m-1`` over the samples, so refining a split is
    one multiply-add per sample (``label * m + result``) and its entropy one ``Counter``.
    """

    def __init__(
        self, samples: Sequence[Sample], size: int, beta: float, recovered: int = 0, mines: int = 0
    ) -> None:
        self.samples = list(samples)
        self.n = len(self.samples)
        self.size = size
        self.beta = beta
        self.recovered = recovered
        self.mines = mines
        self._ids: dict[Reading, tuple[list[int], int] | None] = {}
        self._gain: dict[Reading, tuple[float, float]] = {}
        n = self.n
        self._clog = [0.0] + [c * math.log2(c) for c in range(1, n + 1)]
        self._logn = math.log2(n) if n else 0.0
        cities: dict[int, int] = {}
        joint = tuple(cities.setdefault(s.city, len(cities)) for s in self.samples)
        self.root = Part((0,) * n, joint, self._score((0,) * n, joint))
        self._art: dict[int, float] = {}

    def artifact_chance(self, cell: int) -> float:
        """The share of samples with an artifact still on ``cell``."""
        hit = self._art.get(cell)
        if hit is None:
            bit = 1 << cell
            if bit & self.recovered or not self.n:
                hit = 0.0
            else:
                hit = sum(1 for s in self.samples if s.traces & bit and not s.city & bit) / self.n
            self._art[cell] = hit
        return hit

    def _entropy(self, labels: Sequence[int]) -> float:
        if not self.n:
            return 0.0
        clog = self._clog
        return self._logn - sum(clog[c] for c in Counter(labels).values()) / self.n

    def _score(self, labels: Sequence[int], joint: Sequence[int]) -> float:
        return self._entropy(labels) - (1.0 - self.beta) * self._entropy(joint)

    def ids(self, r: Reading) -> tuple[list[int], int] | None:
        """The reading's result on each sample as a small number, and how many there are;
        ``None`` when it tells nothing here (one result on every sample)."""
        if r in self._ids:
            return self._ids[r]
        fn = reading_key(r[0], r[1], r[2], self.size, self.recovered, self.mines)
        got: tuple[list[int], int] | None = None
        if fn is not None:
            names: dict[Any, int] = {}
            ids = [names.setdefault(fn(s), len(names)) for s in self.samples]
            if len(names) > 1:
                got = (ids, len(names))
        self._ids[r] = got
        return got

    def refine(self, part: Part, r: Reading) -> Part:
        got = self.ids(r)
        if got is None:
            return part
        ids, m = got
        labels = tuple([x * m + k for x, k in zip(part.labels, ids, strict=True)])
        joint = tuple([x * m + k for x, k in zip(part.joint, ids, strict=True)])
        return Part(labels, joint, self._score(labels, joint))

    def gain(self, r: Reading) -> tuple[float, float]:
        """(score gain from the root, plain entropy of the result) of one reading alone."""
        hit = self._gain.get(r)
        if hit is None:
            part = self.refine(self.root, r)
            hit = (part.score - self.root.score, self._entropy(part.labels))
            self._gain[r] = hit
        return hit


@dataclass
class Goal:
    """The best city, its probability, and the spaces where an Atlantis answer lets it claim."""

    city: frozenset[int]
    p: float
    targets: frozenset[int]


Candidate = tuple[float, Action, Effect]


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
        stop: float = math.inf,
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
        #: ``time.monotonic()`` after which plans stop looking further ahead (the deadline)
        self.stop = stop
        self._cands: dict[Me, list[Candidate]] = {}
        self._best_read: dict[tuple[int, tuple], float] = {}
        self._far: dict[int, float] = {}
        self._spots: list[tuple[int, int, float]] | None = None

    # --- the pieces of a plan's value ------------------------------------------------------
    def _effects(self, me: Me, actions: Sequence[Action] | None) -> list[tuple[Action, Effect]]:
        if actions is None:
            actions = legal_for(me, self.seat, self.n, self.size)
        size, pirate, captain = self.size, self.pirate, self.captain
        return [(a, effect(me, a, size, pirate, captain)) for a in actions]

    def best_reading(self, me: Me) -> float:
        """The best single reading ``me`` could take where it is (gain from the root)."""
        templates = reading_templates(me.hand, me.cap, me.arts, self.pirate)
        key = (me.pos, templates)
        hit = self._best_read.get(key)
        if hit is None:
            gain = self.sc.gain
            pos = me.pos
            hit = max((gain((k, args, pos))[0] for k, args in templates), default=0.0)
            self._best_read[key] = hit
        return hit

    def far(self, pos: int) -> float:
        """The best reading anywhere on the map with a full hand, discounted by the way there.

        What keeps a bot that has learnt all it can nearby from idling: it pulls it, one
        move at a time, towards the spaces where readings still tell something.
        """
        hit = self._far.get(pos)
        if hit is not None:
            return hit
        if self._spots is None:
            templates = (("sonar", ()), ("explore", ()))  # the cards every hand gets back
            gain = self.sc.gain
            spots = []
            for q in range(self.size * self.size):
                v = max((gain((k, args, q))[0] for k, args in templates), default=0.0)
                if v > 0.0:
                    x, y = xy(self.size, q)
                    spots.append((x, y, v))
            self._spots = spots
        x, y = xy(self.size, pos)
        g = self.pp.gamma
        hit = max(
            (v * g ** ((abs(x - qx) + abs(y - qy) + 1) // 2 + 1) for qx, qy, v in self._spots),
            default=0.0,
        )
        self._far[pos] = hit
        return hit

    def steps_to_goal(self, me: Me) -> int | None:
        """Actions until an Explore on a target space (a rough count: two spaces a move)."""
        goal = self.goal
        if goal is None or not goal.targets:
            return None
        x, y = xy(self.size, me.pos)
        far = min(abs(x - tx) + abs(y - ty) for tx, ty in (xy(self.size, t) for t in goal.targets))
        return (far + 1) // 2 + (0 if "explore" in me.hand else 1) + 1

    def terminal(self, me: Me, t: int, alive: float) -> float:
        pp = self.pp
        value = pp.kappa * max(self.best_reading(me), self.far(me.pos)) * pp.gamma**t
        steps = self.steps_to_goal(me)
        if steps is not None:
            assert self.goal is not None
            value += pp.win * self.goal.p * pp.gamma ** (t + steps - 1)
        return alive * value

    def leak(self, pub: int, r: Reading) -> float:
        if not self.opponents or self.pp.leak <= 0.0:
            return 0.0
        return self.pp.leak * self.sc.gain(r)[1] / max(1, pub)

    def artifact_worth(self, me: Me, r: Reading) -> float:
        """What an Explore's chance of drawing an artifact is worth to a bot racing alone
        (the only setting it was measured in)."""
        if not self.pp.art or self.opponents or r[0] != "explore":
            return 0.0
        return self.pp.art * self.sc.artifact_chance(me.pos)

    def _wins(self, me: Me, eff: Effect) -> bool:
        goal = self.goal
        return (
            goal is not None
            and eff.reading is not None
            and eff.reading[0] == "explore"
            and me.pos in goal.targets
        )

    # --- the search ----------------------------------------------------------------------------
    def candidates(self, me: Me, actions: Sequence[Action] | None = None) -> list[Candidate]:
        """The modelled actions from ``me`` with a cheap order key, most promising first."""
        if actions is None:
            hit = self._cands.get(me)
            if hit is not None:
                return hit
        pp = self.pp
        out: list[Candidate] = []
        seen: set[tuple[Me, Reading | None]] = set()
        for a, eff in self._effects(me, actions):
            after = eff.after
            if eff.sort == "read":
                r = eff.reading
                assert r is not None
                if (after, r) in seen or self.sc.ids(r) is None and not self._wins(me, eff):
                    continue
                seen.add((after, r))
                order = self.sc.gain(r)[0] + self.artifact_worth(me, r)
                if self._wins(me, eff):
                    assert self.goal is not None
                    order += pp.win * self.goal.p
                out.append((order, a, eff))
            elif eff.sort == "move":
                if (after, None) in seen or (after.pos == me.pos and eff.cost):
                    continue
                seen.add((after, None))
                order = pp.kappa * max(self.best_reading(after), self.far(after.pos))
                if self.danger.intersection(eff.path):
                    order -= pp.danger
                out.append((order, a, eff))
            elif eff.sort == "refill":
                if (after.hand == me.hand and after.cap == me.cap) or (after, None) in seen:
                    continue
                seen.add((after, None))
                out.append((pp.kappa * self.best_reading(after) - 0.01, a, eff))
        out.sort(key=lambda c: -c[0])
        if actions is None:
            self._cands[me] = out
        return out

    def step(
        self, me: Me, pub: int, part: Part, t: int, alive: float, a: Action, eff: Effect
    ) -> tuple[float, Part, int, float]:
        """(immediate value, split after, actions used after, chance the game goes on)."""
        pp = self.pp
        g = pp.gamma**t
        if eff.sort == "read":
            assert eff.reading is not None
            new = self.sc.refine(part, eff.reading)
            gain = new.score - part.score - self.leak(pub, eff.reading)
            imm = alive * g * (gain + self.artifact_worth(me, eff.reading))
            if self._wins(me, eff):
                assert self.goal is not None
                imm += alive * g * pp.win * self.goal.p
                alive = alive * (1.0 - self.goal.p)
            return imm, new, t + eff.cost, alive
        imm = 0.0
        if eff.sort == "move" and self.danger.intersection(eff.path):
            imm = -pp.danger * alive * g
        return imm, part, t + eff.cost, alive

    def value(self, me: Me, pub: int, part: Part, depth: int, t: int, alive: float) -> float:
        if depth <= 0 or time.monotonic() > self.stop:
            return self.terminal(me, t, alive)
        cands = self.candidates(me)
        if not cands:
            return self.terminal(me, t, alive)
        beam = self.pp.beam[min(len(self.pp.beam) - 1, self.pp.depth - depth)]
        best = -math.inf
        for _o, a, eff in cands[:beam]:
            imm, new, t2, alive2 = self.step(me, pub, part, t, alive, a, eff)
            pub2 = public_after(pub, eff.widen, self.size)
            best = max(best, imm + self.value(eff.after, pub2, new, depth - 1, t2, alive2))
        return best

    def rank(self, me: Me, pub: int, actions: Sequence[Action]) -> list[tuple[float, Action]]:
        """Every modelled root action with its plan value, best first."""
        out = []
        root = self.sc.root
        for _o, a, eff in self.candidates(me, actions):
            imm, new, t2, alive2 = self.step(me, pub, root, 0, 1.0, a, eff)
            pub2 = public_after(pub, eff.widen, self.size)
            out.append((imm + self.value(eff.after, pub2, new, self.pp.depth - 1, t2, alive2), a))
        out.sort(key=lambda va: -va[0])
        return out


def pick(ranked: list[tuple[float, Action]], noise: float, rng: random.Random) -> Action:
    """The best action, or (with probability ``noise``) one of the three best."""
    if noise > 0.0 and len(ranked) > 1 and rng.random() < noise:
        return ranked[rng.randrange(min(3, len(ranked)))][1]
    return ranked[0][1]
