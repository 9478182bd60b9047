"""The right column's upper panel: who has played face down, then the reveal of every card at
once and the initiative queue, the resolving hero first.

During the card play only the fact that a seat has committed is shown (never the card); the
revealed cards appear once the engine has revealed them, so this panel is the same for every
viewer.
"""

from __future__ import annotations

import pygame

from game.core.hidden import HIDDEN
from game.guards import units
from scenes import draw
from scenes.assets import font, scaled, text_room
from scenes.board_base import Hit
from scenes.guards import figures, look
from scenes.guards.look import draw_text, fit_text, wrap
from scenes.text import size_for_step, text_width
from scenes.ui import draw_panel


def _roomy(step: int, size: int) -> int:
    """``step``, or more when even the smallest size is drawn too tall for it (under a small
    window's floor every small size is drawn alike): then fewer rows fit, none overlapping.
    Exactly ``step`` at the designed text size."""
    if text_room(20, 15) == 20:
        return step
    return max(step, int(scaled(size) * 1.3))


def order(view) -> list[int]:
    """Heroes with a revealed card this turn, in the order they resolve (done ones last)."""
    resolving = view.prog["h"] if view.prog is not None else None
    left = list(view.queue)
    vals = {h: units.initiative(view, h, view.commit[h]) for h in view.heroes
            if view.commit[h] not in (None, HIDDEN)}  # fmt: skip
    waiting = sorted(left, key=lambda h: -vals.get(h, -1))
    done = [h for h in vals if h not in left and h != resolving]
    head = [resolving] if resolving is not None else []
    gone = sorted((h for h in done if vals[h] >= 0), key=lambda h: -vals[h])
    holds = [h for h in done if vals[h] < 0]
    return gone + head + [h for h in waiting if h != resolving] + holds


#: a played-card state in the list's words: a full column, and half a column (two columns)
PLAY_STATE = {
    "off": ("off the board", "off board"),
    "empty": ("no cards", "no cards"),
    "played": ("card played", "played"),
    "choosing": ("choosing…", "choosing…"),
}
#: the room the "rows 1-8 of 11 · wheel" line takes under a list that scrolls
MORE_H = 16


def least_step() -> int:
    """The closest two rows may be at the text size in force: their print no smaller than
    the smallest print (rows that then do not fit go to a second column or scroll)."""
    return max(14, int(scaled(look.SMALLEST_PRINT) * 1.3) + 1)


def more_h() -> int:
    """The room the "rows … · wheel scrolls" line takes at the text size in force."""
    return max(MORE_H, font(13).get_linesize())


def window(n: int, fit: int, scroll: dict[str, int], key: str, auto: int = 0) -> int:
    """The first row shown of ``n`` rows when ``fit`` fit: ``auto`` (a row the panel keeps in
    sight by itself) moved by the wheel's ``scroll[key]``, kept within the list (the stored
    scroll is clamped too, so the wheel never winds up past an end)."""
    if n <= fit:
        scroll[key] = 0
        return 0
    start = max(0, min(n - fit, auto + scroll.get(key, 0)))
    scroll[key] = start - auto
    return start


def _more(surface: pygame.Surface, r: pygame.Rect, start: int, shown: int, n: int) -> None:
    """Which rows a scrolled list shows, and that the wheel shows the others."""
    draw_text(surface, f"{start + 1}–{start + shown} of {n} · wheel scrolls",
              (r.right - 14, r.bottom - 4), size=13, colour=look.DIM,
              anchor="bottomright")  # fmt: skip


def draw_queue(
    surface: pygame.Surface, view, names: list[str], seat_rgb, hits: list,
    scroll: dict[str, int] | None = None,
) -> None:  # fmt: skip
    """Who has played face down (two columns when one does not hold every hero), then the
    revealed cards by initiative; a list longer than the panel scrolls with the wheel."""
    scroll = {} if scroll is None else scroll
    r = look.QUEUE
    if view.phase == "play":
        y = max(r.y + 40, draw_panel(surface, r, f"Turn {view.turn}: cards face down"))
        # rows of 20 as designed, closer (and smaller) when larger text leaves less room
        step = text_room(20, 15)
        if step != 20:  # larger text: rows closer (and smaller) before any is left out
            step = min(step, max(least_step(), (r.bottom - 2 - y) // max(1, len(view.heroes))))
        size = size_for_step(step, 15)
        step = _roomy(step, size)
        heroes = list(view.heroes)
        rows = max(1, (r.bottom - 2 - y) // step)
        cols = 1 if len(heroes) <= rows else 2
        half = (r.w - 20) // 2 - 24  # two columns only while every row's words fit one
        least = min(size, 11)  # as small as a row is drawn (fit_text's least)
        if cols == 2 and any(text_width(f"{view.hero_name(h)} — {PLAY_STATE['choosing'][1]}",
                                        least) > half for h in heroes):  # fmt: skip
            cols = 1
        if len(heroes) > rows * cols:  # even two columns are too few: one, scrolled
            cols = 1
        if len(heroes) > rows * cols:
            rows = max(1, (r.bottom - 2 - more_h() - y) // step)
        first = window(len(heroes), rows * cols, scroll, "queue")
        shown = heroes[first : first + rows * cols]
        col_w = (r.w - 20) // cols
        for i, h in enumerate(shown):
            x = r.x + 10 + (i // rows) * col_w
            row_y = y + (i % rows) * step
            playing = view.pos[h] is not None and view.hand[h]
            if not playing:
                state = "off" if view.pos[h] is None else "empty"
            else:
                state = "played" if view.commit[h] is not None else "choosing"
            word = PLAY_STATE[state][cols - 1]
            draw.circle(surface, look.TEAM_RGB[view.team_of[h]], (x + 6, row_y + step * 9 // 20), 7)
            text, fitted = fit_text(f"{view.hero_name(h)} — {word}", col_w - 24, size)
            draw_text(surface, text, (x + 20, row_y), size=fitted,
                      colour=look.OK if view.commit[h] is not None else look.TEXT)  # fmt: skip
            hits.append(Hit(pygame.Rect(x, row_y, col_w, step), f"info:{h}",
                            f"{view.hero_name(h)} ({names[view.seat_of[h]]}): "
                            f"{PLAY_STATE[state][0]}."))  # fmt: skip
        if len(shown) < len(heroes):
            _more(surface, r, first, len(shown), len(heroes))
        return
    if view.phase != "resolve":
        y = max(r.y + 44, draw_panel(surface, r, "Initiative") + 4)
        draw_text(surface, "No cards in play now.", (r.x + 14, y), size=15, colour=look.DIM)
        return
    y = max(r.y + 38, draw_panel(surface, r, f"Turn {view.turn}: revealed, by initiative") - 2)
    rows = order(view)
    resolving = view.prog["h"] if view.prog is not None else None
    step = max(18, least_step(), min(30, (r.bottom - 6 - y) // max(1, len(rows))))
    size = size_for_step(step, 15)
    step = _roomy(step, size)
    fit = max(1, (r.bottom - 6 - y) // step)
    if len(rows) > fit:
        fit = max(1, (r.bottom - 6 - more_h() - y) // step)
    # the resolving hero stays in sight by itself (one row of the done ones above it)
    auto = max(0, rows.index(resolving) - 1) if resolving in rows else 0
    first = window(len(rows), fit, scroll, "queue", auto)
    from game.guards.cards import card as card_of

    for h in rows[first : first + fit]:
        c = view.card_in(h, view.commit[h])
        ini = units.initiative(view, h, view.commit[h])
        done = (h not in view.queue or c.colour == "black") and h != resolving
        col = look.DIM if done else look.TEXT
        band = pygame.Rect(r.x + 10, y, 10, step - 4)
        draw.rect(surface, look.SLOT_RGB.get(c.colour, (90, 90, 90)), band)
        if h == resolving:
            draw.rect(
                surface,
                look.SELECT,
                pygame.Rect(r.x + 6, y - 2, r.w - 12, step),
                2,
                border_radius=6,
            )
        draw.circle(surface, look.TEAM_RGB[view.team_of[h]], (r.x + 32, y + (step - 4) // 2), 6)
        label = f"{ini if ini >= 0 else '–'}  {view.hero_name(h)}: {card_of(c.id).name}"
        text, shown = fit_text(label, r.w - 60, size, "bold" if h == resolving else "regular")
        draw_text(surface, text, (r.x + 44, y + (step - 4) // 2), size=shown, colour=col,
                  kind="bold" if h == resolving else "regular", anchor="midleft")  # fmt: skip
        hits.append(Hit(pygame.Rect(r.x + 6, y - 2, r.w - 12, step), f"info:{h}", c.text))
        y += step
    if len(rows) > fit:
        _more(surface, r, first, min(fit, len(rows) - first), len(rows))


def note_lines(note: str, width: int) -> list[str]:
    """A score note in lines of ``width``: whole when it fits, else its label ("Heroes
    defeated:") on a line of its own above its values, each wrapped."""
    head, sep, rest = note.partition(": ")
    if text_width(note, 14) <= width or not sep:
        return wrap(note, width, 14)
    return wrap(head + ":", width, 14) + wrap(rest, width, 14)


def hero_away(view, h: int) -> str:
    """Why a hero is off the board: defeated (``back`` is the round it returns in) or not yet
    entered at the start, which the panel once also called "defeated"."""
    return " (defeated)" if view.back[h] else " (not on the board yet)"


def draw_heroes(
    surface: pygame.Surface, view, names: list[str], seat_rgb, hits: list,
    scroll: dict[str, int] | None = None, notes: list[str] = (), notes_tip: str = "",
) -> None:  # fmt: skip
    """Every hero: team, player, level, coins, and where it is; on top, ``notes``: the lines
    of the score the top bar has no room for at a larger text size (wrapped, never smaller).
    Rows that do not fit (larger text) scroll with the wheel."""
    scroll = {} if scroll is None else scroll
    r = look.HEROES
    y = max(r.y + 38, draw_panel(surface, r, "Heroes") - 2)
    if notes:
        top = y
        for line in (part for note in notes for part in note_lines(note, r.w - 28)):
            y = draw_text(surface, line, (r.x + 14, y), size=14, colour=look.SELECT).bottom + 2
        hits.append(Hit(pygame.Rect(r.x + 4, top, r.w - 8, y - top), "info:score", notes_tip))
    # rows of 20 to 34; closer (and smaller) only when larger text leaves less room, never
    # drawn below the smallest print (then they scroll)
    least = 20 if text_room(20, 15) == 20 else least_step()
    step = max(least, min(34, (r.bottom - 6 - y) // max(1, len(view.heroes) + 1)))
    size = size_for_step(step, 15)
    step = _roomy(step, size)
    heroes = list(view.heroes)
    fit = max(1, (r.bottom - 4 - y) // step)
    if len(heroes) > fit:
        fit = max(1, (r.bottom - 4 - more_h() - y) // step)
    first = window(len(heroes), fit, scroll, "heroes")
    if len(heroes) > fit:
        _more(surface, r, first, min(fit, len(heroes) - first), len(heroes))
    for h in heroes[first : first + fit]:
        team = view.team_of[h]
        # the team's colour all round, the seat's in the middle (as on the figure)
        draw.circle(surface, look.TEAM_RGB[team], (r.x + 18, y + step // 2 - 2), 8)
        draw.circle(surface, seat_rgb(view.seat_of[h]), (r.x + 18, y + step // 2 - 2), 4)
        where = "" if view.pos[h] is not None or not view.hero_id else hero_away(view, h)
        label = f"{view.hero_name(h)} · {names[view.seat_of[h]]}{where}"
        text, shown = fit_text(label, r.w - 150, size)
        draw_text(surface, text, (r.x + 32, y + step // 2 - 2), size=shown, anchor="midleft")
        stats = f"L{view.level[h]}  {view.coins[h]}c"
        box = draw_text(surface, stats, (r.right - 12, y + step // 2 - 2), size=size, kind="bold",
                        colour=look.SELECT, anchor="midright")  # fmt: skip
        ult = ""
        if view.ult[h]:
            figures.ultimate_badge(surface, (box.x - 12, y + step // 2 - 2), 8)
            ult = f" Ultimate taken: {view.hero_def(h).ultimate.name}."
        hits.append(Hit(pygame.Rect(r.x + 4, y, r.w - 8, step - 2), f"info:{h}",
                     f"{view.hero_def(h).styled(view.hero_name(h))}: level {view.level[h]}, "
                     f"{view.coins[h]} coins, items {', '.join(view.items[h]) or 'none'}.{ult}"))  # fmt: skip
        y += step
