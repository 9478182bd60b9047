"""A tiny test-only game that exercises every part of the engine protocol.

"Pearl Divers" for 1-4 seats: a hidden shuffled deck of pearl cards (1-6, three of each), hidden
hands, dice, and rounds of two phases:

* **bid** (simultaneous): every seat secretly offers one card (or nothing with an empty hand).
  The highest *unique* offer takes the sum of all offers as points; offered cards are discarded.
* **act** (sequential, starting seat rotates): each seat either draws a card (hand limit 5),
  dives (roll a die: 6 -> +3, 5 -> +2, 1 -> -2, else nothing) or passes.

Three modes share the engine: ``versus`` (highest score wins), ``teams`` (two teams, team totals
compare; by default seats alternate, and ``toy_teams`` takes the teams of its seats, the Titans and
the Atlanteans) and ``coop`` (everybody wins if the total reaches a target).
The view sorts the unknown cards (deck, other hands, other seats' pending offers) into one pool,
so it reveals only what the seat may know; ``determinize`` shuffles that pool back out.

Nothing in production registers this game: ``install()`` is called by the AI tests' conftest
(and by runner worker processes through their initializer).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping
from typing import Any

from game.core import registry
from game.core.protocol import Action, Decision, Event, GameState, OptionSpec

CARDS = tuple(v for v in range(1, 7) for _ in range(3))
HAND_START = 3
HAND_LIMIT = 5
FULL = -2  # the observer of a state that is not a view: nothing is hidden
MODES = ("versus", "teams", "coop")
DIVE = (0, -1, 0, 0, 1, 2, 2)  # points for each die face (index 1-6)


class ToyState(GameState):
    game_id = "toy"

    def __init__(
        self,
        num_players: int,
        seed: int,
        rounds: int = 6,
        mode: str = "versus",
        teams: list[int] | None = None,
    ):
        if mode not in MODES:
            raise ValueError(f"unknown toy mode {mode!r}")
        self.rng = random.Random(seed)
        self.n = num_players
        self.rounds = rounds
        self.mode = mode
        #: each seat's team in "teams" mode (seats alternate when not given)
        self.teams = list(teams) if teams is not None else [p % 2 for p in range(num_players)]
        deck = list(CARDS)
        self.rng.shuffle(deck)
        self.hands = [sorted(deck.pop() for _ in range(HAND_START)) for _ in range(num_players)]
        self.deck = deck
        self.discard: list[int] = []
        self.scores = [0] * num_players
        self.bids: list[int | None] = [None] * num_players
        self.round = 1
        self.phase = "bid"  # "bid" | "act" | "over"
        self.turn = 0  # how many seats have acted this round
        self.observer: int | None = FULL

    # --- protocol ---------------------------------------------------------------------------
    @property
    def num_players(self) -> int:
        return self.n

    def current(self) -> int:
        return (self.round - 1 + self.turn) % self.n

    def decision(self) -> Decision | None:
        if self.phase == "bid":
            waiting = tuple(p for p in range(self.n) if self.bids[p] is None)
            return Decision(waiting, "bid", "Offer a pearl card in secret")
        if self.phase == "act":
            return Decision((self.current(),), "act", "Draw, dive or pass")
        return None

    def legal_actions(self, player: int) -> list[Action]:
        if self.phase == "bid":
            if self.bids[player] is not None:
                return []
            hand = self.hands[player]
            if not hand:
                return [Action(player, "bid", (("card", 0),))]
            return [Action(player, "bid", (("card", c),)) for c in sorted(set(hand))]
        if self.phase == "act" and player == self.current():
            out = []
            if self.deck and len(self.hands[player]) < HAND_LIMIT:
                out.append(Action(player, "draw"))
            out.append(Action(player, "dive"))
            out.append(Action(player, "pass"))
            return out
        return []

    def _apply(self, action: Action) -> list[Event]:
        p = action.player
        kind = action.kind
        if kind == "bid":
            card = action.args[0][1]
            if card:
                self.hands[p].remove(card)
            self.bids[p] = card
            events = [
                Event("bid", f"{self.player_name(p)} offers a card", {"player": p}),
                Event("bid_card", f"You offer {card}", {"card": card}, to=(p,)),
            ]
            if all(b is not None for b in self.bids):
                events.extend(self._resolve_bids())
            return events
        if kind == "draw":
            card = self.deck.pop()
            self.hands[p].append(card)
            self.hands[p].sort()
            events = [
                Event("draw", f"{self.player_name(p)} draws", {"player": p}),
                Event("draw_card", f"You draw {card}", {"card": card}, to=(p,)),
            ]
        elif kind == "dive":
            die = self.rng.randint(1, 6)
            gain = DIVE[die]
            self.scores[p] += gain
            events = [Event("dive", f"{self.player_name(p)} rolls {die}", {"die": die})]
        else:
            events = [Event("pass", f"{self.player_name(p)} passes", {"player": p})]
        self.turn += 1
        if self.turn == self.n:
            self.turn = 0
            if self.round == self.rounds:
                self.phase = "over"
                events.append(Event("over", "The game is over", {"scores": list(self.scores)}))
            else:
                self.round += 1
                self.phase = "bid"
        return events

    def _resolve_bids(self) -> list[Event]:
        bids = [b or 0 for b in self.bids]
        pot = sum(bids)
        counts: dict[int, int] = {}
        for b in bids:
            counts[b] = counts.get(b, 0) + 1
        unique = [b for b in bids if counts[b] == 1 and b > 0]
        self.discard.extend(b for b in bids if b)
        self.bids = [None] * self.n
        self.phase = "act"
        reveal = Event("reveal", f"Offers: {bids}", {"bids": bids})
        if not unique:
            return [reveal, Event("no_winner", "No unique highest offer", {})]
        winner = bids.index(max(unique))
        self.scores[winner] += pot
        return [reveal, Event("win_bid", f"{self.player_name(winner)} takes {pot}", {"p": winner})]

    def final_score(self, player: int) -> int:
        """Points plus the face value of the cards still in hand."""
        return self.scores[player] + sum(self.hands[player])

    def team_of(self, player: int) -> int:
        return self.teams[player] if self.mode == "teams" else player

    def target(self) -> int:
        return 19 * self.n

    def returns(self) -> list[float]:
        if self.mode == "coop":
            won = 1.0 if sum(map(self.final_score, range(self.n))) >= self.target() else 0.0
            return [won] * self.n
        totals: dict[int, int] = {}
        for p in range(self.n):
            t = self.team_of(p)
            totals[t] = totals.get(t, 0) + self.final_score(p)
        best = max(totals.values())
        leaders = [t for t, s in totals.items() if s == best]
        return [1.0 / len(leaders) if self.team_of(p) in leaders else 0.0 for p in range(self.n)]

    # --- hidden information -------------------------------------------------------------------
    def _unknown_slots(self) -> list[tuple[str, int, int]]:
        """Where the cards this observer cannot see sit: (area, seat, index)."""
        obs = self.observer
        if obs == FULL:
            return []
        slots = [("deck", -1, i) for i in range(len(self.deck))]
        for p in range(self.n):
            if p == obs:
                continue
            slots.extend(("hand", p, i) for i in range(len(self.hands[p])))
            if self.bids[p]:
                slots.append(("bid", p, 0))
        return slots

    def _get(self, slot: tuple[str, int, int]) -> int:
        area, p, i = slot
        if area == "deck":
            return self.deck[i]
        if area == "hand":
            return self.hands[p][i]
        return self.bids[p] or 0

    def _put(self, slots: list[tuple[str, int, int]], values: list[int]) -> None:
        for (area, p, i), v in zip(slots, values, strict=True):
            if area == "deck":
                self.deck[i] = v
            elif area == "hand":
                self.hands[p][i] = v
            else:
                self.bids[p] = v
        for h in self.hands:
            h.sort()

    def _redact(self, player: int | None) -> None:
        self.observer = player
        slots = self._unknown_slots()
        self._put(slots, sorted(self._get(s) for s in slots))

    def _shuffle_unknown(self, rng: random.Random) -> None:
        slots = self._unknown_slots()
        values = [self._get(s) for s in slots]
        rng.shuffle(values)
        self._put(slots, values)
        self.observer = FULL

    def clone(self) -> ToyState:
        c = ToyState.__new__(ToyState)
        c.rng = random.Random()
        c.rng.setstate(self.rng.getstate())
        c.n = self.n
        c.rounds = self.rounds
        c.mode = self.mode
        c.teams = self.teams
        c.hands = [h[:] for h in self.hands]
        c.deck = self.deck[:]
        c.discard = self.discard[:]
        c.scores = self.scores[:]
        c.bids = self.bids[:]
        c.round = self.round
        c.phase = self.phase
        c.turn = self.turn
        c.observer = self.observer
        return c

    def fingerprint(self) -> Any:
        return (
            self.n,
            self.rounds,
            self.mode,
            tuple(self.teams),
            tuple(tuple(h) for h in self.hands),
            tuple(self.deck),
            tuple(self.discard),
            tuple(self.scores),
            tuple(self.bids),
            self.round,
            self.phase,
            self.turn,
            self.observer,
        )


# --- registration (tests only) ----------------------------------------------------------------
def _new(mode: str) -> Callable[[int, Mapping[str, str], int], GameState]:
    def new_game(n: int, options: Mapping[str, str], seed: int) -> GameState:
        return ToyState(n, seed, rounds=int(options["rounds"]), mode=mode)

    return new_game


def _new_teams(seats: Any, options: Mapping[str, str], seed: int) -> GameState:
    """The team toy game takes its seats, so a seat moved to the other team plays for it."""
    return ToyState(
        len(seats), seed, int(options["rounds"]), "teams", teams=[s.team for s in seats]
    )


TEAM_NAMES = ("Titans", "Atlanteans")
ROUNDS = OptionSpec("rounds", "Rounds", ("3", "6", "9"), "6", "How many rounds to play")


def evaluate(state: GameState, player: int) -> float:
    """A heuristic value in [0, 1]: score lead plus a little for cards in hand."""
    assert isinstance(state, ToyState)
    if state.mode == "coop":
        total = sum(state.final_score(p) for p in range(state.n))
        return max(0.0, min(1.0, total / (2 * state.target())))
    worth = [s + sum(h) for s, h in zip(state.scores, state.hands, strict=True)]
    mine = sum(w for p, w in enumerate(worth) if state.team_of(p) == state.team_of(player))
    theirs = max(
        (
            sum(w for q, w in enumerate(worth) if state.team_of(q) == t)
            for t in {state.team_of(q) for q in range(state.n)}
            if t != state.team_of(player)
        ),
        default=0.0,
    )
    return 1.0 / (1.0 + pow(1.15, theirs - mine))


def _policy(level: str, seed: int) -> Any:
    from ai.bots import GreedyBot, SearchBot

    if level == "easy":
        return GreedyBot(level, seed, evaluate)
    if level == "normal":
        return SearchBot(level, seed, evaluate=evaluate, rollout_depth=8)
    if level == "hard":
        return SearchBot(level, seed)
    raise ValueError(f"the toy game has no {level!r} bot")


class MisbehavingBot:
    """Test bots for the runner's safety nets: ``easy`` answers an illegal move, ``normal``
    crashes, ``hard`` ignores its deadline and ``should_stop`` for ``STUCK_S`` seconds."""

    STUCK_S = 8.0

    def __init__(self, level: str, seed: int) -> None:
        self.level = level

    def choose(
        self,
        view: GameState,
        player: int,
        deadline: float,
        should_stop: Callable[[], bool] = lambda: False,
    ) -> Action:
        if self.level == "easy":
            return Action(player, "teleport")
        if self.level == "normal":
            raise RuntimeError("this bot always crashes")
        end = time.monotonic() + self.STUCK_S
        while time.monotonic() < end:
            time.sleep(0.01)
        return view.legal_actions(player)[-1]


class MemoryBot:
    """A bot with a memory, for the runner's one-bot-per-seat tests: it keeps every event its
    seat was shown (``seen``) and each deadline it was given; at ``hard`` it thinks until its
    deadline. Its move depends on its memory: the legal action at ``len(seen)`` (cyclically).
    """

    def __init__(self, level: str, seed: int) -> None:
        self.level = level
        self.seed = seed
        self.seen: list[Event] = []
        self.deadlines: list[float] = []

    def observe(self, events: list[Event], player: int) -> None:
        self.seen.extend(events)

    def choose(
        self,
        view: GameState,
        player: int,
        deadline: float,
        should_stop: Callable[[], bool] = lambda: False,
    ) -> Action:
        self.deadlines.append(deadline)
        if self.level == "hard":
            while time.monotonic() < deadline and not should_stop():
                time.sleep(0.002)
        legal = view.legal_actions(player)
        return legal[len(self.seen) % len(legal)]


class PreparingBot:
    """A bot that must build something for its game first (``prepare`` takes ``PREP_S``, more
    than any budget plus grace) and then answers at once with the last legal action, which a
    fallback (the first) never is."""

    PREP_S = 2.5

    def __init__(self, level: str, seed: int) -> None:
        self.level = level
        self.prepared = False

    def prepare(self, view: GameState) -> None:
        time.sleep(self.PREP_S)
        self.prepared = True

    def choose(self, view: GameState, player: int, *timing: Any) -> Action:
        assert self.prepared, "asked before it was prepared"
        return view.legal_actions(player)[-1]


def install() -> None:
    """Register the toy games and their bot policies (idempotent; tests and workers call it)."""
    from ai.bots import register_policy

    registry.register(
        registry.GameSpec("toy", "Pearl Divers", "test game", 2, 4, _new("versus"), (ROUNDS,))
    )
    registry.register(
        registry.GameSpec(
            "toy_teams",
            "Pearl Divers (teams)",
            "test game",
            2,
            4,
            _new_teams,
            (ROUNDS,),
            teams=lambda n: [s % 2 for s in range(n)],
            team_names=TEAM_NAMES,
            seated=True,
        )
    )
    registry.register(
        registry.GameSpec(
            "toy_coop", "Pearl Divers (co-op)", "test game", 1, 4, _new("coop"), (ROUNDS,), True
        )
    )
    registry.register(
        registry.GameSpec("toy_bad", "Pearl Divers (bad bots)", "test", 2, 4, _new("versus"))
    )
    for game_id in ("toy", "toy_teams", "toy_coop"):
        register_policy(game_id, _policy)
    register_policy("toy_bad", MisbehavingBot)
    registry.register(
        registry.GameSpec(
            "toy_memory",
            "Pearl Divers (bots with memory)",
            "test",
            2,
            4,
            _new("versus"),
            (ROUNDS,),
            hidden_information=True,
        )  # fmt: skip
    )
    register_policy("toy_memory", MemoryBot)
    registry.register(
        registry.GameSpec("toy_prep", "Pearl Divers (bots that prepare)", "test", 2, 4,
                          _new("versus"))
    )  # fmt: skip
    register_policy("toy_prep", PreparingBot)
