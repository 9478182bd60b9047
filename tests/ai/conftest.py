"""AI tests run on the test-only toy game, registered here and nowhere in production code."""

from __future__ import annotations

import toygame

toygame.install()
