"""The pause overlay: Resume, Save as…, Help, Settings, Phones…, Quit to title.

It dims the board and freezes it (only the top scene updates), so bots stop being driven
while the menu is open.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.core import storage
from game.core.saves import SaveError
from scenes.stack import Scene
from scenes.ui import H, W, button, button_size, dim, dims, draw_title, place

if TYPE_CHECKING:
    from scenes.app import App
    from scenes.session import GameSession

PANEL = pygame.Rect(W // 2 - 180, H // 2 - 265, 360, 530)


class PauseScene(Scene):
    opaque = False
    modal = True

    def __init__(self, app: App, session: GameSession) -> None:
        super().__init__(app)
        self.session = session
        self.rect, places = self._layout()
        self.panel = pygame_gui.elements.UIPanel(
            place(self.manager, self.rect), manager=self.manager
        )
        self.resume_btn = button(
            self.manager, places[0], "Resume", style="@primary_button", container=self.panel
        )
        self.save_btn = button(self.manager, places[1], "Save as…", container=self.panel)
        self.help_btn = button(self.manager, places[2], "Help", container=self.panel)
        self.settings_btn = button(self.manager, places[3], "Settings", container=self.panel)
        self.phones_btn = button(
            self.manager,
            places[4],
            "Phones…",
            container=self.panel,
            tooltip="Open this table to phones on the same network: each seat may be played "
            "from its own screen, with no hand-off.",
        )
        if not session.phones:
            self.phones_btn.disable()
        self.quit_btn = button(
            self.manager,
            places[5],
            "Quit to title",
            container=self.panel,
            tooltip=(
                "Every move is autosaved (each game keeps its own autosave): "
                "Continue on the title screen picks the game up again."
            ),
        )

    def _layout(self) -> tuple[pygame.Rect, list[pygame.Rect]]:
        """The panel and its six buttons: as designed, or taller with the buttons when their
        words' line needs it (a gap kept between them, the panel centred)."""
        h = max(50, button_size(self.manager, "", "@menu_button")[1])
        step = max(62, h + 12)
        x, w = 40, PANEL.width - 80
        ys = [96 + i * step for i in range(5)] + [96 + 4 * step + h + 38]
        height = max(PANEL.height, ys[-1] + h + 40)
        rect = pygame.Rect(PANEL.x, H // 2 - height // 2, PANEL.width, height)
        return rect, [pygame.Rect(x, y, w, h) for y in ys]

    def relayout(self) -> None:
        """A new text size (Settings opened from here): the panel and buttons follow it."""
        self.rect, places = self._layout()
        self.panel.set_dimensions(dims(self.manager, self.rect.size))
        self.panel.set_relative_position(place(self.manager, self.rect).topleft)
        buttons = [
            self.resume_btn,
            self.save_btn,
            self.help_btn,
            self.settings_btn,
            self.phones_btn,
            self.quit_btn,
        ]
        for b, r in zip(buttons, places, strict=True):
            b.set_dimensions(dims(self.manager, r.size))
            b.set_relative_position(place(self.manager, r).topleft)

    def draw_back(self, surface: pygame.Surface) -> None:
        dim(surface, 150)

    def draw_front(self, surface: pygame.Surface) -> None:
        draw_title(surface, "Paused", (W // 2, self.rect.top + 44), 44)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.stack.pop(self)
            return True
        return False

    def handle_ui(self, event: pygame.event.Event) -> None:
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return
        el = event.ui_element
        if el is self.resume_btn:
            self.app.stack.pop(self)
        elif el is self.save_btn:
            self.ask_name()
        elif el is self.help_btn:
            from scenes.help_scene import HelpScene

            self.app.stack.push(HelpScene(self.app, topic=self.session.record.game))
        elif el is self.settings_btn:
            from scenes.settings_scene import SettingsScene

            self.app.stack.push(SettingsScene(self.app))
        elif el is self.phones_btn:
            from scenes.remote_scenes import open_table

            self.app.stack.pop(self)
            open_table(self.app, self.session)
        elif el is self.quit_btn:
            from scenes.title_scene import TitleScene

            self.app.stack.reset(TitleScene(self.app))

    # --- save as ------------------------------------------------------------------------------
    def ask_name(self) -> None:
        from scenes.dialogs import NamePrompt

        initial = f"{self.session.spec.title} {time.strftime('%Y-%m-%d %H.%M')}"
        self.app.stack.push(
            NamePrompt(
                self.app,
                "Save as…",
                "Name this save. It appears under Load game on the title screen.",
                initial=initial,
                accept="Save",
                on_accept=self.save_named,
            )
        )

    def save_named(self, name: str) -> None:
        """Write a named save; an existing file is replaced only if it is one of ours, and only
        after asking. A file we cannot read is never overwritten."""
        from scenes.dialogs import ConfirmDialog, MessageDialog

        path = storage.save_path(name)
        if path.exists():
            try:
                storage.read_save(path)
            except SaveError as exc:
                self.app.stack.push(
                    MessageDialog(
                        self.app,
                        "Name already taken",
                        f"A file called {path.name} already exists and this version cannot read it "
                        f"({exc}), so it is left untouched. Please choose another name.",
                    )
                )
                return
            self.app.stack.push(
                ConfirmDialog(
                    self.app,
                    "Replace this save?",
                    f"There is already a save called “{name}”. Replace it with the game you are playing?",
                    confirm="Replace",
                    on_confirm=lambda: self._write(name),
                )
            )
            return
        self._write(name)

    def _write(self, name: str) -> None:
        from scenes.dialogs import MessageDialog

        try:
            path = self.session.save_as(name)
        except OSError as exc:
            self.app.stack.push(
                MessageDialog(self.app, "Not saved", f"The game could not be saved: {exc}")
            )
            return
        self.app.stack.push(MessageDialog(self.app, "Saved", f"Saved as “{name}” ({path.name})."))
