"""The title screen: the animated sea, the name, and the main menu."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui

from scenes.autosaves import RULE, Autosave, ContinueChooser, scan_autosaves
from scenes.boards import playable_games
from scenes.palette import MUTED, PARCHMENT
from scenes.stack import Scene
from scenes.ui import H, W, button, button_size, dims, draw_text, draw_title, place

if TYPE_CHECKING:
    from scenes.app import App

APP_VERSION = "0.1.0"


def continue_choices() -> tuple[list[Autosave], list[Autosave]]:
    """The unfinished games Continue can resume (newest first), and unreadable autosaves."""
    from scenes.boards import why_not_playable

    found = scan_autosaves()
    resumable = [a for a in found if a.unfinished and not why_not_playable(a.game_id)]
    broken = [a for a in found if a.record is None]
    return resumable, broken


def autosave_status() -> tuple[bool, str]:
    """Can Continue resume a game, and what to say about it (tooltip / reason)."""
    from scenes.boards import why_not_playable

    found = scan_autosaves()
    if not found:
        return False, "No game in progress yet: games are saved after every move."
    resumable, broken = continue_choices()
    if len(resumable) == 1:
        return True, f"Resume {resumable[0].describe()}. {RULE}"
    if resumable:
        titles = ", ".join(a.title for a in resumable)
        return True, f"{len(resumable)} unfinished games ({titles}): pick one. {RULE}"
    if broken:
        return True, f"The autosave has a problem: {broken[0].problem}"
    for auto in found:
        reason = why_not_playable(auto.game_id)
        if auto.unfinished and reason:
            return False, reason
    return False, "The last game has ended; start a new one or load a save."


def subtitle(playable: list[str]) -> str:
    """The line under the title names what can be played today, never more."""
    how = "solo against bots or hot-seat"
    if len(playable) == 1:
        return f"{playable[0]}  ·  {how}"
    words = {2: "Two", 3: "Three"}
    count = words.get(len(playable), str(len(playable)))
    return f"{count} games of the sunken island  ·  {how}" if playable else how


class TitleScene(Scene):
    """Continue / New game / Load / History / Settings / Help / Quit over the sea."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.subtitle = subtitle([g.title for g in playable_games()])
        can_continue, why = autosave_status()
        rects = self._column()
        self.continue_btn = button(self.manager, rects[0], "Continue", tooltip=why)
        self.new_btn = button(self.manager, rects[1], "New game")
        self.load_btn = button(self.manager, rects[2], "Load game")
        self.history_btn = button(
            self.manager,
            rects[3],
            "History",
            tooltip="Your finished games: watch them again, statistics",
        )
        self.settings_btn = button(self.manager, rects[4], "Settings")
        self.help_btn = button(self.manager, rects[5], "Help")
        self.quit_btn = button(self.manager, rects[6], "Quit")
        if not can_continue:
            self.continue_btn.disable()
        self._notices_shown = False

    def _column(self) -> list[pygame.Rect]:
        """The seven buttons' places: 50 tall with a 10 gap, or as tall as their words' line
        at a large text size (the column then starts higher, to end above the window's foot)."""
        x, w = 96, 320
        h = max(50, button_size(self.manager, "", "@menu_button")[1])
        gap = 10 if h == 50 else 6
        y = min(250, H - 24 - 7 * h - 6 * gap)
        return [pygame.Rect(x, y + i * (h + gap), w, h) for i in range(7)]

    def relayout(self) -> None:
        """A new text size: the column is laid out again for its buttons' new height."""
        buttons = [self.continue_btn, self.new_btn, self.load_btn, self.history_btn,
                   self.settings_btn, self.help_btn, self.quit_btn]  # fmt: skip
        for b, r in zip(buttons, self._column(), strict=True):
            b.set_dimensions(dims(self.manager, r.size))
            b.set_relative_position(place(self.manager, r).topleft)

    def enter(self) -> None:
        self.app.audio.start_ambience()
        if self.app.notices and not self._notices_shown:
            from scenes.dialogs import MessageDialog

            self._notices_shown = True
            self.app.stack.push(MessageDialog(self.app, "Please note", "\n".join(self.app.notices)))
            self.app.notices.clear()

    def resume(self) -> None:
        self.app.audio.start_ambience()
        self.refresh_continue()

    def refresh_continue(self) -> None:
        can_continue, why = autosave_status()
        self.continue_btn.set_tooltip(why)
        if can_continue:
            self.continue_btn.enable()
        else:
            self.continue_btn.disable()

    def handle_ui(self, event: pygame.event.Event) -> None:
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return
        el = event.ui_element
        if el is self.continue_btn:
            self.continue_game()
        elif el is self.new_btn:
            from scenes.setup_scene import SetupScene

            self.app.stack.push(SetupScene(self.app))
        elif el is self.load_btn:
            from scenes.load_scene import LoadScene

            self.app.stack.push(LoadScene(self.app))
        elif el is self.history_btn:
            from scenes.history.history_scene import HistoryScene

            self.app.stack.push(HistoryScene(self.app))
        elif el is self.settings_btn:
            from scenes.settings_scene import SettingsScene

            self.app.stack.push(SettingsScene(self.app))
        elif el is self.help_btn:
            from scenes.help_scene import HelpScene

            self.app.stack.push(HelpScene(self.app))
        elif el is self.quit_btn:
            self.app.quit()

    def continue_game(self) -> None:
        """Resume the newest unfinished game; with several, let the player pick one."""
        from scenes.load_scene import open_save

        resumable, broken = continue_choices()
        if len(resumable) > 1:
            self.app.stack.push(ContinueChooser(self.app, resumable))
        elif resumable:
            open_save(self.app, resumable[0].path)
        elif broken:
            open_save(self.app, broken[0].path)  # says what is wrong; the file stays as it is

    def draw_back(self, surface: pygame.Surface) -> None:
        self.app.sea.draw(surface)
        title = draw_title(surface, "Atlantis Tabletop", (W // 2, 86), 86)
        draw_text(
            surface,
            self.subtitle,
            (W // 2, max(140, title.bottom + 4)),
            size=20,
            kind="italic",
            colour=PARCHMENT,
            anchor="midtop",
        )
        draw_text(
            surface,
            f"v{APP_VERSION}   ·   F11 full screen",
            (W - 16, H - 12),
            size=14,
            colour=MUTED,
            anchor="bottomright",
        )
