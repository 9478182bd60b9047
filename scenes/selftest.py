"""``main.py --selftest``: prove an install (or a frozen build) has everything it needs.

Loads every bundled file, opens a (dummy) window, builds every scene and draws a few frames of
each with some input, and for every registered game plays a quick random game through a
session to build the in-game overlays too. Writes nothing outside ``ATLANTIS_HOME``.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pygame

from scenes.app import App
from scenes.stack import Scene

FRAMES = 6


def _frames(app: App, n: int) -> None:
    for i in range(n):
        pos = (100 + 97 * i % 1180, 80 + 53 * i % 640)
        app.step(
            [
                pygame.event.Event(
                    pygame.MOUSEMOTION, {"pos": pos, "rel": (1, 1), "buttons": (0, 0, 0)}
                )
            ],
            1 / 60,
        )


def menu_scenes() -> list[tuple[str, Callable[[App], Scene]]]:
    """Every scene that needs no game in progress."""
    from scenes.dialogs import ConfirmDialog, MessageDialog, NamePrompt
    from scenes.handoff_scene import HandoffScene
    from scenes.help_scene import HelpScene
    from scenes.history.history_scene import HistoryScene
    from scenes.history.stats_scene import StatsScene
    from scenes.load_scene import LoadScene
    from scenes.palette import seat_style
    from scenes.settings_scene import SettingsScene
    from scenes.setup_scene import SetupScene
    from scenes.title_scene import TitleScene

    return [
        ("title", TitleScene),
        ("setup", SetupScene),
        ("settings", SettingsScene),
        ("load", LoadScene),
        ("history", HistoryScene),
        ("statistics", StatsScene),
        ("help", HelpScene),
        ("message", lambda app: MessageDialog(app, "Self-test", "A message.")),
        (
            "confirm",
            lambda app: ConfirmDialog(
                app, "Self-test", "A question?", confirm="Yes", on_confirm=lambda: None
            ),
        ),
        (
            "name",
            lambda app: NamePrompt(
                app, "Self-test", "A name.", initial="x", accept="OK", on_accept=lambda _n: None
            ),
        ),
        ("handoff", lambda app: HandoffScene(app, "Kleito", seat_style(0, False), lambda: None)),
    ]


def game_scenes(rng: random.Random) -> list[tuple[str, Callable[[App], Scene]]]:
    """Pause and results (and the board, where one exists) for every registered engine."""
    from game.core import registry
    from game.core.saves import Seat
    from scenes.boards import board_for
    from scenes.game_ui import game_ui
    from scenes.pause_scene import PauseScene
    from scenes.results_scene import ResultsScene
    from scenes.session import GameSession

    out: list[tuple[str, Callable[[App], Scene]]] = []
    for spec in registry.games():
        seats = [Seat(f"Seat {i + 1}") for i in range(spec.min_players)]
        played = GameSession.new(spec.game_id, seats, seed=rng.randrange(1 << 30), autosave=False)
        for _ in range(20_000):
            dec = played.decision()
            if dec is None:
                break
            seat = next(p for p in dec.players if played.state.legal_actions(p))
            played.apply(rng.choice(played.state.legal_actions(seat)))
        fresh = GameSession.new(spec.game_id, seats, seed=1, autosave=False)
        out.append((f"{spec.game_id}:pause", lambda app, s=fresh: PauseScene(app, s)))
        out.append((f"{spec.game_id}:results", lambda app, s=played: ResultsScene(app, s)))
        factory = board_for(spec.game_id)
        if factory is not None:
            out.append((f"{spec.game_id}:board", lambda app, s=fresh, f=factory: f(app, s)))
        ui = game_ui(spec.game_id)
        if ui is not None and ui.tutorial is not None:
            out.append((f"{spec.game_id}:tutorial", ui.tutorial))
    return out


def phones_check(app: App) -> str | None:
    """Open a Guards table to phones on the loopback, draw its codes and fetch the page's files
    from it (the frozen build must carry remote/web); the problem, or None."""
    import urllib.request

    from game.core.saves import Seat
    from scenes.remote_scenes import TableScene
    from scenes.session import GameSession

    session = GameSession.new("guards", [Seat("A"), Seat("B")], seed=1, autosave=False)
    app.remote_address = "127.0.0.1"
    try:
        remote = app.open_remote(session)
        app.stack.push(TableScene(app, remote))
        app.stack.apply_pending()
        _frames(app, FRAMES)
        for path in ("/", "/app.js", "/style.css", "/guards.js"):
            with urllib.request.urlopen(remote.url + path.lstrip("/"), timeout=5) as reply:
                if reply.status != 200 or not reply.read():
                    return f"the phones' page file {path} is missing"
    except OSError as exc:
        return f"the phones' table did not open ({exc})"
    finally:
        app.close_remote()
        app.stack.clear()
        app.stack.apply_pending()
        session.close()
    return None


def run_selftest() -> tuple[bool, str]:
    """Return (ok, one summary line)."""
    from game.core import registry
    from scenes.assets import REQUIRED_FILES, font, missing_files, theme_dict
    from scenes.boards import playable_games
    from scenes.title_scene import TitleScene

    missing = missing_files()
    if missing:
        return False, f"selftest FAILED: missing files: {', '.join(missing)}"
    app = App(headless=False, seed=1)
    theme_dict()
    for kind in ("regular", "bold", "italic", "display"):
        font(20, kind).render("Atlantis", True, (255, 255, 255))
    if app.window is None or app.window.get_size()[0] <= 0:
        return False, "selftest FAILED: no window could be created"
    built = []
    for name, make in [*menu_scenes(), *game_scenes(random.Random(1))]:
        app.stack.reset(TitleScene(app))
        app.stack.apply_pending()
        if name != "title":
            app.stack.push(make(app))
        app.stack.apply_pending()
        _frames(app, FRAMES)
        built.append(name)
    app.stack.clear()
    app.stack.apply_pending()
    problem = phones_check(app)
    if problem:
        return False, f"selftest FAILED: {problem}"
    built.append("phones")
    games = ", ".join(g.game_id for g in registry.games()) or "none"
    boards = ", ".join(g.game_id for g in playable_games()) or "none"
    audio = "on" if app.audio.ok else f"off ({app.audio.problem or 'no device'})"
    return True, (
        f"selftest ok: {len(REQUIRED_FILES)} assets, {len(built)} scenes x {FRAMES} frames, "
        f"engines: {games}, playable: {boards}, audio {audio}"
    )
