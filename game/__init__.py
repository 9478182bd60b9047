"""Rules engines: pure Python, no pygame anywhere below here."""

#: the game packages shipped, in the order menus list them: the one place that names them
#: (each registers itself with ``game.core.registry`` on import; the scenes find theirs by id)
GAMES: tuple[str, ...] = ("rising", "guards", "finding")
