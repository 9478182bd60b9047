"""Fixtures of the Atlantis Rising engine tests."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.rising.helpers import halt_frame


@pytest.fixture(scope="module")
def halt() -> Iterator[None]:
    """The test-only ``halt`` frame, registered with the turn machine for one test module."""
    with halt_frame():
        yield
