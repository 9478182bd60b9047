"""The Statistics screen: what the history adds up to, with small bar charts of our own.

Totals on the left (played, won, lost, length, streaks); on the right, bars of the win rate
by option (difficulty, mode, board …), by player count, by bot level and by each seat's
hero, captain or councilor, two rows of three charts a page (of two or one when larger text
widens the totals; the page buttons show the rest). Every number comes from
:func:`game.core.stats.summarise` over the history the History screen lists.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.core import history, registry
from game.core.stats import LOST, WON, Summary, Tally, summarise
from scenes import draw
from scenes.history.layout import menu_size
from scenes.palette import GOLD, MUTED, PARCHMENT
from scenes.text import line_step, text_width, wrap_text
from scenes.ui import H, MenuScene, W, button, draw_panel, draw_text, place

if TYPE_CHECKING:
    from scenes.app import App

ALL = "All games"
BAR_WON = (86, 168, 120)
BAR_LOST = (176, 86, 72)
#: the part of a bar neither won nor lost: games the bots played alone, watched
BAR_WATCHED = (40, 60, 74)
#: the most bars one chart shows (the most played first)
MAX_BARS = 7
#: a chart's height when two rows of them share a page
CHART_H = 208


def _pct(t: Tally) -> str:
    return "—" if t.rate is None else f"{round(100 * t.rate)} %"


def totals_lines(s: Summary, round_word: str = "round") -> list[tuple[str, str]]:
    """The left column: (label, value) rows."""
    t = s.total
    kind, run = s.current_streak
    streak = "—" if not run else f"{run} {'won' if kind == WON else 'lost'}"
    avg = s.average_rounds
    moves = s.average_moves
    return [
        ("Games played", str(t.played)),
        ("Won", str(t.won)),
        ("Lost", str(t.lost)),
        ("Bots only (watched)", str(t.played - t.decided)),
        ("Win rate", _pct(t)),
        (f"Average length ({round_word}s)", "—" if avg is None else f"{avg:.1f}"),
        (f"Quickest win ({round_word}s)", "—" if s.best_rounds is None else str(s.best_rounds)),
        ("Average moves", "—" if moves is None else f"{moves:.0f}"),
        ("Longest winning streak", str(s.longest_win_streak)),
        ("Current streak", streak),
    ]


def totals_width(rows: list[tuple[str, str]]) -> int:
    """The totals panel's width: as designed, or wider for larger text, up to where the
    charts still keep one column beside it (a label longer than that wraps)."""
    need = max(text_width(label, 16) + 16 + text_width(value, 16, "bold") for label, value in rows)
    return min(max(330, need + 28), 560)


def charts(s: Summary, game: str | None) -> list[tuple[str, list[tuple[str, Tally]]]]:
    """Every chart to draw: (title, [(bar label, tally)]); the screen shows them six a page."""
    out: list[tuple[str, list[tuple[str, Tally]]]] = []
    if game is None:
        out.append(("By game", [(_title(g), t) for g, t in s.by_game.items()]))
    else:
        spec = registry.get(game)
        for o in spec.options:
            if o.per_seat:  # counted seat by seat in "Every seat, by …"
                continue
            values = s.by_option.get(o.key, {})
            if values:
                rows = [(_cap(o.label_of(v)), values[v]) for v in o.choices if v in values]
                rows += [(v, t) for v, t in values.items() if v not in o.choices]
                out.append((o.label, rows))
    out.append(("Players at the table", [(f"{n}", t) for n, t in sorted(s.by_players.items())]))
    out.append(("Solo, hot-seat or bots only", list(s.by_table.items())))
    out.append(("With a bot of level", list(s.by_level.items())))
    if s.by_role:
        # in the order the menus list the games, whichever engine was imported first
        specs = [registry.get(game)] if game else sorted(registry.games(), key=_menu_order)
        word = " or ".join(dict.fromkeys(s.role_word for s in specs if s.role_word)) or "role"
        out.insert(0, (f"Every seat, by {word}", list(s.by_role.items())))
    return [(title, rows) for title, rows in out if rows]


def length_word(games: list[str]) -> tuple[str, str]:
    """The one word the totals count a game's length in, and a note when the games counted
    name it differently (a turn of Atlantis Rising is one round of the table)."""
    known = {spec.game_id: spec for spec in registry.games()}
    specs = [known[g] for g in dict.fromkeys(games) if g in known]
    words = {s.round_word for s in specs}
    if len(words) == 1:
        return words.pop(), ""
    odd = [s for s in specs if s.round_word != "round"]
    note = " ".join(f"A {s.round_word} of {s.title} counts as one round." for s in odd)
    return "round", note


def _menu_order(spec: registry.GameSpec) -> int:
    from game import GAMES

    return GAMES.index(spec.game_id) if spec.game_id in GAMES else len(GAMES)


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _title(game: str) -> str:
    try:
        return registry.get(game).title
    except KeyError:
        return game


@dataclass(frozen=True)
class ChartLayout:
    """How one chart's words sit in ``width``: its title's lines, the bars shown, the width
    of the names' column (0: each name on its own line over its bar) and a bar row's height."""

    title: list[str]
    shown: list[tuple[str, Tally]]
    label_w: int
    step: int
    #: bars left out (the least played) for want of height, said in a line of their own
    more: int = 0

    @property
    def height(self) -> int:
        title = line_step(15, "bold") * len(self.title)
        return 12 + title + self.step * len(self.shown) + (line_step(13) if self.more else 0)


def chart_layout(
    width: int, title: str, rows: list[tuple[str, Tally]], height: int = 0
) -> ChartLayout:
    """The bars beside their names while names, bars and figures fit ``width`` (names up to
    120 wide); at larger text each name and its figure take a line over the bar instead. The
    most played bars first, as many as ``height`` holds (all up to MAX_BARS without it)."""
    lay = _chart_layout(width, title, rows)
    if len(rows) > len(lay.shown):
        lay = ChartLayout(lay.title, lay.shown, lay.label_w, lay.step, len(rows) - len(lay.shown))
    while height and lay.height > height and len(lay.shown) > 1:
        more = len(rows) - len(lay.shown) + 1
        lay = ChartLayout(lay.title, lay.shown[:-1], lay.label_w, lay.step, more)
    return lay


def _chart_layout(width: int, title: str, rows: list[tuple[str, Tally]]) -> ChartLayout:
    shown = sorted(rows, key=lambda r: -r[1].played)[:MAX_BARS] if len(rows) > MAX_BARS else rows
    heading = wrap_text(title, width - 24, 15, "bold")
    names = max((text_width(name, 13) for name, _ in shown), default=40) + 8
    figures = max((text_width(f"{_pct(t)} of {t.played}", 13) for _, t in shown), default=40)
    if names <= 120 and names + 40 + figures + 30 <= width:
        return ChartLayout(heading, shown, names, max(24, line_step(13) + 4))
    return ChartLayout(heading, shown, 0, line_step(13) + 12)


def draw_chart(
    surface: pygame.Surface, rect: pygame.Rect, title: str, rows: list[tuple[str, Tally]]
) -> None:
    """Horizontal bars: green for games won, red for lost, the win rate at the end."""
    draw_panel(surface, rect)
    lay = chart_layout(rect.w, title, rows, rect.h)
    y = rect.y + 8
    for line in lay.title:
        draw_text(surface, line, (rect.x + 12, y), size=15, kind="bold", colour=GOLD)
        y += line_step(15, "bold")
    most = max((t.played for _, t in lay.shown), default=1) or 1
    for name, t in lay.shown:
        figure = f"{_pct(t)} of {t.played}"
        if lay.label_w:  # name | bar | figure, on one line
            draw_text(surface, name, (rect.x + 12, y + 2), size=13, colour=PARCHMENT)
            x0, bar_y, bar_h = rect.x + 12 + lay.label_w, y + 2, lay.step - 8
            width = rect.right - 12 - text_width(figure, 13) - 6 - x0
        else:  # the name and its figure on a line, the bar under them
            draw_text(surface, name, (rect.x + 12, y), size=13, colour=PARCHMENT)
            draw_text(surface, figure, (rect.right - 12, y), size=13, colour=MUTED,
                      anchor="topright")  # fmt: skip
            x0, bar_y, bar_h = rect.x + 12, y + line_step(13), 8
            width = rect.w - 24
        full = max(2, int(width * t.played / most))
        won = int(full * t.won / t.played) if t.played else 0
        lost = int(full * t.lost / t.played) if t.played else 0
        draw.rect(surface, BAR_WATCHED, (x0, bar_y, full, bar_h), border_radius=3)
        if won:
            draw.rect(surface, BAR_WON, (x0, bar_y, won, bar_h), border_radius=3)
        if lost:
            draw.rect(surface, BAR_LOST, (x0 + won, bar_y, lost, bar_h), border_radius=3)
        if lay.label_w:
            draw_text(surface, figure, (x0 + full + 6, y + 2), size=13, colour=MUTED)
        y += lay.step
    if lay.more:
        draw_text(surface, f"and {lay.more} more", (rect.x + 12, y), size=13, colour=MUTED)


class StatsScene(MenuScene):
    heading = "Statistics"

    def __init__(self, app: App, game: str | None = None) -> None:
        super().__init__(app)
        from scenes.history.history_scene import shown_games

        m = self.manager
        self.games = shown_games()
        self.names = [ALL] + [g.title for g in self.games]
        ids = [g.game_id for g in self.games]
        self.game = game if game in ids else None
        start = ALL if self.game is None else self.names[ids.index(self.game) + 1]
        size = menu_size(m, self.names, (300, 40))
        self.chooser = pygame_gui.elements.UIDropDownMenu(
            self.names, start, place(m, (60, 104, *size)), manager=m
        )
        self.back_btn = button(m, (60, H - 84, 200, 50), "Back")
        self.page = 0
        self.prev_btn = button(m, (900, 104, 120, 40), "\u2039 Charts", style="")
        self.next_btn = button(m, (1030, 104, 120, 40), "Charts \u203a", style="")
        self.summary = Summary()
        self.problems: list[str] = []
        self.reload()

    def reload(self) -> None:
        entries, self.problems = history.load(self.game)
        offered = {g.game_id for g in self.games}
        self.entries = [e for e in entries if e.game in offered]
        self.summary = summarise(self.entries)
        self.grid = charts(self.summary, self.game)
        self.page = 0
        self._pages()

    @property
    def pages(self) -> int:
        return max(1, -(-len(self.grid) // self.per_page))

    def _pages(self) -> None:
        """The page buttons: shown only when the charts need more than one page."""
        for btn, ok in (
            (self.prev_btn, self.page > 0),
            (self.next_btn, self.page < self.pages - 1),
        ):
            btn.show() if self.pages > 1 else btn.hide()
            btn.enable() if ok else btn.disable()

    def shown_charts(self) -> list[tuple[str, list[tuple[str, Tally]]]]:
        """The charts on the page on screen."""
        return self.grid[self.page * self.per_page : (self.page + 1) * self.per_page]

    def turn_page(self, step: int) -> None:
        self.page = min(self.pages - 1, max(0, self.page + step))
        self._pages()

    def handle_ui(self, event: pygame.event.Event) -> None:
        el = getattr(event, "ui_element", None)
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and el is self.chooser:
            i = self.names.index(event.text) if event.text in self.names else 0
            self.game = None if i == 0 else self.games[i - 1].game_id
            self.reload()
        elif event.type == pygame_gui.UI_BUTTON_PRESSED and el is self.back_btn:
            self.back()
        elif event.type == pygame_gui.UI_BUTTON_PRESSED and el in (self.prev_btn, self.next_btn):
            self.turn_page(-1 if el is self.prev_btn else 1)

    @property
    def per_page(self) -> int:
        """Charts on a page: two rows (one when a chart's words need the height of two) of
        as many columns as the room beside the totals holds."""
        return self.chart_rows * self.columns

    @property
    def columns(self) -> int:
        return max(1, min(3, (W - 30 - self.charts_x + 12) // 280))

    @property
    def chart_width(self) -> int:
        return (W - 30 - self.charts_x - 12 * (self.columns - 1)) // self.columns

    @property
    def chart_rows(self) -> int:
        need = max((chart_layout(self.chart_width, t, r).height for t, r in self.grid), default=0)
        return 2 if need <= self.chart_height(2) else 1

    def chart_height(self, rows: int) -> int:
        """A chart's height when ``rows`` of them share the room above the legend."""
        room = self.legend_lines()[0] - 12 - 156
        return (min(2 * CHART_H + 12, room) - 12 * (rows - 1)) // rows

    def legend_lines(self) -> tuple[int, list[str]]:
        """Where the legend starts (600 as designed, higher when its lines need the room) and
        its lines under the key: what a bar and its figure mean, and how a game's length is
        counted when the games name it differently."""
        width = W - self.charts_x - 20
        meaning = "bar: games played  ·  figure: share won by the people at the table, of how many"
        lines = wrap_text(meaning, width, 14) + wrap_text(self.length_word()[1], width, 14)
        return min(600, H - 6 - line_step(14) * (len(lines) + 1)), lines

    @property
    def charts_x(self) -> int:
        """Where the charts (and the legend under them) start: right of the totals panel."""
        return 60 + totals_width(self.totals()) + 20

    def totals(self) -> list[tuple[str, str]]:
        word, _ = self.length_word()
        return totals_lines(self.summary, word)

    def length_word(self) -> tuple[str, str]:
        return length_word([self.game] if self.game else [e.game for e in self.entries])

    def draw_back(self, surface: pygame.Surface) -> None:
        super().draw_back(surface)
        rows = self.totals()
        width = totals_width(rows)
        step = line_step(16)
        lines = [
            wrap_text(label, width - 28 - 16 - text_width(value, 16, "bold"), 16)
            for label, value in rows
        ]  # a label wraps only beside a value too wide for the widest panel
        heights = [40 + step * (len(ls) - 1) for ls in lines]
        left = pygame.Rect(60, 156, width, max(430, 14 + sum(heights)))
        draw_panel(surface, left)
        y = left.y + 14
        for (_, value), ls, h in zip(rows, lines, heights, strict=True):
            for i, line in enumerate(ls):
                draw_text(surface, line, (left.x + 14, y + i * step), size=16, colour=PARCHMENT)
            draw_text(surface, value, (left.right - 14, y), size=16, kind="bold", anchor="topright")
            y += h
        grid = self.shown_charts()
        x0 = self.charts_x
        if not grid:
            draw_text(surface, "No finished games yet.", (x0 + 10, 170), size=18, colour=PARCHMENT)
        if self.pages > 1:
            first = self.page * self.per_page + 1
            shown = f"Charts {first}\u2013{first + len(grid) - 1} of {len(self.grid)}"
            draw_text(surface, shown, (890, 114), size=14, colour=MUTED, anchor="topright")
        w, h = self.chart_width, self.chart_height(self.chart_rows)
        for i, (title, rows_) in enumerate(grid):
            col, row = i % self.columns, i // self.columns
            draw_chart(surface, pygame.Rect(x0 + col * (w + 12), 156 + row * (h + 12), w, h), title,
                       rows_)  # fmt: skip
        y = self._legend(surface)
        if self.problems:
            n = len(self.problems)
            draw_text(
                surface,
                f"{n} history entr{'y' if n == 1 else 'ies'} could not be read and "
                f"{'is' if n == 1 else 'are'} not counted.",
                (x0, y),
                size=14,
                colour=MUTED,
            )

    def _legend(self, surface: pygame.Surface) -> int:
        """The bars' key, each entry after the last one's words, then the lines of
        :meth:`legend_lines` wrapped to the charts' width; returns the y below it."""
        left = self.charts_x
        top, lines = self.legend_lines()
        step = line_step(14)
        x = left
        for colour, words in (
            (BAR_WON, "won"),
            (BAR_LOST, "lost"),
            (BAR_WATCHED, "bots only (watched)"),
        ):
            draw.rect(surface, colour, (x, top + 4, 14, 12))
            if colour == BAR_WATCHED:
                draw.rect(surface, MUTED, (x, top + 4, 14, 12), 1)
            x = draw_text(surface, words, (x + 20, top), size=14).right + 16
        y = top + step
        for line in lines:
            draw_text(surface, line, (left, y), size=14, colour=MUTED)
            y += step
        return y


__all__ = ["LOST", "WON", "StatsScene", "charts", "draw_chart", "totals_lines"]
