"""Guards of Atlantis's keyboard: the board's input and its Help page read this one table
(:mod:`scenes.board_keys`)."""

from __future__ import annotations

import pygame

from scenes.board_keys import COMMON, KeyBinding, KeyTable

#: the arena's pan for each arrow key, in canvas pixels
PAN_KEYS = {
    pygame.K_LEFT: (60, 0),
    pygame.K_RIGHT: (-60, 0),
    pygame.K_UP: (0, 60),
    pygame.K_DOWN: (0, -60),
}

KEYS = KeyTable(
    KeyBinding(tuple(PAN_KEYS), "Arrows", "pan the arena (so does a right drag)", "pan"),
    KeyBinding(
        (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS),
        "+",
        "zoom in (so does the wheel)",
        "zoom_in",
    ),
    KeyBinding((pygame.K_MINUS, pygame.K_KP_MINUS), "-", "zoom out", "zoom_out"),
    KeyBinding((pygame.K_f,), "F", "fit the whole arena again", "fit"),
    *COMMON,
    KeyBinding(
        (pygame.K_ESCAPE,), "Esc", "step back from a card's choice; else the menu", "escape"
    ),
)
