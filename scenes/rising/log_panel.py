"""The game log: every event in the engine's own words, each line prefixed with turn and phase.

Events carry no turn number, so the panel follows the ``round_started`` and ``phase_started``
events as it reads the log. The compact log sits under the blueprint; L opens the full log
over the island, where the mouse wheel scrolls.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import pygame

from game.core.protocol import Event
from game.rising.councilors import COUNCILORS
from scenes.palette import GOLD, MUTED, PARCHMENT
from scenes.rising.look import DIM_INK, WARN, blit_text, panel, wrap
from scenes.rising.panels import LOG

PHASE_SHORT = {
    "setup": "setup",
    "start": "start",
    "place": "place",
    "misfortune": "misfortune",
    "late": "late",
    "production": "produce",
    "attack": "attack",
    "build": "build",
    "over": "end",
}
LOUD = {"tile_flooded", "game_lost", "attack_resolved", "misfortune_drawn"}
GOOD_KINDS = {"component_built", "game_won", "flood_cancelled", "tile_restored"}
BIG = pygame.Rect(300, 60, 644, 590)


_COUNCILOR = re.compile(
    r"\b[Tt]he (explorer|emissary|scholar|priest|artificer|champion)\b", re.IGNORECASE
)
_TILE = re.compile(r"\b(mountains|hills|forests|forges|libraries|cities)-(\d)\b")


def humanize(text: str, names: Sequence[str] = ()) -> str:
    """Engine text for people: seat names for councilors, "Hills 3" for "hills-3"."""
    if names:
        keys = [c.key for c in COUNCILORS]

        def who(m: re.Match[str]) -> str:
            i = keys.index(m.group(1).lower())
            return f"{names[i]} ({COUNCILORS[i].name})" if i < len(names) else m.group(0)

        text = _COUNCILOR.sub(who, text)
    text = _TILE.sub(lambda m: f"{m.group(1).capitalize()} {m.group(2)}", text)
    text = text.replace(" at navy", " in the Navy").replace(" at centre", " at the Power Source")
    return text[:1].upper() + text[1:]


def entries(
    events: Sequence[Event], start_round: int, start_phase: str, names: Sequence[str] = ()
) -> list[tuple[str, str, str]]:
    """(prefix, text, kind) per event, e.g. ("T3 place", "Kleito (Explorer) places …", kind)."""
    rnd, phase = start_round, start_phase
    out: list[tuple[str, str, str]] = []
    for e in events:
        if e.kind == "round_started":
            rnd = int(e.data.get("round", rnd + 1))
            phase = "start"
        elif e.kind == "phase_started":
            phase = str(e.data.get("phase", phase))
        elif e.kind in ("game_won", "game_lost"):
            phase = "over"
        out.append((f"T{rnd} {PHASE_SHORT.get(phase, phase)}", humanize(e.text, names), e.kind))
    return out


def _colour(kind: str) -> tuple[int, int, int]:
    if kind in LOUD:
        return WARN
    if kind in GOOD_KINDS:
        return (150, 220, 160)
    if kind in ("round_started", "phase_started"):
        return GOLD
    return PARCHMENT


class LogPanel:
    """Draws the compact log (cached per change) and the full, scrollable one."""

    def __init__(self) -> None:
        self.lines: list[tuple[str, str, str]] = []
        self._key: object = None
        self._surf = pygame.Surface(LOG.size, pygame.SRCALPHA)
        self.expanded = False
        self.scroll = 0  # lines up from the newest, in the full log

    def set_entries(self, lines: list[tuple[str, str, str]]) -> None:
        if len(lines) != len(self.lines) or (lines and lines[-1] != self.lines[-1]):
            self.lines = lines
            self.scroll = 0

    def draw_compact(self, surface: pygame.Surface) -> None:
        key = (len(self.lines), self.lines[-1] if self.lines else None)
        if key != self._key:
            self._key = key
            self._paint_compact()
        surface.blit(self._surf, LOG)

    def _paint_compact(self) -> None:
        s = self._surf
        s.fill((0, 0, 0, 0))
        panel(s, s.get_rect())
        blit_text(s, "LOG", (12, 6), 13, GOLD, "bold")
        blit_text(s, "L: full log", (s.get_width() - 12, 7), 12, DIM_INK, "italic", "topright")
        y = s.get_height() - 8
        for prefix, text, kind in reversed(self.lines):
            wrapped = wrap(f"{prefix} · {text}", 12, s.get_width() - 24)
            h = 15 * len(wrapped) + 3
            if y - h < 26:
                break
            y -= h
            for i, line in enumerate(wrapped):
                blit_text(
                    s,
                    line,
                    (12, y + i * 15),
                    12,
                    _colour(kind) if kind in LOUD or kind in GOOD_KINDS else (196, 200, 190),
                )
        if not self.lines:
            blit_text(s, "What happens will be written here.", (12, 30), 12, DIM_INK, "italic")

    def on_wheel(self, dy: int) -> None:
        self.scroll = max(0, min(max(0, len(self.lines) - 5), self.scroll + dy * 3))

    def draw_full(self, surface: pygame.Surface) -> None:
        panel(surface, BIG, hot=True, alpha=246)
        blit_text(surface, "Game log", (BIG.x + 18, BIG.y + 12), 20, GOLD, "bold")
        blit_text(
            surface,
            "wheel: scroll · L or Esc: close",
            (BIG.right - 18, BIG.y + 18),
            13,
            MUTED,
            "regular",
            "topright",
        )
        y = BIG.bottom - 14
        shown = self.lines[: len(self.lines) - self.scroll] if self.scroll else self.lines
        for prefix, text, kind in reversed(shown):
            wrapped = wrap(text, 14, BIG.width - 150)
            h = 19 * len(wrapped) + 4
            if y - h < BIG.y + 48:
                break
            y -= h
            blit_text(surface, prefix, (BIG.x + 18, y), 13, MUTED, "bold")
            for i, line in enumerate(wrapped):
                blit_text(surface, line, (BIG.x + 120, y + i * 19), 14, _colour(kind))
