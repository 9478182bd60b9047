"""Small summaries: percentiles of measurements (runner, simulations, benchmark) and the
statistics of the history of finished games (the Statistics screen)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any


def percentile(values: Sequence[float], q: float) -> float:
    """Nearest-rank percentile of ``values`` for ``q`` in [0, 1]; 0.0 when there is no data."""
    if not values:
        return 0.0
    s = sorted(values)
    return s[min(len(s) - 1, int(q * (len(s) - 1) + 0.5))]


def summary_ms(values_ms: Sequence[float]) -> dict[str, float]:
    """Median, 95th percentile and maximum (rounded to microseconds) and the count."""
    return {
        "p50": round(percentile(values_ms, 0.5), 3),
        "p95": round(percentile(values_ms, 0.95), 3),
        "max": round(max(values_ms, default=0.0), 3),
        "n": len(values_ms),
    }


# --- statistics of the history of finished games ----------------------------------------------
# (kept beside the percentiles so every number a screen shows comes from one module; the
# history entries are passed in, so this reads no file and imports nothing of pygame)


@dataclass
class Tally:
    """Games played, and of those won and lost by the people at the table."""

    played: int = 0
    won: int = 0
    lost: int = 0

    def add(self, outcome: str) -> None:
        self.played += 1
        if outcome == WON:
            self.won += 1
        elif outcome == LOST:
            self.lost += 1

    @property
    def decided(self) -> int:
        return self.won + self.lost

    @property
    def rate(self) -> float | None:
        """The share of decided games won (None before any)."""
        return self.won / self.decided if self.decided else None


WON, LOST, WATCHED = "won", "lost", "watched"


def outcome(entry: Any) -> str:
    """How a finished game ended for the people who played it.

    Won when any person's seat won (a co-operative table wins or loses together), lost when
    people played and none won, "watched" when only bots played.
    """
    humans = [i for i, s in enumerate(entry.seats) if not s.is_bot]
    if not humans:
        return WATCHED
    return WON if any(entry.returns[i] >= 1.0 for i in humans) else LOST


def table_kind(entry: Any) -> str:
    people = sum(1 for s in entry.seats if not s.is_bot)
    return "bots only" if people == 0 else "solo" if people == 1 else "hot-seat"


@dataclass
class Summary:
    """Everything the Statistics screen shows for a set of games."""

    total: Tally = field(default_factory=Tally)
    by_game: dict[str, Tally] = field(default_factory=dict)
    #: option key -> option value -> tally (difficulty, mode, board ...)
    by_option: dict[str, dict[str, Tally]] = field(default_factory=dict)
    by_players: dict[int, Tally] = field(default_factory=dict)
    by_table: dict[str, Tally] = field(default_factory=dict)
    #: bot level -> tally of the games in which at least one bot of that level sat
    by_level: dict[str, Tally] = field(default_factory=dict)
    #: hero or captain -> seats that played it, won counted per seat (every seat counts)
    by_role: dict[str, Tally] = field(default_factory=dict)
    rounds_total: int = 0
    moves_total: int = 0
    #: fewest rounds of a won game (None before a win)
    best_rounds: int | None = None
    longest_win_streak: int = 0
    #: (WON or LOST, how many in a row) at the newest decided game; ("", 0) before any
    current_streak: tuple[str, int] = ("", 0)

    @property
    def average_rounds(self) -> float | None:
        return self.rounds_total / self.total.played if self.total.played else None

    @property
    def average_moves(self) -> float | None:
        return self.moves_total / self.total.played if self.total.played else None


def summarise(entries: Sequence[Any]) -> Summary:
    """The statistics of ``entries`` (history entries, any order; streaks follow time)."""
    out = Summary()
    oldest_first = sorted(entries, key=lambda e: e.key)
    streak_kind, streak, best_streak = "", 0, 0
    for e in oldest_first:
        result = outcome(e)
        out.total.add(result)
        out.by_game.setdefault(e.game, Tally()).add(result)
        for key, value in sorted(e.record.options.items()):
            out.by_option.setdefault(key, {}).setdefault(value, Tally()).add(result)
        out.by_players.setdefault(len(e.seats), Tally()).add(result)
        out.by_table.setdefault(table_kind(e), Tally()).add(result)
        for level in sorted({s.level for s in e.seats if s.is_bot}):
            out.by_level.setdefault(level, Tally()).add(result)
        for seat, names in enumerate(e.roles):
            seat_result = WON if e.returns[seat] >= 1.0 else LOST
            for name in names:
                out.by_role.setdefault(name, Tally()).add(seat_result)
        out.rounds_total += e.rounds
        out.moves_total += e.moves
        if result == WON and (out.best_rounds is None or e.rounds < out.best_rounds):
            out.best_rounds = e.rounds
        if result in (WON, LOST):
            streak = streak + 1 if result == streak_kind else 1
            streak_kind = result
            if result == WON:
                best_streak = max(best_streak, streak)
    out.longest_win_streak = best_streak
    out.current_streak = (streak_kind, streak)
    return out
