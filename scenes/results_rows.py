"""Game-specific tables for the results screen, one small function per game.

A game registers ``fn(state, seats) -> ResultsTable``; :func:`results_rows` finds it (loading
the built-in modules on first use, as the board registry does) and the session shows its
headers, rows and notes instead of the plain "who won" table. Pure Python: no pygame here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from game.core.protocol import GameState
from game.core.registry import GameSpec
from game.core.saves import Seat


@dataclass
class ResultsTable:
    """A table (headers + rows of text) and a few lines of notes shown above it."""

    headers: list[str]
    rows: list[list[str]]
    notes: list[str] = field(default_factory=list)


RowsFn = Callable[[GameState, Sequence[Seat]], ResultsTable]

_TABLES: dict[str, RowsFn] = {}


def register_results(game_id: str, fn: RowsFn) -> RowsFn:
    """Use ``fn`` for ``game_id``'s results screen."""
    _TABLES[game_id] = fn
    return fn


def unregister_results(game_id: str) -> None:
    _TABLES.pop(game_id, None)


def _load_builtin() -> None:
    from scenes import game_ui

    game_ui.load_builtin()


def results_rows(game_id: str, state: GameState, seats: Sequence[Seat]) -> ResultsTable | None:
    """The game's own results table for this finished state, or None if it has none."""
    _load_builtin()
    fn = _TABLES.get(game_id)
    return None if fn is None else fn(state, seats)


#: the longest list of winners' names the results line shows (the table names every seat)
MAX_DETAIL_NAMES = 56


def _names(names: Sequence[str]) -> str:
    """ "Ana", "Ana and Bo", "Ana, Bo and Cy"."""
    names = list(names)
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _winners(returns: Sequence[float]) -> list[int]:
    best = max(returns) if returns else 0.0
    return [i for i, r in enumerate(returns) if r == best and best > 0]


def headline(spec: GameSpec, seats: Sequence[Seat], returns: Sequence[float]) -> tuple[str, str]:
    """The results screen's headline and the line under it, from the seats' final returns.

    A team game speaks of teams ("The Titans win!") and names the seats that won for them;
    otherwise of seats ("Ana wins!"); a co-operative game of the whole table.
    """
    winners = _winners(returns)
    if spec.cooperative:
        if winners:
            return "Victory!", "Everyone wins together."
        return "Defeat", "The game beat the table this time."
    names = [seats[i].name if i < len(seats) else f"Player {i + 1}" for i in range(len(returns))]
    if spec.team_game and all(s.team is not None for s in seats):
        if not winners:
            return "No winner", "No team won this game."
        teams = sorted({seats[i].team for i in winners if seats[i].team is not None})
        if len(teams) == 1:
            team = spec.team_name(teams[0])
            who = _names([names[i] for i in winners])
            if len(who) > MAX_DETAIL_NAMES:  # the line shares the screen's width with the game's
                who = f"All {len(winners)} of them"
            return f"The {team} win!", f"{who} win for the {team}."
        both = _names([f"the {spec.team_name(t)}" for t in teams])
        return "A draw", both[0].upper() + both[1:] + " share the game."
    if not winners:
        return "No winner", "Nobody won this game."
    if len(winners) == 1:
        return f"{names[winners[0]]} wins!", ""
    return "Shared victory", _names([names[i] for i in winners]) + " win together."


def default_table(
    spec: GameSpec, seats: Sequence[Seat], returns: Sequence[float]
) -> tuple[list[str], list[list[str]]]:
    """The plain per-seat table of a game without its own: who, which team, won or lost."""
    winners = set(_winners(returns))
    teams = spec.team_game and all(s.team is not None for s in seats)
    headers = ["Player", "Team", "Seat", "Result"] if teams else ["Player", "Seat", "Result"]
    rows = []
    for i, s in enumerate(seats):
        row = [s.name]
        if teams and s.team is not None:
            row.append(spec.team_name(s.team))
        row.append("Bot (" + s.level + ")" if s.is_bot else "Human")
        row.append("won" if i in winners else "lost")
        rows.append(row)
    return headers, rows
