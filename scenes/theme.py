"""One pygame-gui manager per scene, all built from the one theme file.

The window is letterboxed around a fixed logical canvas, so pygame-gui must not read the raw
OS mouse position: :class:`CanvasUIManager` takes the canvas-space position from the App.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable

import pygame
import pygame_gui
from pygame_gui import _constants as gui_constants

from scenes.assets import theme_dict

CANVAS_SIZE = (1280, 720)

#: every pygame-gui event type (UI events are routed to the scene that owns the element)
UI_EVENT_TYPES: frozenset[int] = frozenset(
    getattr(gui_constants, name)
    for name in gui_constants.__all__
    if name.startswith("UI_") and isinstance(getattr(gui_constants, name), int)
)

# the faces and sizes the theme and our HTML text use (pygame-gui warns about any other)
_FONTS_TO_PRELOAD = [
    {"name": "noto_sans", "point_size": size, "style": style}
    for style, sizes in (
        ("regular", (14, 15, 17)),
        ("bold", (14, 17, 18, 19, 21)),
        ("italic", (14, 17)),
    )
    for size in sizes
]


class CanvasUIManager(pygame_gui.UIManager):
    """A UIManager whose hover position comes from the App's canvas-mapped mouse."""

    def __init__(self, mouse_pos: Callable[[], tuple[int, int]]) -> None:
        self._canvas_mouse = mouse_pos
        super().__init__(CANVAS_SIZE, theme_path=theme_dict(), enable_live_theme_updates=False)

    def _update_mouse_position(self) -> None:  # overrides pygame-gui's raw get_pos()
        self.mouse_position = self._canvas_mouse()


def make_manager(mouse_pos: Callable[[], tuple[int, int]]) -> CanvasUIManager:
    """A themed manager for one scene, with the fonts it uses loaded up front."""
    manager = CanvasUIManager(mouse_pos)
    with warnings.catch_warnings():
        # fonts named in the theme are loaded already; pygame-gui warns about asking twice
        warnings.filterwarnings("ignore", message=".*already loaded")
        manager.preload_fonts(_FONTS_TO_PRELOAD)
    return manager


def owns(manager: pygame_gui.UIManager, event: pygame.event.Event) -> bool:
    """True when a UI event came from an element of ``manager`` (stale events are dropped)."""
    element = getattr(event, "ui_element", None)
    return element is not None and getattr(element, "ui_manager", None) is manager
