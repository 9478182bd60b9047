"""The phones' tests: a real table server on the loopback, clients speaking its messages."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

from remote.seats import SeatTable
from remote.server import TableServer

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


@pytest.fixture(autouse=True)
def _home(tmp_path, monkeypatch):
    """Saves, history and logs of a test live in its own folder."""
    monkeypatch.setenv("ATLANTIS_HOME", str(tmp_path / "home"))


@pytest.fixture
def table() -> Iterator[TableServer]:
    """A server for seats 0 and 2 of a table, on the loopback."""
    server = TableServer(SeatTable.open([0, 2]), "127.0.0.1")
    server.start()
    yield server
    server.close()
