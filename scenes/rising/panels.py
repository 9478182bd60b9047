"""Everything around the island: councilor panels, the Navy and attack track, the misfortune
deck, the blueprint, the top bar.

Each part is painted into its own surface only when the data it shows changes (the cache key is
that data), so a frame costs a few blits. Painting also records *hits*: the rectangles a
tooltip or a click can find, keyed by target ids the board understands.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from game.rising.components import COMPONENT_INDEX, COMPONENTS
from game.rising.councilors import COUNCILORS
from game.rising.island import RESOURCES
from game.rising.knowledge import HAND_LIMIT, KNOWLEDGE, KNOWLEDGE_INDEX
from game.rising.misfortunes import MISFORTUNES
from scenes import canvas, draw
from scenes.assets import font, scaled, text_sizing
from scenes.palette import DANGER, GOLD, INK, MUTED, PARCHMENT, SeatStyle, lerp
from scenes.rising.look import (
    COURAGE,
    DIM_INK,
    ENERGY,
    PANEL_BG,
    PANEL_EDGE,
    PANEL_HOT,
    RESOURCE_COLOURS,
    WARN,
    blit_text,
    capped,
    gem,
    growth,
    marker,
    panel,
    resource_gem,
    room_factor,
    star,
    wrap,
)

LEFT = pygame.Rect(4, 48, 252, 668)
#: the seats' column as designed (the largest text may put the decision atop it)
LEFT_DESIGNED = LEFT.copy()
EXTRAS = (196, 170, 240)  # a councilor's magic items, allies and volunteers
RIGHT_X, RIGHT_W = 988, 288
NAVY = pygame.Rect(RIGHT_X, 48, RIGHT_W, 128)
MISFORTUNE = pygame.Rect(RIGHT_X, 180, RIGHT_W, 62)
BLUEPRINT = pygame.Rect(RIGHT_X, 246, RIGHT_W, 272)
LOG = pygame.Rect(RIGHT_X, 522, RIGHT_W, 194)
RIGHT_BOTTOM = 716
PANEL_GAP = 4
#: the blueprint's rows at the designed size: 22 tall, 2 apart, under a 28-px heading
ROW_H, ROW_GAP, BLUEPRINT_HEAD = 22, 2, 28
TOPBAR = pygame.Rect(0, 0, 1280, 44)
ACTIONBAR = pygame.Rect(262, 666, 720, 50)

ABILITY_SHORT = {
    "explorer": "Rolls: targets 1 lower",
    "emissary": "1 Atlantean may go onto a full tile",
    "scholar": "May keep Atlanteans back",
    "priest": "+1 energy at the Power Source",
    "artificer": "Builds: 1 unit cheaper",
    "champion": "Start: 1 energy for courage",
}
PHASE_NAMES = {
    "setup": "Setting up",
    "start": "Start of turn",
    "place": "Placing Atlanteans",
    "misfortune": "Misfortunes",
    "late": "Late placement",
    "production": "Productive actions",
    "attack": "The Athenians attack",
    "build": "Building",
    "over": "Game over",
}

#: the phase in a word or two, where its full name does not fit the top bar's corner
PHASE_SHORT = {
    "setup": "Setup",
    "start": "Turn start",
    "place": "Placing",
    "misfortune": "Misfortunes",
    "late": "Late placing",
    "production": "Producing",
    "attack": "Attack",
    "build": "Building",
    "over": "Game over",
}


#: how much larger than designed the fixed-height right-hand panels may draw their text
NAVY_GROWTH = 1.1
CARD_FONT = 14  # knowledge-card buttons, bold
CARD_PAD = 6  # room left and right of a card's name inside its button
CARD_GAP = 4


def seat_rows(height: int, cards: int = 0, shift: int = 0, wide: bool = False) -> dict[str, int]:
    """The top of each line of a seat panel: roomy up to four seats, tighter at five or six
    so that two rows of card buttons still fit (``extras`` 0: items share the ability line).
    With larger text the rows grow by ``k`` (``rows["k"]`` in hundredths), as far as the panel
    holds them; the text is then drawn at most ``k`` times its designed size. ``shift``
    moves the rows from the pieces down (the councilor's name or the ability needs a line
    more at larger text)."""
    if height >= 148:
        rows = {"name": 6, "ability": 28, "pieces": 48, "res": 68, "cards": 88, "step": 20}
    else:
        rows = {"name": 4, "ability": 22, "pieces": 37, "res": 53, "cards": 70, "step": 19}
    # an empty hand still takes a line ("no knowledge cards")
    used = rows["cards"] + rows["step"] * max(1, _card_grid(height, cards, rows, wide)[1])
    k = room_factor(used + 2, height)
    if k > 1:
        grown = {name: int(v * k) for name, v in rows.items()}

        # no further apart than the lines drawn at the grown sizes need (the room left
        # lets the ability or the councilor's name take a second line)
        def line(size: int, kind: str = "regular") -> int:
            return font(capped(size, k, kind), kind).get_linesize()

        tight = {"name": rows["name"]}
        tight["ability"] = tight["name"] + line(16, "bold")
        tight["pieces"] = tight["ability"] + line(12, "italic")
        tight["res"] = tight["pieces"] + max(line(14, "bold"), line(13)) - 2
        tight["cards"] = tight["res"] + line(13)
        tight["step"] = max(rows["step"], line(CARD_FONT, "bold") + 2)
        rows = {name: min(v, tight[name]) for name, v in grown.items()}
        used = rows["cards"] + rows["step"] * max(1, _card_grid(height, cards, rows, wide)[1])
    if shift:
        for name in ("pieces", "res", "cards"):
            rows[name] += shift
        used = rows["cards"] + rows["step"] * max(1, _card_grid(height, cards, rows, wide)[1])
    rows["extras"] = used + 2 if height - used >= int(18 * k) else 0
    rows["k"] = int(round(k * 100))
    return rows


def _seat_holds(
    height: int, cards: int, shift: int, empty_line: bool = True, wide: bool = False
) -> bool:
    """Do a seat panel's rows, moved down by ``shift``, still end inside it (with the line an
    empty hand takes, or without it)?"""
    rows = seat_rows(height, cards, shift, wide)
    least = 1 if empty_line else 0
    return (
        rows["cards"] + rows["step"] * max(least, _card_grid(height, cards, rows, wide)[1])
        <= height - 2
    )


def wide_hand(hand: Sequence[str], height: int) -> bool:
    """Does a card of ``hand`` need a button as wide as the panel (its name, or its short
    name, wider than half of it at the text size in force)?"""
    if not hand or growth() <= 1:
        return False
    size = card_font(height, len(hand))
    half = (LEFT.width - 20 - CARD_GAP) // 2
    f = font(size, "bold")
    return any(f.size(card_label(key, half, size))[0] > half - CARD_PAD for key in hand)


def _seat_layout(info: SeatInfo, height: int) -> dict:
    """How a seat panel of ``height`` lays out its words at the text size in force: the
    councilor's name beside the person's or on a line of its own, the ability on as many
    lines as it takes, the rows below moved down (``shift``) as far as the panel holds them;
    an empty hand's words give way first, then the ability (it stays in the name's tip)."""
    rows = seat_rows(height, len(info.hand))
    k = rows["k"] / 100

    def sz(size: int, kind: str = "regular") -> int:
        return capped(size, k, kind)

    c = COUNCILORS[info.councilor]
    bw = max(44, font(sz(11, "bold"), "bold").size("FIRST")[0] + 8)
    name_room = max(120, LEFT.width - 8 - 36 - (bw + 6 if info.start else 0))
    full_w = font(sz(16, "bold"), "bold").size(info.name)[0]
    # a name too wide beside the FIRST badge keeps the row; the badge goes to the line below
    badge_down = info.start and full_w > name_room and full_w <= LEFT.width - 8 - 36
    if badge_down:
        name_room = LEFT.width - 8 - 36
    name_w = min(name_room, full_w)
    room = (LEFT.width - 12 - bw if info.start else LEFT.width - 8) - (36 + name_w) - 6
    ability = ABILITY_SHORT[c.key]
    if info.talent >= 0:
        ability += f" + {COUNCILORS[info.talent].name}'s"
    ab_size = sz(12, "italic")
    ab_lines = wrap(ability, ab_size, LEFT.width - 22, "italic")
    ab_step = font(ab_size, "italic").get_linesize() - 2
    council_fits = font(sz(13, "bold"), "bold").size(c.name)[0] <= room and not badge_down
    council_h = 0 if council_fits else font(sz(13, "bold"), "bold").get_linesize()
    shift = council_h + (len(ab_lines) - 1) * ab_step
    cards = len(info.hand)
    wide = wide_hand(info.hand, height)
    empty_line = not shift or bool(cards or info.extras) or _seat_holds(height, cards, shift)
    if shift and not _seat_holds(height, cards, shift, empty_line, wide):
        # no room (the largest text): the ability in one line as far as it goes, or the
        # councilor's name in its place
        ab_lines, shift, council_h = [ability] if council_fits else [], 0, 0
    return {"bw": bw, "name_room": name_room, "room": room, "ability": ability,
            "badge_down": badge_down,
            "ab_lines": ab_lines, "ab_size": ab_size, "ab_step": ab_step,
            "council_fits": council_fits, "council_h": council_h, "shift": shift,
            "empty_line": empty_line, "wide": wide}  # fmt: skip


def folded_height() -> int:
    """A folded seat panel: the row of its person's name."""
    return font(16, "bold").get_linesize() + 10


def _fold_seats(
    needs: Sequence[int], room: int, order: Sequence[int]
) -> tuple[list[int], set[int]]:
    """Heights when the seats' whole panels do not all fit ``room``: the seats in ``order``
    (the one deciding and the person's own first) keep their whole panels as long as the
    others folded to a name's row still fit; the room left goes to the whole panels."""
    n, low = len(needs), folded_height()
    whole: list[int] = []
    for seat in dict.fromkeys([*order, *range(n)]):  # each seat once, ``order`` first
        if sum(needs[s] for s in whole) + needs[seat] + low * (n - len(whole) - 1) <= room:
            whole.append(seat)
    folded = {s for s in range(n) if s not in whole}
    if not whole:  # not even one panel whole: share the column alike (the old way)
        return [room // max(1, n)] * n, set()
    spare = (room - sum(needs[s] for s in whole) - low * len(folded)) // len(whole)
    return [low if s in folded else needs[s] + spare for s in range(n)], folded


def seat_summary(info: SeatInfo) -> str:
    """Everything a folded seat panel leaves out, for its tooltip."""
    c = COUNCILORS[info.councilor]
    res = ", ".join(f"{n} {name}" for n, name in zip(info.res, RESOURCES, strict=False))
    cards = ", ".join(KNOWLEDGE[KNOWLEDGE_INDEX[k]].name for k in info.hand) or "none"
    held = f", {info.held} held" if info.held else ""
    first = " Starting player this turn." if info.start else ""
    extras = f" {info.extras_tip}" if info.extras else ""
    return (
        f"{info.name} plays the {c.name}: {c.text} {info.home} Atlanteans at home{held}; "
        f"{info.energy} mystic energy, {info.courage} courage; {res}. "
        f"Knowledge cards: {cards}.{first}{extras} (Shown whole when this seat decides.)"
    )


def seat_need(info: SeatInfo) -> int:
    """The height a seat panel needs for every line whole at the text size in force."""
    tall = 2000  # no limit: the rows as the text's growth wants them
    lay = _seat_layout(info, tall)
    shift, wide = lay["shift"], lay["wide"]
    rows = seat_rows(tall, len(info.hand), shift, wide)
    # an empty hand's words are the first to give way when a line more is needed
    least = 0 if shift and not info.hand and not info.extras else 1
    grid = _card_grid(tall, len(info.hand), rows, wide)
    used = rows["cards"] + rows["step"] * max(least, grid[1])
    if info.extras:  # their own line under the cards
        used += font(capped(12, rows["k"] / 100, "bold"), "bold").get_linesize() + 2
    return used + 4


def _card_grid(
    height: int, cards: int, rows: dict[str, int], wide: bool = False
) -> tuple[int, int]:
    """(columns, rows) for ``cards`` buttons: two columns (names in full) while they fit;
    one, as wide as the panel, when a name needs it (``wide``, larger text) and they fit."""
    room = max(1, (height - rows["cards"]) // rows["step"])  # the last row ends 2 px early
    if wide and cards <= room:
        return 1, cards
    cols = 2
    while cols < 5 and -(-cards // cols) > room:
        cols += 1
    return cols, -(-cards // cols) if cards else 0


def card_rects(height: int, cards: int, shift: int = 0, wide: bool = False) -> list[pygame.Rect]:
    """Where a seat panel of ``height`` draws each of ``cards`` knowledge-card buttons."""
    rows = seat_rows(height, cards, shift, wide)
    cols, _ = _card_grid(height, cards, rows, wide)
    w = (LEFT.width - 20 - CARD_GAP * (cols - 1)) // cols
    h = rows["step"] - 2
    return [
        pygame.Rect(10 + (i % cols) * (w + CARD_GAP), rows["cards"] + (i // cols) * rows["step"],
                    w, h)
        for i in range(cards)
    ]  # fmt: skip


def card_font(height: int, cards: int) -> int:
    """The designed size card names are asked at in a seat panel of ``height``."""
    return capped(CARD_FONT, seat_rows(height, cards)["k"] / 100, "bold")


def card_label(key: str, width: int, size: int = CARD_FONT) -> str:
    """A card's full name if its button holds it, else its short name (game content)."""
    card = KNOWLEDGE[KNOWLEDGE_INDEX[key]]
    f = font(size, "bold")
    return card.name if f.size(card.name)[0] <= width - CARD_PAD else card.short


@dataclass
class Hit:
    """A rectangle the mouse can find: a target id (see ``controls``) and a tooltip."""

    key: str
    rect: pygame.Rect
    tip: str = ""


def card_tip(key: str) -> str:
    c = KNOWLEDGE[KNOWLEDGE_INDEX[key]]
    when = "during the attack" if c.window == "attack" else "in your own decisions"
    react = " Also right after a misfortune." if c.react else ""
    return f"{c.name}: {c.text} (Played {when}.{react})"


def component_tip(key: str) -> str:
    c = COMPONENTS[COMPONENT_INDEX[key]]
    cost = ", ".join(f"{n} {RESOURCES[r]}" for r, n in enumerate(c.cost) if n)
    return f"{c.name} (deck {c.deck}). Costs {cost}. {c.text}"


def _cost_width(cost: Sequence[int], colourblind: bool) -> int:
    """How wide a component's cost is drawn (numbers and diamonds, right to left)."""
    wide = 2 if colourblind else 0
    w = 0
    for n in cost:
        if n:
            w += font(13, "bold").size(str(n))[0] + 18 + 2 * wide
    return w


def _name_room(cost: Sequence[int], colourblind: bool) -> int:
    """The room a blueprint row leaves for its component's name beside the cost."""
    return (BLUEPRINT.width - 12 - 6) - _cost_width(cost, colourblind) + 4 - 12 - 22


def _name_fits(ci: int, colourblind: bool) -> bool:
    """Does component ``ci``'s name fit beside its cost on one line (bold: a live row)?"""
    comp = COMPONENTS[ci]
    return font(13, "bold").size(comp.name)[0] <= _name_room(comp.cost, colourblind)


def _row_height() -> int:
    """One line of a blueprint row: 22 px at the designed size, a line of its text when larger."""
    return max(ROW_H, font(13, "bold").get_linesize() + 2)


#: the seat panels' heights as last laid out (larger text: each as tall as its lines)
_SEATS: list[int] = []
#: the seats drawn folded to their name's row as last laid out (the largest text: the
#: panels' lines do not all fit the column)
_FOLDED: set[int] = set()
#: the blueprint's rows (panel coordinates) as last laid out: :func:`lay_out_right`
_ROWS: list[pygame.Rect] = []
#: how many of the misfortune's lines the column holds; the blueprint's count on a line of
#: its own
_SHOWN: dict[str, int] = {"misfortune": 99, "stacked": 0, "grown": 1, "scrolls": 0, "first": 0}


#: said in place of the last misfortune's words when the column cannot hold them
MISFORTUNE_MORE = "Its words: point here."
#: the misfortune deck drawn in the panel's top left; words below it use the whole width
CARD_BACK = pygame.Rect(10, 8, 34, 46)


def misfortune_lines(last: str | None) -> list[tuple[int, str]]:
    """The last misfortune's words as the panel shows them, all of them: (x, line) each,
    beside the deck while they are level with it, then under it across the panel."""
    if last is None:
        return []
    m = next(x for x in MISFORTUNES if x.key == last)
    _, y = _misfortune_tops()
    step = font(11).get_linesize()
    f = font(11)
    out: list[tuple[int, str]] = []
    line = ""
    for word in m.text.split(" "):
        x = 54 if y + len(out) * step < CARD_BACK.bottom + 2 else 12
        trial = f"{line} {word}".strip()
        if f.size(trial)[0] <= MISFORTUNE.width - 8 - x or not line:
            line = trial
        else:
            out.append((x, line))
            line = word
    x = 54 if y + len(out) * step < CARD_BACK.bottom + 2 else 12
    out.append((x, line))
    return out


def navy_rows() -> dict[str, int]:
    """Where the Navy panel's parts start (panel coordinates) and its height: as designed
    (strip 26, galley 62, track 80, the line under it 112, 128 tall), moved down as far as
    larger text needs."""
    bold = font(12, "bold")
    # the largest text: the strength under the title, the attack under the galley's name
    head_one = font(15, "bold").size("THE NAVY")[0] + font(14, "bold").size("strength 20")[0]
    head_one = 12 + head_one + 8 + 12 <= RIGHT_W
    galley_one = 12 + bold.size("GALLEY")[0] + 6 + bold.size("attack = die + 10")[0] + 12
    galley_one = galley_one <= RIGHT_W
    strip = max(26, 6 + font(15, "bold").get_linesize() - 4)
    if not head_one:
        strip += font(14, "bold").get_linesize()
    galley = strip + 36
    track = max(galley + 18, galley + bold.get_linesize() * (1 if galley_one else 2))
    line = track + 32
    return {"strip": strip, "galley": galley, "track": track, "line": line,
            "head_one": head_one, "galley_one": galley_one,
            "height": max(128, line + font(12).get_linesize())}  # fmt: skip


def _misfortune_sizes(grown: bool = True) -> tuple[int, int, int]:
    """The misfortune panel's small print, name and "none drawn yet": as designed, or as
    large as its designed 62 px hold (the largest text, when the column is full)."""
    if grown:
        return 11, 15, 14
    return capped(11, NAVY_GROWTH, "bold"), capped(15, NAVY_GROWTH, "bold"), capped(14, NAVY_GROWTH)


def _misfortune_tops(grown: bool = True) -> tuple[int, int]:
    """Where the misfortune's name and its words start in the panel (grown with the text)."""
    small, big, _ = _misfortune_sizes(grown)
    if not grown:  # the designed panel's steps
        name_y = 8 + int(round(15 * scaled(small) / 11))
        return name_y, name_y + int(round(19 * scaled(big) / 15))
    name_y = 8 + font(small, "bold").get_linesize() - 1
    return name_y, name_y + font(big, "bold").get_linesize() - 1


def lay_out_right(
    last: str | None, blueprint: Sequence[int], colourblind: bool, foot: int = 720
) -> None:
    """Stack the right-hand column under the Navy for the text size in force: the last
    misfortune as tall as its words, the blueprint with a row per component (two lines for a
    name that does not fit beside its cost), the log in what is left. The module's rectangles
    are updated in place, so every part that imported them draws and hits at the new places.
    A replay's bar at ``foot`` takes the bottom of the column from the log when the column
    is full (large text)."""
    bottom = RIGHT_BOTTOM if growth() <= 1 else min(RIGHT_BOTTOM, foot - PANEL_GAP)
    lines = misfortune_lines(last)
    # the first of these that fits the column: everything whole; everything whole with the
    # blueprint's rows scrolled by the wheel, three rows in sight (large text), then one row
    # in sight (the largest text); the rows as designed, the names and the misfortune's words
    # cut (when not even one row fits)
    NAVY.height = navy_rows()["height"]
    MISFORTUNE.y = NAVY.bottom + PANEL_GAP
    # (the largest text first tries a blueprint that scrolls a row at a time)
    # (then the misfortune's words to its tooltip, a line saying so in their place)
    tries = ((True, False, True, 0), (True, True, True, 3), (True, True, True, 1))
    tries += (("name", True, True, 1),)
    # each first with room kept for the log's heading and two lines (a compact log under
    # the blueprint), then, when no layout leaves that, with the column to themselves
    plan = [(keep, t) for keep in (log_room(), 0) for t in tries]
    for keep, (whole, scroll, grown, rows_least) in (*plan, (0, (False, False, False, 0))):
        floor = bottom - keep
        shown = len(lines) if whole is True else (0 if whole else min(1, len(lines)))
        _, text_y = _misfortune_tops(grown)
        step = font(_misfortune_sizes(grown)[0]).get_linesize()
        if shown or (lines and whole):
            MISFORTUNE.height = max(62, text_y + step * max(1, shown) + 6)
        else:  # "none drawn yet" under the heading
            name_y = _misfortune_tops(grown)[0]
            none = _misfortune_sizes(grown)[2]
            MISFORTUNE.height = (
                max(62, name_y + 3 + font(none, "italic").get_linesize() + 4) if grown else 62
            )
        BLUEPRINT.y = MISFORTUNE.bottom + PANEL_GAP
        stacked = grown and (scroll or not _title_and_count(10))
        head = blueprint_head(scroll) if grown else BLUEPRINT_HEAD
        one = _row_height() if grown else ROW_H
        _ROWS.clear()
        y = head
        for ci in blueprint:
            two = grown and not _name_fits(ci, colourblind)
            h = one + font(13, "bold").get_linesize() if two else one
            _ROWS.append(pygame.Rect(6, y, BLUEPRINT.width - 12, h))
            y += h + ROW_GAP
        BLUEPRINT.height = y + 4
        if not scroll and BLUEPRINT.bottom <= floor:
            break
        if scroll:
            BLUEPRINT.height = floor - BLUEPRINT.y
            tallest = max((r.height + ROW_GAP for r in _ROWS), default=0)
            if BLUEPRINT.height - head - 4 >= rows_least * tallest:
                break
    _SHOWN.update(misfortune=shown, stacked=stacked, grown=grown, scrolls=scroll)
    _SHOWN["first"] = min(_SHOWN["first"], _last_first()) if scroll else 0
    LOG.y = BLUEPRINT.bottom + PANEL_GAP
    # no room left for the log's heading (large text, a long misfortune): it gives way, the
    # full log is a key away (L)
    LOG.height = max(0, bottom - LOG.y)
    if LOG.height < log_least():
        LOG.height = 0


def _view_bottom() -> int:
    """The lowest a blueprint row may reach inside the panel."""
    return BLUEPRINT.height - 4


def _last_first() -> int:
    """The furthest the wheel scrolls the blueprint: its last rows fill the panel."""
    first = len(_ROWS) - 1
    while first > 0 and _ROWS[-1].bottom - _ROWS[first - 1].y <= _view_bottom() - _ROWS[0].y:
        first -= 1
    return max(0, first)


def _offset() -> int:
    """How far up the wheel moved the blueprint's rows."""
    first = _SHOWN["first"]
    return _ROWS[first].y - _ROWS[0].y if 0 < first < len(_ROWS) else 0


def blueprint_hidden() -> tuple[int, int]:
    """How many of the blueprint's rows are scrolled out of sight: (above, below)."""
    shown = [Panels.blueprint_row_shown(i) for i in range(len(_ROWS))]
    below = sum(1 for i, s in enumerate(shown) if not s and i >= _SHOWN["first"])
    return _SHOWN["first"], below


def scroll_blueprint(pos: tuple[int, int], dy: int) -> bool:
    """The mouse wheel over a blueprint too tall for its panel (large text) scrolls its rows;
    True when it did. Up (positive) goes back to the first rows."""
    if not _SHOWN["scrolls"] or not BLUEPRINT.collidepoint(pos):
        return False
    _SHOWN["first"] = max(0, min(_last_first(), _SHOWN["first"] - dy))
    return True


def log_room() -> int:
    """Room for the compact log: its heading and three lines (the newest entry, wrapped)."""
    return log_least() + 3 * max(15, font(12).get_linesize() - 2) + 11


def log_least() -> int:
    """The log's least room: its heading (the full log is a key away)."""
    return font(13, "bold").get_linesize() + 8


def _title_and_count(done: int = 0) -> bool:
    """Do the blueprint's title and its count of built components share one line?"""
    need = (
        font(15, "bold").size("THE BLUEPRINT")[0] + font(14, "bold").size(f"{done} of 10 built")[0]
    )
    return 12 + need + 20 <= BLUEPRINT.width - 12


def blueprint_head(scroll: bool = False) -> int:
    """Where the blueprint's rows start: under its title, and its count when that has a line
    of its own (large text; always when its rows scroll: the line says how many are hidden)."""
    title = max(BLUEPRINT_HEAD, font(15, "bold").get_linesize() + 8)
    if _title_and_count(10) and not scroll:
        return title
    return title + font(14, "bold").get_linesize()


@dataclass(frozen=True)
class SeatInfo:
    """What one councilor panel shows (plain, hashable: it is the panel's cache key)."""

    seat: int
    name: str
    councilor: int
    home: int
    held: int
    res: tuple[int, int, int, int]
    energy: int
    courage: int
    hand: tuple[str, ...]
    start: bool
    deciding: bool
    you: bool
    talent: int
    built: int
    #: monsters module: magic items and allies held, volunteers working (short words each)
    extras: tuple[str, ...] = ()
    extras_tip: str = ""


class Panels:
    """Paints and caches the parts around the island; collects their hits."""

    def __init__(self) -> None:
        self._cache: dict[str, tuple[object, pygame.Surface, list[Hit]]] = {}

    def _part(
        self, name: str, key: object, size: tuple[int, int], paint
    ) -> tuple[pygame.Surface, list[Hit]]:  # noqa: ANN001
        key = (key, text_sizing())  # painted text is at the sizes of its time
        got = self._cache.get(name)
        if got is not None and got[0] == key:
            return got[1], got[2]
        surf = canvas.surface(size, pygame.SRCALPHA)
        hits: list[Hit] = []
        paint(surf, hits)
        self._cache[name] = (key, surf, hits)
        return surf, hits

    def clear(self) -> None:
        self._cache.clear()

    # --- councilors ---------------------------------------------------------------------------
    @staticmethod
    def seat_rects(
        n: int, foot: int = 720, needs: Sequence[int] = (), order: Sequence[int] = ()
    ) -> list[pygame.Rect]:
        """The councilors' panels down the left column (ending above a replay's bar at
        ``foot``): alike, 150 at most as designed; with larger text the whole column, each
        panel as tall as its lines ``needs`` and the rest shared, when they all fit; when
        they do not, the seats first in ``order`` keep their whole panels and the others
        fold to their name's row (:func:`_fold_seats`)."""
        room = min(LEFT.height, foot - 4 - LEFT.y)
        share = (room - 4 * (n - 1)) // max(1, n)
        folded: set[int] = set()
        if growth() <= 1:
            heights = [min(150, share)] * n
        elif len(needs) == n and sum(needs) <= room - 4 * (n - 1):
            spare = (room - 4 * (n - 1) - sum(needs)) // max(1, n)
            heights = [need + spare for need in needs]
        elif len(needs) == n:
            heights, folded = _fold_seats(needs, room - 4 * (n - 1), order)
        else:
            heights = [share] * n
        if len(needs) == n:
            _SEATS[:] = heights
            _FOLDED.clear()
            _FOLDED.update(folded)
        elif len(_SEATS) == n and growth() > 1:  # as the panels were last laid out
            heights = list(_SEATS)
        out, y = [], LEFT.y
        for h in heights:
            out.append(pygame.Rect(LEFT.x, y, LEFT.width, h))
            y += h + 4
        return out

    def draw_seats(
        self,
        surface: pygame.Surface,
        infos: Sequence[SeatInfo],
        styles: Sequence[SeatStyle],
        colourblind: bool,
        playable_cards: frozenset[str],
        hits: list[Hit],
        foot: int = 720,
    ) -> None:
        order = [i.seat for i in infos if i.deciding] + [i.seat for i in infos if i.you]
        rects = self.seat_rects(len(infos), foot, [seat_need(i) for i in infos], order)
        for info, rect in zip(infos, rects, strict=False):
            key = (info, styles[info.seat], colourblind, playable_cards if info.you else None)
            key = (key, rect.size, info.seat in _FOLDED)

            def paint(
                surf: pygame.Surface,
                out: list[Hit],
                info: SeatInfo = info,
                rect: pygame.Rect = rect,
            ) -> None:
                if info.seat in _FOLDED:
                    _paint_folded(surf, out, (info, styles[info.seat], colourblind), rect)
                else:
                    self._paint_seat(
                        surf, out, info, styles[info.seat], colourblind, playable_cards, rect
                    )

            surf, part_hits = self._part(f"seat{info.seat}", key, rect.size, paint)
            surface.blit(surf, rect)
            hits.extend(part_hits)

    def _paint_seat(
        self,
        surf: pygame.Surface,
        hits: list[Hit],
        info: SeatInfo,
        style: SeatStyle,
        colourblind: bool,
        playable: frozenset[str],
        rect: pygame.Rect,
    ) -> None:
        local = surf.get_rect()
        panel(surf, local, hot=info.deciding, alpha=238)
        draw.rect(surf, style.rgb, (3, 10, 5, local.height - 20), border_radius=2)
        c = COUNCILORS[info.councilor]
        ox, oy = rect.x, rect.y
        rows = seat_rows(local.height, len(info.hand))
        k = rows["k"] / 100

        def v(n: int) -> int:  # a designed offset within a row, grown with the rows
            return n if k == 1 else int(n * k)

        def sz(size: int, kind: str = "regular") -> int:
            return capped(size, k, kind)

        top = rows["name"]
        marker(surf, style, (22, top + v(11)), 8, colourblind)
        lay = _seat_layout(info, local.height)
        bw, ab_lines = lay["bw"], lay["ab_lines"]
        ab_size, ab_step, council_h = lay["ab_size"], lay["ab_step"], lay["council_h"]
        council_fits, shift, empty_line = lay["council_fits"], lay["shift"], lay["empty_line"]
        name_r = blit_text(
            surf, info.name, (36, top), sz(16, "bold"), PARCHMENT, "bold",
            max_width=lay["name_room"],
        )  # fmt: skip
        room = lay["room"]
        if shift or lay["wide"]:
            rows = seat_rows(local.height, len(info.hand), shift, lay["wide"])
        ability_y = rows["ability"] + council_h
        if council_fits:
            at, width = (name_r.right + 6, top + v(3)), room
        else:
            at, width = (14, rows["ability"]), local.width - 22
            if lay["badge_down"]:
                width -= bw + 6
        blit_text(
            surf, c.name, at, sz(13, "bold"), lerp(style.rgb, PARCHMENT, 0.35), "bold",
            max_width=width,
        )  # fmt: skip
        hits.append(
            Hit(
                "info",
                pygame.Rect(ox + 8, oy + top - 2, 230, v(22) + council_h),
                f"{info.name} plays the {c.name}. {c.text}",
            )
        )
        if info.start:
            badge = pygame.Rect(
                local.right - 8 - bw,
                rows["ability"] if lay["badge_down"] else top,
                bw,
                max(v(18), font(sz(11, "bold"), "bold").get_height()),
            )
            draw.rect(surf, GOLD, badge, border_radius=9)
            blit_text(surf, "FIRST", badge.center, sz(11, "bold"), INK, "bold", "center")
            hits.append(
                Hit(
                    "info",
                    badge.move(ox, oy),
                    "The starting player this turn: decides first, picks the tiles the Athenians take.",
                )
            )
        # with no row left below the cards, items and allies take the ability's line (the
        # ability stays in the name's tooltip)
        extras_y = rows["extras"] or ability_y
        if not info.extras or extras_y != ability_y:
            for i, line in enumerate(ab_lines):
                blit_text(
                    surf, line, (14, ability_y + i * ab_step), ab_size, MUTED, "italic",
                    max_width=local.width - 22,
                )  # fmt: skip
        # pieces
        y = rows["pieces"]
        x = 14
        for i in range(min(info.home, 6)):
            marker(surf, style, (x + 7 + i * 11, y + v(7)), 5, colourblind)
        x += 8 + max(1, min(info.home, 6)) * 11
        t = blit_text(
            surf,
            f"{info.home} home" + (f", {info.held} held" if info.held else ""),
            (x, y),
            sz(13),
            PARCHMENT,
        )
        hits.append(
            Hit(
                "home",
                pygame.Rect(ox + 10, oy + y - 2, t.right - 6, v(20)),
                "Atlanteans at home, ready to be placed. Click a tile (or drag from here) to place one.",
            )
        )
        x = max(t.right + 10, 150)
        gem(surf, (x + 6, y + v(8)), 7, ENERGY)
        blit_text(surf, str(info.energy), (x + 15, y), sz(14, "bold"), PARCHMENT, "bold")
        hits.append(
            Hit(
                "info",
                pygame.Rect(ox + x, oy + y, 34, v(18)),
                "Mystic energy: +1 to a roll each, 2 converts a resource, 3 pooled stop a flood, 5 pooled raise a tile.",
            )
        )
        x = max(x + 40, x + 19 + font(sz(14, "bold"), "bold").size(str(info.energy))[0])
        star(surf, (x + 7, y + v(8)), 7, COURAGE)
        blit_text(surf, str(info.courage), (x + 17, y), sz(14, "bold"), PARCHMENT, "bold")
        hits.append(
            Hit(
                "info",
                pygame.Rect(ox + x, oy + y, 34, v(18)),
                "Courage tokens: put one under an Atlantean on a tile or in the Navy.",
            )
        )
        # resources
        y = rows["res"]
        for r, name in enumerate(RESOURCES):
            x = 14 + r * 59
            gem(surf, (x + 6, y + v(8)), 7, RESOURCE_COLOURS[name])
            ink = PARCHMENT if info.res[r] else DIM_INK
            label = f"{info.res[r]} {name[:4] if name != 'atlantium' else 'atl.'}"
            if font(sz(13)).size(label)[0] > 43:  # large text: the count alone (gem colour, tip)
                label = str(info.res[r])
            blit_text(surf, label, (x + 15, y), sz(13), ink)
            hits.append(
                Hit(
                    "info",
                    pygame.Rect(ox + x, oy + y, 56, v(18)),
                    f"{name.capitalize()}: {info.res[r]}. Pay resources to build blueprint components.",
                )
            )
        # knowledge cards
        y = rows["cards"]
        over = len(info.hand) > HAND_LIMIT
        card_size = sz(CARD_FONT, "bold")
        cards = card_rects(local.height, len(info.hand), shift, lay["wide"])
        for key, r in zip(info.hand, cards, strict=False):
            live = info.you and key in playable
            fill = (104, 78, 30) if live else (28, 46, 60)
            draw.rect(surf, fill, r, border_radius=5)
            draw.rect(
                surf,
                PANEL_HOT if live else (WARN if over else PANEL_EDGE),
                r,
                2 if live else 1,
                border_radius=5,
            )
            blit_text(
                surf,
                card_label(key, r.width, card_size),
                r.center,
                card_size,
                PARCHMENT,
                "bold",
                "center",
                r.width - CARD_PAD,
            )
            hits.append(Hit(f"card:{key}" if info.you else "info", r.move(ox, oy), card_tip(key)))
        if not info.hand and empty_line:
            blit_text(
                surf, "no knowledge cards", (14, y + v(2)), sz(12, "italic"), DIM_INK, "italic"
            )
        if info.extras:
            r = blit_text(
                surf, " · ".join(info.extras), (14, extras_y), sz(12, "bold"), EXTRAS, "bold",
                max_width=local.width - 22,
            )  # fmt: skip
            hits.append(Hit("info", r.move(ox, oy).inflate(6, 4), info.extras_tip))

    # --- the Navy and the attack track -------------------------------------------------------
    def draw_navy(
        self,
        surface: pygame.Surface,
        navy: Sequence[int],
        tokens: Sequence[int],
        galley: int,
        cap: int,
        bonus: int,
        die: int,
        phase: str,
        styles: Sequence[SeatStyle],
        colourblind: bool,
        hits: list[Hit],
    ) -> None:
        key = (
            NAVY.size,
            tuple(navy),
            tuple(tokens),
            galley,
            cap,
            bonus,
            die,
            phase,
            tuple(styles),
            colourblind,
        )

        def paint(surf: pygame.Surface, out: list[Hit]) -> None:
            local = surf.get_rect()
            panel(surf, local)
            at = navy_rows()
            strip, row_y, track, below_y = at["strip"], at["galley"], at["track"], at["line"]

            def n(size: int, kind: str = "bold") -> int:  # as large as chosen: the rows grow
                return size

            strength = len(navy) + len(tokens) + bonus
            if at["head_one"]:
                sr = blit_text(
                    surf, f"strength {strength}", (local.right - 12, 7), n(14), PARCHMENT,
                    "bold", "topright",
                )  # fmt: skip
                head = sr.x - 8 - 12
            else:  # on a line of its own under the title
                below = (12, 6 + font(15, "bold").get_linesize() - 2)
                blit_text(surf, f"strength {strength}", below, n(14), PARCHMENT, "bold")
                head = local.width - 24
            blit_text(surf, "THE NAVY", (12, 6), n(15), GOLD, "bold", max_width=head)
            out.append(
                Hit(
                    "navy",
                    pygame.Rect(NAVY.x + 6, NAVY.y + 4, NAVY.width - 12, strip + 26),
                    "The Navy: each Atlantean here counts 1 against the attack (2 with a courage token). Click to place one here.",
                )
            )
            draw.rect(surf, (16, 50, 70), (8, strip, local.width - 16, 30), border_radius=6)
            for i, q in enumerate(navy[:18]):
                x = 20 + i * 15
                marker(surf, styles[q], (x, strip + 15), 6, colourblind)
            toks = list(tokens)
            for i, q in enumerate(navy[:18]):
                if q in toks:
                    toks.remove(q)
                    star(surf, (20 + i * 15 + 6, strip + 9), 5, COURAGE)
            if not navy:
                words = "empty: click to send Atlanteans"
                if font(n(12, "italic"), "italic").size(words)[0] > local.width - 24:
                    words = "empty: click to send"  # larger text: the tip says the rest
                blit_text(
                    surf, words, (local.centerx, strip + 15), n(12, "italic"), DIM_INK, "italic",
                    "center", local.width - 24,
                )  # fmt: skip
            # attack track
            if at["galley_one"]:
                attack = blit_text(
                    surf, f"attack = die + {galley}", (local.right - 12, row_y), n(12), PARCHMENT,
                    "bold", "topright",
                )  # fmt: skip
                room = attack.x - 12
            else:  # on a line of its own under the galley's name
                below = (12, row_y + font(n(12), "bold").get_linesize())
                blit_text(surf, f"attack = die + {galley}", below, n(12), PARCHMENT, "bold")
                room = local.width - 12
            title = (
                "ATHENIAN GALLEY"
                if font(n(12), "bold").size("ATHENIAN GALLEY ")[0] < room
                else "GALLEY"
            )
            blit_text(surf, title, (12, row_y), n(12), DANGER, "bold", max_width=room - 6)
            cw = (local.width - 16) // 13
            # large text: number every other space (and the galley's and the cap's)
            every = 1 if font(n(11), "bold").size("+10")[0] <= cw + 3 else 2
            line = f"top of the track: +{cap}"
            if phase == "attack" and die:
                line = f"die {die} + {galley} = {die + galley} vs Navy {strength}"
            for v in range(13):
                r = pygame.Rect(8 + v * cw, track, cw - 2, 20)
                beyond = v > cap
                fill = (30, 30, 38) if beyond else ((120, 52, 44) if v == galley else (36, 64, 80))
                draw.rect(surf, fill, r, border_radius=4)
                if v % every == 0 or v in (galley, cap):
                    blit_text(
                        surf,
                        (f"+{v}" if every == 1 else str(v)) if v else "0",
                        r.center,
                        n(11),
                        DIM_INK if beyond else PARCHMENT,
                        "bold",
                        "center",
                    )
                if v == cap:
                    draw.line(surf, WARN, (r.right + 1, track - 4), (r.right + 1, track + 24), 2)
            gx = 8 + galley * cw + (cw - 2) // 2
            tip = track + 24
            draw.polygon(
                surf, DANGER, [(gx - 8, tip), (gx + 8, tip), (gx + 5, tip + 6), (gx - 5, tip + 6)]
            )
            draw.line(surf, PARCHMENT, (gx, tip), (gx, tip - 8), 1)
            blit_text(
                surf, line, (local.centerx, below_y), n(12), MUTED, "regular", "midtop",
                local.width - 16,
            )  # fmt: skip
            out.append(
                Hit(
                    "info",
                    pygame.Rect(
                        NAVY.x + 6, NAVY.y + row_y - 2, NAVY.width - 12, NAVY.height - row_y
                    ),
                    f"The Athenian galley at +{galley} (the cap for this table is +{cap}). Each attack rolls a die and adds the galley; every point above the Navy's strength sinks a tile. The galley moves up after every attack.",
                )
            )

        surf, part_hits = self._part("navy", key, NAVY.size, paint)
        surface.blit(surf, NAVY)
        hits.extend(part_hits)

    # --- misfortunes ---------------------------------------------------------------------------
    def draw_misfortunes(
        self, surface: pygame.Surface, left: int, last: str | None, discards: int, hits: list[Hit]
    ) -> None:
        key = (left, last, discards, MISFORTUNE.size, _SHOWN["misfortune"], _SHOWN["grown"])

        def paint(surf: pygame.Surface, out: list[Hit]) -> None:
            local = surf.get_rect()
            panel(surf, local)
            back = CARD_BACK
            draw.rect(surf, (70, 30, 40), back, border_radius=5)
            draw.rect(surf, DANGER, back, 2, border_radius=5)
            blit_text(surf, str(left), back.center, 15, PARCHMENT, "bold", "center")
            out.append(
                Hit(
                    "info",
                    back.move(MISFORTUNE.topleft),
                    f"The misfortune deck: {left} cards left; {discards} in the discards. One is drawn per councilor each turn.",
                )
            )
            grown = bool(_SHOWN["grown"])
            small, big, none = _misfortune_sizes(grown)
            blit_text(surf, "LAST MISFORTUNE", (54, 8), small, DANGER, "bold")
            name_y, text_y = _misfortune_tops(grown)
            if last is None:
                at = (54, name_y + 3) if grown else (54, 26)
                blit_text(surf, "none drawn yet", at, none, DIM_INK, "italic")
                return
            m = next(x for x in MISFORTUNES if x.key == last)
            blit_text(surf, m.name, (54, name_y), big, GOLD, "bold", max_width=local.width - 62)
            step = font(small).get_linesize()
            lines = misfortune_lines(last)
            shown = _SHOWN["misfortune"]
            if len(lines) > shown == 0:  # the largest text, a full column: words on hover
                lines = [(12, MISFORTUNE_MORE)]
            elif len(lines) > shown:  # the largest text: the first line, all of it on hover
                lines = [(lines[0][0], lines[0][1] + " …")]
            for i, (x, line) in enumerate(lines):  # the panel holds them all
                blit_text(surf, line, (x, text_y + i * step), small, PARCHMENT,
                          max_width=local.width - 8 - x)  # fmt: skip
            out.append(
                Hit(
                    "info",
                    pygame.Rect(
                        MISFORTUNE.x + 50, MISFORTUNE.y, MISFORTUNE.width - 50, MISFORTUNE.height
                    ),
                    f"{m.name}: {m.text}",
                )
            )

        surf, part_hits = self._part("misfortune", key, MISFORTUNE.size, paint)
        surface.blit(surf, MISFORTUNE)
        hits.extend(part_hits)

    # --- the blueprint -------------------------------------------------------------------------
    @staticmethod
    def blueprint_row(slot: int) -> pygame.Rect:
        """Where the blueprint shows its ``slot``-th component (as :func:`lay_out_right` laid
        the rows out; the designed rows before it has run)."""
        if slot < len(_ROWS):
            return _ROWS[slot].move(BLUEPRINT.x, BLUEPRINT.y - _offset())
        y = BLUEPRINT.y + BLUEPRINT_HEAD + slot * (ROW_H + ROW_GAP)
        return pygame.Rect(BLUEPRINT.x + 6, y, BLUEPRINT.width - 12, ROW_H)

    @staticmethod
    def blueprint_row_shown(slot: int) -> bool:
        """Is the ``slot``-th row in sight (not scrolled out of the panel)?"""
        if slot >= len(_ROWS):
            return True
        r = _ROWS[slot].move(0, -_offset())
        return r.y >= _ROWS[0].y and r.bottom <= _view_bottom()

    def draw_blueprint(
        self,
        surface: pygame.Surface,
        blueprint: Sequence[int],
        built: Sequence[int],
        buildable: frozenset[str],
        styles: Sequence[SeatStyle],
        names: Sequence[str],
        colourblind: bool,
        hits: list[Hit],
    ) -> None:
        key = (tuple(blueprint), tuple(built), buildable, tuple(styles), tuple(names), colourblind,
               BLUEPRINT.size, tuple(map(tuple, _ROWS)), _SHOWN["stacked"],
               _SHOWN["first"])  # fmt: skip

        def paint(surf: pygame.Surface, out: list[Hit]) -> None:
            local = surf.get_rect()
            panel(surf, local)
            done = sum(1 for b in built if b >= 0)
            count = f"{done} of 10 built"
            # the largest text in the designed rows: the heading no larger than they allow
            big, small = (
                (15, 14) if _SHOWN["grown"] else (capped(15, 1.0, "bold"), capped(14, 1.0, "bold"))
            )
            room = (
                local.width
                - 24
                - (0 if _SHOWN["stacked"] else font(small, "bold").size(count)[0] + 8)
            )
            title = blit_text(surf, "THE BLUEPRINT", (12, 6), big, GOLD, "bold", max_width=room)
            if _SHOWN["stacked"]:  # large text: the count under the title
                blit_text(surf, count, (12, title.bottom), small, PARCHMENT, "bold")
            else:
                blit_text(surf, count, (local.right - 12, 7), small, PARCHMENT, "bold", "topright")
            above, below = blueprint_hidden()
            if _SHOWN["scrolls"]:
                out.append(Hit("info", title.union(title.move(0, title.height)).move(
                    BLUEPRINT.topleft), "The mouse wheel over the blueprint shows the rest of "
                    "its components."))  # fmt: skip
            if above or below:  # the rows scroll: how many are out of sight, and how to see them
                words = " · ".join(
                    w
                    for w in (f"{above} above" if above else "", f"{below} below" if below else "")
                    if w
                )
                blit_text(
                    surf, words, (local.right - 12, title.bottom), 14, MUTED, "italic", "topright"
                )
            one = _row_height() if _SHOWN["grown"] else ROW_H
            for slot, ci in enumerate(blueprint):
                if not self.blueprint_row_shown(slot):
                    continue
                comp = COMPONENTS[ci]
                row = self.blueprint_row(slot)
                r = row.move(-BLUEPRINT.x, -BLUEPRINT.y)
                # a name too wide for the room beside its cost has the row's first line, the
                # cost the second
                first = r.y + one // 2
                costs_y = first if r.height < 2 * one - 4 else r.bottom - one // 2
                who = built[slot] if slot < len(built) else -1
                live = comp.key in buildable
                fill = (96, 72, 28) if live else ((26, 58, 50) if who >= 0 else (18, 40, 56))
                draw.rect(surf, fill, r, border_radius=5)
                if live:
                    draw.rect(surf, PANEL_HOT, r, 2, border_radius=5)
                if who >= 0:
                    marker(surf, styles[who], (r.x + 11, first), 6, colourblind)
                else:
                    draw.rect(surf, DIM_INK, (r.x + 5, first - 6, 12, 12), 1, border_radius=2)
                ink = PARCHMENT if who < 0 else (170, 220, 180)
                x = r.right - 6
                for res in range(3, -1, -1):
                    n = comp.cost[res]
                    if not n:
                        continue
                    t = blit_text(surf, str(n), (x, costs_y), 13, PARCHMENT, "bold", "midright")
                    wide = 2 if colourblind else 0  # the lettered diamond is a little larger
                    resource_gem(surf, (t.x - 8 - wide, costs_y), 6, RESOURCES[res], colourblind)
                    x = t.x - 18 - 2 * wide
                kind = "bold" if live else "regular"
                room = (x + 4 - 12 if costs_y == first else r.right - 6) - (r.x + 22)
                blit_text(surf, comp.name, (r.x + 22, first), 13, ink, kind, "midleft", room)
                tip = component_tip(comp.key)
                if who >= 0:
                    tip = f"Built by {names[who]}. " + tip
                elif live:
                    tip = "You can build this now: click. " + tip
                out.append(Hit(f"comp:{comp.key}" if live else "info", row.copy(), tip))

        surf, part_hits = self._part("blueprint", key, BLUEPRINT.size, paint)
        surface.blit(surf, BLUEPRINT)
        hits.extend(part_hits)


def _paint_folded(
    surf: pygame.Surface, hits: list[Hit], seat: tuple[SeatInfo, SeatStyle, bool], rect: pygame.Rect
) -> None:
    """A seat folded to its name's row: the name, the councilor beside it when it fits, and a
    tooltip holding the rest (``seat``: what it shows, its colours, colour-blind or not)."""
    info, style, colourblind = seat
    local = surf.get_rect()
    panel(surf, local, hot=info.deciding, alpha=238)
    draw.rect(surf, style.rgb, (3, 6, 5, local.height - 12), border_radius=2)
    top = (local.height - font(16, "bold").get_linesize()) // 2
    marker(surf, style, (22, local.height // 2), 8, colourblind)
    name_r = blit_text(
        surf, info.name, (36, top), 16, PARCHMENT, "bold", max_width=local.width - 44
    )
    c = COUNCILORS[info.councilor]
    f = font(13, "bold")
    if name_r.right + 8 + f.size(c.name)[0] <= local.width - 8:
        at = (name_r.right + 8, top + font(16, "bold").get_ascent() - f.get_ascent())
        blit_text(surf, c.name, at, 13, lerp(style.rgb, PARCHMENT, 0.35), "bold")
    hits.append(Hit("info", rect.copy(), seat_summary(info)))


def draw_backplate(surface: pygame.Surface) -> None:
    """The dark strip under the top bar (drawn every frame; one fill)."""
    surface.fill(PANEL_BG, TOPBAR)
    draw.line(surface, PANEL_EDGE, (0, TOPBAR.bottom - 1), (1280, TOPBAR.bottom - 1), 1)
