"""Yesterday's Guards bots as an opponent: the ``ai/guards`` code of one commit, loaded beside
today's, so a measurement can set a new level against the old one (``hard_v1``, ``normal_v1``).

The modules are read with ``git show`` from :data:`COMMIT` (the main line before issue 27) and
run under the package name ``_guards_v1`` (their ``ai.guards`` imports renamed), without the
package ``__init__`` and the advisor, so nothing is registered twice. The engine is today's.
Only the measuring tools use this; the game never does.
"""

from __future__ import annotations

import subprocess
import sys
import types
from functools import cache
from pathlib import Path
from typing import Any

#: the last commit before issue 27 changed the bots
COMMIT = "d815fa39d20094e8c01fde053b8e8ac5e1df5f04"
PACKAGE = "_guards_v1"
#: in import order (each imports only the ones before it)
MODULES = ("tactics", "defence", "moves", "cards", "draft", "levelling", "search", "bots")
ROOT = Path(__file__).resolve().parents[2]


@cache
def package() -> types.ModuleType:
    """The old ``ai.guards`` package (its modules as attributes), loaded once."""
    pkg = types.ModuleType(PACKAGE)
    pkg.__path__ = []  # a package: "from _guards_v1 import cards" finds the attributes
    sys.modules[PACKAGE] = pkg
    for name in MODULES:
        src = subprocess.run(
            ["git", "show", f"{COMMIT}:ai/guards/{name}.py"], cwd=ROOT, check=True,
            capture_output=True, text=True,
        ).stdout  # fmt: skip
        full = f"{PACKAGE}.{name}"
        mod = types.ModuleType(full)
        mod.__file__ = f"<{COMMIT[:7]}:ai/guards/{name}.py>"
        sys.modules[full] = mod
        exec(compile(src.replace("ai.guards", PACKAGE), mod.__file__, "exec"), mod.__dict__)
        setattr(pkg, name, mod)
    return pkg


def make(level: str, seed: int) -> Any:
    """An old bot: ``hard_v1`` -> the commit's hard, ``normal_v1`` its normal, and so on."""
    base = level.removesuffix("_v1")
    return package().bots.GuardsBot(base, seed)
