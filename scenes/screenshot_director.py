"""Drives the real window through the menus and saves what is on screen (``make screenshots``).

Hidden behind ``main.py --screenshot-script DIR``: after the sea has moved for a moment in
each scene, the window surface itself is saved, so the pictures show exactly what a player
sees.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from scenes.app import App
    from scenes.stack import Scene

log = logging.getLogger(__name__)
SETTLE_S = 1.6


def play_on_cue(board_cls: type, app: App, session: object, move: object, early_s: float) -> Scene:
    """``board_cls`` on ``session``, making ``move`` itself ``early_s`` before the picture is
    taken, so the picture catches that move's animation in the middle."""

    class OnCue(board_cls):  # type: ignore[misc, valid-type]
        played = False

        def update(self, dt: float) -> None:
            super().update(dt)
            if not self.played and self.clock >= SETTLE_S - early_s:
                self.played = True
                self.act(move)

    return OnCue(app, session)


class SilentRunner:
    """A bot runner that never answers: a picture waits on the person's question."""

    busy = False

    def request(self, *args: object, **kwargs: object) -> None:
        self.busy = True

    def poll(self, player: int | None = None) -> object:
        return None

    def cancel(self, player: int | None = None) -> None:
        self.busy = False

    def forget(self) -> None:
        self.busy = False

    def close(self) -> None:
        self.busy = False


def _shots() -> list[tuple[str, Callable[[App], Scene] | None]]:
    from scenes.help_scene import HelpScene
    from scenes.load_scene import LoadScene
    from scenes.settings_scene import SettingsScene
    from scenes.setup_scene import SetupScene

    menus: list[tuple[str, Callable[[App], Scene] | None]] = [
        ("title", None),
        ("setup", SetupScene),
        ("settings", SettingsScene),
        ("load", LoadScene),
        ("help", HelpScene),
    ]
    # ATLANTIS_SHOTS=<game id> takes only that game's board pictures (the other window sizes);
    # ATLANTIS_SHOT_SUFFIX names them apart ("-large", "-small")
    only = os.environ.get("ATLANTIS_SHOTS", "")
    suffix = os.environ.get("ATLANTIS_SHOT_SUFFIX", "")
    from scenes.game_ui import game_uis

    boards = [
        (name + suffix, make)
        for ui in game_uis()
        if ui.shots is not None and only in ("", ui.game_id)
        for name, make in ui.shots()
    ]
    return boards if only else [*menus, *boards]


class ScreenshotDirector:
    """An ``App.after_frame`` hook: show each scene, wait, save ``DIR/<name>.png``, then quit."""

    def __init__(self, app: App, out_dir: Path) -> None:
        self.app = app
        self.out_dir = Path(out_dir)
        self.out_dir.mkdir(parents=True, exist_ok=True)
        self.shots = _shots()
        self.index = -1
        self.waited = 0.0
        self.saved: list[Path] = []
        self._next()

    def _next(self) -> None:
        from scenes.title_scene import TitleScene

        self.index += 1
        self.waited = 0.0
        if self.index >= len(self.shots):
            self.app.quit()
            return
        _, make = self.shots[self.index]
        self.app.stack.reset(TitleScene(self.app))
        if make is not None:
            self.app.stack.push(make(self.app))

    def __call__(self, dt: float) -> None:
        if self.index >= len(self.shots):
            return
        self.waited += dt
        if self.waited < SETTLE_S:
            return
        name, _ = self.shots[self.index]
        surface = pygame.display.get_surface()
        if surface is not None:
            path = self.out_dir / f"{name}.png"
            pygame.image.save(surface, str(path))
            self.saved.append(path)
            log.info("screenshot %s", path)
        self._next()
