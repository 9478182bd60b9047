"""What the Guards board tests share: opening the board, clicking as a person does, and
turning an intended move into the clicks a person makes for it."""

from __future__ import annotations

import board_ui
import pytest
from board_ui import answer_handoffs, click_at, event, press, spy
from conftest import frames

from game.core.protocol import Action
from scenes.game_ui import register_game_ui
from scenes.guards import registration
from scenes.guards.board import GuardsBoard
from scenes.session import GameSession

__all__ = ["answer_handoffs", "click_at", "event", "press", "spy"]


@pytest.fixture(autouse=True)
def guards_shown():
    """Every Guards test has the board registered (whatever another test did before it) and
    leaves the shell offering what the menus offer."""
    register_game_ui(registration.UI)
    yield
    register_game_ui(registration.UI)


def open_board(app, session: GameSession) -> GuardsBoard:
    board = GuardsBoard(app, session)
    app.stack.reset(board)
    app.stack.apply_pending()
    frames(app, 1)
    return board


def settle(app, board: GuardsBoard, limit: int = 400) -> None:
    """Wait, as a person does, until the decision on screen can be answered."""
    board_ui.settle(app, board, limit, on_top=True)


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
    """Make ``action`` with the mouse, as a person does (one who means to hit their own side
    answers Yes when the board asks)."""
    settle(app, board)
    for key in clicks_for(board, action):
        press(app, board, key)
        confirm_friendly_fire(app)


def confirm_friendly_fire(app) -> bool:
    """Answer Yes to the board's "hit your own side?" question, if it is up."""
    from conftest import click

    from scenes.dialogs import ConfirmDialog

    frames(app, 1)
    top = app.stack.top
    if isinstance(top, ConfirmDialog) and top.purpose == "friendly fire":
        click(app, top.confirm)
        frames(app, 1)
        return True
    return False
