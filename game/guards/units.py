"""What the rules ask about units, cards and lasting effects, in one place.

The values a hero's cards show (icons with items and the Ultimate), where units stand (units
are ints in ``st.occ``: hero ``h`` is ``h``, minion ``i`` is ``-(i + 1)``), heavy minions'
shield, the auras that follow their heroes, and the bonus conditions of the vocabulary.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.guards.cards import COLOURS, Card, Step, card
from game.guards.geo import Hex, distance

if TYPE_CHECKING:
    from game.guards.state import GuardsState


_SLOT = {c: i for i, c in enumerate(COLOURS)}


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
    """The initiative a played card resolves at (-1: none, the Hold card). As :func:`icon`,
    written out: the turn asks it for every waiting hero before each resolution."""
    v = card(st.slots[h][_SLOT[colour]]).initiative
    if v is None:
        return -1
    v += st.items[h].count("initiative")
    return v + passive_bonus(st, h, "initiative") if st.ult[h] else v


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
    if not st.auras:
        return None
    caps = [d["max_move"] for d in auras_on(st, hero, "slow", False)]
    return min(caps) if caps else None


def can_fast_travel(st: GuardsState, hero: int) -> bool:
    return not st.auras or not auras_on(st, hero, "no_fast_travel", False)


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
