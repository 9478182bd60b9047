"""The monsters module: Medusa Unleashed, The Harpies' Lair, Between Scylla and Charybdis.

Chosen with the multi-choice option ``monsters`` (``none`` or any of ``medusa,harpies,scylla``).
The monsters act in a new subphase, *Monsters Act*, after every misfortune of the round is drawn
and resolved; with several monsters on the board the starting player chooses their order.

The base frames of the turn machine (:mod:`game.rising.frames`) call the small hooks below (each
guarded by ``if st.monsters``); when imported, this package registers them and its own frames
through the machine's registration API (:func:`~game.rising.frames.register_frame`,
:func:`~game.rising.frames.register_monster_hooks`). :mod:`game.rising.state` imports it, so
every game (and every loaded save) has them. Every monster rule lives in ``medusa.py``,
``harpies.py`` and ``scylla.py``; ``docs/monsters.md`` has the rules in words.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple

from game.core.protocol import Decision
from game.rising import frames
from game.rising.island import CAP, NUM_SPOTS, NUM_TILES, SECTIONS, SPOT_IDS, tile_name
from game.rising.monsters import common as cm
from game.rising.monsters import harpies, medusa, scylla
from game.rising.monsters.common import ITEM_INDEX, ITEMS, SCENARIO_INDEX, SCENARIOS

if TYPE_CHECKING:
    from game.core.protocol import Action
    from game.rising.state import RisingState

CHOICES: tuple[str, ...] = ("none", *SCENARIOS)
_ACT = {"medusa": ("medusa",), "harpies": ("harpies",), "scylla": ("sea",)}
MONSTER_NAMES = {
    "medusa": "Medusa",
    "harpies": "the Harpies",
    "scylla": "Scylla and Charybdis",
}


def parse(raw: str) -> tuple[str, ...]:
    """The option value as scenario keys in a fixed order (``"none"`` -> no monsters)."""
    keys = {k.strip() for k in raw.split(",") if k.strip() and k.strip() != "none"}
    bad = keys - set(SCENARIOS)
    if bad:
        raise ValueError(f"unknown monster {sorted(bad)[0]!r} (choose from {', '.join(CHOICES)})")
    return tuple(k for k in SCENARIOS if k in keys)


def init_fields(st: RisingState) -> None:
    """Monster state every game carries (empty without monsters), so clone/fingerprint agree."""
    n = st.n
    st.monsters = ()
    st.petr = [[] for _ in range(NUM_SPOTS)]
    st.medusa = -1
    st.harpies = -1
    st.scylla = False
    st.charybdis = -1
    st.captives = []
    st.items = [-1, -1, -1]
    st.allies = [-1, -1, -1]
    st.vol_pool = [0] * n
    st.vol_active = [0] * n
    st.stone_lost = [0] * n  # own-colour Atlanteans sunk as stone: out of the game for good
    st.grey_lost = 0  # grey Atlanteans sunk as stone: never back in the grey supply


def setup(st: RisingState, raw: str) -> None:
    st.monsters = parse(raw)
    if "medusa" in st.monsters:
        medusa.setup(st)
    if "harpies" in st.monsters:
        harpies.setup(st)
    if "scylla" in st.monsters:
        scylla.setup(st)


# ---------------------------------------------------------------------------------------------
# hooks called by the base frames / state.py
def round_start(st: RisingState) -> None:
    """Volunteers won last round join the coming placement; the Sea Guardians man the Navy."""
    for p in range(st.n):
        if st.vol_pool[p]:
            st.vol_active[p] += st.vol_pool[p]
            st.vol_pool[p] = 0
    if st.allies[cm.SCYLLA] >= 0:
        st.navy_bonus += scylla.GUARDIANS


def end_round(st: RisingState) -> None:
    """Volunteers who worked this round go back to the unlimited supply."""
    for p in range(st.n):
        k = min(st.vol_active[p], st.home[p])
        if k:
            st.home[p] -= k
            st.emit(
                "volunteers_left",
                lambda st=st, p=p, k=k: (
                    f"{st.sentence_name(p)}'s {k} volunteer(s) go back to their homes.",
                    {"player": p, "amount": k},
                ),
            )
        st.vol_active[p] = 0


def on_place(st: RisingState, p: int, t: int) -> None:
    medusa.on_place(st, p, t)


def on_flooded(st: RisingState, t: int) -> None:
    """A tile sank: its stone figures are gone for good; monsters standing there move inward.

    The rulebook removes petrified Atlanteans on a flooding tile from the game, so a
    councilor's piece never comes back to be recruited; volunteers are unlimited and simply go
    back to their supply.
    """
    stone = st.petr[t]
    if stone:
        for q in stone:
            if q >= 0:
                cm.remove_from_game(st, q)
        st.emit(
            "petrified_removed",
            lambda st=st, t=t, stone=stone: (
                (
                    f"The stone figures at {tile_name(t)} sink with the tile: "
                    f"{cm.piece_names(st, stone)} are gone for good."
                ),
                {"spot": SPOT_IDS[t], "pieces": list(stone)},
            ),
        )
        st.petr[t] = []
    medusa.on_flooded(st, t)
    harpies.on_flooded(st, t)


def city_success(st: RisingState, p: int, n: int) -> bool:
    return medusa.city_success(st, p, n)


def library_bonus(st: RisingState, p: int) -> int:
    return harpies.library_bonus(st, p)


def free_actions(st: RisingState, p: int) -> list[Action]:
    return medusa.free_actions(st, p)


def do_free(st: RisingState, a: Action) -> None:
    medusa.do_free(st, a.player, a)


def build_actions(st: RisingState, p: int) -> list[Action]:
    return [frames.act(p, "build_item", ("item", ITEMS[i].key)) for i in cm.item_options(st, p)]


def do_build_item(st: RisingState, a: Action) -> None:
    cm.build_item(st, a.player, ITEM_INDEX[a["item"]])


def place_warning(st: RisingState) -> str:
    return medusa.place_warning(st)


def pool_done(st: RisingState, purpose: str, target: Any, success: bool) -> None:
    if purpose == "charybdis":
        scylla.pool_done(st, target, success)


POOL_TEXT = {"charybdis": "calm Charybdis's whirlpool"}


def capacity_used(st: RisingState, t: int) -> int:
    """Rings of island tile ``t`` taken by active and petrified pieces."""
    return len(st.occ[t]) + len(st.petr[t])


# ---------------------------------------------------------------------------------------------
# the Monsters Act subphase
def monsters_act(st: RisingState, f: tuple) -> None:
    keys = cm.alive_keys(st)
    if not keys:
        return
    st.emit(
        "monsters_act",
        lambda keys=keys: (
            "The monsters act: " + ", ".join(MONSTER_NAMES[k] for k in keys) + ".",
            {"phase": "monsters", "monsters": list(keys)},
        ),
    )
    if len(keys) == 1:
        st.push(_ACT[keys[0]])
    else:
        st.push(("morder", st.start, tuple(keys)))


def ready_order(st: RisingState, f: tuple) -> bool:
    left = tuple(k for k in f[2] if cm.alive(st, SCENARIO_INDEX[k]))
    if len(left) >= 2:
        if left != f[2]:
            st.stack[-1] = ("morder", f[1], left)
        return True
    st.stack.pop()
    if left:
        st.push(_ACT[left[0]])
    return False


def legal_order(st: RisingState, f: tuple, p: int) -> list[Action]:
    return [frames.act(p, "choose", ("monster", k)) for k in f[2]]


def do_order(st: RisingState, f: tuple, a: Action) -> None:
    key = a["monster"]
    rest = tuple(k for k in f[2] if k != key)
    st.stack.pop()
    st.push(("morder", f[1], rest))  # drops itself (or hands over) when one is left
    st.emit(
        "monster_chosen",
        lambda st=st, key=key, f=f: (
            f"{st.sentence_name(f[1])} lets {MONSTER_NAMES[key]} act next.",
            {"player": f[1], "monster": key},
        ),
    )
    st.push(_ACT[key])


# ---------------------------------------------------------------------------------------------
# decisions
def _dec(p: int, kind: str, prompt: str, **data: Any) -> Decision:
    return Decision((p,), kind, prompt, data)


def decide(st: RisingState, f: tuple) -> Decision:
    k = f[0]
    if k == "morder":
        return _dec(
            f[1], "monster_order", "Several monsters are on the prowl: choose which acts next.",
            monsters=list(f[2]),
        )  # fmt: skip
    if k == "gaze":
        p = f[1]
        shield = st.items[cm.MEDUSA] == p
        extra = (
            " You hold the Mirror Shield: drawing her gaze breaks her curse."
            if shield
            else " She then turns every active Atlantean there to stone."
        )
        return _dec(
            p, "medusa_gaze",
            f"Medusa is about to move from {tile_name(st.medusa)}. Draw her gaze to the tile of "
            f"one of your Atlanteans, or pass and let the dice send her.{extra}",
            medusa=SPOT_IDS[st.medusa], shield=shield,
        )  # fmt: skip
    if k == "mally":
        _, p, n = f
        return _dec(
            p, "medusa_ally",
            f"Your city succeeded with Medusa's help: take {2 * n} followers or {4 * n} "
            "volunteers (volunteers work next round, then leave).",
            followers=2 * n, volunteers=4 * n,
        )  # fmt: skip
    if k == "hlure":
        p = f[1]
        return _dec(
            p, "harpies_lure",
            f"The Harpies roost at {tile_name(st.harpies)} and are about to fly. Spend "
            f"{harpies.LURE_COST} mystic energy to lure them to a spot of your choice, "
            + ("drive them off with the Bronze Rattle, " if harpies.can_confront(st, p) else "")
            + "or pass.",
            roost=SPOT_IDS[st.harpies], cost=harpies.LURE_COST,
            can_confront=harpies.can_confront(st, p),
        )  # fmt: skip
    if k == "htribute":
        _, p, n = f
        return _dec(
            p, "harpies_tribute",
            f"The Harpies rob you at {tile_name(st.harpies)}: give up a resource or a knowledge "
            f"card ({n} to go).",
            spot=SPOT_IDS[st.harpies], remaining=n,
        )  # fmt: skip
    if k == "sea_confront":
        return _dec(
            f[1], "sea_confront",
            "Your crew wears the Helm of Passage: sail between Scylla and Charybdis and end "
            "them both now?",
        )  # fmt: skip
    _, p, t = f
    return _dec(
        p, "charybdis",
        f"Charybdis reaches for {tile_name(t)}. Let it sink, or gather {scylla.CALM_COST} mystic "
        "energy to calm the whirlpool?",
        tile=SPOT_IDS[t], section=SECTIONS[t // 6], cost=scylla.CALM_COST,
    )  # fmt: skip


def explain(st: RisingState, a: Action) -> str | None:
    """A clear refusal for a monster action (``None``: not a monster matter)."""
    if a.kind == "build_item":
        key = a.get("item")
        if key not in ITEM_INDEX:
            return f"there is no magic item called {key!r} ({', '.join(ITEM_INDEX)})"
        i = ITEM_INDEX[key]
        it = ITEMS[i]
        if not cm.alive(st, it.monster):
            return f"the {it.name} is only made while its monster is on the board"
        if st.items[i] >= 0:
            return f"the {it.name} is already built"
        if st.built_turn[a.player]:
            return "you have already built this turn (a magic item is your one build)"
        return (
            f"the {it.name} costs {cm.cost_text(st, i)} this round; you have "
            f"{st.res[a.player][it.resource]}"
        )
    if a.kind == "choose" and a.get("monster") is not None:
        return f"{a.get('monster')!r} is not a monster still waiting to act"
    for mod in (medusa, harpies, scylla):
        msg = mod.explain(st, a)
        if msg:
            return msg
    return None


def describe(st: RisingState) -> dict[str, Any]:
    """Everything a scene needs to draw the monsters (plain data, public ids)."""
    return {
        "monsters": list(st.monsters),
        "medusa": SPOT_IDS[st.medusa] if st.medusa >= 0 else None,
        "harpies": SPOT_IDS[st.harpies] if st.harpies >= 0 else None,
        "scylla": st.scylla,
        "charybdis": SECTIONS[st.charybdis] if st.charybdis >= 0 else None,
        "captives": list(st.captives),
        "petrified": {SPOT_IDS[t]: list(p) for t, p in enumerate(st.petr) if p},
        "rings_blocked": {SPOT_IDS[t]: len(st.petr[t]) for t in range(NUM_TILES) if st.petr[t]},
        "free_rings": {
            SPOT_IDS[t]: max(0, CAP[t] - capacity_used(st, t))
            for t in range(NUM_TILES)
            if st.petr[t]
        },
        "items": {it.key: st.items[i] for i, it in enumerate(ITEMS)},
        "item_costs": {it.key: cm.item_cost(st, i) for i, it in enumerate(ITEMS)},
        "allies": {SCENARIOS[i]: st.allies[i] for i in range(3)},
        "wrath": cm.wrath(st),
        "volunteers": {"pool": list(st.vol_pool), "active": list(st.vol_active)},
    }


# ---------------------------------------------------------------------------------------------
# registration with the turn machine (game.rising.state imports this package, so a game always
# has the monsters' frames and hooks, whether or not it plays with monsters)
def _ready_true(st: RisingState, f: tuple) -> bool:
    return True


#: automatic frames of the Monsters Act subphase
AUTO_FRAMES: dict[str, Callable[[RisingState, tuple], None]] = {
    "monsters": monsters_act,
    "medusa": medusa.act,
    "medusa_move": medusa.move,
    "harpies": harpies.act,
    "harpies_fly": harpies.fly,
    "sea": scylla.act,
    "sea_strike": scylla.strike,
    "charybdis": scylla.spin,
}


class _Frame(NamedTuple):
    ready: Callable[[RisingState, tuple], bool]
    legal: Callable[[RisingState, tuple, int], list[Action]]
    handle: Callable[[RisingState, tuple, Action], None]
    actions: tuple[str, ...]  # the action kinds it offers
    decision: str  # its Decision.kind


#: decision frames, each asked through :func:`decide`
DECISION_FRAMES: dict[str, _Frame] = {
    "morder": _Frame(ready_order, legal_order, do_order, ("choose",), "monster_order"),
    "gaze": _Frame(
        medusa.ready_gaze, medusa.legal_gaze, medusa.do_gaze, ("draw_gaze", "pass"), "medusa_gaze"
    ),
    "mally": _Frame(_ready_true, medusa.legal_ally, medusa.do_ally, ("choose",), "medusa_ally"),
    "hlure": _Frame(
        harpies.ready_lure,
        harpies.legal_lure,
        harpies.do_lure,
        ("lure", "confront", "pass"),
        "harpies_lure",
    ),
    "htribute": _Frame(
        harpies.ready_tribute,
        harpies.legal_tribute,
        harpies.do_tribute,
        ("give_up",),
        "harpies_tribute",
    ),
    "sea_confront": _Frame(
        _ready_true,
        scylla.legal_confront,
        scylla.do_confront,
        ("confront", "pass"),
        "sea_confront",
    ),
    "charyb": _Frame(
        _ready_true, scylla.legal_charyb, scylla.do_charyb, ("accept", "calm"), "charybdis"
    ),
}
DECISION_KINDS: tuple[str, ...] = tuple(fr.decision for fr in DECISION_FRAMES.values())
#: actions the monsters add to base decisions (offered only with monsters in play)
EXTRA_ACTIONS: dict[str, tuple[str, ...]] = {"prod": ("free",), "build": ("build_item",)}


def _register() -> None:
    for kind, auto in AUTO_FRAMES.items():
        frames.register_frame(kind, auto=auto)
    for kind, fr in DECISION_FRAMES.items():
        frames.register_frame(
            kind, ready=fr.ready, legal=fr.legal, handle=fr.handle, decide=decide,
            actions=fr.actions, decisions=(fr.decision,),
        )  # fmt: skip
    for kind, extra in EXTRA_ACTIONS.items():
        frames.add_frame_actions(kind, extra)
    frames.register_monster_hooks(sys.modules[__name__])  # type: ignore[arg-type]


_register()

__all__ = ["CHOICES", "DECISION_KINDS", "describe", "init_fields", "parse", "setup"]
