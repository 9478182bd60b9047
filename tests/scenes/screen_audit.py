"""The whole program's text, screen by screen: what the board audit (text_audit.py) checks for
the boards' own drawing, plus the pygame-gui widgets, plus the size text is drawn at.

One frame of a screen is drawn while :func:`text_audit.auditing` records every line the scenes
render. Then:

* canvas lines of the top screen must stay inside their box and apart (``text_audit.problems``),
  and no widget may be laid over one (the widgets are drawn after the canvas text: it would be
  hidden under them);
* every widget's text (buttons, labels, the shown choice of a drop-down, the entries of an open
  list, text entries) is measured with the font the widget draws it in, against the room inside
  its border: a word wider or taller than that is cut by pygame-gui;
* a widget's words may not run under another widget (a label under a drop-down);
* no canvas line is drawn smaller than the chosen text size makes the program's smallest
  designed print (``SMALLEST`` points), so no box "fits" by shrinking text below the choice.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame
import pygame_gui
from pygame_gui.elements import UIDropDownMenu, UISelectionList, UITextBox, UITooltip
from text_audit import Line, lines_on, problems

from scenes import canvas
from scenes.assets import text_sizing

#: the smallest designed print of the program (points at text size 1.0): at a chosen size no
#: line may be drawn smaller than this times the size (nor under auto's floor)
SMALLEST = 10
#: pixels a widget's words may pass its room by (antialiasing, pygame-gui's rounding)
SLACK = 2


@dataclass(frozen=True)
class WidgetText:
    """A widget's words: how much room they need and where they show (frame pixels)."""

    element: object
    text: str
    need: tuple[int, int]
    room: pygame.Rect
    shown: pygame.Rect


def _visible(el: object) -> bool:
    if not getattr(el, "visible", True) or not el.alive():  # type: ignore[attr-defined]
        return False
    parent = getattr(el, "ui_container", None)
    while parent is not None:
        if not getattr(parent, "visible", True):
            return False
        parent = (
            getattr(parent, "ui_container", None) if parent is not parent.ui_container else None
        )
    return True


def _in_open_list(el: object) -> bool:
    """Is ``el`` part of a drop-down's open list (which lies over the widgets under it)?"""
    node = el
    if isinstance(el, UISelectionList) and isinstance(
        getattr(el, "parent_element", None), UIDropDownMenu
    ):
        return True
    for _ in range(6):
        node = getattr(node, "parent_element", None) or getattr(node, "ui_container", None)
        if node is None:
            return False
        if isinstance(node, UISelectionList) and isinstance(
            getattr(node, "parent_element", None), UIDropDownMenu
        ):
            return True
    return False


def _ink_rows(text: str, font: object) -> tuple[int, int, int]:
    """Where the glyphs of ``text`` lie in its line: (top, bottom, the line's height)."""
    inner = getattr(font, "_GUIFontPygame__internal_font", None)
    if inner is None:
        h = font.size(text)[1]  # type: ignore[attr-defined]
        return 0, h, h
    img = inner.render(text, True, (255, 255, 255))
    ink = img.get_bounding_rect()
    return ink.top, ink.bottom, img.get_height()


def widget_texts(manager: pygame_gui.UIManager) -> list[WidgetText]:
    """Every single-line widget text of ``manager``: the room its words need (their width;
    the height that shows their glyphs whole where pygame-gui put the line) and its room."""
    out: list[WidgetText] = []
    for el in manager.get_sprite_group().sprites():
        if isinstance(el, (UITooltip, UITextBox)) or not _visible(el):
            continue
        shape = getattr(el, "drawable_shape", None)
        layout = getattr(shape, "text_box_layout", None)
        if layout is None or not layout.layout_rows:
            continue
        words = [
            (chunk.text, chunk.font)
            for row in layout.layout_rows
            for chunk in row.items
            if getattr(chunk, "text", "").strip() and hasattr(chunk, "font")
        ]
        if not words:
            continue
        text = "".join(t for t, _ in words)
        if not any(ch.isalnum() for ch in text):
            continue  # the arrows of drop-downs and scroll bars are symbols, not words
        rect = pygame.Rect(el.rect)
        view = shape.text_view_rect
        inset_x, inset_y = max(0, view.x), max(0, view.y)
        room = pygame.Rect(rect.x + inset_x, rect.y + inset_y, rect.w - 2 * inset_x, rect.h)
        room.h -= 2 * inset_y
        w = sum(f.size(t)[0] for t, f in words)
        if isinstance(el, pygame_gui.elements.UITextEntryLine):
            room.w = max(room.w, w)  # a text entry scrolls its words sideways
        # the glyphs' rows in the widget: the line's row (laid out in the widget's own
        # coordinates), then the ink in that line
        row_y = min(row.y for row in layout.layout_rows)
        inks = [_ink_rows(t, f) for t, f in words]
        top = row_y + min(i[0] for i in inks)
        bottom = row_y + max(i[1] for i in inks)
        # the height the widget would need for them to clear its border at both ends
        need_h = room.h + max(0, bottom - (rect.h - inset_y)) + max(0, inset_y - top)
        align = (getattr(shape, "theming", {}) or {}).get("text_horiz_alignment", "center")
        sw, sh = min(w, room.w), max(1, min(bottom, rect.h) - max(top, 0))
        y = rect.y + max(0, top)
        if align == "left":
            shown = pygame.Rect(room.x, y, sw, sh)
        elif align == "right":
            shown = pygame.Rect(room.right - sw, y, sw, sh)
        else:
            shown = pygame.Rect(room.centerx - sw // 2, y, sw, sh)
        out.append(WidgetText(el, text, (w, need_h), room, shown))
    return out


def _related(a: object, b: object) -> bool:
    """Is one of the two widgets inside the other (a drop-down's button, a panel's child)?"""
    for x, y in ((a, b), (b, a)):
        node = x
        for _ in range(8):
            node = getattr(node, "parent_element", None) or getattr(node, "ui_container", None)
            if node is None:
                break
            if node is y or getattr(y, "get_container", lambda: None)() is node:
                return True
    return False


def _blocks(el: object) -> bool:
    """Does ``el`` hide what lies under it (a button, a field, a list), not a frame around
    other widgets (a panel, a container) or a bare label's empty room?"""
    from pygame_gui.core import UIContainer
    from pygame_gui.elements import UILabel, UIPanel

    return not isinstance(el, (UIContainer, UIPanel, UITooltip, UILabel)) and not type(
        el
    ).__name__.endswith("Container")


def widget_problems(manager: pygame_gui.UIManager) -> list[str]:
    """Widget words cut by their widget, or lying under another widget."""
    out: list[str] = []
    texts = widget_texts(manager)
    for t in texts:
        w, h = t.need
        if w > t.room.w + SLACK or h > t.room.h + SLACK:
            out.append(
                f"cut: {type(t.element).__name__} {t.text!r} needs {w}×{h}, "
                f"has {t.room.w}×{t.room.h} at {tuple(t.element.rect)}"  # type: ignore[attr-defined]
            )
    others = [
        el
        for el in manager.get_sprite_group().sprites()
        if _visible(el) and _blocks(el) and not _in_open_list(el)
    ]
    for t in texts:
        if _in_open_list(t.element):
            continue
        for el in others:
            if el is t.element or _related(el, t.element):
                continue
            c = t.shown.clip(el.rect)
            if c.w > SLACK and c.h > SLACK:
                out.append(
                    f"covered: {t.text!r} at {tuple(t.shown)} under "
                    f"{type(el).__name__} {tuple(el.rect)}"
                )
    return out


def covered_lines(lines: list[Line], manager: pygame_gui.UIManager) -> list[str]:
    """Canvas lines a widget is drawn over (frame pixels turned back into canvas units)."""
    k = getattr(manager, "density", 1.0)
    rects = [
        canvas.logical_rect(pygame.Rect(el.rect), k)
        for el in manager.get_sprite_group().sprites()
        if _visible(el) and _blocks(el) and not _in_open_list(el)
    ]
    out: list[str] = []
    for ln in lines:
        if ln.floating or not any(ch.isalnum() for ch in ln.text):
            continue
        for r in rects:
            c = ln.ink.clip(r)
            if c.w > SLACK and c.h > SLACK:
                out.append(f"under a widget: {ln.text!r} {tuple(ln.ink)} ({ln.site}) x {tuple(r)}")
                break
    return out


def least_size() -> int:
    """The smallest font size (canvas pixels) the text sizing in force allows."""
    return text_sizing().size(SMALLEST)


def small_lines(lines: list[Line]) -> list[str]:
    """Canvas lines of words drawn smaller than the chosen text size allows."""
    least = least_size()
    return [
        f"small: {ln.text!r} at {ln.size}px < {least}px ({ln.site})"
        for ln in lines
        if 0 < ln.size < least and not ln.floating and sum(ch.isalnum() for ch in ln.text) > 2
    ]  # one- and two-letter marks (a hero's initials, a hex's terrain letter) go with their piece


def cut_lines(lines: list[Line]) -> list[str]:
    """Canvas lines shown shortened with an ellipsis (their words did not fit their room)."""
    from text_audit import CUT_LINES

    return [
        f"shortened: {ln.text!r} ({ln.site})"
        for ln in lines
        if ln.text in CUT_LINES and not ln.floating and any(ch.isalnum() for ch in ln.text)
    ]


def screen_problems(app, top_lines: list[Line]) -> list[str]:  # noqa: ANN001
    """Everything wrong with the text of ``app``'s top screen in the frame just drawn."""
    top = app.stack.top
    found = [str(p) for p in problems(top_lines)]
    found += small_lines(top_lines)
    found += cut_lines(top_lines)
    if top is not None:
        found += widget_problems(top.manager)
        found += covered_lines(top_lines, top.manager)
    return found


def top_lines(app, since: int) -> list[Line]:  # noqa: ANN001
    """The lines the frame shows that were drawn after the audit's moment ``since`` (the top
    screen's, when ``since`` was read as it began to draw)."""
    return [ln for ln in lines_on(app.frame) if ln.seq > since]
