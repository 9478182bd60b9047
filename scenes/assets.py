"""The one way to find a bundled file, from source and from a frozen (PyInstaller) build.

pygame-gui resolves relative theme and font paths against the working directory, which is
wrong for an installed program; everything therefore goes through :func:`asset`, rooted at
``sys._MEIPASS`` when frozen and at the repository otherwise.
"""

from __future__ import annotations

import copy
import functools
import json
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pygame

from scenes import canvas


def asset_root() -> Path:
    """The folder holding ``assets/`` (the bundle root when frozen, the repo root otherwise)."""
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        return Path(bundle) / "assets"
    return Path(__file__).resolve().parent.parent / "assets"


def asset(*parts: str) -> Path:
    """Absolute path of a bundled file, e.g. ``asset("fonts", "NotoSans-Regular.ttf")``."""
    return asset_root().joinpath(*parts)


FONT_REGULAR = ("fonts", "NotoSans-Regular.ttf")
FONT_BOLD = ("fonts", "NotoSans-Bold.ttf")
FONT_ITALIC = ("fonts", "NotoSans-Italic.ttf")
FONT_DISPLAY = ("fonts", "Quattrocento-Regular.otf")

#: every file the program needs at run time; ``--selftest`` loads each one
REQUIRED_FILES: tuple[tuple[str, ...], ...] = (
    ("theme.json",),
    FONT_REGULAR,
    FONT_BOLD,
    FONT_ITALIC,
    ("fonts", "NotoSans-BoldItalic.ttf"),
    FONT_DISPLAY,
    ("icon.png",),
    ("sounds", "click.wav"),
    ("sounds", "chime.wav"),
    ("sounds", "waves.wav"),
)


def missing_files() -> list[str]:
    """Relative names of required files that are not where they should be."""
    return ["/".join(p) for p in REQUIRED_FILES if not asset(*p).is_file()]


def _absolutise(node: Any) -> Any:
    """Rewrite every ``*_path`` value in a theme block to an absolute asset path."""
    if isinstance(node, dict):
        out = {}
        for key, value in node.items():
            if key.endswith("_path") and isinstance(value, str):
                out[key] = str(asset(*value.split("/")))
            else:
                out[key] = _absolutise(value)
        return out
    return node


# --- text sizing ----------------------------------------------------------------------------
# Scenes lay out on a fixed 1280×720 canvas that the App shrinks into small windows. Text
# sizing makes fonts larger on that canvas (ours and pygame-gui's) so that text keeps enough
# pixels once the canvas is shrunk; the App sets it from the UI scale setting.
@dataclass(frozen=True)
class TextSizing:
    """Designed font sizes times ``scale``, and never below ``floor`` canvas pixels; glyphs
    drawn at ``density`` physical pixels per canvas pixel (above 1 in a window larger than the
    canvas, which is then drawn at the window's own resolution: scenes.canvas)."""

    scale: float = 1.0
    floor: int = 0
    density: float = 1.0

    def size(self, designed: int) -> int:
        return max(1, self.floor, int(round(designed * self.scale)))

    def pixels(self, designed: int) -> int:
        """A designed size in physical pixels: what pygame-gui's fonts are loaded at."""
        logical = self.size(designed)
        return logical if self.density == 1 else max(1, canvas.px(logical, self.density))


_sizing = TextSizing()
_sizing_listeners: list[Callable[[], None]] = []


def text_sizing() -> TextSizing:
    """The text sizing in force (hashable: caches of rendered text key on it)."""
    return _sizing


def scaled(size: int) -> int:
    """A designed font size as drawn now, in canvas pixels."""
    return _sizing.size(size)


def text_room(length: int, size: int) -> int:
    """A length laid out around text of designed ``size`` (a line step, a row), grown as that
    text grows; exactly ``length`` when text is drawn as designed."""
    return int(round(length * scaled(size) / size))


def set_text_sizing(sizing: TextSizing) -> bool:
    """Change the text sizing; True when it changed (then text caches are told to forget)."""
    global _sizing
    if sizing == _sizing:
        return False
    _sizing = sizing
    canvas.set_density(sizing.density)
    for listener in list(_sizing_listeners):
        listener()
    return True


def on_text_sizing_change(listener: Callable[[], None]) -> None:
    """Call ``listener`` whenever the text sizing changes (text caches register here)."""
    _sizing_listeners.append(listener)


@functools.lru_cache(maxsize=1)
def _theme_cached() -> dict[str, Any]:
    data = json.loads(asset("theme.json").read_text(encoding="utf-8"))
    return _absolutise(data)


#: theme ``misc`` values measured in pixels (grown with the density, like the widgets' rects)
_PIXEL_KEYS = frozenset(
    {
        "shape_corner_radius",
        "border_width",
        "shadow_width",
        "text_horiz_alignment_padding",
        "text_vert_alignment_padding",
        "padding",
        "list_item_height",
        "rect_width",
        "text_shadow_size",
        "text_shadow_offset",
        "open_button_width",
        "sliding_button_width",
    }
)


def _grow_pixels(value: str, k: float) -> str:
    """``"14,10"`` at density 1.5 is ``"21,15"``; a width of 1 stays at least 1."""
    parts = [p.strip() for p in value.split(",")]
    grown = [str(max(1, canvas.px(int(p), k)) if int(p) > 0 else int(p)) for p in parts]
    return ",".join(grown)


def _size_fonts(node: Any, sizing: TextSizing) -> Any:
    """Resize every ``font.size`` of a theme block by ``sizing``, and its pixel measures by the
    density (in place)."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "font" and isinstance(value, dict) and "size" in value:
                value["size"] = str(sizing.pixels(int(float(value["size"]))))
            elif key == "misc" and isinstance(value, dict) and sizing.density != 1:
                for name in _PIXEL_KEYS & value.keys():
                    value[name] = _grow_pixels(value[name], sizing.density)
            else:
                _size_fonts(value, sizing)
    return node


#: pygame-gui's own pixel defaults our theme leaves alone, written in when they must grow
_GUI_PIXEL_DEFAULTS = {
    "drop_down_menu": {"open_button_width": 20},
    "horizontal_slider": {"sliding_button_width": 20},
}


#: pygame-gui's default theme draws these arrows in its own symbol face at 14 px
_GUI_SYMBOL_BLOCKS = (
    "drop_down_menu.#expand_button",
    "horizontal_slider.@arrow_button",
    "vertical_scroll_bar.button",
    "horizontal_scroll_bar.button",
)


def theme_dict(sizing: TextSizing | None = None) -> dict[str, Any]:
    """The theme as a dict with absolute font paths and font sizes by ``sizing`` (default: the
    one in force); a fresh copy, since pygame-gui may mutate it."""
    data = copy.deepcopy(_theme_cached())
    sizing = _sizing if sizing is None else sizing
    if sizing == TextSizing():
        return data
    if sizing.density != 1:
        for block, values in _GUI_PIXEL_DEFAULTS.items():
            misc = data.setdefault(block, {}).setdefault("misc", {})
            for name, value in values.items():
                misc.setdefault(name, str(value))
        for block in _GUI_SYMBOL_BLOCKS:  # the arrows on drop-downs, sliders and scroll bars
            data.setdefault(block, {}).setdefault(
                "font", {"name": "fira_code_symbols", "size": "14"}
            )
    return _size_fonts(data, sizing)


def font(size: int, kind: str = "regular") -> canvas.Font:
    """A bundled font at designed ``size`` as the text sizing draws it; ``kind`` is regular,
    bold, italic or display (the title face). It measures in canvas pixels and renders at the
    density (sharp on a large window)."""
    if not pygame.font.get_init():
        pygame.font.init()
        forget_fonts()
    return _canvas_font(scaled(size), kind, _sizing.density)


def forget_fonts() -> None:
    """Drop every cached face: a ``pygame.font.quit()`` (a ``pygame.quit()``) invalidates them
    all, and a new :class:`~scenes.app.App` may start after one."""
    _canvas_font.cache_clear()
    _font.cache_clear()


@functools.lru_cache(maxsize=128)
def _canvas_font(pixels: int, kind: str, k: float) -> canvas.Font:
    return canvas.Font(_font(pixels, kind), pixels, k, lambda size: _font(size, kind))


@functools.lru_cache(maxsize=256)
def _font(pixels: int, kind: str) -> pygame.font.Font:
    parts = {
        "regular": FONT_REGULAR,
        "bold": FONT_BOLD,
        "italic": FONT_ITALIC,
        "display": FONT_DISPLAY,
    }[kind]
    return pygame.font.Font(str(asset(*parts)), pixels)
