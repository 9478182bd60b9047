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


@functools.lru_cache(maxsize=1)
def _theme_cached() -> dict[str, Any]:
    data = json.loads(asset("theme.json").read_text(encoding="utf-8"))
    return _absolutise(data)


def theme_dict() -> dict[str, Any]:
    """The theme as a dict with absolute font paths (a fresh copy: pygame-gui may mutate it)."""
    return copy.deepcopy(_theme_cached())


@functools.lru_cache(maxsize=64)
def font(size: int, kind: str = "regular") -> pygame.font.Font:
    """A bundled font; ``kind`` is regular, bold, italic or display (the title face)."""
    parts = {
        "regular": FONT_REGULAR,
        "bold": FONT_BOLD,
        "italic": FONT_ITALIC,
        "display": FONT_DISPLAY,
    }[kind]
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(str(asset(*parts)), size)
