"""One pygame-gui manager per scene, all built from the one theme file.

The window is letterboxed around a fixed logical canvas, so pygame-gui must not read the raw
OS mouse position: :class:`CanvasUIManager` takes the canvas-space position from the App.
Font sizes follow the text sizing (scenes.assets): a manager is built at the current scale and
:func:`retheme` brings a living one to a new scale.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable

import pygame
import pygame_gui
from pygame_gui import _constants as gui_constants
from pygame_gui.core.text.html_parser import HTMLParser

from scenes.assets import TextSizing, scaled, text_sizing, theme_dict

CANVAS_SIZE = (1280, 720)

#: every pygame-gui event type (UI events are routed to the scene that owns the element)
UI_EVENT_TYPES: frozenset[int] = frozenset(
    getattr(gui_constants, name)
    for name in gui_constants.__all__
    if name.startswith("UI_") and isinstance(getattr(gui_constants, name), int)
)

# the faces and designed sizes the theme and our HTML text use (pygame-gui warns about others)
_PRELOAD_SIZES = (
    ("regular", (14, 15, 17)),
    ("bold", (14, 17, 18, 19, 21)),
    ("italic", (14, 17)),
)
#: pygame-gui's own default face size: every element without a font block uses it
GUI_DEFAULT_SIZE = 14
#: pygame-gui's HTML ``<font size=N>`` table, as designed (we scale a copy of it)
_HTML_SIZES = dict(HTMLParser.font_sizes)


def _fonts_to_preload() -> list[dict[str, object]]:
    return [
        {"name": "noto_sans", "point_size": scaled(size), "style": style}
        for style, sizes in _PRELOAD_SIZES
        for size in sizes
    ]


def _scale_gui_defaults(manager: pygame_gui.UIManager) -> None:
    """Scale what the theme file cannot reach: pygame-gui's default face (labels, text boxes,
    lists and drop-downs use it) and its table of HTML font sizes."""
    default = manager.get_theme().get_font_dictionary().default_font
    default.size = scaled(GUI_DEFAULT_SIZE)
    default.info["size"] = default.size
    # a class attribute of pygame-gui's parser: one table for every text box, like the sizing
    HTMLParser.font_sizes = {k: scaled(v) for k, v in _HTML_SIZES.items()}


class CanvasUIManager(pygame_gui.UIManager):
    """A UIManager whose hover position comes from the App's canvas-mapped mouse."""

    def __init__(self, mouse_pos: Callable[[], tuple[int, int]]) -> None:
        self._canvas_mouse = mouse_pos
        #: the text sizing its fonts are at (the App re-themes it when that changes)
        self.sizing: TextSizing = text_sizing()
        super().__init__(CANVAS_SIZE, theme_path=theme_dict(), enable_live_theme_updates=False)

    def _update_mouse_position(self) -> None:  # overrides pygame-gui's raw get_pos()
        self.mouse_position = self._canvas_mouse()


def make_manager(mouse_pos: Callable[[], tuple[int, int]]) -> CanvasUIManager:
    """A themed manager for one scene, with the fonts it uses loaded up front."""
    manager = CanvasUIManager(mouse_pos)
    _scale_gui_defaults(manager)
    _preload(manager)
    return manager


def _preload(manager: pygame_gui.UIManager) -> None:
    with warnings.catch_warnings():
        # fonts named in the theme are loaded already; pygame-gui warns about asking twice
        warnings.filterwarnings("ignore", message=".*already loaded")
        manager.preload_fonts(_fonts_to_preload())


def retheme(manager: pygame_gui.UIManager) -> None:
    """Bring a living manager's fonts to the text sizing in force and rebuild its elements, so a
    new UI scale shows at once on every open screen."""
    _scale_gui_defaults(manager)
    if isinstance(manager, CanvasUIManager):
        manager.sizing = text_sizing()
    manager.get_theme().load_theme(theme_dict())
    _preload(manager)
    manager.rebuild_all_from_changed_theme_data()
    for element in manager.get_sprite_group().sprites():
        # a text box keeps its parsed HTML (with the old sizes) unless its text is set again
        if isinstance(element, pygame_gui.elements.UITextBox):
            element.set_text(element.html_text)


def owns(manager: pygame_gui.UIManager, event: pygame.event.Event) -> bool:
    """True when a UI event came from an element of ``manager`` (stale events are dropped)."""
    element = getattr(event, "ui_element", None)
    return element is not None and getattr(element, "ui_manager", None) is manager
