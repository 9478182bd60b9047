"""A finished game played back move by move, as a board scene's session.

The board scenes draw ``session.view()``, read ``session.record.actions`` to know a move was
made and animate the events ``session.update`` returns. :class:`ReplaySession` gives them
exactly that from a record: nobody at the table decides (every board stays inert), the cursor
moves forward by applying the next recorded action (with its events, so the log and the
animations run as in play), and back by rebuilding the state from the nearest snapshot. When
the recorded game is over, any seat's view may be shown (:meth:`switch_view`); a record of a
game still being played (an autosave), like a live :class:`~scenes.session.GameSession`,
shows only the table's. Imports no pygame.
"""

from __future__ import annotations

import bisect
import time
from collections.abc import Sequence

from game.core import files
from game.core.protocol import Event, GameState, IllegalAction
from game.core.saves import GameRecord, SaveError
from scenes.session import LOG_LIMIT, GameSession

#: a snapshot of the state every this many actions, so a step back replays at most this many
SNAPSHOT_EVERY = 16
#: seconds between two moves while playing, by replay speed (animations come on top)
STEP_S = {"1x": 0.9, "2x": 0.45, "4x": 0.2}
SPEEDS = tuple(STEP_S)


class ReplaySession(GameSession):
    """A record's game at any move ``cursor`` (0 = set-up, ``total`` = the end)."""

    phones = False  # a guided or replayed game is played at this screen only

    spectator_line = "A replay: nobody moves here (Take over plays on from this move)."

    def __init__(self, record: GameRecord, *, snapshot_every: int = SNAPSHOT_EVERY) -> None:
        self.full = list(record.actions)
        shown = GameRecord(
            record.game,
            dict(record.options),
            record.seed,
            list(record.seats),
            [],
            dict(record.meta),
        )
        start = self._replay_all(shown, snapshot_every)
        super().__init__(shown, start, autosave=False, full_history=True)
        self.source = record
        self.view_seat: int | None = None
        self.playing = False
        self.speed = "1x"
        self._wait = 0.0

    def _replay_all(self, shown: GameRecord, every: int) -> GameState:
        """One pass over the whole record: snapshots, each move's events, each move's round."""
        try:
            state = shown.new_state()
        except Exception as exc:  # a record this version cannot start
            raise SaveError(f"this game cannot be set up again ({exc})") from None
        start = state.clone()
        self._snaps: dict[int, GameState] = {0: state.clone()}
        self._events: list[list[Event]] = []
        #: the round each move was made in (the round at move i, before it)
        self.rounds: list[int] = []
        for i, action in enumerate(self.full):
            self.rounds.append(state.round_number)
            try:
                self._events.append(state.apply(action))
            except IllegalAction as exc:
                try:
                    what = state.describe_action(action)
                except Exception:  # a describing bug must not hide the real problem
                    what = action.kind
                raise SaveError(
                    f"move {i + 1} ({files.shown(what, 160)}) does not replay: "
                    f"{files.shown(str(exc), 240)}"
                ) from None
            except Exception as exc:  # an engine bug must not crash the History screen
                raise SaveError(f"move {i + 1} could not be replayed ({exc})") from None
            if (i + 1) % every == 0:
                self._snaps[i + 1] = state.clone()
        self.end_state = state
        self.end_round = state.round_number
        return start

    # --- where the replay stands -------------------------------------------------------------
    @property
    def cursor(self) -> int:
        return len(self.record.actions)

    @property
    def total(self) -> int:
        return len(self.full)

    @property
    def at_end(self) -> bool:
        return self.cursor >= self.total

    def round_starts(self) -> list[tuple[int, int]]:
        """(round, the first move made in it) for every round the game went through."""
        out: list[tuple[int, int]] = []
        for i, r in enumerate(self.rounds):
            if not out or out[-1][0] != r:
                out.append((r, i))
        return out

    def seek(self, n: int) -> None:
        """Show the position after the first ``n`` moves (rebuilt from the nearest snapshot)."""
        n = max(0, min(self.total, n))
        base = max(k for k in self._snaps if k <= n)
        state = self._snaps[base].clone()
        for action in self.full[base:n]:
            state.apply(action)
        self.state = state
        self.record.actions[:] = self.full[:n]
        self._rebuild_log(n)

    def _rebuild_log(self, n: int) -> None:
        tail: list[Event] = []
        for events in reversed(self._events[:n]):
            tail[:0] = events
            if len(tail) >= LOG_LIMIT:
                break
        # in place: a board may hold the list itself (Finding's voice reads it)
        self.log[:] = tail[-LOG_LIMIT:]
        self.log_version += 1
        self._history = [e for events in self._events[:n] for e in events]

    def forward(self) -> list[Event]:
        """One move on; returns its events (what the board animates and logs)."""
        if self.at_end:
            self.playing = False
            return []
        i = self.cursor
        events = self.state.apply(self.full[i])
        self.record.actions.append(self.full[i])
        self._add_log(events)
        if self._history is not None:
            self._history.extend(events)
        if self.at_end:
            self.playing = False
        return events

    def back(self) -> None:
        """One move back."""
        self.seek(self.cursor - 1)

    def jump_to_round(self, round_number: int) -> None:
        """To the first move of ``round_number`` (the end, past the last round)."""
        starts = self.round_starts()
        rounds = [r for r, _ in starts]
        i = bisect.bisect_left(rounds, round_number)
        self.seek(starts[i][1] if i < len(starts) else self.total)

    def current_round(self) -> int:
        return self.state.round_number

    # --- what the board sees ----------------------------------------------------------------
    @property
    def view_switchable(self) -> bool:  # type: ignore[override]
        """A seat's view may be shown only when the recorded game is over (an autosave of a
        game still being played keeps every seat's secrets) and the game has secrets at all
        (in an open game every view is the table's)."""
        return self.end_state.is_terminal() and self.hidden_information

    def why_table_only(self) -> str:
        """Why only the table's view is offered (empty when any seat's may be shown)."""
        if not self.end_state.is_terminal():
            return "This game is not over: its players' secrets stay hidden, so only the table's view is shown."
        if not self.hidden_information:
            return "Nothing is hidden in this game: every seat sees the table's view."
        return ""

    def switch_view(self, seat: int | None) -> None:
        """Any seat's view, or the table's (None), in a replay of a finished game with secrets
        (:attr:`view_switchable`); any other replay shows only the table's."""
        if seat is not None and not self.view_switchable:
            raise IllegalAction(self.why_table_only())
        if seat is not None and not 0 <= seat < len(self.seats):
            raise ValueError(f"there is no seat {seat}")
        self.view_seat = seat

    def human_seats(self) -> list[int]:
        return []  # nobody decides in a replay: every board's input stays inert

    def deciding_humans(self) -> list[int]:
        return []  # so no board offers a move, a guide hint or an undo to anyone

    def can_undo(self, seat: int) -> bool:
        return False

    def viewer(self) -> int | None:
        return self.view_seat

    def needs_handoff(self) -> int | None:
        return None

    @property
    def is_over(self) -> bool:
        return False  # the board must never leave for its results screen

    def apply(self, action: object) -> list[Event]:
        raise IllegalAction("this is a replay: moves are watched, not made")

    def undo(self) -> list[Event]:
        return []

    def update(self, dt: float) -> list[Event]:
        """While playing, the next move once its pause is over (the board calls this only
        when its animations are done, so each move is seen whole)."""
        if not self.playing or self.closed:
            return []
        self._wait += dt
        if self._wait < STEP_S.get(self.speed, STEP_S["1x"]):
            return []
        self._wait = 0.0
        return self.forward()

    def play(self, on: bool = True) -> None:
        if on and self.at_end:
            self.seek(0)  # play at the end starts again
        self.playing = on
        self._wait = 0.0

    def unsaved_note(self) -> str | None:
        return None

    # --- taking over --------------------------------------------------------------------------
    def take_over(self, *, autosave: bool = True, **kwargs: object) -> GameSession:
        """A new live game from the position on screen, with the same seats (a normal game:
        it autosaves, Continue resumes it, it ends on its results screen)."""
        if self.state.is_terminal():
            raise IllegalAction("the game is over at this move: step back to play on")
        record = GameRecord(
            self.record.game,
            dict(self.record.options),
            self.record.seed,
            list(self.record.seats),
            list(self.full[: self.cursor]),
            {
                "started": time.strftime("%Y-%m-%d %H:%M"),
                "taken_over_at": self.cursor,
            },
        )
        session = GameSession.from_record(record, autosave=autosave, **kwargs)  # type: ignore[arg-type]
        session.autosave()
        return session


def digests(states: Sequence[GameState]) -> list[object]:
    """Fingerprints of states, for comparing positions (tests, the bench's check)."""
    return [s.fingerprint() for s in states]
