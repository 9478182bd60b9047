"""Modal dialogs as overlay scenes: a message, a yes/no question, and a name prompt.

They draw over the scene below (dimmed) and swallow all input until answered, so nothing
beneath can be clicked by accident.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.core.files import shown
from scenes.stack import Scene
from scenes.ui import H, W, button, button_row, dim, dims, label, place, row_widths, text_box

if TYPE_CHECKING:
    from scenes.app import App

PANEL_W = 620
#: the most characters a dialog's message shows (about twenty lines of its box)
MAX_MESSAGE_CHARS = 1200


class _Dialog(Scene):
    opaque = False
    modal = True

    def __init__(self, app: App, title: str, message: str, height: int = 300) -> None:
        super().__init__(app)
        self.rect = pygame.Rect(0, 0, PANEL_W, height)
        self.rect.center = (W // 2, H // 2)
        self.panel = pygame_gui.elements.UIPanel(
            place(self.manager, self.rect), manager=self.manager
        )
        # whatever a dialog is handed (a file's text may be megabytes) is bounded before
        # pygame-gui lays it out, which costs the square of a word's length
        title, message = shown(title, 80), shown(message, MAX_MESSAGE_CHARS)
        self.title_label = label(
            self.manager,
            (20, 14, PANEL_W - 40, 40),
            title,
            style="@subheading",
            container=self.panel,
        )
        self.message = message
        self.body = text_box(
            self.manager,
            (20, 60, PANEL_W - 44, height - 140),
            _escape(message),
            plain=True,
            container=self.panel,
        )

    def widen(self, inner: int) -> int:
        """Make the panel wide enough for a row ``inner`` wide (a row of buttons grown with
        large text), centred as before; returns its new width."""
        width = min(W - 40, max(self.rect.width, inner + 40))
        if width != self.rect.width:
            self.rect = self.rect.inflate(width - self.rect.width, 0)
            self.panel.set_dimensions(dims(self.manager, self.rect.size))
            self.panel.set_relative_position(place(self.manager, self.rect).topleft)
            for el, w in ((self.title_label, width - 40), (self.body, width - 44)):
                el.set_dimensions(dims(self.manager, (w, canvas_height(self.manager, el))))
        return self.rect.width

    def draw_back(self, surface: pygame.Surface) -> None:
        dim(surface, 140)

    def close(self) -> None:
        self.app.stack.pop(self)


def canvas_height(manager: pygame_gui.UIManager, el: object) -> int:
    """A widget's height in canvas units."""
    return round(el.rect.height / getattr(manager, "density", 1.0))  # type: ignore[attr-defined]


def _escape(text: str) -> str:
    return (
        text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\n", "<br>")
    )


class MessageDialog(_Dialog):
    """Tell the player something (a damaged save, a failed write) and wait for OK."""

    def __init__(
        self, app: App, title: str, message: str, on_close: Callable[[], None] | None = None
    ) -> None:
        super().__init__(app, title, message)
        self.on_close = on_close
        self.ok = button(
            self.manager,
            (PANEL_W // 2 - 80, self.rect.height - 70, 160, 46),
            "OK",
            style="@primary_button",
            container=self.panel,
        )

    def handle_ui(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.ok:
            self._done()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_RETURN):
            self._done()
            return True
        return False

    def _done(self) -> None:
        self.close()
        if self.on_close is not None:
            self.on_close()


class ConfirmDialog(_Dialog):
    """Ask before doing something that cannot be taken back; Esc means no."""

    def __init__(
        self,
        app: App,
        title: str,
        message: str,
        *,
        confirm: str,
        cancel: str = "Cancel",
        on_confirm: Callable[[], None],
        on_cancel: Callable[[], None] | None = None,
        purpose: str = "",
    ) -> None:
        super().__init__(app, title, message)
        self.purpose = purpose
        self.on_confirm = on_confirm
        self.on_cancel = on_cancel
        y = self.rect.height - 70
        items = [(cancel, "@menu_button", 210), (confirm, "@primary_button", 210)]
        width = self.widen(sum(row_widths(self.manager, items)) + 40)
        self.cancel, self.confirm = button_row(
            self.manager, items, width // 2, y, 46, gap=40, container=self.panel
        )

    def handle_ui(self, event: pygame.event.Event) -> None:
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return
        if event.ui_element is self.confirm:
            self.close()
            self.on_confirm()
        elif event.ui_element is self.cancel:
            self._cancel()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self._cancel()
            return True
        return False

    def _cancel(self) -> None:
        self.close()
        if self.on_cancel is not None:
            self.on_cancel()


class NamePrompt(_Dialog):
    """Ask for a short name (Save as…); ``on_accept(name)`` runs when the player confirms."""

    def __init__(
        self,
        app: App,
        title: str,
        message: str,
        *,
        initial: str,
        accept: str,
        on_accept: Callable[[str], None],
    ) -> None:
        super().__init__(app, title, message, height=320)
        self.on_accept = on_accept
        self.entry = pygame_gui.elements.UITextEntryLine(
            place(self.manager, (20, 150, PANEL_W - 44, 44)),
            manager=self.manager,
            container=self.panel,
        )
        self.entry.set_text_length_limit(40)
        self.entry.set_text(initial)
        self.entry.focus()
        y = self.rect.height - 70
        self.cancel = button(
            self.manager, (PANEL_W // 2 - 230, y, 210, 46), "Cancel", container=self.panel
        )
        self.accept = button(
            self.manager,
            (PANEL_W // 2 + 20, y, 210, 46),
            accept,
            style="@primary_button",
            container=self.panel,
        )
        self.body.set_dimensions(dims(self.manager, (PANEL_W - 44, 80)))

    def handle_ui(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.cancel:
            self.close()
        elif (event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.accept) or (
            event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.entry
        ):
            name = self.entry.get_text().strip()
            if name:
                self.close()
                self.on_accept(name)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()
            return True
        return False
