"""Hex geometry and the board file format, on small boards written in the tests."""

from __future__ import annotations

import pytest

from game.guards import board as gb
from game.guards.board import BoardError, parse

HEADER = """
title = "Test Strip"
players = [2, 4]
lanes = [["A", "B", "C", "D", "E"]]
[zones.A]
name = "West Throne"
kind = "throne"
team = "titans"
[zones.B]
name = "West Shore"
kind = "lane"
[zones.C]
name = "Middle"
kind = "lane"
[zones.D]
name = "East Shore"
kind = "lane"
[zones.E]
name = "East Throne"
kind = "throne"
team = "atlanteans"
[zones.J]
name = "Jungle"
kind = "jungle"
=== map ===
"""
# a 9 x 3 strip: row 0 and row 2 even, row 1 odd (shifted east)
MAP = """
At  B.  Bm  C^  Ch  CH  DM  E.  Ea
  A.  BM  B.  C.  C~  D.  Dm  E.  ..
J.  J.  J.  J.  J.  J.  J.  J.  J^
"""


def strip() -> gb.Board:
    return parse(HEADER + MAP, "strip")


def test_distance_counts_hex_steps_on_the_grid():
    assert gb.distance((0, 0), (0, 0)) == 0
    for d in gb.DIRECTIONS:
        assert gb.distance((0, 0), d) == 1
    assert gb.distance((0, 0), (3, -3)) == 3
    assert gb.distance((0, 0), (2, 1)) == 3
    assert gb.distance((-2, 4), (1, 0)) == 4
    assert gb.distance((1, 2), (4, -1)) == gb.distance((4, -1), (1, 2))


def test_the_six_directions_are_in_the_fixed_order_and_opposite_in_pairs():
    assert gb.DIRECTION_NAMES == ("E", "NE", "NW", "W", "SW", "SE")
    assert gb.DIRECTIONS[0] == (1, 0) and gb.DIRECTIONS[2] == (0, -1)
    for i, (dq, dr) in enumerate(gb.DIRECTIONS):
        assert gb.DIRECTIONS[(i + 3) % 6] == (-dq, -dr)
    assert gb.around((2, 3)) == ((3, 3), (3, 2), (2, 2), (1, 3), (1, 4), (2, 4))


def test_ray_and_straight_lines():
    assert gb.ray((0, 0), 0, 3) == ((1, 0), (2, 0), (3, 0))
    assert gb.ray((1, 1), 4, 2) == ((0, 2), (-1, 3))
    assert gb.in_straight_line((0, 0), (4, -4))
    assert gb.in_straight_line((0, 0), (0, 5))
    assert gb.in_straight_line((2, 2), (-1, 2))
    assert not gb.in_straight_line((0, 0), (2, 1))
    assert not gb.in_straight_line((0, 0), (0, 0))
    assert gb.direction_to((0, 0), (0, 3)) == 5
    assert gb.direction_to((0, 0), (-3, 3)) == 4
    assert gb.direction_to((0, 0), (1, 1)) is None
    # every neighbour is in a straight line (a step of 1 always is)
    assert all(gb.in_straight_line((5, 5), n) for n in gb.around((5, 5)))


def test_disc_holds_exactly_the_hexes_within_the_radius():
    for radius in range(4):
        hexes = gb.disc((2, -1), radius)
        assert len(hexes) == 1 + 3 * radius * (radius + 1)
        assert len(set(hexes)) == len(hexes)
        assert all(gb.distance((2, -1), h) <= radius for h in hexes)


def test_offset_rows_convert_both_ways():
    for col in range(-3, 6):
        for row in range(-3, 6):
            assert gb.axial_to_offset(gb.offset_to_axial(col, row)) == (col, row)
    # odd rows are shifted east: (0, 1) sits between (0, 0) and (1, 0)
    a = gb.offset_to_axial(0, 1)
    assert gb.distance(a, gb.offset_to_axial(0, 0)) == 1
    assert gb.distance(a, gb.offset_to_axial(1, 0)) == 1
    assert gb.distance(a, gb.offset_to_axial(1, 2)) == 1


def test_the_strip_parses_into_zones_features_and_marks():
    b = strip()
    h = gb.offset_to_axial
    assert len(b.hexes) == 9 + 8 + 9
    assert b.zone_of(h(0, 0)) == "A" and b.mark(h(0, 0)) == ("spawn", gb.TITANS)
    assert b.mark(h(8, 0)) == ("spawn", gb.ATLANTEANS)
    assert b.terrain(h(3, 0)) == "mountain" and not b.passable(h(3, 0))
    assert b.terrain(h(4, 1)) == "water" and b.passable(h(4, 1))
    assert b.terrain(h(1, 0)) == "plain" and b.terrain(h(0, 0)) == "plain"
    assert [b.feature(h(c, 0)) for c in range(4)] == ["t", ".", "m", "^"]
    assert b.zone("A").owner == gb.TITANS and b.zone("C").owner is None
    assert b.zone("C").title == "Middle" and b.zone("C").name == "C"
    assert h(8, 1) not in b and not b.passable(h(8, 1))
    assert b.spawn_points(gb.TITANS) == (h(0, 0),)
    assert b.minion_icons("C", gb.TITANS, "heavy") == (h(4, 0),)
    assert b.minion_icons("C", gb.ATLANTEANS, "heavy") == (h(5, 0),)
    assert set(b.minion_icons("B")) == {h(2, 0), h(1, 1)}
    assert b.minion_icons("B", gb.ATLANTEANS, "melee") == (h(1, 1),)
    assert b.minion_icons("J") == ()
    assert b.lanes[0].zones == ("A", "B", "C", "D", "E") and b.lanes[0].middle == "C"
    assert tuple(b.lanes[0]) == ("A", "B", "C", "D", "E") and len(b.lanes[0]) == 5
    assert b.lanes[0].towards("C", gb.TITANS) == "B"
    assert b.lanes[0].towards("C", gb.ATLANTEANS) == "D"
    assert b.throne(gb.ATLANTEANS) == "E"


def test_neighbours_stay_on_the_board():
    b = strip()
    h = gb.offset_to_axial
    corner = h(0, 0)
    assert set(b.neighbours(corner)) == {h(1, 0), h(0, 1)}
    # an odd-row hex touches two hexes above and two below
    assert set(b.neighbours(h(1, 1))) == {h(0, 1), h(2, 1), h(1, 0), h(2, 0), h(1, 2), h(2, 2)}
    assert h(3, 0) in b.neighbours(h(2, 1))  # mountains are neighbours ...
    assert h(3, 0) not in b.passable_neighbours(h(2, 1))  # ... but not a place to step


def test_board_line_stops_at_the_edge_but_runs_through_mountains():
    b = strip()
    h = gb.offset_to_axial
    assert b.line(h(1, 0), 0, 4) == (h(2, 0), h(3, 0), h(4, 0), h(5, 0))
    assert b.line(h(6, 0), 0, 5) == (h(7, 0), h(8, 0))
    assert b.line(h(0, 0), 3, 2) == ()


def test_within_lists_board_hexes_only():
    b = strip()
    h = gb.offset_to_axial
    assert set(b.within(h(0, 0), 1)) == {h(0, 0), h(1, 0), h(0, 1)}
    inside = b.within(h(4, 1), 2)
    assert all(gb.distance(x, h(4, 1)) <= 2 and x in b for x in inside)
    assert h(3, 0) in inside  # range counts mountains


def test_reachable_walks_around_mountains_and_units():
    b = strip()
    h = gb.offset_to_axial
    start = h(2, 0)
    assert b.reachable(start, 0) == {start}
    one = b.reachable(start, 1)
    assert one == {start, h(1, 0), h(1, 1), h(2, 1)}  # (3, 0) is a mountain
    # Ch on (4, 0) is two hexes away but three steps: the mountain on (3, 0) is walked round
    assert gb.distance(start, h(4, 0)) == 2
    assert b.distances(start, 3)[h(4, 0)] == 3
    assert h(4, 0) not in b.reachable(start, 2)
    # a unit on (2, 1) forces the long way round through the jungle row
    d = b.distances(start, 9, blocked={h(2, 1)})
    assert d[h(4, 0)] == 5
    assert h(2, 1) not in d
    # a unit on the start does not stop its own move; blocked hexes are never entered
    assert start in b.reachable(start, 2, blocked={start})
    walled = b.reachable(start, 5, blocked={h(1, 0), h(1, 1), h(2, 1)})
    assert walled == {start}


def test_zone_adjacency_needs_passable_hexes_on_both_sides():
    b = strip()
    assert b.zone_adjacent("A", "B") and b.zone_adjacent("B", "A")
    assert not b.zone_adjacent("A", "C")
    assert not b.zone_adjacent("A", "A")
    assert b.adjacent_zones("J") == frozenset("ABCDE")
    # B touches C only through (2, 0)-(3, 0) [mountain] and (2, 1)-(3, 1)
    assert b.zone_adjacent("B", "C")


def test_render_shows_the_file_tokens_and_marks():
    b = strip()
    text = gb.render(b, {gb.offset_to_axial(1, 0): "@1"})
    lines = text.splitlines()
    assert lines[0].split() == ["At", "@1", "Bm", "C^", "Ch", "CH", "DM", "E.", "Ea"]
    assert lines[1].startswith("  A.")
    assert "Test Strip" in gb.describe(b)


def _broken(map_text: str = MAP, header: str = HEADER) -> str:
    with pytest.raises(BoardError) as info:
        parse(header + map_text, "broken")
    return str(info.value)


def test_a_damaged_map_is_refused_with_the_place_named():
    assert "not in the header" in _broken(MAP.replace("Bm", "Qm"))
    msg = _broken(MAP.replace("C~", "C?"))
    assert "feature '?'" in msg and "line" in msg and "hex 5" in msg
    assert "two-character" in _broken(MAP.replace("Ch", "Chx"))
    assert "spawn point outside" in _broken(MAP.replace("B.  Bm", "Bt  Bm"))
    assert "spawn point outside" in _broken(MAP.replace("Ea", "Et"))
    assert "minion icon outside a lane" in _broken(MAP.replace("At", "Am"))
    assert "no hex on the map" in _broken(MAP.replace("J.", "C.").replace("J^", "C^"))
    assert "the map is empty" in _broken("\n")


def test_a_damaged_header_is_refused():
    assert "no '=== map ===' line" in _broken(header=HEADER.replace("=== map ===", ""))
    assert "not valid TOML" in _broken(header="title = \n" + HEADER)
    assert "kind" in _broken(header=HEADER.replace('kind = "jungle"', 'kind = "swamp"'))
    bad_team = HEADER.replace('team = "atlanteans"', 'team = "titans"')
    assert "exactly one titans throne" in _broken(header=bad_team)
    two_way = HEADER.replace('["A", "B", "C", "D", "E"]', '["E", "B", "C", "D", "A"]')
    assert "from the Titan throne" in _broken(header=two_way)
    even = HEADER.replace('["A", "B", "C", "D", "E"]', '["A", "B", "C", "E"]')
    assert "odd number" in _broken(header=even)
    via_jungle = HEADER.replace('["A", "B", "C", "D", "E"]', '["A", "B", "J", "D", "E"]')
    assert "not a lane zone" in _broken(header=via_jungle)
    assert "unknown zone" in _broken(header=HEADER.replace('"D", "E"]]', '"X", "E"]]'))
    assert "players" in _broken(header=HEADER.replace("players = [2, 4]", "players = [5, 4]"))


def test_an_unknown_board_name_is_refused():
    with pytest.raises(BoardError, match="no board named"):
        gb.load("atlantis_deep")


def test_a_board_cannot_be_changed_after_loading():
    b = strip()
    with pytest.raises(AttributeError):
        b.name = "other"  # type: ignore[misc]
    with pytest.raises(TypeError):
        b.cells[(0, 0)] = ("A", "plain", None)  # type: ignore[index]
    with pytest.raises(TypeError):
        b.zones["Q"] = b.zones["A"]  # type: ignore[index]
