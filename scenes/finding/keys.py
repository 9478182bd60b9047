"""Finding Atlantis's keyboard: the board's input and its Help page read this one table
(:mod:`scenes.board_keys`)."""

from __future__ import annotations

import pygame

from scenes.board_keys import COMMON, KeyBinding, KeyTable

#: the compass points the arrow keys aim a card at
ARROWS = {pygame.K_UP: "N", pygame.K_RIGHT: "E", pygame.K_DOWN: "S", pygame.K_LEFT: "W"}

KEYS = KeyTable(
    KeyBinding((pygame.K_b,), "B", "burn mode on and off (on your turn)", "burn"),
    KeyBinding(tuple(ARROWS), "Arrows", "aim a card north, east, south or west", "aim"),
    KeyBinding(
        (pygame.K_RETURN, pygame.K_KP_ENTER), "Enter", "send a claim (or keep a note)", "confirm"
    ),
    KeyBinding((pygame.K_BACKSPACE,), "Backspace", "take back a space of a claim", "back"),
    *COMMON,
    KeyBinding(
        (pygame.K_ESCAPE,),
        "Esc",
        "put an aimed card back or leave burn mode; else the menu",
        "escape",
    ),
)
