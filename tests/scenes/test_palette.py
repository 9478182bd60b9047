"""Ten seats need ten colours a person can tell apart at a glance, and in colour-blind mode a
letter and a shape each; team games add team colours."""

from __future__ import annotations

import ast
import itertools
import math
from pathlib import Path

import pygame
import pytest

import scenes
from scenes import palette
from scenes.canvas import Canvas
from scenes.colour_distance import DEFICIENCIES, closest_pair, delta_e, delta_e_lab, simulate
from scenes.palette import (
    COLOURBLIND_SEATS,
    COLOURBLIND_TEAMS,
    DEEP,
    INK,
    SEA,
    SHAPES,
    STANDARD_SEATS,
    STANDARD_TEAMS,
    SeatStyle,
    draw_seat_marker,
    style_by_name,
)

#: CIEDE2000 differences: ~2 is just noticeable; tokens seen small and side by side need more
SEATS_APART = 20.0  # standard set, normal vision
CB_SEATS_APART = 15.0  # colour-blind set, normal vision (its shapes and letters carry the rest)
CB_SEATS_APART_CVD = 10.0  # colour-blind set under each simulated deficiency
FROM_BACKGROUND = 30.0  # every seat colour against the dark sea the boards are drawn on
TEAMS_APART = 40.0  # the two teams of a team game, for every kind of vision


def test_the_colour_difference_matches_the_published_reference_pairs():
    # Sharma, Wu & Dalal (2005), table 1: L*a*b* pairs and their CIEDE2000 difference
    pairs = [
        ((50, 2.6772, -79.7751), (50, 0, -82.7485), 2.0425),
        ((50, 2.5, 0), (73, 25, -18), 27.1492),
        ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644),
        ((50, 2.49, -0.001), (50, -2.49, 0.0011), 7.2195),
    ]
    for a, b, expected in pairs:
        assert delta_e_lab(a, b) == pytest.approx(expected, abs=1e-4)
    assert delta_e((255, 255, 255), (0, 0, 0)) == pytest.approx(100, abs=0.1)


def test_each_set_has_ten_seats_with_their_own_letter_and_shape():
    for styles in (STANDARD_SEATS, COLOURBLIND_SEATS):
        assert len(styles) == 10
        assert len({s.name.lower() for s in styles}) == 10
        assert len({s.letter for s in styles}) == 10
        assert [s.shape for s in styles] == list(SHAPES)  # seat i has shape i in both sets
        assert all(s.letter.lower() in s.name.lower() for s in styles)


def test_the_standard_seat_colours_are_far_apart():
    d, i, j = closest_pair([s.rgb for s in STANDARD_SEATS])
    assert d >= SEATS_APART, (STANDARD_SEATS[i].name, STANDARD_SEATS[j].name, d)


def test_the_colourblind_seat_colours_stay_apart_under_every_deficiency():
    rgb = [s.rgb for s in COLOURBLIND_SEATS]
    d, i, j = closest_pair(rgb)
    assert d >= CB_SEATS_APART, (COLOURBLIND_SEATS[i].name, COLOURBLIND_SEATS[j].name, d)
    for deficiency in DEFICIENCIES:
        d, i, j = closest_pair(rgb, deficiency)
        pair = (COLOURBLIND_SEATS[i].name, COLOURBLIND_SEATS[j].name)
        assert d >= CB_SEATS_APART_CVD, (deficiency, pair, d)


def test_the_simulation_really_merges_what_a_deficiency_merges():
    # red and green that differ a lot for normal vision look alike without red cones
    red, green = (200, 60, 40), (90, 120, 40)
    assert delta_e(red, green) > 30
    assert delta_e(simulate(red, "protanopia"), simulate(green, "protanopia")) < 12


def test_every_seat_colour_stands_out_from_the_sea():
    for style in STANDARD_SEATS + COLOURBLIND_SEATS:
        for background in (INK, DEEP, SEA):
            assert delta_e(style.rgb, background) >= FROM_BACKGROUND, style.name


def test_the_two_team_colours_are_far_apart_for_every_vision():
    for teams in (STANDARD_TEAMS, COLOURBLIND_TEAMS):
        a, b = teams[0], teams[1]
        assert delta_e(a, b) >= TEAMS_APART
        for deficiency in DEFICIENCIES:
            assert delta_e(simulate(a, deficiency), simulate(b, deficiency)) >= TEAMS_APART


def _silhouette(style: SeatStyle) -> set[tuple[int, int]]:
    """The pixels a colour-blind marker covers, drawn white and without its letter."""
    surface = Canvas(pygame.Surface((60, 60)))  # what scenes draw on (logical units)
    surface.fill((0, 0, 0))
    draw_seat_marker(
        surface, SeatStyle(style.name, (255, 255, 255), "", style.shape), (30, 30), 20, True
    )
    return {
        (x, y) for x in range(60) for y in range(60) if surface.get_at((x, y))[:3] == (255,) * 3
    }


def test_every_shape_has_its_own_outline():
    pictures = {s.shape: _silhouette(s) for s in COLOURBLIND_SEATS}
    for a, b in itertools.combinations(pictures, 2):
        differ = len(pictures[a] ^ pictures[b])
        # a tenth of a marker's area (a disc of radius 20 covers ~1260 pixels)
        assert differ >= 0.1 * math.pi * 20**2, (a, b, differ)


def test_a_seat_keeps_its_place_across_the_two_sets():
    for i, (std, cb) in enumerate(zip(STANDARD_SEATS, COLOURBLIND_SEATS, strict=True)):
        assert style_by_name(std.name, True) == cb, i
        # the words Rising's seats are named by ("orange" ...) keep their own mapping
        if cb.name.lower() not in ("orange", "yellow"):
            assert style_by_name(cb.name, False) == std, i


# --- the board tokens: written once, in scenes/palette.py ----------------------------------------
SCENES = Path(scenes.__file__).parent
GAME_PACKAGES = ("rising", "guards", "finding")


def _palette_colours() -> dict[tuple[int, ...], str]:
    """Every colour scenes/palette.py names (art palette and board tokens), by value."""
    return {
        value: name
        for name, value in vars(palette).items()
        if name.isupper()
        and isinstance(value, tuple)
        and len(value) == 3
        and all(isinstance(c, int) for c in value)
    }


def test_no_screen_writes_a_palette_colour_out_again():
    """A colour the palette names is used by its name, so changing it there changes it on
    every screen (a copy of its numbers would silently stay behind)."""
    colours = _palette_colours()
    found = []
    for path in sorted(SCENES.rglob("*.py")):
        if path.name == "palette.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Tuple) or len(node.elts) not in (3, 4):
                continue
            if not all(isinstance(e, ast.Constant) and type(e.value) is int for e in node.elts):
                continue
            rgb = tuple(e.value for e in node.elts[:3])  # type: ignore[attr-defined]
            if rgb in colours:
                found.append(f"{path.relative_to(SCENES)}:{node.lineno} {rgb} is {colours[rgb]}")
    assert not found, found


def test_no_game_defines_a_palette_name_of_its_own():
    """A game's modules import the shared tokens (PANEL, TEXT, DIM, OK …); none assigns one
    of the palette's names, with the same value or another."""
    names = set(_palette_colours().values()) | {
        name for name, value in vars(palette).items() if name.isupper() and isinstance(value, tuple)
    }
    found = []
    for game in GAME_PACKAGES:
        for path in sorted((SCENES / game).rglob("*.py")):
            for node in ast.parse(path.read_text(encoding="utf-8")).body:
                targets = (
                    node.targets
                    if isinstance(node, ast.Assign)
                    else [node.target]
                    if isinstance(node, ast.AnnAssign)
                    else []
                )
                for t in targets:
                    if isinstance(t, ast.Name) and t.id in names:
                        found.append(f"{path.relative_to(SCENES)}:{node.lineno} {t.id}")
    assert not found, found


def test_the_board_tokens_are_the_palette_colours_the_boards_were_drawn_in():
    assert palette.PANEL_EDGE == palette.BRONZE and palette.TEXT == palette.PARCHMENT
    assert palette.DIM == palette.MUTED and palette.DARK == palette.INK
    assert palette.SELECT == palette.GOLD and palette.BAD == palette.DANGER
    from scenes.finding import look as finding_look
    from scenes.guards import look as guards_look

    for name in ("PANEL", "PANEL_EDGE", "TEXT", "DIM", "DARK", "SELECT", "OK"):
        assert getattr(guards_look, name) is getattr(palette, name)
        assert getattr(finding_look, name) is getattr(palette, name)
