"""Where everything sits on the Finding Atlantis board (1280×720 logical units) and its colours.

The chart takes the left of the screen; the right column holds, top to bottom, the seats'
status and discard piles, the hand, and the aiming panel (compass rose and choices) beside
the pencil and aid switches. The device's voice runs along the bottom under the chart.
The rectangles below are the design at the normal text size; :mod:`scenes.finding.arrangement`
works out the board's own from them for the text size and room it has (they never change).
"""

from __future__ import annotations

import pygame

from scenes.board_base import Hit  # noqa: F401 (the board's clickable places)
from scenes.palette import BRONZE, PANEL
from scenes.palette import DARK as DARK  # the shared board tokens, as the Finding modules use them
from scenes.palette import DIM as DIM
from scenes.palette import OK as OK
from scenes.palette import PANEL_EDGE as PANEL_EDGE
from scenes.palette import SELECT as SELECT
from scenes.palette import TEXT as TEXT

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
CARD_FACE = (232, 218, 180)
CARD_PLAYED = (92, 92, 88)
CARD_PIRATE = (200, 176, 150)
CAPTAIN_FACE = (214, 196, 150)
ARTIFACT_FACE = (196, 214, 206)
BURN = (232, 110, 60)

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


# --- text that keeps inside its box: the shared helpers (the text floor grows small fonts) ----
from scenes.text import ELLIPSIS, fit_text, line_step, text_width, wrap_text  # noqa: E402

__all__ = ["ELLIPSIS", "fit_text", "line_step", "text_width", "wrap_text"]
