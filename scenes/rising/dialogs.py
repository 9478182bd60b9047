"""Pop-up menus and the two board dialogs (build, library), drawn by us.

A dialog never decides anything itself: each of its buttons carries one engine action from
``legal_actions`` (target id ``act:<n>``) or a plain command (``cmd:<name>``), and the board
applies it. Number keys pick menu entries.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import pygame

from game.core.protocol import Action
from game.rising.components import COMPONENTS
from game.rising.island import RESOURCES
from game.rising.knowledge import KNOWLEDGE, KNOWLEDGE_INDEX
from scenes import draw
from scenes.assets import font, scaled
from scenes.palette import GOLD, MUTED, PARCHMENT, SeatStyle
from scenes.rising.look import (
    DIM_INK,
    GOOD,
    RESOURCE_COLOURS,
    WARN,
    blit_text,
    capped,
    chip,
    gem,
    growth,
    marker,
    panel,
    wrap,
)
from scenes.rising.panels import Hit


@dataclass
class Entry:
    """One button of a dialog or menu: an engine action or a command for the board."""

    label: str
    action: Action | None = None
    command: str = ""
    enabled: bool = True
    primary: bool = False


@dataclass
class Menu:
    """A small list of choices next to what was clicked; Esc or a click elsewhere closes it."""

    title: str
    entries: list[Entry]
    anchor: tuple[int, int]
    rect: pygame.Rect = field(default_factory=pygame.Rect)

    def layout(self) -> list[pygame.Rect]:
        f = font(15, "bold")
        w = max([f.size(e.label)[0] for e in self.entries] + [f.size(self.title)[0]]) + 64
        w = max(220, min(520, w))
        h = 36 + 34 * len(self.entries) + 8
        x = min(max(8, self.anchor[0] - w // 2), 1272 - w)
        y = self.anchor[1] + 14
        if y + h > 712:
            y = max(48, self.anchor[1] - h - 14)
        self.rect = pygame.Rect(x, y, w, h)
        return [pygame.Rect(x + 8, y + 36 + i * 34, w - 16, 30) for i in range(len(self.entries))]

    def draw(self, surface: pygame.Surface, hover: str, hits: list[Hit]) -> None:
        rows = self.layout()
        panel(surface, self.rect, hot=True, alpha=248)
        blit_text(
            surface,
            self.title,
            (self.rect.x + 12, self.rect.y + 9),
            15,
            GOLD,
            "bold",
            max_width=self.rect.width - 24,
        )
        for i, (e, r) in enumerate(zip(self.entries, rows, strict=True)):
            key = f"menu:{i}"
            chip(
                surface,
                r,
                e.label,
                enabled=e.enabled,
                hover=hover == key,
                key_hint=str(i + 1) if i < 9 else "",
            )
            hits.append(Hit(key, r, ""))


#: where a row's benefit starts below its top, and the middle of its name line (the cost
#: sits there): in a row, and in a compact row (magic items are listed too)
ROW_HEAD = {False: 21, True: 19}
NAME_MID = {False: 13, True: 10}
#: a row's cost ends this far left of its right edge (the status or buttons are beyond)
COST_AT = 188
#: the "MAGIC ITEMS" heading over the items
ITEMS_HEAD = 18
#: the name line of a magic item (name, cost, Make button or who holds it)
ITEM_HEAD = 21
#: the height of a cost that needs a line of its own (under the name, clear of it), and
#: where its middle is below the row's top: in a row, and in a compact row
COST_LINE = {False: 21, True: 22}
COST_MID = {False: 33, True: 30}


#: how much larger than designed the build dialog draws its text (0: as the text sizing
#: draws it); set while it is drawn, to the most that lets every row fit the dialog
_GROWTH = [0.0]


def _px(size: int, kind: str = "regular") -> int:
    """The designed size to ask for ``size`` in the build dialog (see ``_GROWTH``)."""
    return capped(size, _GROWTH[0], kind) if _GROWTH[0] else size


def _room(length: int, size: int, kind: str = "regular") -> int:
    """A designed offset laid out around text of designed ``size``, grown as that text is
    drawn (exactly ``length`` at the designed sizes)."""
    drawn = scaled(_px(size, kind))
    return length if drawn <= size else int(round(length * drawn / size))


def _box() -> int:
    """The height of one line of benefit text as drawn (its font's line box)."""
    return font(_px(TEXT_PX)).get_linesize()


def _step(compact: bool) -> int:
    """The line step of the dialogs' benefit text at the text size in force."""
    return max(14, font(_px(TEXT_PX)).get_linesize() - (3 if compact else 2))


def cost_width(cost: Sequence[int]) -> int:
    """How wide :func:`cost_line` draws ``cost``."""
    f = font(_px(13, "bold"), "bold")
    parts = [f.size(f"{n} {RESOURCES[res][:4]}")[0] for res, n in enumerate(cost) if n]
    return sum(parts) + 22 * len(parts) - (22 - 15 if parts else 0)


def cost_line(surface: pygame.Surface, cost: Sequence[int], right: int, cy: int) -> None:
    """Resource pips of a cost, right-aligned."""
    x = right
    for res in range(3, -1, -1):
        n = cost[res]
        if not n:
            continue
        t = blit_text(
            surface,
            f"{n} {RESOURCES[res][:4]}",
            (x, cy),
            _px(13, "bold"),
            PARCHMENT,
            "bold",
            "midright",
        )
        gem(surface, (t.x - 9, cy), 6, RESOURCE_COLOURS[RESOURCES[res]])
        x = t.x - 22


#: the smallest text the dialogs draw (the benefit lines): never below it, wrapped instead
TEXT_PX = 12


@dataclass
class _Row:
    """One line of the build dialog, measured before it is drawn."""

    name: str
    text: str
    cost: Sequence[int]
    who: int = -1
    actions: list[tuple[str, Action, int, str]] = field(default_factory=list)  # label, act, w, tip
    status: str = ""
    ink: tuple[int, int, int] = DIM_INK
    lines: list[str] = field(default_factory=list)
    height: int = 0
    cost_below: bool = False  # the cost takes a line of its own (many buttons beside it)


@dataclass
class DrawnRow:
    """Where one row of the build dialog put its parts (tests and tooltips read it)."""

    name: str
    rect: pygame.Rect
    name_rect: pygame.Rect
    lines: list[tuple[str, pygame.Rect]]
    cost_rect: pygame.Rect
    status_rect: pygame.Rect | None = None


class BuildDialog:
    """The blueprint, large: what is built and by whom, what you can afford now, and costs.

    Every component's name and benefit are shown whole: the benefit wraps in the room left of
    the row's buttons or status, and a row is as tall as its lines."""

    RECT = pygame.Rect(192, 50, 860, 610)
    #: with magic items to list too it reaches over the action bar (its Pass is in the dialog)
    TALL = pygame.Rect(192, 48, 860, 667)
    TOP = 42  # the rows start this far below the dialog's top
    FOOT = 52  # the footer's buttons take this much of its bottom

    def __init__(self) -> None:
        self.entries: list[Entry] = []
        self.rect = self.RECT.copy()  # where it was last drawn
        #: each row as last drawn: its rect and where its name, benefit lines and cost went
        self.drawn: list[DrawnRow] = []
        self.drawn_items: list[DrawnRow] = []
        #: the largest text: the first row in sight, and the rows out of sight (above, below)
        self.first = 0
        self.hidden = (0, 0)
        self._head = ("", "")  # the title and what you have, as last drawn

    def scroll(self, pos: tuple[int, int], dy: int) -> bool:
        """The mouse wheel over a dialog whose rows do not all fit scrolls them (up: back to
        the first); True when it did."""
        if not any(self.hidden) or not self.rect.collidepoint(pos):
            return False
        self.first = max(0, min(self.first + self.hidden[1], self.first - dy))
        return True

    @staticmethod
    def _plan(
        blueprint: Sequence[int],
        built: Sequence[int],
        builds: Sequence[Action],
        names: Sequence[str],
        width: int,
        compact: bool,
    ) -> list[_Row]:
        rows = []
        for slot, ci in enumerate(blueprint):
            comp = COMPONENTS[ci]
            row = _Row(comp.name, comp.text, comp.cost, built[slot] if slot < len(built) else -1)
            ways = [a for a in builds if a["component"] == comp.key]
            for a in ways:
                waive = a.get("waive")
                tip = f"Pay and build the {comp.name}" + (
                    f", the Artificer waiving 1 {waive}." if waive else "."
                )
                label = "Build" if waive is None else f"−1 {waive[:4]}"
                # one way to pay: a roomy button; the Artificer's several: each as its words
                bold = font(_px(13, "bold"), "bold")
                w = max(70 if len(ways) == 1 else 52, bold.size(label)[0] + 20)
                row.actions.append((label, a, w, tip))
            if row.who >= 0:
                row.status, row.ink = f"built by {names[row.who]}", GOOD
            elif not row.actions:
                row.status = "cannot afford"
            right = sum(w + 6 for _, _, w, _ in row.actions) + 8
            if not row.actions:
                right = 8 + font(_px(13, "italic"), "italic").size(row.status)[0] + 10
            room = width - 28 - right
            name_px = 14 if compact else 15
            buttons_w = sum(w + 6 for _, _, w, _ in row.actions)
            cost_right = min(width - COST_AT, width - 8 - buttons_w - 4)
            cost_left = cost_right - cost_width(comp.cost)
            name_end = 28 + font(_px(name_px, "bold"), "bold").size(comp.name)[0] + 12
            row.cost_below = cost_left < name_end
            row.lines = wrap(comp.text, _px(TEXT_PX), room)
            step = _step(compact)
            head = _room(ROW_HEAD[compact], name_px, "bold") + (
                _room(COST_LINE[compact], 13, "bold") if row.cost_below else 0
            )
            row.height = head + step * (len(row.lines) - 1) + _box() + 1
            rows.append(row)
        return rows

    def draw(
        self,
        surface: pygame.Surface,
        blueprint: Sequence[int],
        built: Sequence[int],
        legal: Sequence[Action],
        holdings: Sequence[int],
        styles: Sequence[SeatStyle],
        names: Sequence[str],
        colourblind: bool,
        hover: str,
        hits: list[Hit],
        items: Sequence[MagicRow] = (),
        wrath: int = 0,
    ) -> None:
        self.rect = (self.TALL if items else self.RECT).copy()
        title = "Build a component" if not items else "Build"
        have = "You have " + ", ".join(f"{holdings[i]} {RESOURCES[i]}" for i in range(4))
        self._head = (title, have)
        self._choose_growth(blueprint, built, legal, names, items)
        try:
            r = self.rect
            panel(surface, r, hot=True, alpha=250)
            # what the dialog covers (panels, the action bar) takes no hover and no click
            hits.append(Hit("dialog", r.copy(), ""))
            title_r = blit_text(surface, title, (r.x + 18, r.y + 12), _px(20, "bold"), GOLD, "bold")
            if self._have_below():  # the largest text: under the title, at its left
                at, anchor = (r.x + 18, title_r.bottom), "topleft"
            else:
                at, anchor = (r.right - 18, r.y + 16), "topright"
            blit_text(
                surface, have, at, _px(14), PARCHMENT, "regular", anchor,
                r.right - 18 - title_r.right - 16 if anchor == "topright" else r.width - 36,
            )  # fmt: skip
            self.entries = []
            self.drawn = []
            self.drawn_items = []
            builds = [a for a in legal if a.kind == "build"]
            y = r.y + self._top()
            width = r.width - 24
            compact = bool(items)
            rows = self._plan(blueprint, built, builds, names, width, compact)
            room = r.bottom - self.FOOT - y - self._items_height(items)
            # rows part by 4 units, less when many tall rows must share the room
            gap = next((g for g in (4, 2, 1) if sum(row.height + g for row in rows) <= room), 0)
            shown = self._rows_in_sight(rows, room, gap)
            for row in shown:
                rect = pygame.Rect(r.x + 12, y, width, row.height)
                y += row.height + gap
                mine = bool(row.actions)
                fill = (80, 62, 26) if mine else ((24, 54, 46) if row.who >= 0 else (16, 36, 50))
                draw.rect(surface, fill, rect, border_radius=6)
                if row.who >= 0:
                    marker(surface, styles[row.who], (rect.x + 14, rect.y + 13), 7, colourblind)
                name_px, top = (14, 1) if compact else (15, 3)
                name_rect = blit_text(
                    surface, row.name, (rect.x + 28, rect.y + top), _px(name_px, "bold"), PARCHMENT,
                    "bold",
                )  # fmt: skip
                step = _step(compact)
                first = rect.y + _room(ROW_HEAD[compact], name_px, "bold")
                bx = rect.right - 8
                buttons_left = bx - sum(w + 6 for _, _, w, _ in row.actions) + 6
                cost_right = min(rect.right - COST_AT, buttons_left - 10)
                cost_y = rect.y + (
                    _room(COST_MID[compact], 13, "bold")
                    if row.cost_below
                    else _room(NAME_MID[compact], name_px, "bold")
                )
                cost_line(surface, row.cost, cost_right, cost_y)
                cw = cost_width(row.cost)
                cost_rect = pygame.Rect(cost_right - cw, cost_y - 8, cw, 16)
                if row.cost_below:
                    first += _room(COST_LINE[compact], 13, "bold")
                lines = []
                for i, line in enumerate(row.lines):
                    at = blit_text(
                        surface, line, (rect.x + 28, first + i * step), _px(TEXT_PX), MUTED
                    )
                    lines.append((line, at))
                hits.append(Hit("info", rect.copy(), f"{row.name}: {row.text}"))
                status = None
                if row.status:
                    status = blit_text(
                        surface,
                        row.status,
                        (bx, rect.centery),
                        _px(13, "italic"),
                        row.ink,
                        "italic",
                        "midright",
                        max(150, font(_px(13, "italic"), "italic").size(row.status)[0]),
                    )
                self.drawn.append(
                    DrawnRow(row.name, rect.copy(), name_rect, lines, cost_rect, status)
                )
                for label, a, w, tip in reversed(row.actions):
                    b = pygame.Rect(bx - w, rect.y + 5, w, min(34, rect.height - 10))
                    b.centery = rect.centery
                    key = f"act:{len(self.entries)}"
                    self.entries.append(Entry(label, a))
                    chip(
                        surface, b, label, primary=label == "Build", hover=hover == key,
                        size=_px(13, "bold"),
                    )  # fmt: skip
                    hits.append(Hit(key, b, tip))
                    bx = b.x - 6
            if any(self.hidden):
                above, below = self.hidden
                words = ", ".join(
                    w
                    for w in (f"{above} above" if above else "", f"{below} below" if below else "")
                    if w
                )
                blit_text(
                    surface, f"{words}: the mouse wheel scrolls", (r.x + 18, y), _px(13, "italic"),
                    MUTED, "italic",
                )  # fmt: skip
                y += font(_px(13, "italic"), "italic").get_linesize()
            if items:
                self._draw_items(surface, y, items, wrath, styles, colourblind, hover, hits)
            foot = r.bottom - 46
            x = r.x + 18
            groups: list[tuple[str, list[Action]]] = []
            converts = [a for a in legal if a.kind == "convert"]
            if converts:
                groups.append(("cmd:convert", converts))
            for key, label in (("cmd:convert", "Convert… (2 energy)"),):
                if any(k == key for k, _ in groups):
                    b = pygame.Rect(x, foot, 200, 36)
                    chip(surface, b, label, hover=hover == key)
                    hits.append(
                        Hit(
                            key, b, "Spend 2 mystic energy to swap 1 of your resources for another."
                        )
                    )
                    x = b.right + 10
            passes = [a for a in legal if a.kind == "pass"]
            close = pygame.Rect(r.right - 18 - 120, foot, 120, 36)
            chip(surface, close, "Close", hover=hover == "cmd:close_dialog")
            hits.append(Hit("cmd:close_dialog", close, "Back to the board (B opens this again)."))
            if passes:
                bw = max(140, font(_px(14), "bold").size("Build nothing")[0] + 20)
                b = pygame.Rect(close.x - bw - 10, foot, bw, 36)
                key = f"act:{len(self.entries)}"
                self.entries.append(Entry("Pass", passes[0]))
                chip(surface, b, "Build nothing", primary=True, hover=hover == key, size=_px(14))
                hits.append(Hit(key, b, "Build nothing this turn."))
        finally:
            _GROWTH[0] = 0.0

    def _top(self) -> int:
        below = font(_px(14)).get_linesize() if self._have_below() else 0
        return _room(self.TOP, 20, "bold") + below

    def _have_below(self) -> bool:
        """Does what you have go under the title (too wide beside it)?"""
        title, have = self._head
        beside = font(_px(20, "bold"), "bold").size(title)[0] + 16 + font(_px(14)).size(have)[0]
        return beside > self.rect.width - 36

    def _rows_in_sight(self, rows: list, room: int, gap: int) -> list:
        """The rows the room holds: all of them; else (the largest text) those from the
        wheel's first row on, a line left under them to say how many are out of sight."""
        if sum(row.height + gap for row in rows) <= room:
            self.first, self.hidden = 0, (0, 0)
            return rows
        room -= font(_px(13, "italic"), "italic").get_linesize()
        self.first = max(0, min(self.first, len(rows) - 1))
        while self.first > 0 and sum(r.height + gap for r in rows[self.first - 1 :]) <= room:
            self.first -= 1  # no room left empty under the last row
        shown: list = []
        for row in rows[self.first :]:
            if sum(r.height + gap for r in shown) + row.height > room and shown:
                break
            shown.append(row)
        self.hidden = (self.first, len(rows) - self.first - len(shown))
        return shown

    def _choose_growth(
        self,
        blueprint: Sequence[int],
        built: Sequence[int],
        legal: Sequence[Action],
        names: Sequence[str],
        items: Sequence[MagicRow],
    ) -> None:
        """The largest growth of the text (as far as the text sizing asks) at which every row
        fits the dialog: larger text is drawn smaller here rather than run out of it."""
        want = growth((12, 13, 14, 15, 20))
        builds = [a for a in legal if a.kind == "build"]
        g = want
        while True:
            _GROWTH[0] = g
            rows = self._plan(blueprint, built, builds, names, self.rect.width - 24, bool(items))
            room = self.rect.height - self.FOOT - self._top() - self._items_height(items)
            if g <= 1.0 or sum(row.height + 1 for row in rows) <= room:
                return
            if g > 1.5:  # the largest text stays as chosen: the rows scroll instead
                return
            g = max(1.0, g - 0.125)

    @staticmethod
    def _item_lines(it: MagicRow, width: int) -> list[str]:
        """An item's benefit in lines under its name line (its button and cost are on that
        line, so the benefit has the row's whole width)."""
        return wrap(it.short, _px(TEXT_PX), width - 28 - 8)

    def _items_height(self, items: Sequence[MagicRow]) -> int:
        """How much of the dialog the magic items take (their heading included)."""
        if not items:
            return 0
        width = self.rect.width - 24
        step = _step(True)
        lines = [len(self._item_lines(it, width)) for it in items]
        head, item = _room(ITEMS_HEAD, 13, "bold"), _room(ITEM_HEAD, 14, "bold")
        return head + sum(item + step * (n - 1) + _box() + 1 + 4 for n in lines)

    def _draw_items(
        self,
        surface: pygame.Surface,
        y: int,
        items: Sequence[MagicRow],
        wrath: int,
        styles: Sequence[SeatStyle],
        colourblind: bool,
        hover: str,
        hits: list[Hit],
    ) -> None:
        """The magic items under the blueprint: cost now, the Wrath, who holds each; every
        item's benefit whole, wrapped under its name line."""
        r = self.rect
        head = pygame.Rect(r.x + 12, y, r.width - 24, _room(18, 13, "bold"))
        blit_text(surface, "MAGIC ITEMS", (head.x + 4, head.y + 1), _px(13, "bold"), GOLD, "bold")
        line = f"Wrath of the Gods {wrath} (half the turn, at most 6): each costs {wrath} less"
        blit_text(
            surface, line, (head.right, head.y + 2), _px(12, "italic"), WARN, "italic", "topright",
            480,
        )  # fmt: skip
        hits.append(
            Hit(
                "info",
                head,
                "A magic item is built instead of a component (it is your one build this turn). "
                "There is one of each, made only while its monster is on the board.",
            )
        )
        y += _room(ITEMS_HEAD, 13, "bold")
        step = _step(True)
        item_head = _room(ITEM_HEAD, 14, "bold")
        for it in items:
            lines = self._item_lines(it, head.width)
            height = item_head + step * (len(lines) - 1) + _box() + 1
            row = pygame.Rect(r.x + 12, y, r.width - 24, height)
            y += row.height + 4
            fill = (62, 44, 84) if it.action is not None else (30, 30, 50)
            draw.rect(surface, fill, row, border_radius=6)
            if it.holder >= 0 and it.holder < len(styles):
                marker(surface, styles[it.holder], (row.x + 14, row.y + 10), 7, colourblind)
            else:
                draw.circle(surface, (190, 160, 240), (row.x + 14, row.y + 10), 6, 2)
            name_rect = blit_text(
                surface, it.name, (row.x + 28, row.y + 1), _px(14, "bold"), PARCHMENT, "bold"
            )
            drawn = []
            for i, text in enumerate(lines):
                at = blit_text(
                    surface, text, (row.x + 28, row.y + item_head + i * step), _px(TEXT_PX), MUTED
                )
                drawn.append((text, at))
            hits.append(Hit("info", row.copy(), f"{it.name}: {it.text}"))
            cost = [0, 0, 0, 0]
            cost[it.resource] = it.cost
            at = row.right - COST_AT
            cost_rect = pygame.Rect(at, row.y + 2, 0, 16)
            if it.status == "":
                cost_line(surface, cost, at, row.y + 10)
                cw = cost_width(cost)
                base = blit_text(surface, f"(base {it.base})", (at - cw - 8, row.y + 10),
                                 _px(TEXT_PX), DIM_INK, "italic", "midright")  # fmt: skip
                cost_rect = pygame.Rect(base.x, row.y + 2, at - base.x, 16)
            bx = row.right - 8
            status = None
            if it.action is not None:
                b = pygame.Rect(bx - 70, row.y + 1, 70, item_head - 2)
                key = f"act:{len(self.entries)}"
                self.entries.append(Entry("Make", it.action))
                chip(surface, b, "Make", primary=True, hover=hover == key, size=_px(13, "bold"))
                hits.append(Hit(key, b, f"Pay {it.cost} {RESOURCES[it.resource]}: {it.text}"))
            else:
                note = it.status or "cannot afford"
                ink = GOOD if it.holder >= 0 else DIM_INK
                status = blit_text(
                    surface,
                    note,
                    (bx, row.y + 10),
                    _px(12, "italic"),
                    ink,
                    "italic",
                    "midright",
                    150,
                )
            self.drawn_items.append(DrawnRow(it.name, row.copy(), name_rect, drawn, cost_rect,
                                             status))  # fmt: skip


@dataclass
class MagicRow:
    """One magic item as the build dialog lists it."""

    key: str
    name: str
    short: str
    text: str
    resource: int
    cost: int
    base: int
    holder: int = -1
    status: str = ""  # "" buildable now or unaffordable; else why not ("held by …")
    action: Action | None = None


def keep_words(drawn: int, keep: int) -> tuple[str, str, str]:
    """The keep dialog's title, its second line and the action bar's line: a library that
    lets you keep every card you drew asks nothing ("keep 1 of 1"), it hands the card over."""
    if drawn <= keep:
        return (
            "The library: this card is yours",
            "Nothing to choose: click it to take it into your hand.",
            "Click the card to take it.",
        )
    plural = "s" if keep != 1 else ""
    return (
        f"The library: keep {keep} card{plural} of {drawn}",
        "The others go to the discards.",
        "Click a card to keep it.",
    )


class KeepDialog:
    """Cards drawn at a library: click the one to keep."""

    RECT = pygame.Rect(300, 150, 644, 330)

    def __init__(self) -> None:
        self.entries: list[Entry] = []

    def draw(
        self,
        surface: pygame.Surface,
        legal: Sequence[Action],
        keep_left: int,
        hover: str,
        hits: list[Hit],
        drawn: int,
    ) -> None:
        r = self.RECT
        panel(surface, r, hot=True, alpha=250)
        title, second, _ = keep_words(drawn, keep_left)
        blit_text(surface, title, (r.x + 18, r.y + 12), 20, GOLD, "bold")
        blit_text(surface, second, (r.x + 18, r.y + 42), 14, MUTED)
        keeps = [a for a in legal if a.kind == "keep"]
        self.entries = []
        n = max(1, len(keeps))
        w = min(190, (r.width - 36 - (n - 1) * 12) // n)
        x = r.centerx - (n * w + (n - 1) * 12) // 2
        for a in keeps:
            c = KNOWLEDGE[KNOWLEDGE_INDEX[a["card"]]]
            card = pygame.Rect(x, r.y + 76, w, 230)
            key = f"act:{len(self.entries)}"
            self.entries.append(Entry(f"Keep {c.name}", a))
            draw.rect(
                surface, (40, 34, 22) if hover != key else (70, 58, 30), card, border_radius=10
            )
            draw.rect(surface, GOLD, card, 3 if hover == key else 2, border_radius=10)
            blit_text(
                surface, c.name, (card.centerx, card.y + 12), 15, GOLD, "bold", "midtop", w - 12
            )
            yy = card.y + 42
            for line in wrap(c.text, 13, w - 20)[:8]:
                blit_text(surface, line, (card.centerx, yy), 13, PARCHMENT, "regular", "midtop")
                yy += 17
            when = "attack" if c.window == "attack" else "any time on your turn"
            blit_text(
                surface, when, (card.centerx, card.bottom - 10), 12, MUTED, "italic", "midbottom"
            )
            hits.append(Hit(key, card, ""))  # the card shows its name and text already
            x += w + 12
