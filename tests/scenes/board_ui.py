"""What the board tests of every game share: clicking a canvas point as a person does, waiting
until the decision on screen can be answered, checking every move is legal, and answering the
hand-off screens. Each game's own helpers (finding_ui.py, guards_ui.py) add how its moves are
clicked."""

from __future__ import annotations

import pygame
from conftest import frames

from game.core.protocol import Action
from scenes.handoff_scene import HandoffScene
from scenes.session import GameSession


def event(kind: int, **data) -> pygame.event.Event:
    return pygame.event.Event(kind, data)


def click_at(app, pos) -> None:
    """A person's click at a canvas point: move there, press, release."""
    app.step([event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))], 1 / 60)
    app.step([event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)], 1 / 60)
    app.step([event(pygame.MOUSEBUTTONUP, pos=pos, button=1)], 1 / 60)


def settle(app, board, limit: int = 200, on_top: bool = False) -> None:
    """Wait, as a person does, until the decision on screen can be answered (with ``on_top``,
    also until nothing covers the board)."""
    for _ in range(limit):
        covered = on_top and app.stack.top is not board
        if not covered and board.input_settled() and not board.animating():
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


def press(app, board, key: str) -> None:
    """Click the target ``key`` where the board last drew it."""
    frames(app, 1)  # the board draws its targets for the decision now on screen
    click_at(app, board.target_point(key))


def answer_handoffs(app, limit: int = 50) -> int:
    """Click Ready on every hand-off screen that comes up; how many there were."""
    from conftest import click

    n = 0
    for _ in range(limit):
        top = app.stack.top
        if not isinstance(top, HandoffScene):
            return n
        click(app, top.ready)
        n += 1
    return n


def drawn_texts(app, monkeypatch, module, name: str = "draw_text") -> list[str]:
    """The texts ``module`` draws through its ``name`` function in the next frame: the words a
    person reads on the board (the function is wrapped for that one frame)."""
    drawn: list[str] = []
    real = getattr(module, name)

    def spy_text(surface, text, *args, **kwargs):
        drawn.append(str(text))
        return real(surface, text, *args, **kwargs)

    monkeypatch.setattr(module, name, spy_text)
    frames(app, 1)
    monkeypatch.setattr(module, name, real)
    return drawn
