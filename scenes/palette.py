"""Colours of the program: the sea-and-bronze art palette and the seat colours.

Seat colours come in two sets of ten (a game seats up to ten). The standard set is tuned to the
art; the colour-blind-safe set starts with Okabe-Ito's six, and in that mode every seat also
carries a letter and a shape, so nothing depends on telling two hues apart. Team games add one
colour per team. tests/scenes/test_palette.py checks every pair stays far apart (CIEDE2000, and
under simulated colour-vision deficiencies for the colour-blind set).
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from scenes import draw

Colour = tuple[int, int, int]

# --- art palette ------------------------------------------------------------------------------
ABYSS: Colour = (4, 16, 32)
DEEP: Colour = (8, 34, 58)
SEA: Colour = (14, 72, 104)
SHALLOW: Colour = (34, 128, 150)
FOAM: Colour = (214, 236, 236)
SKY_TOP: Colour = (18, 28, 62)
SKY_GLOW: Colour = (236, 168, 96)
SAND: Colour = (226, 204, 152)
GOLD: Colour = (218, 176, 84)
BRONZE: Colour = (168, 112, 58)
PARCHMENT: Colour = (243, 230, 196)
INK: Colour = (10, 22, 34)
MUTED: Colour = (150, 170, 178)
DANGER: Colour = (226, 112, 92)

# --- board tokens: what the boards' panels, text and marks share ------------------------------
# Each is written here once; a game's look module imports the ones it draws with and keeps
# only its own colours (tests/scenes/test_palette.py checks no game writes a token again).
PANEL: Colour = (10, 30, 46)  # a board panel's body
PANEL_EDGE: Colour = BRONZE  # its edge
TEXT: Colour = PARCHMENT  # plain text on a panel
DIM: Colour = MUTED  # hints and secondary text
DARK: Colour = INK  # text and outlines on a light face (a card)
SELECT: Colour = GOLD  # what is chosen or may be chosen
OK: Colour = (90, 190, 110)  # good news, a move that is allowed
BAD: Colour = DANGER  # bad news, a move that is refused


@dataclass(frozen=True)
class SeatStyle:
    """How one seat is shown: a colour, and for colour-blind play a letter and a shape."""

    name: str
    rgb: Colour
    letter: str
    shape: str  # one of SHAPES


#: one shape per seat, told apart by outline alone (seat i has shape i in both sets)
SHAPES = (
    "circle",
    "square",
    "triangle",
    "diamond",
    "hexagon",
    "star",
    "cross",
    "pentagon",
    "wedge",
    "hourglass",
)

STANDARD_SEATS: tuple[SeatStyle, ...] = (
    SeatStyle("Coral", (232, 106, 84), "C", SHAPES[0]),
    SeatStyle("Lagoon", (64, 184, 196), "L", SHAPES[1]),
    SeatStyle("Gold", (232, 190, 80), "G", SHAPES[2]),
    SeatStyle("Kelp", (112, 178, 92), "K", SHAPES[3]),
    SeatStyle("Pearl", (226, 226, 236), "P", SHAPES[4]),
    SeatStyle("Urchin", (160, 110, 200), "U", SHAPES[5]),
    SeatStyle("Driftwood", (150, 122, 84), "D", SHAPES[6]),
    SeatStyle("Sapphire", (118, 158, 246), "S", SHAPES[7]),
    SeatStyle("Anemone", (236, 40, 128), "A", SHAPES[8]),
    SeatStyle("Rose", (226, 164, 186), "R", SHAPES[9]),
)

# The first six are Okabe & Ito (2008), "Color Universal Design", distinguishable under the
# common deficiencies; the last four were chosen to stay as far from them as the six are from
# each other, for normal vision and simulated protanopia, deuteranopia and tritanopia.
COLOURBLIND_SEATS: tuple[SeatStyle, ...] = (
    SeatStyle("Orange", (230, 159, 0), "O", SHAPES[0]),
    SeatStyle("Sky blue", (86, 180, 233), "S", SHAPES[1]),
    SeatStyle("Bluish green", (0, 158, 115), "G", SHAPES[2]),
    SeatStyle("Yellow", (240, 228, 66), "Y", SHAPES[3]),
    SeatStyle("Vermillion", (213, 94, 0), "V", SHAPES[4]),
    SeatStyle("Reddish purple", (204, 121, 167), "R", SHAPES[5]),
    SeatStyle("White", (226, 242, 226), "W", SHAPES[6]),
    SeatStyle("Cyan", (0, 236, 236), "C", SHAPES[7]),
    SeatStyle("Iris", (196, 40, 240), "I", SHAPES[8]),
    SeatStyle("Mint", (160, 200, 140), "M", SHAPES[9]),
)

#: team colours, by team index (column headings on setup, team bands on boards and results)
STANDARD_TEAMS: tuple[Colour, ...] = ((214, 88, 62), (62, 132, 226), (226, 186, 72), (96, 176, 96))
COLOURBLIND_TEAMS: tuple[Colour, ...] = ((213, 94, 0), (0, 114, 178), (240, 228, 66), (0, 158, 115))


def team_colour(team: int, colourblind: bool) -> Colour:
    """The colour of a team (teams are also always named, so colour is never the only cue)."""
    colours = COLOURBLIND_TEAMS if colourblind else STANDARD_TEAMS
    return colours[team % len(colours)]


def seat_styles(colourblind: bool) -> tuple[SeatStyle, ...]:
    """The seat colours for the current setting."""
    return COLOURBLIND_SEATS if colourblind else STANDARD_SEATS


def seat_style(index: int, colourblind: bool) -> SeatStyle:
    styles = seat_styles(colourblind)
    return styles[index % len(styles)]


#: plain colour words a game may name its seats by (Rising's councilors are orange, blue …),
#: drawn in the standard palette; in colour-blind mode each maps to one Okabe-Ito style
NAMED_RGB: dict[str, Colour] = {
    "orange": (238, 140, 56),
    "blue": (72, 140, 232),
    "green": (96, 190, 96),
    "purple": (168, 112, 214),
    "yellow": (240, 214, 80),
    "red": (222, 74, 70),
}
NAMED_CB: dict[str, int] = {"orange": 0, "blue": 1, "green": 2, "yellow": 3, "red": 4, "purple": 5}


def style_by_name(name: str, colourblind: bool, fallback: int = 0) -> SeatStyle:
    """Find a seat style by its colour name (a palette name or a plain colour word), shown in
    the current set's terms, so setup and every board draw a seat in the same colour.

    A save stores the colour name picked at setup; switching the colour-blind setting later
    maps it by position, so a seat keeps its identity.
    """
    key = name.lower()
    if key in NAMED_RGB:
        if colourblind:
            return COLOURBLIND_SEATS[NAMED_CB[key]]
        return SeatStyle(key.capitalize(), NAMED_RGB[key], key[0].upper(), SHAPES[fallback % 6])
    for styles in (STANDARD_SEATS, COLOURBLIND_SEATS):
        for i, style in enumerate(styles):
            if style.name.lower() == name.lower():
                return seat_style(i, colourblind)
    return seat_style(fallback, colourblind)


def _shape_points(shape: str, cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    import math

    if shape == "square":
        k = r * 0.86
        return [(cx - k, cy - k), (cx + k, cy - k), (cx + k, cy + k), (cx - k, cy + k)]
    if shape == "triangle":
        return [(cx, cy - r), (cx + r * 0.95, cy + r * 0.75), (cx - r * 0.95, cy + r * 0.75)]
    if shape == "diamond":
        return [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)]
    if shape == "hexagon":
        return [
            (cx + r * math.cos(math.pi / 3 * i), cy + r * math.sin(math.pi / 3 * i))
            for i in range(6)
        ]
    if shape == "pentagon":
        return [
            (
                cx + r * math.cos(-math.pi / 2 + 2 * math.pi / 5 * i),
                cy + r * math.sin(-math.pi / 2 + 2 * math.pi / 5 * i),
            )
            for i in range(5)
        ]
    if shape == "wedge":  # a triangle standing on its point
        return [(cx - r * 0.95, cy - r * 0.75), (cx + r * 0.95, cy - r * 0.75), (cx, cy + r)]
    if shape == "cross":
        a, k = r * 0.42, r * 0.95
        return [
            (cx - a, cy - k),
            (cx + a, cy - k),
            (cx + a, cy - a),
            (cx + k, cy - a),
            (cx + k, cy + a),
            (cx + a, cy + a),
            (cx + a, cy + k),
            (cx - a, cy + k),
            (cx - a, cy + a),
            (cx - k, cy + a),
            (cx - k, cy - a),
            (cx - a, cy - a),
        ]
    if shape == "hourglass":  # two triangles meeting at a waist
        k, w = r * 0.86, r * 0.56
        return [
            (cx - k, cy - k),
            (cx + k, cy - k),
            (cx + w, cy),
            (cx + k, cy + k),
            (cx - k, cy + k),
            (cx - w, cy),
        ]
    if shape == "star":
        pts = []
        for i in range(10):
            rad = r if i % 2 == 0 else r * 0.5
            a = -math.pi / 2 + math.pi / 5 * i
            pts.append((cx + rad * math.cos(a), cy + rad * math.sin(a)))
        return pts
    return []


def draw_seat_marker(
    surface: pygame.Surface,
    style: SeatStyle,
    center: tuple[int, int],
    radius: int,
    colourblind: bool,
) -> None:
    """A seat token: a disc in the seat colour, or shape + letter in colour-blind mode."""
    cx, cy = center
    if not colourblind or style.shape == "circle":
        draw.circle(surface, INK, center, radius + 2)
        draw.circle(surface, style.rgb, center, radius)
    else:
        outline = _shape_points(style.shape, cx, cy, radius + 2)
        draw.polygon(surface, INK, outline)
        draw.polygon(surface, style.rgb, _shape_points(style.shape, cx, cy, radius))
    if colourblind:
        from scenes.assets import font

        text = font(max(10, int(radius * 1.1)), "bold").render(style.letter, True, INK)
        surface.blit(text, text.get_rect(center=(cx, cy + 1)))


def lerp(a: Colour, b: Colour, t: float) -> Colour:
    """Mix two colours; ``t`` = 0 gives ``a``, 1 gives ``b``."""
    t = 0.0 if t < 0 else 1.0 if t > 1 else t
    return (
        int(a[0] + (b[0] - a[0]) * t),
        int(a[1] + (b[1] - a[1]) * t),
        int(a[2] + (b[2] - a[2]) * t),
    )
