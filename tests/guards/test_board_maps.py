"""The two shipped boards: the designed zone graph, the rulebook's minion and spawn counts,
connectivity, and fairness (each board is the same seen from either side)."""

from __future__ import annotations

from collections import deque

import pytest

from game.guards import board as gb
from game.guards.board import ATLANTEANS, TITANS

#: the zone graphs the boards are designed to have (fast travel runs along these edges)
DESIGNED = {
    "one_lane": {
        "A": "B",
        "B": "ACNS",
        "C": "BDNS",
        "D": "CENS",
        "E": "D",
        "N": "BCD",
        "S": "BCD",
    },
    "two_lane": {
        "A": "BS",
        "B": "ACJ",
        "C": "BDW",
        "D": "CEK",
        "E": "DU",
        "S": "AJT",
        "T": "SUW",
        "U": "EKT",
        "J": "BSW",
        "W": "CJKT",
        "K": "DUW",
    },
}
#: west zone <-> east zone when the board is seen from the other side
MIRROR = {
    "one_lane": {"A": "E", "B": "D", "C": "C", "N": "N", "S": "S"},
    "two_lane": {"A": "E", "B": "D", "C": "C", "S": "U", "T": "T", "J": "K", "W": "W"},
}
#: per team in each middle zone (the rulebook's setup) and in every other lane zone (pushes)
MINIONS = {
    "one_lane": {"melee": 4, "ranged": 1, "heavy": 1},
    "two_lane": {"melee": 2, "ranged": 1, "heavy": 1},
}
#: the largest team a board seats (5 heroes a side at 10, one more for a Wuk and Hanu seat)
SPAWNS = {"one_lane": 4, "two_lane": 6}


@pytest.fixture(params=gb.BOARD_NAMES)
def board(request) -> gb.Board:
    return gb.load(request.param)


def _connected(b: gb.Board, hexes: set, start) -> set:
    seen = {start}
    todo = deque([start])
    while todo:
        h = todo.popleft()
        for n in b.passable_neighbours(h):
            if n in hexes and n not in seen:
                seen.add(n)
                todo.append(n)
    return seen


def test_the_boards_load_with_their_names_and_player_counts():
    one, two = gb.load("one_lane"), gb.load("two_lane")
    assert (one.title, one.players, len(one.lanes)) == ("Sunken Causeway", (2, 6), 1)
    assert (two.title, two.players, len(two.lanes)) == ("Twin Currents", (4, 10), 2)
    assert gb.load("one_lane") is one  # loaded once, shared
    assert [gb.for_players(n) for n in range(2, 11)] == ["one_lane"] * 5 + ["two_lane"] * 4


def test_zone_adjacency_is_the_designed_graph(board):
    designed = DESIGNED[board.name]
    assert set(designed) == set(board.zones)
    for zone, neighbours in designed.items():
        assert board.adjacent_zones(zone) == frozenset(neighbours), zone
    for a in board.zones:
        for b in board.zones:
            assert board.zone_adjacent(a, b) == board.zone_adjacent(b, a)


def test_lanes_run_throne_shore_middle_shore_throne(board):
    for lane in board.lanes:
        kinds = [board.zone(z).kind for z in lane.zones]
        assert kinds == ["throne", "lane", "lane", "lane", "throne"]
        assert lane.zones[0] == board.throne(TITANS) and lane.zones[-1] == board.throne(ATLANTEANS)
        for a, b in zip(lane.zones, lane.zones[1:], strict=False):
            assert board.zone_adjacent(a, b), (a, b)
    lane_zones = [z for lane in board.lanes for z in lane.zones[1:-1]]
    assert len(lane_zones) == len(set(lane_zones))  # two lanes share only the thrones
    off_lane = {z for z in board.zones if z not in lane_zones} - {"A", "E"}
    assert off_lane and all(board.zone(z).kind in ("jungle", "river") for z in off_lane)


def test_every_middle_holds_the_rulebooks_starting_minions(board):
    want = MINIONS[board.name]
    for lane in board.lanes:
        for team in (TITANS, ATLANTEANS):
            got = {k: len(board.minion_icons(lane.middle, team, k)) for k in gb.MINION_KINDS}
            assert got == want, (lane.middle, team)


def test_the_two_lane_middles_use_the_whole_box_of_minions():
    b = gb.load("two_lane")
    total = {
        k: sum(len(b.minion_icons(lane.middle, None, k)) for lane in b.lanes)
        for k in gb.MINION_KINDS
    }
    assert total == {"melee": 8, "ranged": 4, "heavy": 4}  # the component list


def test_every_shore_has_both_teams_icons_for_a_push(board):
    want = MINIONS[board.name]
    for lane in board.lanes:
        for zone in lane.zones[1:-1]:
            for team in (TITANS, ATLANTEANS):
                got = {k: len(board.minion_icons(zone, team, k)) for k in gb.MINION_KINDS}
                assert got == want, (zone, team)
    for key, zone in board.zones.items():
        if zone.kind != "lane":
            assert board.minion_icons(key) == ()


def test_defenders_stand_on_their_own_throne_side_in_every_lane_zone(board):
    def x(h):
        return 2 * h[0] + h[1]

    for lane in board.lanes:
        for zone in lane.zones[1:-1]:
            west = max(x(h) for h in board.minion_icons(zone, TITANS))
            east = min(x(h) for h in board.minion_icons(zone, ATLANTEANS))
            assert west < east, zone


def test_each_throne_has_spawn_points_for_the_largest_team(board):
    for team in (TITANS, ATLANTEANS):
        spawns = board.spawn_points(team)
        assert len(spawns) == SPAWNS[board.name]
        assert all(board.zone_of(h) == board.throne(team) for h in spawns)
        assert all(board.passable(h) for h in spawns)
    largest = -(-board.players[1] // 2)
    assert SPAWNS[board.name] >= largest


def test_every_zone_is_one_connected_piece(board):
    for key in board.zones:
        open_hexes = {h for h in board.zone_hexes(key) if board.passable(h)}
        assert open_hexes, key
        start = next(iter(open_hexes))
        assert _connected(board, open_hexes, start) == open_hexes, key


def test_every_hex_is_reachable_from_both_thrones(board):
    passable = {h for h in board.hexes if board.passable(h)}
    for team in (TITANS, ATLANTEANS):
        for spawn in board.spawn_points(team):
            assert board.reachable(spawn, len(passable)) == passable


def test_minions_on_their_icons_never_wall_off_part_of_the_board(board):
    passable = {h for h in board.hexes if board.passable(h)}
    for lane in board.lanes:
        for zone in lane.zones[1:-1]:
            minions = set(board.minion_icons(zone))
            for team in (TITANS, ATLANTEANS):
                spawn = board.spawn_points(team)[0]
                assert board.reachable(spawn, len(passable), minions) == passable - minions, zone


def test_rocks_and_water_shape_the_lanes(board):
    mountains = [h for h in board.hexes if board.terrain(h) == "mountain"]
    water = [h for h in board.hexes if board.terrain(h) == "water"]
    assert len(mountains) >= 20 and len(water) >= 10
    # the jungles (and river) are fenced off from the lane: only a few gaps lead in
    for key, zone in board.zones.items():
        if zone.kind in ("jungle", "river"):
            fence = [h for h in board.zone_hexes(key) if board.terrain(h) == "mountain"]
            assert len(fence) >= 4, key
    # walking throne to throne is longer than the straight distance: the rocks are in the way
    t, a = board.spawn_points(TITANS)[0], board.spawn_points(ATLANTEANS)[0]
    assert board.distances(t, 99)[a] > gb.distance(t, a)


def test_the_board_is_the_same_seen_from_either_side(board):
    axis = min(2 * q + r for q, r in board.hexes) + max(2 * q + r for q, r in board.hexes)
    zones = dict(MIRROR[board.name])
    zones.update({v: k for k, v in zones.items()})
    assert set(zones) == set(board.zones)
    for (q, r), (zone, terrain, mark) in board.cells.items():
        mq = (axis - 2 * q - r - r) // 2
        assert (mq, r) in board.cells, (q, r)
        mzone, mterrain, mmark = board.cells[(mq, r)]
        assert mzone == zones[zone] and mterrain == terrain
        assert mmark == (None if mark is None else (mark[0], 1 - mark[1]))


def test_the_ascii_picture_can_be_printed(capsys):
    assert gb.main(["one_lane", "two_lane"]) == 0
    out = capsys.readouterr().out
    assert "Sunken Causeway" in out and "Twin Currents" in out
    assert "At" in out and "Ea" in out and "C^" in out
    one = gb.load("one_lane")
    picture = gb.render(one).splitlines()
    assert len(picture) == one.rows
    # odd rows are drawn half a hex east of the even ones
    assert all(line.startswith("  ") for line in picture[1::2])
