"""The History screen: every finished game, newest first, to watch again or forget.

A drop-down filters by game, another sets how many games are kept; Watch opens the replay,
Delete forgets one game and Delete all every one (both ask first). An entry that cannot be
read (damaged, foreign, from a newer version) is skipped and named in a line of its own;
nothing else is lost. "Replay a save…" watches any save file the same way.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.core import history, registry
from game.core.history import Entry
from game.core.saves import SaveError
from scenes.palette import MUTED
from scenes.ui import H, MenuScene, W, button, draw_text, place, text_box

if TYPE_CHECKING:
    from scenes.app import App

ALL = "All games"
#: the Keep menu while the history's settings file cannot be read (nothing is deleted then)
UNKNOWN_CAP = "Keep: choose"
CAP_NOTE = "Keep is unreadable: no game is deleted until you pick how many."


def keep_label(n: int) -> str:
    return f"Keep {n} games"


def _esc(s: str) -> str:
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def shown_games() -> list[registry.GameSpec]:
    """The games whose entries are listed: those that can be opened in this version."""
    from scenes.boards import playable_games

    return playable_games()


def open_replay(app: App, record, back=None) -> bool:
    """Open a record's replay over ``back``; a record that does not replay says why."""
    from scenes.dialogs import MessageDialog
    from scenes.history.replay_scene import ReplayScene

    try:
        scene = ReplayScene(app, record, back=back)
    except SaveError as exc:
        text = str(exc)
        app.stack.push(
            MessageDialog(app, "This game cannot be replayed", text[:1].upper() + text[1:])
        )
        return False
    app.stack.push(scene)
    return True


class HistoryScene(MenuScene):
    heading = "Your games"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        m = self.manager
        self.games = shown_games()
        self.filter_names = [ALL] + [g.title for g in self.games]
        self.filter = pygame_gui.elements.UIDropDownMenu(
            self.filter_names, ALL, place(m, (60, 104, 280, 40)), manager=m
        )
        keep, self.cap_problem = history.read_cap()
        caps = sorted({*history.CAPS, *([keep] if keep else [])})
        self.cap_names = [keep_label(n) for n in caps]
        shown = keep_label(keep) if keep else UNKNOWN_CAP
        self.cap_menu = pygame_gui.elements.UIDropDownMenu(
            self.cap_names if keep else [UNKNOWN_CAP, *self.cap_names],
            shown,
            place(m, (360, 104, 240, 40)),
            manager=m,
        )
        self.list = pygame_gui.elements.UISelectionList(
            place(m, (60, 156, 760, 420)), item_list=[], manager=m
        )
        self.details = text_box(m, (840, 156, 380, 420), "")
        y = H - 100
        self.back_btn = button(m, (60, y, 160, 54), "Back")
        self.stats_btn = button(m, (232, y, 190, 54), "Statistics")
        self.save_btn = button(
            m, (434, y, 210, 54), "Replay a save", tooltip="Watch any save file move by move"
        )
        self.delete_btn = button(m, (656, y, 150, 54), "Delete")
        self.delete_all_btn = button(m, (818, y, 170, 54), "Delete all")
        self.watch_btn = button(m, (W - 280, y, 220, 54), "Watch", style="@primary_button")
        self.game: str | None = None
        self.entries: list[Entry] = []
        self.problems: list[str] = []
        self.selected: Entry | None = None
        self.reload()

    # --- the list ---------------------------------------------------------------------------
    def reload(self) -> None:
        """Read the history again (after a delete, a new cap, a finished game)."""
        entries, self.problems = history.load(self.game)
        offered = {g.game_id for g in self.games}
        self.entries = [e for e in entries if e.game in offered]
        self._by_label: dict[str, Entry] = {}
        for e in self.entries:
            label = e.label()
            n = 2
            while label in self._by_label:
                label = f"{e.label()}   ({n})"
                n += 1
            self._by_label[label] = e
        self.list.set_item_list(list(self._by_label))
        self.selected = None
        text = self._empty_text() if not self.entries else "Pick a game on the left."
        if self.cap_problem:
            text = f"<b>{_esc(self.cap_problem)}</b><br><br>{text}"
        self.details.set_text(text)
        self._refresh_buttons()

    def _empty_text(self) -> str:
        which = "" if self.game is None else f" of {registry.get(self.game).title}"
        return (
            f"<b>No finished games{which} yet.</b><br><br>Every game that reaches its end is "
            "kept here with all its moves, to watch again from any point."
        )

    def _refresh_buttons(self) -> None:
        for btn, ok in (
            (self.watch_btn, self.selected is not None),
            (self.delete_btn, self.selected is not None),
            (self.delete_all_btn, bool(self.entries) or bool(self.problems)),
            (self.stats_btn, bool(self.entries)),
        ):
            if ok:
                btn.enable()
            else:
                btn.disable()

    def select(self, entry: Entry) -> None:
        self.selected = entry
        self.details.set_text(self.describe(entry))
        self._refresh_buttons()

    @staticmethod
    def describe(e: Entry) -> str:
        seats = []
        for i, s in enumerate(e.seats):
            who = f"bot, {s.level}" if s.is_bot else "person"
            roles = ", ".join(e.roles[i]) if i < len(e.roles) and e.roles[i] else ""
            mark = "won" if e.returns[i] >= 1.0 else "lost"
            seats.append(f"• {_esc(s.name)} ({who}){' — ' + _esc(roles) if roles else ''}: {mark}")
        spec = registry.get(e.game)
        options = ", ".join(
            f"{o.label}: {o.label_of(e.record.options.get(o.key, o.default))}"
            for o in spec.options
            if not o.per_seat  # each seat's line names its own (its roles)
        )
        return (
            f"<b>{_esc(e.title())}</b><br>{_esc(e.headline)}<br>ended {e.when}<br>"
            f"{e.rounds} {spec.round_word}s · {e.moves} moves · seed {e.record.seed}<br>"
            f"{_esc(options) or 'standard options'}<br><br><b>Seats</b><br>" + "<br>".join(seats)
        )

    # --- input ------------------------------------------------------------------------------
    def handle_ui(self, event: pygame.event.Event) -> None:
        el = getattr(event, "ui_element", None)
        if event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION and el is self.list:
            entry = self._by_label.get(event.text)
            if entry is not None:
                self.select(entry)
        elif (
            event.type == pygame_gui.UI_SELECTION_LIST_DOUBLE_CLICKED_SELECTION and el is self.list
        ):
            entry = self._by_label.get(event.text)
            if entry is not None:
                self.select(entry)
                self.watch()
        elif event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            if el is self.filter:
                i = self.filter_names.index(event.text) if event.text in self.filter_names else 0
                self.game = None if i == 0 else self.games[i - 1].game_id
                self.reload()
            elif el is self.cap_menu and event.text in self.cap_names:
                history.set_cap(int(event.text.split()[1]))
                self.cap_problem = None
                self.reload()
        elif event.type == pygame_gui.UI_BUTTON_PRESSED:
            if el is self.back_btn:
                self.back()
            elif el is self.watch_btn:
                self.watch()
            elif el is self.delete_btn:
                self.ask_delete()
            elif el is self.delete_all_btn:
                self.ask_delete_all()
            elif el is self.stats_btn:
                from scenes.history.stats_scene import StatsScene

                self.app.stack.push(StatsScene(self.app, self.game))
            elif el is self.save_btn:
                from scenes.history.replay_save import ReplaySaveScene

                self.app.stack.push(ReplaySaveScene(self.app, back=self))

    def watch(self) -> None:
        if self.selected is not None:
            open_replay(self.app, self.selected.record, back=self)

    def ask_delete(self) -> None:
        from scenes.dialogs import ConfirmDialog

        entry = self.selected
        if entry is None:
            return

        def forget() -> None:
            history.delete(entry)
            self.reload()

        self.app.stack.push(
            ConfirmDialog(
                self.app,
                "Forget this game?",
                f"{entry.title()}, ended {entry.when}, leaves the history for good.",
                confirm="Delete",
                cancel="Keep it",
                on_confirm=forget,
            )
        )

    def ask_delete_all(self) -> None:
        from scenes.dialogs import ConfirmDialog

        def forget_all() -> None:
            history.delete_all()
            self.reload()

        self.app.stack.push(
            ConfirmDialog(
                self.app,
                "Forget every game?",
                "Every finished game of every kind leaves the history, and the statistics "
                "start again from nothing. Saves are not touched.",
                confirm="Delete all",
                cancel="Keep them",
                on_confirm=forget_all,
            )
        )

    def resume(self) -> None:
        self.reload()

    # --- drawing ----------------------------------------------------------------------------
    def draw_back(self, surface: pygame.Surface) -> None:
        super().draw_back(surface)
        n = len(self.entries)
        draw_text(
            surface,
            f"{n} finished game{'' if n == 1 else 's'}, newest first",
            (624, 114),
            size=16,
        )
        if self.cap_problem:
            draw_text(surface, CAP_NOTE, (624, 136), size=14, colour=MUTED)
        if self.problems:
            count = len(self.problems)
            head = (
                f"{count} entr{'y' if count == 1 else 'ies'} could not be read and "
                f"{'was' if count == 1 else 'were'} skipped: "
            )
            draw_text(surface, head + self.problems[0][:110], (60, 588), size=14, colour=MUTED)
