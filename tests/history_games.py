"""Finished games of each of the three games, played by seeded random moves, for the history
and replay tests (a plain module: tests/core and tests/scenes both import it)."""

from __future__ import annotations

import random

from game.core.saves import Seat
from scenes.session import GameSession

#: game -> (seats, options, seed): small tables that end quickly with random play
TABLES = {
    "rising": (
        [Seat("Ann"), Seat("Bo", "bot", "easy")],
        {"difficulty": "easy"},
        11,
    ),
    "finding": (
        [Seat("Ann"), Seat("Bo", "bot", "normal"), Seat("Cy", "bot", "hard")],
        {"size": "6"},
        5,
    ),
    "guards": (
        [Seat("Ann", team=0), Seat("Bo", "bot", "easy", team=1)],
        {"towers": "2"},
        3,
    ),
}


def random_move(session: GameSession, rng: random.Random):
    dec = session.decision()
    players = [p for p in dec.players if session.state.legal_actions(p)]
    p = players[0] if len(players) == 1 else rng.choice(players)
    return rng.choice(session.state.legal_actions(p))


def play_out(session: GameSession, seed: int = 0, upto: int | None = None) -> GameSession:
    """Random legal moves until the end (or until ``upto`` moves have been made)."""
    rng = random.Random(seed)
    while not session.is_over and (upto is None or len(session.record.actions) < upto):
        session.apply(random_move(session, rng))
    return session


def finished(game: str, *, autosave: bool = True, seed: int | None = None) -> GameSession:
    """A finished game of ``game`` (recorded in the history when ``autosave``)."""
    seats, options, table_seed = TABLES[game]
    s = GameSession.new(game, seats, options, seed=seed or table_seed, autosave=autosave)
    return play_out(s, seed or table_seed)
