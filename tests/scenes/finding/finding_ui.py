"""What the Finding Atlantis board tests share: opening the board, clicking as a person does,
and turning an intended move into the clicks a person makes for it."""

from __future__ import annotations

import pygame
from conftest import frames

from game.core.protocol import Action
from game.finding.cards import CAPTAIN_CARD
from game.finding.ocean import LINES
from scenes.finding import controls
from scenes.finding.board import FindingBoard
from scenes.handoff_scene import HandoffScene
from scenes.session import GameSession


def event(kind: int, **data) -> pygame.event.Event:
    return pygame.event.Event(kind, data)


def click_at(app, pos) -> None:
    """A person's click at a canvas point: move there, press, release."""
    app.step([event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))], 1 / 60)
    app.step([event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)], 1 / 60)
    app.step([event(pygame.MOUSEBUTTONUP, pos=pos, button=1)], 1 / 60)


def open_board(app, session: GameSession) -> FindingBoard:
    board = FindingBoard(app, session)
    app.stack.reset(board)
    app.stack.apply_pending()
    frames(app, 1)
    settle(app, board)
    return board


def settle(app, board: FindingBoard, limit: int = 200) -> None:
    """Wait, as a person does, until the decision on screen can be answered."""
    for _ in range(limit):
        if board.input_settled() and not board.animating():
            return
        app.step([], 1 / 60)


def spy(session: GameSession) -> list[Action]:
    """Wrap ``session.apply`` so every move is checked against legal_actions first."""
    applied: list[Action] = []
    real = session.apply

    def checked(action: Action):
        assert action in session.state.legal_actions(action.player), action
        applied.append(action)
        return real(action)

    session.apply = checked  # type: ignore[method-assign]
    return applied


def press(app, board: FindingBoard, key: str) -> None:
    """Click the target ``key`` where the board last drew it."""
    frames(app, 1)  # the board draws its targets for the decision now on screen
    click_at(app, board.target_point(key))


def clicks_for(board: FindingBoard, action: Action) -> list[str]:
    """The targets a person clicks, in order, to make ``action`` on this board."""
    kind = action.kind
    if kind == "keep":
        return [f"keep:{action['captain']}"]
    if kind == "start_move":
        return [f"dir:{action['direction']}"]
    if kind in ("solve", "keep_searching"):
        return ["solve:yes" if kind == "solve" else "solve:no"]
    if kind == "claim":
        return [f"cell:{action['cell']}"]
    keys: list[str] = []
    burn = kind == "burn"
    if burn != board.burn_mode:
        keys.append("burn")
    slot = controls.burn_slot(action) if burn else controls.slot_of(action)
    keys.append(slot)
    for param in controls.params_of(action, burn):
        v = controls.value_of(action, param)
        if param in ("direction", "compass"):
            keys.append(f"dir:{v}")
        elif param == "line":
            keys.append(f"dir:{LINES[v][0]}")
        elif param == "offset":
            keys.append(f"off:{v[0]},{v[1]}")
        elif param == "cell":
            keys.append(f"cell:{v}")
        else:
            keys.append(("opt", param, v))  # type: ignore[arg-type]
    return keys


def do(app, board: FindingBoard, action: Action) -> None:
    """Make ``action`` with the mouse, as a person does (claims: see :func:`claim`)."""
    settle(app, board)
    for key in clicks_for(board, action):
        if isinstance(key, tuple):  # an option button: its index among the values offered
            q = board.question()
            assert q is not None and q[0] == key[1], (q, key)
            key = f"opt:{q[1].index(key[2])}"
        press(app, board, key)
    if action.kind == "burn":
        assert not board.burn_mode  # playing the burn leaves burn mode


def claim(app, board: FindingBoard, cells: list[int]) -> None:
    """Name the city's spaces after the first on the chart, then confirm with the button."""
    settle(app, board)
    for c in cells:
        press(app, board, f"cell:{c}")
    press(app, board, "claim:confirm")


def answer_handoffs(app, limit: int = 50) -> int:
    """Click Ready on every hand-off screen that comes up; how many there were."""
    n = 0
    for _ in range(limit):
        top = app.stack.top
        if not isinstance(top, HandoffScene):
            return n
        from conftest import click

        click(app, top.ready)
        n += 1
    return n


def burn_card(state, seat: int) -> str | None:
    """A card ``seat`` can burn without giving up Explore (its captain last)."""
    for key in ("sonar", "jelly", "periscope", "silent", "long_silent", "drop_mine"):
        if key in state.hand[seat]:
            return key
    return CAPTAIN_CARD if state.cap_ready[seat] else None
