"""Random mouse, keyboard, text, wheel, resize and close events at every scene.

Seeded, off-screen, and drawn every few frames to stay fast; whatever scene the random clicks
lead to (a dialog, another menu, a game) keeps being fuzzed, and every few hundred frames the
scene under test is put back. Nothing may raise.

Random events alone rarely open a drop-down and then hit one of its entries, so a second test
clicks every enabled control of each scene at a random spot, in a random order, and requires
an answer the scene itself hears: a widget that never answers fails it.
"""

from __future__ import annotations

import json
import os
import random

import pygame
import pygame_gui
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

#: frames per scene: `make test` fuzzes a sample, `make soak` many more (ATLANTIS_FUZZ_FRAMES)
FRAMES = int(os.environ.get("ATLANTIS_FUZZ_FRAMES", "1000"))
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


# --- every widget answers a real click ---------------------------------------------------------
WIDGET_KINDS = (
    pygame_gui.elements.UIButton,
    pygame_gui.elements.UIDropDownMenu,
    pygame_gui.elements.UISelectionList,
    pygame_gui.elements.UICheckBox,
    pygame_gui.elements.UITextEntryLine,
    pygame_gui.elements.UIHorizontalSlider,
)


def _widgets(scene) -> list:
    """The controls a person can use on a scene: enabled, visible, not part of another widget."""
    return [
        el
        for el in scene.manager.get_sprite_group().sprites()
        if isinstance(el, WIDGET_KINDS)
        and getattr(el, "parent_element", None) is None
        and el.visible
        and el.is_enabled
    ]


def _press(app, pos) -> None:
    """A person's click at ``pos``: move there, press, release, and let results arrive."""
    pos = (int(pos[0]), int(pos[1]))
    app.step(
        [pygame.event.Event(pygame.MOUSEMOTION, {"pos": pos, "rel": (0, 0), "buttons": (0, 0, 0)})],
        1 / 60,
    )
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, {"pos": pos, "button": 1})], 1 / 60)
    app.step([pygame.event.Event(pygame.MOUSEBUTTONUP, {"pos": pos, "button": 1})], 1 / 60)
    for _ in range(3):
        app.step([], 1 / 60)


def _somewhere_on(rng: random.Random, rect: pygame.Rect) -> tuple[int, int]:
    """A random point in the middle half of a widget (where a person aims)."""
    return (
        rect.centerx + rng.randint(-rect.width // 4, rect.width // 4),
        rect.centery + rng.randint(-rect.height // 4, rect.height // 4),
    )


def _answers(app, rng: random.Random, scene, widget, seen: list) -> str | None:
    """Click ``widget`` as a person would; None if it answered, else what went wrong."""

    def heard(kind) -> bool:
        return any(t == kind and el is widget for t, el in seen)

    if isinstance(widget, pygame_gui.elements.UIDropDownMenu):
        _press(app, _somewhere_on(rng, widget.rect))
        entries = getattr(widget.current_state, "options_selection_list", None)
        if entries is None:
            return "the drop-down did not open"
        current = widget.selected_option[0]
        others = [
            i["button_element"]
            for i in entries.item_list
            if i["text"] != current and i["button_element"] is not None
        ]
        if not others:
            return None if len(entries.item_list) == 1 else "no other entry can be clicked"
        _press(app, _somewhere_on(rng, rng.choice(others).rect))
        return None if heard(pygame_gui.UI_DROP_DOWN_MENU_CHANGED) else "picking gave no change"
    if isinstance(widget, pygame_gui.elements.UISelectionList):
        items = [i["button_element"] for i in widget.item_list if i["button_element"] is not None]
        if not items:
            return None  # an empty list has nothing to click
        _press(app, _somewhere_on(rng, rng.choice(items).rect))
        return None if heard(pygame_gui.UI_SELECTION_LIST_NEW_SELECTION) else "nothing selected"
    if isinstance(widget, pygame_gui.elements.UIHorizontalSlider):
        handle = widget.sliding_button.rect.center
        target = widget.rect.left if handle[0] > widget.rect.centerx else widget.rect.right
        app.step(
            [
                pygame.event.Event(
                    pygame.MOUSEMOTION, {"pos": handle, "rel": (0, 0), "buttons": (0, 0, 0)}
                )
            ],
            1 / 60,
        )
        app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, {"pos": handle, "button": 1})], 1 / 60)
        for f in (0.5, 1.0):
            x = int(handle[0] + (target - handle[0]) * f)
            app.step(
                [
                    pygame.event.Event(
                        pygame.MOUSEMOTION,
                        {"pos": (x, handle[1]), "rel": (0, 0), "buttons": (1, 0, 0)},
                    )
                ],
                1 / 60,
            )
        app.step(
            [pygame.event.Event(pygame.MOUSEBUTTONUP, {"pos": (target, handle[1]), "button": 1})],
            1 / 60,
        )
        for _ in range(3):
            app.step([], 1 / 60)
        return None if heard(pygame_gui.UI_HORIZONTAL_SLIDER_MOVED) else "dragging moved nothing"
    if isinstance(widget, pygame_gui.elements.UITextEntryLine):
        _press(app, _somewhere_on(rng, widget.rect))
        if not widget.is_focused:
            return "a click did not put the cursor in the box"
        before = widget.get_text()
        app.step([pygame.event.Event(pygame.TEXTINPUT, {"text": "7"})], 1 / 60)
        return None if widget.get_text() != before else "typing changed nothing"
    _press(app, _somewhere_on(rng, widget.rect))
    if isinstance(widget, pygame_gui.elements.UICheckBox):
        ticked = heard(pygame_gui.UI_CHECK_BOX_CHECKED) or heard(pygame_gui.UI_CHECK_BOX_UNCHECKED)
        return None if ticked else "the tick box did not change"
    return None if heard(pygame_gui.UI_BUTTON_PRESSED) else "the button was not pressed"


@pytest.mark.parametrize("name", list(SCENES))
def test_every_widget_answers_a_real_click(app, toy_game, name):
    """Random clicks on each control of a fresh scene: a widget that never answers is found.

    The scene itself must hear the result (its ``handle_ui``), so a drop-down that opens but
    whose choice never reaches the scene fails too.
    """
    rng = random.Random(f"widgets-{name}")
    _seed_saves()
    make = SCENES[name]

    def fresh():
        app.running = True
        app.stack.reset(TitleScene(app))
        scene = make(app)
        app.stack.push(scene)
        app.stack.apply_pending()
        app.step([], 1 / 60)
        seen: list = []
        handle_ui = scene.handle_ui

        def listen(event):
            seen.append((event.type, getattr(event, "ui_element", None)))
            handle_ui(event)

        scene.handle_ui = listen
        return scene, seen

    scene, _ = fresh()
    count = len(_widgets(scene))
    order = list(range(count))
    rng.shuffle(order)
    problems = []
    for index in order:
        scene, seen = fresh()
        widgets = _widgets(scene)
        assert len(widgets) == count  # the same scene, built again
        widget = widgets[index]
        problem = _answers(app, rng, scene, widget, seen)
        if problem:
            problems.append(f"{type(widget).__name__} at {tuple(widget.rect)}: {problem}")
    assert not problems, problems
