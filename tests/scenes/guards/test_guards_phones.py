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


def test_a_curtain_for_a_person_who_takes_their_seat_on_a_phone_goes_away(app) -> None:
    import random

    from scenes.handoff_scene import HandoffScene

    app.remote_address = "127.0.0.1"
    session = _session()
    rng, state = random.Random(4), session.state
    while not (state.phase == "play" and state.decision().kind == "play"):
        seat = state.decision().players[0]
        session.apply(rng.choice(state.legal_actions(seat)))
    open_board(app, session)
    curtain = app.stack.top
    assert isinstance(curtain, HandoffScene)
    wanted = session.needs_handoff()
    key(app, pygame.K_ESCAPE)  # the pause menu opens over the curtain, as a person does it
    frames(app, 2)
    click(app, app.stack.top.phones_btn)
    frames(app, 2)
    remote = app.remote
    with connect(f"ws://127.0.0.1:{remote.server.port}/ws", open_timeout=5) as phone:
        phone.send(json.dumps({"t": "join", "code": remote.code(wanted), "device": "p"}))
        _heard(phone, app, "seat")
        click(app, app.stack.top.back_btn)
        frames(app, 3)
        assert curtain not in app.stack.scenes  # nobody is asked to take the screen for them
        top = app.stack.top
        assert not isinstance(top, HandoffScene) or top.name != session.seat_name(wanted)
        app.close_remote()


def test_start_with_phones_on_the_setup_screen_opens_the_table(app, monkeypatch) -> None:
    from conftest import open_scene, pick

    from ai.runner import BotRunner
    from scenes import session as session_mod
    from scenes.guards.board import GuardsBoard
    from scenes.setup_scene import SetupScene

    monkeypatch.setattr(session_mod, "default_runner", lambda: BotRunner(mode="inline"))
    app.remote_address = "127.0.0.1"
    scene = SetupScene(app)
    open_scene(app, scene)
    pick(app, scene.game_menu, "Guards of Atlantis")
    pick(app, scene.count_menu, "4")
    assert scene.phones_btn is not None and scene.phones_btn.text == "Start with phones"
    click(app, scene.phones_btn)
    frames(app, 3)
    board, table = app.stack.scenes[0], app.stack.top
    assert isinstance(board, GuardsBoard) and isinstance(table, TableScene)
    people = board.session.human_seats()
    assert people and sorted(table.codes) == people  # a code for every person, none for bots
    assert app.remote is not None and app.remote.session is board.session
    app.close_remote()


def test_a_second_device_for_a_held_seat_is_let_in_by_the_host(app) -> None:
    from scenes.dialogs import ConfirmDialog

    app.remote_address = "127.0.0.1"
    session = _session()
    open_board(app, session)
    remote = app.open_remote(session)
    url = f"ws://127.0.0.1:{remote.server.port}/ws"
    with connect(url, open_timeout=5) as first, connect(url, open_timeout=5) as second:
        first.send(json.dumps({"t": "join", "code": remote.code(1), "device": "a"}))
        _heard(first, app, "seat")
        second.send(json.dumps({"t": "join", "code": remote.code(1), "device": "b"}))
        assert "host" in _heard(second, app, "wait")["why"]
        _until(app, lambda: isinstance(app.stack.top, ConfirmDialog))
        dialog = app.stack.top
        assert dialog.purpose == "phone-ask" and [a[1:] for a in remote.asks()] == [(1, "Bob")]
        click(app, dialog.confirm)  # Let it in
        assert _heard(second, app, "joined")["seat"] == 1
        assert "another device" in _heard(first, app, "bye")["why"]
        assert remote.seats.holder(1) is not None and not isinstance(app.stack.top, ConfirmDialog)
        app.close_remote()
