"""A screen the player has closed is gone: its scene, its UIManager and its widgets are freed.

Each UIManager holds its fonts, theme and widget images (several MB); one kept per opened screen
made a long session grow without end, and the test run with it. Counted with gc and weakref.
"""

from __future__ import annotations

import gc
import weakref

from conftest import click, frames, open_scene
from pygame_gui.core.utility import get_default_manager

from scenes.stack import Scene
from scenes.theme import CanvasUIManager
from scenes.title_scene import TitleScene


def _live_managers(ignore: frozenset[int] = frozenset()) -> int:
    """Live UIManagers, leaving out ``ignore`` (ids of managers older than the test)."""
    gc.collect()
    return sum(isinstance(o, CanvasUIManager) and id(o) not in ignore for o in gc.get_objects())


def _managers_now() -> frozenset[int]:
    gc.collect()
    return frozenset(id(o) for o in gc.get_objects() if isinstance(o, CanvasUIManager))


def _open_and_close_each(app, title: TitleScene, closed: list) -> None:
    """Settings, Help and New game from the title, each left by its own Back/Done button."""
    for btn in (title.settings_btn, title.help_btn, title.new_btn):
        click(app, btn)
        screen = app.stack.top
        assert isinstance(screen, Scene) and screen is not title, f"{btn.text} opened nothing"
        closed.append((type(screen).__name__, weakref.ref(screen), weakref.ref(screen.manager)))
        click(app, screen.back_btn)
        assert app.stack.top is title, f"{type(screen).__name__} did not go back to the title"
        del screen


def test_closed_screens_are_freed(app):
    title = TitleScene(app)
    open_scene(app, title)
    closed: list = []
    for _ in range(3):
        _open_and_close_each(app, title, closed)
    frames(app, 2)
    gc.collect()
    scenes_alive = [name for name, scene, _ in closed if scene() is not None]
    assert not scenes_alive, f"closed screens still alive: {scenes_alive}"
    # pygame-gui keeps the newest manager it made as its default; every other one must be gone
    keep = get_default_manager()
    managers_alive = [name for name, _, m in closed if m() is not None and m() is not keep]
    assert not managers_alive, f"managers of closed screens still alive: {managers_alive}"


def test_live_managers_do_not_grow_with_repeated_open_and_close(app):
    # managers an earlier test left alive are that test's business, not this screen's
    older = _managers_now()
    title = TitleScene(app)
    open_scene(app, title)
    closed: list = []
    _open_and_close_each(app, title, closed)
    before = _live_managers(older)
    for _ in range(5):
        _open_and_close_each(app, title, closed)
    after = _live_managers(older)
    assert after <= before, f"{after - before} more UIManagers alive after 15 more screens"
    assert after <= 2  # the title's own and at most pygame-gui's default (the newest made)
