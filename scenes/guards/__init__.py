"""Guards of Atlantis on screen: the hex arena, the hands, the reveal, hero selection.

``registration.py`` makes the board, results, help page and tutorial known to the shell.
"""
