"""Finished games of each of the three games, for the history and replay tests, the replay
bench (tools/bench_replay.py) and the History screenshots.

``finished`` plays seeded random legal moves (quick, and the same every time); ``bot_played``
lets each seat's bot choose (what the screenshots show: games that look like games).
"""

from __future__ import annotations

import random
import time

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


def bot_played(game: str, seats, options, seed: int, level: str = "easy") -> GameSession:
    """A finished game in which every seat's move (people's too) is chosen by a ``level`` bot
    from that seat's own view; recorded in the history (it autosaves as a real game does)."""
    from ai.bots import make_bot, remember, seat_seed

    s = GameSession.new(game, seats, options, seed=seed)
    bots = [make_bot(game, level, seat_seed(seed, i)) for i in range(len(seats))]
    seen = [0] * len(seats)
    rng = random.Random(seed)
    while not s.is_over:
        dec = s.decision()
        players = [p for p in dec.players if s.state.legal_actions(p)]
        p = rng.choice(players)
        history = s.seen_by(p)
        remember(bots[p], history[seen[p] :], p)
        seen[p] = len(history)
        s.apply(bots[p].choose(s.state.view(p), p, time.monotonic() + 0.3))
    return s
