"""A board's keyboard as one table: its input reads what a key does from it and its Help page
lists the keys from it, so a key can never work without being listed, or the reverse.

The keys every board answers alike (:data:`COMMON`: skip, help, log) are declared here once;
each board's table adds its own (``scenes/<game>/keys.py``).
"""

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


#: what every board's Tab, H/F1 and L do (answered by ``BoardScene.shared_command``)
COMMON: tuple[KeyBinding, ...] = (
    KeyBinding((pygame.K_TAB,), "Tab", "skip the running animations", "skip"),
    KeyBinding((pygame.K_h, pygame.K_F1), "H or F1", "this help", "help"),
    KeyBinding((pygame.K_l,), "L", "show or hide the game log", "log"),
)

#: Esc, as every board's Help page names it (what it closes first is the board's)
ESCAPE = KeyBinding(
    (pygame.K_ESCAPE,),
    "Esc",
    "close what is open (a menu, the log, an aimed choice); else the pause menu",
    "escape",
)


class KeyTable:
    """One board's keys, in the order its Help page lists them."""

    def __init__(self, *bindings: KeyBinding) -> None:
        self.bindings = bindings
        self._by_key = {k: b.command for b in bindings for k in b.keys}
        if len(self._by_key) != sum(len(b.keys) for b in bindings):
            raise ValueError("a key is bound to two commands")

    def command_for(self, key: int) -> str:
        """The board command ``key`` runs ("" for none)."""
        return self._by_key.get(key, "")

    def help_lines(self) -> str:
        """The key list for the Help page (pygame-gui HTML lines), in the table's order."""
        rows = [f"{b.label} — {b.words}<br>" for b in self.bindings]
        return "".join(rows) + "F11 or Alt+Enter — full screen on and off<br>"
