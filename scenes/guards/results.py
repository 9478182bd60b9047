"""The Guards results: per hero its team, player, kills, defeats, pushes, coins and level.

Kills, defeats and pushes are counted from the game's events (every Guards event is public):
a push made while a hero's card resolves is that hero's; a push from the end-of-round minion
combat belongs to the team only. The board opens this screen itself (``results_scene``), since
the counts need the game's events, not only its final state.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from game.core.protocol import Event
from game.core.saves import Seat
from scenes.results_rows import ResultsTable
from scenes.results_scene import ResultsScene

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
