"""The App thread's side of an open table: publish each joined seat's message when the table
moves, and play the browsers' choices through the session, as a click on the desktop does.

:class:`RemoteHost` runs once a frame (:meth:`RemoteHost.pump`, from ``App.step``); it never
blocks on the network (the server is a thread; the inbox is a queue).
"""

from __future__ import annotations

import logging
import queue
import socket
import time
from typing import Any, Protocol

from game.core.protocol import Action, Event, GameState, IllegalAction
from remote import games, messages
from remote.seats import SeatTable
from remote.server import Incoming, NoteIn, TableServer

log = logging.getLogger(__name__)

#: browsers' choices played per frame at most (the rest wait for the next frame)
MAX_PER_FRAME = 8


class SessionLike(Protocol):
    """What the host needs of ``scenes.session.GameSession``."""

    state: GameState
    remote: frozenset[int]
    closed: bool

    def human_seats(self) -> list[int]: ...

    def seat_name(self, seat: int) -> str: ...

    def apply(self, action: Action) -> list[Event]: ...

    def autosave(self) -> None: ...

    @property
    def record(self) -> Any: ...


def lan_address() -> str:
    """This computer's address on the local network (the one its default route leaves by),
    or the loopback when it has none. Opening a UDP socket sends nothing."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.254.254.254", 9))
        address = probe.getsockname()[0]
    except OSError:
        address = "127.0.0.1"
    finally:
        probe.close()
    return address


class RemoteHost:
    """One open table: its seats' keys, its server, and what it last sent each seat."""

    def __init__(self, session: SessionLike, address: str | None = None, port: int = 0) -> None:
        self.session = session
        self.seats = SeatTable.open(session.human_seats())
        self.server = TableServer(self.seats, address or lan_address(), port)
        self.server.start()
        #: the game's payload module; its table hooks (if it has them) hear the table open
        self.module = games.module_for(session.state.game_id)
        self._hook("table_opened")
        self.version = 0
        self._shown: tuple[int, int] | None = None  # (id of the state, moves) last published
        self._published: set[int] = set()
        #: seat → (version, decision key) of the offer it was last sent
        self._offered: dict[int, tuple[int, object]] = {}
        #: the events of the browsers' moves, for the board to animate (it takes them)
        self.events: list[Event] = []
        #: seconds from a browser's act message arriving to its move applied, newest last
        self.latencies: list[float] = []
        #: (seat, version, time.perf_counter()) of every browser choice applied (the bench
        #: matches them with the moment each left its browser)
        self.applied: list[tuple[int, int, float]] = []
        self.closed = False
        #: the asks already put to the host (the desktop asks each once)
        self.asked: set[int] = set()

    # --- what the host's screen shows ----------------------------------------------------------
    def link(self, seat: int) -> str:
        """The link of ``seat``'s QR code: the page, with the seat's secret in the fragment."""
        key = self.seats.key(seat)
        return f"{self.server.url}#s={key.secret}" if key else self.server.url

    def code(self, seat: int) -> str:
        key = self.seats.key(seat)
        return key.code if key else ""

    @property
    def url(self) -> str:
        return self.server.url

    # --- every frame --------------------------------------------------------------------------
    def pump(self) -> list[Event]:
        """Play the browsers' choices that came in, then publish what changed, once a frame;
        returns the events played (also kept in :attr:`events` until the board takes them)."""
        if self.closed:
            return []
        session = self.session
        if session.closed:
            self.close("The game was closed on the table.")
            return []
        joined = frozenset(self.seats.joined())
        if joined != session.remote:
            session.remote = joined
        played: list[Event] = []
        for _ in range(MAX_PER_FRAME):
            try:
                incoming = self.server.inbox.get_nowait()
            except queue.Empty:
                break
            played.extend(self._play(incoming))
        self._publish()
        self.events.extend(played)
        return played

    def take_events(self) -> list[Event]:
        """The browsers' moves' events not yet animated (the board calls this each frame)."""
        events, self.events = self.events, []
        return events

    def _publish(self) -> None:
        """Send each joined seat its message when the table moved (or it just joined)."""
        session = self.session
        now = (id(session.state), len(session.record.actions))
        joined = set(session.remote)
        fresh = joined - self._published
        # the module worked something out off this thread (a chart): every page again
        redo = bool(self._hook("refresh"))
        if now == self._shown and not fresh and not redo:
            return
        if now != self._shown:
            self.version += 1
            self._shown = now
            seats = joined
        else:
            seats = joined if redo else fresh
        items = []
        for seat in sorted(seats):
            items.append(self._message(seat))
        self.server.publish_all(items)
        self._published |= seats

    def _message(self, seat: int) -> tuple[int, dict[str, Any], list[Action]]:
        """The seat's message now (with its notes from the record), remembering what it offers."""
        session = self.session
        state = session.state
        message, actions = messages.seat_message(
            state,
            seat,
            session.seat_name(seat),
            self.version,
            session.record.meta,
            [session.seat_name(q) for q in range(state.num_players)],
        )
        self._offered[seat] = (self.version, state.decision_key(seat))
        return seat, message, actions

    def _note(self, note: NoteIn) -> None:
        """A seat-private note: written to the record by the game's module, autosaved, and the
        seat's page drawn again (same version: a note changes no offer)."""
        session = self.session
        module = self.module
        if not hasattr(module, "note"):
            self.server.tell(note.seat, messages.refused("This game keeps no notes."))
            return
        view = session.state.view(note.seat)
        why = module.note(session.record.meta, view, note.seat, note.cell, note.mark, note.text)
        if why is not None:
            self.server.tell(note.seat, messages.refused(why))
            return
        session.autosave()
        self.server.publish_all([self._message(note.seat)])

    def _play(self, incoming: Incoming | NoteIn) -> list[Event]:
        """Apply a browser's choice if what its seat decides is still what it was offered
        (another seat's secret commit to the same simultaneous decision leaves it so); a note
        goes to the game's module."""
        if isinstance(incoming, NoteIn):
            self._note(incoming)
            return []
        seat = incoming.seat
        version, key = self._offered.get(seat, (None, None))
        if incoming.version != version or self.session.state.decision_key(seat) != key:
            self.server.tell(seat, messages.refused("The table moved on meanwhile."))
            return []
        try:
            events = self.session.apply(incoming.action)
        except IllegalAction as exc:
            self.server.tell(seat, messages.refused(str(exc)))
            return []
        done = time.perf_counter()
        self.latencies.append(done - incoming.received)
        self.applied.append((seat, incoming.version, done))
        return events

    def _hook(self, name: str) -> object:
        """Call the payload module's table hook ``name`` when it has one (remote/README.md)."""
        hook = getattr(self.module, name, None)
        return hook() if hook is not None else None

    # --- the host's answers --------------------------------------------------------------------
    def asks(self) -> list[tuple[int, int, str]]:
        """The second devices waiting for the host: (ask id, seat, seat name)."""
        return [(a.ask_id, a.seat, self.session.seat_name(a.seat)) for a in self.seats.open_asks()]

    def let_in(self, ask_id: int, allow: bool) -> None:
        self.server.let_in(ask_id, allow)

    def close(self, why: str = "The host closed the table.") -> None:
        """Stop serving: every browser is told goodbye and its seat is hot-seat again."""
        if self.closed:
            return
        self.closed = True
        self.server.close(why)
        self._hook("table_closed")
        self.session.remote = frozenset()
        log.info("the phone table closed (%s)", why)
