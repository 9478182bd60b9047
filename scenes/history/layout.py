"""How the History and Statistics screens give way to large text: drop-downs as wide as their
longest choice, and a row of buttons that folds onto a second row when its words need it."""

from __future__ import annotations

import math

import pygame_gui

from scenes.ui import BUTTON_AIR, button_size, menu_height

#: what a drop-down keeps beside its words, canvas units: its arrow button and borders
MENU_FRAME = 26
#: the gap between two buttons of a row, and between two rows
GAP = 12


def menu_size(
    manager: pygame_gui.UIManager, options: list[str], designed: tuple[int, int]
) -> tuple[int, int]:
    """A drop-down's size (canvas units): as designed, grown until its longest choice shows
    whole beside the arrow and its line fits inside its border."""
    theme = manager.get_theme()
    ids = theme.build_all_combined_ids([None], ["drop_down_menu"], [None], [None])
    face = theme.get_font(ids)
    k = getattr(manager, "density", 1.0)
    words = max(math.ceil(face.size(t)[0] / k) for t in options) if options else 0
    return max(designed[0], words + MENU_FRAME + 2 * BUTTON_AIR), menu_height(manager, designed[1])


def button_rows(
    manager: pygame_gui.UIManager,
    rows: list[list[tuple[str, int]]],
    left: int,
    right: int,
) -> list[list[int]]:
    """The widths of a bar of buttons ((text, designed width) each, the last one of the last
    row kept at the right end): one row when all fit between ``left`` and ``right``, else the
    ``rows`` given. Each button is as wide as designed or as its words need."""

    def widths(items: list[tuple[str, int]]) -> list[int]:
        return [max(w, button_size(manager, t)[0]) for t, w in items]

    every = widths([item for row in rows for item in row])
    if sum(every) + GAP * (len(every) - 1) <= right - left:
        return [every]
    return [widths(row) for row in rows]
