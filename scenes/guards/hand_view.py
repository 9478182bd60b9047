"""A Guards card drawn with every value legible: initiative, attack, defence, move, range or
radius, tier and the item bonuses already added; the rules text is on the hover tip.

Only the hands of the seat on screen are ever drawn (the board calls :func:`draw_hand` with
that seat's heroes alone). A card's face colour comes from :func:`face_colour` so a test can
paint each seat's cards in a loud colour of its own and count them on the canvas.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.guards import units
from game.guards.cards import Card
from scenes import draw
from scenes.assets import font
from scenes.guards import look
from scenes.guards.look import draw_text, fit_text

ICONS = (
    ("attack", "ATK"),
    ("defense", "DEF"),
    ("move", "MOV"),
    ("range", "RNG"),
    ("radius", "RAD"),
)
TIER = {1: "I", 2: "II", 3: "III", 4: "IV"}


def face_colour(seat: int) -> tuple[int, int, int]:
    """The paper colour of ``seat``'s cards (one colour for all; tests make it loud)."""
    return look.CARD_FACE


@dataclass
class CardHit:
    key: str
    rect: pygame.Rect
    tip: str


def values(view, h: int, c: Card) -> dict[str, tuple[int, int]]:
    """Icon -> (value with items and the Ultimate, printed value), for the icons the card has."""
    out = {}
    for name in ("initiative", *(n for n, _ in ICONS)):
        base = getattr(c, name)
        if base is None:
            continue
        out[name] = (units.icon(view, h, c, name), base)
    return out


def card_tip(view, h: int, c: Card) -> str:
    vals = values(view, h, c)
    bits = [f"{name} {v}" + (f" ({b}+{v - b})" if v != b else "") for name, (v, b) in vals.items()]
    item = f" Item when not taken: {c.item}." if c.item else ""
    return (
        f"{c.name} ({c.colour} {TIER.get(c.tier, c.tier)}): {c.text} "
        + ", ".join(bits)
        + "."
        + item
    )


def draw_card(
    surface: pygame.Surface,
    rect: pygame.Rect,
    view,
    h: int,
    c: Card,
    *,
    seat: int,
    selected: bool = False,
    usable: bool = True,
    note: str = "",
) -> None:
    """One card face in ``rect``; ``usable`` False greys it (played, locked, not a choice)."""
    face = face_colour(seat)
    if not usable:
        face = tuple(int(v * 0.55) for v in face)
    draw.rect(surface, face, rect, border_radius=8)
    ls = lambda size, kind="regular": font(size, kind).get_linesize()  # noqa: E731
    band = pygame.Rect(rect.x, rect.y, rect.w, max(26, ls(19, "bold") + 2))
    draw.rect(surface, look.SLOT_RGB.get(c.colour, (90, 90, 90)), band, border_top_left_radius=8,
              border_top_right_radius=8)  # fmt: skip
    edge = look.SELECT if selected else (40, 34, 26)
    draw.rect(surface, edge, rect, 4 if selected else 2, border_radius=8)
    vals = values(view, h, c)
    ink = (24, 20, 16)
    boosted = (150, 80, 10)
    # the band: initiative (big, left) and tier (right)
    if "initiative" in vals:
        v, b = vals["initiative"]
        draw_text(surface, str(v), (rect.x + 6, band.centery), size=19, kind="bold",
                  colour=(255, 240, 200) if v == b else (255, 200, 90), anchor="midleft")  # fmt: skip
    tier = TIER.get(c.tier, str(c.tier))
    draw_text(surface, tier, (rect.right - 6, band.centery), size=14, kind="bold",
              colour=(255, 240, 200), anchor="midright")  # fmt: skip
    y = band.bottom + 2
    name, size = fit_text(c.name, rect.w - 10, 15, "bold")
    draw_text(surface, name, (rect.centerx, y), size=size, kind="bold", colour=ink, anchor="midtop")
    y += ls(size, "bold")
    kind = c.primary if c.primary != "passive" else "ultimate"
    label, size = fit_text(kind, rect.w - 10, 13, "italic")
    draw_text(surface, label, (rect.centerx, y), size=size, kind="italic", colour=(80, 70, 60),
              anchor="midtop")  # fmt: skip
    y += ls(size, "italic") + 2
    bottom = rect.bottom - 3
    if c.item:
        text, size = fit_text(f"item: {c.item}", rect.w - 10, 12)
        r = draw_text(surface, text, (rect.centerx, bottom), size=size, colour=(70, 60, 50),
                      anchor="midbottom")  # fmt: skip
        bottom = r.top
    if note:
        text, size = fit_text(note, rect.w - 14, 13, "bold")
        th = ls(size, "bold") + 2
        tag = pygame.Rect(rect.x + 4, bottom - th - 1, rect.w - 8, th)
        draw.rect(surface, (20, 30, 44), tag, border_radius=5)
        draw_text(surface, text, tag.center, size=size, kind="bold", colour=look.TEXT,
                  anchor="center")  # fmt: skip
        bottom = tag.top - 1
    icons = [(n, short) for n, short in ICONS if n in vals]
    step = ls(15, "bold")
    rows = max(1, (bottom - y) // step)
    cols = 1 if len(icons) <= rows else 2
    cw = (rect.w - 10) // cols
    for i, (name, short) in enumerate(icons):
        col, row = divmod(i, rows) if cols == 2 else (0, i)
        if row >= rows or col >= cols:
            break
        v, b = vals[name]
        text = f"{short} {v}" + ("+" if v > b else "")
        text, size = fit_text(text, cw - 4, 15, "bold")
        draw_text(surface, text, (rect.x + 6 + col * cw, y + row * step), size=size, kind="bold",
                  colour=ink if v == b else boosted)  # fmt: skip


def hand_rects(area: pygame.Rect, n: int) -> list[pygame.Rect]:
    """Where ``n`` cards go in ``area``: full size when they fit, narrower when many."""
    if n <= 0:
        return []
    gap = 6
    w = min(look.CARD_W, (area.w - 16 - gap * (n - 1)) // n)
    h = min(look.CARD_H, area.h - 16)
    x = area.x + 8
    return [pygame.Rect(x + i * (w + gap), area.y + 8 + (area.h - 16 - h), w, h) for i in range(n)]


def hand_cards(view, heroes: tuple[int, ...]) -> list[tuple[int, str]]:
    """(hero, colour) of every card slot of the heroes, in slot order: in hand or not."""
    from game.guards.cards import COLOURS

    return [(h, col) for h in heroes for col in COLOURS]
