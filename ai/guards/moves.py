"""The one action of a card and the choices its steps ask for: quick rules and a greedy look.

Two ways to answer ``act`` (move, fast travel or the card's primary) and ``choose`` (a target,
a space, a card). The engine asks the action in two steps (the kind, then a move's
destination); the bots choose among the *complete* actions (:func:`complete`: every
destination of both move kinds, and the primary) and answer each step with their choice
(:func:`step_of`), so both steps see the same comparison:

* :func:`quick_act` / :func:`quick_choose`: rules of thumb with no copying of the state (strike
  what is in reach, else walk towards the battle zone and the nearest enemy); easy plays them
  and every search uses them for the seats it plays out, so they must stay cheap;
* :func:`greedy`: try each of the best few actions on a copy of the position, let the card run
  to its end with the quick rules (the enemy defends with :mod:`ai.guards.defence`), and keep
  the action whose outcome :func:`ai.guards.tactics.evaluate` likes best.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ai.guards import defence
from ai.guards.tactics import (
    battle_zone,
    defenders,
    evaluate,
    hero_lane,
    nearest,
    strikable,
    strike_map,
    zone_distances,
)
from game.core.protocol import Action
from game.guards.cards import card
from game.guards.effects import targets
from game.guards.geo import Hex, distance
from game.guards.legal import act_moves
from game.guards.units import icon, unit_team

if TYPE_CHECKING:
    from game.guards.state import GuardsState


def acting_hero(st: GuardsState) -> int | None:
    """The hero whose card is resolving (the one an ``act`` or ``choose`` is about)."""
    pr = st.prog
    return None if pr is None else pr["h"]


MOVE_KINDS = ("move", "fast")
#: the decisions of a card's action: the kind (``act``), then a move kind's destination
ACT_STEPS = frozenset({"act", "move", "fast"})


def complete(st: GuardsState, player: int, kind: str, legal: list[Action]) -> list[Action]:
    """The complete actions open at the ``kind`` step: at ``act`` every destination of both
    move kinds and the primary (the engine's :func:`game.guards.legal.act_moves`), at a
    destination step the destinations themselves (``legal``)."""
    if kind == "act":
        return act_moves(st, player)
    return legal


def step_of(legal: list[Action], full: Action) -> Action:
    """The answer to the step on offer that leads to the complete action ``full``: its kind
    at the ``act`` step, itself at a destination step."""
    if full in legal:
        return full
    for a in legal:
        if a.kind == "act" and a["what"] == full.kind:
            return a
    raise ValueError(f"{full} is not reachable from the step on offer")


def play_full(st: GuardsState, full: Action) -> None:
    """Apply a complete action to ``st`` (unchecked, as a search does): both steps of a move."""
    pr = st.prog
    if full.kind in MOVE_KINDS and pr is not None and pr["stage"] == "act":
        st._apply_quiet(Action(full.player, "act", (("what", full.kind),)))
    st._apply_quiet(full)


def strike_reach(st: GuardsState, h: int, colour: str) -> int:
    """How far the card's primary can reach an enemy from where the hero stands: its range
    (adjacent for melee) plus any movement its text makes first."""
    c = st.card_in(h, colour)
    far = max(1, icon(st, h, c, "range") or 0, icon(st, h, c, "radius") or 0)
    for s in c.effect:
        if s.name in ("move_self", "place_self"):
            far += s.get("n") or s.get("range") or 0
    return far


#: what the quick rules charge a space next to an enemy hero when the hand holds no defense
BARE = 3.0


def spot_score(
    st: GuardsState,
    h: int,
    hx: Hex,
    foes: list[Hex],
    bare: list[Hex] | None = None,
    walk: dict[Hex, int] | None = None,
) -> float:
    """How good a space is to stand on for hero ``h`` (lower is better): close to its lane's
    battle zone and to the nearest enemy unit, but not next to an enemy hero (``bare``: their
    spaces, given when the hero has no card left that can defend). ``walk``: the steps to
    stand next to an enemy minion (:func:`~ai.guards.tactics.strike_map`), counted instead of
    the straight distance, which froze heroes behind a wall of their own minions."""
    zd = zone_distances(st.geo.name, battle_zone(st, hero_lane(st, h))).get(hx, 9)
    e = min((distance(hx, f) for f in foes), default=6)
    if walk is not None:
        e = min(e, walk.get(hx, 8) + 1)
    near = BARE if bare and any(distance(hx, b) == 1 for b in bare) else 0.0
    return 1.0 * zd + 0.45 * max(e - 1, 0) + near


def bare_against(st: GuardsState, h: int) -> list[Hex]:
    """The enemy heroes' spaces when hero ``h`` has no card left that can defend (else none)."""
    if defenders(st, h):
        return []
    team = st.team_of[h]
    return [p for x in st.heroes if st.team_of[x] != team and (p := st.pos[x]) is not None]


def no_enemy_target(st: GuardsState, h: int, colour: str) -> bool:
    """Would the card's attack, made from where the hero stands, find no enemy unit (only
    friends, or nobody)? Unknown (False) for a card that moves the hero before it attacks."""
    c = st.card_in(h, colour)
    for s in c.effect:
        if s.name in ("move_self", "place_self"):
            return False
        if s.name == "attack":
            pr = {"h": h, "card": c.id, "last": None, "moved": False}
            got = targets(st, pr, s, attack=True)
            return all(unit_team(st, u) == st.team_of[h] for u in got)
    return False


def quick_act(st: GuardsState, legal: list[Action]) -> Action:
    """Rules of thumb for ``act``: use an attack or skill with an enemy in reach, else the move
    (regular or fast travel) that ends nearest the battle and the enemy."""
    h = acting_hero(st)
    prim = next((a for a in legal if a.kind == "primary"), None)
    if h is None:
        return legal[0]
    colour = st.prog["colour"]  # type: ignore[index]
    c = st.card_in(h, colour)
    me = st.pos[h]
    foes = strikable(st, st.team_of[h])
    if prim is not None and me is not None:
        far = strike_reach(st, h, colour)
        if c.primary == "attack" and any(distance(me, f) <= far for f in foes):
            if not no_enemy_target(st, h, colour):
                return prim
        if c.primary == "skill" and any(distance(me, f) <= max(far, 2) for f in foes):
            return prim
    moves = [a for a in legal if a.kind in MOVE_KINDS]
    if not moves:
        return prim if prim is not None else legal[0]
    bare = bare_against(st, h)
    team = st.team_of[h]
    heroes = [p for x in st.heroes if st.team_of[x] != team and (p := st.pos[x]) is not None]
    walk = strike_map(st, team)
    best = min(
        moves, key=lambda a: (spot_score(st, h, a["to"], heroes, bare, walk), a.kind == "fast")
    )
    if prim is not None and c.primary == "move":
        return prim
    return best


def _unit_rank(st: GuardsState, h: int, code: int) -> tuple[int, int]:
    """Which unit a card should pick first (lower first): enemy heroes about to fall, enemy
    minions (a sure kill and a step to a push), other enemy heroes, then friends."""
    mine = st.team_of[h]
    if code >= 0:
        if st.team_of[code] == mine:
            return (5, 0)
        cards = sum(1 for x in st.hand[code] if x != "black")
        return (0 if cards <= 1 else 3, cards)
    _, team, kind, _ = st.minions[-code - 1]
    if team == mine:
        return (6, 0)
    return (1, 0 if kind == "heavy" else 1)


def quick_choose(st: GuardsState, legal: list[Action]) -> Action:
    """Rules of thumb for a card's ``choose``: the best unit to strike or move, the space
    nearest the enemy, a real card back before the Hold card; never "skip" unless alone."""
    pr = st.prog
    h = acting_hero(st)
    real = [a for a in legal if a["option"] != "skip"]
    if not real or h is None or pr is None or pr["ask"] is None:
        return legal[0]
    kind = pr["ask"].kind
    if kind == "target":
        return min(real, key=lambda a: _unit_rank(st, h, st.occ[a["option"]]))
    if kind == "hex":
        foes = strikable(st, st.team_of[h])
        bare = bare_against(st, h)
        if _strikes_next(pr):  # a move before an attack: end next to an enemy to strike
            return min(real, key=lambda a: (nearest(a["option"], foes) > 1,
                                            spot_score(st, h, a["option"], foes, bare)))  # fmt: skip
        return min(real, key=lambda a: spot_score(st, h, a["option"], foes, bare))
    return next((a for a in real if a["option"] != "black"), real[0])


def _strikes_next(pr: dict) -> bool:
    """Is the card's next step an attack on an adjacent unit (the hero chooses where to go)?"""
    steps = card(pr["card"]).effect
    i = pr["i"] + 1
    return (
        i < len(steps)
        and steps[i].name == "attack"
        and steps[i].get("target") in (None, "adjacent")
    )


# --- carrying a card's resolution on, and the greedy look ----------------------------------
def quick_answer(st: GuardsState, player: int) -> Action:
    """A quick answer to any decision inside a card's resolution (or a defense)."""
    dec = st.decision()
    legal = st.legal_actions(player)
    kind = dec.kind if dec is not None else ""
    if kind in ACT_STEPS:
        return step_of(legal, quick_act(st, complete(st, player, kind, legal)))
    if kind == "choose":
        return quick_choose(st, legal)
    if kind == "defend":
        return defence.cheapest(st, legal)
    return legal[0]


def finish_card(st: GuardsState, hero: int | None, limit: int = 24) -> None:
    """Play the resolving card of ``hero`` to its end with quick answers (defenses too)."""
    for _ in range(limit):
        dec = st.decision()
        if dec is None:
            return
        if dec.kind == "defend" or (dec.kind == "choose" and acting_hero(st) == hero):
            p = dec.players[0]
            st._apply_quiet(quick_answer(st, p))
            continue
        return


#: what a bot's own card defeating a minion of its own side costs, on top of the position
#: (more than a push: nothing in the game is worth striking a friend for)
FRIENDLY_FIRE = 40.0


def friendly_losses(before: GuardsState, after: GuardsState, team: int) -> int:
    """Minions of ``team`` that stood in ``before`` and fell by the time of ``after`` while
    only ``team``'s hero acted (a push the other side won can only be such a fall: every
    minion of the lane then stands again, so it counts as one)."""
    if after.towers[1 - team] > before.towers[1 - team]:
        return 1
    return sum(
        1
        for a, b in zip(before.minions, after.minions, strict=False)
        if a[1] == team and a[3] is not None and b[3] is None
    )


def outcome(st: GuardsState, action: Action, team: int) -> float:
    """The value for ``team`` after ``action`` and the rest of its card, played quickly; a
    card that strikes a minion of its own side is charged :data:`FRIENDLY_FIRE` for it."""
    hero = acting_hero(st)
    w = st.clone()
    play_full(w, action)
    finish_card(w, hero)
    return evaluate(w, team) - FRIENDLY_FIRE * friendly_losses(st, w, team)


def shortlist(st: GuardsState, legal: list[Action], keep: int) -> list[Action]:
    """At most ``keep`` moves worth trying (the nearest the battle), and every other action."""
    moves = [a for a in legal if a.kind in MOVE_KINDS]
    if len(moves) <= keep:
        return legal
    h = acting_hero(st)
    assert h is not None
    foes = strikable(st, st.team_of[h])
    here = st.pos[h]
    moves.sort(key=lambda a: (spot_score(st, h, a["to"], foes), a["to"] != here))
    kept = set(moves[:keep])
    stay = next((a for a in moves if a["to"] == here), None)
    if stay is not None:
        kept.add(stay)
    return [a for a in legal if a.kind not in MOVE_KINDS or a in kept]


def greedy(
    st: GuardsState,
    legal: list[Action],
    team: int,
    keep: int = 10,
    value: Callable[[GuardsState, Action, int], float] = outcome,
) -> Action:
    """The action of ``legal`` whose outcome is best for ``team`` (first best on ties)."""
    if len(legal) == 1:
        return legal[0]
    best: Action | None = None
    top = -float("inf")
    for a in shortlist(st, legal, keep):
        v = value(st, a, team)
        if v > top + 1e-9:
            best, top = a, v
    return best if best is not None else legal[0]
