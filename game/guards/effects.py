"""Every step of the effect vocabulary, implemented once, and how steps find their targets.

A card's primary action is a *program*: its ``effect`` steps, run in order by
:func:`game.guards.turns.run_program`. Each step is a function ``step(st, pr, spec, choice)``
returning :data:`DONE`, an :class:`Ask` (the card's owner must choose: a target, a space,
a card) or :data:`WAIT` (an attacked hero's owner must defend first). ``pr`` is the running
program (a dict of immutable values, so states copy cheaply); ``pr["sub"]`` remembers where a
step is when it is re-entered with the owner's choice or after a defense.

The values on the cards, units and auras are :mod:`game.guards.units`; attacks, defense,
defeat, minions and pushes :mod:`game.guards.combat`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from game.guards import words
from game.guards.cards import Card, Step, card
from game.guards.combat import arrive, begin_discard, hit
from game.guards.geo import Hex, direction_to, distance
from game.guards.units import (
    add_aura,
    blocked,
    condition,
    free,
    heavy_shielded,
    icon,
    immune,
    move_unit,
    unit_pos,
    unit_team,
)  # fmt: skip

if TYPE_CHECKING:
    from game.guards.state import GuardsState

DONE = "done"
WAIT = "wait"
TOKEN_SUPPLY = {"magma": 5, "mine": 4}


@dataclass(frozen=True, slots=True)
class Ask:
    """The card's owner chooses one of ``options`` (hexes or card colours); ``optional`` adds
    a "skip"."""

    kind: str  # target | hex | card
    options: tuple[Any, ...]
    optional: bool = False
    prompt: str = ""


# --- targets ---------------------------------------------------------------------------------------
def matches(st: GuardsState, h: int, code: int, who: str, attack: bool) -> bool:
    if code == h:
        return False
    mine = unit_team(st, code) == st.team_of[h]
    hero = code >= 0
    if who == "any":
        return not (attack and hero and mine)
    if who == "hero":
        return hero and not (attack and mine)
    if who == "minion":
        return not hero
    if who == "enemy":
        return not mine
    if who == "enemy_hero":
        return hero and not mine
    if who == "enemy_minion":
        return not hero and not mine
    if who == "friendly":
        return mine
    if who == "friendly_hero":
        return hero and mine
    if who == "friendly_minion":
        return not hero and mine
    raise ValueError(f"unknown target kind {who!r}")


def reach(st: GuardsState, h: int, c: Card, step: Step, key: str) -> int:
    """A step's range or radius: the number in its text, else the card's icon (items count)."""
    v = step.get(key)
    if v is not None:
        return v
    return icon(st, h, c, key) or 0


def targets(
    st: GuardsState, pr: dict[str, Any], step: Step, *, attack: bool, moving: bool = False,
    straight: bool = False, ordered: bool = True,
) -> list[int]:  # fmt: skip
    """Unit codes a step may pick, nearest first (ties in board order; in no order when
    ``ordered`` is off: a probe only asks which there are)."""
    h = pr["h"]
    c = card(pr["card"])
    where = step.get("target") or "adjacent"
    who = step.get("who") or "any"
    me = st.pos[h]
    if me is None:
        return []
    straight = (
        straight
        or bool(step.get("straight"))
        or ("straight_line" in c.keywords and where == "range")
    )
    if where == "attacked":
        code = pr.get("last")
        cands = [] if code is None or unit_pos(st, code) is None else [code]
    elif where == "self":
        return [h]
    else:
        r = (
            1
            if where == "adjacent"
            else reach(st, h, c, step, "range" if where == "range" else "radius")
        )
        cands = []
        mq, mr = me
        for hx, code in st.occ.items():  # distance() written out: every target search asks
            dq = hx[0] - mq
            dr = hx[1] - mr
            if 0 < (abs(dq) + abs(dr) + abs(dq + dr)) // 2 <= r:
                cands.append(code)
    out = []
    for code in cands:
        hx = unit_pos(st, code)
        if hx is None or not matches(st, h, code, who, attack):
            continue
        if straight and direction_to(me, hx) is None:
            continue
        if code < 0 and heavy_shielded(st, -code - 1):
            continue
        # immune to attacks / to being moved / to everything ("all" also blocks other effects)
        if code >= 0 and immune(st, code, "attacks" if attack else "moves" if moving else "all", h):
            continue
        out.append(code)
    if ordered and len(out) > 1:
        out.sort(
            key=lambda u: (distance(me, unit_pos(st, u)), unit_pos(st, u)[1], unit_pos(st, u)[0])
        )
    return out


# --- the steps ---------------------------------------------------------------------------------------------
def _no_effect(st: GuardsState, pr: dict[str, Any], why: str) -> str:
    """A step found nothing to act on: the log says so (a card's line is never only "resolves
    X"). Returns :data:`DONE`, what the step then returns."""
    st.emit(
        "no_effect",
        lambda st=st, h=pr["h"], c=pr["card"], why=why: (
            f"{st.hero_name(h)}'s {card(c).name}: {why}.",
            {"hero": h},
        ),
    )
    return DONE


def _nobody(st: GuardsState, pr: dict[str, Any], s: Step, what: str) -> str:
    """No unit for a targeting step: why, unless it aims at the unit the card already hit."""
    if s.get("target") == "attacked":
        return DONE
    other = " else" if pr.get("last") is not None else ""
    where = {"adjacent": "next to them", "radius": "around them"}.get(
        s.get("target") or "adjacent", "in reach"
    )
    return _no_effect(st, pr, f"nobody{other} {where} to {what}")


StepFn = Callable[["GuardsState", dict[str, Any], Step, Any], Any]
STEPS: dict[str, StepFn] = {}


def step(name: str) -> Callable[[StepFn], StepFn]:
    def deco(fn: StepFn) -> StepFn:
        STEPS[name] = fn
        return fn

    return deco


def _hexes(st: GuardsState, codes: list[int]) -> tuple[Hex, ...]:
    return tuple(unit_pos(st, c) for c in codes)  # type: ignore[misc]


def _code_at(st: GuardsState, hx: Hex) -> int:
    return st.occ[hx]


def self_moves(st: GuardsState, h: int, n: int, straight: bool, mandatory: bool) -> list[Hex]:
    """Where a text movement of ``n`` spaces may end (exactly n when mandatory)."""
    me = st.pos[h]
    if me is None:
        return []
    if straight:
        out = []
        for d in range(6):
            path = st.geo.line(me, d, n)
            ok = []
            for hx in path:
                if not free(st, hx):
                    break
                ok.append(hx)
            if mandatory:
                if len(ok) == n:
                    out.append(ok[-1])
            else:
                out.extend(ok)
        return out
    dist = st.geo.reachable(me, n, blocked(st))
    if mandatory:
        return [hx for hx, d in dist.items() if d == n]
    return [hx for hx, d in dist.items() if d > 0]


@step("move_self")
def s_move_self(st, pr, s, choice):
    if pr["sub"] == "done":
        return DONE
    h = pr["h"]
    if choice is None:
        opts = self_moves(st, h, s.get("n"), bool(s.get("straight")), bool(s.get("mandatory")))
        if not opts:
            return _no_effect(st, pr, "no room to move")
        if len(opts) > 1 or not s.get("mandatory"):
            return Ask("hex", tuple(opts), optional=not s.get("mandatory"), prompt="Move where?")
        choice = opts[0]
    if choice == "skip":
        return DONE
    move_unit(st, h, choice)
    pr["moved"] = True
    st.emit(
        "move",
        lambda st=st, h=h, choice=choice: (f"{st.hero_name(h)} moves.", {"hero": h, "to": choice}),
    )
    pr["sub"] = "done"
    return WAIT if arrive(st, h) else DONE


@step("place_self")
def s_place_self(st, pr, s, choice):
    if pr["sub"] == "done":
        return DONE
    h = pr["h"]
    if choice is None:
        r = reach(st, h, card(pr["card"]), s, "range")
        opts = tuple(hx for hx in st.geo.within(st.pos[h], r) if free(st, hx))
        if not opts:
            return _no_effect(st, pr, "no empty space to reappear on")
        return Ask("hex", opts, prompt="Reappear where?")
    move_unit(st, h, choice)
    pr["moved"] = True
    st.emit(
        "teleport",
        lambda st=st, h=h, choice=choice: (
            f"{st.hero_name(h)} vanishes and reappears.",
            {"hero": h, "to": choice},
        ),
    )
    pr["sub"] = "done"
    return WAIT if arrive(st, h) else DONE


def attack_value(st: GuardsState, pr: dict[str, Any], s: Step, target: int) -> int:
    h = pr["h"]
    c = card(pr["card"])
    v = icon(st, h, c, "attack") or 0
    bonus = s.get("bonus") or 0
    if bonus and condition(st, s.get("when"), h, target=target, moved=pr.get("moved", False)):
        v += bonus
    return v


@step("attack")
def s_attack(st, pr, s, choice):
    sub = pr["sub"]
    if sub == "done":
        return DONE
    if isinstance(sub, tuple):  # an area attack working through its targets
        queue = list(sub)
    elif choice is None:
        cands = targets(st, pr, s, attack=True)
        if not cands:
            return _nobody(st, pr, s, "attack")
        if s.get("target") == "radius":
            queue = cands
        elif len(cands) == 1:
            queue = cands
        else:
            return Ask("target", _hexes(st, cands), prompt="Attack whom?")
    else:
        queue = [_code_at(st, choice)]
    while queue:
        code = queue.pop(0)
        if unit_pos(st, code) is None:
            continue
        pr["last"] = code
        value = attack_value(st, pr, s, code)
        pr["sub"] = tuple(queue) if queue else "done"
        if hit(st, pr, code, value):
            return WAIT
        if st.winner is not None:
            return DONE
    return DONE


def _shift(st: GuardsState, code: int, d: int, n: int) -> bool:
    """Move a unit up to n spaces along direction d, as far as it can; True if it moved."""
    p = unit_pos(st, code)
    path = st.geo.line(p, d, n)  # type: ignore[arg-type]
    last = None
    for hx in path:
        if not free(st, hx):
            break
        last = hx
    if last is None:
        return False
    move_unit(st, code, last)
    return True


def _displace(st, pr, s, choice, towards: bool):
    sub = pr["sub"]
    if sub == "done":
        return DONE
    h = pr["h"]
    if isinstance(sub, tuple):
        queue = list(sub)
    elif choice is None:
        cands = targets(st, pr, s, attack=False, moving=True, straight=True)
        if not cands:
            return _nobody(st, pr, s, "pull" if towards else "push")
        if s.get("target") == "radius" or len(cands) == 1:
            queue = cands
        else:
            return Ask("target", _hexes(st, cands), prompt="Move whom?")
    else:
        queue = [_code_at(st, choice)]
    me = st.pos[h]
    # farthest first, so a unit behind does not block the one in front of it
    queue.sort(key=lambda u: -distance(me, unit_pos(st, u)))  # type: ignore[arg-type]
    while queue:
        code = queue.pop(0)
        p = unit_pos(st, code)
        if p is None:
            continue
        d = direction_to(me, p) if not towards else direction_to(p, me)  # type: ignore[arg-type]
        if d is None:
            continue
        pr["last"] = code
        moved = _shift(st, code, d, s.get("n"))
        if moved:
            word = "pulls" if towards else "pushes"
            st.emit(
                "displace",
                lambda st=st, h=h, word=word, code=code, p=p: (
                    f"{st.hero_name(h)} {word} {words.unit(st, code)} "
                    f"{words.count(distance(p, unit_pos(st, code)), 'space')} "  # type: ignore[arg-type]
                    f"{words.moved(st, p, unit_pos(st, code))}.",  # type: ignore[arg-type]
                    {"hero": h, "unit": code, "to": unit_pos(st, code)},
                ),
            )
        elif s.get("target") != "radius":
            _no_effect(st, pr, f"{words.unit(st, code)} has no room to move")
        pr["sub"] = tuple(queue) if queue else "done"
        if moved and arrive(st, code):
            return WAIT
    return DONE


@step("push")
def s_push(st, pr, s, choice):
    return _displace(st, pr, s, choice, towards=False)


@step("pull")
def s_pull(st, pr, s, choice):
    return _displace(st, pr, s, choice, towards=True)


@step("swap")
def s_swap(st, pr, s, choice):
    if pr["sub"] == "done":
        return DONE
    h = pr["h"]
    if choice is None:
        cands = targets(st, pr, s, attack=False, moving=True)
        if not cands:
            return _nobody(st, pr, s, "trade places with")
        if len(cands) > 1:
            return Ask("target", _hexes(st, cands), prompt="Trade places with whom?")
        choice = unit_pos(st, cands[0])
    code = _code_at(st, choice)
    me = st.pos[h]
    del st.occ[me]
    del st.occ[choice]
    st.occ[choice] = h
    st.pos[h] = choice
    st.occ[me] = code
    if code >= 0:
        st.pos[code] = me
    else:
        lane, team, kind, _ = st.minions[-code - 1]
        st.minions[-code - 1] = (lane, team, kind, me)
    pr["last"] = code
    pr["moved"] = True
    st.emit(
        "swap",
        lambda st=st, h=h, code=code: (
            f"{st.hero_name(h)} trades places with {words.unit(st, code)}.",
            {"hero": h, "unit": code},
        ),
    )
    pr["sub"] = "done"
    return WAIT if (arrive(st, h) or arrive(st, code)) else DONE


@step("discard_or_defeat")
def s_discard_or_defeat(st, pr, s, choice):
    if pr["sub"] == "done":
        return DONE
    if choice is None:
        cands = [c for c in targets(st, pr, s, attack=False) if c >= 0]
        if not cands:
            return _nobody(st, pr, s, "make throw away a card")
        if len(cands) > 1:
            return Ask("target", _hexes(st, cands), prompt="Who must throw away a card?")
        code = cands[0]
    else:
        code = _code_at(st, choice)
    pr["last"] = code
    pr["sub"] = "done"
    return WAIT if begin_discard(st, code, pr["h"]) else DONE


def _aura_step(st, pr, s, kind: str, **vals: Any):
    h = pr["h"]
    c = card(pr["card"])
    add_aura(st, h, kind, c, s, **vals)
    lasts = "this round" if st.auras[-1][3] == "round" else "this turn"
    st.emit(
        "aura",
        lambda st=st, h=h, kind=kind, c=c, lasts=lasts: (
            f"{st.hero_name(h)}'s {c.name} holds {lasts}: {c.text}",
            {"hero": h, "kind": kind},
        ),
    )
    return DONE


@step("defense_bonus")
def s_defense_bonus(st, pr, s, choice):
    c = card(pr["card"])
    radius = 0 if s.get("target") != "radius" else reach(st, pr["h"], c, s, "radius")
    return _aura_step(st, pr, s, "defense_bonus", n=s.get("n"), radius=radius,
                      when=s.get("when"))  # fmt: skip


@step("immune")
def s_immune(st, pr, s, choice):
    c = card(pr["card"])
    radius = 0 if s.get("target") != "radius" else reach(st, pr["h"], c, s, "radius")
    return _aura_step(st, pr, s, "immune", what=s.get("what"), radius=radius)


@step("no_fast_travel")
def s_no_fast_travel(st, pr, s, choice):
    radius = reach(st, pr["h"], card(pr["card"]), s, "radius")
    return _aura_step(st, pr, s, "no_fast_travel", radius=radius)


@step("slow")
def s_slow(st, pr, s, choice):
    radius = reach(st, pr["h"], card(pr["card"]), s, "radius")
    return _aura_step(st, pr, s, "slow", radius=radius, max_move=s.get("max_move"))


@step("ongoing")
def s_ongoing(st, pr, s, choice):
    kind = s.get("aura")
    radius = reach(st, pr["h"], card(pr["card"]), s, "radius")
    vals: dict[str, Any] = {"radius": radius}
    if kind == "slow":
        vals["max_move"] = s.get("max_move")
    elif kind == "immune":
        vals["what"] = s.get("what")
    elif kind == "defense_bonus":
        vals.update(n=s.get("n"), when=s.get("when"))
    return _aura_step(st, pr, s, kind, **vals)


@step("gain_coins")
def s_gain_coins(st, pr, s, choice):
    h = pr["h"]
    st.coins[h] += s.get("n")
    st.emit(
        "coins",
        lambda st=st, h=h, s=s, pr=pr: (
            f"{st.hero_name(h)} gains {words.count(s.get('n'), 'coin')} ({card(pr['card']).name}).",
            {"hero": h, "n": s.get("n")},
        ),
    )
    return DONE


@step("steal_coins")
def s_steal_coins(st, pr, s, choice):
    h = pr["h"]
    if choice is None:
        cands = [c for c in targets(st, pr, s, attack=False) if c >= 0]
        if not cands:
            return _nobody(st, pr, s, "take coins from")
        if len(cands) > 1:
            return Ask("target", _hexes(st, cands), prompt="Rob whom?")
        code = cands[0]
    else:
        code = _code_at(st, choice)
    n = min(s.get("n"), st.coins[code])
    st.coins[code] -= n
    st.coins[h] += n
    pr["last"] = code
    st.emit(
        "steal",
        lambda st=st, h=h, code=code, n=n, pr=pr: (
            (
                f"{st.hero_name(h)} takes {words.count(n, 'coin')} from {st.hero_name(code)}"
                if n
                else f"{st.hero_name(h)} takes nothing: {st.hero_name(code)} has no coins"
            )
            + f" ({card(pr['card']).name}).",
            {"hero": h, "target": code, "n": n},
        ),
    )
    return DONE


@step("place_tokens")
def s_place_tokens(st, pr, s, choice):
    h = pr["h"]
    kind = s.get("kind")
    left = s.get("n") if pr["sub"] is None else pr["sub"]
    if choice == "skip":
        return DONE
    if choice is not None:
        st.tokens[choice] = (kind, st.team_of[h], h)
        st.emit(
            "token",
            lambda st=st, h=h, kind=kind, choice=choice: (
                f"{st.hero_name(h)} places a {kind} token.",
                {"hero": h, "kind": kind, "at": choice},
            ),
        )
        left -= 1
        pr["sub"] = left
    supply = TOKEN_SUPPLY[kind] - sum(1 for t in st.tokens.values() if t[0] == kind)
    if left <= 0 or supply <= 0:
        return DONE
    r = reach(st, h, card(pr["card"]), s, "radius")
    opts = tuple(hx for hx in st.geo.within(st.pos[h], r) if free(st, hx) and hx not in st.tokens)
    if not opts:
        return _no_effect(st, pr, "no empty space for a token") if pr["sub"] is None else DONE
    return Ask("hex", opts, optional=True, prompt=f"Place a {kind} token ({left} left)")


@step("retrieve")
def s_retrieve(st, pr, s, choice):
    h = pr["h"]
    left = s.get("n") if pr["sub"] is None else pr["sub"]
    if choice == "skip":
        return DONE
    if choice is not None:
        st.out[h] = tuple(x for x in st.out[h] if x != choice)
        st.hand[h] = st.sort_hand((*st.hand[h], choice))
        st.emit(
            "retrieve",
            lambda st=st, h=h, choice=choice: (
                f"{st.hero_name(h)} takes {st.card_in(h, choice).name} back into the hand.",
                {"hero": h, "colour": choice},
            ),
        )
        left -= 1
        pr["sub"] = left
    opts = tuple(x for x in st.out[h] if x != pr["colour"])
    if not opts and pr["sub"] is None:
        return _no_effect(st, pr, "no played card to take back")
    if left <= 0 or not opts:
        return DONE
    return Ask("card", opts, optional=True, prompt="Take which card back?")


@step("dodge")
def s_dodge(st, pr, s, choice):  # a defense step: defense_total reads it
    return DONE


@step("pay_coins")
def s_pay_coins(st, pr, s, choice):
    h = pr["h"]
    st.coins[h] -= min(s.get("n"), st.coins[h])
    st.emit(
        "pay",
        lambda st=st, h=h, s=s, pr=pr: (
            f"{st.hero_name(h)} pays {words.count(s.get('n'), 'coin')} ({card(pr['card']).name}).",
            {"hero": h, "n": s.get("n")},
        ),
    )
    return DONE


@step("passive")
def s_passive(st, pr, s, choice):  # Ultimates never run as actions; their bonuses are looked up
    return DONE


_CONDITIONS: dict[str, tuple[tuple[str, int, bool], ...]] = {}


def _conditions(c: Card) -> tuple[tuple[str, int, bool], ...]:
    """The card's costs and mandatory movements, once per card (most cards have none)."""
    got = _CONDITIONS.get(c.id)
    if got is None:
        got = _CONDITIONS[c.id] = tuple(
            ("pay", s.get("n"), False) if s.name == "pay_coins"
            else ("move", s.get("n"), bool(s.get("straight")))
            for s in c.effect
            if s.name == "pay_coins" or (s.name == "move_self" and s.get("mandatory"))
        )  # fmt: skip
    return got


def feasible(st: GuardsState, h: int, c: Card) -> bool:
    """May the card's primary action be chosen? Only when it can change something now
    (:func:`why_not` gives no reason). Asked for every card at every act step, so it builds
    none of the reason's words."""
    return _stopped(st, h, c) is None and _some_step_acts(st, h, c)


# --- can the card's action change anything now? -------------------------------------------------
# Every action step says, from the position before the card acts, whether it could change
# anything (a unit, coins, a card, a token, an aura) and which units it would pick (a later
# step that works on "the unit attacked" needs one). A card's action is offered only when one
# of its steps can; otherwise the player is told why, in the words of the steps below.
Probe = Callable[["GuardsState", int, Card, Step, tuple[int, ...]], tuple[bool, tuple[int, ...]]]


def _probe_targets(
    st: GuardsState, h: int, c: Card, s: Step, last: tuple[int, ...], **how: bool
) -> tuple[int, ...]:
    """The units ``s`` may pick now (after a step that picked one of ``last``)."""
    if s.get("target") != "attacked":
        pr = {"h": h, "card": c.id, "last": None}
        return tuple(targets(st, pr, s, ordered=False, **how))  # type: ignore[arg-type]
    out: list[int] = []
    for code in last:
        pr = {"h": h, "card": c.id, "last": code}
        out += targets(st, pr, s, ordered=False, **how)  # type: ignore[arg-type]
    return tuple(out)


def _can_shift(st: GuardsState, h: int, code: int, towards: bool) -> bool:
    """Would a push (or pull) move ``code`` at least one space?"""
    me, p = st.pos[h], unit_pos(st, code)
    d = direction_to(p, me) if towards else direction_to(me, p)  # type: ignore[arg-type]
    if d is None:
        return False
    first = st.geo.line(p, d, 1)  # type: ignore[arg-type]
    return bool(first) and free(st, first[0])


def _probe_attack(st, h, c, s, last):
    found = _probe_targets(st, h, c, s, last, attack=True)
    return bool(found), found


def _probe_displace(towards: bool) -> Probe:
    def probe(st, h, c, s, last):
        found = _probe_targets(st, h, c, s, last, attack=False, moving=True, straight=True)
        return any(_can_shift(st, h, u, towards) for u in found), found

    return probe


def _probe_swap(st, h, c, s, last):
    found = _probe_targets(st, h, c, s, last, attack=False, moving=True)
    return bool(found), found


def _probe_discard(st, h, c, s, last):
    found = tuple(u for u in _probe_targets(st, h, c, s, last, attack=False) if u >= 0)
    return bool(found), found


def _probe_steal(st, h, c, s, last):
    found = tuple(u for u in _probe_targets(st, h, c, s, last, attack=False) if u >= 0)
    return any(st.coins[u] > 0 for u in found), found


def _probe_move_self(st, h, c, s, last):
    n, straight, mandatory = s.get("n"), bool(s.get("straight")), bool(s.get("mandatory"))
    return bool(self_moves(st, h, n, straight, mandatory)), ()


def _probe_place_self(st, h, c, s, last):
    r = reach(st, h, c, s, "range")
    return any(free(st, hx) for hx in st.geo.within(st.pos[h], r)), ()


def _probe_tokens(st, h, c, s, last):
    kind = s.get("kind")
    if TOKEN_SUPPLY[kind] <= sum(1 for t in st.tokens.values() if t[0] == kind):
        return False, ()
    r = reach(st, h, c, s, "radius")
    spots = st.geo.within(st.pos[h], r)
    return any(free(st, hx) and hx not in st.tokens for hx in spots), ()


def _probe_retrieve(st, h, c, s, last):
    return any(x != c.colour for x in st.out[h]), ()


def _always(st, h, c, s, last):
    return True, ()


def _never(st, h, c, s, last):
    return False, ()


#: each action step: (can it change something now, and what it picks; what is missing, in words)
#: ``{who}``/``{where}``/``{hero}``/``{kind}`` are filled in by :func:`_missing`; "" = never
#: the reason (a step that always acts, or a cost)
PROBES: dict[str, tuple[Probe, str]] = {
    "attack": (_probe_attack, "no {who} to attack {where}"),
    "push": (_probe_displace(False), "no {who} {where} that can be pushed"),
    "pull": (_probe_displace(True), "no {who} {where} that can be pulled"),
    "swap": (_probe_swap, "no {who} {where} to trade places with"),
    "discard_or_defeat": (_probe_discard, "no {who} {where}"),
    "steal_coins": (_probe_steal, "no {who} with coins {where}"),
    "move_self": (_probe_move_self, "{hero} has no space to move to"),
    "place_self": (_probe_place_self, "no empty space {where}"),
    "place_tokens": (_probe_tokens, "no {kind} token left to place, or no empty space {where}"),
    "retrieve": (_probe_retrieve, "no played card to take back"),
    "gain_coins": (_always, ""),
    "defense_bonus": (_always, ""),
    "immune": (_always, ""),
    "no_fast_travel": (_always, ""),
    "slow": (_always, ""),
    "ongoing": (_always, ""),
    "pay_coins": (_never, ""),  # a cost: paying alone is no effect (see _conditions)
    "dodge": (_never, ""),
    "passive": (_never, ""),
}
#: a unit kind (a step's ``who``) in a player's words
WHO_WORDS = {
    "any": "unit", "hero": "hero", "minion": "minion", "enemy": "enemy",
    "enemy_hero": "enemy hero", "enemy_minion": "enemy minion", "friendly": "friendly unit",
    "friendly_hero": "friendly hero", "friendly_minion": "friendly minion",
}  # fmt: skip
#: why a card's action cannot be chosen at all, by its kind (the Hold card, defence cards)
NO_ACTION = {
    "hold": "{card} only skips the turn",
    "defense": "{card} works only when it is thrown away to defend",
    "passive": "{card} is a lasting bonus, never an action",
}
_DEFAULT_WHO = {"attack": "any", "swap": "any", "discard_or_defeat": "enemy_hero",
                "steal_coins": "enemy_hero"}  # fmt: skip


def _missing(st: GuardsState, h: int, c: Card, s: Step) -> str:
    """What step ``s`` lacks to act, in a player's words ("" when it says nothing)."""
    words = PROBES[s.name][1]
    if not words or s.get("target") == "attacked":
        return ""
    name = st.hero_name(h)
    where = s.get("target") or ("range" if s.name == "place_self" else "adjacent")
    if s.name in ("place_self", "place_tokens"):
        where = "range" if s.name == "place_self" else "radius"
    if where == "adjacent":
        place = f"next to {name}"
    else:
        r = reach(st, h, c, s, "radius" if where == "radius" else "range")
        line = (
            s.name in ("push", "pull")
            or bool(s.get("straight"))
            or ("straight_line" in c.keywords and where == "range")
        )
        place = f"within {r} of {name}" + (" in a straight line" if line else "")
    who = WHO_WORDS.get(s.get("who") or _DEFAULT_WHO.get(s.name, "any"), "unit")
    return words.format(who=who, where=place, hero=name, kind=s.get("kind") or "")


def why_not(st: GuardsState, h: int, c: Card) -> str | None:
    """None when the card's primary action can change something now (a unit, coins, a card,
    a token, an aura); else why it cannot, in one short sentence for the player.

    A cost that cannot be paid or a mandatory movement that cannot be made stops the whole
    action; otherwise the action counts when any of its steps can act (an optional move, an
    aura and coins always can). Attacking one's own minion counts: the rulebook allows it.
    """
    stop = _stopped(st, h, c)
    if stop is not None:
        return stop
    if _some_step_acts(st, h, c):
        return None
    lacks = []
    for s in c.effect:
        words = _missing(st, h, c, s)
        if words and words not in lacks:
            lacks.append(words)
    return f"{c.name}: {' and '.join(lacks) or 'nothing it can do now'}."


def _stopped(st: GuardsState, h: int, c: Card) -> str | None:
    """What stops the whole action before any step is looked at, in words: no action on the
    card, the hero off the board, a cost it cannot pay, a mandatory move it cannot make."""
    if c.primary not in ("attack", "skill", "move"):
        return NO_ACTION.get(c.primary, "{card} has no action").format(card=c.name) + "."
    if st.pos[h] is None:
        return f"{c.name}: {st.hero_name(h)} is not on the board."
    for what, n, straight in _conditions(c):
        if what == "pay":
            if st.coins[h] < n:
                return f"{c.name}: it costs {n} coins and {st.hero_name(h)} has {st.coins[h]}."
        elif not self_moves(st, h, n, straight, True):
            line = " in a straight line" if straight else ""
            return f"{c.name}: {st.hero_name(h)} cannot move exactly {n} spaces{line}."
    return None


def _some_step_acts(st: GuardsState, h: int, c: Card) -> bool:
    last: tuple[int, ...] = ()
    for s in c.effect:
        acts, last = PROBES[s.name][0](st, h, c, s, last)
        if acts:
            return True
    return False


# --- hitting one's own side ------------------------------------------------------------------------
#: the steps that hurt the units they pick (the board asks before one hits its own side)
HARMFUL = frozenset({"attack", "discard_or_defeat", "steal_coins"})


def own_side(st: GuardsState, h: int, codes: tuple[int, ...] | list[int]) -> tuple[int, ...]:
    """Of ``codes``, the units of hero h's own side (never h)."""
    team = st.team_of[h]
    return tuple(u for u in codes if u != h and unit_team(st, u) == team)


def friendly_choices(st: GuardsState) -> tuple[Hex, ...]:
    """The glowing choices of the running card's step that would hurt its owner's own side
    (an attack on a friendly minion): the board draws them apart and asks before taking one."""
    pr = st.prog
    if pr is None or pr["ask"] is None or pr["ask"].kind != "target":
        return ()
    if card(pr["card"]).effect[pr["i"]].name not in HARMFUL:
        return ()
    return tuple(
        hx for hx in pr["ask"].options if hx in st.occ and own_side(st, pr["h"], [st.occ[hx]])
    )


def only_own_side(st: GuardsState, h: int, c: Card) -> bool:
    """Would the card's action, used now, only hurt its owner's own side? (Its harmful steps
    reach units, every one of them the owner's own, and no other step acts.)"""
    if not feasible(st, h, c):
        return False
    hurt = False
    last: tuple[int, ...] = ()
    for s in c.effect:
        acts, last = PROBES[s.name][0](st, h, c, s, last)
        if not acts or s.get("target") == "attacked":
            continue
        if s.name not in HARMFUL or len(own_side(st, h, last)) < len(last):
            return False
        hurt = True
    return hurt


def friendly_hits(st: GuardsState, h: int, c: Card) -> tuple[int, ...]:
    """The own-side units that choosing the card's action would hit at once, without a
    choice: its first step that picks units, when harmful, has one target (or is an area)."""
    if not feasible(st, h, c):
        return ()
    for s in c.effect:
        if s.name in ("move_self", "place_self"):
            return ()  # the hero moves first: the targets are not known yet
        if s.name not in PROBES or s.name in ("pay_coins", "gain_coins"):
            continue
        _, found = PROBES[s.name][0](st, h, c, s, ())
        if not found:
            continue
        if s.name not in HARMFUL or (len(found) > 1 and s.get("target") != "radius"):
            return ()
        return own_side(st, h, found)
    return ()
