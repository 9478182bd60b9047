"""What the Guards board tests share: opening the board, clicking as a person does, and
turning an intended move into the clicks a person makes for it."""

from __future__ import annotations

import pygame
import pytest
from conftest import frames

from game.core.protocol import Action
from scenes.guards import registration
from scenes.guards.board import GuardsBoard
from scenes.handoff_scene import HandoffScene
from scenes.session import GameSession


@pytest.fixture(autouse=True)
def guards_shown():
    """Every Guards test registers the board (not yet offered in the menus) and takes it out
    again, so no other test sees Guards on the setup screen."""
    registration.register()
    yield
    registration.unregister()


def event(kind: int, **data) -> pygame.event.Event:
    return pygame.event.Event(kind, data)


def click_at(app, pos) -> None:
    """A person's click at a canvas point: move there, press, release."""
    app.step([event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))], 1 / 60)
    app.step([event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)], 1 / 60)
    app.step([event(pygame.MOUSEBUTTONUP, pos=pos, button=1)], 1 / 60)


def open_board(app, session: GameSession) -> GuardsBoard:
    registration.register()
    board = GuardsBoard(app, session)
    app.stack.reset(board)
    app.stack.apply_pending()
    frames(app, 1)
    return board


def settle(app, board: GuardsBoard, limit: int = 400) -> None:
    """Wait, as a person does, until the decision on screen can be answered."""
    for _ in range(limit):
        if app.stack.top is board and board.input_settled() and not board.animating():
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


def press(app, board: GuardsBoard, key: str) -> None:
    """Click the target ``key`` where the board last drew it."""
    frames(app, 1)
    click_at(app, board.target_point(key))


def clicks_for(board: GuardsBoard, action: Action) -> list[str]:
    """The targets a person clicks, in order, to make ``action`` on this board."""
    k = action.kind
    hx = lambda h: f"hex:{h[0]},{h[1]}"  # noqa: E731
    if k in ("pick", "ban"):
        return [f"tile:unit:{action['hero']}", "btn:select"]
    if k == "recruit":
        return [f"tile:seat:{action['seat']}", "btn:select"]
    if k == "play":
        heroes = board.playing_heroes()
        return [f"card:{h}:{c}" for h, c in zip(heroes, action["cards"], strict=True)] + [
            "btn:confirm"
        ]
    if k in ("move", "fast"):  # the kind's button, then the hex (both engine steps at once)
        return [hx(action["to"])] if board.kind == k else [f"btn:{k}", hx(action["to"])]
    if k == "primary":
        return ["btn:primary"]
    if k == "place":
        return [hx(action["at"])]
    if k == "remove":
        return [hx(action["at"])]
    if k == "first":
        return [f"btn:first:{action['hero']}"]
    if k == "defend":
        if not action["card"]:
            return ["btn:nodefend"]
        return [f"card:{board.decision.data['hero']}:{action['card']}"]
    if k == "level":
        return [f"level:{action['card']}"] if action["card"] else ["btn:stop"]
    if k == "choose":
        opt = action["option"]
        if opt == "skip":
            return ["btn:skip"]
        if isinstance(opt, tuple):
            return [hx(opt)]
        return [f"opt:{board.legal.index(action)}"]
    raise AssertionError(f"no clicks known for {action}")


def do(app, board: GuardsBoard, action: Action) -> None:
    """Make ``action`` with the mouse, as a person does."""
    settle(app, board)
    for key in clicks_for(board, action):
        press(app, board, key)


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
