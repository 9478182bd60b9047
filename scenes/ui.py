"""Small helpers every menu uses: themed widgets, dimming, the sea-backed menu scene."""

from __future__ import annotations

import math

import pygame
import pygame_gui
from pygame_gui.core import ObjectID, UIElement

from game.core.files import shown
from scenes import canvas, draw
from scenes.assets import font
from scenes.palette import DIM, GOLD, INK, PANEL_EDGE, PARCHMENT
from scenes.stack import Scene
from scenes.theme import CANVAS_SIZE

W, H = CANVAS_SIZE


def place(
    manager: pygame_gui.UIManager, rect: pygame.Rect | tuple[int, int, int, int]
) -> pygame.Rect:
    """Where a widget given in canvas units goes in ``manager``'s pixels (every widget is made
    through this: at density 1 it is the rect itself)."""
    return canvas.phys_rect(rect, getattr(manager, "density", 1.0))


def dims(manager: pygame_gui.UIManager, size: tuple[int, int]) -> tuple[int, int]:
    """A widget size in canvas units as ``manager``'s pixels (for ``set_dimensions``)."""
    return canvas.phys_size(size, getattr(manager, "density", 1.0))


def _theme_px(manager: pygame_gui.UIManager, name: str, ids: list[str], default: int) -> int:
    try:
        value = manager.get_theme().get_misc_data(name, ids)
    except LookupError:
        return default
    if isinstance(value, dict):
        return int(value.get("top", default)) + int(value.get("bottom", default))
    try:
        return int(value)
    except ValueError:
        return default


def list_height(manager: pygame_gui.UIManager, options: int) -> int:
    """How tall a drop-down's open list of ``options`` entries is in ``manager``'s pixels
    (measured as pygame-gui measures it: item height, shadow and border from the theme)."""
    ids = manager.get_theme().build_all_combined_ids(
        [None, None],
        ["drop_down_menu", "selection_list"],
        [None, None],
        [None, "#drop_down_options_list"],
    )
    item = _theme_px(manager, "list_item_height", ids, 20)
    shadow = _theme_px(manager, "shadow_width", ids, 2)
    border = _theme_px(manager, "border_width", ids, 4)
    return item * options + 2 * shadow + border


def opens_up(
    manager: pygame_gui.UIManager, rect: pygame.Rect | tuple[int, int, int, int], options: int
) -> ObjectID | None:
    """The object id a drop-down at ``rect`` (canvas units) needs: None (it opens downwards)
    whenever its whole list fits below it, "@drop_up" only when it does not and there is more
    room above (a list too long for either side scrolls where it shows the most)."""
    r = place(manager, rect)
    below, above = manager.window_resolution[1] - r.bottom, r.top
    need = list_height(manager, options)
    if need <= below or below >= above:
        return None
    return ObjectID(class_id="@drop_up")


class ReasonButton(pygame_gui.elements.UIButton):
    """A button whose tooltip still shows while it is greyed: there the tooltip says why it
    cannot be used (pygame-gui gives a disabled button no hover, so no tooltip, at all)."""

    def check_hover(self, time_delta: float, hovered_higher_element: bool) -> bool:
        if self.is_enabled:
            return super().check_hover(time_delta, hovered_higher_element)
        over = False
        if self.alive():
            x, y = self.ui_manager.get_mouse_position()
            over = self.hover_point(x, y) and not hovered_higher_element
        if over:
            if not self.hovered:  # entering: start the tooltip's clock, the look stays greyed
                self.hovered = True
                self.hover_time = 0.0
            UIElement.while_hovering(self, time_delta, pygame.math.Vector2(x, y))
        elif self.hovered:
            self.hovered = False
            UIElement.on_unhovered(self)  # the tooltip goes with the pointer
        return over


def button(
    manager: pygame_gui.UIManager,
    rect: pygame.Rect | tuple[int, int, int, int],
    text: str,
    *,
    style: str = "@menu_button",
    tooltip: str | None = None,
    container: pygame_gui.core.IContainerLikeInterface | None = None,
) -> pygame_gui.elements.UIButton:
    """A themed button; ``style`` is a theme class (@menu_button, @primary_button or ""). Its
    tooltip shows even while it is greyed, to say why (:class:`ReasonButton`). It is at least
    as tall as its font's line needs (grown about its middle: large text keeps descenders)."""
    r = pygame.Rect(rect)
    tall = button_size(manager, "", style)[1]
    if r.height < tall:
        r = r.inflate(0, tall - r.height)
    return ReasonButton(
        relative_rect=place(manager, r),
        text=text,
        manager=manager,
        container=container,
        tool_tip_text=tooltip,
        object_id=ObjectID(class_id=style) if style else None,
    )


def label_size(
    manager: pygame_gui.UIManager,
    text: str,
    style: str = "",
    container: pygame_gui.core.IContainerLikeInterface | None = None,
) -> tuple[int, int]:
    """How large a label's ``text`` is drawn by ``manager``'s theme, in canvas units (its theme
    ids built as pygame-gui builds them, from its container's)."""
    theme = manager.get_theme()
    parent = container.get_container() if container is not None else None
    if parent is None or parent is manager.get_root_container():
        base, elements, classes, objects = [None], ["label"], [style or None], [None]
    else:
        base = [*parent.get_element_base_ids(), None]
        elements = [*parent.get_element_ids(), "label"]
        classes = [*parent.get_class_ids(), style or None]
        objects = [*parent.get_object_ids(), None]
    ids = theme.build_all_combined_ids(base, elements, classes, objects)
    w, h = theme.get_font(ids).get_rect(text).size
    k = getattr(manager, "density", 1.0)
    return math.ceil(w / k) + 1, math.ceil(h / k) + 1  # +1: edges round at a density


def _button_probe(manager: pygame_gui.UIManager, style: str) -> tuple[int, int, object]:
    """How far in from a ``style`` button's edges its words start (x, y, in the manager's
    pixels) and the font it draws them in, read off a button pygame-gui builds once."""
    probes = manager.__dict__.setdefault("_button_probes", {})
    if style not in probes:
        probe = pygame_gui.elements.UIButton(
            relative_rect=pygame.Rect(0, 0, 400, 200),
            text="Ag",
            manager=manager,
            object_id=ObjectID(class_id=style) if style else None,
        )
        view = probe.drawable_shape.text_view_rect
        probes[style] = (view.x, view.y, probe.font)
        probe.kill()
    return probes[style]


#: air beside a button's words, each side, canvas units
BUTTON_AIR = 8


def button_size(
    manager: pygame_gui.UIManager, text: str, style: str = "@menu_button"
) -> tuple[int, int]:
    """How large a ``style`` button must be for ``text`` (canvas units): the words' width and
    the font's whole line inside the border. pygame-gui shifts a line taller than that room
    down past the border, cutting its descenders, so a layout gives way to large text by this
    size instead."""
    inset_x, inset_y, face = _button_probe(manager, style)
    w, line = face.size(text or "Ag")  # type: ignore[attr-defined]
    k = getattr(manager, "density", 1.0)
    return (
        math.ceil((w + 2 * inset_x) / k) + 2 * BUTTON_AIR,
        math.ceil((max(line, face.size("Ag")[1]) + 2 * inset_y) / k),  # type: ignore[attr-defined]
    )


def menu_height(manager: pygame_gui.UIManager, height: int) -> int:
    """A drop-down's or text field's height (canvas units): ``height`` as designed, grown so
    its font's whole line fits inside its border (larger text makes taller widgets)."""
    theme = manager.get_theme()
    ids = theme.build_all_combined_ids([None], ["drop_down_menu"], [None], [None])
    line = theme.get_font(ids).size("Ag")[1]
    k = getattr(manager, "density", 1.0)
    return max(height, math.ceil(line / k) + 8)


def row_widths(manager: pygame_gui.UIManager, items: list[tuple[str, str, int]]) -> list[int]:
    """Each button of a row as wide as designed, or as its words need (text, style, width)."""
    return [max(w, button_size(manager, text, style)[0]) for text, style, w in items]


def button_row(
    manager: pygame_gui.UIManager,
    items: list[tuple[str, str, int]],
    centre_x: int,
    y: int,
    h: int,
    *,
    gap: int = 20,
    container: pygame_gui.core.IContainerLikeInterface | None = None,
) -> list[pygame_gui.elements.UIButton]:
    """Buttons side by side, centred on ``centre_x``: (text, style, designed width) each, a
    button growing to its words at a large text size (the row grows with them)."""
    widths = row_widths(manager, items)
    x = centre_x - (sum(widths) + gap * (len(widths) - 1)) // 2
    out = []
    for (text, style, _), w in zip(items, widths, strict=True):
        out.append(button(manager, (x, y, w, h), text, style=style, container=container))
        x += w + gap
    return out


def grown(rect: pygame.Rect, size: tuple[int, int]) -> pygame.Rect:
    """``rect`` made at least ``size``: wider to the right (labels are left-aligned), taller
    about its middle (their text is centred vertically)."""
    r = pygame.Rect(rect)
    if size[0] > r.width:
        r.width = size[0]
    if size[1] > r.height:
        r.y -= (size[1] - r.height + 1) // 2
        r.height = size[1]
    return r


def label(
    manager: pygame_gui.UIManager,
    rect: pygame.Rect | tuple[int, int, int, int],
    text: str,
    *,
    style: str = "",
    container: pygame_gui.core.IContainerLikeInterface | None = None,
) -> pygame_gui.elements.UILabel:
    """A themed label, never smaller than its text (the text is measured first, so pygame-gui
    has no reason to warn that the rect is too small, at any text size)."""
    r = grown(pygame.Rect(rect), label_size(manager, text, style, container))
    return pygame_gui.elements.UILabel(
        relative_rect=place(manager, r),
        text=text,
        manager=manager,
        container=container,
        object_id=ObjectID(class_id=style) if style else None,
    )


def text_box(
    manager: pygame_gui.UIManager,
    rect: pygame.Rect | tuple[int, int, int, int],
    html: str,
    *,
    plain: bool = False,
    container: pygame_gui.core.IContainerLikeInterface | None = None,
) -> pygame_gui.elements.UITextBox:
    """A wrapped, scrollable HTML-ish text block (pygame-gui's subset: b, i, br, p, font)."""
    return pygame_gui.elements.UITextBox(
        html_text=html,
        relative_rect=place(manager, rect),
        manager=manager,
        container=container,
        object_id=ObjectID(class_id="@plain_text") if plain else None,
    )


_VEILS: dict[tuple, canvas.Canvas] = {}


def dim(surface: pygame.Surface, alpha: int = 150, colour: tuple[int, int, int] = INK) -> None:
    """Darken everything already drawn (overlays use it to push the scene below back).

    The veil is made once per size and shade: a full-canvas alpha surface a frame was a fifth
    of every menu's frame time."""
    key = (surface.get_size(), canvas.density(), alpha, tuple(colour))
    veil = _VEILS.get(key)
    if veil is None:
        if len(_VEILS) > 16:
            _VEILS.clear()
        veil = canvas.surface(surface.get_size(), pygame.SRCALPHA)
        veil.fill((*colour, alpha))
        _VEILS[key] = veil
    surface.blit(veil, (0, 0))


def draw_title(
    surface: pygame.Surface, text: str, center: tuple[int, int], size: int = 56
) -> pygame.Rect:
    """A heading in the display face with a soft shadow, drawn by us (not a widget). It is
    large already: a larger text size leaves it as designed (the room under it is laid out
    for it), growing only the smaller print; returns where it landed."""
    from scenes.text import capped

    f = font(capped(size, 1.0, "display"), "display")
    shadow = f.render(text, True, (4, 12, 22))
    main = f.render(text, True, GOLD)
    rect = main.get_rect(center=center)
    for dx, dy in ((2, 3), (0, 3), (3, 1)):
        surface.blit(shadow, rect.move(dx, dy))
    surface.blit(main, rect)
    return rect


def draw_text(
    surface: pygame.Surface,
    text: str,
    pos: tuple[int, int],
    *,
    size: int = 17,
    colour: tuple[int, int, int] = PARCHMENT,
    kind: str = "regular",
    anchor: str = "topleft",
) -> pygame.Rect:
    img = font(size, kind).render(shown(text), True, colour)
    rect = img.get_rect(**{anchor: pos})
    surface.blit(img, rect)
    return rect


class MenuScene(Scene):
    """A full-screen menu over the animated sea; Esc goes back one step."""

    heading = ""

    def draw_back(self, surface: pygame.Surface) -> None:
        self.app.sea.draw(surface)
        dim(surface, 70)
        if self.heading:
            draw_title(surface, self.heading, (W // 2, 62), 52)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return True
        return False

    def back(self) -> None:
        self.app.stack.pop(self)


def draw_check(surface: pygame.Surface, center: tuple[int, int], on: bool, radius: int = 7) -> None:
    """A toggle's state as a shape, not only a shade: a gold disc with a tick when on, an empty
    ring when off (no glyph: the tick is drawn, Noto Sans has no check mark)."""
    cx, cy = center
    draw.circle(surface, INK, center, radius + 1)
    if not on:
        draw.circle(surface, DIM, center, radius, 2)
        return
    draw.circle(surface, GOLD, center, radius)
    k = radius / 7
    tick = [(cx - 4 * k, cy), (cx - 1.2 * k, cy + 3 * k), (cx + 4 * k, cy - 3.2 * k)]
    draw.lines(surface, INK, False, tick, 2)


def open_overlays(manager: pygame_gui.UIManager) -> list[pygame.Rect]:
    """Where ``manager`` shows an open drop-down list or a tooltip, in canvas units (what we
    draw over the widgets must not cover them)."""
    k = getattr(manager, "density", 1.0)
    out = []
    for sprite in manager.get_sprite_group().sprites():
        if isinstance(sprite, pygame_gui.elements.UITooltip):
            out.append(canvas.logical_rect(sprite.rect, k))
        elif isinstance(sprite, pygame_gui.elements.UIDropDownMenu):
            shown = getattr(sprite.current_state, "options_selection_list", None)
            if sprite.current_state is sprite.menu_states["expanded"] and shown is not None:
                out.append(canvas.logical_rect(shown.rect, k))
    return out


def draw_panel(surface: pygame.Surface, rect: pygame.Rect, title: str = "") -> int:
    """A translucent framed panel drawn by us (widgets stay in the root container, so open
    drop-down lists are never clipped by a panel). Returns the y below the title's line (a
    title too wide for the panel is drawn smaller, then cut), where the panel's rows may begin."""
    surface.blit(canvas.rounded_body(rect.size, (8, 26, 40, 224), 14), rect)
    draw.rect(surface, PANEL_EDGE, rect, 2, border_radius=14)
    if not title:
        return rect.y + 14
    from scenes.text import capped, shrink_text

    # no taller than half again its designed size: the panel's rows are laid out under it
    shown, size = shrink_text(title, rect.w - 44, capped(19, 1.5, "bold"), "bold")
    r = draw_text(surface, shown, (rect.x + 22, rect.y + 14), size=size, kind="bold", colour=GOLD)
    return r.bottom
