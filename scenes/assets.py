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
from pathlib import Path
from typing import Any

import pygame


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


# --- text scale -----------------------------------------------------------------------------
# Scenes lay out on a fixed 1280×720 canvas that the App shrinks into small windows. The text
# scale makes every font larger on that canvas (ours and pygame-gui's), so that text still has
# enough pixels once the canvas is shrunk; the App sets it from the UI scale setting.
_text_scale = 1.0
_scale_listeners: list[Callable[[], None]] = []


def text_scale() -> float:
    """How much larger than designed every font is drawn (1.0 … 2.0)."""
    return _text_scale


def scaled(size: int) -> int:
    """A designed font size at the current text scale, in canvas pixels."""
    return max(1, int(round(size * _text_scale)))


def set_text_scale(scale: float) -> bool:
    """Change the text scale; True when it changed (then caches of rendered text are dropped)."""
    global _text_scale
    scale = float(scale)
    if scale == _text_scale:
        return False
    _text_scale = scale
    for listener in list(_scale_listeners):
        listener()
    return True


def on_text_scale_change(listener: Callable[[], None]) -> None:
    """Call ``listener`` whenever the text scale changes (text caches register here)."""
    _scale_listeners.append(listener)


@functools.lru_cache(maxsize=1)
def _theme_cached() -> dict[str, Any]:
    data = json.loads(asset("theme.json").read_text(encoding="utf-8"))
    return _absolutise(data)


def _scale_fonts(node: Any, scale: float) -> Any:
    """Multiply every ``font.size`` of a theme block by ``scale`` (in place)."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "font" and isinstance(value, dict) and "size" in value:
                value["size"] = str(max(1, int(round(float(value["size"]) * scale))))
            else:
                _scale_fonts(value, scale)
    return node


def theme_dict(scale: float | None = None) -> dict[str, Any]:
    """The theme as a dict with absolute font paths and font sizes at ``scale`` (default: the
    current text scale); a fresh copy, since pygame-gui may mutate it."""
    data = copy.deepcopy(_theme_cached())
    scale = _text_scale if scale is None else scale
    return _scale_fonts(data, scale) if scale != 1.0 else data


def font(size: int, kind: str = "regular") -> pygame.font.Font:
    """A bundled font at designed ``size`` times the text scale; ``kind`` is regular, bold,
    italic or display (the title face)."""
    return _font(scaled(size), kind)


@functools.lru_cache(maxsize=128)
def _font(pixels: int, kind: str) -> pygame.font.Font:
    parts = {
        "regular": FONT_REGULAR,
        "bold": FONT_BOLD,
        "italic": FONT_ITALIC,
        "display": FONT_DISPLAY,
    }[kind]
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(str(asset(*parts)), pixels)
