"""The Statistics screen: what the history adds up to, with small bar charts of our own.

Totals on the left (played, won, lost, length, streaks); on the right, bars of the win rate
by option (difficulty, mode, board …), by player count, by bot level and by each seat's
hero, captain or councilor, six charts a page (the page buttons show the rest). Every number
comes from :func:`game.core.stats.summarise` over the history the History screen lists.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.core import history, registry
from game.core.stats import LOST, WON, Summary, Tally, summarise
from scenes import draw
from scenes.assets import font
from scenes.palette import GOLD, MUTED, PARCHMENT
from scenes.text import line_step, wrap_text
from scenes.ui import H, MenuScene, W, button, draw_panel, draw_text, place

if TYPE_CHECKING:
    from scenes.app import App

ALL = "All games"
BAR_WON = (86, 168, 120)
BAR_LOST = (176, 86, 72)
#: the part of a bar neither won nor lost: games the bots played alone, watched
BAR_WATCHED = (40, 60, 74)
#: charts on one page (two rows of three)
PER_PAGE = 6
#: the most bars one chart shows (the most played first)
MAX_BARS = 7


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


def draw_chart(
    surface: pygame.Surface, rect: pygame.Rect, title: str, rows: list[tuple[str, Tally]]
) -> None:
    """Horizontal bars: green for games won, red for lost, the win rate at the end."""
    draw_panel(surface, rect)
    draw_text(surface, title, (rect.x + 12, rect.y + 8), size=15, kind="bold", colour=GOLD)
    shown = sorted(rows, key=lambda r: -r[1].played)[:MAX_BARS] if len(rows) > MAX_BARS else rows
    most = max((t.played for _, t in shown), default=1) or 1
    f = font(13)
    label_w = min(120, max((f.size(name)[0] for name, _ in shown), default=40) + 8)
    x0 = rect.x + 12 + label_w
    width = rect.right - 84 - x0
    step = min(24, (rect.height - 40) // max(1, len(shown)))
    y = rect.y + 34
    for name, t in shown:
        surface.blit(f.render(name[:18], True, PARCHMENT), (rect.x + 12, y + 2))
        full = max(2, int(width * t.played / most))
        won = int(full * t.won / t.played) if t.played else 0
        lost = int(full * t.lost / t.played) if t.played else 0
        draw.rect(surface, BAR_WATCHED, (x0, y + 2, full, step - 8), border_radius=3)
        if won:
            draw.rect(surface, BAR_WON, (x0, y + 2, won, step - 8), border_radius=3)
        if lost:
            draw.rect(surface, BAR_LOST, (x0 + won, y + 2, lost, step - 8), border_radius=3)
        surface.blit(f.render(f"{_pct(t)} of {t.played}", True, MUTED), (x0 + full + 6, y + 2))
        y += step


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
        self.chooser = pygame_gui.elements.UIDropDownMenu(
            self.names, start, place(m, (60, 104, 300, 40)), manager=m
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
        return max(1, -(-len(self.grid) // PER_PAGE))

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
        return self.grid[self.page * PER_PAGE : (self.page + 1) * PER_PAGE]

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

    def draw_back(self, surface: pygame.Surface) -> None:
        super().draw_back(surface)
        word, note = length_word([self.game] if self.game else [e.game for e in self.entries])
        left = pygame.Rect(60, 156, 330, 430)
        draw_panel(surface, left)
        y = left.y + 14
        for label, value in totals_lines(self.summary, word):
            draw_text(surface, label, (left.x + 14, y), size=16, colour=PARCHMENT)
            draw_text(surface, value, (left.right - 14, y), size=16, kind="bold", anchor="topright")
            y += 40
        if note:
            draw_text(surface, note, (left.x, left.bottom + 8), size=13, colour=MUTED)
        grid = self.shown_charts()
        if not grid:
            draw_text(surface, "No finished games yet.", (420, 170), size=18, colour=PARCHMENT)
        if self.pages > 1:
            first = self.page * PER_PAGE + 1
            shown = f"Charts {first}\u2013{first + len(grid) - 1} of {len(self.grid)}"
            draw_text(surface, shown, (890, 114), size=14, colour=MUTED, anchor="topright")
        for i, (title, rows) in enumerate(grid):
            col, row = i % 3, i // 3
            rect = pygame.Rect(410 + col * 280, 156 + row * 220, 268, 208)
            draw_chart(surface, rect, title, rows)
        y = self._legend(surface, 600)
        if self.problems:
            n = len(self.problems)
            draw_text(
                surface,
                f"{n} history entr{'y' if n == 1 else 'ies'} could not be read and "
                f"{'is' if n == 1 else 'are'} not counted.",
                (410, y),
                size=14,
                colour=MUTED,
            )

    def _legend(self, surface: pygame.Surface, top: int) -> int:
        """The bars' key, each entry after the last one's words, then what a bar and its
        figure mean, wrapped to the charts' width; returns the y below it."""
        x = 410
        for colour, words in (
            (BAR_WON, "won"),
            (BAR_LOST, "lost"),
            (BAR_WATCHED, "bots only (watched)"),
        ):
            draw.rect(surface, colour, (x, top + 4, 14, 12))
            if colour == BAR_WATCHED:
                draw.rect(surface, MUTED, (x, top + 4, 14, 12), 1)
            x = draw_text(surface, words, (x + 20, top), size=14).right + 16
        y = top + line_step(14)
        meaning = "bar: games played  ·  figure: share won by the people at the table, of how many"
        for line in wrap_text(meaning, W - 410 - 20, 14):
            draw_text(surface, line, (410, y), size=14, colour=MUTED)
            y += line_step(14)
        return y


__all__ = ["LOST", "WON", "StatsScene", "charts", "draw_chart", "totals_lines"]
