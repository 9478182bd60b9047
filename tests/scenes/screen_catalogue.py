"""Every screen of the program, each as a way to open it on an App (the screen audit's list).

An opener puts the screen on the stack as a player meets it (a dialog over the screen that asks
it, an open list opened by a click) and returns nothing; the audit draws one frame of it.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from functools import cache

import pygame
from conftest import click

from game.core.saves import Seat
from scenes.app import App

Opener = Callable[[App], None]


def _show(app: App, *scenes: object) -> None:
    app.stack.reset(scenes[0])
    for s in scenes[1:]:
        app.stack.push(s)
    app.stack.apply_pending()
    app.step([], 1 / 60)


@cache
def _shots(game: str) -> dict[str, Callable[[App], object]]:
    return dict(importlib.import_module(f"scenes.{game}.shots").SHOTS)


def _shot(game: str, name: str) -> Opener:
    def open_(app: App) -> None:
        _show(app, _shots(game)[name](app))
        for _ in range(3):  # the first frames start the board's entrance
            app.step([], 1 / 60)

    return open_


def _title(app: App) -> None:
    from scenes.title_scene import TitleScene

    _show(app, TitleScene(app))


def _setup(game: str, open_menu: str | None = None) -> Opener:
    def open_(app: App) -> None:
        from scenes.setup_scene import SetupScene

        app.settings.last_setup = {"game": game}  # the setup opens on the last game played
        scene = SetupScene(app)
        _show(app, scene)
        assert scene.spec is not None and scene.spec.game_id == game
        if open_menu in ("kind", "page") and scene.paged:
            click(app, scene.page_btn)  # the seats are on their own page
        if open_menu == "page":
            return
        if open_menu == "kind":
            click(app, scene.rows[-1].kind)
        elif open_menu is not None:
            click(app, scene.option_menus[open_menu])

    return open_


def _settings(app: App) -> None:
    from scenes.settings_scene import SettingsScene

    _show(app, SettingsScene(app))


def _scene(module: str, name: str) -> Opener:
    def open_(app: App) -> None:
        _show(app, getattr(importlib.import_module(module), name)(app))

    return open_


def _session(game: str, players: int = 2) -> object:
    from game.core import registry
    from scenes.boards import seat_colour_names
    from scenes.session import GameSession

    names = seat_colour_names(registry.get(game), False)
    seats = [Seat(f"Player {i + 1}", "human", "normal", names[i]) for i in range(players)]
    return GameSession.new(game, seats, seed=5, autosave=False)


def _pause(game: str) -> Opener:
    def open_(app: App) -> None:
        from scenes.boards import board_for
        from scenes.pause_scene import PauseScene

        session = _session(game)
        board = board_for(game)(app, session)
        _show(app, board, PauseScene(app, session))

    return open_


def _handoff(app: App) -> None:
    from scenes.handoff_scene import HandoffScene

    _show(app, HandoffScene(app, "Autochthon Mestors", None, lambda: None))


def _handoff_table(app: App) -> None:
    from scenes.handoff_scene import HandoffScene

    _show(app, HandoffScene(app, None, None, lambda: None))


def _quit_dialog(app: App) -> None:
    from scenes.dialogs import ConfirmDialog
    from scenes.title_scene import TitleScene

    _show(
        app,
        TitleScene(app),
        ConfirmDialog(
            app,
            "Quit Atlantis Tabletop?",
            "The game of Atlantis Rising in progress is saved and Continue offers it; the "
            "hot-seat names you typed are not.",
            confirm="Quit",
            cancel="Keep playing",
            on_confirm=lambda: None,
            purpose="quit",
        ),
    )


def _replace_dialog(app: App) -> None:
    from pathlib import Path

    from scenes.autosaves import Autosave, ReplaceAutosaveDialog
    from scenes.setup_scene import SetupScene

    auto = Autosave(Path("autosave-rising.json"), _session("rising").record, None, 0.0)
    _show(app, SetupScene(app), ReplaceAutosaveDialog(app, auto, on_start=lambda: None))


def _tutorial(game: str) -> Opener:
    def open_(app: App) -> None:
        from scenes.game_ui import game_ui

        ui = game_ui(game)
        assert ui is not None and ui.tutorial is not None
        _show(app, ui.tutorial(app))
        for _ in range(3):
            app.step([], 1 / 60)

    return open_


def _replay(game: str, shot: str) -> Opener:
    def open_(app: App) -> None:
        from scenes.history.replay_scene import ReplayScene

        board = _shots(game)[shot](app)
        _show(app, ReplayScene(app, board.session.record))  # type: ignore[attr-defined]

    return open_


def _pygame_ready() -> None:
    if not pygame.get_init():
        pygame.init()


SCREENS: tuple[tuple[str, Opener], ...] = (
    ("title", _title),
    ("setup-rising", _setup("rising")),
    ("setup-rising-difficulty-open", _setup("rising", "difficulty")),
    ("setup-rising-who-plays-open", _setup("rising", "kind")),
    ("setup-rising-seats", _setup("rising", "page")),
    ("setup-finding", _setup("finding")),
    ("setup-finding-seats", _setup("finding", "page")),
    ("setup-guards", _setup("guards")),
    ("setup-guards-team", _setup("guards", "page")),
    ("settings", _settings),
    ("history", _scene("scenes.history.history_scene", "HistoryScene")),
    ("statistics", _scene("scenes.history.stats_scene", "StatsScene")),
    ("load", _scene("scenes.load_scene", "LoadScene")),
    ("help", _scene("scenes.help_scene", "HelpScene")),
    ("pause-rising", _pause("rising")),
    ("pause-guards", _pause("guards")),
    ("pause-finding", _pause("finding")),
    ("handoff-seat", _handoff),
    ("handoff-table", _handoff_table),
    ("dialog-quit", _quit_dialog),
    ("dialog-replace-unfinished", _replace_dialog),
    ("rising-midgame", _shot("rising", "rising-midgame")),
    ("rising-attack", _shot("rising", "rising-attack")),
    ("rising-build", _shot("rising", "rising-build")),
    ("rising-medusa", _shot("rising", "rising-medusa")),
    ("rising-results", _shot("rising", "rising-results")),
    ("replay-rising", _replay("rising", "rising-midgame")),
    ("replay-guards", _replay("guards", "guards-target")),
    ("replay-finding", _replay("finding", "finding-chart-late-6")),
    ("finding-chart-late-6", _shot("finding", "finding-chart-late-6")),
    ("finding-sonar-8", _shot("finding", "finding-sonar-8")),
    ("finding-solve-6", _shot("finding", "finding-solve-6")),
    ("finding-results-6", _shot("finding", "finding-results-6")),
    ("finding-tutorial", _tutorial("finding")),
    ("guards-selection", _shot("guards", "guards-selection")),
    ("guards-target", _shot("guards", "guards-target")),
    ("guards-defence", _shot("guards", "guards-defence")),
    ("guards-victory", _shot("guards", "guards-victory")),
    ("guards-reveal", _shot("guards", "guards-reveal")),
    ("guards-level", _shot("guards", "guards-level")),
    ("guards-two-lane", _shot("guards", "guards-two-lane")),
    ("guards-tutorial", _tutorial("guards")),
)
