"""The autosave rule as the player meets it: one autosave per game, and nothing lost unasked.

Every game id keeps its own autosave (``storage.autosave_path``). Continue resumes the newest
unfinished one, or lets the player pick when there are several; starting a new game of a kind
whose autosave is unfinished first says what would be replaced and offers to keep it.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.core import files, registry, storage
from game.core.saves import GameRecord, SaveError
from scenes.dialogs import PANEL_W, _Dialog
from scenes.ui import button, button_row, dims, row_widths

if TYPE_CHECKING:
    from scenes.app import App

RULE = "Each game keeps its own autosave, so a game of one kind never replaces another's."


def game_title(game_id: str) -> str:
    try:
        return registry.get(game_id).title
    except KeyError:
        return game_id


def round_word(game_id: str) -> str:
    """The game's own word for a round ("turn" in Atlantis Rising), as its board shows it."""
    try:
        return registry.get(game_id).round_word
    except KeyError:
        return "round"


def ago(seconds: float) -> str:
    """How long ago, in the words a person uses ("just now", "12 minutes ago", "3 days ago")."""
    s = max(0, int(seconds))
    for unit, size in (("day", 86400), ("hour", 3600), ("minute", 60)):
        if s >= size:
            n = s // size
            return f"{n} {unit}{'' if n == 1 else 's'} ago"
    return "just now"


@dataclass
class Autosave:
    """One autosave file, parsed (not replayed): its record, or why it cannot be read."""

    path: Path
    record: GameRecord | None
    problem: str | None
    mtime: float

    @property
    def unfinished(self) -> bool:
        return self.record is not None and not self.record.meta.get("finished")

    @property
    def game_id(self) -> str:
        return self.record.game if self.record else ""

    @property
    def title(self) -> str:
        return game_title(self.record.game) if self.record else files.shown_name(self.path)

    def players(self) -> str:
        return ", ".join(s.name for s in self.record.seats) if self.record else ""

    def players_short(self) -> str:
        """At most three names, so a chooser button stays one readable line."""
        names = [s.name for s in self.record.seats] if self.record else []
        if len(names) <= 3:
            return ", ".join(names)
        return f"{', '.join(names[:2])} and {len(names) - 2} more"

    def where(self, now: float | None = None) -> str:
        """ "round 3, 42 moves, saved 12 minutes ago" (the round only when the file says it)."""
        assert self.record is not None
        parts = []
        rnd = self.record.meta.get("round")
        if isinstance(rnd, int) and not isinstance(rnd, bool) and rnd > 0:
            parts.append(f"{round_word(self.record.game)} {rnd}")
        n = len(self.record.actions)
        parts.append(f"{n} move{'' if n == 1 else 's'}")
        parts.append("saved " + ago((time.time() if now is None else now) - self.mtime))
        return ", ".join(parts)

    def describe(self) -> str:
        """ "Atlantis Rising with Ana, Kleito (round 3, 42 moves, saved 12 minutes ago)"."""
        return f"{self.title} with {self.players()} ({self.where()})"


def read_autosave(path: Path) -> Autosave:
    """Parse one autosave; a file that cannot be read (even a link in a loop) is an
    :class:`Autosave` with its problem, so Continue names it rather than passing it over."""
    mtime = storage.modified(path)
    try:
        return Autosave(path, storage.read_save(path), None, mtime)
    except SaveError as exc:
        return Autosave(path, None, str(exc), mtime)


def scan_autosaves() -> list[Autosave]:
    """Every autosave (per game, and an old single ``autosave.json``), newest first."""
    return [read_autosave(path) for path in storage.list_autosaves()]


def unfinished_autosave(game_id: str) -> Autosave | None:
    """The unfinished game that a new game of ``game_id`` would replace, if there is one.

    That is the game's own autosave; or, while it has none, an old ``autosave.json`` of this
    game (the new game's first write adopts it). A finished or unreadable file is not an
    unfinished game: the first is done, the second is set aside, never overwritten; nor is one
    where nobody has moved yet (replacing it loses nothing).
    """
    own = storage.autosave_path(game_id)
    candidates = [own] if own.exists() else [storage.save_path(storage.AUTOSAVE)]
    for path in candidates:
        if not path.exists():
            continue
        found = read_autosave(path)
        record = found.record
        if found.unfinished and record is not None and record.game == game_id and record.actions:
            return found
    return None


def holds(record: GameRecord, auto: GameRecord) -> bool:
    """Does ``record`` hold everything ``auto`` does (the same game, at least as far)?"""
    return (
        record.game == auto.game
        and record.seed == auto.seed
        and record.options == auto.options
        and record.seats == auto.seats
        and record.actions[: len(auto.actions)] == auto.actions
    )


def free_save_name(auto: Autosave) -> str:
    """A named-save slot for keeping ``auto`` that no file uses yet ("Atlantis Rising 12-01 …")."""
    stamp = time.strftime("%Y-%m-%d %H-%M", time.localtime(auto.mtime))
    base = f"{auto.title} {stamp}"
    name, n = base, 2
    while storage.save_path(name).exists():
        name, n = f"{base} {n}", n + 1
    return name


def keep_as_named(auto: Autosave, name: str) -> Path:
    """Copy the autosave byte for byte to the named save ``name``; raises OSError on failure."""
    path = storage.save_path(name)
    storage.atomic_write(path, auto.path.read_text(encoding="utf-8"))
    return path


class ReplaceAutosaveDialog(_Dialog):
    """Before a new game replaces an unfinished one: Keep it / Save it first / Start anyway.

    New game and a replay's Take over both ask with it (``replaced_by`` words what replaces
    the autosave, ``start`` names the button that goes ahead). "Keep it" is the default: it is
    drawn as the main button and Enter presses it, so a hurried Enter loses nothing.
    """

    def __init__(
        self,
        app: App,
        auto: Autosave,
        *,
        on_start: Callable[[], None],
        on_keep: Callable[[], None] | None = None,
        replaced_by: str = "",
        start: str = "Start anyway",
    ) -> None:
        self.auto = auto
        self.save_name = free_save_name(auto)
        replaced_by = replaced_by or f"a new game of {auto.title}"
        message = (
            f"{auto.describe()} is not finished.\n\n"
            f"Each game keeps one autosave, so {replaced_by} replaces it, and "
            "Continue will no longer offer it.\n"
            f"Save it first keeps it in Load game as \u201c{self.save_name}\u201d."
        )
        super().__init__(app, "Replace the unfinished game?", message, height=360)
        self.on_start = on_start
        self.on_keep = on_keep
        y, w = self.rect.height - 70, 180
        items = [("Keep it", "@primary_button", w), ("Save it first", "@menu_button", w),
                 (start, "@menu_button", w)]  # fmt: skip
        width = self.widen(sum(row_widths(self.manager, items)) + 40)
        self.keep_btn, self.save_first_btn, self.start_btn = button_row(
            self.manager, items, width // 2, y, 46, container=self.panel
        )

    def handle_ui(self, event: pygame.event.Event) -> None:
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return
        if event.ui_element is self.keep_btn:
            self._keep()
        elif event.ui_element is self.start_btn:
            self.close()
            self.on_start()
        elif event.ui_element is self.save_first_btn:
            self._save_first()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (
            pygame.K_ESCAPE,
            pygame.K_RETURN,
            pygame.K_KP_ENTER,
        ):
            self._keep()
            return True
        return False

    def _keep(self) -> None:
        self.close()
        if self.on_keep is not None:
            self.on_keep()

    def _save_first(self) -> None:
        from scenes.dialogs import MessageDialog

        self.close()
        try:
            keep_as_named(self.auto, self.save_name)
        except OSError as exc:
            self.app.stack.push(
                MessageDialog(
                    self.app,
                    "The game could not be saved",
                    f"Nothing was replaced: the unfinished game is still its autosave ({exc}).",
                )
            )
            return
        self.on_start()


class ContinueChooser(_Dialog):
    """More than one unfinished game: one button per game, newest first (Enter takes it)."""

    ROW = 56

    def __init__(self, app: App, autosaves: list[Autosave]) -> None:
        self.autosaves = autosaves
        height = 122 + self.ROW * len(autosaves) + 84
        super().__init__(app, "Which game?", f"{RULE} Newest first.", height=height)
        self.body.set_dimensions(dims(self.manager, (PANEL_W - 44, 56)))
        self.choices: list[pygame_gui.elements.UIButton] = []
        for i, auto in enumerate(autosaves):
            text = f"{auto.title} \u00b7 {auto.players_short()} \u00b7 {auto.where()}"
            self.choices.append(
                button(
                    self.manager,
                    (20, 122 + i * self.ROW, PANEL_W - 40, 46),
                    text,
                    style="",
                    container=self.panel,
                )
            )
        self.cancel = button(
            self.manager,
            (PANEL_W // 2 - 105, self.rect.height - 70, 210, 46),
            "Back",
            container=self.panel,
        )

    def handle_ui(self, event: pygame.event.Event) -> None:
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return
        if event.ui_element is self.cancel:
            self.close()
            return
        for auto, btn in zip(self.autosaves, self.choices, strict=True):
            if event.ui_element is btn:
                self.pick(auto)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_RETURN:
            self.pick(self.autosaves[0])
            return True
        return False

    def pick(self, auto: Autosave) -> None:
        from scenes.load_scene import open_save

        self.close()
        open_save(self.app, auto.path)
