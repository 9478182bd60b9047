"""What each Atlantis Rising event animates: a table of event kind -> animation builders.

A builder turns one event into the animations it shows (``builder(board, event) -> [Anim]``),
reading only what the board shows (names, seat styles, the view). :data:`ANIMATIONS` lists the
builders of every kind, base game first and then the monsters (:mod:`scenes.rising.monster_anims`);
an event kind that is not in it animates nothing (its sound, if any, still plays). The board
gives the event's sound to the first animation, so it plays when that animation starts.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.core.protocol import Event
from game.rising.components import COMPONENT_INDEX
from game.rising.island import SPOT_INDEX
from game.rising.knowledge import KNOWLEDGE, KNOWLEDGE_INDEX
from game.rising.misfortunes import MISFORTUNES
from scenes.palette import GOLD, SeatStyle
from scenes.rising import animations as anims
from scenes.rising import island_view as iv
from scenes.rising import monster_anims as ma
from scenes.rising.look import BARRIER, GOOD, WARN, marker
from scenes.rising.panels import BLUEPRINT, NAVY, PHASE_NAMES, Panels

if TYPE_CHECKING:
    from scenes.rising.board import RisingBoard

Builder = Callable[["RisingBoard", Event], list[anims.Anim]]


# ---------------------------------------------------------------------------------------------
# the base game
def round_started(b: RisingBoard, e: Event) -> list[anims.Anim]:
    return [anims.Banner(1.0, message=f"Turn {e.data.get('round', '')}", size=30)]


def phase_started(b: RisingBoard, e: Event) -> list[anims.Anim]:
    text = PHASE_NAMES.get(str(e.data.get("phase")), e.text)
    return [anims.Banner(1.3, blocking=False, message=text, size=20, top=True)]


def misfortune_drawn(b: RisingBoard, e: Event) -> list[anims.Anim]:
    d = e.data
    m = next((x for x in MISFORTUNES if x.key == d.get("card")), None)
    p = d.get("player", -1)
    return [
        anims.Card(
            1.7,
            title=m.name if m else str(d.get("card")),
            body=m.text if m else e.text,
            drawer=b.names[p] if 0 <= p < len(b.names) else "",
        )
    ]


def tile_flipped(b: RisingBoard, e: Event) -> list[anims.Anim]:
    """A tile sinks (``tile_flooded``) or comes back up (``tile_restored``)."""
    t = SPOT_INDEX.get(str(e.data.get("tile")), -1)
    if 0 <= t < 36:
        return [anims.Flip(0.9, tile=t, sinking=e.kind == "tile_flooded")]
    return []


def die_rolled(b: RisingBoard, e: Event) -> list[anims.Anim]:
    d = e.data
    if d.get("die") == "attack":
        return [
            anims.Dice(
                1.0,
                pos=(iv.CENTRE[0], iv.CENTRE[1] - 120),
                value=int(d.get("value", 1)),
                caption=f"{d.get('value')} + {d.get('galley')} = {d.get('total')}",
                size=40,
                seed=len(b.session.record.actions),
            )
        ]
    x, y = iv.spot_center(str(d.get("tile", "centre")))
    v, target = int(d.get("value", 1)), int(d.get("target", 7))
    return [
        anims.Dice(
            0.8,
            pos=(int(x), int(y) - 44),
            value=v,
            caption=f"needs {target}",
            good=v >= target,
            seed=len(b.session.record.actions) * 7 + v,
        )
    ]


def die_boosted(b: RisingBoard, e: Event) -> list[anims.Anim]:
    x, y = iv.spot_center(str(e.data.get("tile", "centre")))
    return [
        anims.Float(
            1.0,
            blocking=False,
            message=f"boosted to {e.data.get('value')}",
            pos=(int(x), int(y) - 30),
            colour=GOOD,
        )
    ]


def attack_resolved(b: RisingBoard, e: Event) -> list[anims.Anim]:
    bad = int(e.data.get("tiles", 0)) > 0
    return [anims.Banner(1.6, message=e.text, colour=WARN if bad else GOOD)]


def flood_cancelled(b: RisingBoard, e: Event) -> list[anims.Anim]:
    return [anims.Banner(1.1, message=e.text, colour=GOOD, size=20)]


def game_over(b: RisingBoard, e: Event) -> list[anims.Anim]:
    won = e.kind == "game_won"
    return [anims.Banner(2.4, message=e.text, colour=GOOD if won else WARN, size=26)]


def component_built(b: RisingBoard, e: Event) -> list[anims.Anim]:
    out: list[anims.Anim] = []
    ci = COMPONENT_INDEX.get(str(e.data.get("component")))
    if ci is not None and ci in b.view.blueprint:
        slot = b.view.blueprint.index(ci)
        # a row scrolled out of sight (large text): the whole blueprint glows
        row = Panels.blueprint_row(slot) if Panels.blueprint_row_shown(slot) else BLUEPRINT.copy()
        out.append(anims.Glow(1.6, blocking=False, rect=row))
    out.append(anims.Banner(1.2, message=e.text, colour=GOLD, size=20))
    return out


def atlantean_placed(b: RisingBoard, e: Event) -> list[anims.Anim]:
    p = int(e.data.get("player", 0))
    at = str(e.data.get("at"))
    end = NAVY.center if at == "navy" else iv.spot_center(at)
    style = b.styles[p] if 0 <= p < len(b.styles) else b.styles[0]
    cb = b.app.settings.colourblind

    def paint(surface: pygame.Surface, pos: tuple[int, int], style: SeatStyle = style) -> None:
        marker(surface, style, pos, 7, cb)

    return [anims.Fly(0.35, blocking=False, start=b.seat_anchor(p), end=end, paint=paint)]


#: what a seat's gain floats as, by event kind
GAIN_TEXT: dict[str, Callable[[dict], str]] = {
    "resource_gained": lambda d: f"+{d.get('amount')} {d.get('resource')}",
    "energy_gained": lambda d: f"+{d.get('amount')} energy",
    "courage_awarded": lambda d: "+1 courage",
    "atlantean_gained": lambda d: f"+{d.get('amount')} Atlantean",
    "transmuted": lambda d: f"+{d.get('atlantium')} atlantium",
}


def gained(b: RisingBoard, e: Event) -> list[anims.Anim]:
    p = int(e.data.get("player", -1))
    if not 0 <= p < len(b.names):
        return []
    x, y = b.seat_anchor(p)
    what = GAIN_TEXT[e.kind](e.data)
    return [anims.Float(1.1, blocking=False, message=what, pos=(x - 60, y), colour=GOLD)]


BARRIER_WORDS = {
    "barrier_placed": "barrier",
    "barrier_used": "barrier holds",
    "barrier_lost": "barrier lost",
}


def barrier(b: RisingBoard, e: Event) -> list[anims.Anim]:
    x, y = iv.spot_center(str(e.data.get("tile", "centre")))
    word = BARRIER_WORDS[e.kind]
    return [
        anims.Float(1.2, blocking=False, message=word, pos=(int(x), int(y) - 30), colour=BARRIER)
    ]


def card_played(b: RisingBoard, e: Event) -> list[anims.Anim]:
    d = e.data
    p = int(d.get("player", -1))
    if not 0 <= p < len(b.names):
        return []
    name = (
        KNOWLEDGE[KNOWLEDGE_INDEX[d["card"]]].name if d.get("card") in KNOWLEDGE_INDEX else "a card"
    )
    return [anims.Banner(1.0, message=f"{b.names[p]} plays {name}", size=20)]


def undone(b: RisingBoard, e: Event) -> list[anims.Anim]:
    """A move taken back: whatever was still playing finishes at once, nothing new starts."""
    b.anim.skip()
    return []


# ---------------------------------------------------------------------------------------------
# the table
BASE_ANIMATIONS: dict[str, tuple[Builder, ...]] = {
    "round_started": (round_started,),
    "phase_started": (phase_started,),
    "misfortune_drawn": (misfortune_drawn,),
    "tile_flooded": (tile_flipped,),
    "tile_restored": (tile_flipped,),
    "die_rolled": (die_rolled,),
    "die_boosted": (die_boosted,),
    "attack_resolved": (attack_resolved,),
    "flood_cancelled": (flood_cancelled,),
    "game_won": (game_over,),
    "game_lost": (game_over,),
    "component_built": (component_built,),
    "atlantean_placed": (atlantean_placed,),
    **dict.fromkeys(GAIN_TEXT, (gained,)),
    **dict.fromkeys(BARRIER_WORDS, (barrier,)),
    "card_played": (card_played,),
    "undo": (undone,),
}
#: every event kind's builders: the base game's and the monsters' (no kind in both)
ANIMATIONS: dict[str, tuple[Builder, ...]] = {**BASE_ANIMATIONS, **ma.ANIMATIONS}


def animations_for(board: RisingBoard, e: Event) -> list[anims.Anim]:
    """The animations ``e`` shows on ``board``, in the order they were listed."""
    out: list[anims.Anim] = []
    for build in ANIMATIONS.get(e.kind, ()):
        out += build(board, e)
    return out
