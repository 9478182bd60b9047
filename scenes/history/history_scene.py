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
from scenes.history.layout import GAP, button_rows, menu_size
from scenes.palette import MUTED
from scenes.ui import H, MenuScene, W, button, button_size, draw_text, place, text_box

if TYPE_CHECKING:
    from scenes.app import App

ALL = "All games"
#: the Keep menu while the history's settings file cannot be read (nothing is deleted then)
UNKNOWN_CAP = "Keep: choose"
CAP_NOTE = "Keep is unreadable: no game is deleted until you pick how many."


#: what a list entry keeps beside its words (borders, the words' insets, a scroll bar)
LIST_FRAME = 56


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
        fw, fh = menu_size(m, self.filter_names, (280, 40))
        self.filter = pygame_gui.elements.UIDropDownMenu(
            self.filter_names, ALL, place(m, (60, 104, fw, fh)), manager=m
        )
        keep, self.cap_problem = history.read_cap()
        caps = sorted({*history.CAPS, *([keep] if keep else [])})
        self.cap_names = [keep_label(n) for n in caps]
        shown = keep_label(keep) if keep else UNKNOWN_CAP
        choices = self.cap_names if keep else [UNKNOWN_CAP, *self.cap_names]
        cw, ch = menu_size(m, choices, (240, 40))
        self.cap_menu = pygame_gui.elements.UIDropDownMenu(
            choices, shown, place(m, (80 + fw, 104, cw, ch)), manager=m
        )
        #: where the count of games is written: after the menus
        self.count_x = 104 + fw + cw
        #: where the list (and the details beside or under it) ends: above the buttons
        self.bottom = self._button_bar()
        self.list = pygame_gui.elements.UISelectionList(
            place(m, (60, 156, 760, self.bottom - 156)), item_list=[], manager=m
        )
        self.details = text_box(m, (840, 156, 380, self.bottom - 156), "")
        self.stacked = False
        self.game: str | None = None
        self.entries: list[Entry] = []
        self.problems: list[str] = []
        self.selected: Entry | None = None
        self.reload()

    def _button_bar(self) -> int:
        """The buttons along the foot: one row, or two when their words need the room (then
        the list above is shorter); returns where the list ends."""
        m = self.manager
        rows = button_rows(
            m,
            [[("Back", 160), ("Statistics", 190), ("Replay a save", 210)],
             [("Delete", 150), ("Delete all", 170), ("Watch", 220)]],
            60,
            W - 60,
        )  # fmt: skip
        h = max(54, button_size(m, "")[1])
        y = H - 100 - (len(rows) - 1) * (h + GAP)
        top = y - (h - 54 + 1) // 2  # a button taller than designed grows about its middle
        made: list = []
        for row in rows:
            x = 60
            for w in row:
                if len(made) == 5:  # Watch, the way on: at the right end
                    x = W - 60 - w
                made.append((x, y, w))
                x += w + GAP
            y += h + GAP
        tip = {"Replay a save": "Watch any save file move by move"}
        btns = []
        for (x, y, w), text in zip(
            made,
            ["Back", "Statistics", "Replay a save", "Delete", "Delete all", "Watch"],
            strict=True,
        ):
            style = "@primary_button" if text == "Watch" else "@menu_button"
            btns.append(button(m, (x, y, w, 54), text, style=style, tooltip=tip.get(text)))
        self.back_btn, self.stats_btn, self.save_btn = btns[:3]
        self.delete_btn, self.delete_all_btn, self.watch_btn = btns[3:]
        return top - 44

    def _fit_list(self) -> None:
        """The list beside the details while its entries fit its width; when larger text
        makes one too long, the list takes the whole width and the details go under it."""
        m = self.manager
        k = getattr(m, "density", 1.0)
        face = next(
            (i["button_element"].font for i in self.list.item_list if i["button_element"]), None
        )
        need = max((face.size(t)[0] for t in self._by_label), default=0) / k if face else 0
        stacked = need + LIST_FRAME > 760
        if stacked == self.stacked:
            return
        self.stacked = stacked
        room = self.bottom - 156
        if stacked:
            top = (room - 12) * 11 // 20
            rects = (60, 156, W - 120, top), (60, 168 + top, W - 120, room - 12 - top)
        else:
            rects = (60, 156, 760, room), (840, 156, 380, room)
        for widget, r in zip((self.list, self.details), rects, strict=True):
            widget.set_position(place(m, r).topleft)
            widget.set_dimensions(place(m, r).size)

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
        self._fit_list()
        self.selected = None
        text = self._empty_text() if not self.entries else "Pick a game from the list."
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
            (self.count_x, 114),
            size=16,
        )
        if self.cap_problem:
            draw_text(surface, CAP_NOTE, (self.count_x, 136), size=14, colour=MUTED)
        if self.problems:
            count = len(self.problems)
            head = (
                f"{count} entr{'y' if count == 1 else 'ies'} could not be read and "
                f"{'was' if count == 1 else 'were'} skipped: "
            )
            y = self.list.rect.bottom / getattr(self.manager, "density", 1.0) + 12
            draw_text(surface, head + self.problems[0][:110], (60, int(y)), size=14, colour=MUTED)
