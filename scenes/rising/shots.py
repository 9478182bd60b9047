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


def _session(
    actions: list[Action], seed: int, players: int = 4, options: dict[str, str] | None = None
) -> GameSession:
    from scenes.session import GameSession

    seats = [Seat(NAMES[i], "human", "normal", COLOURS[i]) for i in range(players)]
    s = GameSession.new("rising", seats, seed=seed, options=options, autosave=False)
    for a in actions:
        s.apply(a)
    return s


def _play_until(
    seed: int, want: Callable[[RisingState, list], bool], options: dict[str, str] | None = None
) -> tuple[list[Action], int]:
    """Random legal games from ``seed`` on until ``want(state, events)``: (actions, seed)."""
    for k in range(40):
        s = _session([], seed + k, options=options)
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
    from scenes.rising.board import RisingBoard

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
    from scenes.rising.results_screen import RisingResults

    best: tuple[int, list[Action], int] = (-1, [], 0)
    for first in range(50, 62):
        actions, seed = _play_until(first, lambda st, _e: st.result is not None)
        st = _session(actions, seed).state
        built = sum(b >= 0 for b in st.built)
        if built > best[0]:
            best = (built, actions, seed)
    return RisingResults(app, _session(best[1], best[2]))


def medusa(app: App) -> Scene:
    """Medusa on a tile beside councilors' stone figures, a councilor deciding on her gaze."""
    options = {"monsters": "medusa"}

    def ok(st: RisingState, _events: list) -> bool:
        dec = st.decision()
        t = st.medusa
        return (
            dec is not None
            and dec.kind in ("medusa_gaze", "place")
            and 0 <= t < 36
            and 1 <= t % 6 <= 3
            and sum(st.flooded) <= 12
            and len(st.petr[t]) >= 2
            and any(q >= 0 for q in st.petr[t])
            and sum(len(x) for x in st.petr) >= 3
        )

    actions, seed = _play_until(61, ok, options)
    return _board(app, _session(actions, seed, options=options))


def harpies(app: App) -> Scene:
    """The Harpies roosting on a busy tile while a councilor may lure them away."""
    options = {"monsters": "harpies"}

    def ok(st: RisingState, _events: list) -> bool:
        dec = st.decision()
        return (
            dec is not None
            and dec.kind == "harpies_lure"
            and 0 <= st.harpies < 36
            and len(st.occ[st.harpies]) >= 1
        )

    actions, seed = _play_until(71, ok, options)
    return _board(app, _session(actions, seed, options=options))


def scylla(app: App) -> Scene:
    """Scylla's rock with captives beside the Navy, Charybdis's whirlpool off a section tip."""
    options = {"monsters": "scylla"}

    def ok(st: RisingState, _events: list) -> bool:
        dec = st.decision()
        return (
            dec is not None
            and dec.kind == "place"
            and len(st.captives) >= 2
            and sum(st.flooded) <= 14
            and st.charybdis >= 0
            and len(st.occ[NAVY]) >= 2
        )

    actions, seed = _play_until(81, ok, options)
    return _board(app, _session(actions, seed, options=options))


SHOTS: tuple[tuple[str, Callable[[App], Scene]], ...] = (
    ("rising-fresh", fresh),
    ("rising-midgame", midgame),
    ("rising-attack", attack),
    ("rising-build", build),
    ("rising-results", results),
    ("rising-medusa", medusa),
    ("rising-harpies", harpies),
    ("rising-scylla", scylla),
)
