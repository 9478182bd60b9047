"""The help screen: one scrollable page per topic, chosen from a drop-down."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui

from scenes import help_pages
from scenes.ui import H, MenuScene, W, button, place, text_box

if TYPE_CHECKING:
    from scenes.app import App


class HelpScene(MenuScene):
    heading = "Help"

    def __init__(self, app: App, topic: str = "app") -> None:
        super().__init__(app)
        self.topics = help_pages.topics()
        ids = [t for t, _ in self.topics]
        self.topic = topic if topic in ids else "app"
        titles = [title for _, title in self.topics]
        current = titles[ids.index(self.topic)]
        top = 170 if len(self.topics) > 1 else 116
        self.text = text_box(
            self.manager, (W // 2 - 460, top, 920, 590 - top), help_pages.page(self.topic)
        )
        self.back_btn = button(
            self.manager, (W // 2 - 120, H - 100, 240, 54), "Back", style="@primary_button"
        )
        self.chooser: pygame_gui.elements.UIDropDownMenu | None = None
        if len(self.topics) > 1:
            self.chooser = pygame_gui.elements.UIDropDownMenu(
                titles,
                current,
                place(self.manager, (W // 2 - 200, 112, 400, 42)),
                manager=self.manager,
            )

    def show(self, topic: str) -> None:
        self.topic = topic
        self.text.set_text(help_pages.page(topic))

    def handle_ui(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.back_btn:
            self.back()
        elif (
            event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element is self.chooser
        ):
            for topic, title in self.topics:
                if title == event.text:
                    self.show(topic)
