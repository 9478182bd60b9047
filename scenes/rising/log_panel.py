"""The game log: every event in the engine's own words, each line prefixed with turn and phase.

Events carry no turn number, so the panel follows the ``round_started`` and ``phase_started``
events as it reads the log. The compact log sits under the blueprint; L opens the full log
over the island, where the mouse wheel scrolls (the shared :class:`scenes.log_panel.LogPanel`
reads, scrolls and holds a scrolled reader's place; this draws both views).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import pygame

from game.core.protocol import Event
from game.rising.councilors import COUNCILORS
from game.rising.island import SPOT_IDS, SPOT_INDEX, at_tile
from scenes import canvas
from scenes import log_panel as shared
from scenes.assets import font, text_sizing
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
#: an attack the Navy beat off is good news: the log shows it as this kind, not as an alarm
BEATEN_OFF = "attack_beaten_off"
GOOD_KINDS = {"component_built", "game_won", "flood_cancelled", "tile_restored", BEATEN_OFF}
BIG = pygame.Rect(300, 60, 644, 590)
#: the success colour of log lines (the alarm colour is look.WARN)
GOOD_INK = (150, 220, 160)


_AT_SPOT = re.compile(r"\bat (" + "|".join(map(re.escape, SPOT_IDS)) + r")\b")
_COUNCILOR = re.compile(r"\b[Tt]he (" + "|".join(c.name for c in COUNCILORS) + r")\b")
_BY_NAME = {c.name: i for i, c in enumerate(COUNCILORS)}


def by_councilor(names: Sequence[str], councilors: Sequence[int]) -> list[str]:
    """The people's names indexed by the councilor each plays (``""`` for one not at the
    table): what :func:`humanize` reads, since seats choose their councilors."""
    out = [""] * len(COUNCILORS)
    for seat, c in enumerate(councilors):
        if seat < len(names):
            out[c] = names[seat]
    return out


def humanize(text: str, names: Sequence[str] = ()) -> str:
    """Engine text with people's names: "the Explorer" becomes "Kleito (Explorer)".

    The engine already names tiles and councilors for people ("The Explorer places an
    Atlantean at Hills 3."); only the names of the people at the table are the board's.
    ``names`` is indexed by councilor (:func:`by_councilor`).
    """
    if not names:
        return text

    def who(m: re.Match[str]) -> str:
        i = _BY_NAME[m.group(1)]
        return f"{names[i]} ({m.group(1)})" if i < len(names) and names[i] else m.group(0)

    return _COUNCILOR.sub(who, text)


def _session_text(text: str) -> str:
    """The session's own lines (an undo names the move by its action, "at hills-1") in the
    engine's words: "at Hills 1", "in the Navy"."""
    return _AT_SPOT.sub(lambda m: at_tile(SPOT_INDEX[m.group(1)]), text)


def entries(
    events: Sequence[Event], start_round: int, start_phase: str, names: Sequence[str] = ()
) -> list[tuple[str, str, str]]:
    """(prefix, text, kind) per event, e.g. ("T3 place", "Kleito (Explorer) places …", kind);
    the kind is the event's, except that an attack which sank nothing is :data:`BEATEN_OFF`."""
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
        text = _session_text(e.text) if e.kind == "undo" else e.text
        kind = e.kind
        if kind == "attack_resolved" and not int(e.data.get("tiles", 0)):
            kind = BEATEN_OFF
        out.append((f"T{rnd} {PHASE_SHORT.get(phase, phase)}", humanize(text, names), kind))
    return out


def _colour(kind: str) -> tuple[int, int, int]:
    if kind in LOUD:
        return WARN
    if kind in GOOD_KINDS:
        return GOOD_INK
    if kind in ("round_started", "phase_started"):
        return GOLD
    return PARCHMENT


class LogPanel(shared.LogPanel):
    """The shared log, each line (prefix, text, kind); draws the compact log (cached per
    change) and the full, scrollable one."""

    rect = BIG

    def __init__(self, start_round: int = 0, start_phase: str = "setup") -> None:
        super().__init__()
        #: the turn and phase the log begins in (events carry none)
        self.start = (start_round, start_phase)
        self.names: list[str] = []  # the people at the table, by the councilor each plays
        self._key: object = None
        self._surf = canvas.surface(LOG.size, pygame.SRCALPHA)

    def read(self, events: Sequence[Event]) -> list[tuple[str, str, str]]:
        return entries(events, *self.start, names=self.names)

    def room(self) -> int:
        return 5  # entries of the full log kept in sight when scrolled up as far as it goes

    def draw_compact(self, surface: pygame.Surface) -> None:
        if not LOG.height:  # large text: the panels above took its room (L opens the log)
            return
        lines = self._lines
        key = (len(lines), lines[-1] if lines else None, text_sizing(), LOG.size)
        if key != self._key:
            self._key = key
            self._paint_compact()
        surface.blit(self._surf, LOG)

    def _paint_compact(self) -> None:
        s = canvas.fresh(self._surf, pygame.SRCALPHA)
        if s.get_size() != LOG.size:  # the column above it grew or gave back room
            s = canvas.surface(LOG.size, pygame.SRCALPHA)
        self._surf = s
        s.fill((0, 0, 0, 0))
        panel(s, s.get_rect())
        blit_text(s, "LOG", (12, 6), 13, GOLD, "bold")
        blit_text(s, "L: full log", (s.get_width() - 12, 7), 12, DIM_INK, "italic", "topright")
        y = s.get_height() - 8
        for prefix, text, kind in reversed(self._lines):
            wrapped = wrap(f"{prefix} · {text}", 12, s.get_width() - 24)
            step = max(15, font(12).get_linesize() - 2)  # lines part at any UI scale
            h = step * len(wrapped) + 3
            if y - h < 26:
                break
            y -= h
            for i, line in enumerate(wrapped):
                blit_text(
                    s,
                    line,
                    (12, y + i * step),
                    12,
                    _colour(kind) if kind in LOUD or kind in GOOD_KINDS else (196, 200, 190),
                )
        if not self._lines:
            note = "What happens will be written here."
            parts = wrap(note, 12, s.get_width() - 24, "italic")
            if 30 + len(parts) * font(12, "italic").get_linesize() > s.get_height():
                parts = []  # a log squeezed by large text: its heading alone
            for i, part in enumerate(parts):
                blit_text(s, part, (12, 30 + i * font(12, "italic").get_linesize()), 12, DIM_INK,
                          "italic")  # fmt: skip

    def draw(self, surface: pygame.Surface) -> None:
        """The full log over the island: each entry's prefix, then its wrapped text, stacked
        from the bottom up (a note under them while the reader is scrolled up)."""
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
        if self.scroll:
            note = (
                f"{self.unseen} new line{'s' if self.unseen != 1 else ''} below: wheel down to follow"
                if self.unseen
                else "Scrolled up: wheel down to follow the game"
            )
            r = blit_text(surface, note, (BIG.centerx, y), 13, GOLD, "bold", "midbottom")
            y = r.y - 6
        lines = self._lines
        shown = lines[: len(lines) - self.scroll] if self.scroll else lines
        for prefix, text, kind in reversed(shown):
            wrapped = wrap(text, 14, BIG.width - 150)
            step = max(19, font(14).get_linesize() - 1)
            h = step * len(wrapped) + 4
            if y - h < BIG.y + 48:
                break
            y -= h
            blit_text(surface, prefix, (BIG.x + 18, y), 13, MUTED, "bold")
            for i, line in enumerate(wrapped):
                blit_text(surface, line, (BIG.x + 120, y + i * step), 14, _colour(kind))
