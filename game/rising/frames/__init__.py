"""The frames of the Atlantis Rising turn machine: one :class:`Frame` record per kind.

A frame on ``st.stack`` is a small tuple (``p`` = a seat, ``t`` = a spot index); its first item
names its record in :data:`FRAMES`. The driver is :mod:`game.rising.turns`, the refusals of
illegal moves :mod:`game.rising.legal`. The base frames, by family:

* :mod:`~game.rising.frames.rounds`: ``("round",)``, ``("phase", name)``, ``("end_round",)``
* :mod:`~game.rising.frames.placement`: ``("start", p)``, ``("place", p, late)``
* :mod:`~game.rising.frames.misfortune`: ``("draw", p)``, ``("mwin", p)``,
  ``("mchoice", p, what, n)``
* :mod:`~game.rising.frames.flooding`: ``("flood_resp", p, t, s)``, ``("destroy", t)``,
  ``("destroy_finish", t)``
* :mod:`~game.rising.frames.pool`: ``("pool", purpose, target, need, queue, paid)``
* :mod:`~game.rising.frames.production`: ``("act", p, t, remove)``, ``("auto_prod", p)``,
  ``("prod", p)``, ``("boost", p, t, roll, target)``, ``("prod_end",)``
* :mod:`~game.rising.frames.attack`: ``("attack",)``, ``("atk_resolve",)``,
  ``("atk_tiles", p, n)``, ``("atk_end",)``
* :mod:`~game.rising.frames.cards`: ``("window", name, queue)``, ``("keep", p, drawn, k)``,
  ``("discard", p)``, ``("barrier", p, n)``, ``("unflip", p, n)``, ``("talent", p)``,
  ``("give", p, n)``
* :mod:`~game.rising.frames.building`: ``("build", p)``

A rules module adds frames of its own with :func:`register_frame` (and answers the hooks the
base frames call with :func:`register_monster_hooks`); nothing else writes :data:`FRAMES`.
"""

from __future__ import annotations

from game.rising.frames import (
    attack,
    building,
    cards,
    flooding,
    misfortune,
    placement,
    pool,
    production,
    rounds,
)
from game.rising.frames.attack import navy_strength
from game.rising.frames.common import (
    CANCEL_COST,
    CONVERT_COST,
    RES_INDEX,
    UNFLIP_COST,
    act,
    lose,
    win,
)
from game.rising.frames.flooding import basic_flood
from game.rising.frames.hooks import MonsterHooks, register_monster_hooks
from game.rising.frames.placement import start_options
from game.rising.frames.pool import pool_room
from game.rising.frames.production import prod_spots
from game.rising.frames.registry import (
    FRAME_ACTIONS,
    FRAMES,
    Frame,
    add,
    add_frame_actions,
    decision_kinds,
    register_frame,
    unregister_frame,
)

#: the base frames in the order a turn first meets them (decision_kinds() lists in this order)
BASE_FRAMES: tuple[Frame, ...] = (
    rounds.ROUND,
    rounds.PHASE,
    placement.START,
    placement.PLACE,
    misfortune.DRAW,
    flooding.FLOOD_RESP,
    flooding.DESTROY,
    flooding.DESTROY_FINISH,
    pool.POOL,
    misfortune.MCHOICE,
    misfortune.MWIN,
    cards.WINDOW,
    production.AUTO_PROD,
    production.PROD,
    production.ACT,
    production.BOOST,
    cards.KEEP,
    cards.DISCARD,
    production.PROD_END,
    attack.ATTACK,
    attack.ATK_RESOLVE,
    attack.ATK_TILES,
    attack.ATK_END,
    cards.BARRIER,
    cards.UNFLIP,
    cards.TALENT,
    cards.GIVE,
    building.BUILD,
    rounds.END_ROUND,
)
for _frame in BASE_FRAMES:
    add(_frame)
del _frame

__all__ = [
    "BASE_FRAMES",
    "CANCEL_COST",
    "CONVERT_COST",
    "FRAMES",
    "FRAME_ACTIONS",
    "RES_INDEX",
    "UNFLIP_COST",
    "Frame",
    "MonsterHooks",
    "act",
    "add_frame_actions",
    "basic_flood",
    "decision_kinds",
    "lose",
    "navy_strength",
    "pool_room",
    "prod_spots",
    "register_frame",
    "register_monster_hooks",
    "start_options",
    "unregister_frame",
    "win",
]
