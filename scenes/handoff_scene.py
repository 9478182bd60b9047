"""The hand-off screen: "Pass the screen to <name>" or "Show the table", covering the board.

It is opaque, so the stack draws nothing below it: no board, log, tooltip or animation of the
previous player's view can show until the named player (or, before a public step, everyone)
clicks Ready. ``name=None`` is the "show the table" hand-off: the private view just used is
put away and the public view, which holds nobody's secrets, opens after Ready.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from scenes.assets import font
from scenes.palette import MUTED, SeatStyle, draw_seat_marker
from scenes.stack import Scene
from scenes.text import wrap_text
from scenes.ui import H, W, button, button_size, dim, dims, draw_text, draw_title, place

if TYPE_CHECKING:
    from scenes.app import App


class HandoffScene(Scene):
    opaque = True
    modal = True

    def __init__(
        self,
        app: App,
        name: str | None,
        style: SeatStyle | None,
        on_ready: Callable[[], None],
        still_wanted: Callable[[], bool] | None = None,
    ) -> None:
        super().__init__(app)
        self.name = name
        self.style = style
        self.on_ready = on_ready
        #: asked each frame: False once this hand-off is no longer needed (the person it waits
        #: for took their seat on a phone meanwhile), and the curtain goes without a Ready
        self.still_wanted = still_wanted
        label = f"I am {name} — Ready" if name is not None else "Everyone can look — Ready"
        self.ready = button(self.manager, self._ready_rect(label), label, style="@primary_button")

    def _ready_rect(self, label: str) -> pygame.Rect:
        """The Ready button: as wide as its words need (a long name, large text), centred,
        under the lines that say who is to look."""
        w, h = button_size(self.manager, label, "@primary_button")
        w, h = min(W - 40, max(260, w)), max(56, h)
        return pygame.Rect(W // 2 - w // 2, max(H // 2 + 90, self._text_bottom() + 12), w, h)

    def _words(self) -> tuple[str, str]:
        """The curtain's two lines: to whom, and what that means."""
        if self.name is None or self.style is None:
            return (
                "to everyone",
                "Private views are put away. What comes next is open to all players.",
            )
        return (
            f"to {self.name}",
            f"Only {self.name} should look now. Their private view opens after Ready.",
        )

    def _text_bottom(self) -> int:
        """Where the two lines end as :meth:`_two_lines` draws them at this text size."""
        big, small = self._words()
        head = H // 2 + 4 + font(34, "bold").get_height() // 2
        y = max(H // 2 + 52 - font(17).get_height() // 2, head + 4)
        return y + len(wrap_text(small, W - 80, 17)) * font(17).get_height()

    def relayout(self) -> None:
        r = self._ready_rect(self.ready.text)
        self.ready.set_dimensions(dims(self.manager, r.size))
        self.ready.set_relative_position(place(self.manager, r).topleft)

    @property
    def to_table(self) -> bool:
        """Is this the "show the table" hand-off (the public view opens next)?"""
        return self.name is None

    def enter(self) -> None:
        self.app.audio.play("chime")

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.still_wanted is not None and not self.still_wanted():
            self.app.stack.pop(self)

    def handle_ui(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.ready:
            self.app.stack.pop(self)
            self.on_ready()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            from scenes.pause_scene import PauseScene

            board = self.app.stack.scenes[-2] if len(self.app.stack) > 1 else None
            session = getattr(board, "session", None)
            if session is not None:
                self.app.stack.push(PauseScene(self.app, session))
            return True
        return False

    def draw_back(self, surface: pygame.Surface) -> None:
        # Painted from scratch: the sea and our own text only, nothing from the game.
        self.app.sea.draw(surface)
        dim(surface, 175)
        if self.name is None or self.style is None:
            draw_title(surface, "Show the table", (W // 2, H // 2 - 150), 50)
            self._two_lines(surface, *self._words())
            return
        draw_title(surface, "Pass the screen", (W // 2, H // 2 - 150), 50)
        draw_seat_marker(
            surface, self.style, (W // 2, H // 2 - 62), 26, self.app.settings.colourblind
        )
        self._two_lines(surface, *self._words())

    def _two_lines(self, surface: pygame.Surface, big: str, small: str) -> None:
        """Who the screen goes to, and what that means: the second line under the first as
        large text draws them (wrapped to the window), the Ready button below both."""
        head = draw_text(surface, big, (W // 2, H // 2 + 4), size=34, kind="bold", anchor="center")
        y = max(H // 2 + 52 - font(17).get_height() // 2, head.bottom + 4)
        for line in wrap_text(small, W - 80, 17):
            y = draw_text(surface, line, (W // 2, y), size=17, colour=MUTED, anchor="midtop").bottom
