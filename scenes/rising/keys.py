"""Atlantis Rising's keyboard: one table that both the board (what a key does) and the Help page
(the key list a player reads) use (:mod:`scenes.board_keys`)."""

from __future__ import annotations

import pygame

from scenes.board_keys import COMMON, KeyBinding, KeyTable

DIGITS = tuple(getattr(pygame, f"K_{i}") for i in range(1, 10))
KEYPAD = tuple(getattr(pygame, f"K_KP{i}") for i in range(1, 10))

KEYS = KeyTable(
    KeyBinding(
        (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER),
        "Space or Enter",
        "done / confirm",
        "confirm",
    ),
    KeyBinding(DIGITS + KEYPAD, "1–9", "the numbered choice on the action bar", "number"),
    KeyBinding(
        (pygame.K_z,), "Z", "undo your last placement (until a card or die is revealed)", "undo"
    ),
    *COMMON,
    KeyBinding(
        (pygame.K_c,), "C", "put a courage token under the next Atlantean, or not", "courage"
    ),
    KeyBinding((pygame.K_b,), "B", "open or close the build window", "build"),
    KeyBinding((pygame.K_g,), "G", "show or hide the first-game guide", "guide"),
    KeyBinding(
        (pygame.K_ESCAPE,),
        "Esc",
        "close a menu, the log or the build window; else the pause menu",
        "escape",
    ),
)
BOARD_KEYS: tuple[KeyBinding, ...] = KEYS.bindings
NUMBER_KEYS = {k: i % 9 + 1 for i, k in enumerate(DIGITS + KEYPAD)}
command_for = KEYS.command_for
help_lines = KEYS.help_lines
