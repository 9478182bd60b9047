"""Settings: display mode, UI scale, volume, animation speed, colour-blind palette, guidance.

Every change takes effect at once and is saved at once (storage.Settings), so there is no
Apply button to forget.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.core.storage import UI_SCALES
from scenes.boards import playable_games, seat_colour_styles
from scenes.palette import MUTED, SeatStyle, draw_seat_marker, seat_styles
from scenes.ui import (
    H,
    MenuScene,
    W,
    button,
    draw_panel,
    draw_text,
    grown,
    label,
    label_size,
    place,
)

if TYPE_CHECKING:
    from scenes.app import App

DISPLAY_CHOICES = ["Windowed", "Full screen"]
SPEED_CHOICES = ["1x", "2x", "4x", "instant"]
#: the UI scale drop-down's entries, in the order of storage.UI_SCALES (0.0 is auto)
SCALE_CHOICES = ["Auto (fit the window)"] + [f"{round(v * 100)}%" for v in UI_SCALES[1:]]
PANEL = pygame.Rect(W // 2 - 380, 120, 760, 470)
#: the words beside the two check boxes
CHECK_WORDS = ("letters and shapes on every seat", "hints during your first game")


class SettingsScene(MenuScene):
    heading = "Settings"

    LABELS = (
        "Display",
        "Text size",
        "Volume",
        "Animation speed",
        "Colour-blind-safe colours",
        "First-game guidance",
    )
    ROW = 62

    def __init__(self, app: App) -> None:
        super().__init__(app)
        s = app.settings
        m = self.manager
        self.panel = self.panel_rect()
        lx, cx, cw = self.columns()
        box = self.box_size()
        y = self.panel.y + 34
        self.labels = [
            label(m, (lx, y + i * self.ROW, 280, 40), t) for i, t in enumerate(self.LABELS)
        ]
        self.display = pygame_gui.elements.UIDropDownMenu(
            DISPLAY_CHOICES,
            DISPLAY_CHOICES[1] if s.fullscreen else DISPLAY_CHOICES[0],
            place(m, (cx, y, cw, 40)),
            manager=m,
        )
        self.ui_scale = pygame_gui.elements.UIDropDownMenu(
            SCALE_CHOICES,
            SCALE_CHOICES[UI_SCALES.index(s.ui_scale) if s.ui_scale in UI_SCALES else 0],
            place(m, (cx, y + self.ROW, cw, 40)),
            manager=m,
        )
        self.volume = pygame_gui.elements.UIHorizontalSlider(
            place(m, (cx, y + 2 * self.ROW, cw - 70, 40)),
            start_value=int(round(s.volume * 100)),
            value_range=(0, 100),
            manager=m,
            click_increment=5,
        )
        self.volume_label = label(
            m, (cx + cw - 60, y + 2 * self.ROW, 60, 40), f"{int(round(s.volume * 100))}%"
        )
        self.speed = pygame_gui.elements.UIDropDownMenu(
            SPEED_CHOICES,
            s.animation_speed if s.animation_speed in SPEED_CHOICES else "1x",
            place(m, (cx, y + 3 * self.ROW, cw, 40)),
            manager=m,
        )
        self.colourblind = pygame_gui.elements.UICheckBox(
            place(m, (cx, y + 4 * self.ROW + (40 - box) // 2, box, box)),
            CHECK_WORDS[0],
            manager=m,
            initial_state=s.colourblind,
        )
        self.guidance = pygame_gui.elements.UICheckBox(
            place(m, (cx, y + 5 * self.ROW + (40 - box) // 2, box, box)),
            CHECK_WORDS[1],
            manager=m,
            initial_state=s.guided_first_game,
        )
        self.back_btn = button(m, (W // 2 - 120, H - 100, 240, 54), "Done", style="@primary_button")

    def box_size(self) -> int:
        """A check box's side: 24, or as tall as its words' line (pygame-gui gives the words
        beside it the box's height)."""
        return max(24, label_size(self.manager, "Ag")[1])

    def panel_rect(self) -> pygame.Rect:
        """The panel: as designed, widened (about the middle) when the labels, the check
        boxes and their words need more room at a large text size."""
        m = self.manager
        widest = max(label_size(m, t)[0] for t in self.LABELS)
        words = max(label_size(m, t)[0] for t in CHECK_WORDS)
        need = max(330, 36 + widest + 16) + self.box_size() + 10 + words + 36
        if need <= PANEL.width:
            return PANEL.copy()
        return PANEL.inflate(min(W - 80, need) - PANEL.width, 0)

    def columns(self) -> tuple[int, int, int]:
        """Where the labels start, where the controls start and how wide they are: the controls
        stand clear of the longest label at the text size in force."""
        lx = self.panel.x + 36
        widest = max(label_size(self.manager, t)[0] for t in self.LABELS)
        cx = max(self.panel.x + 330, lx + widest + 16)
        return lx, cx, min(360, self.panel.right - 36 - cx)

    def relayout(self) -> None:
        """A new text size: the controls move clear of the (re-measured) labels."""
        m = self.manager
        self.panel = self.panel_rect()
        lx, cx, cw = self.columns()
        box = self.box_size()
        y = self.panel.y + 34
        moves = [
            (self.display, (cx, y, cw, 40)),
            (self.ui_scale, (cx, y + self.ROW, cw, 40)),
            (self.volume, (cx, y + 2 * self.ROW, cw - 70, 40)),
            (self.speed, (cx, y + 3 * self.ROW, cw, 40)),
            (self.colourblind, (cx, y + 4 * self.ROW + (40 - box) // 2, box, box)),
            (self.guidance, (cx, y + 5 * self.ROW + (40 - box) // 2, box, box)),
            *(
                (lab, (lx, y + i * self.ROW, round(lab.rect.w / getattr(m, "density", 1.0)), 40))
                for i, lab in enumerate(self.labels)
            ),
        ]
        text = self.volume_label.text
        size = label_size(m, text)
        moves.append(
            (self.volume_label, grown(pygame.Rect(cx + cw - 60, y + 2 * self.ROW, 60, 40), size))
        )
        for element, rect in moves:
            r = place(m, rect)
            element.set_dimensions(r.size)
            element.set_relative_position(r.topleft)

    def handle_ui(self, event: pygame.event.Event) -> None:
        s = self.app.settings
        el = getattr(event, "ui_element", None)
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            if el is self.display:
                self.app.set_fullscreen(event.text == DISPLAY_CHOICES[1])
            elif el is self.ui_scale and event.text in SCALE_CHOICES:
                s.ui_scale = UI_SCALES[SCALE_CHOICES.index(event.text)]
                self.app.apply_settings()
            elif el is self.speed:
                s.animation_speed = event.text
                self.app.apply_settings()
        elif event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED and el is self.volume:
            s.volume = float(self.volume.get_current_value()) / 100.0
            self.volume_label.set_text(f"{int(round(s.volume * 100))}%")
            self.app.apply_settings()
            self.app.audio.play("click")
        elif event.type in (pygame_gui.UI_CHECK_BOX_CHECKED, pygame_gui.UI_CHECK_BOX_UNCHECKED):
            on = event.type == pygame_gui.UI_CHECK_BOX_CHECKED
            if el is self.colourblind:
                s.colourblind = on
            elif el is self.guidance:
                s.guided_first_game = on
            self.app.apply_settings()
        elif event.type == pygame_gui.UI_BUTTON_PRESSED and el is self.back_btn:
            self.back()

    def swatches(self) -> list[SeatStyle]:
        """The seat colours the preview shows: those of the game setup opens with, as its board
        draws them (Rising's councilors), or the shared palette when no game is playable."""
        cb = self.app.settings.colourblind
        games = playable_games()
        return seat_colour_styles(games[0], cb) if games else list(seat_styles(cb))

    def swatch_centres(self) -> list[tuple[int, int]]:
        """Where each swatch of the preview is drawn (canvas units)."""
        from scenes.assets import font

        x, y = self.panel.x + 36, self.panel.bottom - 44
        caption = font(16).size("Seat colours:")[0]
        x0 = max(x + 150, x + caption + 30)  # clear of the caption at any text size
        return [(x0 + i * 52, y) for i in range(len(self.swatches()))]

    def draw_back(self, surface: pygame.Surface) -> None:
        super().draw_back(surface)
        draw_panel(surface, self.panel)
        # A live preview of the seat colours the board will use.
        cb = self.app.settings.colourblind
        x = self.panel.x + 36
        y = self.panel.bottom - 44
        draw_text(surface, "Seat colours:", (x, y), size=16, colour=MUTED, anchor="midleft")
        for style, centre in zip(self.swatches(), self.swatch_centres(), strict=True):
            draw_seat_marker(surface, style, centre, 15, cb)
