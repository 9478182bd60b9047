"""Speaking to the table's server as a page does: open its WebSocket, send, read."""

from __future__ import annotations

import json

from websockets.sync.client import ClientConnection, connect

from remote.server import TableServer


def client(server: TableServer) -> ClientConnection:
    """A browser's WebSocket, as the page opens it."""
    return connect(f"ws://127.0.0.1:{server.port}/ws", open_timeout=5)


def say(conn: ClientConnection, **message: object) -> dict:
    """Send one message and read the next answer."""
    conn.send(json.dumps(message))
    return json.loads(conn.recv(timeout=5))


def hear(conn: ClientConnection) -> dict:
    return json.loads(conn.recv(timeout=5))
