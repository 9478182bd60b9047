"""The Guards results: per hero its team, player, kills, defeats, pushes, coins and level.

Kills, defeats and pushes are counted from the game's events (every Guards event is public):
a push made while a hero's card resolves is that hero's; a push from the end-of-round minion
combat belongs to the team only. The board opens this screen itself (``results_scene``), since
the counts need the game's events, not only its final state.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from itertools import zip_longest

import pygame

from game.core.protocol import Event
from game.core.saves import Seat
from scenes import canvas
from scenes.assets import font
from scenes.guards import look
from scenes.guards.blocks import Block, draw_blocks, line, space
from scenes.guards.look import wrap
from scenes.results_rows import ResultsTable
from scenes.results_scene import ResultsScene, draw_table
from scenes.ui import MenuScene, W, draw_text

HEADERS = ["Hero", "Player", "Team", "Kills", "Defeated", "Pushes", "Coins", "Level"]


@dataclass
class Tally:
    kills: dict[int, int] = field(default_factory=dict)
    defeats: dict[int, int] = field(default_factory=dict)
    pushes: dict[int, int] = field(default_factory=dict)
    team_pushes: list[int] = field(default_factory=lambda: [0, 0])


def tally(events: Iterable[Event]) -> Tally:
    t = Tally()
    acting: int | None = None
    for e in events:
        d = e.data
        if e.kind == "resolve":
            acting = d.get("hero")
        elif e.kind in ("reveal", "outnumbered"):
            acting = None
        elif e.kind == "defeat":
            t.defeats[d["hero"]] = t.defeats.get(d["hero"], 0) + 1
            if d.get("by") is not None:
                t.kills[d["by"]] = t.kills.get(d["by"], 0) + 1
        elif e.kind == "push":
            team = d.get("team", 0)
            if 0 <= team < 2:
                t.team_pushes[team] += 1
            if acting is not None:
                t.pushes[acting] = t.pushes.get(acting, 0) + 1
    return t


def table(state, seats: Sequence[Seat], events: Iterable[Event]) -> ResultsTable:
    t = tally(events)
    rows = []
    for h in state.heroes:
        seat = state.seat_of[h]
        name = seats[seat].name if seat < len(seats) else state.player_name(seat)
        rows.append([
            state.hero_name(h), name, state.team_name(state.team_of[h]), str(t.kills.get(h, 0)),
            str(t.defeats.get(h, 0)), str(t.pushes.get(h, 0)), str(state.coins[h]),
            str(state.level[h]),
        ])  # fmt: skip
    if state.winner is None:
        head = "Unfinished"
    elif state.winner < 0:
        head = "A draw"
    else:
        head = f"The {state.team_name(state.winner)} win"
    how = f" ({state.win_how})" if state.win_how else ""
    notes = [f"{head}{how} after {state.round} rounds. Lane pushes: Titans {t.team_pushes[0]}, "
             f"Atlanteans {t.team_pushes[1]}."]  # fmt: skip
    if getattr(state, "tower_goal", 0):
        notes.append(f"Towers: Titans {state.towers[0]}, Atlanteans {state.towers[1]} "
                     f"(first to {state.tower_goal}).")  # fmt: skip
    return ResultsTable(HEADERS, rows, notes)


class GuardsResults(ResultsScene):
    """The shell's results screen with the table counted from this game's events."""

    def __init__(self, app, session) -> None:
        super().__init__(app, session)
        events = session.seen_by(0) if session.seats else []
        own = table(session.state, session.seats, events)
        self.results.headers = own.headers
        self.results.rows = own.rows
        self.results.notes = own.notes + [n for n in self.results.notes if n not in own.notes
                                          and not n.startswith(("The ", "A draw"))]  # fmt: skip
        self.tally = tally(events)
        top = 220 + 22 * len(self.results.notes)
        self.table_rect.y, self.table_rect.h = top, self.table_rect.bottom - top
        #: how far the wheel moved the column under the headline (larger text)
        self.scroll: dict[str, int] = {}

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEWHEEL:
            self.scroll["results"] = self.scroll.get("results", 0) - int(event.y)
            return True
        return super().handle_event(event)

    def column(self, width: int) -> list[Block]:
        """What goes under the headline, each line whole: the game's line and the notes
        (wrapped), then the table as designed when its columns fit ``width``; else the game's
        line, the heroes (the teams side by side, each hero its name, player and team over
        its counts in words), then the notes, which repeat what the headline says."""
        r = self.results
        spec = self.session.spec
        facts = f"{spec.title} · {r.rounds} {spec.round_word}s · seed {self.session.record.seed}"
        lines = lambda text, size: [line(x, size, centre=width)  # noqa: E731
                                    for x in wrap(text, width, size, max_lines=0)]  # fmt: skip
        head = lines(r.detail + "   ·   " + facts if r.detail else facts, 19)
        notes = [b for note in r.notes for b in lines(note, 16)]
        bold = font(18, "bold")
        cols = list(zip(r.headers, *r.rows, strict=False))
        if sum(max(bold.size(str(c))[0] for c in col) + 36 for col in cols) <= width - 40:
            h = 60 + 34 * len(r.rows)
            table = Block(h, lambda s, x, y, hits: draw_table(
                s, pygame.Rect(x, y, width, h - 4), r.headers, r.rows))  # fmt: skip
            return [*head, *notes, space(12), table]
        half = (width - 24) // 2
        teams = list(dict.fromkeys(row[2] for row in r.rows))
        sides = [[row for row in r.rows if row[2] == team] for team in teams[:2]]
        sides += [[row for row in r.rows if row[2] not in teams[:2]]] if len(teams) > 2 else []
        heroes = [_side_by_side([self._hero(row, half) for row in pair if row], half + 24)
                  for pair in zip_longest(*sides)]  # fmt: skip
        return [*head, space(12), *heroes, *notes]

    def _hero(self, row: list[str], width: int) -> Block:
        """One hero's row as words: name, player and team, then its counts, wrapped."""
        r = self.results
        counts = " · ".join(f"{k} {v}" for k, v in zip(r.headers[3:], row[3:], strict=False))
        lines = [line(x, 17, "bold", look.SELECT) for x in wrap(" · ".join(row[:3]), width, 17,
                                                                 "bold", max_lines=0)]  # fmt: skip
        lines += [line(x, 16) for x in wrap(counts, width, 16, max_lines=0)]
        return _stacked(lines)

    def draw_back(self, surface: pygame.Surface) -> None:
        MenuScene.draw_back(self, surface)
        r = self.results
        draw_text(surface, r.headline, (W // 2, 130), size=40, kind="bold", anchor="center")
        # the lines cross the waterline: a dark band behind them keeps them readable
        k = getattr(self.manager, "density", 1.0)
        room = pygame.Rect(140, 176, W - 280, int(self.same_seed.rect.top / k) - 8 - 176)
        band = canvas.surface((W - 240, room.h + 8), pygame.SRCALPHA)
        band.fill((8, 20, 32, 190))
        surface.blit(band, (120, 172))
        draw_blocks(surface, self.column(room.w), room, [], self.scroll, "results")


def _side_by_side(blocks: list[Block], step: int) -> Block:
    """Blocks next to each other, ``step`` apart, as one block as tall as the tallest."""

    def draw(surface: pygame.Surface, x: int, y: int, hits: list) -> None:
        for i, b in enumerate(blocks):
            b.draw(surface, x + i * step, y, hits)

    return Block(max(b.h for b in blocks), draw)


def _stacked(lines: list[Block]) -> Block:
    """Blocks one under the other as one block (a hero's lines scroll together)."""

    def draw(surface: pygame.Surface, x: int, y: int, hits: list) -> None:
        for b in lines:
            b.draw(surface, x, y, hits)
            y += b.h

    return Block(sum(b.h for b in lines) + 8, draw)
