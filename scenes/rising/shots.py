"""Board positions for the screenshots (``tools/screenshots.py``): seeded games played to a
chosen moment with random legal moves, every seat a person so nothing moves while the picture
settles. Each factory returns the scene to show.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING

from game.core.saves import Seat
from game.rising.island import NAVY
from game.rising.state import RisingState

if TYPE_CHECKING:
    from game.core.protocol import Action
    from scenes.app import App
    from scenes.session import GameSession
    from scenes.stack import Scene

NAMES = ("Kleito", "Ampheres", "Evaemon", "Mneseus")
COLOURS = ("orange", "blue", "green", "purple")


def _session(actions: list[Action], seed: int, players: int = 4) -> GameSession:
    from scenes.session import GameSession

    seats = [Seat(NAMES[i], "human", "normal", COLOURS[i]) for i in range(players)]
    s = GameSession.new("rising", seats, seed=seed, autosave=False)
    for a in actions:
        s.apply(a)
    return s


def _play_until(seed: int, want: Callable[[RisingState, list], bool]) -> tuple[list[Action], int]:
    """Random legal games from ``seed`` on until ``want(state, events)``: (actions, seed)."""
    for k in range(40):
        s = _session([], seed + k)
        rng = random.Random(seed + k)
        done: list[Action] = []
        while (dec := s.state.decision()) is not None:
            a = rng.choice(s.state.legal_actions(dec.players[0]))
            events = s.apply(a)
            done.append(a)
            if want(s.state, events):
                return done, seed + k
    return [], seed


def _board(app: App, session: GameSession) -> Scene:
    from scenes.rising_board import RisingBoard

    return RisingBoard(app, session)


def fresh(app: App) -> Scene:
    return _board(app, _session([], 21))


def midgame(app: App) -> Scene:
    def ok(st: RisingState, _events: list) -> bool:
        dec = st.decision()
        return (
            6 <= sum(st.flooded) <= 20
            and len(st.occ[NAVY]) >= 3
            and dec is not None
            and dec.kind == "place"
            and len(st.mdiscard) > 0
        )

    actions, seed = _play_until(23, ok)
    return _board(app, _session(actions, seed))


def attack(app: App) -> Scene:
    def ok(st: RisingState, events: list) -> bool:
        hit = any(e.kind == "attack_resolved" and e.data.get("tiles", 0) >= 2 for e in events)
        dec = st.decision()
        return hit and dec is not None and dec.kind == "attack_tiles"

    actions, seed = _play_until(31, ok)
    session = _session(actions[:-1], seed)
    board = _board(app, session)
    board.act(actions[-1])  # the move that lets the attack fall: its animation plays
    return board


def build(app: App) -> Scene:
    def ok(st: RisingState, _events: list) -> bool:
        dec = st.decision()
        if dec is None or dec.kind != "build" or sum(b >= 0 for b in st.built) < 1:
            return False
        return any(a.kind == "build" for a in st.legal_actions(dec.players[0]))

    actions, seed = _play_until(41, ok)
    return _board(app, _session(actions, seed))


def results(app: App) -> Scene:
    from scenes.results_scene import ResultsScene

    best: tuple[int, list[Action], int] = (-1, [], 0)
    for first in range(50, 62):
        actions, seed = _play_until(first, lambda st, _e: st.result is not None)
        st = _session(actions, seed).state
        built = sum(b >= 0 for b in st.built)
        if built > best[0]:
            best = (built, actions, seed)
    return ResultsScene(app, _session(best[1], best[2]))


SHOTS: tuple[tuple[str, Callable[[App], Scene]], ...] = (
    ("rising-fresh", fresh),
    ("rising-midgame", midgame),
    ("rising-attack", attack),
    ("rising-build", build),
    ("rising-results", results),
)
