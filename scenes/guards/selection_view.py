"""Hero selection: a portrait for every hero (drawn by our code), its role, difficulty and a
preview of its five starting cards; the same screen serves plain picks, Draft and Limited
(bans first), and Captain's mode, where the tiles are the players with the hero each was dealt.

A click on a tile previews it; the button under the preview confirms the pick, ban or recruit.
Selection decisions are public, so this screen is the same for everyone.
"""

from __future__ import annotations

import pygame

from game.core.protocol import Action
from game.guards import selection
from game.guards.cards import card, hero_file_problems, heroes
from scenes import draw
from scenes.assets import font, scaled, text_room
from scenes.board_base import Hit
from scenes.guards import figures, look
from scenes.guards.blocks import Block, draw_blocks, space
from scenes.guards.blocks import line as text_block
from scenes.guards.hand_view import fit_lines
from scenes.guards.look import draw_text, fit_text, wrap
from scenes.ui import draw_panel

GRID = pygame.Rect(8, 46, 700, 470)
PREVIEW = pygame.Rect(716, 46, 556, 470)
#: our words for each hero's part in the team and how hard it is to play well (1-3)
ROLES = {
    "arien": ("Tactician: slows, teleports and shoves", 2),
    "brogan": ("Tank: the thickest hide, a heavy swing", 1),
    "dodger": ("Caster: long range, clears minions", 2),
    "wukhanu": ("Duo: two half-strength apes, one player", 3),
    "wuk": ("Ape: half of the duo", 3),
    "hanu": ("Ape: half of the duo", 3),
    "ignatia": ("Zone control: magma tokens", 3),
    "wasp": ("Bruiser: fast, aggressive, hard to stop", 1),
    "min": ("Trapper: mines and tricks", 3),
    "swift": ("Sniper: extreme range, no basic attack", 2),
    "tigerclaw": ("Thief: steals coins and dodges", 2),
    "sabina": ("Commander: strong beside minions", 2),
}


def tile_name(surface: pygame.Surface, rect: pygame.Rect, name: str, icon: int) -> int:
    """A tile's name beside its portrait, over the stars, as designed; under the portrait,
    across the tile (in two lines if need be), when larger text leaves it no room there.
    Returns the y under what it drew."""
    room = rect.w - icon - 24
    shown, s = fit_text(name, room, 16, "bold")
    if shown == name and scaled(s) <= 20:  # clear of the stars under it
        draw_text(surface, shown, (rect.x + icon + 18, rect.y + 10), size=s, kind="bold")
        return rect.y + icon + 14
    y = rect.y + icon + 16
    for line in wrap(name, rect.w - 16, 11, "bold", max_lines=0):
        y = draw_text(surface, line, (rect.x + 8, y), size=11, kind="bold").bottom
    return y + 2


def unit_hero(u: str) -> str:
    return "wuk" if u == selection.DUO else u


def tiles(view, kind: str) -> list[tuple[str, str]]:
    """(key, unit) of every tile: heroes for pick/ban, players for recruit."""
    if kind == "recruit":
        out = []
        for s in range(view.n):
            u = view.dealt[s]
            if u == "hanu":
                continue
            out.append((f"seat:{s}", selection.DUO if u == "wuk" else u))
        return out
    return [(f"unit:{u}", u) for u in view.pool]


def tile_rects(n: int, top: int = GRID.y + 44) -> list[pygame.Rect]:
    """Where ``n`` tiles go in the grid, from ``top`` (under the panel's title, lower when
    larger text makes the title taller)."""
    cols = 4 if n <= 12 else 5
    w = (GRID.w - 16 - 8 * (cols - 1)) // cols
    rows = (n + cols - 1) // cols
    h = min(140, (GRID.bottom - 8 - top - 8 * (rows - 1)) // max(1, rows))
    return [pygame.Rect(GRID.x + 8 + (i % cols) * (w + 8), top + (i // cols) * (h + 8), w, h)
            for i in range(n)]  # fmt: skip


def action_for(legal: list[Action], kind: str, key: str) -> Action | None:
    for a in legal:
        if kind == "recruit" and a.kind == "recruit" and key == f"seat:{a['seat']}":
            return a
        if kind in ("pick", "ban") and a.kind == kind and key == f"unit:{a['hero']}":
            return a
    return None


def status(view, u: str, key: str) -> str:
    """What a tile says under its name: taken by whom, banned, or nothing."""
    if u in view.bans:
        return "banned"
    if key.startswith("seat:"):
        s = int(key[5:])
        team = view.seat_team[s]
        return view.player_name(s) + ("" if team < 0 else f" · {view.team_name(team)}")
    for s, p in enumerate(view.picks):
        if p == u or (u == selection.DUO and p in ("wuk", "hanu", selection.DUO)):
            return f"{view.player_name(s)} · {view.team_name(view.seat_team[s])}"
    return ""


def draw_selection(
    surface: pygame.Surface,
    view,
    kind: str,
    legal: list[Action],
    preview: str,
    hits: list,
    clock: float,
    who: str,
    scroll: dict[str, int] | None = None,
) -> None:
    """The tiles to choose from and the preview of the one clicked (``scroll``: how far the
    wheel moved the preview)."""
    mode = {
        "pick": "Hero selection",
        "draft": "Draft",
        "limited": "Limited",
        "captains": "Captain's mode",
    }
    below = draw_panel(surface, GRID, f"{mode.get(view.mode, 'Hero selection')}: {who}")
    entries = tiles(view, kind)
    rects = tile_rects(len(entries), max(GRID.y + 44, below + 6))
    for (key, u), rect in zip(entries, rects, strict=False):
        ok = action_for(legal, kind, key) is not None
        sel = key == preview
        draw.rect(surface, (22, 44, 62) if ok else (16, 26, 34), rect, border_radius=10)
        draw.rect(surface, look.SELECT if sel else (70, 90, 100) if ok else (40, 50, 56), rect,
                  3 if sel else 1, border_radius=10)  # fmt: skip
        hid = unit_hero(u)
        team = -1
        taken = status(view, u, key)
        for s, p in enumerate(view.picks):
            if p is not None and unit_hero(p) == hid and view.seat_team[s] >= 0:
                team = view.seat_team[s]
        size = min(rect.h * 0.22, 26)
        # in its own colour until a team takes it, then in that team's
        figures.hero(surface, (rect.x + size + 10, rect.y + size + 12), size, hero_id=hid,
                     name=selection.unit_name(u), team=max(team, 0), seat_rgb=(220, 220, 220),
                     level=1, coins=0, own=team < 0)  # fmt: skip
        role, diff = ROLES.get(u, ("", 2))
        for k in range(3):  # difficulty: filled stars out of three
            colour = look.SELECT if k < diff else (70, 80, 86)
            figures._emblem(
                surface, "star", (rect.x + int(size * 2) + 26 + k * 18, rect.y + 40), 14, colour
            )
        stars = pygame.Rect(rect.x + int(size * 2) + 16, rect.y + 30, 58, 20)
        y = tile_name(surface, rect, selection.unit_name(u), int(size * 2))
        # the role, whole or not at all (the preview shows it too)
        step = font(13).get_linesize()
        lines = wrap(role, rect.w - 16, 13, max_lines=0)
        if y + step * len(lines) <= rect.bottom - (step + 2 if taken else 2):
            for line in lines:
                draw_text(surface, line, (rect.x + 8, y), size=13, colour=look.DIM)
                y += step
        if taken:
            t, s = fit_text(taken, rect.w - 16, 13, "bold")
            draw_text(surface, t, (rect.x + 8, rect.bottom - 3), size=s, kind="bold", anchor="bottomleft",
                      colour=look.BAD if taken == "banned" else look.TEXT)  # fmt: skip
        # no tooltip on the tile: it would only repeat the role written on it and cover the
        # tiles below (a click shows everything in the preview); the stars say what they mean
        hits.append(Hit(rect, f"tile:{key}", ""))
        hits.append(Hit(stars, f"tile:{key}", difficulty_words(diff)))
    draw_preview(surface, view, kind, legal, preview, hits, scroll)


#: what the stars on a hero's tile mean, by their number
DIFFICULTY = {
    1: "straightforward: a good first hero",
    2: "a few tricks to learn",
    3: "demanding: rewards planning ahead",
}


def difficulty_words(stars: int) -> str:
    """The stars on a hero's tile, in words (their tooltip and the preview's line)."""
    return f"Difficulty {stars} of 3 stars: {DIFFICULTY.get(stars, '')}."


def _cards_block(hero, width: int) -> Block:  # noqa: ANN001
    """The hero's five starting cards side by side: the name (on two lines if need be) and
    every value at the chosen text size; the cards grow taller with the text."""
    from game.guards.cards import COLOURS

    start = hero.starting()
    cw = (width - 4 * 6) // 5
    cards = [card(start[col]) for col in COLOURS]
    band = max(20, font(15, "bold").get_linesize())
    names = [fit_lines(c.name, cw - 6, 13, least=11) for c in cards]
    name_h = max(len(lines) * font(sz, "bold").get_linesize() for lines, sz in names)
    stat_h = font(13, "bold").get_linesize()
    rows = max(sum(getattr(c, n) is not None for n, _ in STATS) for c in cards)
    h = max(150, band + 4 + name_h + 4 + rows * stat_h + 6)

    def draw_cards(surface: pygame.Surface, x: int, y: int, hits: list) -> None:
        for i, (col, c) in enumerate(zip(COLOURS, cards, strict=True)):
            rect = pygame.Rect(x + i * (cw + 6), y, cw, h - 8)
            draw.rect(surface, look.CARD_FACE, rect, border_radius=6)
            draw.rect(surface, look.SLOT_RGB[col], pygame.Rect(rect.x, rect.y, rect.w, band),
                      border_top_left_radius=6, border_top_right_radius=6)  # fmt: skip
            if c.initiative is not None:
                draw_text(surface, str(c.initiative), (rect.x + 5, rect.y + band // 2), size=15,
                          kind="bold", colour=(255, 240, 200), anchor="midleft")  # fmt: skip
            yy = rect.y + band + 4
            lines, sz = names[i]
            for line in lines:
                yy = draw_text(surface, line, (rect.centerx, yy), size=sz, kind="bold",
                               colour=(24, 20, 16), anchor="midtop").bottom  # fmt: skip
            yy = max(yy, rect.y + band + 4 + name_h) + 4
            for name, short in STATS:
                v = getattr(c, name)
                if v is not None:
                    draw_text(surface, f"{short} {v}", (rect.x + 5, yy), size=13, kind="bold",
                              colour=(24, 20, 16))  # fmt: skip
                    yy += stat_h
            hits.append(Hit(rect, f"info:card:{c.id}", f"{c.name}: {c.text}"))

    return Block(h, draw_cards)


#: a card's values as the preview lists them
STATS = (("attack", "ATK"), ("defense", "DEF"), ("move", "MOV"), ("range", "RNG"),
         ("radius", "RAD"))  # fmt: skip


def draw_preview(
    surface: pygame.Surface, view, kind: str, legal: list[Action], preview: str, hits: list,
    scroll: dict[str, int] | None = None,
) -> None:  # fmt: skip
    """The previewed hero: name, role, difficulty, its five starting cards and its story,
    scrolled by the wheel when larger text makes them taller than the panel; the button under
    them picks (bans, recruits) it."""
    scroll = {} if scroll is None else scroll
    draw_panel(surface, PREVIEW, "Preview")
    entries = dict(tiles(view, kind))
    u = entries.get(preview)
    if u is None:
        draw_text(surface, "Click a hero to see its cards.", (PREVIEW.x + 20, PREVIEW.y + 50),
                  size=16, colour=look.DIM)  # fmt: skip
        y = PREVIEW.y + 50 + text_room(30, 16)
        for problem in hero_file_problems():  # a damaged hero file: that hero is left out
            for line in wrap(f"Left out, as its file is damaged: {problem}", PREVIEW.w - 40, 14,
                             max_lines=3):  # fmt: skip
                draw_text(surface, line, (PREVIEW.x + 20, y), size=14, colour=look.DIM)
                y += text_room(18, 14)
        return
    hid = unit_hero(u)
    hero = heroes()[hid]
    role, diff = ROLES.get(u, ("", 2))
    width = PREVIEW.w - 40
    title, s = fit_text(hero.styled(selection.unit_name(u)), width, 19, "bold")
    blocks = [text_block(title, s, "bold"), *(text_block(x, 15, "bold", look.SELECT) for x in
              wrap(role, width, 15, "bold", max_lines=0))]  # fmt: skip
    blocks += [text_block(x, 14, colour=look.DIM) for x in wrap(difficulty_words(diff), width, 14,
                                                            max_lines=0)]  # fmt: skip
    blocks += [space(8), _cards_block(hero, width), space(8)]
    blocks += [text_block(x, 14, colour=look.DIM) for x in wrap(hero.blurb, width, 14, max_lines=0)]
    btn = pygame.Rect(PREVIEW.x + 20, PREVIEW.bottom - 64, PREVIEW.w - 40, 44)
    room = pygame.Rect(PREVIEW.x + 20, PREVIEW.y + 44, width, btn.y - 6 - PREVIEW.y - 44)
    draw_blocks(surface, blocks, room, hits, scroll, "preview")
    a = action_for(legal, kind, preview)
    label = {"pick": "Pick", "ban": "Ban", "recruit": "Recruit"}[kind]
    name = selection.unit_name(u) if kind != "recruit" else view.player_name(int(preview[5:]))
    enabled = a is not None
    draw.rect(surface, (40, 90, 60) if enabled else (40, 44, 48), btn, border_radius=10)
    draw.rect(surface, look.SELECT if enabled else (70, 70, 70), btn, 2, border_radius=10)
    text, s = fit_text(f"{label} {name}" if enabled else f"{name} cannot be chosen now",
                       btn.w - 20, 18, "bold")  # fmt: skip
    draw_text(surface, text, btn.center, size=s, kind="bold", anchor="center",
              colour=look.TEXT if enabled else look.DIM)  # fmt: skip
    hits.append(Hit(btn, "btn:select", ""))
