"""Where everything sits on the Finding Atlantis board (1280×720 logical units) and its colours.

The chart takes the left of the screen; the right column holds, top to bottom, the seats'
status and discard piles, the hand, and the aiming panel (compass rose and choices) beside
the pencil and aid switches. The device's voice runs along the bottom under the chart.
"""

from __future__ import annotations

import pygame

from scenes.palette import BRONZE, GOLD, INK, MUTED, PARCHMENT

TOP_BAR = pygame.Rect(16, 8, 1248, 40)
CHART = pygame.Rect(16, 54, 560, 560)
VOICE = pygame.Rect(16, 622, 760, 90)
STATUS = pygame.Rect(592, 54, 672, 150)
HAND = pygame.Rect(592, 210, 672, 176)
AIM = pygame.Rect(592, 392, 420, 226)
TOOLS = pygame.Rect(1020, 392, 244, 226)
BUTTONS = pygame.Rect(784, 622, 480, 90)
#: the dialogs (captain choice, solve question, the claim) sit over the right column
DIALOG = pygame.Rect(592, 210, 672, 408)

CARD_W, CARD_H = 76, 96
PANEL = (10, 30, 46)
PANEL_EDGE = BRONZE
CARD_FACE = (232, 218, 180)
CARD_PLAYED = (92, 92, 88)
CARD_PIRATE = (200, 176, 150)
CAPTAIN_FACE = (214, 196, 150)
ARTIFACT_FACE = (196, 214, 206)
SELECT = GOLD
BURN = (232, 110, 60)
OK = (90, 190, 110)
TEXT = PARCHMENT
DIM = MUTED
DARK = INK

#: each captain's emblem colour (its card's band): a person tells captains apart at a glance
CAPTAIN_COLOURS: dict[str, tuple[int, int, int]] = {
    "navy": (40, 70, 150),
    "hydrographer": (30, 140, 160),
    "smuggler": (120, 60, 30),
    "diver": (20, 110, 90),
    "phantom": (110, 70, 150),
    "archaeologist": (170, 120, 40),
    "engineer": (150, 40, 50),
    "surveyor": (90, 130, 40),
}

#: short labels on the card faces (the full name is on the tooltip)
SHORT = {
    "sonar": "Sonar",
    "jelly": "Jelly Rod",
    "explore": "Explore",
    "surface": "Surface",
    "silent": "Silent",
    "long_silent": "Long Silent",
    "periscope": "Periscope",
    "drop_mine": "Drop Mine",
}


def panel(surface: pygame.Surface, rect: pygame.Rect, edge: tuple[int, int, int] = BRONZE) -> None:
    """A dark rounded panel with a bronze edge."""
    from scenes import draw

    draw.rect(surface, PANEL, rect, border_radius=10)
    draw.rect(surface, edge, rect, 2, border_radius=10)


class Hit:
    """A clickable place drawn this frame: its rectangle, its key and its tooltip."""

    __slots__ = ("rect", "key", "tip")

    def __init__(self, rect: pygame.Rect, key: str, tip: str = "") -> None:
        self.rect = pygame.Rect(rect)
        self.key = key
        self.tip = tip


# --- text that keeps inside its box (the text floor grows small fonts in a small window) ------
ELLIPSIS = "…"


def text_width(text: str, size: int, kind: str = "regular") -> int:
    """How wide ``text`` is drawn now, in canvas pixels (after the text sizing)."""
    from scenes.assets import font

    return font(size, kind).size(text)[0]


def line_step(size: int) -> int:
    """The distance between two lines of text of designed ``size`` as drawn now."""
    from scenes.assets import font

    return font(size).get_linesize()


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
