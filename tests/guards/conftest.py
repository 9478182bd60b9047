"""Guards tests: the tiny test boards are registered before any test builds a game."""

from tests.guards import boards  # noqa: F401
