"""Attacks and their defense, defeat, minions falling, mines, and pushing the lane.

A hero attacked may defend by discarding a card whose total holds (:func:`defense_total`);
``st.pend`` holds the question while its owner decides. Minions fall at once; a lane whose
team has no minion left is pushed (:func:`push_lane`), which may win the game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.guards import words
from game.guards.geo import Hex, distance
from game.guards.units import (
    auras_on,
    condition,
    free,
    has_passive,
    icon,
    lane_count,
    move_unit,
    passive_n,
)  # fmt: skip

if TYPE_CHECKING:
    from game.guards.state import GuardsState

MINION_COINS = {"melee": 2, "ranged": 2, "heavy": 4}
#: the total of a defense that dodges: it beats any attack
DODGE = 1000


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
    st.emit(
        "mine",
        lambda st=st, code=code, hx=hx: (
            f"{st.hero_name(code)} sets off a mine.",
            {"hero": code, "at": hx},
        ),
    )
    return begin_discard(st, code, tok[2])


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
    st.emit(
        "attack",
        lambda st=st, attacker=attacker, target=target, value=value, name=name: (
            f"{st.hero_name(attacker)} attacks {name} ({value}).",
            {"hero": attacker, "target": target, "value": value},
        ),
    )
    if not discardable(st, target):
        st.emit(
            "defenseless",
            lambda target=target, name=name: (
                f"{name} has no card to defend with.",
                {"hero": target},
            ),
        )
        defeat(st, target, attacker)
        return False
    if not defending_cards(st, target, value, attacker):
        st.emit(
            "overwhelmed",
            lambda target=target, name=name, value=value: (
                f"No card of {name} holds off {value}.",
                {"hero": target},
            ),
        )
        defeat(st, target, attacker)
        return False
    st.pend = ("attack", target, attacker, value)
    return True


def begin_discard(st: GuardsState, target: int, source: int) -> bool:
    """Discard a card of your choice or be defeated. True when the choice is pending."""
    if not discardable(st, target):
        st.emit(
            "defenseless",
            lambda st=st, target=target: (
                f"{st.hero_name(target)} has nothing to throw away.",
                {"hero": target},
            ),
        )
        defeat(st, target, source)
        return False
    st.pend = ("discard", target, source, 0)
    return True


def resolve_pending(st: GuardsState, colour: str) -> None:
    """The defender's answer: a card colour to discard, or "" to take the defeat."""
    kind, target, source, value = st.pend  # type: ignore[misc]
    st.pend = None
    if not colour:
        st.emit(
            "gives_up",
            lambda st=st, target=target: (
                f"{st.hero_name(target)} does not defend.",
                {"hero": target},
            ),
        )
        defeat(st, target, source)
        return
    c = st.card_in(target, colour)
    st.hand[target] = tuple(x for x in st.hand[target] if x != colour)
    st.out[target] = (*st.out[target], colour)
    if kind == "discard":
        st.emit(
            "discard",
            lambda st=st, target=target, c=c: (
                f"{st.hero_name(target)} throws away {c.name}.",
                {"hero": target, "card": c.id},
            ),
        )
        return
    st.emit(
        "defend",
        lambda st=st, target=target, c=c: (
            f"{st.hero_name(target)} defends with {c.name}.",
            {"hero": target, "card": c.id},
        ),
    )
    if c.primary == "defense":
        for s in c.effect:
            if s.name == "immune":
                st.auras.append((target, "immune", (("radius", 0), ("what", s.get("what"))),
                                 s.get("duration") or "turn"))  # fmt: skip
            elif s.name == "gain_coins":
                n = s.get("n")
                st.coins[target] += n
                st.emit(
                    "coins",
                    lambda st=st, target=target, n=n, c=c: (
                        f"{st.hero_name(target)} gains {words.count(n, 'coin')} ({c.name}).",
                        {"hero": target, "n": n},
                    ),
                )
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
    st.emit(
        "defeat",
        lambda st=st, hero=hero, by=by, lost=lost, gain=gain: (
            _defeat_text(st, hero, by, lost, gain),
            {"hero": hero, "by": by, "lost": lost, "gain": gain},
        ),
    )


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
    st.emit(
        "minion_defeated",
        lambda st=st, lane=lane, team=team, kind=kind, p=p, coins=coins, by=by: (
            _minion_text(st, team, kind, by, coins),
            {"lane": lane, "team": team, "kind": kind, "at": p, "coins": coins},
        ),
    )
    check_push(st, lane)


def _defeat_text(st: GuardsState, hero: int, by: int | None, lost: int, gain: int) -> str:
    """Who fell, to whom, and where the coins went."""
    text = f"{st.hero_name(hero)} is defeated"
    if by is not None and by >= 0:
        text += f" by {st.hero_name(by)}"
    text += f" and loses {words.count(lost, 'coin')}"
    if gain:
        text += f"; {st.hero_name(by)} gains {words.count(gain, 'coin')}"
    return text + "."


def _minion_text(st: GuardsState, team: int, kind: str, by: int | None, coins: int) -> str:
    """Whose minion fell, and the coins it brought (none for one's own)."""
    text = "T" + words.minion(team, kind, "the")[1:] + " falls"
    if by is None:
        return text + "."
    if coins:
        return f"{text}: {st.hero_name(by)} gains {words.count(coins, 'coin')}."
    return f"{text} (struck by its own side: no coins)."


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
    st.emit(
        "push",
        lambda st=st, lane=lane, pusher=pusher, zones=zones, idx=idx: (
            f"The {st.team_name(pusher)} push the lane into {words.zone_title(st, zones[idx])}.",
            {"lane": lane, "team": pusher, "zone": zones[idx]},
        ),
    )
    if idx in (0, len(zones) - 1):
        st.win(pusher, "throne")
        return
    if st.tower_goal and st.towers[pusher] >= st.tower_goal:
        st.win(pusher, "towers")
        return
    place_lane_minions(st, lane)


def place_lane_minions(st: GuardsState, lane: int) -> None:
    """Every minion of the lane (standing or removed) goes onto the battle zone's icons, Titans
    first, heavy, then ranged, then melee; each minion has its own icon (the n-th minion of a
    team and kind the n-th icon). A taken icon (a hero or magma on it) sends its minion to an
    empty space next to that icon (:func:`_beside`)."""
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
    # every minion's own icon (a missing one: the middle of the zone), in placing order
    spawn: dict[int, Hex] = {}
    seen: dict[tuple[int, str], int] = {}
    for i in order:
        _, t, k, _ = st.minions[i]
        icons = st.geo.lane_minion_icons(zone, t, k)
        n = seen[(t, k)] = seen.get((t, k), -1) + 1
        spawn[i] = icons[n] if n < len(icons) else zone_hexes[len(zone_hexes) // 2]
    for pos, i in enumerate(order):
        home = spawn[i]
        spot = (
            home
            if free(st, home)
            else _beside(st, home, zone, {spawn[j] for j in order[pos + 1 :]})
        )
        if spot in st.tokens:
            del st.tokens[spot]
        move_unit(st, -i - 1, spot)


def _beside(st: GuardsState, home: Hex, zone: str, later: set[Hex]) -> Hex:
    """Where a minion whose spawn point is taken goes: an empty space next to that spawn point
    (rulebook), preferring the zone's own spaces, then one no other minion still has to spawn
    on, then board order. With every neighbour taken (ours): the nearest empty space, the
    zone's first, so the minion still stands as close to its spawn point as the board allows."""
    geo = st.geo

    def key(hx: Hex) -> tuple[int, int, int, int, int]:
        return (distance(home, hx), geo.zone_of[hx] != zone, hx in later, hx[1], hx[0])

    near = [hx for hx in geo.nbrs[home] if free(st, hx)]
    if near:
        return min(near, key=key)
    return min((hx for hx in geo.hexes if free(st, hx)), key=key)


def hit(st: GuardsState, pr: dict[str, Any], code: int, value: int) -> bool:
    """Attack one unit: a minion falls at once; True when a hero's defense is now pending."""
    if code < 0:
        st.emit(
            "attack",
            lambda st=st, pr=pr, code=code: (
                f"{st.hero_name(pr['h'])} strikes {words.unit(st, code, 'a')}.",
                {"hero": pr["h"]},
            ),
        )
        defeat_minion(st, -code - 1, pr["h"])
        return False
    return begin_attack(st, code, pr["h"], value)
