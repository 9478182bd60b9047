"""The Finding Atlantis game state: plain data, the turn machine and the protocol.

Every field is a scalar, a tuple or a list of immutable values, and the chart log is one
tuple of frozen entries shared between copies, so ``clone`` is a handful of list copies.
The rules of each action live in :mod:`game.finding.effects`, the choices a seat has in
:mod:`game.finding.legal`, privacy in :mod:`game.finding.views` and sampling hidden
information (views and worlds) in :mod:`game.finding.views`; this module wires them to the protocol.
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from typing import Any

from game.core.hidden import HIDDEN
from game.core.protocol import Action, Decision, Event, GameState, IllegalAction
from game.core.schema import COPY, DeclaredState, Reset, Schema
from game.finding import chart, effects, legal, snapshot, texts, turns, views
from game.finding.chart import Entry, Knowledge
from game.finding.facts import Fact
from game.finding.ocean import SIZES, Cell, Ocean

__all__ = ["COLOURS", "FULL", "ROUND_LIMITS", "FindingState"]

COLOURS: tuple[str, ...] = ("yellow", "red", "green", "blue")
#: rounds after which a game ends with nobody winning (ours: bot games always end)
ROUND_LIMITS: dict[int, int] = {6: 40, 8: 60}
#: the observer of a full (not redacted) state
FULL = -2


class FindingState(DeclaredState):
    """One game of Finding Atlantis (1-4 submarines, 6×6 or 8×8, classic or pirate)."""

    game_id = "finding"

    SCHEMA = Schema(
        scalars=(
            "n", "size", "pirate", "hunting", "phase", "first", "seat", "acts", "round",
            "max_rounds", "winner", "setup_i", "observer", "city_size", "ocean", "log", "claim",
            "prev",
        ),
        lists=(
            "pos", "lost", "dealt", "captain", "shown", "hand", "cap_ready", "arts", "used",
            "deck", "recovered", "mines", "monsters",
        ),
        # what each seat knows and its chart, read from the log so far: a copy reads on from
        # there (its own dicts, as it adds to them)
        caches={"_know": COPY, "_charts": COPY, "_ev": Reset([])},
        codecs=snapshot.CODECS,
    )  # fmt: skip

    def __init__(self) -> None:
        # filled in by game.finding.setup.new_game, by clone or by from_json
        self.rng = random.Random(0)
        self._know: dict[int | None, Knowledge] = {}
        #: seat -> (log entries read, the entries of that seat's chart among them)
        self._charts: dict[int | None, tuple[int, tuple[Entry, ...]]] = {}

    def init_fields(self, n: int, options: dict[str, str], ocean: Ocean) -> None:
        self.options = dict(options)
        self.n = n
        self.size = ocean.size
        self.pirate = options.get("mode", "classic") == "pirate"
        self.hunting = options.get("monsters", "sleepy") == "hunting"
        self.ocean: Ocean | None = ocean
        self.city_size = SIZES[ocean.size][0]
        self.max_rounds = ROUND_LIMITS[ocean.size]
        self.phase = "captain"
        self.first = 0
        self.seat = 0
        self.prev = -1
        self.acts = 0
        self.round = 0
        self.winner: int | None = None
        self.setup_i = 0
        self.observer: int | None = FULL
        self.claim: tuple[int, ...] = ()
        self.log: tuple[Entry, ...] = ()
        self.pos: list[int | None] = [None] * n
        self.lost = [False] * n
        self.dealt: list[tuple[str, str] | None] = [None] * n
        self.captain: list[str | None] = [None] * n
        self.shown = [False] * n
        self.hand: list[tuple[str, ...]] = [()] * n
        self.cap_ready = [False] * n
        self.arts: list[tuple[str, ...]] = [()] * n
        self.used: list[tuple[str, ...]] = [()] * n
        self.deck: list[str] = []
        self.recovered: list[int] = []
        self.mines: list[int | None] = [None] * n
        self.monsters: list[int] = []

    # --- who decides what -----------------------------------------------------------------------
    @property
    def num_players(self) -> int:
        return self.n

    def seat_roles(self) -> list[list[str]]:
        from game.finding.cards import CAPTAIN

        return [[CAPTAIN[c].name] if c in CAPTAIN else [] for c in self.captain[: self.n]]

    def player_name(self, player: int) -> str:
        if 0 <= player < getattr(self, "n", 0):
            return COLOURS[player].capitalize()
        return f"Player {player + 1}"

    def order(self) -> list[int]:
        """The seats in turn order, first player first."""
        return [(self.first + i) % self.n for i in range(self.n)]

    def decision(self) -> Decision | None:
        return turns.decision(self)

    def legal_actions(self, player: int) -> list[Action]:
        return turns.legal_actions(self, player)

    def explain_illegal(self, action: Action) -> str:
        return legal.explain(self, action)

    def check(self, action: Action) -> None:
        dec = self.decision()
        if (
            dec is not None
            and dec.kind == "turn"
            and action.player == self.prev
            and action.player != self.seat
            and type(action.player) is int
        ):
            raise IllegalAction(
                f"{self.player_name(action.player)}'s turn is over (a turn is two actions); it "
                f"is {self.player_name(self.seat)}'s turn now"
            )
        super().check(action)

    def returns(self) -> list[float]:
        return [1.0 if self.winner == p else 0.0 for p in range(self.n)]

    @property
    def round_number(self) -> int:
        return self.round

    # --- applying ----------------------------------------------------------------------------
    def _play(self, action: Action) -> None:
        effects.apply(self, action)

    def note(
        self,
        who: int,
        kind: str,
        *,
        at: int | None = None,
        to: tuple[int, ...] | None = None,
        reading: Any = None,
        **args: Any,
    ) -> Entry:
        """Add a chart entry (the rules read the log) and :meth:`emit` its event, for the same
        audience; the event's text is the entry's line (:func:`texts.describe`). Events that
        are no chart entry (a turn passing, the monsters hunting) are emitted directly."""
        e = Entry(who, kind, self.round, tuple(sorted(args.items())), reading, at, to)
        self.log = (*self.log, e)
        self.emit(kind, lambda self=self, e=e, args=args: _entry_event(self, e, args), to)
        return e

    def setup_events(self) -> list[Event]:
        """The events of the deal (each seat's two captains, to that seat; where everyone
        starts; who plays first): the game is dealt before anyone listens, so a board that
        tells the story from the start asks for them here. Built from the chart's first
        entries, with the words and data the recorder would have given them."""
        out: list[Event] = []
        for e in self.log:
            if e.kind not in SETUP_KINDS:
                break
            out.append(entry_event(self, e))
        return out

    def chart_events(self, seat: int | None) -> list[Event]:
        """The events of the entries on ``seat``'s chart, oldest first, with the words and data
        the recorder gave them: what a seat's own screen elsewhere (a phone) tells from a view
        alone, without the table's event log (the turn events, which are no entries, are not
        among them)."""
        return [entry_event(self, e) for e in self.chart(seat)]

    def show_captain(self, p: int) -> None:
        """The captain's identity becomes public the first time it is played or discarded."""
        if not self.shown[p]:
            self.shown[p] = True
            self.note(p, "captain_shown", captain=self.captain[p])

    # --- what the seabed holds (readings look here) ---------------------------------------------
    def mine_cells(self) -> frozenset[int]:
        return frozenset(m for m in self.mines if m is not None and m != HIDDEN)

    def monster_cells(self) -> frozenset[int]:
        return frozenset(m for m in self.monsters if m != HIDDEN)

    # --- charts ------------------------------------------------------------------------------------
    def chart(self, seat: int | None) -> tuple[Entry, ...]:
        """The entries on ``seat``'s chart (``None``: the public record), oldest first."""
        upto, seen = self._charts.get(seat, (0, ()))
        log = self.log
        if upto < len(log):
            seen = seen + tuple(e for e in log[upto:] if e.visible_to(seat))
            self._charts[seat] = (len(log), seen)
        return seen

    def knowledge(self, seat: int | None) -> Knowledge:
        k = chart.know(self.log, seat, self.n, self.size, self._know.get(seat))
        self._know[seat] = k
        return k

    def located_facts(self, seat: int | None) -> tuple[Fact, ...]:
        """The facts of every reading ``seat`` can place, plus place-free ones (wrong claims)."""
        return self.knowledge(seat).facts

    def possible_positions(self, seat: int | None, other: int) -> frozenset[Cell]:
        """Where ``other`` can be, as far as ``seat`` can tell from movement and public facts."""
        return self.knowledge(seat).where[other]

    # --- information --------------------------------------------------------------------------------
    def view(self, player: int | None) -> GameState:
        self.knowledge(player)  # kept here, so the next view reads only the newest entries
        self.chart(player)
        return super().view(player)

    def _redact(self, player: int | None) -> None:
        views.redact(self, player)

    def determinize(
        self, rng: random.Random, sampler: views.OceanSampler | None = None
    ) -> GameState:
        """A world of this view; its map from ``sampler`` when one is given (the bots' exact
        belief), else from the game's own sampler."""
        if self.observer != FULL:
            self.knowledge(self.observer)  # read once on the view, shared by every world
        world = self.clone()
        views.fill(world, rng, sampler)
        world.rng = random.Random(rng.getrandbits(64))
        return world

    def observe(self, action: Action, viewer: int | None) -> Hashable:
        return views.observe(self, action, viewer)

    def describe_action(self, action: Action) -> str:
        return legal.describe(self, action)


#: the chart entries the deal makes, before the first move
SETUP_KINDS = frozenset({"dealt", "start", "first"})


def entry_event(st: FindingState, e: Entry) -> Event:
    """The event chart entry ``e`` was told as (its words, data and audience)."""
    text, data = _entry_event(st, e, dict(e.args))
    return Event(e.kind, text, data, e.to)


def _entry_event(st: FindingState, e: Entry, args: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """The event of chart entry ``e`` (made with ``args``): its line of the log, and its data
    (who, the entry's arguments, what a reading heard and the cell, when it names one)."""
    data: dict[str, Any] = {"who": e.who, **args}
    reading = e.reading
    if reading is not None:
        data["reading"] = reading.kind
        data["card"] = "jelly" if reading.kind == "jelly_mines" else reading.kind
        data["args"] = dict(reading.args)
        data["result"] = reading.result
    if e.at is not None:
        data["cell"] = e.at
    return texts.describe(st, e), data
