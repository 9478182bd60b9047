"""One run of the screen audit: every screen of the catalogue at one text size and window size.

A screen that fails in KNOWN (tests/scenes/screen_audit_known.py) is a layout not yet made to
give way; it must still fail there (an entry that passes is taken off), and every other screen
must pass. ``ATLANTIS_AUDIT_DUMP=<folder>`` writes every problem found, for a person to read;
``ATLANTIS_AUDIT_SCREENS=history,finding-*`` audits only the screens named (shell patterns), to
work on a few screens quickly (the full run, without it, checks them all).
"""

from __future__ import annotations

import fnmatch
import json
import os
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pygame
import text_audit
from screen_audit import screen_problems, top_lines
from screen_audit_known import KNOWN
from screen_catalogue import SCREENS

from game.core.storage import Settings
from scenes import assets
from scenes.app import App
from scenes.game_ui import register_game_ui

TEXT_SIZES = [1.0, 1.25, 1.5, 2.0, "auto"]
WINDOWS = [(900, 600), (1280, 720), (1920, 1080)]


def _app(size: float | str, window: tuple[int, int]) -> App:
    app = App(
        headless=True, seed=3, settings=Settings(ui_scale=0.0 if size == "auto" else float(size))
    )
    app.window = pygame.Surface(window)
    app.window_size = window
    app.apply_ui_scale()
    return app


@contextmanager
def audited_app(size: float | str, window: tuple[int, int]) -> Iterator[App]:
    """An App at ``size`` on ``window`` while the audit records its text (for a test that
    audits a screen after clicking in it); the text sizing is put back after."""
    with text_audit.auditing():
        app = _app(size, window)
        try:
            yield app
        finally:
            app.stack.clear()
            app.stack.apply_pending()
            pygame.event.get()
            assets.set_text_sizing(assets.TextSizing())


def audit_screen(app: App, opener) -> list[str]:  # noqa: ANN001
    """Open one screen, draw one frame of it and return what is wrong with its text."""
    opener(app)
    top = app.stack.top
    assert top is not None
    since: list[int] = []
    original = top.draw

    def draw(surface):  # noqa: ANN001, ANN202 - the screens under it are not its text
        since.append(text_audit._state.seq)
        original(surface)

    top.draw = draw
    text_audit.start_frame(app.frame)
    app.step([], 1 / 60)
    return screen_problems(app, top_lines(app, since[-1] if since else 0))


def chosen_screens() -> list[tuple[str, object]]:
    """The catalogue's screens ``ATLANTIS_AUDIT_SCREENS`` names (all of them when it is unset)."""
    only = [p.strip() for p in os.environ.get("ATLANTIS_AUDIT_SCREENS", "").split(",") if p.strip()]
    if not only:
        return list(SCREENS)
    return [(n, o) for n, o in SCREENS if any(fnmatch.fnmatchcase(n, p) for p in only)]


def run_audit(size: float | str, window: tuple[int, int]) -> dict[str, list[str]]:
    """Audit every screen at ``size`` on ``window``; fail on any problem not in KNOWN and on
    any KNOWN entry that passes. Returns the problems found, by screen."""
    from scenes.guards import registration

    register_game_ui(registration.UI)
    started = time.perf_counter()
    found: dict[str, list[str]] = {}
    where = f"{size}@{window[0]}x{window[1]}"
    screens = chosen_screens()
    dump = os.environ.get("ATLANTIS_AUDIT_DUMP")
    try:
        with text_audit.auditing():
            app = _app(size, window)
            try:
                for name, opener in screens:
                    wrong = audit_screen(app, opener)
                    if wrong:
                        found[name] = wrong
                        if dump:  # the picture the problems are in
                            shot = f"{name}-{size}-{window[0]}x{window[1]}.png"
                            pygame.image.save(app.window, str(Path(dump) / shot))
            finally:
                app.stack.clear()
                app.stack.apply_pending()
                pygame.event.get()
    finally:
        assets.set_text_sizing(assets.TextSizing())
    if dump:
        out = Path(dump) / f"{size}-{window[0]}x{window[1]}.json"
        out.write_text(json.dumps(found, indent=1), encoding="utf-8")
    print(f"\ntext audit {where}: {len(screens)} screens in {time.perf_counter() - started:.1f} s")
    names = {n for n, _ in screens}
    known = {screen for screen, at in KNOWN if at == where and screen in names}
    new = {n: p for n, p in found.items() if n not in known}
    fixed = sorted(known - set(found))
    assert not fixed, f"now readable at {where}, take them off KNOWN: {fixed}"
    assert not new, "\n".join(f"{n} at {where}:\n  " + "\n  ".join(p) for n, p in new.items())
    return found
