"""The Finding Atlantis help page: the rules in our own words (pygame-gui HTML).

Numbers and card effects come from the rulebook and game/finding/cards.py; every sentence
here is ours. The same page opens from the title's Help and from the board (H).
"""

from __future__ import annotations

from game.finding.cards import ACTION_CARDS, ARTIFACTS, CAPTAINS
from scenes.finding.keys import KEYS

TITLE = "Finding Atlantis"
#: the chart's signs, as the help page explains them: (the sign, what it tells)
CHART_SIGNS: tuple[tuple[str, str], ...] = (
    ("warm cell with rings / dark cell with waves", "seamount / deep ocean"),
    ("filled amber diamond, top right", "a trace (hollow with a dot: a trace or a mine)"),
    ("slashed ring, top right", "no trace"),
    ("temple / star in the middle", "Atlantis / an artifact (a hollow star: already taken)"),
    ("red triangle / red spiked ball, bottom left", "a sea monster / a mine was reported"),
    ("pale ring with a tick, bottom left", "a Periscope saw no danger there"),
    ("parchment badge", "a count; a Sunstone's reads 4=1 C=0: one Atlantis space in row 4, "
     "none in column C"),
    ("line through hollow rings in your colour", "your own route, ending at your submarine"),
    ("dashed ring in your colour", "where the sea set you down after a wrong claim: a jump, "
     "so no line leads to it"),
    ("dashed red border", "a space named in a wrong claim"),
    ("spiked ball in your colour, bottom right", "your own mine (a Jelly Rod's \"trace or "
     "mine\" there is that mine, so no trace is drawn for it)"),
    ("hatching in a rival's colour, each rival its own slant", "where that submarine may be "
     "(the Opponents aid); a bold square with a submarine: known to be there"),
    ("gold outline around a few spaces", "the heat map's likeliest whole city, drawn only "
     "when it is at least 25 % sure to be exactly those spaces"),
)  # fmt: skip


def _signs() -> str:
    return "<br>".join(f"<i>{sign}</i>: {meaning}" for sign, meaning in CHART_SIGNS)


def _cards(items, free_word: bool = True) -> str:
    rows = []
    for c in items:
        free = " <i>(free)</i>" if free_word and getattr(c, "free", False) else ""
        pirate = " <i>(Pirate mode)</i>" if getattr(c, "pirate", False) else ""
        rows.append(f"<b>{c.name}</b>{free}{pirate}: {c.text}")
    return "<br>".join(rows)


def page() -> str:
    """The page, built when shown."""
    return (
        "<font size=5><b>Finding Atlantis</b></font><br>"
        "Up to four submarines search one ocean for the sunken city. The map never changes; "
        "nobody sees it. Every reading you take is spoken aloud by the device, so the whole "
        "table hears the answer, but only you know where you were when you took it. The first "
        "captain to name every space of Atlantis wins.<br><br>"
        "<b>The ocean.</b> 6×6 (Atlantis covers 4 connected spaces, 4 artifacts lie "
        "elsewhere) or 8×8 (6 spaces, 6 artifacts). Atlantis and artifacts leave a "
        "<i>trace</i> and stand up as seamounts; other spaces are plain seamount or deep ocean. "
        "Columns are letters from the west, rows numbers from the north.<br><br>"
        "<b>Setting out.</b> Each crew is dealt two captain cards and keeps one. Every submarine "
        "starts on a space everyone knows, then makes one hidden move (north, east, south or "
        "west).<br><br>"
        "<b>A turn</b> is two actions; free actions do not count. Playing a card puts it on "
        "your discard pile, which everyone can see, until you surface. Instead of playing a "
        "card you may <b>burn</b> it (not Surface, not an artifact) to move one space in a "
        "direction the whole table hears. Moving off the map is not possible: the edge stops "
        "you.<br><br>"
        "<b>Your cards</b><br>" + _cards(ACTION_CARDS) + "<br><br>"
        "<b>Captains</b> (one action each unless free; played captains return when you "
        "surface)<br>" + _cards(CAPTAINS) + "<br><br>"
        "<b>Artifacts</b> (recovered by exploring an artifact's space; each works once)<br>"
        + _cards(ARTIFACTS)
        + "<br><br>"
        "<b>Naming the city.</b> When Explore finds Atlantis beneath you, you may name the "
        "whole city at once, starting with your space, each next space touching one already "
        "named. Right: you win. Wrong: everyone learns the city is not those spaces, and a "
        "current carries your submarine to a space nobody knows, not even you, until you "
        "surface or work it out.<br><br>"
        "<b>Sea monsters.</b> One wakes wherever an artifact is taken. Moving onto it ends "
        "your move and your turn and costs you a random card (never Surface). Sleepy monsters "
        "stay put; hunting ones move one space towards the nearest submarine after every "
        "round.<br><br>"
        "<b>Pirate mode.</b> Periscope and Drop Mine join the hand. Running into another "
        "submarine's mine stops you and makes you hand over an artifact (or lose cards); the "
        "Jelly Rod reads a mine as a trace.<br><br>"
        "<b>The end.</b> If nobody has found the city after 40 rounds (6×6) or 60 (8×8), "
        "nobody wins.<br><br>"
        "<b>On screen.</b> Your chart draws every clue you can place. Click a card to play "
        "it; a card that needs a direction is aimed on the compass rose. <i>Burn a card</i> "
        "switches burn mode. The pencil (cross, black out, ?, a three-letter note) marks your "
        "own chart; click a mark again to rub it out. Two aids are off by default: where the "
        "others may be, and a heat map of where Atlantis can lie, worked out from everything "
        "on your own chart (exactly, unless the status line says some readings were left "
        "out). With several people at one screen, the screen is handed over before each "
        "person's turn and nobody else's chart is ever shown.<br><br>"
        "<b>The chart's signs</b> (rest the pointer on a space to read all of its clues, "
        "the round a danger was reported in and the heat map's number in words)<br>"
        + _signs()
        + "<br><br>"
        "<b>Keys.</b><br>" + KEYS.help_lines()
    )
