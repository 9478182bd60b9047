"""``ai/`` stays below the UI: importing every AI module never imports pygame or scenes."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_ai_modules_do_not_import_pygame_or_scenes():
    code = (
        "import sys, ai.base, ai.bots, ai.search, ai.runner, ai.simulate\n"
        "bad = [m for m in sys.modules if m.split('.')[0] in ('pygame', 'pygame_gui', 'scenes')]\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == ""
