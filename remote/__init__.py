"""Phones as private screens: the table's seats played from browsers on the local network.

A sibling of ``game/``, ``ai/`` and ``scenes/`` that imports no pygame: the server runs in a
background thread beside the App loop; the scenes draw the QR codes. See ``remote/README.md``.
"""
