"""Random input at every kind of step of a Guards game: nothing raises, and every move that
reaches the engine is one it offered.

Each step (hero pick, a ban, placement, card play, the action choice, a card's own choice, a
defence, levelling, hot-seat hand-offs) is reached by real play of the scripted players, then
random mouse, wheel and key events are thrown at it; a part of the clicks lands on the board's
own targets (cards, buttons, glowing hexes) so the rare paths are walked too.
"""

from __future__ import annotations

import os
import random

import pygame
import pytest
from conftest import click
from guards_ui import guards_shown, open_board, spy  # noqa: F401
from scripted import ScriptedRunner, reach
from test_scene_fuzz import random_event

from game.core.saves import Seat
from scenes.guards.results import GuardsResults
from scenes.handoff_scene import HandoffScene
from scenes.session import GameSession

FRAMES = int(os.environ.get("ATLANTIS_FUZZ_FRAMES", "500"))


def _session(seats, opts, seed=5) -> GameSession:
    return GameSession.new("guards", seats, opts, seed=seed, pace_s=0.0, autosave=False,
                           runner_factory=lambda: ScriptedRunner())  # fmt: skip


def _solo(want: str, **opts):
    def make():
        s = _session([Seat("Ana"), Seat("Bot", "bot", "random")], {"board": "one_lane", **opts})
        reach(s, want)
        return s

    return make


def _hotseat():
    seats = [Seat("Ana"), Seat("Bo"), Seat("Bot1", "bot", "random"), Seat("Bot2", "bot", "random")]
    s = _session(seats, {"board": "two_lane"})
    reach(s, "play")
    return s


STEPS = {
    "pick": _solo("pick"),
    "ban": _solo("ban", selection="limited"),
    "place": _solo("place"),
    "play": _solo("play"),
    "act": _solo("act"),
    "defend": _solo("defend"),
    "level": _solo("level"),
    "hotseat": _hotseat,
}


@pytest.mark.parametrize("name", list(STEPS))
def test_random_input_never_raises_nor_plays_an_illegal_move(app, name):
    rng = random.Random(f"guards-fuzz-{name}")
    app.settings.animation_speed = rng.choice(("1x", "4x", "instant"))
    session = STEPS[name]()
    applied = spy(session)
    start = len(session.record.actions)
    board = open_board(app, session)
    for frame in range(FRAMES):
        top = app.stack.top
        if top is None or not app.running:
            break
        if isinstance(top, HandoffScene) and rng.random() < 0.1:
            click(app, top.ready)
            continue
        events = [random_event(rng, app.window_size) for _ in range(rng.choice((0, 1, 1, 2, 4)))]
        events = [e for e in events if e.type not in (pygame.QUIT, pygame.VIDEORESIZE)]
        if top is board and rng.random() < 0.4:
            targets = [r.center for r, _, _ in board.hits]
            if board.arena is not None:
                targets += [board.arena.camera.centre(h) for h in board.hex_actions()]
            if targets:
                pos = rng.choice(targets)
                events += [
                    pygame.event.Event(pygame.MOUSEBUTTONDOWN, {"pos": pos, "button": 1}),
                    pygame.event.Event(pygame.MOUSEBUTTONUP, {"pos": pos, "button": 1}),
                ]
        app.step(events, rng.choice((0.0, 1 / 60, 1 / 30, 0.25)), draw=frame % 3 == 0)
        if top is not board and top is not None and not isinstance(top, GuardsResults):
            if rng.random() < 0.05:  # a dialog the noise opened (pause, help): back to the game
                app.stack.pop(top)
    # the spy asserted each move was legal when made; a step of a card may have been taken
    # back since (Back, Esc), so the record holds what was made and not taken back
    assert all(a in applied for a in session.record.actions[start:])
