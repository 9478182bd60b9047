"""Random input at every kind of step of a Finding Atlantis game: nothing raises, and every
move that reaches the engine is one it offered.

Each step (keeping a captain, the first dive, a turn, a card half aimed, burn mode, the
solve question, a claim half named, hot-seat hand-offs, the results) is reached with real
play, then thousands of random mouse, wheel, key and text events are thrown at it; a part of
the clicks lands on the board's own targets (cards, compass points, cells, buttons) so the
rare paths are walked too. U-Bots answer in-line.
"""

from __future__ import annotations

import os
import random

import pygame
import pytest
from conftest import click
from finding_ui import open_board, spy
from story import PERSON, Story, new_session
from test_scene_fuzz import random_event

from game.core.protocol import Action
from game.core.saves import Seat
from scenes.finding.results import FindingResults
from scenes.handoff_scene import HandoffScene
from scenes.session import GameSession

FRAMES = int(os.environ.get("ATLANTIS_FUZZ_FRAMES", "700"))


def _reach(session: GameSession, want: str, limit: int = 3000) -> None:
    """Play the scripted person (and the bots) until the person faces a ``want`` step."""
    story = Story()
    for _ in range(limit):
        dec = session.decision()
        if dec is not None and dec.kind == want and session.current_human() == PERSON:
            return
        if session.current_human() == PERSON:
            what, arg = story.next(session.state)
            if what == "act":
                session.apply(arg)
            else:
                session.apply(Action.make(PERSON, "claim", cell=arg[0]))
        else:
            session.update(1.0)
    raise AssertionError(f"never reached a {want} step")


def _solo(want: str, **kw):
    def make():
        session = new_session(kw.get("seed", 3), {"size": "6", **kw.get("options", {})})
        _reach(session, want)
        return session

    return make


def _hotseat():
    return GameSession.new(
        "finding",
        [Seat("Ana", colour="yellow"), Seat("Bo", colour="red"), Seat("U", "bot", "random")],
        {"size": "6", "mode": "pirate"},
        seed=6,
        pace_s=0.0,
        autosave=False,
        runner_factory=lambda: __import__("ai.runner").runner.BotRunner(mode="inline"),
    )


STEPS = {
    "captain": _solo("captain"),
    "start": _solo("start_move"),
    "turn": _solo("turn", options={"mode": "pirate", "monsters": "hunting"}),
    "solve": _solo("solve"),
    "claim": _solo("claim"),
    "hotseat": _hotseat,
}


def _aim_something(board, rng: random.Random) -> None:
    """Half-way states: a card picked up, burn mode on, the log open."""
    if board.kind == "turn" and board.human is not None:
        slots = sorted({k.key for k in board.hits if k.key.startswith(("card:", "art:"))})
        if slots:
            board.click(rng.choice(slots))
        if rng.random() < 0.3:
            board.click("burn")


@pytest.mark.parametrize("name", list(STEPS))
def test_random_input_never_raises_nor_plays_an_illegal_move(app, name):
    rng = random.Random(f"finding-fuzz-{name}")
    app.settings.animation_speed = rng.choice(("1x", "4x", "instant"))
    session = STEPS[name]()
    applied = spy(session)
    board = open_board(app, session)
    for frame in range(FRAMES):
        top = app.stack.top
        if top is None or not app.running:
            break
        if isinstance(top, HandoffScene) and rng.random() < 0.1:
            click(app, top.ready)  # the named person sits down
            continue
        if frame % 150 == 0 and top is board:
            _aim_something(board, rng)
        events = [random_event(rng, app.window_size) for _ in range(rng.choice((0, 1, 1, 2, 4)))]
        events = [e for e in events if e.type not in (pygame.QUIT, pygame.VIDEORESIZE)]
        if top is board and board.hits and rng.random() < 0.35:
            pos = rng.choice(board.hits).rect.center
            events += [
                pygame.event.Event(pygame.MOUSEBUTTONDOWN, {"pos": pos, "button": 1}),
                pygame.event.Event(pygame.MOUSEBUTTONUP, {"pos": pos, "button": 1}),
            ]
        app.step(events, rng.choice((0.0, 1 / 60, 1 / 30, 0.25)), draw=frame % 3 == 0)
        if top is not board and top is not None and not isinstance(top, FindingResults):
            if rng.random() < 0.05:  # a dialog the noise opened (pause, help): back to the game
                app.stack.pop(top)
    # the spy asserted each move was legal when made; the record holds nothing else
    assert all(a in applied for a in session.record.actions[-len(applied) :] if applied)


def test_random_input_on_the_results_screen(app):
    session = new_session(2, {"size": "6"})
    story = Story()
    while not session.is_over:
        if session.current_human() == PERSON:
            what, arg = story.next(session.state)
            for a in [arg] if what == "act" else [
                Action.make(PERSON, "claim", cell=c) for c in arg
            ]:  # fmt: skip
                session.apply(a)
                story.wrong_done |= any(e.kind == "wrong_claim" for e in session.log[-10:])
        else:
            session.update(1.0)
    scene = FindingResults(app, session)
    app.stack.reset(scene)
    app.stack.apply_pending()
    rng = random.Random("finding-results")
    for frame in range(300):
        events = [random_event(rng, app.window_size) for _ in range(rng.choice((0, 1, 2)))]
        events = [e for e in events if e.type not in (pygame.QUIT,)]
        app.step(events, 1 / 60, draw=frame % 3 == 0)
        if not len(app.stack):
            break
