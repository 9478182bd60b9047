"""The layers stay apart: ``game/`` (rules) imports no UI and no bots; ``ai/`` imports no UI.

Each check imports every module of the package (found on disk, so a new module is covered the
day it is added) in a fresh interpreter and lists what got imported that should not have been.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

_IMPORT_ALL = """
import importlib, pkgutil, sys
package = importlib.import_module({package!r})
names = [package.__name__] + [
    m.name for m in pkgutil.walk_packages(package.__path__, package.__name__ + ".")
]
for name in names:
    importlib.import_module(name)
bad = sorted(m for m in sys.modules if m.split(".")[0] in {forbidden!r})
print(";".join(names))
print(";".join(bad))
"""


def _import_everything(package: str, forbidden: tuple[str, ...]) -> tuple[list[str], list[str]]:
    """(every module of ``package``, the forbidden top-level modules that importing it loaded)."""
    code = _IMPORT_ALL.format(package=package, forbidden=forbidden)
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    names, bad = (out.stdout.splitlines() + ["", ""])[:2]
    return names.split(";"), [b for b in bad.split(";") if b]


def test_ai_modules_do_not_import_pygame_or_scenes():
    names, bad = _import_everything("ai", ("pygame", "pygame_gui", "scenes"))
    for needed in ("ai.base", "ai.bots", "ai.search", "ai.runner", "ai.simulate"):
        assert needed in names
    for rising in (
        "valuations",
        "rankers",
        "monsters",
        "bots",
        "advisor",
        "advice_picks",
        "advice_values",
    ):
        assert f"ai.rising.{rising}" in names
    assert bad == []


def test_game_modules_do_not_import_pygame_scenes_or_bots():
    names, bad = _import_everything("game", ("pygame", "pygame_gui", "scenes", "ai"))
    assert "game.core.storage" in names and "game.rising.state" in names
    assert bad == []


def test_remote_modules_do_not_import_pygame_scenes_or_bots():
    """The phones' server runs beside the App loop: no drawing, no scenes, no bots in it."""
    names, bad = _import_everything("remote", ("pygame", "pygame_gui", "scenes", "ai"))
    assert "remote.server" in names and "remote.guards.payload" in names
    assert bad == []
