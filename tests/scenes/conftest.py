"""Scene tests run headless, off-screen, with a private ATLANTIS_HOME per test."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from game import GAMES

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

# each game's UI helpers (rising_ui, finding_ui, ...) sit in its own folder; the shared scene
# tests import them too
for _game in GAMES:
    _here = str(Path(__file__).with_name(_game))
    if _here not in sys.path:
        sys.path.insert(0, _here)

import pygame  # noqa: E402
import pytest  # noqa: E402
import scene_toy as toy  # noqa: E402


@pytest.fixture(autouse=True)
def _home(tmp_path, monkeypatch):
    """Settings, saves and logs of this test live in its own temporary folder."""
    monkeypatch.setenv("ATLANTIS_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


@pytest.fixture
def app():
    """An App without a window: step() draws on the off-screen canvas."""
    from scenes.app import App

    application = App(headless=True, seed=3)
    yield application
    application.stack.clear()
    application.stack.apply_pending()
    # get, not clear: pygame.event.clear() never frees a queued user event's data, and
    # pygame-gui's results hold their element, its manager and so this App
    pygame.event.get()


@pytest.fixture
def toy_game(monkeypatch):
    """Register the toy game and board; bots use a fake runner (no processes)."""
    from scenes import session as session_mod

    toy.install()
    monkeypatch.setattr(session_mod, "default_runner", lambda: toy.FakeRunner())
    yield toy
    toy.uninstall()


def frames(app, n: int = 1, events=None, dt: float = 1 / 60) -> None:
    """Run ``n`` frames; ``events`` go into the first one."""
    for i in range(n):
        app.step(list(events or []) if i == 0 else [], dt)


def on_window(app, element, point=None) -> tuple[int, int]:
    """Where a widget's point (its centre by default) shows in the window: its manager lays it
    out in the frame's pixels, which the window shows letterboxed (1:1 with no window)."""
    v = app.view_rect
    fw, fh = element.ui_manager.window_resolution
    x, y = element.rect.center if point is None else point
    return (int(v.x + (x + 0.5) * v.width / fw), int(v.y + (y + 0.5) * v.height / fh))


def click(app, element, button: int = 1) -> None:
    """Press and release the mouse on a widget, then let pygame-gui's result arrive."""
    pos = on_window(app, element)
    motion = pygame.event.Event(
        pygame.MOUSEMOTION, {"pos": pos, "rel": (0, 0), "buttons": (0, 0, 0)}
    )
    down = pygame.event.Event(pygame.MOUSEBUTTONDOWN, {"pos": pos, "button": button})
    up = pygame.event.Event(pygame.MOUSEBUTTONUP, {"pos": pos, "button": button})
    app.step([motion], 1 / 60)
    app.step([down], 1 / 60)
    app.step([up], 1 / 60)
    app.step([], 1 / 60)


def key(app, k: int, mod: int = 0) -> None:
    app.step(
        [pygame.event.Event(pygame.KEYDOWN, {"key": k, "mod": mod, "unicode": "", "scancode": 0})],
        1 / 60,
    )
    app.step(
        [pygame.event.Event(pygame.KEYUP, {"key": k, "mod": mod, "unicode": "", "scancode": 0})],
        1 / 60,
    )


def post_ui(app, event_type: int, element, **data) -> None:
    """Deliver a pygame-gui result event as if the widget had posted it.

    Only for testing a scene's *reaction* to a result; a widget itself is proven with the
    real mouse and keys (``click``, ``pick``, ``double_click``, ``drag``, ``type_text``).
    """
    app.step([pygame.event.Event(event_type, {"ui_element": element, **data})], 1 / 60)


def open_scene(app, scene) -> None:
    """Put ``scene`` on an empty stack and run one frame."""
    app.stack.reset(scene)
    app.stack.apply_pending()
    frames(app, 1)


def pick(app, menu, text: str) -> None:
    """Open a drop-down with the mouse and click one of its entries, as a person does."""
    click(app, menu)
    state = menu.current_state
    entries = getattr(state, "options_selection_list", None)
    assert entries is not None, f"the drop-down did not open on a click ({type(state).__name__})"
    buttons = [i["button_element"] for i in entries.item_list if i["text"] == text]
    assert buttons, f"{text!r} is not offered: {[i['text'] for i in entries.item_list]}"
    click(app, buttons[0])
    frames(app, 3)  # option button -> list selection -> menu changed -> the scene reacts


def _mouse(kind: int, pos, **data) -> pygame.event.Event:
    if kind == pygame.MOUSEMOTION:
        data.setdefault("rel", (0, 0))
        data.setdefault("buttons", (0, 0, 0))
    else:
        data.setdefault("button", 1)
    return pygame.event.Event(kind, {"pos": tuple(pos), **data})


def list_button(selection_list, text: str):
    """The button a person sees for ``text`` in a selection list (it must be on screen)."""
    items = [i for i in selection_list.item_list if i["text"] == text]
    assert items, f"{text!r} is not listed: {[i['text'] for i in selection_list.item_list]}"
    button = items[0]["button_element"]
    assert button is not None and button.visible, f"{text!r} is scrolled out of sight"
    return button


def double_click(app, element) -> None:
    """Two presses on the same spot, well inside pygame-gui's double-click time."""
    pos = on_window(app, element)
    app.step([_mouse(pygame.MOUSEMOTION, pos)], 1 / 60)
    for _ in range(2):
        app.step([_mouse(pygame.MOUSEBUTTONDOWN, pos)], 1 / 60)
        app.step([_mouse(pygame.MOUSEBUTTONUP, pos)], 1 / 60)
    frames(app, 4)  # button double-clicked -> list double-clicked -> the scene reacts


def drag(app, element, to) -> None:
    """Press on ``element`` (a slider's handle), move with the button held, release at ``to``."""
    start = element.rect.center
    app.step([_mouse(pygame.MOUSEMOTION, start)], 1 / 60)
    app.step([_mouse(pygame.MOUSEBUTTONDOWN, start)], 1 / 60)
    steps = 8
    for i in range(1, steps + 1):
        pos = (
            start[0] + (to[0] - start[0]) * i // steps,
            start[1] + (to[1] - start[1]) * i // steps,
        )
        app.step([_mouse(pygame.MOUSEMOTION, pos, buttons=(1, 0, 0))], 1 / 60)
    app.step([_mouse(pygame.MOUSEBUTTONUP, to)], 1 / 60)
    frames(app, 3)


def type_text(app, entry, text: str, replace: bool = True) -> None:
    """Click into a text box and type, as the keyboard does: KEYDOWN, TEXTINPUT, KEYUP."""
    click(app, entry)
    if replace:
        key(app, pygame.K_a, pygame.KMOD_CTRL)  # select what is there, so typing replaces it
        key(app, pygame.K_BACKSPACE)
    for ch in text:
        code = ord(ch.lower()) if ch.isascii() else 0
        down = {"key": code, "mod": 0, "unicode": ch, "scancode": 0}
        app.step(
            [
                pygame.event.Event(pygame.KEYDOWN, down),
                pygame.event.Event(pygame.TEXTINPUT, {"text": ch}),
            ],
            1 / 60,
        )
        app.step([pygame.event.Event(pygame.KEYUP, down)], 1 / 60)
    frames(app, 1)


def save_by_name(app, pause, name: str, *, enter: bool = False):
    """Pause menu → Save as…, type ``name``, then OK (or Enter); returns the screen on top."""
    from scenes.dialogs import NamePrompt

    click(app, pause.save_btn)
    prompt = app.stack.top
    assert isinstance(prompt, NamePrompt)
    type_text(app, prompt.entry, name)
    assert prompt.entry.get_text() == name
    if enter:
        key(app, pygame.K_RETURN)
        frames(app, 2)
    else:
        click(app, prompt.accept)
    return app.stack.top
