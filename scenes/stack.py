"""The scene stack: what is on screen, who gets input first, and in which order things draw.

Modelled on Tuxemon's state manager: the top scene sees each input event first and either
consumes it or passes it down; drawing starts at the highest opaque scene and goes up, so an
overlay (pause, dialog) draws over a frozen scene and an opaque hand-off screen hides all
below it. Push/pop/replace are queued and applied between frames, so a scene is never
removed while its own event handler is running.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, ClassVar

import pygame

from scenes.theme import UI_EVENT_TYPES, drop_tooltips, owns

if TYPE_CHECKING:
    from scenes.app import App

INPUT_EVENTS = frozenset(
    {
        pygame.KEYDOWN,
        pygame.KEYUP,
        pygame.TEXTINPUT,
        pygame.TEXTEDITING,
        pygame.MOUSEBUTTONDOWN,
        pygame.MOUSEBUTTONUP,
        pygame.MOUSEMOTION,
        pygame.MOUSEWHEEL,
    }
)


class Scene:
    """One screen or overlay. Subclasses build their widgets once, in ``__init__``.

    ``opaque`` scenes cover the whole canvas (nothing below is drawn); ``modal`` scenes swallow
    every input event that reaches them, so nothing below reacts while they are up.
    """

    opaque: ClassVar[bool] = True
    modal: ClassVar[bool] = True
    title: ClassVar[str] = "scene"

    def __init__(self, app: App) -> None:
        self.app = app
        self.manager = app.new_manager()
        self.clock = 0.0  # seconds this scene has been updated (frozen while covered)
        self.covered = False  # another scene is above this one (it draws no tooltips then)

    # --- lifecycle (called by the stack between frames) ---------------------------------------
    def enter(self) -> None:
        """Called once when the scene joins the stack."""

    def exit(self) -> None:
        """Called once when the scene leaves the stack: release what it holds."""

    def pause(self) -> None:
        """Another scene was pushed on top of this one."""

    def resume(self) -> None:
        """This scene is the top again."""

    def relayout(self) -> None:
        """The text sizing changed and the widgets were re-themed: a scene whose layout follows
        its text (label columns measured from their words) lays it out again here."""

    # --- input --------------------------------------------------------------------------------
    def process_event(self, event: pygame.event.Event) -> bool:
        """Offer an input event to the widgets, then to the scene; True when consumed."""
        if self.manager.process_events(event):
            return True
        if self.handle_event(event):
            return True
        return self.modal and event.type in INPUT_EVENTS

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Scene-level keys and clicks (not widgets); return True to consume."""
        return False

    def handle_ui(self, event: pygame.event.Event) -> None:
        """A pygame-gui event from one of this scene's own elements."""

    # --- frame --------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.clock += dt
        self.manager.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_back(surface)
        self.manager.draw_ui(surface)
        self.draw_front(surface)

    def draw_back(self, surface: pygame.Surface) -> None:
        """What goes under the widgets (backgrounds, boards)."""

    def draw_front(self, surface: pygame.Surface) -> None:
        """What goes over the widgets (rare: banners, drag previews)."""

    # --- leaving ------------------------------------------------------------------------------
    def unsaved_note(self) -> str | None:
        """What closing the program now would lose, in plain words; None when nothing."""
        return None


class SceneStack:
    """Scenes in z-order (last = top) with queued changes."""

    def __init__(self) -> None:
        self._scenes: list[Scene] = []
        self._pending: list[Callable[[], None]] = []

    @property
    def scenes(self) -> tuple[Scene, ...]:
        return tuple(self._scenes)

    @property
    def top(self) -> Scene | None:
        return self._scenes[-1] if self._scenes else None

    def __len__(self) -> int:
        return len(self._scenes)

    def find(self, kind: type[Scene]) -> Scene | None:
        """The highest scene of a type, or None."""
        for scene in reversed(self._scenes):
            if isinstance(scene, kind):
                return scene
        return None

    # --- queued changes -----------------------------------------------------------------------
    def push(self, scene: Scene) -> None:
        self._pending.append(lambda: self._push(scene))

    def pop(self, scene: Scene | None = None) -> None:
        """Remove the top scene (or, if given, that scene and everything above it)."""
        self._pending.append(lambda: self._pop(scene))

    def replace(self, scene: Scene) -> None:
        """Swap the top scene for another one."""
        self._pending.append(lambda: self._replace(scene))

    def reset(self, scene: Scene) -> None:
        """Clear the whole stack and start again from one scene (e.g. back to the title)."""
        self._pending.append(lambda: self._reset(scene))

    def clear(self) -> None:
        self._pending.append(self._clear)

    @property
    def has_pending(self) -> bool:
        return bool(self._pending)

    def apply_pending(self) -> None:
        """Carry out the queued changes, in order (called by the App between frames)."""
        while self._pending:
            batch, self._pending = self._pending, []
            for change in batch:
                change()

    def _push(self, scene: Scene) -> None:
        if self._scenes:
            self._cover(self._scenes[-1])
            self._scenes[-1].pause()
        self._scenes.append(scene)
        scene.enter()

    def _pop(self, scene: Scene | None) -> None:
        if scene is not None and scene not in self._scenes:
            return
        target = scene if scene is not None else (self._scenes[-1] if self._scenes else None)
        if target is None:
            return
        while self._scenes:
            gone = self._scenes.pop()
            gone.exit()
            if gone is target:
                break
        if self._scenes:
            self._scenes[-1].covered = False
            self._scenes[-1].resume()

    def _replace(self, scene: Scene) -> None:
        if self._scenes:
            self._scenes.pop().exit()
        self._scenes.append(scene)
        scene.enter()

    @staticmethod
    def _cover(scene: Scene) -> None:
        """A scene goes under another: its tooltips go at once, and it draws none while covered
        (lower scenes are still drawn under an overlay, but never updated)."""
        scene.covered = True
        drop_tooltips(scene.manager)

    def _clear(self) -> None:
        while self._scenes:
            self._scenes.pop().exit()

    def _reset(self, scene: Scene) -> None:
        self._clear()
        self._scenes.append(scene)
        scene.enter()

    # --- per frame ----------------------------------------------------------------------------
    def dispatch(self, event: pygame.event.Event) -> bool:
        """Deliver one event; True when some scene consumed it.

        pygame-gui results (button pressed, list selection …) go straight to the scene whose
        manager owns the element, or nowhere if that scene has gone: first to that manager,
        because composite widgets (drop-downs, selection lists) open and select by reading
        their own buttons' results, then to the scene. Everything else goes top-down until a
        scene consumes it.
        """
        if event.type in UI_EVENT_TYPES:
            for scene in reversed(self._scenes):
                if owns(scene.manager, event):
                    scene.manager.process_events(event)
                    scene.handle_ui(event)
                    return True
            return False
        if event.type == pygame.USEREVENT and hasattr(event, "ui_element"):
            return False  # pygame-gui's deprecated duplicate of each UI event
        for scene in reversed(self._scenes):
            if scene.process_event(event):
                return True
        return False

    def update(self, dt: float) -> None:
        """Only the top scene runs; scenes below are frozen (their clocks stop)."""
        if self._scenes:
            self._scenes[-1].update(dt)

    def visible(self) -> list[Scene]:
        """Scenes to draw, bottom-up: from the highest opaque scene to the top."""
        start = 0
        for i in range(len(self._scenes) - 1, -1, -1):
            if self._scenes[i].opaque:
                start = i
                break
        return self._scenes[start:]

    def draw(self, surface: pygame.Surface) -> None:
        for scene in self.visible():
            scene.draw(surface)
