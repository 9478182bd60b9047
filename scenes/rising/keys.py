"""The board's keyboard: one table that both the board (what a key does) and the Help page (the
key list a player reads) use, so a key can never work without being listed, or the reverse."""

from __future__ import annotations

from dataclasses import dataclass

import pygame


@dataclass(frozen=True)
class KeyBinding:
    """Keys that run one board command, and how the Help page names them."""

    keys: tuple[int, ...]
    label: str
    words: str
    command: str


DIGITS = tuple(getattr(pygame, f"K_{i}") for i in range(1, 10))
KEYPAD = tuple(getattr(pygame, f"K_KP{i}") for i in range(1, 10))

BOARD_KEYS: tuple[KeyBinding, ...] = (
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
    KeyBinding((pygame.K_TAB,), "Tab", "skip the running animations", "skip"),
    KeyBinding((pygame.K_h, pygame.K_F1), "H or F1", "this help", "help"),
    KeyBinding((pygame.K_l,), "L", "show or hide the game log", "log"),
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

_BY_KEY = {k: b.command for b in BOARD_KEYS for k in b.keys}
NUMBER_KEYS = {k: i % 9 + 1 for i, k in enumerate(DIGITS + KEYPAD)}


def command_for(key: int) -> str:
    """The board command a key runs ("" for none)."""
    return _BY_KEY.get(key, "")


def help_lines() -> str:
    """The key list for the Help page (HTML lines), in the table's order."""
    rows = [f"{b.label} — {b.words}<br>" for b in BOARD_KEYS]
    return "".join(rows) + "F11 or Alt+Enter — full screen on and off<br>"
