"""Tiny boards for rule tests, built with game.guards.geo like the shipped ones.

``tiny``: one lane of five zones (Titan throne T, Titan shore S, middle M, Atlantean shore s,
Atlantean throne A) above a jungle J; each team has a heavy, a ranged and a melee minion in
the middle and icons for all three in both shores. Rows are odd-r offset; q = col - row // 2.
"""

from __future__ import annotations

from game.guards.geo import Geo, Zone, parse, register

LEGEND = {
    "T": Zone("titan_throne", "throne", 0),
    "S": Zone("titan_shore", "lane"),
    "M": Zone("middle", "lane"),
    "s": Zone("atlantean_shore", "lane"),
    "A": Zone("atlantean_throne", "throne", 1),
    "J": Zone("jungle", "jungle"),
}
TINY_ROWS = """
Tt T. Sm S. SM M. Mm M. MM s. sm s. sM A. Aa
Tt T. Sr S. SR M^ Mh M. MH s. sr s. sR A. Aa
Tt T. Sh S. SH M. Mr M~ MR s. sh s. sH A. Aa
.. .. J. J. J. J^ J. J. J. J. J. J. .. .. ..
"""
TINY: Geo = register(parse("tiny", LEGEND, ["TSMsA"], TINY_ROWS))

#: an open field: one zone per column band, no minion but one melee each, for move tests
OPEN_ROWS = """
Tt T. S. S. S. M. M. M. M. M. s. s. s. A. Aa
Tt T. S. S. S. M. M. M. M. M. s. s. s. A. Aa
Tt T. S. S. S. M. Mm M. MM M. s. s. s. A. Aa
Tt T. S. S. S. M. M. M. M. M. s. s. s. A. Aa
Tt T. S. S. S. M. M. M. M. M. s. s. s. A. Aa
"""
OPEN: Geo = register(parse("open", LEGEND, ["TSMsA"], OPEN_ROWS))


def at(col: int, row: int) -> tuple[int, int]:
    """The axial hex of an odd-r offset (column, row), as the rows above are written."""
    return (col - (row - (row & 1)) // 2, row)
