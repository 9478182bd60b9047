"""The screen audit (test_screen_text_audit.py) on a 900×600 window."""

from __future__ import annotations

import pytest
from screen_audit_run import TEXT_SIZES, run_audit


@pytest.mark.parametrize("size", TEXT_SIZES, ids=str)
def test_every_screen_is_readable(size):
    run_audit(size, (900, 600))
