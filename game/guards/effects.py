"""The rules of Guards of Atlantis that cards and combat share, and every effect step once.

A card's primary action is a *program*: its ``effect`` steps, run in order by
:func:`game.guards.flow.run_program`. Each step is a function ``step(st, pr, spec, choice)``
returning :data:`DONE`, an :class:`Ask` (the card's owner must choose: a target, a space,
a card) or :data:`WAIT` (an attacked hero's owner must defend first). ``pr`` is the running
program (a dict of immutable values, so states copy cheaply); ``pr["sub"]`` remembers where a
step is when it is re-entered with the owner's choice or after a defense.

Units are coded as ints in ``st.occ`` (hex -> code): a hero ``h`` is ``h``, minion ``i`` is
``-(i + 1)``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from game.guards.cards import Card, Step, card
from game.guards.geo import Hex, direction_to, distance

if TYPE_CHECKING:
    from game.guards.state import GuardsState

DONE = "done"
WAIT = "wait"
MINION_COINS = {"melee": 2, "ranged": 2, "heavy": 4}
#: the total of a defense that dodges: it beats any attack
DODGE = 1000
TOKEN_SUPPLY = {"magma": 5, "mine": 4}


@dataclass(frozen=True, slots=True)
class Ask:
    """The card's owner chooses one of ``options`` (hexes or card colours); ``optional`` adds
    a "skip"."""

    kind: str  # target | hex | card
    options: tuple[Any, ...]
    optional: bool = False
    prompt: str = ""


# --- values on the cards, with items and Ultimates ----------------------------------------------
def passive_bonus(st: GuardsState, h: int, stat: str) -> int:
    if not st.ult[h]:
        return 0
    ult = st.hero_def(h).ultimate
    return sum(s.get("n") for s in ult.effect if s.get("kind") == "stat" and s.get("stat") == stat)  # type: ignore[union-attr]


def has_passive(st: GuardsState, h: int, kind: str) -> bool:
    if not st.ult[h]:
        return False
    ult = st.hero_def(h).ultimate
    return any(s.get("kind") == kind for s in ult.effect)  # type: ignore[union-attr]


def passive_n(st: GuardsState, h: int, kind: str) -> int:
    if not st.ult[h]:
        return 0
    ult = st.hero_def(h).ultimate
    return sum(s.get("n") for s in ult.effect if s.get("kind") == kind)  # type: ignore[union-attr]


def icon(st: GuardsState, h: int, c: Card, name: str) -> int | None:
    """The value of an icon of a card hero ``h`` plays: the printed value + 1 per matching item
    + the Ultimate's bonus. An icon the card does not show stays absent (the Hold card)."""
    base = getattr(c, name)
    if base is None:
        return None
    return base + st.items[h].count(name) + passive_bonus(st, h, name)


def initiative(st: GuardsState, h: int, colour: str) -> int:
    c = st.card_in(h, colour)
    v = icon(st, h, c, "initiative")
    return -1 if v is None else v


# --- the board: who stands where ------------------------------------------------------------------
def unit_team(st: GuardsState, code: int) -> int:
    return st.team_of[code] if code >= 0 else st.minions[-code - 1][1]


def unit_pos(st: GuardsState, code: int) -> Hex | None:
    return st.pos[code] if code >= 0 else st.minions[-code - 1][3]


def blocked(st: GuardsState) -> set[Hex]:
    """Spaces a unit cannot enter: other units and magma (mountains are not passable)."""
    out = set(st.occ)
    for hx, tok in st.tokens.items():
        if tok[0] == "magma":
            out.add(hx)
    return out


def free(st: GuardsState, hx: Hex) -> bool:
    return hx in st.geo.passable and hx not in st.occ and st.tokens.get(hx, ("",))[0] != "magma"


def move_unit(st: GuardsState, code: int, to: Hex) -> None:
    """Put a unit on an empty space (its old space empties)."""
    old = unit_pos(st, code)
    if old is not None:
        del st.occ[old]
    st.occ[to] = code
    if code >= 0:
        st.pos[code] = to
    else:
        lane, team, kind, _ = st.minions[-code - 1]
        st.minions[-code - 1] = (lane, team, kind, to)


def arrive(st: GuardsState, code: int) -> bool:
    """A unit ended a move: an enemy hero on a mine sets it off. True when a discard-or-defeat
    is now pending."""
    if code < 0:
        return False
    hx = st.pos[code]
    tok = st.tokens.get(hx) if hx is not None else None
    if tok is None or tok[0] != "mine" or tok[1] == st.team_of[code]:
        return False
    del st.tokens[hx]
    st.say("mine", f"{st.hero_name(code)} sets off a mine.", hero=code, at=hx)
    return begin_discard(st, code, tok[2])


def heavy_shielded(st: GuardsState, m: int) -> bool:
    """A heavy minion cannot be moved, swapped, defeated or removed while another minion of
    its team is left in its lane."""
    lane, team, kind, _ = st.minions[m]
    if kind != "heavy":
        return False
    return any(
        i != m and ln == lane and t == team and p is not None
        for i, (ln, t, _, p) in enumerate(st.minions)
    )


def lane_count(st: GuardsState, lane: int, team: int) -> int:
    return sum(1 for ln, t, _, p in st.minions if ln == lane and t == team and p is not None)


# --- auras (ongoing effects that follow their hero) -----------------------------------------------
def add_aura(st: GuardsState, h: int, kind: str, c: Card, step: Step, **vals: Any) -> None:
    duration = step.get("duration") or ""
    if not duration:
        duration = "round" if (c.ongoing or step.name == "ongoing") else "turn"
    st.auras.append((h, kind, tuple(sorted(vals.items())), duration))


def _aura_hits(st: GuardsState, owner: int, radius: int, hero: int) -> bool:
    p = st.pos[owner]
    q = st.pos[hero]
    return p is not None and q is not None and distance(p, q) <= radius


def auras_on(st: GuardsState, hero: int, kind: str, friendly: bool) -> list[dict[str, Any]]:
    """The auras of ``kind`` covering ``hero`` from friendly (or enemy) heroes."""
    out = []
    team = st.team_of[hero]
    for owner, k, vals, _ in st.auras:
        if k != kind or (st.team_of[owner] == team) != friendly:
            continue
        d = dict(vals)
        if owner == hero or _aura_hits(st, owner, d.get("radius", 0), hero):
            if d.get("radius", 0) == 0 and owner != hero:
                continue
            out.append(d)
    return out


def immune(st: GuardsState, hero: int, what: str, by: int) -> bool:
    """Is ``hero`` shielded from an enemy ``what`` ("attacks" or "moves") by ``by``?"""
    if st.team_of[hero] == unit_team(st, by):
        return False
    return any(d["what"] in (what, "all") for d in auras_on(st, hero, "immune", True))


def move_limit(st: GuardsState, hero: int) -> int | None:
    caps = [d["max_move"] for d in auras_on(st, hero, "slow", False)]
    return min(caps) if caps else None


def can_fast_travel(st: GuardsState, hero: int) -> bool:
    return not auras_on(st, hero, "no_fast_travel", False)


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
    straight: bool = False,
) -> list[int]:  # fmt: skip
    """Unit codes a step may pick, nearest first (ties in board order)."""
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
        for hx, code in st.occ.items():
            d = distance(me, hx)
            if 0 < d <= r:
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
    out.sort(key=lambda u: (distance(me, unit_pos(st, u)), unit_pos(st, u)[1], unit_pos(st, u)[0]))
    return out


def condition(st: GuardsState, name: str, h: int, target: int | None = None,
              attacker: int | None = None, moved: bool = False) -> bool:  # fmt: skip
    """The bonus conditions of the vocabulary (steps.CONDITIONS)."""
    if name == "always":
        return True
    if name == "moved":
        return moved
    me = st.pos[h]
    if name == "near_friendly_minion":
        return me is not None and _next_to_minion(st, me, st.team_of[h])
    if name in ("target_isolated", "target_next_to_friendly_minion"):
        tp = None if target is None else unit_pos(st, target)
        if tp is None:
            return False
        if name == "target_next_to_friendly_minion":
            return _next_to_minion(st, tp, st.team_of[h])
        team = unit_team(st, target)  # type: ignore[arg-type]
        return not any(
            (code := st.occ.get(n)) is not None and code != target and unit_team(st, code) == team
            for n in st.geo.nbrs[tp]
        )
    if name in ("attacker_adjacent", "attacker_ranged"):
        ap = None if attacker is None else unit_pos(st, attacker)
        adj = me is not None and ap is not None and distance(me, ap) == 1
        return adj if name == "attacker_adjacent" else not adj
    raise ValueError(f"unknown condition {name!r}")


def _next_to_minion(st: GuardsState, hx: Hex, team: int) -> bool:
    for n in st.geo.nbrs[hx]:
        code = st.occ.get(n)
        if code is not None and code < 0 and st.minions[-code - 1][1] == team:
            return True
    return False


# --- defense ------------------------------------------------------------------------------------------
def minion_modifier(st: GuardsState, hero: int) -> int:
    """Melee and heavy minions: +1 to adjacent friendly heroes, -1 to adjacent enemies;
    ranged minions: -1 to enemy heroes within 2 spaces."""
    p = st.pos[hero]
    if p is None:
        return 0
    team = st.team_of[hero]
    ignore = has_passive(st, hero, "ignore_minions")
    total = 0
    for _, t, kind, mp in st.minions:
        if mp is None:
            continue
        d = distance(p, mp)
        if kind == "ranged":
            if t != team and d <= 2 and not ignore:
                total -= 1
        elif d == 1:
            if t == team:
                total += 1
            elif not ignore:
                total -= 1
    return total


def defense_total(st: GuardsState, hero: int, colour: str, attacker: int | None) -> int | None:
    """What discarding ``colour`` would defend with (None: the card cannot defend)."""
    c = st.card_in(hero, colour)
    base = icon(st, hero, c, "defense")
    if base is None or c.colour == "black":
        return None
    if c.primary == "defense":
        for s in c.effect:
            if s.name == "dodge" and condition(st, s.get("when"), hero, attacker=attacker):
                return DODGE
    total = base + minion_modifier(st, hero)
    if c.primary == "defense":
        for s in c.effect:
            if s.name == "defense_bonus" and not s.get("target"):
                if condition(st, s.get("when"), hero, attacker=attacker):
                    total += s.get("n")
    for d in auras_on(st, hero, "defense_bonus", True):
        if condition(st, d.get("when", "always"), hero, attacker=attacker):
            total += d["n"]
    return total


def defending_cards(st: GuardsState, hero: int, value: int, attacker: int) -> list[str]:
    return [
        col for col in st.hand[hero]
        if (t := defense_total(st, hero, col, attacker)) is not None and t >= value
    ]  # fmt: skip


def discardable(st: GuardsState, hero: int) -> list[str]:
    return [col for col in st.hand[hero] if col != "black"]


def begin_attack(st: GuardsState, target: int, attacker: int, value: int) -> bool:
    """A hero is attacked. True when its owner must now choose a defense (a pending decision);
    False when it was settled at once (no card can save it: defeated)."""
    name = st.hero_name(target)
    st.say("attack", f"{st.hero_name(attacker)} attacks {name} ({value}).",
           hero=attacker, target=target, value=value)  # fmt: skip
    if not discardable(st, target):
        st.say("defenseless", f"{name} has no card to defend with.", hero=target)
        defeat(st, target, attacker)
        return False
    if not defending_cards(st, target, value, attacker):
        st.say("overwhelmed", f"No card of {name} holds off {value}.", hero=target)
        defeat(st, target, attacker)
        return False
    st.pend = ("attack", target, attacker, value)
    return True


def begin_discard(st: GuardsState, target: int, source: int) -> bool:
    """Discard a card of your choice or be defeated. True when the choice is pending."""
    if not discardable(st, target):
        st.say("defenseless", f"{st.hero_name(target)} has nothing to throw away.", hero=target)
        defeat(st, target, source)
        return False
    st.pend = ("discard", target, source, 0)
    return True


def resolve_pending(st: GuardsState, colour: str) -> None:
    """The defender's answer: a card colour to discard, or "" to take the defeat."""
    kind, target, source, value = st.pend  # type: ignore[misc]
    st.pend = None
    if not colour:
        st.say("gives_up", f"{st.hero_name(target)} does not defend.", hero=target)
        defeat(st, target, source)
        return
    c = st.card_in(target, colour)
    st.hand[target] = tuple(x for x in st.hand[target] if x != colour)
    st.out[target] = (*st.out[target], colour)
    if kind == "discard":
        st.say("discard", f"{st.hero_name(target)} throws away {c.name}.", hero=target, card=c.id)
        return
    st.say("defend", f"{st.hero_name(target)} defends with {c.name}.", hero=target, card=c.id)
    if c.primary == "defense":
        for s in c.effect:
            if s.name == "immune":
                st.auras.append((target, "immune", (("radius", 0), ("what", s.get("what"))),
                                 s.get("duration") or "turn"))  # fmt: skip
            elif s.name == "gain_coins":
                st.coins[target] += s.get("n")
            elif s.name == "retrieve":  # not the card just discarded, nor one still to resolve;
                # the most recently played first, the Hold card last
                waiting = st.commit[target] if target in st.queue else None
                back = [x for x in reversed(st.out[target]) if x not in (colour, waiting)]
                back.sort(key=lambda x: x == "black")  # a real card before the Hold card
                back = back[: s.get("n")]
                st.out[target] = tuple(x for x in st.out[target] if x not in back)
                st.hand[target] = st.sort_hand((*st.hand[target], *back))


def defeat(st: GuardsState, hero: int, by: int | None) -> None:
    """A hero is defeated: off the board, half its coins (rounded up) lost, twice its level to
    the enemy who did it, cards back except the red one, its unresolved card discarded."""
    p = st.pos[hero]
    if p is None:
        return
    del st.occ[p]
    st.pos[hero] = None
    lost = (st.coins[hero] + 1) // 2
    st.coins[hero] -= lost
    gain = 0
    if by is not None and by >= 0 and st.team_of[by] != st.team_of[hero]:
        gain = 2 * st.level[hero]
        st.coins[by] += gain
    keep_red = has_passive(st, hero, "keep_red")
    st.hand[hero] = tuple(c for c in ("gold", "black", "red", "blue", "green")
                          if keep_red or c != "red")  # fmt: skip
    st.out[hero] = ()
    st.red_lock[hero] = 0 if keep_red else st.round + 1
    st.back[hero] = st.round + 1
    if hero in st.queue:
        st.queue = tuple(x for x in st.queue if x != hero)
    st.commit[hero] = None
    st.auras = [a for a in st.auras if a[0] != hero]
    st.defeats[st.team_of[hero]] += 1
    who = "" if by is None else f" by {st.hero_name(by)}"
    st.say("defeat", f"{st.hero_name(hero)} is defeated{who}; loses {lost} coins.",
           hero=hero, by=by, lost=lost, gain=gain)  # fmt: skip


def defeat_minion(st: GuardsState, m: int, by: int | None) -> None:
    lane, team, kind, p = st.minions[m]
    if p is None:
        return
    del st.occ[p]
    st.minions[m] = (lane, team, kind, None)
    coins = 0
    if by is not None and st.team_of[by] != team:
        coins = MINION_COINS[kind] + passive_n(st, by, "minion_bounty")
        st.coins[by] += coins
    st.say("minion_defeated", f"A {kind} minion falls.", lane=lane, team=team, kind=kind,
           at=p, coins=coins)  # fmt: skip
    check_push(st, lane)


def check_push(st: GuardsState, lane: int) -> None:
    """When a team has no minion left in a lane, the lane is pushed towards its throne."""
    for team in (0, 1):
        if st.winner is None and lane_count(st, lane, team) == 0:
            push_lane(st, lane, team)


def push_lane(st: GuardsState, lane: int, losing: int) -> None:
    zones = st.geo.lanes[lane]
    st.battle[lane] += -1 if losing == 0 else 1
    pusher = 1 - losing
    st.towers[pusher] += 1
    st.pushes += 1
    idx = st.battle[lane]
    st.say("push", f"The {st.team_name(pusher)} push the lane.", lane=lane, team=pusher,
           zone=zones[idx])  # fmt: skip
    if idx in (0, len(zones) - 1):
        st.win(pusher, "throne")
        return
    if st.tower_goal and st.towers[pusher] >= st.tower_goal:
        st.win(pusher, "towers")
        return
    place_lane_minions(st, lane)


def place_lane_minions(st: GuardsState, lane: int) -> None:
    """Every minion of the lane (standing or removed) goes onto the battle zone's icons; an
    occupied or missing icon sends it to the nearest empty space of the zone (board order
    breaks ties), Titans first, heavy, then ranged, then melee."""
    zone = st.geo.lanes[lane][st.battle[lane]]
    for i, (ln, t, k, p) in enumerate(st.minions):
        if ln == lane and p is not None:
            del st.occ[p]
            st.minions[i] = (ln, t, k, None)
    order = sorted(
        (i for i, m in enumerate(st.minions) if m[0] == lane),
        key=lambda i: (st.minions[i][1], ("heavy", "ranged", "melee").index(st.minions[i][2]), i),
    )
    zone_hexes = st.geo.zone_hexes[zone]
    for i in order:
        _, t, k, _ = st.minions[i]
        icons = st.geo.lane_minion_icons(zone, t, k)
        spot = next((hx for hx in icons if free(st, hx)), None)
        if spot is None:
            anchor = icons[0] if icons else zone_hexes[len(zone_hexes) // 2]
            spots = [hx for hx in zone_hexes if free(st, hx)] or [
                hx for hx in st.geo.hexes if free(st, hx)
            ]
            spot = min(spots, key=lambda hx: (distance(anchor, hx), hx[1], hx[0]))
        if spot in st.tokens:
            del st.tokens[spot]
        move_unit(st, -i - 1, spot)


def hit(st: GuardsState, pr: dict[str, Any], code: int, value: int) -> bool:
    """Attack one unit: a minion falls at once; True when a hero's defense is now pending."""
    if code < 0:
        st.say("attack", f"{st.hero_name(pr['h'])} strikes a minion.", hero=pr["h"])
        defeat_minion(st, -code - 1, pr["h"])
        return False
    return begin_attack(st, code, pr["h"], value)


# --- the steps ---------------------------------------------------------------------------------------------
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
            return DONE
        if len(opts) > 1 or not s.get("mandatory"):
            return Ask("hex", tuple(opts), optional=not s.get("mandatory"), prompt="Move where?")
        choice = opts[0]
    if choice == "skip":
        return DONE
    move_unit(st, h, choice)
    pr["moved"] = True
    st.say("move", f"{st.hero_name(h)} moves.", hero=h, to=choice)
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
            return DONE
        return Ask("hex", opts, prompt="Reappear where?")
    move_unit(st, h, choice)
    pr["moved"] = True
    st.say("teleport", f"{st.hero_name(h)} vanishes and reappears.", hero=h, to=choice)
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
            return DONE
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
            return DONE
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
            st.say("displace", f"{st.hero_name(h)} {word} a unit.", hero=h, unit=code,
                   to=unit_pos(st, code))  # fmt: skip
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
            return DONE
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
    st.say("swap", f"{st.hero_name(h)} trades places.", hero=h, unit=code)
    pr["sub"] = "done"
    return WAIT if (arrive(st, h) or arrive(st, code)) else DONE


@step("discard_or_defeat")
def s_discard_or_defeat(st, pr, s, choice):
    if pr["sub"] == "done":
        return DONE
    if choice is None:
        cands = [c for c in targets(st, pr, s, attack=False) if c >= 0]
        if not cands:
            return DONE
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
    st.say("aura", f"{st.hero_name(h)}: {c.name} takes hold.", hero=h, kind=kind)
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
    st.say("coins", f"{st.hero_name(h)} gains {s.get('n')} coins.", hero=h, n=s.get("n"))
    return DONE


@step("steal_coins")
def s_steal_coins(st, pr, s, choice):
    h = pr["h"]
    if choice is None:
        cands = [c for c in targets(st, pr, s, attack=False) if c >= 0]
        if not cands:
            return DONE
        if len(cands) > 1:
            return Ask("target", _hexes(st, cands), prompt="Rob whom?")
        code = cands[0]
    else:
        code = _code_at(st, choice)
    n = min(s.get("n"), st.coins[code])
    st.coins[code] -= n
    st.coins[h] += n
    pr["last"] = code
    st.say("steal", f"{st.hero_name(h)} steals {n} coins.", hero=h, target=code, n=n)
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
        st.say("token", f"{st.hero_name(h)} places a {kind} token.", hero=h, kind=kind, at=choice)
        left -= 1
        pr["sub"] = left
    supply = TOKEN_SUPPLY[kind] - sum(1 for t in st.tokens.values() if t[0] == kind)
    if left <= 0 or supply <= 0:
        return DONE
    r = reach(st, h, card(pr["card"]), s, "radius")
    opts = tuple(hx for hx in st.geo.within(st.pos[h], r) if free(st, hx) and hx not in st.tokens)
    if not opts:
        return DONE
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
        st.say("retrieve", f"{st.hero_name(h)} takes a card back.", hero=h, colour=choice)
        left -= 1
        pr["sub"] = left
    opts = tuple(x for x in st.out[h] if x != pr["colour"])
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
    st.say("pay", f"{st.hero_name(h)} pays {s.get('n')} coins.", hero=h, n=s.get("n"))
    return DONE


@step("passive")
def s_passive(st, pr, s, choice):  # Ultimates never run as actions; their bonuses are looked up
    return DONE


def feasible(st: GuardsState, h: int, c: Card) -> bool:
    """May the card's primary action be chosen? Not when its mandatory movement (always the
    first steps of our cards) cannot be made from where the hero stands, nor when the hero
    cannot pay the coins it costs."""
    for s in c.effect:
        if s.name == "pay_coins" and st.coins[h] < s.get("n"):
            return False
        if s.name == "move_self" and s.get("mandatory"):
            if not self_moves(st, h, s.get("n"), bool(s.get("straight")), True):
                return False
    return True
