"""The turn machine: frames, who decides what, which actions are legal, and what they do.

``st.stack`` holds small tuples. The top frame is either *automatic* (run at once by
:func:`run`; it may push more frames) or a *decision* (it waits for one action). A decision
frame that has nothing to offer is dropped by its ``ready`` check, so a player is only asked
when they really have a choice.

Frames (``p`` = a seat, ``t`` = a spot index):

* automatic: ``("round",)``, ``("phase", name)``, ``("draw", p)``, ``("mwin", p)``,
  ``("act", p, t, remove)``, ``("auto_prod", p)``, ``("prod_end",)``, ``("attack",)``,
  ``("atk_resolve",)``, ``("atk_end",)``, ``("destroy", t)``, ``("destroy_finish", t)``,
  ``("end_round",)``
* decisions: ``("start", p)``, ``("place", p, late)``, ``("flood_resp", p, t, s)``,
  ``("pool", purpose, target, need, queue, paid)``, ``("mchoice", p, what, n)``,
  ``("window", name, queue)``, ``("prod", p)``, ``("boost", p, t, roll, target)``,
  ``("keep", p, drawn, k)``, ``("discard", p)``, ``("atk_tiles", p, n)``,
  ``("barrier", p, n)``, ``("unflip", p, n)``, ``("talent", p)``, ``("give", p, n)``,
  ``("build", p)``

A rules module adds frames of its own with :func:`register_frame` (and the hooks this machine
calls with :func:`register_monster_hooks`); nothing else writes the dispatch tables.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from game.core.protocol import Action, Decision
from game.rising import components as comps
from game.rising import knowledge as know
from game.rising import misfortunes as misf
from game.rising.councilors import ABILITIES, COUNCILOR_INDEX, COUNCILORS
from game.rising.island import (
    ATLANTIUM,
    CENTRE,
    CITIES,
    FORESTS,
    FORGES,
    HILLS,
    LIBRARIES,
    MOUNTAINS,
    NAVY,
    NUM_TILES,
    ORE,
    RESOURCES,
    SECTION_INDEX,
    SECTION_RESOURCE,
    SECTIONS,
    SPOT_IDS,
    SPOT_INDEX,
    VALUE,
    at_tile,
    flood_order,
    tile_name,
    tip_tile,
)
from game.rising.knowledge import HAND_LIMIT, KNOWLEDGE, KNOWLEDGE_INDEX

if TYPE_CHECKING:
    from game.rising.state import RisingState

CANCEL_COST = 3
UNFLIP_COST = 5
CONVERT_COST = 2
RES_INDEX = {r: i for i, r in enumerate(RESOURCES)}
_PRIEST = ABILITIES["priest"]
_CHAMPION = ABILITIES["champion"]

# ---------------------------------------------------------------------------------------------
# cached action objects (legal_actions is called a lot by bots)
_CACHE: dict[tuple, Action] = {}


def act(p: int, kind: str, *pairs: tuple[str, Any]) -> Action:
    """An :class:`Action` with arguments already sorted by key (shared, immutable)."""
    key = (p, kind, pairs)
    a = _CACHE.get(key)
    if a is None:
        a = _CACHE[key] = Action(p, kind, pairs)
    return a


def _name(st: RisingState, p: int) -> str:
    return st.sentence_name(p)


# ---------------------------------------------------------------------------------------------
# the driver
def run(st: RisingState) -> None:
    """Run automatic frames until a real decision waits or the game ends."""
    stack = st.stack
    while st.result is None:
        if not stack:
            stack.append(("round",))
        f = stack[-1]
        auto = _AUTO.get(f[0])
        if auto is not None:
            stack.pop()
            auto(st, f)
            continue
        if _READY[f[0]](st, f):
            return


def decision(st: RisingState) -> Decision | None:
    if st.result is not None or not st.stack:
        return None
    f = st.stack[-1]
    return _DECIDE[f[0]](st, f)


def next_decider(st: RisingState) -> int | None:
    """``decision(st).players[0]`` (None when there is no decision), cheaply for base frames."""
    if st.result is not None or not st.stack:
        return None
    f = st.stack[-1]
    decide = _DECIDE[f[0]]
    if decide is _decide:
        return decider(f)
    return decide(st, f).players[0]


def decider(f: tuple) -> int:
    return f[4][0] if f[0] == "pool" else f[2][0] if f[0] == "window" else f[1]


def legal_actions(st: RisingState, player: int) -> list[Action]:
    if st.result is not None or not st.stack:
        return []
    f = st.stack[-1]
    if decider(f) != player:
        return []
    return _LEGAL[f[0]](st, f, player)


def apply_action(st: RisingState, action: Action) -> None:
    f = st.stack[-1]
    _HANDLE[f[0]](st, f, action)


def lose(st: RisingState, text: str) -> None:
    st.result = "lost"
    st.stack.clear()
    st.phase = "over"
    if st._ev is not None:
        st.emit("game_lost", text)


def win(st: RisingState) -> None:
    st.result = "won"
    st.stack.clear()
    st.phase = "over"
    if st._ev is not None:
        st.emit(
            "game_won",
            "The tenth component locks into place: the cosmic gate opens. Atlantis is saved!",
        )


# ---------------------------------------------------------------------------------------------
# round structure
def _round(st: RisingState, f: tuple) -> None:
    st.round += 1
    st._reset_turn()
    if st.monsters:  # monsters hook: volunteers join, the Sea Guardians man the Navy
        _monsters.round_start(st)
    if st._ev is not None:
        st.emit(
            "round_started",
            f"Turn {st.round} begins; {st.player_name(st.start)} is the starting player.",
            round=st.round, start=st.start,
        )  # fmt: skip
    order = st.order(st.start)
    seq: list[tuple] = [("phase", "start")]
    seq += [("start", p) for p in order]
    seq.append(("phase", "place"))
    seq += [("place", p, False) for p in order]
    seq.append(("phase", "misfortune"))
    for p in order:
        seq += [("draw", p), ("mwin", p)]
    if st.monsters:  # monsters hook: the Monsters Act subphase closes Suffer Misfortunes
        seq.append(("monsters",))
    seq.append(("phase", "late"))
    seq += [("place", p, True) for p in order]
    seq.append(("phase", "production"))
    seq += [("auto_prod" if st.fast else "prod", p) for p in order]
    seq += [("prod_end",), ("attack",), ("phase", "build")]
    seq += [("build", p) for p in order]
    seq.append(("end_round",))
    st.stack.extend(reversed(seq))


PHASE_TEXT = {
    "start": "Start of turn: abilities, knowledge cards and mystic energy.",
    "place": "Place Atlanteans.",
    "misfortune": "Draw misfortunes.",
    "late": "Late placement.",
    "production": "Productive actions.",
    "build": "Build components.",
}


def _phase(st: RisingState, f: tuple) -> None:
    st.phase = f[1]
    if f[1] != "late" or any(st.held):
        if st._ev is not None:
            st.emit("phase_started", PHASE_TEXT[f[1]], phase=f[1])


def _end_round(st: RisingState, f: tuple) -> None:
    if st.monsters:  # monsters hook: this round's volunteers leave
        _monsters.end_round(st)
    st.start = (st.start + 1) % st.n
    if st._ev is not None:
        st.emit(
            "starting_player",
            f"The starting player marker passes to {st.player_name(st.start)}.",
            start=st.start,
        )


# ---------------------------------------------------------------------------------------------
# misfortunes
def _draw(st: RisingState, f: tuple) -> None:
    p = f[1]
    if not st.mdeck:
        st.reshuffle_misfortunes()
    card = st.mdeck.pop()
    m = misf.MISFORTUNES[card]
    st.mdiscard.append(card)
    if st._ev is not None:
        st.emit(
            "misfortune_drawn",
            f"{_name(st, p)} draws a misfortune: {m.name}.",
            player=p, card=m.key, text=m.text,
        )  # fmt: skip
    misf.resolve(st, p, card)


def _mwin(st: RisingState, f: tuple) -> None:
    st.push(("window", "react", tuple(st.order(f[1]))))


def basic_flood(st: RisingState, p: int, s: int) -> None:
    """A basic Flood card of section ``s`` drawn by ``p``: barrier, energy, or the sea."""
    t = tip_tile(st.flooded, s)
    if t is None:
        if st._ev is not None:
            st.emit(
                "section_gone",
                f"The {SECTIONS[s]} are already under water: two other tiles must go instead.",
                section=SECTIONS[s],
            )
        if st.total_energy() >= CANCEL_COST:
            st.push(("flood_resp", p, -1, s))
        else:
            _overflow(st, p)
        return
    if st.barrier[t]:
        st.barrier[t] = False
        st.barrier_supply += 1
        if st._ev is not None:
            st.emit(
                "barrier_used",
                f"A mystic barrier holds back the flood at {tile_name(t)}; the barrier is spent.",
                tile=SPOT_IDS[t],
            )
        return
    if st.total_energy() >= CANCEL_COST:
        st.push(("flood_resp", p, t, s))
    else:
        st.push(("destroy", t))


def _overflow(st: RisingState, p: int) -> None:
    if st.surviving() < 2:
        lose(st, "There are not two tiles left to give to the sea. Atlantis is lost.")
        return
    st.push(("mchoice", p, "overflow", 2))


def _destroy(st: RisingState, f: tuple) -> None:
    t = f[1]
    if t >= NUM_TILES:
        st.destroy_centre()
        return
    tokens = st.cour[t]
    if tokens:
        st.push(("destroy_finish", t))
        acts: list[tuple] = []
        seen: set[int] = set()
        for q in tokens:
            if t // 6 == CITIES:
                if q in seen:
                    continue
                seen.add(q)
            acts.append(("act", q, t, False))
        if st._ev is not None:
            st.emit(
                "courage_used",
                f"Courage! The Atlanteans with tokens at {tile_name(t)} act before the tile sinks.",
                tile=SPOT_IDS[t], players=list(tokens),
            )  # fmt: skip
        st.stack.extend(reversed(acts))
        return
    _finish_destroy(st, t)


def _destroy_finish(st: RisingState, f: tuple) -> None:
    _finish_destroy(st, f[1])


def _finish_destroy(st: RisingState, t: int) -> None:
    s = t // 6
    returned = st.occ[t]
    for q in returned:
        st.home[q] += 1
    st.occ[t] = []
    st.courage_supply += len(st.cour[t])
    lost_tokens = len(st.cour[t])
    st.cour[t] = []
    if st.barrier[t]:
        st.barrier[t] = False
        st.barrier_supply += 1
        if st._ev is not None:
            st.emit(
                "barrier_lost",
                f"The barrier at {tile_name(t)} cannot stop this and is discarded.",
                tile=SPOT_IDS[t],
            )
    st.flooded[s] = t % 6 + 1
    if st._ev is not None:
        st.emit(
            "tile_flooded",
            f"{tile_name(t)} sinks beneath the waves."
            + (f" {len(returned)} Atlantean(s) swim home without acting." if returned else ""),
            tile=SPOT_IDS[t], section=SECTIONS[s], returned=list(returned), tokens_lost=lost_tokens,
        )  # fmt: skip
    if st.monsters:  # monsters hook: stone figures sink, Medusa/Harpies move inward
        _monsters.on_flooded(st, t)


def destroy_tip(st: RisingState, s: int) -> None:
    t = tip_tile(st.flooded, s)
    if t is not None:
        st.push(("destroy", t))


def unflip_section(st: RisingState, s: int) -> None:
    if st.flooded[s] > 0:
        st.flooded[s] -= 1
        t = s * 6 + st.flooded[s]
        if st._ev is not None:
            st.emit("tile_restored", f"{tile_name(t)} rises from the sea again.", tile=SPOT_IDS[t])


# ---------------------------------------------------------------------------------------------
# production
def _prod_spots(st: RisingState, p: int) -> list[int]:
    out = [t for t in flood_order(st.flooded) if p in st.occ[t]]
    if p in st.occ[CENTRE]:
        out.append(CENTRE)
    return out


#: fast play resolves a player's spots in this order (centre first, forges last so fresh ore
#: can still be forged); keys are sections, -1 the centre
_AUTO_ORDER = {-1: 0, MOUNTAINS: 1, HILLS: 2, FORESTS: 3, LIBRARIES: 4, CITIES: 5, FORGES: 6}


def _auto_prod(st: RisingState, f: tuple) -> None:
    """Fast play: a player's productive actions run in a fixed order, without ordering prompts."""
    p = f[1]
    if st.monsters and _monsters.free_actions(st, p):  # monsters hook: freeing needs a prompt
        st.push(("prod", p))
        return
    spots = _prod_spots(st, p)
    spots.sort(key=lambda t: (_AUTO_ORDER[-1 if t == CENTRE else t // 6], t))
    acts: list[tuple] = []
    for t in spots:
        if t == CENTRE or t // 6 == CITIES:
            acts.append(("act", p, t, True))
        else:
            acts.extend(("act", p, t, True) for _ in range(st.occ[t].count(p)))
    st.stack.extend(reversed(acts))


def _act(st: RisingState, f: tuple) -> None:
    """One productive action of ``p`` at ``t`` (``remove``: the Atlantean then goes home)."""
    _, p, t, remove = f
    occ = st.occ[t]
    if t == CENTRE:
        k = occ.count(p)
        if remove:
            st.occ[t] = [q for q in occ if q != p]
            st.home[p] += k
        if st.crisis:
            if st._ev is not None:
                st.emit(
                    "crisis_blocks",
                    f"Crisis of Faith: {st.player_name(p)} draws no energy.",
                    player=p,
                )
            return
        gain = k
        if st.has_ability(p, "priest") and not st.ability_used[p]:
            st.ability_used[p] = True
            gain += _PRIEST.amount
        st.gain_energy(p, gain)
        return
    s = t // 6
    if s == CITIES:
        k = occ.count(p)
        if remove:
            st.occ[t] = [q for q in occ if q != p]
            st.home[p] += k
        cap, ratio = VALUE[t]["cap"], VALUE[t]["ratio"]
        if k >= cap:
            if not (st.monsters and _monsters.city_success(st, p, k // ratio)):  # Medusa ally
                st.recruit(p, k // ratio)
        else:
            if st._ev is not None:
                st.emit(
                    "city_idle",
                    f"{_name(st, p)} did not fill {tile_name(t)} alone; the city gives nothing.",
                    player=p, tile=SPOT_IDS[t],
                )  # fmt: skip
        return
    if remove:
        occ.remove(p)
        st.home[p] += 1
    if s in SECTION_RESOURCE:
        r = SECTION_RESOURCE[s]
        target = st.target(p, t)
        roll = st.rng.randint(1, 6)
        if st._ev is not None:
            st.emit(
                "die_rolled",
                f"{_name(st, p)} rolls {roll} at {tile_name(t)} (needs {target}).",
                die="production", player=p, tile=SPOT_IDS[t], value=roll, target=target,
            )  # fmt: skip
        if roll >= target:
            st.gain_res(p, r, 1)
            return
        need = target - roll
        if st.energy[p] >= need and st.res_supply[r] > 0:
            st.push(("boost", p, t, roll, target))
            return
        if st._ev is not None:
            st.emit(
                "production_failed",
                f"{_name(st, p)} finds no {RESOURCES[r]}.",
                player=p,
                tile=SPOT_IDS[t],
            )
        return
    if s == FORGES:
        rate = VALUE[t]["rate"]
        if st.res[p][ORE] > 0 and st.res_supply[ATLANTIUM] > 0:
            st.pay_res(p, ORE, 1)
            got = st.gain_res(p, ATLANTIUM, rate)
            if st._ev is not None:
                st.emit(
                    "transmuted",
                    f"{_name(st, p)} forges 1 ore into {got} Atlantium.",
                    player=p, tile=SPOT_IDS[t], atlantium=got,
                )  # fmt: skip
        else:
            if st._ev is not None:
                st.emit(
                    "forge_idle",
                    f"{_name(st, p)} has no ore to forge; the Atlantean's work is wasted.",
                    player=p, tile=SPOT_IDS[t],
                )  # fmt: skip
        return
    # libraries
    bonus = _monsters.library_bonus(st, p) if st.monsters else 0  # the Harpy messengers
    drawn = st.draw_knowledge(VALUE[t]["draw"] + bonus)
    if not drawn:
        if st._ev is not None:
            st.emit("library_empty", "The libraries have no knowledge left to give.", player=p)
        return
    if st._ev is not None:
        st.emit(
            "cards_drawn",
            f"{_name(st, p)} studies at {tile_name(t)} and draws {len(drawn)} card(s).",
            player=p, tile=SPOT_IDS[t], cards=[KNOWLEDGE[c].key for c in drawn],
        )  # fmt: skip
    st.push(("keep", p, tuple(drawn), min(VALUE[t]["keep"] + bonus, len(drawn))))


def _prod_end(st: RisingState, f: tuple) -> None:
    for t in range(NAVY):
        for q in st.occ[t]:
            st.home[q] += 1
        st.occ[t] = []
        for q in st.cour[t]:
            st.courage[q] += 1
        st.cour[t] = []


# ---------------------------------------------------------------------------------------------
# the Athenians
def navy_strength(st: RisingState) -> int:
    """Atlanteans in the Navy, with a courage token doubling its Atlantean, plus card bonuses."""
    return len(st.occ[NAVY]) + len(st.cour[NAVY]) + st.navy_bonus


def _attack(st: RisingState, f: tuple) -> None:
    st.phase = "attack"
    if st._ev is not None:
        st.emit("phase_started", "The Athenians attack.", phase="attack")
    st.roll_attack()
    st.push(("atk_resolve",))
    st.push(("window", "attack", tuple(st.order(st.start))))


def _atk_resolve(st: RisingState, f: tuple) -> None:
    total = st.die + st.galley
    navy = navy_strength(st)
    deficit = total - navy
    if st._ev is not None:
        st.emit(
            "attack_resolved",
            f"The Athenians strike with {total} against a Navy of {navy}: "
            + (f"{deficit} tile(s) will fall." if deficit > 0 else "the attack is beaten off."),
            attack=total, navy=navy, tiles=max(0, deficit),
        )  # fmt: skip
    st.push(("atk_end",))
    if deficit > 0:
        st.push(("atk_tiles", st.start, deficit))


def _atk_end(st: RisingState, f: tuple) -> None:
    st.advance_galley(1, "The galley closes in")
    counts = [0] * st.n
    for q in st.occ[NAVY]:
        counts[q] += 1
    if st.ballad:
        for q in st.order(st.start):
            if counts[q] >= 2:
                st.gain_courage(q, 1)
    else:
        best = max(counts)
        if best >= 2:
            winner = next(q for q in st.order(st.start) if counts[q] == best)
            st.gain_courage(winner, 1)
    for q in st.occ[NAVY]:
        st.home[q] += 1
    st.occ[NAVY] = []
    st.courage_supply += len(st.cour[NAVY])
    st.cour[NAVY] = []
    st.navy_bonus = 0


# ---------------------------------------------------------------------------------------------
# readiness checks (drop decision frames that offer nothing)
def _pop(st: RisingState) -> bool:
    st.stack.pop()
    return False


def _replace(st: RisingState, f: tuple) -> None:
    st.stack[-1] = f


def _ready_start(st: RisingState, f: tuple) -> bool:
    return bool(_start_options(st, f[1])) or _pop(st)


def _ready_place(st: RisingState, f: tuple) -> bool:
    p = f[1]
    return (st.held[p] if f[2] else st.home[p]) > 0 or _pop(st)


def _ready_true(st: RisingState, f: tuple) -> bool:
    return True


def _ready_pool(st: RisingState, f: tuple) -> bool:
    _, purpose, target, need, queue, paid = f
    while queue and st.energy[queue[0]] == 0:
        queue = queue[1:]
    if queue:
        if queue != f[4]:
            _replace(st, (f[0], purpose, target, need, queue, paid))
        return True
    st.stack.pop()
    _pool_fail(st, purpose, target, paid)
    return False


def _mchoice_options(st: RisingState, what: str) -> list[int]:
    if what in ("overflow", "controlled"):
        return [s for s in range(6) if st.flooded[s] < 6]
    if what == "panic":
        return misf.panic_sections(st)
    return misf.plague_tiles(st)


def _ready_mchoice(st: RisingState, f: tuple) -> bool:
    if f[3] <= 0:
        return _pop(st)
    if _mchoice_options(st, f[2]):
        return True
    st.stack.pop()
    if f[2] in ("overflow", "controlled"):
        st.destroy_centre()
    return False


def _ready_window(st: RisingState, f: tuple) -> bool:
    queue = f[2]
    while queue and not know.playable(st, queue[0], f[1]):
        queue = queue[1:]
    if not queue:
        return _pop(st)
    if queue != f[2]:
        _replace(st, ("window", f[1], queue))
    return True


def _ready_prod(st: RisingState, f: tuple) -> bool:
    p = f[1]
    spots = _prod_spots(st, p)
    if not spots:
        return _pop(st)
    if (
        len(spots) == 1
        and not know.playable(st, p, "any")
        and not _convert_options(st, p)
        and not (st.monsters and _monsters.free_actions(st, p))
    ):
        st.push(("act", p, spots[0], True))
        return False
    return True


def _ready_keep(st: RisingState, f: tuple) -> bool:
    _, p, drawn, k = f
    if k > 0 and drawn:
        return True
    st.stack.pop()
    st.kdiscard.extend(drawn)
    if drawn:
        if st._ev is not None:
            st.emit(
                "cards_discarded",
                f"{_name(st, p)} returns {len(drawn)} card(s) to the discards.",
                player=p,
                count=len(drawn),
            )
    return False


def _ready_discard(st: RisingState, f: tuple) -> bool:
    return len(st.hand[f[1]]) > HAND_LIMIT or _pop(st)


def _ready_atk_tiles(st: RisingState, f: tuple) -> bool:
    if f[2] <= 0:
        return _pop(st)
    if st.surviving() == 0:
        st.stack.pop()
        st.destroy_centre()
        return False
    return True


def _ready_barrier(st: RisingState, f: tuple) -> bool:
    if f[2] > 0 and st.barrier_supply > 0 and st.barrier_spots():
        return True
    return _pop(st)


def _ready_unflip(st: RisingState, f: tuple) -> bool:
    return (f[2] > 0 and any(st.flooded)) or _pop(st)


def _talent_options(st: RisingState, p: int) -> list[int]:
    own = st.councilor[p]
    return sorted({c for c in st.councilor if c != own})


def _ready_talent(st: RisingState, f: tuple) -> bool:
    return bool(_talent_options(st, f[1])) or _pop(st)


def _ready_give(st: RisingState, f: tuple) -> bool:
    return (st.n > 1 and any(st.res[f[1]])) or _pop(st)


def _ready_build(st: RisingState, f: tuple) -> bool:
    p = f[1]
    if st.built_turn[p]:
        return _pop(st)
    if comps.can_afford(st, p) or _convert_options(st, p) or know.playable(st, p, "any"):
        return True
    if st.monsters and _monsters.build_actions(st, p):  # monsters hook: magic items
        return True
    return _pop(st)


# ---------------------------------------------------------------------------------------------
# legal actions
def _card_actions(st: RisingState, p: int, window: str = "any") -> list[Action]:
    return [act(p, "play", ("card", k)) for k in know.playable(st, p, window)]


def _convert_options(st: RisingState, p: int) -> list[tuple[int, int]]:
    if st.energy[p] < CONVERT_COST:
        return []
    have = st.res[p]
    sup = st.res_supply
    return [(a, b) for a in range(4) if have[a] for b in range(4) if b != a and sup[b]]


#: _convert_actions by (seat, which resources it has, which the supply has): bots ask often
_CONVERTS: dict[tuple, tuple[Action, ...]] = {}


def _convert_actions(st: RisingState, p: int) -> list[Action]:
    if st.energy[p] < CONVERT_COST:
        return []
    have = st.res[p]
    sup = st.res_supply
    key = (p, have[0] > 0, have[1] > 0, have[2] > 0, have[3] > 0)
    key += (sup[0] > 0, sup[1] > 0, sup[2] > 0, sup[3] > 0)
    got = _CONVERTS.get(key)
    if got is None:
        got = _CONVERTS[key] = tuple(
            act(p, "convert", ("give", RESOURCES[a]), ("take", RESOURCES[b]))
            for a, b in _convert_options(st, p)
        )
    return list(got)


def _start_options(st: RisingState, p: int) -> list[Action]:
    out = _card_actions(st, p)
    if (
        st.has_ability(p, "champion")
        and not st.ability_used[p]
        and st.energy[p] >= _CHAMPION.cost
        and st.courage_supply > 0
    ):
        out.append(act(p, "ability"))
    out += _convert_actions(st, p)
    if st.energy[p] >= 1 and st.total_energy() >= UNFLIP_COST:
        out += [act(p, "unflip", ("section", SECTIONS[s])) for s in range(6) if st.flooded[s]]
    return out


def _legal_start(st: RisingState, f: tuple, p: int) -> list[Action]:
    return [*_start_options(st, p), act(p, "done")]


#: (seat, spot) -> placing there without and with a courage token (shared Action objects)
_PLACE_ACTS: dict[tuple[int, int], tuple[Action, Action]] = {}


def _place_acts(p: int, t: int) -> tuple[Action, Action]:
    got = _PLACE_ACTS.get((p, t))
    if got is None:
        at = ("at", SPOT_IDS[t])
        got = _PLACE_ACTS[(p, t)] = (act(p, "place", at), act(p, "place", at, ("courage", True)))
    return got


def _legal_place(st: RisingState, f: tuple, p: int) -> list[Action]:
    out: list[Action] = []
    token = st.courage[p] > 0
    # st.can_place for the standing tiles, with the allowance for full tiles asked once
    extra = st.extra_allowance(p) > 0
    occ, petr = st.occ, st.petr
    for t in flood_order(st.flooded):
        if extra or len(occ[t]) + len(petr[t]) < VALUE[t]["cap"]:
            plain, brave = _place_acts(p, t)
            out.append(plain)
            if token:
                out.append(brave)
    out.append(_place_acts(p, CENTRE)[0])  # the centre and the Navy are never full
    plain, brave = _place_acts(p, NAVY)
    out.append(plain)
    if token:
        out.append(brave)
    if not f[2] and st.has_ability(p, "scholar"):
        out.append(act(p, "hold"))
    return out + _card_actions(st, p)


def _legal_flood_resp(st: RisingState, f: tuple, p: int) -> list[Action]:
    return [act(p, "accept"), act(p, "cancel")]


def _pool_room(f: tuple) -> int:
    return f[3] - sum(a for _, a in f[5])


def _legal_pool(st: RisingState, f: tuple, p: int) -> list[Action]:
    top = min(st.energy[p], _pool_room(f))
    return [act(p, "contribute", ("amount", k)) for k in range(top + 1)]


def _legal_mchoice(st: RisingState, f: tuple, p: int) -> list[Action]:
    opts = _mchoice_options(st, f[2])
    if f[2] == "plague":
        return [act(p, "choose", ("at", SPOT_IDS[t])) for t in opts]
    return [act(p, "choose", ("section", SECTIONS[s])) for s in opts]


def _legal_window(st: RisingState, f: tuple, p: int) -> list[Action]:
    return [*_card_actions(st, p, f[1]), act(p, "pass")]


def _legal_prod(st: RisingState, f: tuple, p: int) -> list[Action]:
    out = [act(p, "produce", ("at", SPOT_IDS[t])) for t in _prod_spots(st, p)]
    if st.monsters:  # monsters hook: free petrified Atlanteans (1 energy each)
        out += _monsters.free_actions(st, p)
    return out + _card_actions(st, p) + _convert_actions(st, p)


def _legal_boost(st: RisingState, f: tuple, p: int) -> list[Action]:
    return [act(p, "boost", ("amount", 0)), act(p, "boost", ("amount", f[4] - f[3]))]


def _distinct_keys(cards: Any) -> list[str]:
    out: list[str] = []
    for c in cards:
        k = KNOWLEDGE[c].key
        if k not in out:
            out.append(k)
    return out


def _legal_keep(st: RisingState, f: tuple, p: int) -> list[Action]:
    return [act(p, "keep", ("card", k)) for k in _distinct_keys(f[2])]


def _legal_discard(st: RisingState, f: tuple, p: int) -> list[Action]:
    out = [act(p, "discard", ("card", k)) for k in _distinct_keys(st.hand[p])]
    return out + _card_actions(st, p)


def _legal_atk_tiles(st: RisingState, f: tuple, p: int) -> list[Action]:
    return [act(p, "choose", ("section", SECTIONS[s])) for s in range(6) if st.flooded[s] < 6]


def _legal_barrier(st: RisingState, f: tuple, p: int) -> list[Action]:
    return [act(p, "choose", ("at", SPOT_IDS[t])) for t in st.barrier_spots()]


def _legal_unflip(st: RisingState, f: tuple, p: int) -> list[Action]:
    return [act(p, "choose", ("section", SECTIONS[s])) for s in range(6) if st.flooded[s]]


def _legal_talent(st: RisingState, f: tuple, p: int) -> list[Action]:
    return [act(p, "choose", ("councilor", COUNCILORS[c].key)) for c in _talent_options(st, p)]


def _legal_give(st: RisingState, f: tuple, p: int) -> list[Action]:
    return [
        act(p, "give", ("resource", RESOURCES[r]), ("to", q))
        for q in st.order(p)[1:]
        for r in range(4)
        if st.res[p][r]
    ]


def _legal_build(st: RisingState, f: tuple, p: int) -> list[Action]:
    out: list[Action] = []
    for slot, ci in enumerate(st.blueprint):
        if st.built[slot] >= 0:
            continue
        key = comps.COMPONENTS[ci].key
        for waive in comps.cost_options(st, p, ci):
            if waive is None:
                out.append(act(p, "build", ("component", key)))
            else:
                out.append(act(p, "build", ("component", key), ("waive", RESOURCES[waive])))
    if st.monsters:  # monsters hook: magic items
        out += _monsters.build_actions(st, p)
    return out + _convert_actions(st, p) + _card_actions(st, p) + [act(p, "pass")]


# ---------------------------------------------------------------------------------------------
# applying actions
def _common(st: RisingState, a: Action) -> bool:
    """Actions offered in several decisions (play a card, convert a resource)."""
    if a.kind == "play":
        know.play(st, a.player, a["card"])
        return True
    if a.kind == "convert":
        p = a.player
        give, take = RES_INDEX[a["give"]], RES_INDEX[a["take"]]
        st.spend_energy(p, CONVERT_COST)
        st.pay_res(p, give, 1)
        st.res_supply[take] -= 1
        st.res[p][take] += 1
        if st._ev is not None:
            st.emit(
                "resource_converted",
                f"{_name(st, p)} spends 2 energy to turn 1 {a['give']} into 1 {a['take']}.",
                player=p, give=a["give"], take=a["take"],
            )  # fmt: skip
        return True
    return False


def _do_start(st: RisingState, f: tuple, a: Action) -> None:
    p = a.player
    if _common(st, a):
        return
    if a.kind == "done":
        st.stack.pop()
    elif a.kind == "ability":  # the Champion's rally
        st.ability_used[p] = True
        st.spend_energy(p, _CHAMPION.cost)
        if st._ev is not None:
            st.emit(
                "ability_used",
                f"{_name(st, p)} rallies: 1 energy becomes courage.",
                player=p,
                ability="champion",
            )
        st.gain_courage(p, _CHAMPION.amount)
    elif a.kind == "unflip":
        s = SECTION_INDEX[a["section"]]
        if st._ev is not None:
            st.emit(
                "pool_opened",
                f"{_name(st, p)} calls for {UNFLIP_COST} mystic energy to raise a {SECTIONS[s]} tile.",
                purpose="unflip", section=SECTIONS[s], need=UNFLIP_COST,
            )  # fmt: skip
        st.push(("pool", "unflip", s, UNFLIP_COST, tuple(st.order(p)), ()))


def _do_place(st: RisingState, f: tuple, a: Action) -> None:
    p = a.player
    if _common(st, a):
        return
    if a.kind == "hold":
        st.home[p] -= 1
        st.held[p] += 1
        if st._ev is not None:
            st.emit(
                "atlantean_held", f"{_name(st, p)} keeps an Atlantean back for later.", player=p
            )
        return
    t = SPOT_INDEX[a["at"]]
    courage = bool(a.get("courage", False))
    if t < NUM_TILES and len(st.occ[t]) + len(st.petr[t]) >= VALUE[t]["cap"]:
        st.extra_used[p] += 1
    st.occ[t].append(p)
    if courage:
        st.courage[p] -= 1
        st.cour[t].append(p)
    if f[2]:
        st.held[p] -= 1
    else:
        st.home[p] -= 1
    if st._ev is not None:
        st.emit(
            "atlantean_placed",
            f"{_name(st, p)} places an Atlantean {at_tile(t)}" + (" with a courage token." if courage else "."),
            player=p, at=SPOT_IDS[t], courage=courage,
        )  # fmt: skip
    if st.monsters:  # monsters hook: placed on Medusa's tile -> stone
        _monsters.on_place(st, p, t)


def _do_flood_resp(st: RisingState, f: tuple, a: Action) -> None:
    _, p, t, s = f
    st.stack.pop()
    if a.kind == "cancel":
        if st._ev is not None:
            st.emit(
                "pool_opened",
                f"{_name(st, p)} calls for {CANCEL_COST} mystic energy to hold back the flood.",
                purpose="cancel", section=SECTIONS[s], need=CANCEL_COST,
            )  # fmt: skip
        st.push(("pool", "cancel", (t, s, p), CANCEL_COST, tuple(st.order(p)), ()))
    elif t < 0:
        _overflow(st, p)
    else:
        st.push(("destroy", t))


def _pool_fail(st: RisingState, purpose: str, target: Any, paid: tuple) -> None:
    for q, k in paid:
        st.energy[q] += k
    if st._ev is not None:
        st.emit(
            "pool_failed",
            "Not enough mystic energy was gathered; every bead goes back.",
            purpose=purpose,
        )
    if purpose == "cancel":
        t, s, drawer = target
        if t < 0:
            _overflow(st, drawer)
        else:
            st.push(("destroy", t))
    elif purpose != "unflip":  # monsters hook
        _monsters.pool_done(st, purpose, target, False)


def _do_pool(st: RisingState, f: tuple, a: Action) -> None:
    _, purpose, target, need, queue, paid = f
    p = a.player
    k = a["amount"]
    st.energy[p] -= k
    if k:
        paid = (*paid, (p, k))
        if st._ev is not None:
            st.emit(
                "energy_pooled", f"{_name(st, p)} offers {k} mystic energy.", player=p, amount=k
            )
    queue = queue[1:]
    st.stack.pop()
    if sum(x for _, x in paid) >= need:
        st.energy_supply += need
        if purpose == "cancel":
            t, s, _drawer = target
            if st._ev is not None:
                st.emit(
                    "flood_cancelled",
                    f"The pooled energy calms the waters: the Flood {SECTIONS[s].capitalize()} is cancelled.",
                    section=SECTIONS[s], tile=SPOT_IDS[t] if t >= 0 else None,
                )  # fmt: skip
        elif purpose == "unflip":
            unflip_section(st, target)
        else:  # monsters hook: e.g. calming Charybdis
            _monsters.pool_done(st, purpose, target, True)
        return
    if queue:
        st.push((f[0], purpose, target, need, queue, paid))
    else:
        _pool_fail(st, purpose, target, paid)


def _do_mchoice(st: RisingState, f: tuple, a: Action) -> None:
    _, p, what, n = f
    st.stack.pop()
    if n > 1:
        st.push(("mchoice", p, what, n - 1))
    if what in ("overflow", "controlled"):
        destroy_tip(st, SECTION_INDEX[a["section"]])
    elif what == "panic":
        s = SECTION_INDEX[a["section"]]
        for t in range(s * 6, s * 6 + 6):
            _send_home(st, t)
        if st._ev is not None:
            st.emit(
                "panic",
                f"Panic in the {SECTIONS[s]}: everyone there runs home.",
                section=SECTIONS[s],
            )
    else:
        t = SPOT_INDEX[a["at"]]
        owners = sorted(set(st.occ[t]))
        _send_home(st, t)
        if st._ev is not None:
            st.emit(
                "plague",
                f"Plague strikes {tile_name(t)}: its Atlanteans flee home.",
                tile=SPOT_IDS[t],
            )
        for q in owners:
            if st.atlanteans(q) > 3:
                st.lose_atlantean(q)


def _send_home(st: RisingState, t: int) -> None:
    for q in st.occ[t]:
        st.home[q] += 1
    st.occ[t] = []
    for q in st.cour[t]:
        st.courage[q] += 1
    st.cour[t] = []


def _do_window(st: RisingState, f: tuple, a: Action) -> None:
    p = a.player
    if a.kind == "pass":
        _replace(st, ("window", f[1], f[2][1:]))
        return
    know.play(st, p, a["card"])
    if a["card"] == "ancestors_gambit":
        # a new die: everyone may react again, starting with the player who rolled it
        st.stack[-1] = ("window", f[1], tuple(st.order(p)))


def _do_prod(st: RisingState, f: tuple, a: Action) -> None:
    if _common(st, a):
        return
    if a.kind == "free":  # monsters hook
        _monsters.do_free(st, a)
        return
    st.push(("act", a.player, SPOT_INDEX[a["at"]], True))


def _do_boost(st: RisingState, f: tuple, a: Action) -> None:
    _, p, t, roll, target = f
    st.stack.pop()
    k = a["amount"]
    r = SECTION_RESOURCE[t // 6]
    if k:
        st.spend_energy(p, k)
        if st._ev is not None:
            st.emit(
                "die_boosted",
                f"{_name(st, p)} spends {k} energy: the {roll} becomes {roll + k}.",
                player=p, tile=SPOT_IDS[t], value=roll + k, target=target, energy=k,
            )  # fmt: skip
        st.gain_res(p, r, 1)
    else:
        if st._ev is not None:
            st.emit(
                "production_failed",
                f"{_name(st, p)} finds no {RESOURCES[r]}.",
                player=p,
                tile=SPOT_IDS[t],
            )


def _do_keep(st: RisingState, f: tuple, a: Action) -> None:
    _, p, drawn, k = f
    idx = KNOWLEDGE_INDEX[a["card"]]
    rest = list(drawn)
    rest.remove(idx)
    st.stack[-1] = ("keep", p, tuple(rest), k - 1)
    st.hand[p].append(idx)
    if st._ev is not None:
        st.emit(
            "card_kept", f"{_name(st, p)} keeps {KNOWLEDGE[idx].name}.", player=p, card=a["card"]
        )
    if len(st.hand[p]) > HAND_LIMIT:
        st.push(("discard", p))


def _do_discard(st: RisingState, f: tuple, a: Action) -> None:
    p = a.player
    if _common(st, a):
        return
    idx = KNOWLEDGE_INDEX[a["card"]]
    st.hand[p].remove(idx)
    st.kdiscard.append(idx)
    if st._ev is not None:
        st.emit(
            "card_discarded",
            f"{_name(st, p)} discards {KNOWLEDGE[idx].name} (hand limit).",
            player=p, card=a["card"],
        )  # fmt: skip


def _do_atk_tiles(st: RisingState, f: tuple, a: Action) -> None:
    _, p, n = f
    st.stack.pop()
    if n > 1:
        st.push(("atk_tiles", p, n - 1))
    destroy_tip(st, SECTION_INDEX[a["section"]])


def _do_barrier(st: RisingState, f: tuple, a: Action) -> None:
    _, p, n = f
    t = SPOT_INDEX[a["at"]]
    st.stack[-1] = ("barrier", p, n - 1)
    st.barrier[t] = True
    st.barrier_supply -= 1
    if st._ev is not None:
        st.emit(
            "barrier_placed",
            f"{_name(st, p)} raises a mystic barrier at {tile_name(t)}.",
            player=p,
            tile=SPOT_IDS[t],
        )


def _do_unflip(st: RisingState, f: tuple, a: Action) -> None:
    _, p, n = f
    st.stack[-1] = ("unflip", p, n - 1)
    unflip_section(st, SECTION_INDEX[a["section"]])


def _do_talent(st: RisingState, f: tuple, a: Action) -> None:
    p = a.player
    c = COUNCILOR_INDEX[a["councilor"]]
    st.stack.pop()
    st.talent[p] = c
    if st._ev is not None:
        st.emit(
            "talent_copied",
            f"{_name(st, p)} borrows the {COUNCILORS[c].name}'s ability for this turn.",
            player=p, councilor=COUNCILORS[c].key,
        )  # fmt: skip


def _do_give(st: RisingState, f: tuple, a: Action) -> None:
    _, p, n = f
    st.stack.pop()
    r = RES_INDEX[a["resource"]]
    q = a["to"]
    k = min(n, st.res[p][r])
    st.res[p][r] -= k
    st.res[q][r] += k
    if st._ev is not None:
        st.emit(
            "resource_given",
            f"{_name(st, p)} hands {k} {a['resource']} to {st.player_name(q)}.",
            player=p, to=q, resource=a["resource"], amount=k,
        )  # fmt: skip


def _do_build(st: RisingState, f: tuple, a: Action) -> None:
    p = a.player
    if _common(st, a):
        return
    st.stack.pop()
    if a.kind == "pass":
        return
    if a.kind == "build_item":  # monsters hook: a magic item is this turn's one build
        _monsters.do_build_item(st, a)
        return
    ci = comps.COMPONENT_INDEX[a["component"]]
    cost = list(comps.COMPONENTS[ci].cost)
    waive = a.get("waive")
    if waive is not None:
        cost[RES_INDEX[waive]] -= 1
    for r in range(4):
        if cost[r]:
            st.pay_res(p, r, cost[r])
    slot = st.blueprint.index(ci)
    st.built[slot] = p
    st.built_turn[p] = True
    times = 2 if st.double[p] else 1
    st.double[p] = False
    comp = comps.COMPONENTS[ci]
    if st._ev is not None:
        st.emit(
            "component_built",
            f"{_name(st, p)} builds the {comp.name}"
            + (" (double benefit)." if times == 2 else ".")
            + f" {sum(b >= 0 for b in st.built)} of 10 done.",
            component=comp.key, player=p, paid=cost, double=times == 2,
        )  # fmt: skip
    if all(b >= 0 for b in st.built):
        win(st)
        return
    comps.grant(st, p, ci, times)


# ---------------------------------------------------------------------------------------------
# decisions (who, what, prompt)
def _dec(p: int, kind: str, prompt: str, **data: Any) -> Decision:
    return Decision((p,), kind, prompt, data)


def _decide(st: RisingState, f: tuple) -> Decision:
    k = f[0]
    if k == "start":
        return _dec(
            f[1],
            "start_of_turn",
            "Before the turn: use an ability, a card or mystic energy, or carry on.",
        )
    if k == "place":
        p = f[1]
        left = st.held[p] if f[2] else st.home[p]
        kind = "late_place" if f[2] else "place"
        warn = _monsters.place_warning(st) if st.monsters else ""  # Medusa's tile
        return _dec(p, kind, f"Place an Atlantean ({left} left to place).{warn}", left=left)
    if k == "flood_resp":
        _, p, t, s = f
        where = tile_name(t) if t >= 0 else f"two other tiles (the {SECTIONS[s]} are gone)"
        return _dec(
            p, "flood_response",
            f"The sea comes for {where}. Let it flood, or gather {CANCEL_COST} mystic energy to stop it?",
            tile=SPOT_IDS[t] if t >= 0 else None, section=SECTIONS[s], cost=CANCEL_COST,
        )  # fmt: skip
    if k == "pool":
        _, purpose, target, need, queue, paid = f
        got = sum(x for _, x in paid)
        what = {"cancel": "cancel the flood", "unflip": "raise a sunken tile"}.get(purpose)
        what = what or _monsters.POOL_TEXT[purpose]
        return _dec(
            queue[0], "pool_energy",
            f"{got} of {need} mystic energy gathered to {what}. How much do you add?",
            purpose=purpose, need=need, paid=got, room=need - got,
        )  # fmt: skip
    if k == "mchoice":
        _, p, what, n = f
        prompts = {
            "overflow": f"Choose a section to lose its outermost tile ({n} more to go).",
            "controlled": "Controlled Flood: choose the section whose outermost tile sinks.",
            "panic": "Panic! Choose a section; everyone standing there runs home.",
            "plague": "Plague: choose a tile; its Atlanteans flee home.",
        }
        return _dec(p, "misfortune_choice", prompts[what], what=what, remaining=n)
    if k == "window":
        name = {"react": "after the misfortune", "attack": "before the Navy is counted"}[f[1]]
        return _dec(
            f[2][0], "card_window", f"You may play a knowledge card {name}, or pass.", window=f[1]
        )
    if k == "prod":
        return _dec(f[1], "production", "Choose which Atlantean acts next.")
    if k == "boost":
        _, p, t, roll, target = f
        return _dec(
            p, "boost",
            f"You rolled {roll} but need {target}. Spend {target - roll} mystic energy to succeed?",
            tile=SPOT_IDS[t], roll=roll, target=target, need=target - roll,
        )  # fmt: skip
    if k == "keep":
        _, p, drawn, n = f
        return _dec(
            p, "library_keep", f"Keep {n} of the cards you drew.",
            cards=[KNOWLEDGE[c].key for c in drawn], keep=n,
        )  # fmt: skip
    if k == "discard":
        p = f[1]
        over = len(st.hand[p]) - HAND_LIMIT
        return _dec(
            p,
            "discard",
            f"Your hand is over the limit of {HAND_LIMIT}: play or discard {over} card(s).",
            over=over,
        )
    if k == "atk_tiles":
        return _dec(
            f[1],
            "attack_tiles",
            f"The Athenians break through: choose a section to lose its outermost tile ({f[2]} to go).",
            remaining=f[2],
        )
    if k == "barrier":
        return _dec(
            f[1], "place_barrier", "Choose a standing tile for the mystic barrier.", remaining=f[2]
        )
    if k == "unflip":
        return _dec(
            f[1],
            "unflip_tile",
            "Choose a section: its innermost sunken tile rises again.",
            remaining=f[2],
        )
    if k == "talent":
        return _dec(
            f[1], "choose_councilor", "Choose the councilor whose ability you borrow this turn."
        )
    if k == "give":
        return _dec(
            f[1],
            "give_resources",
            f"Choose whom to give up to {f[2]} of one resource.",
            amount=f[2],
        )
    return _dec(
        f[1], "build", "Build one component, or pass.", affordable=comps.affordable(st, f[1])
    )


# ---------------------------------------------------------------------------------------------
# clear refusals
def explain_illegal(st: RisingState, a: Action) -> str:
    dec = decision(st)
    if dec is None:
        return "the game is over"
    p = a.player
    kinds = sorted(FRAME_ACTIONS.get(st.stack[-1][0], ()))
    if st.monsters and a.kind in kinds:  # monsters hook: refusals of monster actions
        msg = _monsters.explain(st, a)
        if msg:
            return msg
    if a.kind not in kinds:
        return (
            f"{st.player_name(p)} must now decide '{dec.kind}' ({dec.prompt}); "
            f"'{a.kind}' is not possible here (possible: {', '.join(kinds)})"
        )
    k = a.kind
    if k == "place":
        at = a.get("at")
        t = SPOT_INDEX.get(at) if isinstance(at, str) else None
        if t is None:
            return f"there is no place called {at!r} (use a tile id such as 'hills-2', 'centre' or 'navy')"
        if t < NUM_TILES and t % 6 < st.flooded[t // 6]:
            return f"{at} has sunk; nobody can stand there"
        if t < NUM_TILES and not st.can_place(p, t):
            stone = f" ({len(st.petr[t])} by stone figures)" if st.petr[t] else ""
            return f"{at} has {VALUE[t]['cap']} ring(s) and they are all taken{stone}"
        if a.get("courage") is not None and a.get("courage") is not True:
            return "leave out 'courage' to place without a token (courage=True places one)"
        if a.get("courage"):
            if st.courage[p] == 0:
                return "you have no courage token to place"
            if t == CENTRE:
                return (
                    "a courage token cannot go on the Mystic Power Source (nothing there can sink)"
                )
    if k in ("play", "keep", "discard"):
        card = a.get("card")
        if card not in KNOWLEDGE_INDEX:
            return f"there is no knowledge card called {card!r}"
        if k == "keep":
            return f"{card} is not among the cards you drew"
        if KNOWLEDGE_INDEX[card] not in st.hand[p]:
            return f"you do not hold {KNOWLEDGE[KNOWLEDGE_INDEX[card]].name}"
        if k == "play":
            c = KNOWLEDGE[KNOWLEDGE_INDEX[card]]
            return f"{c.name} cannot be played now (it is played {'during the attack' if c.window == 'attack' else 'when it can have an effect'})"
    if k == "convert":
        if st.energy[p] < CONVERT_COST:
            return (
                f"converting a resource costs {CONVERT_COST} mystic energy; you have {st.energy[p]}"
            )
        give, take = a.get("give"), a.get("take")
        if give not in RES_INDEX or take not in RES_INDEX:
            return f"resources are {', '.join(RESOURCES)}"
        if give == take:
            return "choose two different resources"
        if not st.res[p][RES_INDEX[give]]:
            return f"you have no {give} to convert"
        return f"the supply has no {take} left"
    if k in ("contribute", "boost"):
        amount = a.get("amount")
        if not isinstance(amount, int) or isinstance(amount, bool) or amount < 0:
            return "the amount must be a whole number of mystic energy, 0 or more"
        if amount > st.energy[p]:
            return f"you have only {st.energy[p]} mystic energy"
        if k == "contribute":
            return f"only {_pool_room(st.stack[-1])} more mystic energy is needed"
        return f"spend either 0 or exactly the {st.stack[-1][4] - st.stack[-1][3]} needed"
    if k == "build":
        key = a.get("component")
        if key not in comps.COMPONENT_INDEX:
            return f"there is no component called {key!r}"
        ci = comps.COMPONENT_INDEX[key]
        if ci not in st.blueprint:
            return f"the {comps.COMPONENTS[ci].name} is not in this game's blueprint"
        if st.built[st.blueprint.index(ci)] >= 0:
            return f"the {comps.COMPONENTS[ci].name} is already built"
        if a.get("waive") is not None and not st.has_ability(p, "artificer"):
            return "only the Artificer may waive part of a cost"
        return (
            f"you cannot pay for the {comps.COMPONENTS[ci].name} "
            f"(it costs {comps.cost_text(ci)}; you have {_holdings(st, p)})"
        )
    if k == "unflip" and st.total_energy() < UNFLIP_COST:
        return f"raising a tile needs {UNFLIP_COST} mystic energy between you all"
    if k in ("choose", "unflip", "give"):
        return f"that choice is not available now ({', '.join(str(v) for _, v in a.args)})"
    return f"that move is not possible now ({a})"


def _holdings(st: RisingState, p: int) -> str:
    have = st.res[p]
    parts = [f"{have[r]} {RESOURCES[r]}" for r in range(4) if have[r]]
    return ", ".join(parts) or "nothing"


# ---------------------------------------------------------------------------------------------
# dispatch tables
_AUTO: dict[str, Callable[[RisingState, tuple], None]] = {
    "round": _round,
    "phase": _phase,
    "draw": _draw,
    "mwin": _mwin,
    "act": _act,
    "auto_prod": _auto_prod,
    "prod_end": _prod_end,
    "attack": _attack,
    "atk_resolve": _atk_resolve,
    "atk_end": _atk_end,
    "destroy": _destroy,
    "destroy_finish": _destroy_finish,
    "end_round": _end_round,
}

_READY: dict[str, Callable[[RisingState, tuple], bool]] = {
    "start": _ready_start,
    "place": _ready_place,
    "flood_resp": _ready_true,
    "pool": _ready_pool,
    "mchoice": _ready_mchoice,
    "window": _ready_window,
    "prod": _ready_prod,
    "boost": _ready_true,
    "keep": _ready_keep,
    "discard": _ready_discard,
    "atk_tiles": _ready_atk_tiles,
    "barrier": _ready_barrier,
    "unflip": _ready_unflip,
    "talent": _ready_talent,
    "give": _ready_give,
    "build": _ready_build,
}

_LEGAL: dict[str, Callable[[RisingState, tuple, int], list[Action]]] = {
    "start": _legal_start,
    "place": _legal_place,
    "flood_resp": _legal_flood_resp,
    "pool": _legal_pool,
    "mchoice": _legal_mchoice,
    "window": _legal_window,
    "prod": _legal_prod,
    "boost": _legal_boost,
    "keep": _legal_keep,
    "discard": _legal_discard,
    "atk_tiles": _legal_atk_tiles,
    "barrier": _legal_barrier,
    "unflip": _legal_unflip,
    "talent": _legal_talent,
    "give": _legal_give,
    "build": _legal_build,
}

_HANDLE: dict[str, Callable[[RisingState, tuple, Action], None]] = {
    "start": _do_start,
    "place": _do_place,
    "flood_resp": _do_flood_resp,
    "pool": _do_pool,
    "mchoice": _do_mchoice,
    "window": _do_window,
    "prod": _do_prod,
    "boost": _do_boost,
    "keep": _do_keep,
    "discard": _do_discard,
    "atk_tiles": _do_atk_tiles,
    "barrier": _do_barrier,
    "unflip": _do_unflip,
    "talent": _do_talent,
    "give": _do_give,
    "build": _do_build,
}

_DECIDE: dict[str, Callable[[RisingState, tuple], Decision]] = {k: _decide for k in _READY}

#: every action kind a decision frame can ever offer (for clear refusals and the UI); read
#: only: :func:`register_frame` and :func:`add_frame_actions` extend it
FRAME_ACTIONS: dict[str, tuple[str, ...]] = {
    "start": ("play", "ability", "convert", "unflip", "done"),
    "place": ("place", "hold", "play"),
    "flood_resp": ("accept", "cancel"),
    "pool": ("contribute",),
    "mchoice": ("choose",),
    "window": ("play", "pass"),
    "prod": ("produce", "play", "convert"),
    "boost": ("boost",),
    "keep": ("keep",),
    "discard": ("discard", "play"),
    "atk_tiles": ("choose",),
    "barrier": ("choose",),
    "unflip": ("choose",),
    "talent": ("choose",),
    "give": ("give",),
    "build": ("build", "convert", "play", "pass"),
}

_DECISION_KINDS: tuple[str, ...] = (
    "start_of_turn", "place", "late_place", "flood_response", "pool_energy", "misfortune_choice",
    "card_window", "production", "boost", "library_keep", "discard", "attack_tiles",
    "place_barrier", "unflip_tile", "choose_councilor", "give_resources", "build",
)  # fmt: skip
#: the ``Decision.kind`` values of each registered decision frame
_REGISTERED_KINDS: dict[str, tuple[str, ...]] = {}


def decision_kinds() -> tuple[str, ...]:
    """Every ``Decision.kind`` the machine can ask, the registered frames' included."""
    out = list(_DECISION_KINDS)
    for kinds in _REGISTERED_KINDS.values():
        out += [k for k in kinds if k not in out]
    return tuple(out)


# ---------------------------------------------------------------------------------------------
# registration: a rules module (the monsters) adds its frames and hooks here; nobody else
# touches the tables above
def register_frame(
    kind: str,
    *,
    auto: Callable[[RisingState, tuple], None] | None = None,
    ready: Callable[[RisingState, tuple], bool] | None = None,
    legal: Callable[[RisingState, tuple, int], list[Action]] | None = None,
    handle: Callable[[RisingState, tuple, Action], None] | None = None,
    decide: Callable[[RisingState, tuple], Decision] | None = None,
    actions: tuple[str, ...] = (),
    decisions: tuple[str, ...] = (),
) -> None:
    """Add the frame ``kind`` to the machine: automatic (``auto`` only) or a decision.

    A decision frame needs ``ready`` (False: drop it, nothing to ask), ``legal``, ``handle`` and
    ``decide``; ``actions`` lists the action kinds it can offer and ``decisions`` the
    ``Decision.kind`` values it asks with. A kind already known is refused, so two modules
    cannot silently replace each other's frames.
    """
    if kind in _AUTO or kind in _READY:
        raise ValueError(f"the turn machine already has a frame {kind!r}")
    parts = (ready, legal, handle, decide)
    if auto is not None:
        if any(x is not None for x in parts) or actions or decisions:
            raise ValueError(f"automatic frame {kind!r} takes only auto=")
        _AUTO[kind] = auto
        return
    if any(x is None for x in parts):
        raise ValueError(f"decision frame {kind!r} needs ready=, legal=, handle= and decide=")
    assert ready is not None and legal is not None and handle is not None and decide is not None
    _READY[kind] = ready
    _LEGAL[kind] = legal
    _HANDLE[kind] = handle
    _DECIDE[kind] = decide
    FRAME_ACTIONS[kind] = tuple(actions)
    _REGISTERED_KINDS[kind] = tuple(decisions)


def unregister_frame(kind: str) -> None:
    """Remove a registered frame (tests that add a frame of their own clean up with it)."""
    for table in (_AUTO, _READY, _LEGAL, _HANDLE, _DECIDE, FRAME_ACTIONS, _REGISTERED_KINDS):
        table.pop(kind, None)


def add_frame_actions(kind: str, actions: tuple[str, ...]) -> None:
    """Let the decision frame ``kind`` offer more action kinds (a module's extra moves)."""
    if kind not in _READY:
        raise ValueError(f"the turn machine has no decision frame {kind!r}")
    have = FRAME_ACTIONS.get(kind, ())
    FRAME_ACTIONS[kind] = have + tuple(x for x in actions if x not in have)


class MonsterHooks(Protocol):
    """What the machine asks the monsters module (every call is made only when ``st.monsters``)."""

    POOL_TEXT: dict[str, str]

    def round_start(self, st: RisingState) -> None: ...
    def end_round(self, st: RisingState) -> None: ...
    def on_flooded(self, st: RisingState, t: int) -> None: ...
    def on_place(self, st: RisingState, p: int, t: int) -> None: ...
    def city_success(self, st: RisingState, p: int, n: int) -> bool: ...
    def library_bonus(self, st: RisingState, p: int) -> int: ...
    def free_actions(self, st: RisingState, p: int) -> list[Action]: ...
    def do_free(self, st: RisingState, a: Action) -> None: ...
    def build_actions(self, st: RisingState, p: int) -> list[Action]: ...
    def do_build_item(self, st: RisingState, a: Action) -> None: ...
    def place_warning(self, st: RisingState) -> str: ...
    def pool_done(self, st: RisingState, purpose: str, target: Any, success: bool) -> None: ...
    def explain(self, st: RisingState, a: Action) -> str | None: ...


class _NoMonsters:
    """Stands in until the monsters module registers (a game with monsters cannot get here)."""

    def __getattr__(self, name: str) -> Any:
        raise RuntimeError(
            f"monsters hook {name!r} asked before game.rising.monsters registered its hooks"
        )


_monsters: MonsterHooks = _NoMonsters()  # type: ignore[assignment]


def register_monster_hooks(hooks: MonsterHooks) -> None:
    """Make ``hooks`` answer the machine's monsters hooks (once; a second module is refused)."""
    global _monsters
    if not isinstance(_monsters, _NoMonsters) and _monsters is not hooks:
        raise ValueError("the turn machine already has monsters hooks")
    _monsters = hooks
