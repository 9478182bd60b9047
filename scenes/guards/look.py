"""Where everything sits on the Guards board (1280x720 logical units) and its colours.

The arena takes the upper left; the right column holds the initiative queue (or the reveal)
above the heroes' table; under the arena a strip shows the newest events; the bottom holds the hand on the left and the question being
answered (buttons) on the right. The top bar keeps the round and turn always in sight.
"""

from __future__ import annotations

import pygame

from scenes.assets import font
from scenes.palette import BAD as BAD  # the shared board tokens, as the Guards modules use them
from scenes.palette import DARK as DARK
from scenes.palette import DIM as DIM
from scenes.palette import OK as OK
from scenes.palette import PANEL as PANEL
from scenes.palette import PANEL_EDGE as PANEL_EDGE
from scenes.palette import PARCHMENT
from scenes.palette import SELECT as SELECT
from scenes.palette import TEXT as TEXT
from scenes.text import shrink_text, wrap_text

TOP_BAR = pygame.Rect(0, 0, 1280, 40)
ARENA = pygame.Rect(8, 46, 876, 424)
#: the newest events in two lines under the arena, always in sight (the whole log: L)
STRIP = pygame.Rect(8, 474, 652, 42)
#: the key to the figures beside it (minion shapes, the team ring, the Ultimate's star)
KEY = pygame.Rect(666, 474, 218, 42)
QUEUE = pygame.Rect(892, 46, 380, 196)
HEROES = pygame.Rect(892, 248, 380, 268)
HAND = pygame.Rect(8, 522, 800, 192)
ASK = pygame.Rect(816, 522, 456, 192)
LOG = pygame.Rect(892, 46, 380, 470)

CARD_W, CARD_H = 118, 170
#: the program's smallest designed print: at any text size nothing with words is drawn
#: smaller than this size (a layout gives way instead: wraps, scrolls, moves)
SMALLEST_PRINT = 10
LEGAL = (250, 226, 120)

#: the two teams' colours (Titans warm, Atlanteans cool); a hero also carries its seat colour
TEAM_RGB = ((214, 96, 60), (60, 150, 220))
TEAM_DARK = ((110, 44, 26), (24, 70, 118))

#: each card colour slot as drawn (the band at the top of a card)
SLOT_RGB = {
    "gold": (206, 168, 70),
    "black": (58, 58, 64),
    "red": (186, 60, 52),
    "blue": (54, 100, 186),
    "green": (60, 146, 80),
    "ultimate": (136, 82, 170),
}
CARD_FACE = (236, 224, 192)

#: zone kinds as drawn: base colour of the hexes (thrones take their team's dark colour)
ZONE_RGB = {"lane": (150, 138, 102), "jungle": (58, 104, 64), "river": (44, 96, 120)}
MOUNTAIN = (96, 88, 84)
WATER = (52, 112, 150)


def fit_text(
    text: str, width: int, size: int, kind: str = "regular", least: int = 11
) -> tuple[str, int]:
    """``text`` and a size at which it fits ``width`` (smaller first, then cut): every label on
    the board goes through here, so none spills over (:func:`scenes.text.shrink_text`)."""
    return shrink_text(text, width, size, kind, least)


def wrap(text: str, width: int, size: int, kind: str = "regular", max_lines: int = 4) -> list[str]:
    """Words of ``text`` flowed into at most ``max_lines`` lines no wider than ``width``."""
    return wrap_text(text, width, size, kind, max_lines)


_RENDERED: dict[tuple, object] = {}


def draw_text(
    surface: pygame.Surface,
    text: str,
    pos: tuple[float, float],
    *,
    size: int = 17,
    colour: tuple[int, int, int] = PARCHMENT,
    kind: str = "regular",
    anchor: str = "topleft",
) -> pygame.Rect:
    """Like :func:`scenes.ui.draw_text`, with each rendered text kept: the board redraws the
    same words every frame, and rendering them again is most of a frame's cost."""
    f = font(size, kind)
    key = (id(f), text, tuple(colour))
    held = _RENDERED.get(key)
    if held is None:
        if len(_RENDERED) > 4000:
            _RENDERED.clear()
        held = _RENDERED[key] = (f, f.render(text, True, colour))  # f kept: its id stays its own
    img = held[1]
    rect = img.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    surface.blit(img, rect)
    return rect
