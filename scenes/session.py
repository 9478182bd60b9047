"""A game in progress, as the board scenes see it.

The session holds the save record and the live state, applies every action (human or bot)
through the same ``state.apply``, autosaves after each one, drives bots through a
``BotRunner`` without blocking the frame, decides when the screen must be handed to another
person, and records the result once the game ends. It imports no pygame, so it is easy to test.
"""

from __future__ import annotations

import logging
import random
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from game.core import registry, storage
from game.core.protocol import Action, Decision, Event, GameState, IllegalAction
from game.core.saves import GameRecord, SaveError, Seat, replay_loaded
from scenes.results_rows import default_table, results_rows
from scenes.results_rows import headline as results_headline

log = logging.getLogger(__name__)

#: seconds of thinking per move, by bot level
LEVEL_BUDGET_S = {"random": 0.05, "easy": 0.4, "normal": 1.0, "hard": 2.0}
#: the least time a bot's move stays "thinking" on screen, by animation speed, so people can
#: follow what happens; "instant" plays bots as fast as they answer
BOT_PACE_S = {"1x": 0.7, "2x": 0.35, "4x": 0.15, "instant": 0.0}
LOG_LIMIT = 400
#: ``shown_seat`` once the table has been shown to everyone: the public view is up
TABLE = -1


class RunnerLike(Protocol):
    """What the session needs from ``ai.runner.BotRunner``."""

    @property
    def busy(self) -> bool: ...

    def request(
        self,
        view: GameState,
        player: int,
        game_id: str,
        level: str,
        budget_s: float,
        *,
        history: Sequence[Event] = (),
    ) -> None: ...

    def poll(self, player: int | None = None) -> Action | None: ...

    def cancel(self, player: int | None = None) -> None: ...

    def forget(self) -> None: ...

    def close(self) -> None: ...


def default_runner() -> RunnerLike:
    """The real bot runner, in a separate process so the frame never waits for a search."""
    from ai.runner import BotRunner

    return BotRunner(mode="process")


def load_file(path: Path) -> tuple[GameRecord, GameState]:
    """Read and replay a save file; every problem is a :class:`SaveError` for the player."""
    record = storage.read_save(Path(path))
    return record, replay_loaded(record)


@dataclass
class _Ask:
    """One open bot request: what its seat could see when asked, and its answer once in."""

    key: object
    waited: float = 0.0
    answer: Action | None = None


@dataclass
class Results:
    """What the results screen shows; games may supply the table (``summary_table``)."""

    headline: str
    detail: str
    rounds: int
    headers: list[str]
    rows: list[list[str]]
    returns: list[float] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


class GameSession:
    """One game being played: record + state + bots + hand-off bookkeeping."""

    #: the animation speed this session sets apart from the settings (a replay's own); None
    #: in play, where the board follows the settings
    speed: str | None = None
    #: may this game's table be opened to phones (a live game; not a tutorial or a replay)
    phones = True
    #: what the board says where a hand or a prompt would be when nobody at the table decides
    spectator_line = "Watching the bots play."

    def __init__(
        self,
        record: GameRecord,
        state: GameState | None = None,
        *,
        history: Iterable[Event] = (),
        runner_factory: Callable[[], RunnerLike] | None = None,
        autosave: bool = True,
        pace_s: float = 0.0,
        slot: str | None = None,
        full_history: bool = False,
    ) -> None:
        """``history`` is the log a loaded game starts with; ``full_history`` says it holds
        every event since the start (else bots' memories are rebuilt from the record)."""
        self.record = record
        self.spec = registry.get(record.game)
        if state is None:
            replayed: list[Event] = []
            state, history, full_history = record.replay(events=replayed), replayed, True
        history = list(history)
        self.state = state
        self.autosave_enabled = autosave
        #: where autosaves go; None: this game's own autosave (one per game id)
        self.slot = slot
        self._slot_written = False  # the slot holds this session's own write (no check needed)
        self.pace_s = pace_s
        #: what happened, newest last (at most LOG_LIMIT; a loaded game starts with its replay's)
        self.log: list[Event] = history[-LOG_LIMIT:]
        #: goes up with every change to the log (its length stops changing at LOG_LIMIT)
        self.log_version = 0
        self.save_problem: str | None = None
        #: why the statistics file could not be read when this game's result was added
        self.stats_problem: str | None = None
        #: why the history kept every game when this one was added (its cap was unreadable)
        self.history_problem: str | None = None
        self.shown_seat: int | None = None
        #: boards whose results are worth reading ask (``linger``: after which decision kinds)
        #: that a person's own screen stays up after their private step ends, until they pass
        #: the device (``pass_on``); ``lingering`` is that person's seat meanwhile
        self.linger: frozenset[str] = frozenset()  # the decision kinds after which to linger
        self.lingering: int | None = None
        #: the seats played from a browser (remote.host sets it while the table is open): people
        #: whose answers come from their own screen, so they need no hand-off here
        self.remote: frozenset[int] = frozenset()
        humans = self.human_seats()
        if len(humans) == 1:
            self.shown_seat = humans[0]
        self._runner_factory = runner_factory
        self._runner: RunnerLike | None = None
        self._asks: dict[int, _Ask] = {}  # the open bot requests, by seat
        self._keys_at = -1  # the move number ``_keys`` were computed at
        self._keys: dict[int, object] = {}
        #: every event of the game, oldest first (None until needed: rebuilt from the record)
        self._history: list[Event] | None = history if full_history else None
        if not record.actions:
            self._history = []
        self._finished = bool(record.meta.get("finished")) and self.state.is_terminal()
        self.closed = False
        # whether each recorded action may be taken back (``GameState.undoable`` right after
        # it was applied); None until known, e.g. for a game loaded from a file
        self._undo_flags: list[bool] | None = [] if not record.actions else None

    # --- making one -----------------------------------------------------------------------------
    @classmethod
    def new(
        cls,
        game_id: str,
        seats: Sequence[Seat],
        options: Mapping[str, str] | None = None,
        seed: int | None = None,
        **kwargs: Any,
    ) -> GameSession:
        """Start a fresh game (and write its first autosave)."""
        spec = registry.get(game_id)
        opts = spec.parse_options(dict(options or {}))
        if seed is None:
            seed = random.SystemRandom().randrange(1, 2**31)
        seats = spec.with_teams([Seat(s.name, s.kind, s.level, s.colour, s.team) for s in seats])
        state = spec.create(seats, opts, seed)
        record = GameRecord(
            game_id,
            opts,
            seed,
            seats,
            meta={"started": time.strftime("%Y-%m-%d %H:%M")},
        )
        session = cls(record, state, **kwargs)
        session.autosave()
        return session

    @classmethod
    def load(cls, path: Path, **kwargs: Any) -> GameSession:
        """Open a save file; raises :class:`SaveError` and never writes to the file it read."""
        return cls.from_record(storage.read_save(Path(path)), **kwargs)

    @classmethod
    def from_record(cls, record: GameRecord, **kwargs: Any) -> GameSession:
        """Continue a game read from a file: replay it, with its log; problems are SaveErrors."""
        events: list[Event] = []
        state = replay_loaded(record, events)
        return cls(record, state, history=events, full_history=True, **kwargs)

    def rematch(self, same_seed: bool, **kwargs: Any) -> GameSession:
        """The same seats and options again, with the same or a new seed."""
        seed = self.record.seed if same_seed else None
        kwargs.setdefault("runner_factory", self._runner_factory)
        kwargs.setdefault("autosave", self.autosave_enabled)
        kwargs.setdefault("pace_s", self.pace_s)
        return GameSession.new(
            self.record.game, self.record.seats, self.record.options, seed, **kwargs
        )

    # --- whose view -------------------------------------------------------------------------
    #: may the person switch to any seat's view? Never in a live game (only a replay may)
    view_switchable = False

    def switch_view(self, seat: int | None) -> None:
        """Show ``seat``'s view (None: the table's). A live game refuses: what each seat may
        see is decided by the hand-offs alone (:meth:`viewer`)."""
        raise IllegalAction("another seat's view is shown only in a replay of a finished game")

    # --- who is who -----------------------------------------------------------------------------
    @property
    def seats(self) -> list[Seat]:
        return self.record.seats

    def seat_name(self, seat: int) -> str:
        return self.seats[seat].name if 0 <= seat < len(self.seats) else f"Player {seat + 1}"

    def is_bot(self, seat: int) -> bool:
        return 0 <= seat < len(self.seats) and self.seats[seat].is_bot

    def human_seats(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if not s.is_bot]

    @property
    def hidden_information(self) -> bool:
        """Does the game hide things from some players (and so need hand-off screens)?"""
        return self.spec.hidden_information

    # --- whose turn -----------------------------------------------------------------------------
    def decision(self) -> Decision | None:
        return self.state.decision()

    @property
    def is_over(self) -> bool:
        return self.state.is_terminal()

    def _deciding(self) -> list[int]:
        dec = self.state.decision()
        if dec is None:
            return []
        return [p for p in dec.players if self.state.legal_actions(p)]

    def deciding_humans(self) -> list[int]:
        """The people at this screen who decide now (not the bots, not the phones)."""
        return [p for p in self._deciding() if not self.is_bot(p) and p not in self.remote]

    def deciding_remote(self) -> list[int]:
        """The seats played from a browser that decide now."""
        return [p for p in self._deciding() if p in self.remote]

    def local_humans(self) -> list[int]:
        """The people who play at this screen (every human seat not joined from a browser)."""
        return [p for p in self.human_seats() if p not in self.remote]

    def deciding_bots(self) -> list[int]:
        return [p for p in self._deciding() if self.is_bot(p)]

    def current_human(self) -> int | None:
        """The human whose input the board takes now (the one on screen, if they must act)."""
        humans = self.deciding_humans()
        if not humans:
            return None
        return self.shown_seat if self.shown_seat in humans else humans[0]

    # --- what the screen may show -----------------------------------------------------------------
    @property
    def private_screens(self) -> bool:
        """Do steps here need private screens? (secrets, and two or more people at one screen)"""
        return self.hidden_information and len(self.human_seats()) >= 2

    def step_screen(self) -> int:
        """The screen the current step calls for: a human seat (its private view) or TABLE.

        A private step (``Decision.public`` false) shows the view of the person answering it;
        a public step, a step on which only bots decide, and the end of the game show the
        public view, which holds nobody's secrets.
        """
        dec = self.state.decision()
        if dec is None or dec.public:
            return TABLE
        seat = self.current_human()
        return TABLE if seat is None else seat

    def viewer(self) -> int | None:
        """The seat whose view is on screen (None: the public view, as a spectator sees it).

        With one person that person's view is always up (nobody else looks). With two or more
        people in a game with secrets, a seat's view is up only on that seat's private step and
        only once its hand-off was answered; at every other moment the public view is.
        """
        humans, local = self.human_seats(), self.local_humans()
        if not self.hidden_information:
            if self.shown_seat is not None and self.shown_seat not in self.remote:
                return self.shown_seat
            return local[0] if local else None
        if len(humans) < 2:
            return local[0] if local else None
        if self.lingering is not None:
            return self.lingering
        want = self.step_screen()
        return want if want != TABLE and want == self.shown_seat else None

    def view(self) -> GameState:
        """What may be drawn now: the on-screen seat's view, never the full state."""
        return self.state.view(self.viewer())

    def needs_handoff(self) -> int | None:
        """The seat the screen must be passed to before the board shows, TABLE for "show the
        table to everyone", or None.

        Only in games with secrets and two or more people: before a person's private step
        when another view (or nobody's) is up, and before a public step that follows a private
        one. The end of the game needs none: the board then shows the public view and the
        results are for everyone.
        """
        if self.is_over or not self.private_screens or self.lingering is not None:
            return None
        want = self.step_screen()
        if want == self.shown_seat:
            return None
        if want == TABLE:
            return None if self.shown_seat in (None, TABLE) else TABLE
        return want

    def pass_on(self) -> None:
        """The person whose screen lingered has read it: the next hand-off may come."""
        self.lingering = None

    def mark_shown(self, seat: int) -> None:
        """The hand-off screen was answered: ``seat`` (or TABLE, everyone) is now looking."""
        self.shown_seat = seat

    def visible(self, events: Iterable[Event]) -> list[Event]:
        """Of ``events``, those the view on screen may animate, sound or log."""
        who = self.viewer()
        return [e for e in events if e.visible_to(who)]

    def visible_log(self) -> list[Event]:
        """The game log as the on-screen seat may see it."""
        return self.visible(self.log)

    # --- moves ----------------------------------------------------------------------------------
    def apply(self, action: Action) -> list[Event]:
        """Apply a move from anyone; raises IllegalAction (state unchanged) if refused."""
        if self.closed:
            raise IllegalAction("this game has been closed")
        looking = None
        if self.linger and self.private_screens:
            dec = self.state.decision()
            if dec is not None and dec.kind in self.linger:
                looking = self.shown_seat
        events = self.state.apply(action)
        self.record.actions.append(action)
        if (
            looking is not None
            and looking != TABLE
            and action.player == looking
            and not self.state.is_terminal()
            and self.step_screen() != looking
        ):
            self.lingering = looking  # their own screen stays up until they pass it on
        if self._undo_flags is not None:
            self._undo_flags.append(self.state.undoable(action))
        if self._history is not None:
            self._history.extend(events)
        self._add_log(events)
        if self.state.is_terminal():
            self._finish()
        else:
            self.autosave()
        return events

    def _add_log(self, events: Iterable[Event]) -> None:
        before = len(self.log)
        self.log.extend(events)
        if len(self.log) != before:
            self.log_version += 1
        if len(self.log) > LOG_LIMIT:
            del self.log[: len(self.log) - LOG_LIMIT]

    def seen_by(self, seat: int) -> list[Event]:
        """Every event of the game that ``seat`` could see, oldest first: what its bot remembers.

        A loaded game rebuilds this from its record, so a bot's memory survives save and load.
        """
        if self._history is None:
            history: list[Event] = []
            self.record.replay(events=history)
            self._history = history
        return [e for e in self._history if e.visible_to(seat)]

    def update(self, dt: float) -> list[Event]:
        """Drive bots: ask every bot that must decide, apply an answer when ready. Never blocks.

        All bots of one simultaneous decision are asked at once (the runner lets them think
        side by side within one budget). A request stays open while what its seat can see of
        its decision (``GameState.decision_key``) is unchanged, so another seat's secret
        commit does not restart it. At most one move is applied per call.
        """
        if self.closed or self.is_over:
            return []
        bots = self.deciding_bots()
        for seat in list(self._asks):
            if seat not in bots or self._asks[seat].key != self._key(seat):
                self._drop_request(seat)
        if not bots:
            return []
        runner = self._ensure_runner()
        asked = False
        for seat in bots:
            if seat in self._asks:
                continue
            asked = True
            level = self.seats[seat].level
            runner.request(
                self.state.view(seat),
                seat,
                self.record.game,
                level,
                LEVEL_BUDGET_S.get(level, 1.0),
                history=self.seen_by(seat),
            )
            self._asks[seat] = _Ask(self._key(seat))
        if asked:
            return []  # answers are looked for from the next frame on
        for ask in self._asks.values():
            ask.waited += dt
        for seat in sorted(self._asks, key=lambda s: -self._asks[s].waited):
            ask = self._asks[seat]
            if ask.answer is None:
                ask.answer = runner.poll(seat)
            if ask.answer is None or ask.waited < self.pace_s:
                continue
            del self._asks[seat]
            return self._play_bot(seat, ask.answer)
        return []

    def _play_bot(self, seat: int, action: Action) -> list[Event]:
        try:
            if action.player != seat:
                raise IllegalAction(f"the bot answered for seat {action.player}, not {seat}")
            return self.apply(action)
        except IllegalAction as exc:
            # A bot bug must not stop the game: log it and play the first legal move instead.
            log.error("bot for %s gave a refused move %s: %s", self.seat_name(seat), action, exc)
            return self.apply(self.state.legal_actions(seat)[0])

    def _key(self, seat: int) -> object:
        """``decision_key`` of ``seat``, computed once per recorded move."""
        moves = len(self.record.actions)
        if self._keys_at != moves:
            self._keys_at, self._keys = moves, {}
        if seat not in self._keys:
            self._keys[seat] = self.state.decision_key(seat)
        return self._keys[seat]

    def answer_waiting(self, seat: int) -> Action | None:
        """A bot's answer that is in but held back by the bot pace (a board may show what is
        coming: Guards marks a teammate's target); None when there is none."""
        ask = self._asks.get(seat)
        return ask.answer if ask is not None else None

    def thinking_seats(self) -> list[int]:
        """The bots being waited on, in seat order."""
        return sorted(self._asks)

    def waiting_remote(self) -> str | None:
        """The names of the browser seats being waited on, each marked "(phone)"."""
        names = [f"{self.seat_name(s)} (phone)" for s in self.deciding_remote()]
        if not names:
            return None
        return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]

    def thinking(self) -> str | None:
        """The names of the bots being waited on, for "<names> is/are thinking…"."""
        seats = self.thinking_seats()
        if not seats:
            return None
        names = [self.seat_name(s) for s in seats]
        return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]

    def _ensure_runner(self) -> RunnerLike:
        if self._runner is None:
            factory = self._runner_factory or default_runner
            self._runner = factory()
        return self._runner

    def _drop_request(self, seat: int | None = None) -> None:
        """Cancel the open request of ``seat`` (None: every open request)."""
        seats = list(self._asks) if seat is None else [seat]
        for s in seats:
            self._asks.pop(s, None)
            if self._runner is not None:
                self._runner.cancel(s)

    # --- taking a move back -------------------------------------------------------------------
    def _flags(self) -> list[bool]:
        """Undo flags for every recorded action, computed by one replay when not yet known."""
        if self._undo_flags is None or len(self._undo_flags) != len(self.record.actions):
            state = self.record.new_state()
            flags = []
            for action in self.record.actions:
                state.apply(action)
                flags.append(state.undoable(action))
            self._undo_flags = flags
        return self._undo_flags

    def can_undo(self, seat: int) -> bool:
        """May human ``seat`` take back their last move now?

        Only while it is still their decision, the last move was theirs, and it revealed
        nothing random or hidden (the engine's ``undoable``). Repeating walks back through
        their current turn's moves; once the turn passed on or a card/die was revealed, the
        moves stay.
        """
        actions = self.record.actions
        if self.closed or self.is_over or self.is_bot(seat) or not actions:
            return False
        if actions[-1].player != seat or seat not in self.deciding_humans():
            return False
        try:
            return self._flags()[-1]
        except (IllegalAction, SaveError):
            return False

    def undo_refusal(self, seat: int | None) -> str:
        """Why ``seat`` (the person at the board, None if nobody must act) may not take back
        the last move now, in plain words; "" when they may."""
        actions = self.record.actions
        if seat is not None and self.can_undo(seat):
            return ""
        if self.closed or self.is_over:
            return "The game is over; its moves stay."
        if not actions:
            return "No move has been made yet."
        last = actions[-1]
        if seat is None:
            who = self.thinking()
            verb = "are" if len(self.thinking_seats()) > 1 else "is"
            return f"Wait: {who} {verb} choosing a move." if who else "Nothing to take back now."
        if last.player != seat:
            bot = " (a bot)" if self.is_bot(last.player) else ""
            return (
                f"That was {self.seat_name(last.player)}{bot}'s move; "
                "only your own last move can be taken back."
            )
        phrase = self.state.describe_action(last)
        return f"Your last move ({phrase}) cannot be taken back: {self.state.undo_rule()}."

    def undo(self) -> list[Event]:
        """Take back the last move of the human deciding now; returns an ``undo`` event.

        The state is rebuilt by replaying the shortened record (the save file is the truth),
        a pending bot request is dropped, and the autosave is rewritten. Returns ``[]`` when
        nothing may be taken back.
        """
        actions = self.record.actions
        seat = actions[-1].player if actions else -1
        if not self.can_undo(seat):
            return []
        self._drop_request()
        flags = self._flags()
        action = actions.pop()
        flags.pop()
        history: list[Event] = []
        self.state = self.record.replay(events=history)
        self._history = history
        forget = getattr(self._runner, "forget", None)
        if forget is not None:
            forget()  # the bots saw the move taken back: they rebuild from the record
        text = f"Undo: {self.seat_name(seat)} takes back {self.state.describe_action(action)}."
        event = Event("undo", text, {"player": seat, "action": action.to_json()})
        self._add_log([event])
        self.autosave()
        return [event]

    # --- saving ---------------------------------------------------------------------------------
    def autosave(self) -> None:
        """Write the record to its game's autosave (atomically); a failure is reported, not raised.

        Each game id has its own autosave, so this never replaces a game of another kind; the
        round is recorded so Continue and the new-game warning can say where the game stands.
        """
        if not self.autosave_enabled:
            return
        self.record.meta["saved"] = time.strftime("%Y-%m-%d %H:%M")
        self.record.meta["round"] = self.state.round_number
        slot = self.slot or storage.autosave_slot(self.record.game)
        try:
            if not self._slot_written and self.slot is None:
                storage.adopt_legacy_autosave(self.record.game)
            storage.write_save(self.record, slot, check_existing=not self._slot_written)
            self._slot_written = True
            self.save_problem = None
        except OSError as exc:
            self.save_problem = f"The game could not be autosaved ({exc})."
            log.error("autosave failed: %s", exc)

    def save_as(self, name: str) -> Path:
        """Write a named copy of the game; raises OSError if the disk refuses."""
        self.record.meta["saved"] = time.strftime("%Y-%m-%d %H:%M")
        return storage.write_save(self.record, name)

    def unsaved_note(self) -> str | None:
        """What quitting now would lose, honestly."""
        if self.closed or self.is_over:
            return None
        if self.save_problem:
            return self.save_problem + " Quitting now loses the moves made since the last save."
        who = self.thinking()
        if who:
            return (
                f"Every move so far is saved, but {who} "
                f"{'are' if len(self.thinking_seats()) > 1 else 'is'} still choosing a move; "
                "that thinking starts over when you continue."
            )
        return None

    # --- the end --------------------------------------------------------------------------------
    def _finish(self) -> None:
        if self._finished:
            return
        self._finished = True
        self.record.meta["finished"] = True
        self.autosave()
        res = self.results()
        try:
            self.stats_problem = storage.record_result(
                self.record.game,
                {
                    "seed": self.record.seed,
                    "players": [s.to_json() for s in self.seats],
                    "returns": res.returns,
                    "rounds": res.rounds,
                    "moves": len(self.record.actions),
                    "when": time.strftime("%Y-%m-%d %H:%M"),
                },
            )
        except OSError as exc:
            log.error("result not recorded: %s", exc)
        if self.stats_problem:
            log.warning("statistics: %s", self.stats_problem)
        self._add_to_history(res)

    def _add_to_history(self, res: Results) -> None:
        """Keep the finished game in the history (its whole record, for replays and the
        statistics); a disk that refuses is logged, never raised."""
        if not self.autosave_enabled:
            return  # tests and tools that play without saving keep no history either
        from game.core import history

        try:
            self.history_problem = history.add(self.record, self.state, res.rounds, res.headline)
        except OSError as exc:
            log.error("game not added to the history: %s", exc)
        if self.history_problem:
            log.warning("history: %s", self.history_problem)

    def results(self) -> Results:
        """Who won, how long it took, and the game's own summary table when it offers one."""
        state = self.state
        rounds = state.round_number
        if not state.is_terminal():
            return Results("Unfinished", "This game has not ended yet.", rounds, [], [])
        returns = [float(r) for r in state.returns()]
        headline, detail = results_headline(self.spec, self.seats, returns)
        notes: list[str] = []
        table = getattr(state, "summary_table", None)
        own = results_rows(self.record.game, state, self.seats)
        if own is not None:
            headers, rows, notes = own.headers, own.rows, own.notes
        elif callable(table):
            headers, rows = table()
            headers = [str(h) for h in headers]
            rows = [[str(c) for c in row] for row in rows]
        else:
            headers, rows = default_table(self.spec, self.seats, returns)
        if self.stats_problem:
            notes = [*notes, self.stats_problem[:1].upper() + self.stats_problem[1:] + "."]
        if self.history_problem:  # the whole message is in the log and on the History screen
            notes = [*notes, "The History deleted no game: its settings file cannot be read."]
        return Results(headline, detail, rounds, headers, rows, returns, notes)

    def close(self) -> None:
        """Leave the game: cancel and close the bot runner (the autosave stays)."""
        if self.closed:
            return
        self.closed = True
        if self._runner is not None:
            try:
                self._runner.cancel()
                self._runner.close()
            except Exception as exc:  # closing must never stop the player leaving
                log.warning("bot runner did not close cleanly: %s", exc)
        self._runner = None
        self._asks.clear()
