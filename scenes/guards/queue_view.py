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
from scenes.assets import scaled, text_room
from scenes.board_base import Hit
from scenes.guards import look
from scenes.guards.look import draw_text, fit_text
from scenes.text import size_for_step
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


def draw_queue(surface: pygame.Surface, view, names: list[str], seat_rgb, hits: list) -> None:
    r = look.QUEUE
    if view.phase == "play":
        y = max(r.y + 40, draw_panel(surface, r, f"Turn {view.turn}: cards face down"))
        # rows of 20 as designed, closer (and smaller) when larger text leaves less room
        step = text_room(20, 15)
        if step != 20:  # larger text: rows closer (and smaller) before any is left out
            step = min(step, max(14, (r.bottom - 2 - y) // max(1, len(view.heroes))))
        size = size_for_step(step, 15)
        step = _roomy(step, size)
        for h in view.heroes:
            if y + step > r.bottom - 2:
                break
            playing = view.pos[h] is not None and view.hand[h]
            if not playing:
                state = "off the board" if view.pos[h] is None else "no cards"
            else:
                state = "card played" if view.commit[h] is not None else "choosing…"
            draw.circle(surface, look.TEAM_RGB[view.team_of[h]], (r.x + 16, y + step * 9 // 20), 7)
            text, shown = fit_text(f"{view.hero_name(h)} — {state}", r.w - 40, size)
            draw_text(surface, text, (r.x + 30, y), size=shown,
                      colour=look.OK if view.commit[h] is not None else look.TEXT)  # fmt: skip
            y += step
        return
    if view.phase != "resolve":
        y = max(r.y + 44, draw_panel(surface, r, "Initiative") + 4)
        draw_text(surface, "No cards in play now.", (r.x + 14, y), size=15, colour=look.DIM)
        return
    y = max(r.y + 38, draw_panel(surface, r, f"Turn {view.turn}: revealed, by initiative") - 2)
    rows = order(view)
    resolving = view.prog["h"] if view.prog is not None else None
    step = max(18, min(30, (r.bottom - 6 - y) // max(1, len(rows))))
    size = size_for_step(step, 15)
    step = _roomy(step, size)
    from game.guards.cards import card as card_of

    for h in rows:
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
        if y > r.bottom - step:
            break


def hero_away(view, h: int) -> str:
    """Why a hero is off the board: defeated (``back`` is the round it returns in) or not yet
    entered at the start, which the panel once also called "defeated"."""
    return " (defeated)" if view.back[h] else " (not on the board yet)"


def draw_heroes(surface: pygame.Surface, view, names: list[str], seat_rgb, hits: list) -> None:
    """Every hero: team, player, level, coins, and where it is; the towers and token on top."""
    r = look.HEROES
    y = max(r.y + 38, draw_panel(surface, r, "Heroes") - 2)
    # rows of 20 to 34; closer (and smaller) only when larger text leaves less room
    least = 20 if text_room(20, 15) == 20 else 14  # as designed: never under 20
    step = max(least, min(34, (r.bottom - 6 - y) // max(1, len(view.heroes) + 1)))
    size = size_for_step(step, 15)
    step = _roomy(step, size)
    for h in view.heroes:
        if y + step > r.bottom - 4 and text_room(20, 15) != 20:
            break  # larger text than the panel holds: the rows that fit (tooltips have all)
        team = view.team_of[h]
        draw.circle(surface, look.TEAM_RGB[team], (r.x + 18, y + step // 2 - 2), 8)
        draw.circle(surface, seat_rgb(view.seat_of[h]), (r.x + 18, y + step // 2 - 2), 8, 2)
        where = "" if view.pos[h] is not None or not view.hero_id else hero_away(view, h)
        label = f"{view.hero_name(h)} · {names[view.seat_of[h]]}{where}"
        text, shown = fit_text(label, r.w - 150, size)
        draw_text(surface, text, (r.x + 32, y + step // 2 - 2), size=shown, anchor="midleft")
        stats = f"L{view.level[h]}  {view.coins[h]}c"
        draw_text(surface, stats, (r.right - 12, y + step // 2 - 2), size=size, kind="bold",
                  colour=look.SELECT, anchor="midright")  # fmt: skip
        hits.append(Hit(pygame.Rect(r.x + 4, y, r.w - 8, step - 2), f"info:{h}",
                     f"{view.hero_def(h).styled(view.hero_name(h))}: level {view.level[h]}, "
                     f"{view.coins[h]} coins, items {', '.join(view.items[h]) or 'none'}."))  # fmt: skip
        y += step
