"""The table's server on the loopback: the page over HTTP, and every seat connection checked —
no seat without its secret or code, no stale offer played, nobody else's secret ever sent."""

from __future__ import annotations

import time
import urllib.error
import urllib.request
from collections.abc import Iterator

import pytest
from phone_client import client, hear, say

from game.core.protocol import Action
from remote.seats import SeatTable
from remote.server import TableServer


@pytest.fixture
def table() -> Iterator[TableServer]:
    """A server for seats 0 and 2 of a table, on the loopback."""
    server = TableServer(SeatTable.open([0, 2]), "127.0.0.1")
    server.start()
    yield server
    server.close()


def _get(server: TableServer, path: str) -> tuple[int, bytes, str]:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{server.port}{path}", timeout=5) as r:
            return r.status, r.read(), r.headers["Content-Type"]
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read(), exc.headers["Content-Type"]


def _offer(server: TableServer, seat: int, version: int) -> list[Action]:
    actions = [Action.make(seat, "pick", hero=h) for h in ("arien", "brogan")]
    message = {"t": "seat", "version": version, "seat": seat, "legal": [{"id": 0}, {"id": 1}]}
    server.publish(seat, message, actions)
    return actions


def test_the_page_and_only_its_files_are_served(table: TableServer) -> None:
    status, body, kind = _get(table, "/")
    assert status == 200 and kind.startswith("text/html") and b"app.js" in body
    status, body, kind = _get(table, "/app.js")
    assert status == 200 and kind.startswith("text/javascript") and b"WebSocket" in body
    assert _get(table, "/guards.js")[0] == 200
    for path in ("/../pyproject.toml", "/server.py", "/web/index.html", "/.%2e/seats.py"):
        assert _get(table, path)[0] == 404, path


def test_no_secret_no_seat(table: TableServer) -> None:
    _offer(table, 0, 1)
    with client(table) as conn:
        answer = say(conn, t="hello", secret="guess", device="d")
        assert answer["t"] == "refused" and "not a seat" in answer["why"]
        assert say(conn, t="join", code="AAAAAA", device="d")["t"] == "refused"
        answer = say(conn, t="act", version=1, id=0)
        assert answer == {"t": "refused", "why": "Join a seat first."}
        assert say(conn, t="act", version=1)["t"] == "refused"  # malformed: refused, not dropped
    assert table.inbox.empty()


def test_too_many_wrong_keys_close_the_connection(table: TableServer) -> None:
    with client(table) as conn:
        for _ in range(9):
            assert say(conn, t="hello", secret="guess", device="d")["t"] == "refused"
        assert say(conn, t="hello", secret="guess", device="d")["t"] == "refused"
        assert hear(conn)["t"] == "bye"


def test_a_seat_joins_by_code_and_plays_only_its_current_offer(table: TableServer) -> None:
    actions = _offer(table, 2, 5)
    key = table.seats.key(2)
    with client(table) as conn:
        joined = say(conn, t="join", code=key.code.lower(), device="d")
        assert joined == {"t": "joined", "seat": 2, "secret": key.secret}
        assert hear(conn)["version"] == 5
        stale = say(conn, t="act", version=4, id=0)
        assert stale["t"] == "refused" and "moved on" in stale["why"]
        assert hear(conn)["version"] == 5  # and the current offer again
        assert say(conn, t="act", version=5, id=2)["t"] == "refused"  # no such choice
        assert say(conn, t="act", version=5, id=-1)["t"] == "refused"
        conn.send('{"t": "act", "version": 5, "id": 1}')
        incoming = table.inbox.get(timeout=5)
    assert (incoming.seat, incoming.version, incoming.action) == (2, 5, actions[1])
    assert table.inbox.empty()


def test_a_second_device_waits_for_the_host_and_the_first_is_told(table: TableServer) -> None:
    _offer(table, 0, 1)
    key = table.seats.key(0)
    other = table.seats.key(2)
    with client(table) as first, client(table) as second:
        assert say(first, t="hello", secret=key.secret, device="a")["t"] == "joined"
        hear(first)
        wait = say(second, t="hello", secret=key.secret, device="b")
        assert wait["t"] == "wait" and "host" in wait["why"]
        (ask,) = table.seats.open_asks()
        assert ask.seat == 0
        table.let_in(ask.ask_id, True)
        welcome = hear(second)
        assert welcome["t"] == "joined" and welcome["seat"] == 0
        assert hear(second)["t"] == "seat"
        bye = hear(first)
        assert bye["t"] == "bye" and "another device" in bye["why"]
        for text in (str(welcome), str(bye), str(wait)):
            assert other.secret not in text and other.code not in text


def test_the_host_may_say_no(table: TableServer) -> None:
    key = table.seats.key(0)
    with client(table) as first, client(table) as second:
        say(first, t="hello", secret=key.secret, device="a")
        say(second, t="hello", secret=key.secret, device="b")
        (ask,) = table.seats.open_asks()
        table.let_in(ask.ask_id, False)
        assert hear(second) == {"t": "refused", "why": "The host said no."}
        assert table.seats.seat_of(1) == 0  # the first connection keeps the seat


def test_a_dropped_page_comes_back_to_its_seat(table: TableServer) -> None:
    _offer(table, 0, 3)
    key = table.seats.key(0)
    with client(table) as conn:
        say(conn, t="hello", secret=key.secret, device="a")
        hear(conn)
    deadline = time.monotonic() + 5
    while table.seats.connected() and time.monotonic() < deadline:
        time.sleep(0.01)
    assert table.seats.connected() == [] and table.seats.joined() == [0]
    with client(table) as conn:
        assert say(conn, t="hello", secret=key.secret, device="a")["t"] == "joined"
        assert hear(conn)["version"] == 3


def test_closing_says_goodbye_and_the_old_secret_is_stale_after(table: TableServer) -> None:
    key = table.seats.key(0)
    with client(table) as conn:
        say(conn, t="hello", secret=key.secret, device="a")
        table.close("The host closed the table.")
        assert hear(conn) == {"t": "bye", "why": "The host closed the table."}
    again = TableServer(SeatTable.open([0, 2]), "127.0.0.1")
    again.start()
    try:
        with client(again) as conn:
            answer = say(conn, t="hello", secret=key.secret, device="a")
            assert answer["t"] == "refused"
    finally:
        again.close()


def test_a_port_in_use_is_an_os_error() -> None:
    first = TableServer(SeatTable.open([0]), "127.0.0.1")
    first.start()
    try:
        with pytest.raises(OSError, match="could not open its port"):
            TableServer(SeatTable.open([0]), "127.0.0.1", first.port).start()
    finally:
        first.close()


def test_no_secret_or_code_reaches_a_log_line(table: TableServer, caplog) -> None:
    import logging

    caplog.set_level(logging.DEBUG)
    _offer(table, 0, 1)
    keys = [table.seats.key(0), table.seats.key(2)]
    with client(table) as conn:
        say(conn, t="hello", secret=keys[0].secret, device="a")
        hear(conn)
        say(conn, t="hello", secret=keys[1].secret[:-2] + "zz", device="a")  # a near miss
        say(conn, t="act", version=0, id=0)
    with client(table) as conn:
        say(conn, t="join", code=keys[1].code, device="b")
    _get(table, "/")
    server_side = [r for r in caplog.records if not r.name.startswith("websockets.client")]
    logged = "\n".join(r.getMessage() for r in server_side)  # (the client stands for a phone)
    assert logged  # the server does log its connections
    for key in keys:
        assert key.secret not in logged and key.secret[:-2] not in logged
        assert key.code not in logged
