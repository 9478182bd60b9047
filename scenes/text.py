"""Text that keeps inside its box: measure, cut, shrink and wrap (shared by the boards).

Every width is measured with the font as drawn now (after the text sizing), so a label that
fits at one window size is measured again at another. ``fit_text`` cuts with an ellipsis;
``shrink_text`` first tries smaller sizes; ``wrap_text`` flows words into lines.
"""

from __future__ import annotations

from scenes.assets import font, scaled

ELLIPSIS = "…"


def text_width(text: str, size: int, kind: str = "regular") -> int:
    """How wide ``text`` is drawn now, in canvas pixels (after the text sizing)."""
    return font(size, kind).size(text)[0]


def line_step(size: int, kind: str = "regular") -> int:
    """The distance between two lines of text of designed ``size`` as drawn now."""
    return font(size, kind).get_linesize()


def size_for_step(step: int, size: int, least: int = 6) -> int:
    """The largest designed size up to ``size`` whose lines, drawn now, stay apart ``step``
    pixels from each other (a line's ink is about its font size tall; 1.3 leaves the gap)."""
    s = size
    while s > least and scaled(s) * 1.3 > step:
        s -= 1
    return s


def capped(size: int, k: float, kind: str = "regular") -> int:
    """The designed size to ask for so that text of designed ``size`` is drawn at most ``k``
    times as large (a box that cannot grow keeps its lines apart); ``size`` when k allows, and
    ``size`` under a window's floor (every small size is drawn alike there)."""
    for d in range(size, 0, -1):
        if scaled(d) <= size * k + 0.5:
            return d
    return size


def fit_text(text: str, width: int, size: int, kind: str = "regular") -> str:
    """``text``, cut with an ellipsis where it would run past ``width``."""
    if text_width(text, size, kind) <= width:
        return text
    lo, hi = 0, len(text)
    while lo < hi:  # the longest prefix that fits with the ellipsis
        mid = (lo + hi + 1) // 2
        if text_width(text[:mid].rstrip() + ELLIPSIS, size, kind) <= width:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo].rstrip() + ELLIPSIS if lo else ELLIPSIS


def shrink_text(
    text: str, width: int, size: int, kind: str = "regular", least: int = 11
) -> tuple[str, int]:
    """``text`` and a size at which it fits ``width``: smaller first (down to ``least``), then
    cut with an ellipsis only when even ``least`` is too wide."""
    s = size
    while s > least and text_width(text, s, kind) > width:
        s -= 1
    return fit_text(text, width, s, kind), s


def _break_word(word: str, width: int, size: int, kind: str) -> list[str]:
    """A word too long for ``width`` in pieces, each but the last ending in a hyphen."""
    parts: list[str] = []
    rest = word
    while rest and text_width(rest, size, kind) > width and len(rest) > 4:
        cut = len(rest) - 3  # never leave fewer than three letters for the next line
        while cut > 2 and text_width(rest[:cut] + "-", size, kind) > width:
            cut -= 1
        parts.append(rest[:cut] + "-")
        rest = rest[cut:]
    if rest:
        parts.append(rest)
    return parts


def wrap_text(
    text: str, width: int, size: int, kind: str = "regular", max_lines: int = 0
) -> list[str]:
    """``text`` in lines no wider than ``width`` (an over-long word is hyphenated); with
    ``max_lines``, the last line kept ends in an ellipsis when words were left over."""
    lines: list[str] = []
    for word in text.split():
        if lines and text_width(lines[-1] + " " + word, size, kind) <= width:
            lines[-1] += " " + word
        elif text_width(word, size, kind) <= width:
            lines.append(word)
        else:
            lines += _break_word(word, width, size, kind)
    if max_lines and len(lines) > max_lines:
        rest = " ".join(lines[max_lines - 1 :])
        lines = lines[: max_lines - 1] + [fit_text(rest, width, size, kind)]
    return lines
