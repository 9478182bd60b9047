"""The monsters on the board: Medusa, the Harpies, Scylla's rock and Charybdis's whirlpool.

All art is drawn here with pygame primitives and cached: a sprite is painted once, and a frame
only blits it (the whirlpool turns through a small set of pre-rendered angles). Positions are
derived from the island geometry in :mod:`scenes.rising.island_view`, so tokens sit on the tile
artwork beside the rings and never take a ring. The rules texts for the tooltips are ours.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import pygame

from game.rising.island import CAP, NUM_TILES, SECTIONS, SPOT_INDEX, spot_name, tip_tile
from game.rising.monsters import common as cm
from game.rising.monsters import harpies as hp
from game.rising.monsters import scylla as sc
from scenes import canvas, draw
from scenes.assets import font, on_text_sizing_change, text_room
from scenes.palette import DANGER, GOLD, INK, PARCHMENT, SeatStyle
from scenes.rising import island_view as iv
from scenes.rising.look import DIM_INK, GOOD, WARN, blit_text, hex_points, marker, panel, wrap

STONE = (138, 138, 132)
STONE_VOL = (184, 182, 172)
STONE_EDGE = (70, 70, 66)
MEDUSA_GREEN = (96, 206, 120)
HARPY_PURPLE = (178, 120, 220)
SEA_RED = DANGER
#: where Scylla's rock stands (the sea beside the Navy panel) and the monsters panel
SCYLLA_POS = (920, 96)
SCYLLA_RECT = pygame.Rect(856, 48, 124, 110)
STATUS_RECT = pygame.Rect(266, 132, 162, 158)
NAMES = {"medusa": "Medusa", "harpies": "The Harpies", "scylla": "Scylla & Charybdis"}
ITEM_SHORT = {"mirror_shield": "Shield", "bronze_rattle": "Rattle", "passage_helm": "Helm"}
ITEM_MONSTER = {it.key: cm.SCENARIOS[it.monster] for it in cm.ITEMS}

_CACHE: dict[object, pygame.Surface] = {}


on_text_sizing_change(_CACHE.clear)  # painted text is at the old size


def _cached(key: object, paint: Any) -> pygame.Surface:
    got = _CACHE.get(key)
    if got is None:
        got = _CACHE[key] = paint()
    return got


# --- sprites ----------------------------------------------------------------------------------
def medusa_sprite() -> pygame.Surface:
    """A round token: a pale green face under a crown of snakes, eyes aglow."""

    def paint() -> pygame.Surface:
        s = canvas.surface((44, 44), pygame.SRCALPHA)
        c = (22, 24)
        draw.circle(s, (18, 46, 30), c, 17)
        draw.circle(s, MEDUSA_GREEN, c, 17, 2)
        # snakes: wavy strands fanning out above the face, each with a small head
        for i in range(7):
            a = math.radians(200 + i * 23.3)
            pts = []
            for k in range(7):
                r = 6 + k * 2.2
                wob = math.sin(k * 1.6 + i) * 0.22
                pts.append((c[0] + r * math.cos(a + wob), c[1] - 2 + r * math.sin(a + wob)))
            draw.lines(s, (70, 170, 84), False, pts, 3)
            hx, hy = pts[-1]
            draw.circle(s, (120, 220, 110), (int(hx), int(hy)), 3)
            draw.circle(s, INK, (int(hx), int(hy)), 3, 1)
        draw.circle(s, (186, 214, 170), (c[0], c[1] + 3), 8)
        draw.circle(s, (60, 90, 60), (c[0], c[1] + 3), 8, 1)
        for dx in (-3, 3):
            draw.circle(s, (250, 250, 120), (c[0] + dx, c[1] + 1), 2)
        draw.line(s, (90, 60, 60), (c[0] - 2, c[1] + 7), (c[0] + 2, c[1] + 7), 1)
        return s

    return _cached("medusa", paint)


def harpies_sprite() -> pygame.Surface:
    """A dark token with three winged birds in flight."""

    def paint() -> pygame.Surface:
        s = canvas.surface((44, 40), pygame.SRCALPHA)
        draw.ellipse(s, (38, 22, 52), (2, 4, 40, 32))
        draw.ellipse(s, HARPY_PURPLE, (2, 4, 40, 32), 2)
        for x, y, w in ((14, 16, 9), (29, 14, 8), (22, 26, 10)):
            left = [(x - w, y - 4), (x - w // 2, y - 1), (x, y + 2)]
            right = [(x, y + 2), (x + w // 2, y - 1), (x + w, y - 4)]
            draw.lines(s, (236, 214, 250), False, left, 3)
            draw.lines(s, (236, 214, 250), False, right, 3)
            draw.circle(s, (250, 200, 90), (x, y + 3), 2)
        return s

    return _cached("harpies", paint)


def scylla_sprite() -> pygame.Surface:
    """A jagged rock with six serpent necks rising from it."""

    def paint() -> pygame.Surface:
        s = canvas.surface((92, 78), pygame.SRCALPHA)
        rock = [(6, 76), (14, 56), (28, 48), (44, 52), (58, 44), (74, 52), (86, 76)]
        draw.polygon(s, (74, 70, 66), rock)
        draw.polygon(s, (140, 132, 120), rock, 2)
        draw.line(s, (110, 104, 96), (30, 58), (40, 72), 2)
        draw.line(s, (110, 104, 96), (62, 56), (56, 70), 2)
        for i in range(6):
            base = (22 + i * 10, 54 - (i % 2) * 4)
            top = (8 + i * 15, 8 + (i % 3) * 7)
            mid = ((base[0] + top[0]) / 2 + (8 if i % 2 else -8), (base[1] + top[1]) / 2)
            pts = []
            for k in range(9):
                u = k / 8
                x = (1 - u) ** 2 * base[0] + 2 * (1 - u) * u * mid[0] + u**2 * top[0]
                y = (1 - u) ** 2 * base[1] + 2 * (1 - u) * u * mid[1] + u**2 * top[1]
                pts.append((x, y))
            draw.lines(s, (40, 96, 88), False, pts, 5)
            draw.lines(s, (86, 168, 150), False, pts, 2)
            hx, hy = top
            jaw = [(hx - 5, hy + 1), (hx + 6, hy - 2), (hx + 6, hy + 4)]
            draw.polygon(s, (86, 168, 150), jaw)
            draw.circle(s, (250, 90, 60), (int(hx), int(hy)), 2)
        return canvas.smoothscale(s, (110, 93))

    return _cached("scylla", paint)


WHIRL_STEPS = 24


def whirl_frame(step: int) -> pygame.Surface:
    """Charybdis's whirlpool turned to one of ``WHIRL_STEPS`` angles."""

    def paint() -> pygame.Surface:
        size = 60
        s = canvas.surface((size, size), pygame.SRCALPHA)
        c = size / 2
        draw.circle(s, (4, 24, 44, 200), (int(c), int(c)), 27)
        base = step / WHIRL_STEPS * math.tau
        for arm in range(3):
            pts = []
            for k in range(26):
                u = k / 25
                r = 4 + 22 * u
                a = base + arm * math.tau / 3 + u * 4.2
                pts.append((c + r * math.cos(a), c + r * math.sin(a)))
            draw.lines(s, (150, 210, 230, 230), False, pts, 2)
        draw.circle(s, (1, 8, 18), (int(c), int(c)), 5)
        draw.circle(s, (200, 236, 240, 160), (int(c), int(c)), 27, 1)
        return s

    return _cached(("whirl", step % WHIRL_STEPS), paint)


def glow_sprite() -> pygame.Surface:
    """A soft green halo around a hex (Medusa's tile)."""

    def paint() -> pygame.Surface:
        r = iv.HEX_R + 12
        s = canvas.surface((r * 2, r * 2), pygame.SRCALPHA)
        for k in range(12, 0, -2):
            a = int(110 * (1 - k / 12) + 20)
            draw.polygon(s, (*MEDUSA_GREEN, a), hex_points(r, r, iv.HEX_R + k), 3)
        return s

    return _cached("glow", paint)


def stone_piece(owner: tuple[int, int, int] | None, radius: int = 6) -> pygame.Surface:
    """A petrified figure: a stone disc with a crack; a councilor's keeps a rim of its colour."""

    def paint() -> pygame.Surface:
        d = radius * 2 + 4
        s = canvas.surface((d, d), pygame.SRCALPHA)
        c = (d // 2, d // 2)
        if owner is None:
            # a neutral volunteer: a pale stone pawn with a dark outline
            draw.circle(s, STONE_VOL, c, radius)
            draw.circle(s, STONE_EDGE, c, radius, 1)
            draw.circle(s, (140, 138, 130), c, max(1, radius // 3))
        else:
            draw.circle(s, owner, c, radius + 1)
            draw.circle(s, STONE, c, radius - 1)
        crack = [
            (c[0] - radius // 2, c[1] - radius + 2),
            (c[0], c[1] - 1),
            (c[0] - 1, c[1] + 1),
            (c[0] + radius // 2, c[1] + radius - 2),
        ]
        draw.lines(s, (50, 50, 48), False, crack, 1)
        return s

    return _cached(("stone", owner, radius), paint)


# --- where things are ---------------------------------------------------------------------------
#: half a monster token's drawn size (the sprites are 44 px), and a pixel to spare
TOKEN_HALF = 23


def token_pos(monster: str, spot: str) -> tuple[int, int]:
    """Where a monster token stands on ``spot`` (on the artwork, never on a ring)."""
    x, y = iv.spot_center(spot)
    if spot == "centre":
        dx = 36 if monster == "medusa" else -36
        return int(x + dx), int(y - 34)
    s = SECTIONS.index(spot.partition("-")[0])
    a = math.radians(iv.ANGLES[s])
    out = (math.cos(a), math.sin(a))
    # beside the tile, on the side away from the section's name; Medusa nearer the tip
    _, anchor = iv.label_pos(s)
    away = {"midleft": (-1.0, 0.0), "midright": (1.0, 0.0)}.get(anchor, (0.0, -1.0))
    n = (-out[1], out[0])
    if n[0] * away[0] + n[1] * away[1] < 0:
        n = (-n[0], -n[1])
    along = 9 if monster == "medusa" else -13
    side = iv.HEX_R + 6
    px, py = x + n[0] * side + out[0] * along, y + n[1] * side + out[1] * along
    # a token is never cut by the island's edge (Medusa beside the Mountains' or Hills' tip
    # would reach under the top bar)
    box = iv.REGION.inflate(-2 * TOKEN_HALF, -2 * TOKEN_HALF)
    return int(min(max(px, box.left), box.right)), int(min(max(py, box.top), box.bottom))


def whirl_pos(section: str, flooded: Sequence[int]) -> tuple[int, int]:
    """Beside the tip of ``section`` (the tile Charybdis threatens), out in open water."""
    s = SECTIONS.index(section)
    t = tip_tile(list(flooded), s)
    if t is None:
        t = s * 6 + 5
    x, y = iv.tile_center(t)
    a = math.radians(iv.ANGLES[s])
    labels = []
    for k in range(6):
        (lx, ly), anchor = iv.label_pos(k)
        labels.append((lx + {"midleft": 24, "midright": -24}.get(anchor, 0), ly))
    standing = [iv.tile_center(k) for k in range(NUM_TILES) if k % 6 >= flooded[k // 6]]
    room = pygame.Rect(iv.REGION.x + 30, iv.REGION.y + 30, iv.REGION.width - 60, 520)
    best = None
    tries = [(0.0, 66), (90.0, 54), (-90.0, 54), (45.0, 62), (-45.0, 62)]
    tries += [(float(d), r) for r in (60, 76) for d in range(30, 360, 30)]
    for ang, dist in tries:
        b = a + math.radians(ang)
        p = (x + dist * math.cos(b), y + dist * math.sin(b))
        if not room.collidepoint(p):
            continue
        if best is None:
            best = p
        clear = all(
            (p[0] - tx) ** 2 + (p[1] - ty) ** 2 > (iv.HEX_R + 20) ** 2 for tx, ty in standing
        )
        if clear and all((p[0] - lx) ** 2 + (p[1] - ly) ** 2 > 38**2 for lx, ly in labels):
            return int(p[0]), int(p[1])
    p = best or (x, y)
    return int(p[0]), int(p[1])


def captive_pos(i: int) -> tuple[int, int]:
    """The ``i``-th captive on Scylla's rock (a row along its foot)."""
    row, col = divmod(i, 6)
    return SCYLLA_POS[0] - 34 + col * 14, SCYLLA_POS[1] + 32 - row * 13


def stone_slots(spot: str, active: int, stone: int) -> list[tuple[int, int]]:
    """Canvas positions of the stone figures on ``spot`` (after its ``active`` Atlanteans)."""
    x, y = iv.spot_center(spot)
    out = []
    if spot == "centre":
        n = active + stone
        for i in range(active, n):
            ring = 20 if n <= 8 else (24 if i < 12 else 11)
            count = n if n <= 8 else (12 if i < 12 else n - 12)
            k = i if i < 12 or n <= 8 else i - 12
            a = -math.pi / 2 + math.tau * k / max(1, count)
            out.append((int(x + ring * math.cos(a)), int(y + ring * math.sin(a))))
        return out
    t = SPOT_INDEX[spot]
    offs = iv.ring_offsets(CAP[t])
    for i in range(active, active + stone):
        dx, dy = offs[i] if i < len(offs) else (17, -10 - (i - len(offs)) * 8)
        out.append((int(x + dx), int(y + dy)))
    return out


def draw_stones(
    surf: pygame.Surface,
    spot: str,
    active: int,
    owners: Sequence[int],
    styles: Sequence[SeatStyle],
    offset: tuple[int, int] = (0, 0),
) -> None:
    """Paint the stone figures of a spot (the island layer calls this once per change)."""
    for (px, py), q in zip(stone_slots(spot, active, len(owners)), owners, strict=False):
        rgb = styles[q].rgb if 0 <= q < len(styles) else None
        img = stone_piece(rgb)
        surf.blit(img, img.get_rect(center=(px + offset[0], py + offset[1])))


# --- words ----------------------------------------------------------------------------------------
def piece_words(owners: Sequence[int], names: Sequence[str]) -> str:
    vols = sum(1 for q in owners if q < 0)
    parts = [f"{vols} volunteer{'s' if vols != 1 else ''}"] if vols else []
    for q in sorted({q for q in owners if q >= 0}):
        who = names[q] if q < len(names) else f"seat {q + 1}"
        parts.append(f"{owners.count(q)} of {who}'s")
    return ", ".join(parts)


def holder(q: int, names: Sequence[str]) -> str:
    return names[q] if 0 <= q < len(names) else "nobody"


def monster_tip(key: str, mon: dict[str, Any], names: Sequence[str]) -> str:
    """What a monster does, in our words, with who holds its item and ally."""
    items = mon.get("items", {})
    costs = mon.get("item_costs", {})
    wrath = mon.get("wrath", 0)
    allies = mon.get("allies", {})
    if key == "medusa":
        where = mon.get("medusa")
        text = (
            f"Medusa{' stands at ' + _spot(where) if where else ''}. When the monsters act, a "
            "councilor with an Atlantean on the island may draw her gaze to it; otherwise two "
            "dice send her to a random tile. Active Atlanteans where she arrives turn to stone; "
            "an empty tile fills with stone volunteers. Free a stone figure for 1 energy while "
            "your Atlantean stands on its tile."
        )
        item = "mirror_shield"
        ally = "Medusa ally: each follower a city gives becomes 2 followers or 4 volunteers."
    elif key == "harpies":
        where = mon.get("harpies")
        text = (
            f"The Harpies{' roost at ' + _spot(where) if where else ''}. Before they fly, anyone "
            f"may pay {hp.LURE_COST} energy to lure them to a tile. Otherwise a section die sends "
            "them to its busiest tile. Each Atlantean on their roost costs its owner "
            f"{hp.TRIBUTE} resources or cards; an empty roost means the fullest hands lose "
            f"{hp.COUNCIL_RAID} cards."
        )
        item = "bronze_rattle"
        ally = "Harpy messengers: draw and keep one more card at a library."
    elif key == "charybdis":
        sec = mon.get("charybdis")
        return (
            f"Charybdis's whirlpool{' off the ' + str(sec).capitalize() if sec else ''}. Each "
            f"time the monsters act it drifts to a random section; on a hunger die of "
            f"{sc.HUNGER}-6 it drags that section's tip into the deep unless the table pools "
            f"{sc.CALM_COST} energy."
        )
    else:
        caps = len(mon.get("captives", []))
        text = (
            "Scylla on her rock by the Navy. When the monsters act she rolls a die: "
            f"{sc.die_text(1, sc.MISS)} she misses, {sc.die_text(sc.MISS + 1, sc.DOUBLE - 1)} she "
            "snatches one Atlantean from the biggest crew in the Navy, "
            f"{sc.die_text(sc.DOUBLE, 6)} two. "
            f"Captives ({caps} now) wait on her rock until she is defeated."
        )
        item = "passage_helm"
        ally = f"Sea Guardians: the Navy counts {sc.GUARDIANS} more against every attack."
    it = cm.ITEMS[cm.ITEM_INDEX[item]]
    who = items.get(item, -1)
    if who >= 0:
        text += f" {it.name}: held by {holder(who, names)}."
    else:
        text += f" {it.name}: {costs.get(item, '?')} now (Wrath {wrath}). {it.text}"
    ally_holder = allies.get(ITEM_MONSTER[item], -1)
    if ally_holder >= 0:
        text += f" Ally of {holder(ally_holder, names)}."
    return text + f" {ally}"


def wrath_tip(wrath: int) -> str:
    return (
        f"Wrath of the Gods: {wrath}. It is half the turn number, rounded down, at most "
        f"{cm.MAX_WRATH}. Every magic item costs that much less (never below 1), so the "
        "items get cheaper as the gods grow angrier."
    )


def _spot(spot: str | None) -> str:
    if not spot:
        return ""
    return spot_name(spot)


# --- per-frame drawing ------------------------------------------------------------------------
def draw_tokens(
    surface: pygame.Surface,
    mon: dict[str, Any],
    flooded: Sequence[int],
    clock: float,
    styles: Sequence[SeatStyle],
    colourblind: bool,
    moving: dict[str, tuple[int, int] | None],
) -> list[tuple[str, pygame.Rect]]:
    """Medusa, the Harpies, Scylla and the whirlpool; returns (key, rect) for tooltips.

    ``moving`` overrides a monster's position while an animation carries it (``None`` hides it).
    """
    out: list[tuple[str, pygame.Rect]] = []
    pulse = 0.5 + 0.5 * math.sin(clock * 3)
    where = mon.get("medusa")
    if where or "medusa" in moving:
        pos = moving.get("medusa", token_pos("medusa", where) if where else None)
        if where and "medusa" not in moving and where != "centre":
            g = glow_sprite()
            g.set_alpha(int(120 + 120 * pulse))
            x, y = iv.spot_center(where)
            surface.blit(g, g.get_rect(center=(int(x), int(y))))
        if pos is not None:
            img = medusa_sprite()
            r = img.get_rect(center=pos)
            surface.blit(img, r)
            out.append(("monster:medusa", r.inflate(-12, -10)))
    where = mon.get("harpies")
    if where or "harpies" in moving:
        pos = moving.get("harpies", token_pos("harpies", where) if where else None)
        if pos is not None:
            bob = int(2 * math.sin(clock * 5))
            img = harpies_sprite()
            r = img.get_rect(center=(pos[0], pos[1] + bob))
            surface.blit(img, r)
            out.append(("monster:harpies", r.inflate(-10, -8)))
    sec = mon.get("charybdis")
    if sec or "charybdis" in moving:
        pos = moving.get("charybdis", whirl_pos(sec, flooded) if sec else None)
        if pos is not None:
            img = whirl_frame(int(clock * 10))
            r = img.get_rect(center=pos)
            surface.blit(img, r)
            out.append(("monster:charybdis", r.inflate(-14, -14)))
    if mon.get("scylla"):
        img = scylla_sprite()
        r = img.get_rect(center=SCYLLA_POS)
        surface.blit(img, r)
        caps = list(mon.get("captives", []))
        for i, q in enumerate(caps[:16]):
            if 0 <= q < len(styles):
                marker(surface, styles[q], captive_pos(i), 6, colourblind)
        if caps:
            blit_text(
                surface,
                f"{len(caps)} captive{'s' if len(caps) != 1 else ''}",
                (SCYLLA_POS[0], SCYLLA_POS[1] + 46),
                12,
                WARN,
                "bold",
                "midtop",
            )
        out.append(("monster:scylla", SCYLLA_RECT.copy()))
    return out


def status_key(mon: dict[str, Any], names: Sequence[str]) -> tuple:
    return (
        tuple(mon.get("monsters", ())),
        mon.get("medusa"),
        mon.get("harpies"),
        mon.get("scylla"),
        tuple(sorted(mon.get("items", {}).items())),
        tuple(sorted(mon.get("item_costs", {}).items())),
        tuple(sorted(mon.get("allies", {}).items())),
        mon.get("wrath"),
        tuple(names),
    )


def paint_status(
    surf: pygame.Surface,
    mon: dict[str, Any],
    names: Sequence[str],
    styles: Sequence[SeatStyle],
    colourblind: bool,
) -> list[tuple[str, pygame.Rect, str]]:
    """The MONSTERS panel (local coordinates): the Wrath, each monster, its item and its ally."""
    local = surf.get_rect()
    panel(surf, local, alpha=225)
    hits: list[tuple[str, pygame.Rect, str]] = []
    wrath = int(mon.get("wrath", 0))
    w = blit_text(surf, f"Wrath {wrath}", (local.right - 10, 6), 13, WARN, "bold", "topright")
    if font(13, "bold").size("MONSTERS ")[0] < w.x - 10:  # large text: the Wrath alone
        blit_text(surf, "MONSTERS", (10, 6), 13, GOLD, "bold")
    hits.append(("info", w.inflate(8, 6), wrath_tip(wrath)))
    y = text_room(26, 13)
    step, below = _status_rows()
    allies = mon.get("allies", {})
    for key in mon.get("monsters", ()):
        icon = {"medusa": medusa_sprite, "harpies": harpies_sprite}.get(key)
        if icon is not None:
            small = canvas.smoothscale(icon(), (22, 20))
        else:
            small = canvas.smoothscale(scylla_sprite(), (24, 20))
        surf.blit(small, (6, y))
        name = NAMES[key]
        blit_text(surf, name, (32, y), 12, PARCHMENT, "bold", max_width=local.width - 38)
        ally = allies.get(key, -1)
        line, ink = _status_line(key, mon, names)
        # larger text: the line wraps (the row grows: status_height)
        parts = wrap(line, 11, local.width - 38)
        for i, part in enumerate(parts):
            blit_text(surf, part, (32, y + below + i * font(11).get_linesize()), 11, ink,
                      "regular", max_width=local.width - 38)  # fmt: skip
        if ally >= 0 and 0 <= ally < len(styles):
            marker(surf, styles[ally], (local.right - 12, y + 8), 5, colourblind)
        h = _row_height(key, mon, names)
        hits.append((f"status:{key}", pygame.Rect(4, y - 2, local.width - 8, h - 4), ""))
        y += h
    return hits


def _status_line(
    key: str, mon: dict[str, Any], names: Sequence[str]
) -> tuple[str, tuple[int, int, int]]:
    """A monster's second line: who holds its item or what the item costs, or its ally."""
    it = next(i for i in cm.ITEMS if cm.SCENARIOS[i.monster] == key)
    if not mon.get(key):
        return f"defeated · ally: {holder(mon.get('allies', {}).get(key, -1), names)}", GOOD
    q = mon.get("items", {}).get(it.key, -1)
    if q >= 0:
        return f"{ITEM_SHORT[it.key]}: {holder(q, names)}", GOOD
    cost = mon.get("item_costs", {}).get(it.key, "?")
    return f"{ITEM_SHORT[it.key]} costs {cost} {_res(it.resource)}", DIM_INK


def _row_height(key: str, mon: dict[str, Any], names: Sequence[str]) -> int:
    """A monster's row: its name, then its line in as many lines as the panel's width takes."""
    step, below = _status_rows()
    lines = len(wrap(_status_line(key, mon, names)[0], 11, STATUS_RECT.width - 38))
    return max(step, below + lines * font(11).get_linesize() + 2)


def _status_rows() -> tuple[int, int]:
    """A monster's row height and where its second line starts (both grow with the text)."""
    below = text_room(15, 12)
    return max(40, below + font(11).get_height() + 2), below


def _res(r: int) -> str:
    return ("ore", "gold", "crys.", "atl.")[r]


def status_height(mon: dict[str, Any], names: Sequence[str] = ()) -> int:
    """The MONSTERS panel's height: its heading and each monster's row."""
    return text_room(28, 13) + sum(_row_height(k, mon, names) for k in mon.get("monsters", ()))
