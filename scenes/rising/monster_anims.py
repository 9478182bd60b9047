"""What the monsters module's events animate: moves slide, stone spreads, defeats get a banner.

Builders as in :mod:`scenes.rising.event_anims` (``builder(board, event) -> [Anim]``); its
table takes :data:`ANIMATIONS` from here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from game.core.protocol import Event
from game.rising.island import SECTIONS, SPOT_INDEX
from scenes.palette import GOLD
from scenes.rising import animations as anims
from scenes.rising import island_view as iv
from scenes.rising import monsters_view as mv
from scenes.rising.look import GOOD, WARN, marker
from scenes.rising.panels import NAVY

if TYPE_CHECKING:
    from scenes.rising.board import RisingBoard

Builder = Callable[["RisingBoard", Event], list[anims.Anim]]

#: monster events shown as a banner across the island (colour by whether it is good news)
MONSTER_BANNERS = {
    "curse_broken": GOOD,
    "harpies_defeated": GOOD,
    "scylla_defeated": GOOD,
    "shield_built": GOLD,
    "rattle_built": GOLD,
    "helm_built": GOLD,
    "charybdis_calmed": GOOD,
    "charybdis_swallowed": WARN,
    "harpies_raid": WARN,
    "medusa_ally": GOOD,
}
#: what a monster that found nothing to do (or was held off) floats as
IDLE_WORDS = {
    "medusa_idle": "nothing to petrify",
    "harpies_idle": "nothing to take",
    "shield_protects": "the Shield holds",
    "harpies_chased": "chased home",
}


def paint_token(monster: str) -> Any:
    """A painter for a monster's token (the sprite the island shows), for a sliding move."""
    sprite = {
        "medusa": mv.medusa_sprite,
        "harpies": mv.harpies_sprite,
        "charybdis": lambda: mv.whirl_frame(3),
    }[monster]

    def paint(surface: pygame.Surface, pos: tuple[int, int]) -> None:
        img = sprite()
        surface.blit(img, img.get_rect(center=pos))

    return paint


def monsters_act(b: RisingBoard, e: Event) -> list[anims.Anim]:
    return [anims.Banner(1.0, message="The monsters act", colour=WARN, size=26)]


def monster_chosen(b: RisingBoard, e: Event) -> list[anims.Anim]:
    return [anims.Banner(0.8, blocking=False, message=e.text, size=18, top=True)]


def monster_moved(b: RisingBoard, e: Event) -> list[anims.Anim]:
    """Medusa or the Harpies slide to their new spot, with the dice that sent them."""
    d = e.data
    who = "medusa" if e.kind == "medusa_moved" else "harpies"
    src, dst = d.get("from"), d.get("to", d.get("at"))
    if not (isinstance(src, str) and isinstance(dst, str)):
        return []
    roll = d.get("roll")
    dice: tuple[int, ...] = ()
    caption = ""
    if isinstance(roll, list | tuple):
        dice = tuple(int(v) for v in roll if v)
        caption = "section, tile" if len(dice) == 2 else "section die"
    elif isinstance(roll, int) and roll:
        dice = (roll,)
        caption = "section die"
    if d.get("rerolls"):
        caption += f" ({len(d['rerolls'])} rerolled)"
    return [
        anims.Slide(
            1.5 if dice else 1.0,
            monster=who,
            start=mv.token_pos(who, src),
            end=mv.token_pos(who, dst),
            paint=paint_token(who),
            dice=dice,
            caption=caption,
        )
    ]


def charybdis_moved(b: RisingBoard, e: Event) -> list[anims.Anim]:
    d = e.data
    src, dst = d.get("from"), d.get("to")
    if not isinstance(dst, str):
        return []
    end = mv.whirl_pos(dst, b.view.flooded)
    start = mv.whirl_pos(src, b.view.flooded) if isinstance(src, str) else end
    hunger = int(d.get("hunger", 1))
    return [
        anims.Slide(
            1.6,
            monster="charybdis",
            start=start,
            end=end,
            paint=paint_token("charybdis"),
            dice=(int(d.get("roll", 1)), hunger),
            caption="section, hunger" + (" - it feeds!" if hunger >= 5 else ""),
            hop=0,
        )
    ]


def petrified(b: RisingBoard, e: Event) -> list[anims.Anim]:
    d = e.data
    spot = str(d.get("spot", ""))
    pieces = [int(q) for q in d.get("pieces", [])]
    if spot not in SPOT_INDEX:
        return []
    stone = (b.monsters or {}).get("petrified", {}).get(spot, [])
    t = SPOT_INDEX[spot]
    active = len(b.view.occ[t]) if t < len(b.view.occ) else 0
    slots = mv.stone_slots(spot, active, len(stone))[-len(pieces) :] if pieces else []
    colours = [b.styles[q].rgb if 0 <= q < len(b.styles) else (200, 200, 190)
               for q in pieces]  # fmt: skip
    x, y = iv.spot_center(spot)
    return [
        anims.Petrify(
            1.0, points=slots, colours=colours, centre=(int(x), int(y)), spot=spot,
            pieces=len(slots),
        ),
        anims.Float(
            1.4, blocking=False, message="turned to stone", pos=(int(x), int(y) - 36),
            colour=(200, 200, 190),
        ),
    ]  # fmt: skip


def freed(b: RisingBoard, e: Event) -> list[anims.Anim]:
    x, y = iv.spot_center(str(e.data.get("spot", "centre")))
    return [
        anims.Petrify(0.6, centre=(int(x), int(y)), flash=GOLD),
        anims.Float(1.2, blocking=False, message="freed!", pos=(int(x), int(y) - 34)),
    ]


def idle(b: RisingBoard, e: Event) -> list[anims.Anim]:
    spot = str(e.data.get("spot", "centre"))
    x, y = iv.spot_center(spot) if spot in SPOT_INDEX else iv.CENTRE
    word = IDLE_WORDS[e.kind]
    return [anims.Float(1.3, blocking=False, message=word, pos=(int(x), int(y) - 36))]


def harpies_stole(b: RisingBoard, e: Event) -> list[anims.Anim]:
    p = int(e.data.get("player", -1))
    if not 0 <= p < len(b.names):
        return []
    what = e.data.get("resource") or "a card"
    x, y = b.seat_anchor(p)
    return [anims.Float(1.2, blocking=False, message=f"-1 {what}", pos=(x - 60, y), colour=WARN)]


def scylla_struck(b: RisingBoard, e: Event) -> list[anims.Anim]:
    d = e.data
    taken = [int(q) for q in d.get("taken", [])]
    roll = int(d.get("roll", 1))
    out: list[anims.Anim] = [
        anims.Dice(
            0.8,
            pos=(mv.SCYLLA_POS[0] - 60, mv.SCYLLA_POS[1] + 10),
            value=roll,
            caption="snatch!" if taken else "miss",
            good=not taken,
            size=28,
            seed=len(b.session.record.actions),
        )
    ]
    if taken:
        cb = b.app.settings.colourblind
        moves, paints = [], []
        for i, q in enumerate(taken):
            style = b.styles[q] if 0 <= q < len(b.styles) else None

            def paint(surface: pygame.Surface, pos: tuple[int, int], style=style) -> None:
                if style is None:
                    surface.blit(mv.stone_piece(None), pos)
                else:
                    marker(surface, style, pos, 7, cb)

            moves.append(((NAVY.x + 20 + 15 * i, NAVY.y + 41), mv.captive_pos(i)))
            paints.append(paint)
        out.append(anims.Carry(0.8, moves=moves, paints=paints))
    return out


def followers(b: RisingBoard, e: Event) -> list[anims.Anim]:
    """Medusa's allies: followers or volunteers float up by the seat that won them."""
    p = int(e.data.get("player", -1))
    if not 0 <= p < len(b.names):
        return []
    x, y = b.seat_anchor(p)
    n = e.data.get("amount", "")
    what = f"+{n} followers" if e.data.get("reward") == "followers" else f"+{n} volunteers"
    return [anims.Float(1.2, blocking=False, message=what, pos=(x - 60, y), colour=GOOD)]


def swallowed(b: RisingBoard, e: Event) -> list[anims.Anim]:
    """Charybdis takes a tile: it sinks into the whirlpool."""
    t = SPOT_INDEX.get(str(e.data.get("tile")), -1)
    sec = str(e.data.get("section", ""))
    if 0 <= t < 36 and sec in SECTIONS:
        end = mv.whirl_pos(sec, b.view.flooded)
        return [anims.Sink(1.0, tile=t, start=iv.tile_center(t), end=end)]
    return []


def banner(b: RisingBoard, e: Event) -> list[anims.Anim]:
    size = 22 if e.kind in ("curse_broken", "harpies_defeated", "scylla_defeated") else 18
    return [anims.Banner(1.4 if size == 22 else 1.0, message=e.text,
                         colour=MONSTER_BANNERS[e.kind], size=size)]  # fmt: skip


_MAIN: dict[str, Builder] = {
    "monsters_act": monsters_act,
    "monster_chosen": monster_chosen,
    "medusa_moved": monster_moved,
    "harpies_moved": monster_moved,
    "harpies_lured": monster_moved,
    "charybdis_moved": charybdis_moved,
    "petrified": petrified,
    "freed": freed,
    **dict.fromkeys(IDLE_WORDS, idle),
    "harpies_stole": harpies_stole,
    "scylla_struck": scylla_struck,
    "volunteers_gained": followers,
    "medusa_ally": followers,
    "charybdis_swallowed": swallowed,
}
#: event kind -> its builders, in order (an event with a banner shows it after its own motion)
ANIMATIONS: dict[str, tuple[Builder, ...]] = {
    k: tuple(x for x in (_MAIN.get(k), banner if k in MONSTER_BANNERS else None) if x)
    for k in {**_MAIN, **MONSTER_BANNERS}
}
