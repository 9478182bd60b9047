"""The board's three questions: which captain to keep, whether to name the city, the claim.

The claim is entered on the chart itself, one space at a time: the lit spaces are those that
touch the ones named (the explored space is the first), Backspace or "Undo last" takes a pick
back, and "Name the city" sends the whole claim to the device, which answers.
"""

from __future__ import annotations

import pygame

from game.core.protocol import Action
from game.finding.cards import CAPTAIN
from scenes import draw
from scenes.assets import text_room
from scenes.finding import look
from scenes.finding.look import CARD_H, Hit
from scenes.palette import INK
from scenes.text import line_step
from scenes.ui import draw_text


def _button(
    surface: pygame.Surface, rect: pygame.Rect, text: str, key: str, hover: str, tip: str = "",
    primary: bool = False,
) -> Hit:  # fmt: skip
    hot = hover == key
    fill = (60, 110, 70) if primary else (36, 64, 84) if hot else (20, 44, 62)
    if primary and hot:
        fill = (80, 140, 90)
    draw.rect(surface, fill, rect, border_radius=8)
    draw.rect(surface, look.SELECT if hot else look.PANEL_EDGE, rect, 2, border_radius=8)
    draw_text(surface, text, rect.center, size=15, kind="bold", anchor="center")
    return Hit(rect, key, tip)


def _wrap(text: str, width: int, size: int) -> list[str]:
    from scenes.finding.voice import wrap

    return wrap(text, width, size)


def _captain_card(surface: pygame.Surface, box: pygame.Rect, key: str, hover: str) -> Hit:
    """One captain's card: its name on its colour band, its ability, what it costs."""
    spec = CAPTAIN[key]
    hot = hover == f"keep:{key}"
    head = max(34, look.line_step(18, "bold") + 6)
    draw.rect(surface, look.CAPTAIN_FACE, box, border_radius=10)
    draw.rect(surface, look.CAPTAIN_COLOURS[key], pygame.Rect(box.x, box.y, box.w, head),
              border_radius=10)  # fmt: skip
    draw.rect(surface, look.SELECT if hot else INK, box, 4 if hot else 2, border_radius=10)
    draw_text(surface, spec.name, (box.centerx, box.y + head // 2), size=18, kind="bold",
              anchor="center")  # fmt: skip
    cost = "Free: costs no action." if spec.free else "Costs one action."
    cost_y = box.bottom - 8 - look.line_step(14, "bold")
    step = look.line_step(15)
    y = box.y + head + 12
    room = max(1, (cost_y - 4 - y) // step)
    for line in look.wrap_text(spec.text, box.w - 24, 15, max_lines=room):
        draw_text(surface, line, (box.x + 12, y), size=15, colour=INK)
        y += step
    draw_text(surface, cost, (box.x + 12, cost_y), size=14, kind="bold", colour=INK)
    return Hit(box, f"keep:{key}", f"Keep the {spec.name}: {spec.text} {cost}")


def card_need(key: str, width: int) -> int:
    """How tall a captain's card ``width`` wide must be for its words, whole."""
    head = max(34, look.line_step(18, "bold") + 6)
    lines = len(look.wrap_text(CAPTAIN[key].text, width - 24, 15))
    return head + 12 + lines * look.line_step(15) + 4 + look.line_step(14, "bold") + 8


def draw_captain_choice(
    surface: pygame.Surface,
    r: pygame.Rect,
    view,  # noqa: ANN001
    seat: int,
    legal: list[Action],
    hover: str,
    shown: int = 0,
) -> list[Hit]:
    """The two captains dealt to the seat on screen; a click keeps one. When their words do
    not fit side by side, one card takes the panel's width and a button per captain (the
    ``shown`` one lit) turns to the other. ``r``: the panel's room."""
    look.panel(surface, r, look.SELECT)
    y = draw_text(surface, "Choose your captain", (r.x + 16, r.y + 12), size=20, kind="bold").bottom
    for line in _wrap("You were dealt two: click a card to keep it. The other leaves the game unseen.",
                      r.w - 32, 15):  # fmt: skip
        y = draw_text(surface, line, (r.x + 16, y + 2), size=15, colour=look.DIM).bottom
    hits: list[Hit] = []
    offered = [a["captain"] for a in legal if a.kind == "keep"]
    top = max(r.y + 80, y + 10)
    room = r.bottom - 12 - top
    if all(card_need(k, 312) <= room for k in offered):
        for i, key in enumerate(offered):
            # as tall as the panel leaves (larger text: the cards grow down, their lines apart)
            box = pygame.Rect(r.x + 16 + i * 328, top, 312, min(text_room(250, 15), room))
            hits.append(_captain_card(surface, box, key, hover))
        return hits
    shown = min(shown, len(offered) - 1)
    h = max(34, look.line_step(15, "bold") + 6)
    w = (r.w - 32 - 8 * (len(offered) - 1)) // max(1, len(offered))
    for i, key in enumerate(offered):  # a button per captain: which card shows
        b = pygame.Rect(r.x + 16 + i * (w + 8), top, w, h)
        hits.append(_button(surface, b, CAPTAIN[key].name, f"capview:{i}", hover if i != shown
                            else f"capview:{i}", "Show this captain's card."))  # fmt: skip
    box = pygame.Rect(r.x + 16, top + h + 10, r.w - 32, r.bottom - 12 - (top + h + 10))
    hits.append(_captain_card(surface, box, offered[shown], hover))
    return hits


def draw_solve_question(surface: pygame.Surface, r: pygame.Rect, hover: str) -> list[Hit]:
    """Atlantis beneath the submarine, in the panel ``r``: name the city now, or keep
    searching."""
    look.panel(surface, r, look.SELECT)
    head = draw_text(
        surface, "Atlantis lies beneath you!", (r.x + 16, r.y + 12), size=20, kind="bold"
    )
    text = (
        "Name the whole city now: you pick its spaces one by one on your chart, starting "
        "here. Right, and you win at once. Wrong, and everyone learns it is not those spaces, "
        "and a current sweeps your submarine to an unknown space."
    )
    y = max(r.y + 46, head.bottom)  # under the heading, however large the text is drawn
    step = max(20, line_step(15) - 2)
    for line in _wrap(text, r.width - 32, 15):
        draw_text(surface, line, (r.x + 16, y), size=15)
        y += step
    return [
        _button(
            surface,
            pygame.Rect(r.x + 16, r.bottom - 56, 240, 42),
            "Name the city",
            "solve:yes",
            hover,
            primary=True,
        ),  # fmt: skip
        _button(
            surface,
            pygame.Rect(r.x + 272, r.bottom - 56, 240, 42),
            "Keep searching",
            "solve:no",
            hover,
            "The turn goes on; you can come back later.",
        ),  # fmt: skip
    ]


def draw_claim(
    surface: pygame.Surface, r: pygame.Rect, named: int, total: int, picks: bool, hover: str
) -> list[Hit]:
    """How far the claim is, with Undo last and Name the city, in the panel ``r``."""
    look.panel(surface, r, look.SELECT)
    head = draw_text(surface, f"Name Atlantis: {named} of {total} spaces", (r.x + 16, r.y + 12),
                     size=20, kind="bold")  # fmt: skip
    left = total - named
    text = (
        f"Click {left} more lit space{'s' if left != 1 else ''} on your chart; each must touch "
        "one already named (a side or a corner)."
        if left
        else "Every space is named. Send the claim to the device?"
    )
    y = max(r.y + 46, head.bottom)  # under the heading, however large the text is drawn
    step = max(20, line_step(15) - 2)
    for line in _wrap(text, r.width - 32, 15):
        draw_text(surface, line, (r.x + 16, y), size=15)
        y += step
    hits = []
    if picks:
        hits.append(_button(surface, pygame.Rect(r.x + 16, r.bottom - 56, 200, 42), "Undo last",
                            "claim:undo", hover, "Take back the last space (Backspace)."))  # fmt: skip
    if not left:
        hits.append(_button(surface, pygame.Rect(r.x + 232, r.bottom - 56, 260, 42),
                            "Name the city", "claim:confirm", hover, "Send the claim (Enter).",
                            primary=True))  # fmt: skip
    return hits


__all__ = ["CARD_H", "draw_captain_choice", "draw_claim", "draw_solve_question"]
