"""Shared test set-up: headless SDL, a private data home per test, the toy game registered."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def _private_home(tmp_path_factory, monkeypatch):
    """Settings, saves and logs go to a temporary folder, never the real user dirs."""
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("ATLANTIS_HOME", str(home))
    return home
