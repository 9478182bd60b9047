"""What the Atlantis Rising board tests share: opening the board and clicking as a person does."""

from __future__ import annotations

import pygame
from board_ui import spy  # noqa: F401 - the boards' shared one, for the Rising tests
from conftest import frames

from game.core.protocol import Action
from scenes.rising.board import RisingBoard
from scenes.session import GameSession


def open_board(app, session: GameSession) -> RisingBoard:
    board = RisingBoard(app, session)
    app.stack.reset(board)
    app.stack.apply_pending()
    frames(app, 1)
    settle(app, board)
    return board


def event(kind: int, **data) -> pygame.event.Event:
    return pygame.event.Event(kind, data)


def click_at(app, pos) -> None:
    """A person's click at a canvas point: move there, press, release."""
    app.step([event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))], 1 / 60)
    app.step([event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)], 1 / 60)
    app.step([event(pygame.MOUSEBUTTONUP, pos=pos, button=1)], 1 / 60)


def escape(app) -> None:
    app.step([event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)], 1 / 60)


def settle(app, board: RisingBoard, limit: int = 120) -> None:
    """Wait, as a person does, until the decision on screen can be answered (a new kind of
    decision takes no input for a moment after it appears)."""
    for _ in range(limit):
        if board.input_settled():
            return
        app.step([], 1 / 60)


def click_for(app, board: RisingBoard, action: Action) -> None:
    """One step of a person's clicks towards ``action`` (may take a few calls; a move that
    cannot be taken back needs the same target clicked twice)."""
    settle(app, board)
    if board.menu is not None:
        for i, entry in enumerate(board.menu.entries):
            if entry.action == action:
                click_at(app, board.target_point(f"menu:{i}"))
                return
        escape(app)
        return
    if action.kind == "place" and bool(action.get("courage")) != board.courage_on:
        click_at(app, board.target_point("cmd:courage"))
        return
    if board.dialog == "build" or action.kind == "keep":
        box = board.keep_dialog if action.kind == "keep" else board.build_dialog
        for i, entry in enumerate(box.entries):
            if entry.action == action:
                click_at(app, board.target_point(f"act:{i}"))
                return
        if board.dialog == "build":
            click_at(app, board.target_point("cmd:close_dialog"))
            return
    for key, acts in board.plan.direct.items():
        if action in acts and not key.startswith(("keep:", "item:")):
            point = board.target_point(key)
            if point is not None:
                click_at(app, point)
                return
    for i, item in enumerate(board.plan.bar):
        if action in item.actions:
            click_at(app, board.target_point(f"bar:{i}"))
            return
    if action.kind == "build":
        click_at(app, board.target_point("cmd:build"))
        return
    raise AssertionError(f"no way to click {action} ({board.kind})")
