"""One pygame-gui manager per scene, all built from the one theme file.

The window is letterboxed around a fixed logical canvas, so pygame-gui must not read the raw
OS mouse position: :class:`CanvasUIManager` takes the frame's position from the App.
Font sizes follow the text sizing (scenes.assets): a manager is built at the current scale and
:func:`retheme` brings a living one to a new scale.

On a window larger than the canvas the frame is drawn at the window's resolution (density
``k``, scenes.canvas), and so is pygame-gui: the manager's resolution, every widget's rect
(:func:`scenes.ui.place`), the theme's fonts and pixel measures are ``k``× their logical
values, and the manager reads mouse positions in those physical pixels. :func:`retheme` moves
and resizes the widgets when ``k`` changes (the window was resized or went full screen).
"""

from __future__ import annotations

import re
import warnings
from collections.abc import Callable

import pygame
import pygame_gui
from pygame_gui import _constants as gui_constants
from pygame_gui.core.interfaces import IUIElementInterface
from pygame_gui.core.text.html_parser import HTMLParser
from pygame_gui.elements import UITooltip

from scenes import canvas
from scenes.assets import TextSizing, font, text_sizing, theme_dict
from scenes.tooltips import TIP_WIDTH, place_tip

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
    sizing = text_sizing()
    return [
        {"name": "noto_sans", "point_size": sizing.pixels(size), "style": style}
        for style, sizes in _PRELOAD_SIZES
        for size in sizes
    ]


def _scale_gui_defaults(manager: pygame_gui.UIManager) -> None:
    """Scale what the theme file cannot reach: pygame-gui's default face (labels, text boxes,
    lists and drop-downs use it) and its table of HTML font sizes."""
    sizing = text_sizing()
    default = manager.get_theme().get_font_dictionary().default_font
    default.size = sizing.pixels(GUI_DEFAULT_SIZE)
    default.info["size"] = default.size
    # a class attribute of pygame-gui's parser: one table for every text box, like the sizing
    HTMLParser.font_sizes = {k: sizing.pixels(v) for k, v in _HTML_SIZES.items()}


MOUSE_EVENTS = (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)


class CanvasUIManager(pygame_gui.UIManager):
    """A UIManager at the frame's resolution whose hover position comes from the App's
    frame-mapped mouse."""

    def __init__(self, mouse_pos: Callable[[], tuple[int, int]]) -> None:
        self._canvas_mouse = mouse_pos
        self._tips: list[UITooltip] = []  # the tooltips this manager made, to tidy up
        #: the text sizing its fonts are at (the App re-themes it when that changes)
        self.sizing: TextSizing = text_sizing()
        #: physical pixels per canvas unit its widgets are laid out at
        self.density = self.sizing.density
        super().__init__(
            canvas.phys_size(CANVAS_SIZE, self.density),
            theme_path=theme_dict(),
            enable_live_theme_updates=False,
        )

    def _update_mouse_position(self) -> None:  # overrides pygame-gui's raw get_pos()
        self.mouse_position = self._canvas_mouse()

    def process_events(self, event: pygame.event.Event) -> bool:
        """Mouse events reach the scenes in canvas units; the widgets want them in the frame's
        pixels, which the App puts beside them (``frame_pos``, ``frame_rel``)."""
        if event.type in MOUSE_EVENTS and hasattr(event, "frame_pos"):
            data = dict(event.dict, pos=event.frame_pos)
            if "rel" in data and hasattr(event, "frame_rel"):
                data["rel"] = event.frame_rel
            event = pygame.event.Event(event.type, data)
        return super().process_events(event)

    def draw_ui(self, window_surface: pygame.Surface | canvas.Canvas) -> None:
        super().draw_ui(canvas.physical(window_surface))

    # --- tooltips: one place for where they go and how long they live ----------------------
    def create_tool_tip(  # type: ignore[override]
        self,
        text: str,
        position: tuple[int, int],
        hover_distance: tuple[int, int],
        parent_element: IUIElementInterface,
        object_id: pygame_gui.core.ObjectID | None,
        *,
        wrap_width: int | None = None,
        text_kwargs: dict[str, str] | None = None,
    ) -> UITooltip:
        """pygame-gui's tooltip, sized to its text (up to :data:`TIP_WIDTH`) and put below its
        element (above when there is no room), inside the canvas, never over the element (nor
        over its ``tip_anchor``, when it names one)."""
        tip = UITooltip(
            text,
            hover_distance,
            self,
            text_kwargs=text_kwargs,
            parent_element=parent_element,
            object_id=object_id,
            wrap_width=wrap_width or tip_width(text),
        )
        # an element may name what its tip must not cover (an entry of an open list: the list)
        anchor = getattr(parent_element, "tip_anchor", None)
        anchor = anchor or getattr(parent_element, "rect", None)
        if anchor is None:
            anchor = pygame.Rect(int(position[0]), int(position[1]), 1, 1)
        bounds = pygame.Rect((0, 0), self.window_resolution)
        tip.set_position(place_tip(pygame.Rect(anchor), tip.rect.size, bounds).topleft)
        self._tips.append(tip)
        return tip

    def update(self, time_delta: float) -> None:
        self._drop_orphan_tips()
        super().update(time_delta)

    def _drop_orphan_tips(self) -> None:
        """A tooltip whose element died or was hidden (itself or its container) goes now;
        pygame-gui itself only drops it when the pointer leaves or a button is hidden."""
        keep: list[UITooltip] = []
        for tip in self._tips:
            if not tip.alive():
                continue
            owner = tip.parent_element
            if owner is None or not owner.alive() or not getattr(owner, "visible", True):
                tip.kill()
                if owner is not None and getattr(owner, "tool_tip", None) is tip:
                    owner.tool_tip = None
                continue
            keep.append(tip)
        self._tips = keep


def tip_width(text: str) -> int:
    """How wide a tooltip for ``text`` should wrap, in the frame's pixels: its one-line width
    when short, else :data:`TIP_WIDTH` (never the two-words-wide default)."""
    plain = re.sub(r"<[^>]+>", " ", text)
    logical = min(TIP_WIDTH, font(15).size(plain)[0] + 26)
    return canvas.px(logical, text_sizing().density)


def drop_tooltips(manager: pygame_gui.UIManager) -> None:
    """Kill every tooltip of ``manager`` and forget its elements' hover, so none stays drawn
    (a covered scene's manager is still drawn under the scene above, but never updated)."""
    for sprite in list(manager.get_sprite_group().sprites()):
        if isinstance(sprite, UITooltip):
            sprite.kill()
            continue
        if getattr(sprite, "tool_tip", None) is not None:
            sprite.tool_tip.kill()
            sprite.tool_tip = None
        if getattr(sprite, "tool_tip_text", None):
            sprite.hover_time = 0.0  # back on top, the hover delay starts again
        if isinstance(sprite, pygame_gui.elements.UIButton) and sprite.hovered:
            sprite.hovered = False
            sprite.on_unhovered()  # the button drops its hover look as well


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
    new UI scale shows at once on every open screen (at a new density, widgets move too)."""
    _scale_gui_defaults(manager)
    if isinstance(manager, CanvasUIManager):
        if manager.density != text_sizing().density:
            _rescale(manager, manager.density, text_sizing().density)
        manager.sizing = text_sizing()
    manager.get_theme().load_theme(theme_dict())
    _preload(manager)
    _fit_labels(manager)
    manager.rebuild_all_from_changed_theme_data()
    for element in manager.get_sprite_group().sprites():
        # a text box keeps its parsed HTML (with the old sizes) unless its text is set again
        if isinstance(element, pygame_gui.elements.UITextBox):
            element.set_text(element.html_text)


def _fit_labels(manager: pygame_gui.UIManager) -> None:
    """Grow every label whose text the theme's new fonts make larger than its rect, before the
    labels are rebuilt (pygame-gui would warn, and cut the text, otherwise). Where the label
    goes is the scene's layout: scenes that lay out by their text do it again after a retheme
    (``Scene.relayout``)."""
    theme = manager.get_theme()
    for sprite in manager.get_sprite_group().sprites():
        if not isinstance(sprite, pygame_gui.elements.UILabel):
            continue
        w, h = theme.get_font(sprite.combined_element_ids).get_rect(sprite.text).size
        r = pygame.Rect(sprite.relative_rect)
        if w <= r.width and h <= r.height:
            continue
        y = r.y - (h - r.height + 1) // 2 if h > r.height else r.y
        sprite.set_dimensions((max(w, r.width), max(h, r.height)))
        sprite.set_relative_position((r.x, y))


def _rescale(manager: CanvasUIManager, old: float, new: float) -> None:
    """Lay a manager's widgets out at density ``new``: its resolution, then every widget a scene
    made (children of drop-downs, lists and panels follow their parent), from the canvas rect
    it had at ``old`` (``canvas.logical_rect`` undoes ``place`` exactly)."""
    drop_tooltips(manager)
    for sprite in manager.get_sprite_group().sprites():
        if isinstance(sprite, pygame_gui.elements.UIDropDownMenu):
            if sprite.current_state is sprite.menu_states["expanded"]:
                sprite.unfocus()  # an open list of the old size closes (pygame-gui's way)
                sprite.update(0.0)
    manager.set_window_resolution(canvas.phys_size(CANVAS_SIZE, new))
    root = manager.get_root_container()
    for sprite in manager.get_sprite_group().sprites():
        if sprite is root or isinstance(sprite, UITooltip):
            continue
        if getattr(sprite, "parent_element", None) is not None:
            continue
        rect = canvas.phys_rect(canvas.logical_rect(sprite.relative_rect, old), new)
        sprite.set_dimensions(rect.size)
        sprite.set_relative_position(rect.topleft)
    manager.density = new


def owns(manager: pygame_gui.UIManager, event: pygame.event.Event) -> bool:
    """True when a UI event came from an element of ``manager`` (stale events are dropped)."""
    element = getattr(event, "ui_element", None)
    return element is not None and getattr(element, "ui_manager", None) is manager
