"""The table opened to phones from a Guards game in progress, as the host does it: Esc, the
pause menu's Phones…, the codes on screen; a phone joins a seat and plays it (the desktop
needs no hand-off for it and says whom it waits for); Close the table makes it hot-seat."""

from __future__ import annotations

import json

import pygame
from conftest import click, frames, key
from guards_ui import open_board
from websockets.sync.client import connect

from game.core.saves import Seat
from scenes.pause_scene import PauseScene
from scenes.remote_scenes import TableScene
from scenes.session import GameSession


def _session() -> GameSession:
    seats = [Seat("Ann", "human"), Seat("Bob", "human"), Seat("Cy", "human"), Seat("Di", "human")]
    return GameSession.new("guards", seats, {}, 5)


def _until(app, done, limit: int = 300) -> None:
    for _ in range(limit):
        if done():
            return
        frames(app, 1)
    raise AssertionError("the table never got there")


def _heard(conn, app, kind: str, limit: int = 300) -> dict:
    """Run frames until the phone hears a message of ``kind``."""
    for _ in range(limit):
        frames(app, 1)
        try:
            message = json.loads(conn.recv(timeout=0.01))
        except TimeoutError:
            continue
        if message["t"] == kind:
            return message
    raise AssertionError(f"no {kind} message came")


def test_the_host_opens_the_table_a_phone_plays_its_seat_and_the_host_closes_it(app) -> None:
    app.remote_address = "127.0.0.1"
    session = _session()
    board = open_board(app, session)
    seat = session.state.decision().players[0]
    assert session.deciding_humans() == [seat]  # the pick is made at this screen so far
    key(app, pygame.K_ESCAPE)
    frames(app, 2)
    pause = app.stack.top
    assert isinstance(pause, PauseScene)
    click(app, pause.phones_btn)
    frames(app, 2)
    table = app.stack.top
    assert isinstance(table, TableScene) and app.remote is not None
    assert sorted(table.codes) == [0, 1, 2, 3]  # a QR code for every person's seat
    remote = app.remote
    with connect(f"ws://127.0.0.1:{remote.server.port}/ws", open_timeout=5) as phone:
        phone.send(json.dumps({"t": "join", "code": remote.code(seat), "device": "p"}))
        assert _heard(phone, app, "joined")["seat"] == seat
        offer = _heard(phone, app, "seat")
        assert offer["decision"]["kind"] == "pick" and offer["legal"]
        assert session.remote == frozenset({seat})
        click(app, table.back_btn)
        frames(app, 3)
        # the seat deciding is on a phone: no hand-off, the board says whom it waits for
        assert app.stack.top is board and session.needs_handoff() is None
        assert session.deciding_humans() == []
        assert board.thinking_line() == f"Waiting for {session.seat_name(seat)} (phone)"
        moves = len(session.record.actions)
        phone.send(json.dumps({"t": "act", "version": offer["version"], "id": 1}))
        _until(app, lambda: len(session.record.actions) > moves)
        assert session.record.actions[-1] == session.record.actions[-1].__class__.make(
            seat, "pick", **dict(offer["legal"][1]["params"])
        )
        assert remote.latencies and remote.latencies[-1] < 1.0
        key(app, pygame.K_ESCAPE)
        frames(app, 2)
        click(app, app.stack.top.phones_btn)
        frames(app, 2)
        click(app, app.stack.top.close_btn)
        assert _heard(phone, app, "bye")["why"] == "The host closed the table."
    assert app.remote is None and session.remote == frozenset()
    frames(app, 3)
    assert not session.is_over and len(session.record.actions) == moves + 1  # the game goes on
