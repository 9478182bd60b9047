"""The load screen: every save with its game, date and players; damaged ones say why.

Opening a save only ever reads it. A damaged, foreign or newer file shows its problem in a
dialog and stays byte-for-byte as it was.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.core import files, registry, storage
from game.core.saves import GameRecord, SaveError
from scenes.text import line_step
from scenes.ui import H, MenuScene, W, button, draw_text, place, text_box

if TYPE_CHECKING:
    from scenes.app import App


def open_save(app: App, path: Path) -> bool:
    """Open a save as a running game; on any problem show a dialog and return False."""
    from scenes.boards import board_for, why_not_playable
    from scenes.dialogs import MessageDialog
    from scenes.session import GameSession

    try:
        record = storage.read_save(path)  # read once: the replay below uses this record
        reason = why_not_playable(record.game)
        if reason:
            raise SaveError(reason)
        session = GameSession.from_record(record)
    except SaveError as exc:
        app.stack.push(MessageDialog(app, "This save cannot be opened", _sentence(str(exc))))
        return False
    factory = board_for(session.record.game)
    assert factory is not None  # why_not_playable said it exists
    app.stack.reset(factory(app, session))
    return True


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")


@dataclass
class SaveEntry:
    path: Path
    record: GameRecord | None
    problem: str | None

    @property
    def label(self) -> str:
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(storage.modified(self.path)))
        if self.record is None:
            return f"{self.name}   ·   cannot be opened   ·   {when}"
        title = _game_title(self.record.game)
        players = ", ".join(s.name for s in self.record.seats)
        return f"{self.name}   ·   {title}   ·   {when}   ·   {players}"

    @property
    def name(self) -> str:
        """The save's name as the list shows it (bounded; bytes that are not UTF-8 as "?")."""
        return files.shown(self.path.stem, files.MAX_SHOWN_NAME)

    def details(self) -> str:
        if self.record is None:
            return f"<b>{_esc(files.shown_name(self.path))}</b><br><br>{_esc(_sentence(self.problem or ''))}"
        r = self.record
        seats = "<br>".join(
            f"• {_esc(s.name)} — {'bot, ' + s.level if s.is_bot else 'human'}" for s in r.seats
        )
        status = "finished" if r.meta.get("finished") else f"{len(r.actions)} moves played"
        options = _options_text(r.game, r.options)
        return (
            f"<b>{_esc(_game_title(r.game))}</b><br>{status}<br>seed {r.seed}<br>"
            f"options: {_esc(options)}<br><br><b>Players</b><br>{seats}"
        )


def _esc(s: str) -> str:
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _options_text(game_id: str, options: dict[str, str]) -> str:
    """The options as the setup screen names them ("Starting mystic energy: no")."""
    try:
        specs = {o.key: o for o in registry.get(game_id).options}
    except KeyError:
        specs = {}
    return (
        ", ".join(
            f"{specs[k].label}: {specs[k].label_of(v)}" if k in specs else f"{k}: {v}"
            for k, v in options.items()
        )
        or "standard"
    )


def _game_title(game_id: str) -> str:
    try:
        return registry.get(game_id).title
    except KeyError:
        return game_id


def scan_saves() -> tuple[list[SaveEntry], str | None]:
    """Every ``*.json`` in the saves folder, newest first, parsed (not replayed), and why
    the folder itself cannot be read when it cannot."""
    paths, problem = storage.scan_saves()
    entries = []
    for path in paths:
        try:
            entries.append(SaveEntry(path, storage.read_save(path), None))
        except SaveError as exc:
            entries.append(SaveEntry(path, None, str(exc)))
    return entries, problem


#: where the line counting the saves stands, above the list
COUNT_Y = 96


class LoadScene(MenuScene):
    heading = "Load a game"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.entries, self.folder_problem = scan_saves()
        self.selected: SaveEntry | None = None
        self._by_label = {e.label: e for e in self.entries}
        # the list and the details start under the count line, which grows with the text
        top = max(120, COUNT_Y + line_step(15) + 4)
        self.list = pygame_gui.elements.UISelectionList(
            place(self.manager, (60, top, 760, 590 - top)),
            item_list=list(self._by_label),
            manager=self.manager,
        )
        self.details = text_box(
            self.manager,
            (840, top, 380, 590 - top),
            "Pick a save on the left." if self.entries else self._empty_text(),
        )
        self.back_btn = button(self.manager, (60, H - 100, 220, 54), "Back")
        self.load_btn = button(
            self.manager, (W - 280, H - 100, 220, 54), "Load", style="@primary_button"
        )
        self.load_btn.disable()

    def _empty_text(self) -> str:
        if self.folder_problem:
            return (
                f"<b>The saves cannot be listed.</b><br><br>{_esc(_sentence(self.folder_problem))}"
            )
        return (
            "<b>No saves yet.</b><br><br>Every move of a game is saved automatically; "
            "each game keeps its own autosave, and Continue on the title screen resumes "
            "the newest unfinished one. "
            "Use <i>Save as…</i> in the pause menu (Esc) to keep a game under its own name."
            f"<br><br>Saves live in:<br>{_esc(str(storage.saves_dir()))}"
        )

    def select(self, entry: SaveEntry) -> None:
        self.selected = entry
        self.details.set_text(entry.details())
        self.load_btn.enable()

    def handle_ui(self, event: pygame.event.Event) -> None:
        if (
            event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION
            and event.ui_element is self.list
        ):
            entry = self._by_label.get(event.text)
            if entry is not None:
                self.select(entry)
        elif (
            event.type == pygame_gui.UI_SELECTION_LIST_DROPPED_SELECTION
            and event.ui_element is self.list
        ):
            self._keep_selected(event.text)
        elif (
            event.type == pygame_gui.UI_SELECTION_LIST_DOUBLE_CLICKED_SELECTION
            and event.ui_element is self.list
        ):
            entry = self._by_label.get(event.text)
            if entry is not None:
                self.select(entry)
                self.load_selected()
        elif event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.back_btn:
                self.back()
            elif event.ui_element is self.load_btn:
                self.load_selected()

    def _keep_selected(self, text: str) -> None:
        """A second click on the chosen save leaves it chosen (pygame-gui would clear it and
        leave Load lit with nothing marked in the list). A save dropped because another one
        was picked stays dropped."""
        if any(item["selected"] for item in self.list.item_list):
            return
        for item in self.list.item_list:
            if item["text"] == text:
                item["selected"] = True
                if item["button_element"] is not None:
                    item["button_element"].select()

    def usable_selection(self, refusal: str) -> SaveEntry | None:
        """The selected save if its record can be read; else ``None``, after a dialog headed
        ``refusal`` says why."""
        from scenes.dialogs import MessageDialog

        entry = self.selected
        if entry is None or entry.record is not None:
            return entry
        self.app.stack.push(MessageDialog(self.app, refusal, _sentence(entry.problem or "")))
        return None

    def load_selected(self) -> None:
        """Open the selected save, or explain in a dialog why it cannot be opened."""
        entry = self.usable_selection("This save cannot be opened")
        if entry is None:
            return
        if self._ask_before_replacing(entry):
            return
        open_save(self.app, entry.path)

    def _ask_before_replacing(self, entry: SaveEntry) -> bool:
        """Playing on from a named save goes to its game's autosave: ask before that loses an
        unfinished game (not when the save already holds all of it)."""
        from scenes.autosaves import holds, unfinished_autosave
        from scenes.dialogs import ConfirmDialog

        if entry.record is None or storage.is_autosave(entry.path):
            return False
        pending = unfinished_autosave(entry.record.game)
        if pending is None or pending.record is None or holds(entry.record, pending.record):
            return False
        self.app.stack.push(
            ConfirmDialog(
                self.app,
                "Replace the unfinished game?",
                f"{pending.describe()} is not finished.\n\nEach game keeps one autosave, so "
                f"playing on from \u201c{entry.name}\u201d replaces it, and Continue will "
                "no longer offer it.",
                confirm="Load anyway",
                cancel="Keep it",
                on_confirm=lambda: open_save(self.app, entry.path),
            )
        )
        return True

    def draw_back(self, surface: pygame.Surface) -> None:
        super().draw_back(surface)
        n = len(self.entries)
        draw_text(
            surface, f"{n} file{'' if n == 1 else 's'} in the saves folder", (64, COUNT_Y), size=15
        )
