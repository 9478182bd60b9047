"""Finding Atlantis: hidden submarines race to locate the sunken city (being built).

The engine registers itself with :mod:`game.core.registry` only once it is playable, so the
menus never offer it before then.
"""
