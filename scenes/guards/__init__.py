"""Guards of Atlantis on screen: the hex arena, the hands, the reveal, hero selection.

``registration.py`` makes the board known to the shell; until the whole issue's must-show holds
it registers only when :func:`scenes.guards.registration.register` is called (tests do).
"""
