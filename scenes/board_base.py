"""What every board scene shares: the session loop, hand-offs, pause, "thinking…", results.

A board subclasses :class:`BoardScene`, draws ``self.session.view()`` in ``draw_board`` (never
the full state), and sends the human's choices through ``self.act(action)``. Everything else —
bots, autosave, hand-off screens, Esc for the pause menu, the results screen — happens here.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from game.core.protocol import Action, Event, IllegalAction
from scenes.palette import INK, PARCHMENT, SeatStyle, seat_styles, style_by_name
from scenes.stack import Scene
from scenes.ui import W, draw_text

if TYPE_CHECKING:
    from scenes.app import App
    from scenes.session import GameSession

RESULTS_DELAY_S = 1.5  # let the final position be seen before the results screen


class BoardScene(Scene):
    """Base class of the three boards."""

    opaque = True
    modal = True

    def __init__(self, app: App, session: GameSession) -> None:
        super().__init__(app)
        self.session = session
        self.notice = ""
        self.notice_time = 0.0
        self._handing_off = False
        self._over_for = 0.0
        from scenes.session import BOT_PACE_S

        session.pace_s = BOT_PACE_S.get(app.settings.animation_speed, 0.7)

    # --- lifecycle ----------------------------------------------------------------------------
    def enter(self) -> None:
        self.app.audio.stop_ambience()

    def exit(self) -> None:
        self.session.close()

    def resume(self) -> None:
        self._handing_off = False
        from scenes.session import BOT_PACE_S

        self.session.pace_s = BOT_PACE_S.get(self.app.settings.animation_speed, 0.7)

    def unsaved_note(self) -> str | None:
        return self.session.unsaved_note()

    # --- per frame ----------------------------------------------------------------------------
    def animating(self) -> bool:
        """True while the board's animations should hold back bot moves and the results screen."""
        return False

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.notice and self.clock - self.notice_time > 4.0:
            self.notice = ""
        if self.session.is_over:
            if self.animating():
                return
            self._over_for += dt
            if self._over_for >= RESULTS_DELAY_S:
                from scenes.results_scene import ResultsScene

                self.app.stack.replace(ResultsScene(self.app, self.session))
                self._over_for = -1e9  # replaced once, whatever frames still reach this scene
            return
        seat = self.session.needs_handoff()
        if seat is not None:
            if not self._handing_off:
                self._handing_off = True
                self.push_handoff(seat)
            return
        if not self.animating():
            events = self.session.update(dt)
            if events:
                self.on_events(events)
        if self.session.save_problem and not self.notice:
            self.show_notice(self.session.save_problem)

    def push_handoff(self, seat: int) -> None:
        from scenes.handoff_scene import HandoffScene

        seat_info = self.session.seats[seat]
        style = style_by_name(seat_info.colour, self.app.settings.colourblind, seat)

        def ready() -> None:
            self.session.mark_shown(seat)

        self.app.stack.push(HandoffScene(self.app, seat_info.name, style, ready))

    def act(self, action: Action) -> list[Event]:
        """Play a human's move; a refused move becomes a short notice, never a crash."""
        try:
            events = self.session.apply(action)
        except IllegalAction as exc:
            self.show_notice(str(exc))
            return []
        self.on_events(events)
        return events

    def on_events(self, events: list[Event]) -> None:
        """Animate or log what just happened (boards override)."""

    def show_notice(self, text: str) -> None:
        self.notice = text
        self.notice_time = self.clock

    # --- input --------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            from scenes.pause_scene import PauseScene

            self.app.stack.push(PauseScene(self.app, self.session))
            return True
        return False

    # --- drawing ------------------------------------------------------------------------------
    def draw_back(self, surface: pygame.Surface) -> None:
        self.draw_board(surface)

    def draw_board(self, surface: pygame.Surface) -> None:
        """Draw ``self.session.view()`` (boards override)."""
        surface.fill(INK)

    def draw_front(self, surface: pygame.Surface) -> None:
        who = self.session.thinking()
        if who:
            dots = "." * (1 + int(self.clock * 3) % 3)
            self._pill(surface, f"{who} is thinking{dots}", 14)
        if self.notice:
            self._pill(surface, self.notice, 60)

    def seat_style(self, seat: int) -> SeatStyle:
        """The colour (and, colour-blind, letter and shape) of a seat."""
        info = self.session.seats[seat]
        styles = seat_styles(self.app.settings.colourblind)
        return style_by_name(info.colour, self.app.settings.colourblind, seat % len(styles))

    def _pill(self, surface: pygame.Surface, text: str, y: int) -> None:
        from scenes.assets import font

        img = font(17, "bold").render(text, True, PARCHMENT)
        rect = img.get_rect(midtop=(W // 2, y + 8)).inflate(36, 16)
        pulse = 0.5 + 0.5 * math.sin(self.clock * 3)
        pygame.draw.rect(surface, (8, 26, 40), rect, border_radius=rect.height // 2)
        pygame.draw.rect(
            surface,
            (int(168 + 50 * pulse), int(112 + 64 * pulse), 58),
            rect,
            2,
            border_radius=rect.height // 2,
        )
        draw_text(surface, text, rect.center, size=17, kind="bold", anchor="center")
