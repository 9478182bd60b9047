"""Your games: the History screen, the replay of a finished game on its own board, and the
Statistics screen (issue 16). The records live in :mod:`game.core.history`."""
