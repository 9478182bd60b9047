"""New-game setup: the game, its seats (human or bot, name, colour), its options, a seed.

Only playable games are offered (engine registered *and* a board scene registered). When
there are none, the screen says so plainly instead of showing controls that lead nowhere.

A team game shows one column per team; each seat is a card (name and move button on the
first line, who plays and colour on the second), and the move button sends the seat to the
other team, or swaps it with the seat opposite when that team is full.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from ai.base import LEVELS
from game.core.registry import GameSpec
from game.core.saves import Seat
from scenes import canvas, draw
from scenes import setup_roles as roles
from scenes.assets import font
from scenes.boards import board_for, playable_games, seat_colour_names, seat_colour_style
from scenes.game_ui import game_ui
from scenes.palette import INK, MUTED, draw_seat_marker, lerp, team_colour
from scenes.ui import (
    H,
    MenuScene,
    W,
    button,
    button_size,
    dims,
    draw_check,
    draw_panel,
    draw_text,
    label,
    label_size,
    menu_height,
    open_overlays,
    opens_up,
    place,
    text_box,
)

if TYPE_CHECKING:
    from scenes.app import App

HUMAN = "Human"
KINDS = [HUMAN] + [f"Bot · {level}" for level in LEVELS]


def kinds_for(game_id: str) -> list[str]:
    """Who may play a seat of ``game_id``: a person, or its bots by level under the name the
    game gives them (Finding Atlantis calls its bots U-Bots)."""
    from scenes.game_ui import game_ui

    ui = game_ui(game_id)
    word = ui.bot_word if ui is not None else "Bot"
    return [HUMAN] + [f"{word} · {level}" for level in LEVELS]


def kind_in(kinds: list[str], kind: str) -> str:
    """``kind`` (kept from another game's setup) as this game's list says it."""
    if kind == HUMAN or kind in kinds:
        return kind
    level = kind.split("· ")[-1]
    return next((k for k in kinds if k.endswith(f"· {level}")), kinds[0])


BOT_NAMES = (
    "Kleito",
    "Euenor",
    "Leukippe",
    "Gadeiros",
    "Ampheres",
    "Euaimon",
    "Mneseus",
    "Autochthon",
    "Elasippos",
    "Mestor",
    "Azaes",
    "Diaprepes",
)
LEFT = pygame.Rect(60, 110, 400, 480)
RIGHT = pygame.Rect(480, 110, 740, 480)
#: where either panel goes when text too large for two side by side shows one at a time
WHOLE = pygame.Rect(60, 110, 1160, 480)
#: the room a drop-down keeps beside its words (its arrow button, borders and padding)
MENU_EXTRA = 48
ROW_H = 62
OPTION_STEP = 46  # four options fit under the seed inside the panel
TEAM_GAP = 14  # between team columns and the panel's edges
TEAM_HEAD = 40  # a team column's heading band, above its seat cards
CARD_H = 80  # the tallest seat card of a team column
MOVE_W = 44
ROLE_NOTE_H = 64  # the lines under the seats about a per-seat choice (a councilor)


#: the words of the button that starts a game with its table open to phones, longest first
#: (the bottom row keeps the longest that fits at the text size)
PHONES_WORDS = ("Start with phones", "With phones", "Phones")


@dataclass
class SeatRow:
    name: pygame_gui.elements.UITextEntryLine
    kind: pygame_gui.elements.UIDropDownMenu
    colour: pygame_gui.elements.UIDropDownMenu
    kind_value: str
    colour_value: str
    default_name: str
    #: the seat's team in a team game (None otherwise), its move button and its card
    team: int | None = None
    move: pygame_gui.elements.UIButton | None = None
    card: pygame.Rect | None = None
    #: the game's per-seat choice (Rising's councilor): its drop-down and value
    role: pygame_gui.elements.UIDropDownMenu | None = None
    role_value: str = ""

    def widgets(self) -> list[Any]:
        return [
            el for el in (self.name, self.kind, self.role, self.colour, self.move) if el is not None
        ]


@dataclass
class RememberedSeat:
    """A seat as the last game of this kind was started with (the settings' ``last_setup``),
    shaped like a :class:`SeatRow` the seat builders keep their choices from."""

    text: str
    kind_value: str
    colour_value: str
    team: int | None = None
    role_value: str = ""

    @property
    def name(self) -> RememberedSeat:
        return self

    def get_text(self) -> str:
        return self.text

    def widgets(self) -> list[Any]:
        return []


def remembered(spec: GameSpec, last: Any) -> tuple[dict[str, str], list[RememberedSeat]]:
    """The options and seats ``last`` (the settings' ``last_setup``, as read from a file)
    holds for ``spec``'s game, keeping only what the game still accepts: an option's value
    among its choices, a seat count it allows, a team it has (with room)."""
    games = last.get("games") if isinstance(last, dict) else None
    mine = games.get(spec.game_id) if isinstance(games, dict) else None
    if not isinstance(mine, dict):
        return {}, []
    options: dict[str, str] = {}
    raw = mine.get("options")
    for opt in spec.options:
        value = raw.get(opt.key) if isinstance(raw, dict) else None
        if isinstance(value, str):
            try:
                options[opt.key] = opt.parse(value)
            except ValueError:
                pass
    seats: list[RememberedSeat] = []
    raw_seats = mine.get("seats")
    most = min(spec.max_players, spec.team_count * spec.team_limit or spec.max_players)
    if isinstance(raw_seats, list) and spec.min_players <= len(raw_seats) <= most:
        per_team: dict[int, int] = {}
        for s in raw_seats:
            if not isinstance(s, dict):
                return options, []
            text, kind, colour, team = (s.get(k) for k in ("name", "kind", "colour", "team"))
            if not all(isinstance(v, str) for v in (text, kind, colour)):
                return options, []
            if not (isinstance(team, int) and 0 <= team < spec.team_count) or (
                per_team.get(team, 0) >= (spec.team_limit or spec.max_players)
            ):
                team = None
            if team is not None:
                per_team[team] = per_team.get(team, 0) + 1
            role = s.get("role")
            seats.append(
                RememberedSeat(
                    text[:18], kind, colour, team if spec.team_game else None,
                    role if isinstance(role, str) else "",
                )
            )  # fmt: skip
    return options, seats


def _default_name(index: int, kind: str) -> str:
    return f"Player {index + 1}" if kind == HUMAN else BOT_NAMES[index % len(BOT_NAMES)]


class SetupScene(MenuScene):
    heading = "New game"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.games = playable_games()
        #: where the game's panel and the seats' panel are: side by side, or (``paged``: text
        #: too large for both) each over the whole width, one shown at a time
        self.left, self.right = LEFT, RIGHT
        self.paged = False
        self.page = "game"
        self.page_btn: pygame_gui.elements.UIButton | None = None
        #: the widgets of the game's panel (shown on its page)
        self.game_part: list[Any] = []
        self.back_btn = button(self.manager, self._foot_rect("Back", 60, "@menu_button"), "Back")
        #: the selected game's guided first game, when it has one (rebuilt with the game)
        self.tutorial_btn: pygame_gui.elements.UIButton | None = None
        #: "Start with phones": the game opens its table to phones at once (games with secrets)
        self.phones_btn: pygame_gui.elements.UIButton | None = None
        self.elements: list[Any] = []  # widgets of the current game, rebuilt when it changes
        self.rows: list[SeatRow] = []
        self.option_menus: dict[str, pygame_gui.elements.UIDropDownMenu] = {}
        #: a multi-choice option is a row of toggle buttons, one per choice
        self.option_toggles: dict[str, dict[str, pygame_gui.elements.UIButton]] = {}
        self.option_values: dict[str, str] = {}
        self.spec: GameSpec | None = None
        self.seat_count = 0
        self.row_h = ROW_H
        #: the line under the seats about the per-seat choice (None: the game has none)
        self.role_box: pygame_gui.elements.UITextBox | None = None
        self.role_note = ""
        if not self.games:
            self.start_btn = None
            self.game_menu = None
            self.empty = text_box(
                self.manager,
                (W // 2 - 380, 200, 760, 250),
                "<font size=5><b>No game can be played yet.</b></font><br><br>"
                "The rules of Atlantis Rising are being written right now, and each game "
                "appears here as soon as both its rules and its board are ready. Guards of "
                "Atlantis and Finding Atlantis follow after it.<br><br>"
                "Until then you can look around: Settings and Help work, and the sea is real.",
            )
            return
        start = self._foot_rect("Start game", -(W - 60), "@primary_button")
        self.start_btn = button(self.manager, start, "Start game", style="@primary_button")
        mh = menu_height(self.manager, 40)
        self.game_label = label(self.manager, (LEFT.x + 22, LEFT.y + 50, 120, mh), "Game")
        # the game of the last setup comes first, with its options and seats
        last = (
            app.settings.last_setup.get("game")
            if isinstance(app.settings.last_setup, dict)
            else None
        )
        first = next((g for g in self.games if g.game_id == last), self.games[0])
        self.game_menu = pygame_gui.elements.UIDropDownMenu(
            [g.title for g in self.games],
            first.title,
            place(self.manager, (LEFT.x + 130, LEFT.y + 50, LEFT.width - 152, mh)),
            manager=self.manager,
        )
        self.build_game(first)

    # --- building the per-game part -----------------------------------------------------------
    def build_game(self, spec: GameSpec, seat_count: int | None = None, keep: bool = False) -> None:
        """Lay out the part of the screen that depends on the game; ``keep`` keeps every choice
        made so far (the layout is being redone for a new text size)."""
        kept_rows: list[Any] = self.rows if keep else []
        kept_values = dict(self.option_values) if keep else {}
        if not keep:  # a game chosen afresh: as it was last started
            kept_values, kept_rows = remembered(spec, self.app.settings.last_setup)
            seat_count = seat_count or (len(kept_rows) or None)
        kept_seed = self.seed_entry.get_text() if keep and hasattr(self, "seed_entry") else None
        for el in self.elements:
            el.kill()
        self.elements, self.rows, self.option_menus, self.option_toggles = [], [], {}, {}
        self.spec = spec
        self._choose_layout(spec)
        if not keep:
            self.role_note = ""  # a fresh game's note starts from its first seat
        self.option_values = {**spec.default_options(), **kept_values}
        self.seat_count = seat_count or min(max(spec.min_players, 2), spec.max_players)
        m = self.manager
        mh = menu_height(m, 40)  # every drop-down and field of the panel: its line fits
        step = max(OPTION_STEP, mh + 6)
        x, y = self.left.x + 22, self.left.y + 100
        self.elements.append(
            text_box(m, (x, y, self.left.width - 44, 66), f"<i>{spec.tagline}</i>", plain=True)
        )
        y += 76
        self.elements.append(label(m, (x, y, 120, mh), "Players"))
        most = min(spec.max_players, spec.team_count * spec.team_limit or spec.max_players)
        counts = [str(n) for n in range(spec.min_players, most + 1)]
        self.count_menu = pygame_gui.elements.UIDropDownMenu(
            counts, str(self.seat_count), place(m, (x + 108, y, 120, mh)), manager=m
        )
        self.elements.append(self.count_menu)
        if self.paged:  # the whole width: the seed goes beside the players
            x = self.left.x + 22 + 400
        else:
            y += max(54, step)
        self.elements.append(label(m, (x, y, 120, mh), "Seed"))
        # "empty = random" beside the box while it fits in the panel; at larger text the box
        # says it itself while it is empty
        hint = "empty = random"
        fits = x + 256 + label_size(m, hint, "@muted")[0] <= self.left.right - 8
        self.seed_entry = pygame_gui.elements.UITextEntryLine(
            place(m, (x + 108, y, 140, mh)),
            manager=m,
            placeholder_text=None if fits else "random",
        )
        self.seed_entry.set_allowed_characters("numbers")
        self.seed_entry.set_text_length_limit(9)
        if kept_seed is not None:
            self.seed_entry.set_text(kept_seed)
        elif self.app.seed is not None:
            self.seed_entry.set_text(str(self.app.seed))
        self.elements.append(self.seed_entry)
        if fits:
            self.elements.append(label(m, (x + 256, y, 120, mh), hint, style="@muted"))
        x = self.left.x + 22
        y += max(60, step + 8)
        right = self.left.right - 22
        # the label column is as wide as the longest label of a drop-down option
        col = max([104] + [self._label_width(o.label) + 12 for o in spec.options if not o.multi])
        menu_w = right - x - col
        if self.paged:  # no wider than its words need: the whole width is more than enough
            menu_w = min(menu_w, self._widest_option(spec) + MENU_EXTRA + 120)
        for opt in spec.options:
            if opt.per_seat:  # asked on each seat's row
                continue
            if opt.multi:
                y = self._build_toggles(opt, x, y, right)
                continue
            self.elements.append(label(m, (x, y, col - 4, mh), opt.label))
            choices = [(opt.label_of(c), c) for c in opt.choices]  # (shown, value)
            now = self.option_values.get(opt.key, opt.default)
            menu = pygame_gui.elements.UIDropDownMenu(
                choices,
                next((c for c in choices if c[1] == now), choices[0]),
                place(m, (x + col, y, menu_w, mh)),
                manager=m,
            )
            self.option_menus[opt.key] = menu
            self.elements.append(menu)
            y += step
        self.game_part = [self.game_label, self.game_menu, *self.elements]
        self.rows = kept_rows  # the seats keep their names, players and colours
        self.page_btn = None
        if self.paged:
            titles = [self._page_title(p) for p in self.pages()]
            words = max(titles, key=lambda t: button_size(m, t)[0])
            self.page_btn = button(m, self._foot_rect(words, 300), self._page_words())
            self.elements.append(self.page_btn)
        self._build_seats()
        self.tutorial_btn = None
        ui = game_ui(spec.game_id)
        if ui is not None and ui.tutorial is not None:
            start = canvas.logical_rect(self.start_btn.rect, getattr(m, "density", 1.0))
            self.tutorial_btn = button(
                m, self._foot_rect("Tutorial", -(start.x - 20)), "Tutorial",
                tooltip=f"A guided first game of {spec.title}: each card, one step at a time.",
            )  # fmt: skip
            self.elements.append(self.tutorial_btn)
        self.phones_btn = None
        spot = self._phones_place(m) if spec.hidden_information else None
        if spot is not None:  # (at the largest text sizes only the pause menu offers it)
            rect, words = spot
            self.phones_btn = button(
                m, rect, words,
                tooltip="Start, then open the table to phones on the same network: each "
                "person may play their seat on their own screen, with no hand-off.",
            )  # fmt: skip
            self.elements.append(self.phones_btn)

    def _phones_place(self, m: Any) -> tuple[pygame.Rect, str] | None:
        """Where "Start with phones" goes in the bottom row (left of Tutorial or Start) and its
        words: shorter ones when large text leaves less room beside the page button; None
        when not even the shortest fits (the game's pause menu still opens the table)."""
        density = getattr(m, "density", 1.0)
        right_of = self.tutorial_btn if self.tutorial_btn is not None else self.start_btn
        left_of = self.page_btn if self.page_btn is not None else self.back_btn
        edge = canvas.logical_rect(right_of.rect, density).x - 20
        room = edge - (canvas.logical_rect(left_of.rect, density).right + 20)
        for words in PHONES_WORDS:
            need = button_size(self.manager, words, "@menu_button")[0]
            if need <= room:
                w = max(need, min(220, room))
                return pygame.Rect(edge - w, H - 100, w, 54), words
        return None

    def _foot_rect(self, text: str, x: int, style: str = "@menu_button") -> pygame.Rect:
        """A button of the bottom row: 220 wide or as its words need; ``x`` its left edge, or
        (negative) minus its right edge."""
        w = max(220, button_size(self.manager, text, style)[0])
        left = x if x >= 0 else -x - w
        return pygame.Rect(left, H - 100, w, 54)

    def _widest_option(self, spec: GameSpec) -> int:
        """The label column and longest choice of the game's drop-down options."""
        plain = [o for o in spec.options if not o.per_seat and not o.multi]
        words = [o.label_of(c) for o in plain for c in o.choices]
        return max([0] + [self._label_width(t) for t in words])

    # --- one panel at a time, when the text is too large for both ----------------------------
    def _choose_layout(self, spec: GameSpec) -> None:
        """Side by side while every word fits its widget there; otherwise one panel at a time
        over the whole width (the game row moves with its panel)."""
        self.paged = not self._fits_side_by_side(spec)
        self.left, self.right = (WHOLE, WHOLE) if self.paged else (LEFT, RIGHT)
        if not self.paged or self.page not in self.pages():
            self.page = "game"
        m = self.manager
        if self.game_menu is not None:
            for el, r in (
                (self.game_label, (self.left.x + 22, self.left.y + 50)),
                (self.game_menu, (self.left.x + 130, self.left.y + 50)),
            ):
                el.set_relative_position(place(m, (*r, 1, 1)).topleft)
            width = min(self.left.width - 152, 560)
            self.game_menu.set_dimensions(dims(m, (width, menu_height(m, 40))))

    def _fits_side_by_side(self, spec: GameSpec) -> bool:
        """Do the game's words fit the two panels side by side at this text size: every
        option's label and longest choice, the toggles, and each seat column's longest entry?"""
        m = self.manager

        def w(text: str) -> int:
            return label_size(m, text)[0]

        room = LEFT.width - 44
        if 108 + max(w(g.title) for g in self.games) + MENU_EXTRA > room:
            return False
        plain = [o for o in spec.options if not o.per_seat and not o.multi]
        col = max([104] + [w(o.label) + 12 for o in plain])
        for o in plain:
            if col + max(w(o.label_of(c)) for c in o.choices) + MENU_EXTRA > room:
                return False
        for o in spec.options:
            if o.multi and not o.per_seat:
                choices = [c for c in o.choices if c not in ("none", "")]
                if w(o.label) + 12 + sum(w(c.capitalize()) + 30 for c in choices) > room:
                    return False
        return all(
            max(w(t) for t in words) + MENU_EXTRA <= width
            for words, width in self._seat_words_and_room(spec)
        )

    def _seat_words_and_room(self, spec: GameSpec) -> list[tuple[list[str], int]]:
        """Each seat drop-down's entries and how wide it is side by side."""
        kinds = kinds_for(spec.game_id)
        colours = seat_colour_names(spec, self.app.settings.colourblind)
        if spec.team_game:
            n = max(1, spec.team_count)
            card = (RIGHT.width - TEAM_GAP * (n + 1)) // n
            kind_w = (card - 46) // 2
            return [(kinds, kind_w - 3), (colours, card - 46 - kind_w - 3)]
        cols = self.seat_columns(RIGHT, spec)
        out = [(kinds, cols["kind"][1]), (colours, cols["colour"][1])]
        opt = roles.per_seat_option(spec)
        if opt is not None:
            words = [c[0] for bot in (False, True) for c in roles.choices_for(opt, bot)]
            out.append((words, cols["role"][1]))
        return out

    def pages(self) -> list[str]:
        """The pages of the one-panel layout: the game's, then the seats' (one per team in a
        team game, its cards then one line each)."""
        if self.spec is not None and self.spec.team_game:
            return ["game"] + [f"team{t}" for t in range(self.spec.team_count)]
        return ["game", "seats"]

    def next_page(self) -> str:
        pages = self.pages()
        return pages[(pages.index(self.page) + 1) % len(pages)] if self.page in pages else "game"

    def _page_title(self, page: str) -> str:
        if page == "game":
            return "« The game"
        if page.startswith("team") and self.spec is not None:
            return f"The {self.spec.team_name(int(page[4:]))} »"
        return "Seats »"

    def _page_words(self) -> str:
        """What the page button says: where it goes."""
        return self._page_title(self.next_page())

    def shown_team(self) -> int | None:
        """The team whose page is shown (None: every team's column shows)."""
        return int(self.page[4:]) if self.paged and self.page.startswith("team") else None

    def show_page(self, page: str) -> None:
        """Show one panel's widgets (the game's or the seats'), hide the other's."""
        self.page = page
        if self.page_btn is not None:
            self.page_btn.set_text(self._page_words())
        self._show_page()

    def _show_page(self) -> None:
        parts: dict[str, list[Any]] = {"game": list(self.game_part)}
        team_pages = self.spec is not None and self.spec.team_game
        for row in self.rows:
            page = f"team{row.team}" if team_pages else "seats"
            parts.setdefault(page, []).extend(row.widgets())
        if self.role_box is not None:
            parts.setdefault("seats", []).append(self.role_box)
        for page, part in parts.items():
            for el in part:
                if not self.paged or self.page == page:
                    el.show()
                else:
                    el.hide()

    def relayout(self) -> None:
        """A new text size: lay the game's part out again from its words, keeping every choice
        (label columns are measured from the labels' text)."""
        if self.spec is not None:
            self.build_game(self.spec, self.seat_count, keep=True)

    def _label_width(self, text: str) -> int:
        """How wide a plain label's text is drawn in the theme's font, in canvas units."""
        return label_size(self.manager, text)[0]

    def _build_toggles(self, opt: Any, x: int, y: int, right: int) -> int:
        """A multi-choice option: its label, then one toggle button per choice (none = all off)."""
        m = self.manager
        w = self._label_width(opt.label) + 12
        bh = max(40, button_size(m, "", "")[1])
        self.elements.append(label(m, (x, y, w - 4, bh), opt.label))
        choices = [c for c in opt.choices if c not in ("none", "")]
        now = self.option_values.get(opt.key, opt.default)
        on = set(now.split(",")) if now else set()
        gap = 6
        bw = (right - x - w - gap * (len(choices) - 1)) // max(1, len(choices))
        buttons: dict[str, pygame_gui.elements.UIButton] = {}
        for i, choice in enumerate(choices):
            b = button(
                m,
                (x + w + i * (bw + gap), y, bw, bh),
                choice.capitalize(),
                style="",
                tooltip=opt.help or None,
            )
            if choice in on:
                b.select()
            buttons[choice] = b
            self.elements.append(b)
        self.option_toggles[opt.key] = buttons
        return y + max(OPTION_STEP, bh + 6)

    def _toggle(self, key: str, choice: str) -> None:
        """Switch one choice of a multi-choice option; the value lists the chosen ones."""
        assert self.spec is not None
        opt = next(o for o in self.spec.options if o.key == key)
        b = self.option_toggles[key][choice]
        if b.is_selected:
            b.unselect()
        else:
            b.select()
        chosen = [c for c, btn in self.option_toggles[key].items() if btn.is_selected]
        self.option_values[key] = opt.parse(",".join(chosen))

    def _colour_names(self) -> list[str]:
        assert self.spec is not None
        return seat_colour_names(self.spec, self.app.settings.colourblind)

    def _build_seats(self) -> None:
        for row in self.rows:
            for el in row.widgets():
                el.kill()
                if el in self.elements:
                    self.elements.remove(el)
        old = self.rows
        self.rows = []
        assert self.spec is not None
        if self.spec.team_game:
            self._build_team_seats(old)
            self._show_page()
            return
        colours = self._colour_names()
        m = self.manager
        opt = roles.per_seat_option(self.spec)
        note_h = ROLE_NOTE_H if opt is not None else 0
        room = self.right.bottom - 16 - self.seats_top - note_h
        self.row_h = min(max(ROW_H, menu_height(m, 42) + 8), room // max(1, self.seat_count))
        h = self.seat_h
        cols = self.seat_columns()
        kinds = kinds_for(self.spec.game_id)
        seat_kinds = [
            kind_in(kinds, old[i].kind_value) if i < len(old) else (HUMAN if i == 0 else kinds[3])
            for i in range(self.seat_count)
        ]
        if opt is not None:
            wanted = [getattr(old[i], "role_value", "") if i < len(old) else "" for i in
                      range(self.seat_count)]  # fmt: skip
            role_values = roles.settle(opt, [k != HUMAN for k in seat_kinds], wanted)
        for i in range(self.seat_count):
            y = self.seats_top + i * self.row_h
            prev = old[i] if i < len(old) else None
            kind = seat_kinds[i]
            colour = prev.colour_value if prev else colours[i % len(colours)]
            default = _default_name(i, kind)
            name_text = prev.name.get_text() if prev else default
            name = pygame_gui.elements.UITextEntryLine(
                place(m, (cols["name"][0], y, cols["name"][1], h)), manager=m
            )
            name.set_text_length_limit(18)
            name.set_text(name_text)
            # a list opens downwards whenever it fits below, upwards only when it does not
            kind_rect = (cols["kind"][0], y, cols["kind"][1], h)
            kind_menu = pygame_gui.elements.UIDropDownMenu(
                kinds,
                kind,
                place(m, kind_rect),
                manager=m,
                object_id=opens_up(m, kind_rect, len(kinds)),
            )
            colour_menu = self._colour_menu(i, colour)
            row = SeatRow(
                name, kind_menu, colour_menu, kind, colour_menu.selected_option[0], default
            )
            if opt is not None:
                row.role_value = role_values[i]
                row.role = self._role_menu(i, row.role_value, kind != HUMAN)
            self.rows.append(row)
            self.elements.extend(row.widgets())
        top = self.seats_top + self.seat_count * self.row_h
        self._build_role_note(opt, top, max(note_h, self.right.bottom - 12 - top))
        self._show_page()

    def _row_rect(self, i: int, column: str) -> tuple[int, int, int, int]:
        """Where seat ``i``'s widget of ``column`` sits (see :meth:`seat_columns`)."""
        x, w = self.seat_columns()[column]
        return (x, self.seats_top + i * self.row_h, w, self.seat_h)

    def _colour_menu(self, i: int, colour: str) -> pygame_gui.elements.UIDropDownMenu:
        colours = self._colour_names()
        rect = self._row_rect(i, "colour")
        return pygame_gui.elements.UIDropDownMenu(
            colours,
            colour if colour in colours else colours[i % len(colours)],
            place(self.manager, rect),
            manager=self.manager,
            object_id=opens_up(self.manager, rect, len(colours)),
        )

    def _role_menu(self, i: int, value: str, bot: bool) -> pygame_gui.elements.UIDropDownMenu:
        """Seat ``i``'s drop-down of the per-seat choice, showing ``value``."""
        opt = roles.per_seat_option(self.spec)
        assert opt is not None
        choices = roles.choices_for(opt, bot)
        rect = self._row_rect(i, "role")
        return pygame_gui.elements.UIDropDownMenu(
            choices,
            next(c for c in choices if c[1] == value),
            place(self.manager, rect),
            manager=self.manager,
            object_id=opens_up(self.manager, rect, len(choices)),
        )

    def _replace(self, old: Any, new: Any) -> Any:
        """Swap one widget of a seat row for a new one (the rest of the row stays)."""
        old.kill()
        if old in self.elements:
            self.elements[self.elements.index(old)] = new
        else:
            self.elements.append(new)
        return new

    def _settle_roles(self) -> None:
        """After a seat changed who plays it: every seat keeps its choice where it still may,
        and a seat whose choice or list changes gets its drop-down again."""
        opt = roles.per_seat_option(self.spec)
        assert opt is not None
        bots = [r.kind_value != HUMAN for r in self.rows]
        values = roles.settle(opt, bots, [r.role_value for r in self.rows])
        for i, (row, value) in enumerate(zip(self.rows, values, strict=True)):
            offered = [o[1] for o in roles.choices_for(opt, bots[i])]
            shown = [o[1] for o in row.role.options_list] if row.role is not None else []
            if value != row.role_value or offered != shown:
                row.role_value = value
                row.role = self._replace(row.role, self._role_menu(i, value, bots[i]))

    def panel_title_bottom(self) -> int:
        """Where the seats panel's title ends (``draw_panel`` draws it at this text size)."""
        from scenes.text import capped

        return self.right.y + 14 + font(capped(19, 1.5, "bold"), "bold").get_height()

    @property
    def seat_h(self) -> int:
        """How tall a seat row's widgets are: their line fits, within the row."""
        return min(menu_height(self.manager, 42), self.row_h - 6)

    @property
    def seats_top(self) -> int:
        """Where the first seat row starts: under the panel's title and the column heads."""
        return self.right.y + max(80, 52 + font(15).get_linesize() + 4)

    def seat_columns(
        self, panel: pygame.Rect | None = None, spec: GameSpec | None = None
    ) -> dict[str, tuple[int, int]]:
        """Each seat column's (x, width) in ``panel`` (the seats' panel): name, who plays, the
        per-seat choice when the game has one (its column comes out of the name's and the
        others' room), colour; drawn for the side-by-side panel, widened with a wider one."""
        panel = self.right if panel is None else panel
        if roles.per_seat_option(spec or self.spec) is None:
            base = {"name": (70, 250), "kind": (334, 210), "colour": (558, 160)}
        else:
            base = {"name": (70, 170), "kind": (252, 186), "role": (450, 150),
                    "colour": (612, 108)}  # fmt: skip
        k = (panel.width - 92) / (RIGHT.width - 92)
        return {
            key: (panel.x + round(70 + (x - 70) * k), round(w * k)) for key, (x, w) in base.items()
        }

    # --- the per-seat choice (Rising's councilors) --------------------------------------------
    def _build_role_note(self, opt: Any, top: int, height: int) -> None:
        """The wrapped line under the seats that says what a seat's choice does."""
        if self.role_box is not None:
            self.role_box.kill()
            if self.role_box in self.elements:
                self.elements.remove(self.role_box)
            self.role_box = None
        if opt is None:
            self.role_note = ""
            return
        if not self.role_note and self.rows:
            self.role_note = roles.note(opt, self._seat_words(0), self.rows[0].role_value)
        self.role_box = text_box(
            self.manager, (self.right.x + 22, top, self.right.width - 44, height), self._note_html(),
            plain=True,
        )  # fmt: skip
        self.elements.append(self.role_box)

    def _note_html(self) -> str:
        from html import escape

        return escape(self.role_note)

    def _set_role_note(self, text: str) -> None:
        if text != self.role_note:
            self.role_note = text
            if self.role_box is not None:
                self.role_box.set_text(self._note_html())

    def _seat_words(self, i: int) -> str:
        """A seat as the note names it: "Ana (seat 1)"."""
        row = self.rows[i]
        return f"{row.name.get_text().strip() or row.default_name} (seat {i + 1})"

    def _holder(self, value: str, seat: int) -> str:
        """The other seat that already has ``value`` (its words), or ""."""
        opt = roles.per_seat_option(self.spec)
        if opt is None or value in opt.repeatable:
            return ""
        for j, other in enumerate(self.rows):
            if j != seat and other.role_value == value:
                return self._seat_words(j)
        return ""

    def _choose_role(self, seat: int, value: str) -> None:
        """A seat's per-seat choice: taken if free, refused with the reason if another seat
        has it (the drop-down goes back to the seat's own choice)."""
        opt = roles.per_seat_option(self.spec)
        assert opt is not None
        holder = self._holder(value, seat)
        row = self.rows[seat]
        if holder:  # the drop-down goes back to the seat's own choice
            self._set_role_note(roles.refusal(opt, value, holder))
            row.role = self._replace(
                row.role, self._role_menu(seat, row.role_value, row.kind_value != HUMAN)
            )
            return
        row.role_value = value
        self._set_role_note(roles.note(opt, self._seat_words(seat), value))
        # the councilor's Atlanteans come in its colour, unless another seat already has it
        colour = roles.colour_of(opt, value)
        others = [r.colour_value for j, r in enumerate(self.rows) if j != seat]
        if colour and colour != row.colour_value and colour not in others:
            row.colour_value = colour
            row.colour = self._replace(row.colour, self._colour_menu(seat, colour))

    def update(self, dt: float) -> None:
        super().update(dt)
        self._explain_open_roles()

    def _explain_open_roles(self) -> None:
        """While a seat's list of councilors is open: each entry's tooltip says what it does
        (and whose it is, when taken), and the entry under the mouse is explained below."""
        opt = roles.per_seat_option(self.spec)
        if opt is None:
            return
        for i, row in enumerate(self.rows):
            entries = (
                getattr(row.role.current_state, "options_selection_list", None)
                if row.role
                else None
            )
            if entries is None:
                continue
            by_words = dict(roles.choices_for(opt, row.kind_value != HUMAN))
            for item in entries.item_list:
                value = by_words.get(item["text"])
                button = item.get("button_element")
                if value is None or button is None:
                    continue
                words = roles.tip(opt, value, self._holder(value, i))
                if getattr(button, "role_tip", None) != words:  # once per list opened
                    button.set_tooltip(words)
                    button.role_tip = words
                    button.tip_anchor = entries.rect  # the tip never covers the other entries
                if button.hovered:
                    self._set_role_note(f"{self._seat_words(i)} · {opt.label_of(value)}: {words}")

    # --- team games: one column per team ------------------------------------------------------
    def team_columns(self) -> list[pygame.Rect]:
        """Where each team's column sits in the seats panel (heading band included)."""
        assert self.spec is not None
        n = max(1, self.spec.team_count)
        w = (self.right.width - TEAM_GAP * (n + 1)) // n
        top = max(self.right.y + 48, self.panel_title_bottom() + 4)
        if self.paged:  # one team per page, over the whole panel
            whole = pygame.Rect(self.right.x + TEAM_GAP, top, self.right.width - 2 * TEAM_GAP, 0)
            whole.height = self.right.bottom - 12 - top
            return [whole.copy() for _ in range(n)]
        return [
            pygame.Rect(
                self.right.x + TEAM_GAP + t * (w + TEAM_GAP), top, w, self.right.bottom - 12 - top
            )
            for t in range(n)
        ]

    def _seat_teams(self, old: list[SeatRow]) -> list[int]:
        """Each seat's team: a seat keeps its team; a new seat joins the smallest team with
        room (a fresh game starts in the game's own default teams)."""
        assert self.spec is not None
        spec = self.spec
        defaults = spec.default_teams(self.seat_count)
        teams: list[int] = []
        for i in range(self.seat_count):
            count = [teams.count(t) for t in range(spec.team_count)]
            if i < len(old) and old[i].team is not None:
                teams.append(old[i].team)
                continue
            wanted = defaults[i] if not old else None
            if wanted is None or count[wanted] >= spec.team_limit:
                wanted = min(range(spec.team_count), key=lambda t: (count[t], t))
            teams.append(wanted)
        return teams

    def team_head(self) -> int:
        """A team column's heading band and the gap under it: as designed, or as tall as the
        team's name needs at a large text size."""
        return max(TEAM_HEAD, font(19, "bold").get_linesize() + 12)

    def card_h(self) -> int:
        assert self.spec is not None
        col = self.team_columns()[0]
        if self.paged:  # one line a card: its widgets side by side
            return min(menu_height(self.manager, 40) + 16, (col.height - self.team_head()) // 5)
        return min(CARD_H, (col.height - self.team_head()) // max(1, self.spec.team_limit))

    def card_line(self) -> int:
        """How tall a team card's widgets are."""
        if self.paged:
            return self.card_h() - 16
        return min(40, (self.card_h() - 13) // 2)

    def _build_team_seats(self, old: list[SeatRow]) -> None:
        assert self.spec is not None
        colours = self._colour_names()
        teams = self._seat_teams(old)
        columns = self.team_columns()
        card_h = self.card_h()
        line = self.card_line()
        m = self.manager
        placed = [0] * len(columns)
        for i in range(self.seat_count):
            team = teams[i]
            col = columns[team]
            card = pygame.Rect(
                col.x, col.y + self.team_head() + placed[team] * card_h, col.w, card_h - 6
            )
            placed[team] += 1
            prev = old[i] if i < len(old) else None
            kinds = kinds_for(self.spec.game_id)
            kind = kind_in(kinds, prev.kind_value) if prev else (HUMAN if i == 0 else kinds[3])
            colour = prev.colour_value if prev else colours[i % len(colours)]
            default = _default_name(i, kind)
            left = card.x + 40
            top2 = card.y + 5 + line + 3
            name_rect = (left, card.y + 5, card.right - 6 - MOVE_W - 6 - left, line)
            kind_w = (card.right - 6 - left) // 2
            kind_rect = (left, top2, kind_w - 3, line)
            colour_rect = (left + kind_w + 3, top2, card.right - 6 - left - kind_w - 3, line)
            if self.paged:  # one line: name, who plays, colour, move
                room = card.right - 6 - MOVE_W - 6 - left
                a, b = room * 36 // 100, room * 72 // 100
                name_rect = (left, card.y + 5, a - 6, line)
                kind_rect = (left + a, card.y + 5, b - a - 6, line)
                colour_rect = (left + b, card.y + 5, room - b, line)
            name = pygame_gui.elements.UITextEntryLine(place(m, name_rect), manager=m)
            name.set_text_length_limit(18)
            name.set_text(prev.name.get_text() if prev else default)
            kind_menu = pygame_gui.elements.UIDropDownMenu(
                kinds,
                kind,
                place(m, kind_rect),
                manager=m,
                object_id=opens_up(m, kind_rect, len(kinds)),
            )
            colour_menu = pygame_gui.elements.UIDropDownMenu(
                colours,
                colour if colour in colours else colours[i % len(colours)],
                place(m, colour_rect),
                manager=m,
                object_id=opens_up(m, colour_rect, len(colours)),
            )
            last = team == len(columns) - 1
            move = button(
                m,
                (card.right - 6 - MOVE_W, card.y + 5, MOVE_W, line),
                "«" if last else "»",
                style="",
            )
            row = SeatRow(
                name,
                kind_menu,
                colour_menu,
                kind,
                colour_menu.selected_option[0],
                default,
                team=team,
                move=move,
                card=card,
            )
            self.rows.append(row)
            self.elements.extend(row.widgets())
        for i, row in enumerate(self.rows):
            assert row.move is not None
            row.move.set_tooltip(self._move_words(i))

    def _move_target(self, seat: int) -> tuple[int, int | None]:
        """Where the move button sends a seat: (team, seat swapped with it or None)."""
        assert self.spec is not None
        team = self.rows[seat].team or 0
        target = (team + 1) % self.spec.team_count
        there = [i for i, r in enumerate(self.rows) if r.team == target]
        if len(there) < self.spec.team_limit:
            return target, None
        here = [i for i, r in enumerate(self.rows) if r.team == team]
        return target, there[min(here.index(seat), len(there) - 1)]

    def _move_words(self, seat: int) -> str:
        assert self.spec is not None
        target, swap = self._move_target(seat)
        name = self.rows[seat].name.get_text().strip() or self.rows[seat].default_name
        team = self.spec.team_name(target)
        if swap is None:
            return f"Move {name} to the {team}"
        other = self.rows[swap].name.get_text().strip() or self.rows[swap].default_name
        return f"Swap {name} with {other} (the {team} are full)"

    def move_seat(self, seat: int) -> None:
        """Send a seat to the next team, or swap it with the seat opposite when that is full."""
        target, swap = self._move_target(seat)
        if swap is not None:
            self.rows[swap].team = self.rows[seat].team
        self.rows[seat].team = target
        self._build_seats()

    # --- events -------------------------------------------------------------------------------
    def handle_ui(self, event: pygame.event.Event) -> None:
        el = getattr(event, "ui_element", None)
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if el is self.back_btn:
                self.back()
            elif el is self.start_btn:
                self.start()
            elif el is not None and el is self.page_btn:
                self.show_page(self.next_page())
            elif el is not None and el is self.tutorial_btn:
                self.start_tutorial()
            elif el is not None and el is self.phones_btn:
                self.start(phones=True)
            else:
                for key, buttons in self.option_toggles.items():
                    for choice, btn in buttons.items():
                        if el is btn:
                            self._toggle(key, choice)
                for i, row in enumerate(self.rows):
                    if el is not None and el is row.move:
                        self.move_seat(i)
                        break
            return
        if event.type != pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            return
        if el is self.game_menu:
            spec = next(g for g in self.games if g.title == event.text)
            if spec is not self.spec:
                self.build_game(spec)
        elif self.spec is not None and el is getattr(self, "count_menu", None):
            self.seat_count = int(event.text)
            self._build_seats()
        else:
            for key, menu in self.option_menus.items():
                if el is menu:
                    self.option_values[key] = getattr(event, "selected_option_id", event.text)
            for i, row in enumerate(self.rows):
                if el is row.kind:
                    row.kind_value = event.text
                    if row.name.get_text().strip() in ("", row.default_name):
                        row.default_name = _default_name(i, event.text)
                        row.name.set_text(row.default_name)
                    if row.role is not None:  # a bot's list offers its own pick, a person's not
                        self._settle_roles()
                        break
                elif el is row.colour:
                    row.colour_value = event.text
                elif row.role is not None and el is row.role:
                    self._choose_role(i, getattr(event, "selected_option_id", event.text))
                    break

    def seats(self) -> list[Seat]:
        """The seats as configured (names trimmed; an empty name gets a default)."""
        out = []
        for i, row in enumerate(self.rows):
            kind = "human" if row.kind_value == HUMAN else "bot"
            level = row.kind_value.split("· ")[-1] if kind == "bot" else "normal"
            name = row.name.get_text().strip() or _default_name(i, row.kind_value)
            out.append(Seat(name, kind, level, row.colour_value, row.team))
        return out

    def start(self, replace_ok: bool = False, phones: bool = False) -> None:
        """Create the session and open the board; problems become a dialog, not a crash.
        With ``phones`` the table opens to phones at once (its codes shown over the board).

        When this game's autosave holds an unfinished game, ask first (``replace_ok`` is the
        player's yes): the new game would replace it.
        """
        from scenes.autosaves import ReplaceAutosaveDialog, unfinished_autosave
        from scenes.dialogs import MessageDialog
        from scenes.session import GameSession

        assert self.spec is not None
        seats = self.seats()
        names = [s.name.lower() for s in seats]
        if len(set(names)) != len(names):
            self.app.stack.push(
                MessageDialog(
                    self.app,
                    "Two seats share a name",
                    "Give every seat its own name, so hand-offs are clear.",
                )
            )
            return
        colours = [s.colour for s in seats if s.colour]
        if len(set(colours)) != len(colours):
            self.app.stack.push(
                MessageDialog(
                    self.app,
                    "Two seats share a colour",
                    "Give every seat its own colour, so everyone can tell their pieces apart.",
                )
            )
            return
        try:
            self.spec.check_seats(seats)
        except ValueError as exc:
            self.app.stack.push(MessageDialog(self.app, "The teams cannot play yet", str(exc)))
            return
        pending = None if replace_ok else unfinished_autosave(self.spec.game_id)
        if pending is not None:
            self.app.stack.push(
                ReplaceAutosaveDialog(self.app, pending, on_start=lambda: self.start(True, phones))
            )
            return
        opt = roles.per_seat_option(self.spec)
        if opt is not None:
            self.option_values[opt.key] = ",".join(row.role_value for row in self.rows)
        raw_seed = self.seed_entry.get_text().strip()
        seed = int(raw_seed) if raw_seed else None
        factory = board_for(self.spec.game_id)
        try:
            if factory is None:
                raise ValueError(f"{self.spec.title} has no board in this version")
            session = GameSession.new(self.spec.game_id, seats, self.option_values, seed)
        except (ValueError, KeyError) as exc:
            self.app.stack.push(MessageDialog(self.app, "The game could not start", str(exc)))
            return
        self.remember(seats)
        self.app.stack.reset(factory(self.app, session))
        if phones:
            from scenes.remote_scenes import open_table

            open_table(self.app, session)

    def remember(self, seats: list[Seat]) -> None:
        """Keep this game's options and seats for the next setup (the settings file)."""
        assert self.spec is not None
        last = self.app.settings.last_setup
        games = dict(last.get("games", {})) if isinstance(last, dict) else {}
        games[self.spec.game_id] = {
            "options": dict(self.option_values),
            "seats": [
                {"name": s.name, "kind": row.kind_value, "colour": row.colour_value,
                 "team": row.team, **({"role": row.role_value} if row.role else {})}
                for s, row in zip(seats, self.rows, strict=True)
            ],
        }  # fmt: skip
        self.app.settings.last_setup = {"game": self.spec.game_id, "games": games}
        self.app.save_settings()

    def start_tutorial(self) -> None:
        """Open the selected game's guided first game (it is never saved)."""
        ui = game_ui(self.spec.game_id) if self.spec is not None else None
        if ui is not None and ui.tutorial is not None:
            self.app.stack.reset(ui.tutorial(self.app))

    # --- drawing ------------------------------------------------------------------------------
    def toggle_marks(self) -> list[tuple[pygame_gui.elements.UIButton, tuple[int, int]]]:
        """Each toggle button and where its on/off mark sits: on its top-right corner, like a
        badge, so it never crowds the centred name at any text size."""
        k = getattr(self.manager, "density", 1.0)
        out = []
        for buttons in self.option_toggles.values():
            for b in buttons.values():
                r = canvas.logical_rect(b.rect, k)
                out.append((b, (r.right - 4, r.y + 4)))
        return out

    def draw_front(self, surface: pygame.Surface) -> None:
        super().draw_front(surface)
        covered = open_overlays(self.manager)
        for b, centre in self.toggle_marks():
            if not b.visible:
                continue
            mark = pygame.Rect(centre[0] - 9, centre[1] - 9, 18, 18)
            if not any(mark.colliderect(r) for r in covered):
                draw_check(surface, centre, b.is_selected)

    def draw_back(self, surface: pygame.Surface) -> None:
        super().draw_back(surface)
        if not self.games:
            return
        if not self.paged or self.page == "game":
            draw_panel(surface, self.left, "The game")
        if self.paged and self.page == "game":
            return
        draw_panel(surface, self.right, "Seats")
        if self.spec is not None and self.spec.team_game:
            self._draw_teams(surface)
            return
        cols = self.seat_columns()
        opt = roles.per_seat_option(self.spec)
        heads = {"name": "Name", "kind": "Who plays", "role": opt.label if opt else "",
                 "colour": "Colour"}  # fmt: skip
        for key, (x, _w) in cols.items():
            draw_text(surface, heads[key], (x, self.right.y + 52), size=15, colour=MUTED)
        cb = self.app.settings.colourblind
        assert self.spec is not None
        for i, row in enumerate(self.rows):
            # the marker shows the colour as the game's board draws it ("red" is red, not Urchin)
            style = seat_colour_style(self.spec.game_id, row.colour_value, i, cb)
            centre = (
                self.right.x + 38,
                self.seats_top + i * self.row_h + self.seat_h // 2,
            )
            draw_seat_marker(surface, style, centre, min(15, self.row_h // 3), cb)

    def _draw_teams(self, surface: pygame.Surface) -> None:
        """Each team's heading band and its seats' cards, markers and seat numbers."""
        assert self.spec is not None
        cb = self.app.settings.colourblind
        shown = self.shown_team()
        for team, col in enumerate(self.team_columns()):
            if shown is not None and team != shown:
                continue
            colour = team_colour(team, cb)
            band = pygame.Rect(col.x, col.y, col.w, self.team_head() - 8)
            draw.rect(surface, colour, band, border_radius=8)
            draw_text(
                surface,
                f"The {self.spec.team_name(team)}",
                (band.x + 14, band.centery),
                size=19,
                kind="bold",
                colour=INK,
                anchor="midleft",
            )
            count = sum(1 for r in self.rows if r.team == team)
            draw_text(
                surface,
                f"{count} of {self.spec.team_limit}",
                (band.right - 14, band.centery),
                size=16,
                colour=INK,
                anchor="midright",
            )
        for i, row in enumerate(self.rows):
            if row.card is None or row.team is None or shown not in (None, row.team):
                continue
            tint = lerp((12, 40, 60), team_colour(row.team, cb), 0.12)
            draw.rect(surface, tint, row.card, border_radius=8)
            draw.rect(surface, team_colour(row.team, cb), (row.card.x, row.card.y, 4, row.card.h))
            style = seat_colour_style(self.spec.game_id, row.colour_value, i, cb)
            line = self.card_line()
            centre = (row.card.x + 22, row.card.y + 5 + line // 2)
            draw_seat_marker(surface, style, centre, min(14, line // 2 - 1), cb)
            if self.paged:
                continue  # a one-line card: the marker is the seat's sign
            draw_text(
                surface,
                str(i + 1),
                (row.card.x + 22, row.card.y + 5 + line + 3 + line // 2),
                size=15,
                colour=MUTED,
                anchor="center",
            )
