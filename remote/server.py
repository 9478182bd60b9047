"""The table's HTTP + WebSocket server, in a background thread with its own asyncio loop.

One port serves both: a plain GET answers with the page's static files (``remote/web``), a
WebSocket upgrade on ``/ws`` is a seat's connection. The App thread hands the server each
seat's latest message (:meth:`TableServer.publish`) and takes the browsers' choices from a
thread-safe queue (:attr:`TableServer.inbox`); the server checks every message against the
seat's latest offer before it queues anything. Nothing here logs a message's text, a secret
or a code.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import logging
import queue
import threading
import time
from dataclasses import dataclass
from http import HTTPStatus
from pathlib import Path
from typing import Any

from websockets.asyncio.server import ServerConnection, serve
from websockets.datastructures import Headers
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request, Response

from game.core.protocol import Action
from remote import games, messages
from remote.seats import SeatKey, SeatTable

log = logging.getLogger(__name__)
#: the connections' own log (opened, closed, failed): never below INFO, since websockets logs
#: every frame's text at DEBUG, and a frame may hold a seat's secret
wire_log = logging.getLogger(f"{__name__}.connections")
wire_log.setLevel(logging.INFO)

WEB = Path(__file__).with_name("web")
#: the files the page is made of, by URL path, with their content type (no other path is served)
STATIC: dict[str, tuple[str, str]] = {
    "/": ("index.html", "text/html; charset=utf-8"),
    "/index.html": ("index.html", "text/html; charset=utf-8"),
    "/app.js": ("app.js", "text/javascript; charset=utf-8"),
    "/style.css": ("style.css", "text/css; charset=utf-8"),
    "/guards.js": ("guards.js", "text/javascript; charset=utf-8"),
    "/finding.js": ("finding.js", "text/javascript; charset=utf-8"),
}
#: wrong secrets or codes one connection may try before it is closed
MAX_WRONG = 10
NO_SEAT = "That link or code is not a seat at this table (it may be from a table since closed)."


@dataclass(frozen=True)
class Incoming:
    """A browser's choice, checked against its seat's latest offer, waiting for the App."""

    seat: int
    version: int
    action: Action
    received: float  # time.perf_counter() when the message arrived


class TableServer:
    """Serves the page and the seats' connections until :meth:`close`."""

    def __init__(self, seats: SeatTable, host: str = "127.0.0.1", port: int = 0) -> None:
        self.seats = seats
        self.host = host
        self.port = port
        #: the browsers' checked choices, for the App thread
        self.inbox: queue.Queue[Incoming] = queue.Queue()
        #: (seat, connection id) the host must be asked about, for the App thread
        self._latest: dict[int, tuple[str, int, list[Action]]] = {}  # seat → text, version, acts
        self._conns: dict[int, ServerConnection] = {}
        self._ids = itertools.count(1)
        self._lock = threading.Lock()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop: asyncio.Future[None] | None = None
        self._ready = threading.Event()
        self._thread: threading.Thread | None = None
        self.problem: str | None = None
        self._bye_why = "The host closed the table."

    # --- life -------------------------------------------------------------------------------
    def start(self, timeout: float = 5.0) -> None:
        """Start serving (returns once the port is bound); raises OSError when it cannot be."""
        self._thread = threading.Thread(target=self._run, name="remote-table", daemon=True)
        self._thread.start()
        if not self._ready.wait(timeout):
            raise OSError("the phone server did not start in time")
        if self.problem:
            raise OSError(self.problem)

    def _run(self) -> None:
        loop = asyncio.new_event_loop()
        self._loop = loop
        try:
            loop.run_until_complete(self._serve())
        except OSError as exc:
            self.problem = f"the phone server could not open its port ({exc.strerror or exc})"
            self._ready.set()
        finally:
            loop.close()

    async def _serve(self) -> None:
        self._stop = asyncio.get_running_loop().create_future()
        async with serve(
            self._handler,
            self.host,
            self.port,
            process_request=self._http,
            max_size=messages.MAX_INBOUND,
            compression=None,
            server_header=None,
            logger=wire_log,
        ) as server:
            self.port = server.sockets[0].getsockname()[1] if server.sockets else self.port
            self._ready.set()
            await self._stop
            for conn in list(self._conns.values()):
                await self._send(conn, messages.bye(self._bye_why))
                await conn.close()

    def close(self, why: str = "The host closed the table.") -> None:
        """Say goodbye (``why``) to every browser and stop serving (waits for the thread)."""
        self._bye_why = why
        loop, stop = self._loop, self._stop
        if loop is not None and stop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(lambda: stop.done() or stop.set_result(None))
        if self._thread is not None:
            self._thread.join(5.0)

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.port}/"

    # --- the App thread's side --------------------------------------------------------------
    def publish(self, seat: int, message: dict[str, Any], actions: list[Action]) -> None:
        """The seat's latest message (and the actions its ids stand for); sent at once to the
        browser holding the seat, and to whoever joins it later."""
        self.publish_all([(seat, message, actions)])

    def publish_all(self, items: list[tuple[int, dict[str, Any], list[Action]]]) -> None:
        """:meth:`publish` for several seats at once, waking the server's thread once (each
        wake-up is a write to its loop's socket: one per table move, not one per seat)."""
        encoded = [(seat, messages.encode(m), int(m["version"]), a) for seat, m, a in items]
        with self._lock:
            for seat, text, version, actions in encoded:
                self._latest[seat] = (text, version, actions)
        self._call(self._push_all, [seat for seat, *_ in encoded])

    def tell(self, seat: int, message: dict[str, Any]) -> None:
        """Send one message (a refusal) to the browser holding ``seat``, if any."""
        self._call(self._push_text, seat, messages.encode(message))

    def let_in(self, ask_id: int, allow: bool) -> None:
        """The host's answer to a second device asking for a held seat."""
        self._call(self._answer_ask, ask_id, allow)

    def connected(self) -> int:
        """How many browsers are connected now (joined or not)."""
        return len(self._conns)

    def _call(self, fn: Any, *args: Any) -> None:
        loop = self._loop
        if loop is not None and not loop.is_closed():
            try:
                loop.call_soon_threadsafe(fn, *args)
            except RuntimeError:  # closed between the check and the call
                pass

    # --- the server thread's side -----------------------------------------------------------
    def _push_all(self, seats: list[int]) -> None:
        for seat in seats:
            self._push(seat)

    def _push(self, seat: int) -> None:
        with self._lock:
            latest = self._latest.get(seat)
        if latest is not None:
            self._push_text(seat, latest[0])

    def _push_text(self, seat: int, text: str) -> None:
        conn = self._conns.get(self.seats.holder(seat) or -1)
        if conn is not None:
            asyncio.ensure_future(self._send_text(conn, text))

    async def _send(self, conn: ServerConnection, message: dict[str, Any]) -> None:
        await self._send_text(conn, messages.encode(message))

    async def _send_text(self, conn: ServerConnection, text: str) -> None:
        try:
            await conn.send(text)
        except ConnectionClosed:
            pass

    def _answer_ask(self, ask_id: int, allow: bool) -> None:
        ask = self.seats.answer(ask_id)
        if ask is None:
            return
        conn = self._conns.get(ask.connection)
        key = self.seats.key(ask.seat)
        if conn is None or key is None:
            return
        if not allow:
            asyncio.ensure_future(self._send(conn, messages.refused("The host said no.")))
            return
        before = self.seats.give(key, ask.connection, None)
        old = self._conns.get(before) if before is not None else None
        if old is not None:
            asyncio.ensure_future(self._goodbye(old, "This seat moved to another device."))
        asyncio.ensure_future(self._welcome(conn, key))

    async def _goodbye(self, conn: ServerConnection, why: str) -> None:
        await self._send(conn, messages.bye(why))
        await conn.close()

    async def _welcome(self, conn: ServerConnection, key: SeatKey) -> None:
        await self._send(conn, {"t": "joined", "seat": key.seat, "secret": key.secret})
        with self._lock:
            latest = self._latest.get(key.seat)
        if latest is not None:
            await self._send_text(conn, latest[0])

    def _http(self, conn: ServerConnection, request: Request) -> Response | None:
        """Answer a plain GET with a static file; let ``/ws`` upgrade to a WebSocket."""
        path = request.path.split("?", 1)[0]
        if path == "/ws":
            return None
        if path == "/favicon.ico":
            return _response(HTTPStatus.NO_CONTENT, b"", "text/plain; charset=utf-8")
        if path.startswith("/static/") and path.count("/") == 3:
            _, _, game_id, name = path.split("/")
            data = games.static_data(game_id, name)
            if data is not None:
                body = json.dumps(data, separators=(",", ":")).encode()
                return _response(HTTPStatus.OK, body, "application/json")
        found = STATIC.get(path)
        if found is None or not (WEB / found[0]).is_file():
            return _response(HTTPStatus.NOT_FOUND, b"Not here.", "text/plain; charset=utf-8")
        return _response(HTTPStatus.OK, (WEB / found[0]).read_bytes(), found[1])

    async def _handler(self, conn: ServerConnection) -> None:
        cid = next(self._ids)
        self._conns[cid] = conn
        wrong = 0
        try:
            async for text in conn:
                try:
                    data = messages.parse(text)
                except messages.BadMessage as exc:
                    await self._send(conn, messages.refused(str(exc)))
                    continue
                if data["t"] == "act":
                    await self._act(conn, cid, data)
                    continue
                if data["t"] == "hello":
                    key = self.seats.by_secret(data["secret"])
                else:
                    key = self.seats.by_code(data["code"])
                if key is None:
                    wrong += 1
                    await self._send(conn, messages.refused(NO_SEAT))
                    if wrong >= MAX_WRONG:
                        await self._goodbye(conn, "Too many wrong links or codes.")
                        return
                    continue
                if self.seats.take(key, cid, data["device"]):
                    await self._welcome(conn, key)
                else:
                    self.seats.ask(key.seat, cid)
                    why = "Another device holds this seat: the host is asked to let you in."
                    await self._send(conn, {"t": "wait", "why": why})
        except ConnectionClosed:
            pass
        finally:
            self._conns.pop(cid, None)
            self.seats.drop(cid)

    async def _act(self, conn: ServerConnection, cid: int, data: dict[str, Any]) -> None:
        received = time.perf_counter()
        seat = self.seats.seat_of(cid)
        if seat is None:
            await self._send(conn, messages.refused("Join a seat first."))
            return
        with self._lock:
            latest = self._latest.get(seat)
        if latest is None or data["version"] != latest[1]:
            await self._send(conn, messages.refused("The table has moved on since that screen."))
            if latest is not None:
                await self._send_text(conn, latest[0])
            return
        actions = latest[2]
        if not 0 <= data["id"] < len(actions):
            await self._send(conn, messages.refused("That is not one of your choices now."))
            return
        self.inbox.put(Incoming(seat, data["version"], actions[data["id"]], received))


def _response(status: HTTPStatus, body: bytes, kind: str) -> Response:
    headers = Headers(
        [
            ("Content-Type", kind),
            ("Content-Length", str(len(body))),
            ("Cache-Control", "no-store"),
            ("X-Content-Type-Options", "nosniff"),
            ("Referrer-Policy", "no-referrer"),
            ("Content-Security-Policy", "default-src 'self'; connect-src 'self' ws: wss:"),
        ]
    )
    return Response(status.value, status.phrase, headers, body)
