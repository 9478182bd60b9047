"""Random mouse, keyboard, text, wheel, resize and close events at every scene.

Seeded, off-screen, and drawn every few frames to stay fast; whatever scene the random clicks
lead to (a dialog, another menu, a game) keeps being fuzzed, and every few hundred frames the
scene under test is put back. Nothing may raise.
"""

from __future__ import annotations

import json
import os
import random

import pygame
import pytest
from scene_toy import GAME_ID, FakeRunner, ToyBoard

from game.core import storage
from game.core.protocol import Action
from game.core.saves import Seat
from scenes.dialogs import ConfirmDialog, MessageDialog, NamePrompt
from scenes.handoff_scene import HandoffScene
from scenes.help_scene import HelpScene
from scenes.load_scene import LoadScene
from scenes.palette import seat_style
from scenes.pause_scene import PauseScene
from scenes.results_scene import ResultsScene
from scenes.session import GameSession
from scenes.settings_scene import SettingsScene
from scenes.setup_scene import SetupScene
from scenes.title_scene import TitleScene

FRAMES = int(os.environ.get("ATLANTIS_FUZZ_FRAMES", "2000"))
DRAW_EVERY = 10
KEYS = [
    pygame.K_ESCAPE,
    pygame.K_RETURN,
    pygame.K_TAB,
    pygame.K_SPACE,
    pygame.K_BACKSPACE,
    pygame.K_DELETE,
    pygame.K_LEFT,
    pygame.K_RIGHT,
    pygame.K_UP,
    pygame.K_DOWN,
    pygame.K_HOME,
    pygame.K_END,
    pygame.K_a,
    pygame.K_z,
    pygame.K_1,
    pygame.K_F11,
    pygame.K_F1,
]


def _session(kinds=("human", "bot"), finished=False):
    s = GameSession.new(
        GAME_ID,
        [Seat(f"Diver {i + 1}", k) for i, k in enumerate(kinds)],
        {"rounds": "1"},
        seed=4,
        runner_factory=FakeRunner,
    )
    if finished:
        for p in range(len(kinds)):
            s.apply(Action.make(p, "dive", fathoms=2))
    return s


SCENES = {
    "title": lambda app: TitleScene(app),
    "setup": lambda app: SetupScene(app),
    "settings": lambda app: SettingsScene(app),
    "load": lambda app: LoadScene(app),
    "help": lambda app: HelpScene(app),
    "message": lambda app: MessageDialog(app, "Note", "Something happened."),
    "confirm": lambda app: ConfirmDialog(
        app, "Sure?", "Really?", confirm="Yes", on_confirm=lambda: None
    ),
    "name": lambda app: NamePrompt(
        app, "Name", "A name", initial="x", accept="OK", on_accept=lambda n: None
    ),
    "handoff": lambda app: HandoffScene(app, "Ana", seat_style(1, False), lambda: None),
    "pause": lambda app: PauseScene(app, _session()),
    "results": lambda app: ResultsScene(app, _session(finished=True)),
    "board-solo": lambda app: ToyBoard(app, _session()),
    "board-hotseat": lambda app: ToyBoard(app, _session(("human", "human", "bot"))),
}


def random_event(rng: random.Random, size: tuple[int, int]) -> pygame.event.Event:
    w, h = size
    pos = (rng.randrange(-20, w + 20), rng.randrange(-20, h + 20))
    r = rng.random()
    if r < 0.30:
        return pygame.event.Event(
            pygame.MOUSEMOTION,
            {
                "pos": pos,
                "rel": (rng.randint(-9, 9), rng.randint(-9, 9)),
                "buttons": (rng.random() < 0.2, 0, 0),
            },
        )
    if r < 0.48:
        return pygame.event.Event(
            pygame.MOUSEBUTTONDOWN, {"pos": pos, "button": rng.choice((1, 1, 1, 2, 3, 4, 5))}
        )
    if r < 0.66:
        return pygame.event.Event(
            pygame.MOUSEBUTTONUP, {"pos": pos, "button": rng.choice((1, 1, 1, 2, 3))}
        )
    if r < 0.72:
        dy = rng.randint(-3, 3)
        return pygame.event.Event(
            pygame.MOUSEWHEEL,
            {"x": 0, "y": dy, "flipped": False, "precise_x": 0.0, "precise_y": float(dy)},
        )
    if r < 0.84:
        k = rng.choice(KEYS)
        kind = pygame.KEYDOWN if rng.random() < 0.6 else pygame.KEYUP
        return pygame.event.Event(kind, {"key": k, "mod": 0, "unicode": "", "scancode": 0})
    if r < 0.95:
        text = rng.choice(["a", "7", "Ω", " ", "é", "<b>", "&"])
        return pygame.event.Event(pygame.TEXTINPUT, {"text": text})
    if r < 0.99:
        nw, nh = rng.randint(200, 2600), rng.randint(150, 1500)
        return pygame.event.Event(pygame.VIDEORESIZE, {"size": (nw, nh), "w": nw, "h": nh})
    return pygame.event.Event(pygame.QUIT)


def _seed_saves() -> None:
    d = storage.saves_dir()
    d.mkdir(parents=True, exist_ok=True)
    (d / "broken.json").write_text("{")
    _session().save_as("fine")


@pytest.mark.parametrize("name", list(SCENES))
def test_random_input_never_crashes(app, toy_game, name):
    rng = random.Random(f"fuzz-{name}")
    _seed_saves()
    make = SCENES[name]

    def restart() -> None:
        app.running = True
        app.stack.reset(TitleScene(app))
        app.stack.push(make(app))
        app.stack.apply_pending()

    restart()
    for frame in range(FRAMES):
        if frame % 1000 == 999 or not len(app.stack) or not app.running:
            restart()
        events = [random_event(rng, app.window_size) for _ in range(rng.choice((0, 1, 1, 2, 4)))]
        app.step(events, rng.choice((0.0, 1 / 60, 1 / 30, 0.25)), draw=frame % DRAW_EVERY == 0)
    # nothing the fuzzing did may have touched the damaged save
    assert (storage.saves_dir() / "broken.json").read_text() == "{"
    json.loads(storage.save_path("fine").read_text())
