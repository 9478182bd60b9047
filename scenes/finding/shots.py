"""Board positions for the screenshots (``tools/screenshots.py``) of Finding Atlantis.

Each picture is a seeded game played to a chosen moment: the person's submarine (yellow,
seat 0) by a simple reader that likes readings, the others by random legal moves, and for
the solve dialog and the results the person by the oracle (which knows the map, so it gets
there in a few rounds). The positions are found once per run (cached: the label test builds
every shot twice) and are plain action lists; the factories replay them into a session and
return the scene to show. The other seats are bots whose runner never answers, so nothing
moves while the picture settles and the person's turn stays on screen.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING

from game.core.protocol import Action, Event
from game.core.saves import Seat
from game.finding.setup import new_game
from game.finding.state import FindingState
from scenes.screenshot_director import SilentRunner, play_on_cue

if TYPE_CHECKING:
    from scenes.app import App
    from scenes.finding.board import FindingBoard
    from scenes.session import GameSession
    from scenes.stack import Scene

NAMES = ("Marina", "Nereus", "Calypso", "Triton")
COLOURS = ("yellow", "red", "green", "blue")
PERSON = 0
#: how long before the picture is taken the last move is made (its animation then shows)
CAUGHT_S = 0.45
#: the round from which the oracle plays the person (before it, the reader gathers clues)
ORACLE_FROM = {6: 3, 8: 4}
#: rounds played before the "late" chart, by map size
LATE = {6: 6, 8: 9}
Want = Callable[[FindingState, list[Event], Action], bool]

_READINGS = frozenset({"sonar", "jelly", "explore", "captain", "artifact", "periscope"})


def _reader(st: FindingState, p: int, rng: random.Random) -> Action:
    """The person's hand in the pictures: mostly readings, some moves, no blind solving."""
    legal = st.legal_actions(p)
    if st.phase == "solve":
        return next(a for a in legal if a.kind == "keep_searching")
    weights = [4.0 if a.kind in _READINGS else 0.3 if a.kind == "burn" else 1.5 for a in legal]
    return rng.choices(legal, weights)[0]


def _choose(st: FindingState, p: int, rng: random.Random, oracle: bool) -> Action:
    if oracle and p == PERSON and (st.round >= ORACLE_FROM[st.size] or st.phase != "play"):
        from ai.finding.oracle import OracleBot

        return OracleBot().choose(st, p, float("inf"))
    if p == PERSON:
        return _reader(st, p, rng)
    legal = st.legal_actions(p)
    if st.phase == "solve":  # the others never solve at random: the game stays the person's
        return next(a for a in legal if a.kind == "keep_searching")
    return legal[rng.randrange(len(legal))]


def _options(size: int, pirate: bool = False) -> dict[str, str]:
    return {"size": str(size), "mode": "pirate" if pirate else "classic", "monsters": "sleepy"}


def play_until(
    size: int, first_seed: int, want: Want, *, players: int = 3, pirate: bool = False,
    oracle: bool = False, tries: int = 60,
) -> tuple[int, tuple[Action, ...]]:  # fmt: skip
    """Games from ``first_seed`` on until ``want(state, events, last action)``: (seed, actions)."""
    options = _options(size, pirate)
    for seed in range(first_seed, first_seed + tries):
        st = new_game(players, options, seed)
        rng = random.Random(seed)
        done: list[Action] = []
        while (dec := st.decision()) is not None and st.round <= 40:
            a = _choose(st, dec.players[0], rng, oracle)
            events = st.apply(a)
            done.append(a)
            if want(st, events, a):
                return seed, tuple(done)
    raise RuntimeError(f"no {size}x{size} game from seed {first_seed} reached the position")


def _person_to_move(st: FindingState) -> bool:
    dec = st.decision()
    return dec is not None and dec.kind == "turn" and st.seat == PERSON and st.acts == 2


def _placed_readings(st: FindingState, p: int) -> int:
    return sum(1 for e in st.chart(p) if e.who == p and e.reading is not None)


@cache
def position(name: str, size: int) -> tuple[dict[str, str], int, tuple[Action, ...]]:
    """The options, seed and actions of the picture ``name`` on a ``size``×``size`` map."""
    pirate = name == "mine"
    oracle = name in ("solve", "results")

    def early(st: FindingState, _ev: list[Event], _a: Action) -> bool:
        return st.round >= 2 and _person_to_move(st) and _placed_readings(st, PERSON) >= 3

    def late(st: FindingState, _ev: list[Event], _a: Action) -> bool:
        return (
            st.round >= LATE[size]
            and _person_to_move(st)
            and not st.lost[PERSON]
            and _placed_readings(st, PERSON) >= 2 * LATE[size]
        )

    def sonar(st: FindingState, _ev: list[Event], a: Action) -> bool:
        return a.kind == "sonar" and a.player == PERSON and st.round >= 2 and st.seat == PERSON

    def mine(st: FindingState, ev: list[Event], a: Action) -> bool:
        return a.player == PERSON and any(
            e.kind == "mine_hit" and e.data.get("who") == PERSON for e in ev
        )

    def solve(st: FindingState, _ev: list[Event], _a: Action) -> bool:
        return st.phase == "claim" and st.seat == PERSON and len(st.claim) == 1

    def results(st: FindingState, _ev: list[Event], _a: Action) -> bool:
        return st.winner == PERSON

    wants: dict[str, tuple[Want, int]] = {
        "early": (early, 11),
        "late": (late, 21),
        "heat": (late, 31),
        "sonar": (sonar, 41),
        "mine": (mine, 51),
        "solve": (solve, 61),
        "results": (results, 71),
    }
    want, first = wants[name]
    seed, actions = play_until(size, first + size, want, pirate=pirate, oracle=oracle)
    return _options(size, pirate), seed, actions


def session_at(name: str, size: int, upto: int | None = None) -> GameSession:
    """A session replaying the picture's actions (all of them, or the first ``upto``)."""
    from scenes.session import GameSession

    options, seed, actions = position(name, size)
    seats = [Seat(NAMES[0], "human", "normal", COLOURS[0])] + [
        Seat(NAMES[i], "bot", "hard", COLOURS[i]) for i in range(1, 3)
    ]
    s = GameSession.new(
        "finding", seats, options, seed, autosave=False, runner_factory=SilentRunner
    )
    for a in actions[:upto]:
        s.apply(a)
    return s


# --- the scenes -------------------------------------------------------------------------------
def _board(app: App, session: GameSession) -> FindingBoard:
    from scenes.finding.board import FindingBoard

    return FindingBoard(app, session)


def setup(app: App, size: int) -> Scene:
    """The setup screen with Finding Atlantis chosen: one person, two U-Bots, the map size."""
    import pygame_gui

    from game.core import registry
    from scenes.setup_scene import SetupScene

    scene = SetupScene(app)
    spec = registry.get("finding")
    menu = scene.game_menu
    if menu is not None:  # the game drop-down shows Finding Atlantis, as if picked
        rect, manager = menu.relative_rect.copy(), menu.ui_manager
        menu.kill()
        scene.game_menu = pygame_gui.elements.UIDropDownMenu(
            [g.title for g in scene.games], spec.title, rect, manager=manager
        )
    scene.build_game(spec, seat_count=3)
    scene.option_values["size"] = str(size)
    scene.build_game(spec, seat_count=3, keep=True)
    return scene


def early(app: App, size: int) -> Scene:
    return _board(app, session_at("early", size))


def late(app: App, size: int) -> Scene:
    """A chart late in the game, with where the others can be drawn on it."""
    board = _board(app, session_at("late", size))
    board.toggle_aid("opp")
    return board


def heat(app: App, size: int) -> Scene:
    """The heat-map aid on a late chart (the picture waits for the answer)."""
    import time

    board = _board(app, session_at("heat", size))
    board.toggle_aid("heat")
    deadline = time.monotonic() + 30.0
    while board.heat.result(PERSON) is None and time.monotonic() < deadline:
        time.sleep(0.02)
    return board


def _last_move(app: App, name: str, size: int) -> Scene:
    """The position before the picture's last move, which the person then makes on screen
    just before the picture is taken, so its animation is caught in the middle."""
    from scenes.finding.board import FindingBoard

    _options, _seed, actions = position(name, size)
    session = session_at(name, size, upto=len(actions) - 1)
    return play_on_cue(FindingBoard, app, session, actions[-1], CAUGHT_S)


def sonar(app: App, size: int) -> Scene:
    return _last_move(app, "sonar", size)


def mine(app: App, size: int) -> Scene:
    return _last_move(app, "mine", size)


def solve(app: App, size: int) -> Scene:
    """Naming the city: the first space is the explored one, two more are picked on the chart."""
    session = session_at("solve", size)
    board = _board(app, session)
    st = session.state
    assert st.ocean is not None  # the picture is set up from the real game, then drawn
    for _ in range(2):
        board._sync(force=True)
        nxt = sorted(board.claim_cells() & st.ocean.atlantis)
        if nxt:
            board.pick_claim(nxt[0])
    return board


def results(app: App, size: int) -> Scene:
    """The results: the true map beside the person's chart, and every route."""
    board = _board(app, session_at("results", size))
    return board.results_scene()


_KINDS: tuple[tuple[str, Callable[[App, int], Scene]], ...] = (
    ("setup", setup),
    ("chart-early", early),
    ("chart-late", late),
    ("sonar", sonar),
    ("heat", heat),
    ("mine", mine),
    ("solve", solve),
    ("results", results),
)


def _at(make: Callable[[App, int], Scene], size: int) -> Callable[[App], Scene]:
    return lambda app: make(app, size)


SHOTS: tuple[tuple[str, Callable[[App], Scene]], ...] = tuple(
    (f"finding-{name}-{size}", _at(make, size)) for size in (6, 8) for name, make in _KINDS
)
