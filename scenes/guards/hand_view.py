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
from scenes.text import text_width, wrap_text

ICONS = (
    ("attack", "ATK"),
    ("defense", "DEF"),
    ("move", "MOV"),
    ("range", "RNG"),
    ("radius", "RAD"),
)
SHORT_ITEM = {"initiative": "INI", **{name: short for name, short in ICONS}}
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


def fit_lines(name: str, width: int, size: int = 15, least: int = 9) -> tuple[list[str], int]:
    """A card's name (or note) in one line, or two, shrunk until it fits ``width``: it is
    never cut (a player tells cards apart by their names). Smaller on one line first (down to
    12), then two lines from ``size`` down to ``least``; a word longer than the card is
    hyphenated."""
    for s in range(size, 10, -1):
        if text_width(name, s, "bold") <= width:
            return [name], s
    for s in range(size, least - 1, -1):
        lines = wrap_text(name, width, s, "bold")
        if len(lines) <= 2 and all(text_width(x, s, "bold") <= width for x in lines):
            return lines, s
    return wrap_text(name, width, least, "bold"), least


def name_lines(name: str, width: int, height: int, ls) -> tuple[list[str], int]:  # noqa: ANN001
    """A card's name as :func:`fit_lines` lays it out, in lines no taller together than
    ``height`` (the room the card's note leaves at a larger text size): smaller first, never
    below the smallest print; as :func:`fit_lines` when even that is too tall."""
    for s in range(15, look.SMALLEST_PRINT - 1, -1):
        lines, size = fit_lines(name, width, s, least=s)
        if ls(size, "bold") * len(lines) <= height and all(
            text_width(x, size, "bold") <= width for x in lines
        ):
            return lines, size
    return fit_lines(name, width)


def card_tip(view, h: int, c: Card) -> str:
    """A card's hover: its name, colour and tier, its text, its values (with what items and
    the Ultimate add) and the item it becomes when its pair's other card is taken."""
    vals = values(view, h, c)
    bits = [f"{name} {v}" + (f" ({b}+{v - b})" if v != b else "") for name, (v, b) in vals.items()]
    tier = f" {TIER.get(c.tier, c.tier)}" if c.tier else ""
    parts = [f"{c.name} ({c.colour}{tier}): {c.text.rstrip()}"]
    if bits:
        parts.append(", ".join(bits).capitalize() + ".")
    if c.item:
        parts.append(f"Item when not taken: +1 {c.item}.")
    return " ".join(parts)


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
    note_lines = fit_lines(note, rect.w - 14, 13, least=look.SMALLEST_PRINT) if note else ([], 13)
    note_h = ls(note_lines[1], "bold") * len(note_lines[0]) + 3 if note else 0
    lines, size = name_lines(c.name, rect.w - 10, rect.bottom - 3 - note_h - y, ls)
    for line in lines:
        draw_text(surface, line, (rect.centerx, y), size=size, kind="bold", colour=ink,
                  anchor="midtop")  # fmt: skip
        y += ls(size, "bold")
    kind = c.primary if c.primary != "passive" else "ultimate"
    kind_label, kind_size = fit_text(kind, rect.w - 10, 13, "italic")
    kind_h = ls(kind_size, "italic") + 2
    bottom = rect.bottom - 3
    item = ([], 12)
    if c.item:
        item = fit_lines(f"item: {c.item}", rect.w - 10, 12)
        if len(item[0]) > 1:  # a narrow card: the icon's short name keeps it on one line
            item = fit_lines(f"item: {SHORT_ITEM.get(c.item, c.item)}", rect.w - 10, 12)
    foot = sum(ls(sz, "bold") * len(lines) for lines, sz in (item, note_lines))
    foot += 3 if note else 0
    labels = []
    for name, short in ICONS:
        if name in vals:
            v, b = vals[name]
            labels.append((f"{short} {v}" + ("+" if v > b else ""), v == b))
    texts = [t for t, _ in labels]
    grid = icon_grid(texts, rect.w - 10, bottom - foot - y - kind_h)
    kind_room = y + kind_h <= bottom - foot
    if kind_room and (grid is not None or icon_grid(texts, rect.w - 10, bottom - foot - y) is None):
        # the card's kind, unless leaving it out is what lets every value show (its tooltip
        # names it too)
        draw_text(surface, kind_label, (rect.centerx, y), size=kind_size, kind="italic",
                  colour=(80, 70, 60), anchor="midtop")  # fmt: skip
        y += kind_h
    lines, size = item
    for line in reversed(lines):
        r = draw_text(surface, line, (rect.centerx, bottom), size=size, colour=(70, 60, 50),
                      anchor="midbottom")  # fmt: skip
        bottom = r.top
    lines, size = note_lines
    if lines:
        th = ls(size, "bold") * len(lines) + 2
        while bottom - th - 1 < y and size > look.SMALLEST_PRINT:  # clear of the name
            lines, size = fit_lines(note, rect.w - 14, size - 1, least=look.SMALLEST_PRINT)
            th = ls(size, "bold") * len(lines) + 2
        tag = pygame.Rect(rect.x + 4, bottom - th - 1, rect.w - 8, th)
        draw.rect(surface, (20, 30, 44), tag, border_radius=5)
        for i, line in enumerate(lines):
            draw_text(surface, line, (tag.centerx, tag.y + 1 + i * ls(size, "bold")), size=size,
                      kind="bold", colour=look.TEXT, anchor="midtop")  # fmt: skip
        bottom = tag.top - 1
    grid = icon_grid(texts, rect.w - 10, bottom - y)
    if grid is None:  # too small a card for every value: those that fit, still readable
        grid = (LEAST, 1, (bottom - y) // ls(LEAST, "bold"))  # (the tooltip has them all)
    size, cols, rows = grid
    if rows <= 0:
        return
    step = ls(size, "bold")
    cw = (rect.w - 10) // cols
    for i, (text, plain) in enumerate(labels):
        col, row = divmod(i, rows)
        if col >= cols:
            break
        text = fit_text(text, cw - 2, size, "bold", least=size)[0]
        draw_text(surface, text, (rect.x + 5 + col * cw, y + row * step), size=size, kind="bold",
                  colour=ink if plain else boosted)  # fmt: skip


#: the smallest size a card's values are drawn at: as readable as the board's other small
#: text (the values once went down to 9, about 7 px of ink beside a 14 px name)
LEAST = 12


def icon_grid(labels: list[str], width: int, height: int) -> tuple[int, int, int] | None:
    """(size, columns, rows) for the icon values: one column at the largest size whose rows fit
    ``height``, else two columns, each label whole at the size chosen (15 px down to
    :data:`LEAST`); None when nothing fits."""
    n = max(1, len(labels))
    for cols in (1, 2):
        rows = -(-n // cols)
        for s in range(15, LEAST - 1, -1):
            fits = all(text_width(t, s, "bold") <= width // cols - 2 for t in labels)
            if fits and rows * font(s, "bold").get_linesize() <= height:
                return s, cols, rows
    return None


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
