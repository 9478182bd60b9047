"""The results screen: who won, how many rounds, the game's summary table, and what next."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.core.saves import SaveError
from scenes import canvas, draw
from scenes.assets import font
from scenes.palette import GOLD, PANEL_EDGE, PARCHMENT
from scenes.ui import H, MenuScene, W, button_row, draw_text

if TYPE_CHECKING:
    from scenes.app import App
    from scenes.session import GameSession


def draw_table(
    surface: pygame.Surface, rect: pygame.Rect, headers: list[str], rows: list[list[str]]
) -> None:
    """A simple ruled table drawn with our font (columns sized to their widest cell)."""
    draw.rect(surface, (6, 20, 31), rect, border_radius=10)
    draw.rect(surface, PANEL_EDGE, rect, 2, border_radius=10)
    if not headers:
        draw_text(surface, "This game keeps no score table.", rect.center, anchor="center")
        return
    # rows shrink (down to 24 px, with a smaller font) so a ten-row table still fits
    row_h = max(22, min(34, (rect.height - 60) // max(1, len(rows))))
    size = 18 if row_h >= 30 else 17 if row_h >= 27 else 15
    body, bold = font(size), font(size, "bold")
    cols = list(zip(headers, *rows, strict=False))
    widths = [max(bold.size(str(c))[0] for c in col) + 36 for col in cols]
    scale = min(1.0, (rect.width - 40) / max(1, sum(widths)))
    x0, y = rect.x + 20, rect.y + 16
    max_rows = (rect.height - 60) // row_h
    for r, cells in enumerate([headers, *rows[:max_rows]]):
        x = x0
        f = bold if r == 0 else body
        colour = GOLD if r == 0 else PARCHMENT
        for c, cell in enumerate(cells):
            surface.blit(f.render(str(cell), True, colour), (x, y))
            x += int(widths[c] * scale) if c < len(widths) else 0
        y += 40 if r == 0 else row_h
        if r == 0:
            draw.line(surface, PANEL_EDGE, (rect.x + 14, y - 8), (rect.right - 14, y - 8), 1)
    if len(rows) > max_rows:
        draw_text(surface, f"… and {len(rows) - max_rows} more", (x0, y), size=16)


class ResultsScene(MenuScene):
    heading = "The game is over"

    def __init__(self, app: App, session: GameSession) -> None:
        super().__init__(app)
        self.session = session
        self.results = session.results()
        # a game's notes (difficulty, losses ...) sit between the headline and the table
        top = 220 + 22 * len(self.results.notes)
        self.table_rect = pygame.Rect(W // 2 - 420, top, 840, H - 130 - top)
        y = H - 120
        # three buttons, each as wide as its words need at a large text size
        items = [("Rematch (same seed)", "@menu_button", 270),
                 ("Rematch (new seed)", "@primary_button", 270), ("Title screen", "@menu_button", 270)]  # fmt: skip
        self.same_seed, self.new_seed, self.title_btn = button_row(
            self.manager, items, W // 2, y, 54, gap=15
        )
        self.same_seed.set_tooltip(
            "The same seats, options and shuffles: replay the same situation."
        )
        self.new_seed.set_tooltip("The same seats and options with a fresh shuffle.")

    def enter(self) -> None:
        self.session.close()
        self.app.audio.play("chime")

    def back(self) -> None:
        self.to_title()

    def to_title(self) -> None:
        from scenes.title_scene import TitleScene

        self.app.stack.reset(TitleScene(self.app))

    def handle_ui(self, event: pygame.event.Event) -> None:
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return
        if event.ui_element is self.title_btn:
            self.to_title()
        elif event.ui_element in (self.same_seed, self.new_seed):
            self.rematch(event.ui_element is self.same_seed)

    def rematch(self, same_seed: bool) -> None:
        from scenes.boards import board_for
        from scenes.dialogs import MessageDialog

        factory = board_for(self.session.record.game)
        try:
            if factory is None:
                raise SaveError("this game has no board in this version")
            session = self.session.rematch(same_seed)
        except (SaveError, ValueError, KeyError) as exc:
            self.app.stack.push(MessageDialog(self.app, "No rematch", str(exc)))
            return
        self.app.stack.reset(factory(self.app, session))

    def draw_back(self, surface: pygame.Surface) -> None:
        super().draw_back(surface)
        r = self.results
        draw_text(surface, r.headline, (W // 2, 130), size=40, kind="bold", anchor="center")
        line = f"{self.session.spec.title} · {r.rounds} {self.session.spec.round_word}s · seed {self.session.record.seed}"
        if r.detail:
            line = r.detail + "   ·   " + line
        # the headline sits on the sky, but the detail and notes cross the waterline: a dark
        # band behind them keeps them readable
        band = canvas.surface((W - 240, 42 + 22 * len(r.notes)), pygame.SRCALPHA)
        band.fill((8, 20, 32, 190))
        surface.blit(band, (120, 172))
        draw_text(surface, line, (W // 2, 190), size=19, anchor="center")
        for i, note in enumerate(r.notes):
            draw_text(surface, note, (W // 2, 222 + 22 * i), size=16, anchor="center")
        draw_table(surface, self.table_rect, r.headers, r.rows)
