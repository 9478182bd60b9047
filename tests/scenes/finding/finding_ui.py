"""What the Finding Atlantis board tests share: opening the board, clicking as a person does,
and turning an intended move into the clicks a person makes for it."""

from __future__ import annotations

from board_ui import answer_handoffs, click_at, event, press, settle, spy
from conftest import frames

from game.core.protocol import Action
from game.finding.cards import CAPTAIN_CARD
from game.finding.ocean import LINES
from scenes.finding import controls
from scenes.finding.board import FindingBoard
from scenes.session import GameSession

__all__ = ["answer_handoffs", "click_at", "event", "press", "settle", "spy"]


def open_board(app, session: GameSession) -> FindingBoard:
    board = FindingBoard(app, session)
    app.stack.reset(board)
    app.stack.apply_pending()
    frames(app, 1)
    settle(app, board)
    return board


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


def burn_card(state, seat: int) -> str | None:
    """A card ``seat`` can burn without giving up Explore (its captain last)."""
    for key in ("sonar", "jelly", "periscope", "silent", "long_silent", "drop_mine"):
        if key in state.hand[seat]:
            return key
    return CAPTAIN_CARD if state.cap_ready[seat] else None


def ana_and_a_silent_bot(seed: int = 3) -> GameSession:
    """Ana against a bot that never moves by itself: the test makes the bot's moves."""
    from game.core.saves import Seat
    from scenes.screenshot_director import SilentRunner

    return GameSession.new(
        "finding",
        [Seat("Ana", colour="yellow"), Seat("Kleito", "bot", "random", colour="red")],
        {"size": "6"},
        seed=seed,
        autosave=False,
        runner_factory=SilentRunner,
    )
