"""Board positions for the screenshots (``tools/screenshots.py``) of Guards of Atlantis.

Each picture is a seeded game played to a chosen moment by a simple, aggressive chooser for
every seat (it attacks when it can, walks towards the nearest enemy, defends, levels up). The
person is seat 0. The positions are plain action lists found once per run; the factories
replay them into a session whose bots never answer, so nothing moves while the picture
settles and the person's question stays on screen.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING

from ai.guards.advisor import enemy_hexes
from game.core import registry
from game.core.protocol import Action, GameState
from game.core.saves import Seat
from scenes.screenshot_director import SilentRunner, play_on_cue

if TYPE_CHECKING:
    from scenes.app import App
    from scenes.guards.board import GuardsBoard
    from scenes.session import GameSession
    from scenes.stack import Scene

NAMES = ("Ana", "Bram", "Cleo", "Dara", "Eli", "Faye", "Gus", "Hana", "Ivo", "Juno")
PERSON = 0
#: how long before the picture is taken the last move is made (its animation then shows)
CAUGHT_S = 0.5
#: the action kinds the chooser prefers, first to last (whatever the act decision offers)
LIKED = ("defend", "level", "primary", "attack", "move", "fast")


def _enemy_hexes(view: GameState, player: int) -> list[tuple[int, int]]:
    return enemy_hexes(view, player)


def choose(view: GameState, player: int, rng: random.Random) -> Action:
    """The engine's step towards :func:`plan`'s action (at the card's action: its kind)."""
    return step_towards(view, player, plan(view, player, rng))


def step_towards(view: GameState, player: int, full: Action) -> Action:
    """The legal answer now that leads to the complete action ``full``."""
    legal = view.legal_actions(player)
    if full in legal:
        return full
    return next(a for a in legal if a.kind == "act" and a["what"] == full.kind)


def plan(view: GameState, player: int, rng: random.Random) -> Action:
    """An aggressive, seeded pick from ``player``'s view (the pictures want fights): at the
    card's action a complete one (kind and destination), as a person clicks it."""
    from game.guards.geo import distance
    from game.guards.legal import act_moves

    dec = view.decision()
    if dec is not None and dec.kind == "act":
        legal = act_moves(view, player)
    else:
        legal = view.legal_actions(player)
    kinds = {a.kind for a in legal}
    if "defend" in kinds:
        saving = [a for a in legal if a.get("card")]
        return saving[0] if saving else legal[-1]
    if "level" in kinds:
        return legal[0]
    for kind in ("primary", "attack"):
        if kind in kinds and rng.random() < 0.85:
            return next(a for a in legal if a.kind == kind)
    for kind in ("move", "fast"):
        moves = [a for a in legal if a.kind == kind and a.get("to") is not None]
        foes = _enemy_hexes(view, player)
        if moves and foes:
            return min(moves, key=lambda a: (min(distance(a["to"], f) for f in foes), a["to"]))
    if "choose" in kinds:
        real = [a for a in legal if a.get("option") != "skip"]
        if real:
            return real[rng.randrange(len(real))]
    return legal[rng.randrange(len(legal))]


Want = Callable[[GameState, Action], bool]


def _seats(n: int) -> list[Seat]:
    spec = registry.get("guards")
    seats = [Seat(NAMES[0], "human", "normal")] + [
        Seat(NAMES[i], "bot", "hard") for i in range(1, n)
    ]
    return spec.with_teams(seats)


def play_until(
    n: int, options: dict[str, str], first_seed: int, want: Want, tries: int = 40
) -> tuple[int, tuple[Action, ...]]:
    """Games from ``first_seed`` on until ``want(state, last action)``: (seed, actions)."""
    spec = registry.get("guards")
    for seed in range(first_seed, first_seed + tries):
        st = spec.create(_seats(n), spec.parse_options(dict(options)), seed)
        rng = random.Random(seed)
        done: list[Action] = []
        if want(st, None):  # type: ignore[arg-type]
            return seed, ()
        while not st.is_terminal():
            dec = st.decision()
            p = max(p for p in dec.players if st.legal_actions(p))  # the person last
            a = choose(st.view(p), p, rng)
            st.apply(a)
            done.append(a)
            if want(st, a):
                return seed, tuple(done)
    raise RuntimeError(f"no Guards game from seed {first_seed} reached the position")


def _asks_person(st: GameState, kind: str) -> bool:
    dec = st.decision()
    return dec is not None and dec.kind == kind and PERSON in dec.players


#: picture -> (seats, options, first seed, the moment)
WANTS: dict[str, tuple[int, dict[str, str], int, Want]] = {
    "selection": (4, {"board": "one_lane"}, 1, lambda st, a: _asks_person(st, "pick")),
    "fresh": (4, {"board": "one_lane"}, 3, lambda st, a: _asks_person(st, "play")),
    "reveal": (
        4,
        {"board": "one_lane"},
        5,
        lambda st, a: (
            a is not None and a.kind == "play" and a.player == PERSON and st.phase == "resolve"
        ),
    ),
    "target": (
        4,
        {"board": "one_lane"},
        7,
        lambda st, a: st.round >= 2 and _asks_person(st, "act"),
    ),
    "defence": (4, {"board": "one_lane"}, 9, lambda st, a: _asks_person(st, "defend")),
    "level": (4, {"board": "one_lane"}, 11, lambda st, a: _asks_person(st, "level")),
    "two-lane": (
        10,
        {"board": "two_lane"},
        13,
        lambda st, a: st.round >= 2 and _asks_person(st, "play"),
    ),
    "victory": (4, {"board": "one_lane", "towers": "2"}, 15, lambda st, a: st.is_terminal()),
}


@cache
def position(name: str) -> tuple[int, dict[str, str], int, tuple[Action, ...]]:
    """(seats, options, seed, actions) of the picture ``name``."""
    n, options, first, want = WANTS[name]
    seed, actions = play_until(n, options, first, want)
    return n, options, seed, actions


def session_at(name: str, upto: int | None = None) -> GameSession:
    """A session replaying the picture's actions (all of them, or the first ``upto``)."""
    from scenes.session import GameSession

    n, options, seed, actions = position(name)
    s = GameSession.new(
        "guards", _seats(n), options, seed, autosave=False, runner_factory=SilentRunner
    )
    for a in actions[:upto]:
        s.apply(a)
    return s


def _board(app: App, session: GameSession) -> GuardsBoard:
    from scenes.guards.board import GuardsBoard

    return GuardsBoard(app, session)


def selection(app: App) -> Scene:
    """Hero selection with a hero looked at: portraits, roles and its cards."""
    board = _board(app, session_at("selection"))
    tiles = [a["hero"] for a in board.legal if a.kind == "pick"]
    board.preview = f"unit:{'brogan' if 'brogan' in tiles else tiles[0]}"
    return board


def fresh(app: App) -> Scene:
    return _board(app, session_at("fresh"))


def reveal(app: App) -> Scene:
    """The person lays the last card face down just before the picture: the reveal shows."""
    from scenes.guards.board import GuardsBoard

    *_, actions = position("reveal")
    session = session_at("reveal", upto=len(actions) - 1)
    return play_on_cue(GuardsBoard, app, session, actions[-1], CAUGHT_S)


def target(app: App) -> Scene:
    """The person's hero acts: the move step chosen, every hex it may reach glowing."""
    board = _board(app, session_at("target"))
    if any(a.kind == "act" and a["what"] == "move" for a in board.legal):
        board.stage = "move"
    return board


def defence(app: App) -> Scene:
    return _board(app, session_at("defence"))


def level(app: App) -> Scene:
    return _board(app, session_at("level"))


def two_lane(app: App) -> Scene:
    return _board(app, session_at("two-lane"))


def victory(app: App) -> Scene:
    return _board(app, session_at("victory")).results_scene()


def tutorial(app: App) -> Scene:
    """The tutorial's first lesson over the board."""
    from scenes.guards.tutorial import TutorialBoard

    return TutorialBoard(app)


SHOTS: tuple[tuple[str, Callable[[App], Scene]], ...] = (
    ("guards-selection", selection),
    ("guards-fresh", fresh),
    ("guards-reveal", reveal),
    ("guards-target", target),
    ("guards-defence", defence),
    ("guards-level", level),
    ("guards-two-lane", two_lane),
    ("guards-victory", victory),
    ("guards-tutorial", tutorial),
)
