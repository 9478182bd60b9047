"""Which card to play face down this turn (one per hero; a duo seat plays one per ape).

* :func:`quick_score` — rules of thumb, no copying: an attack when an enemy is in its reach,
  a skill when one is close, otherwise the card that walks furthest towards the fight; the
  Hold card when nothing is near (so the card kept for the end of the round can defend).
  Easy plays by it, and searches use it to guess what the other seats play.
* :func:`solo_value` — the card tried on a copy of the position where every other hero holds:
  the hero resolves it with the greedy look of :mod:`ai.guards.moves`, and the outcome is
  judged by :func:`ai.guards.tactics.evaluate`. Normal plays the card with the best value
  (plus a little for initiative when enemies are close: who acts first matters then).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from itertools import product
from typing import TYPE_CHECKING

from ai.guards import defence, moves
from ai.guards.tactics import evaluate, strikable
from game.core.protocol import Action
from game.guards.geo import distance
from game.guards.turns import playing
from game.guards.units import icon

if TYPE_CHECKING:
    from game.guards.state import GuardsState

HOLD = "black"
#: the decisions that end a card's (a turn's) resolution for a look-ahead
BETWEEN_TURNS = frozenset({"play", "place", "remove", "level", "pick", "ban", "recruit"})


def quick_score(st: GuardsState, h: int, colour: str) -> float:
    """A rule-of-thumb worth of playing ``colour`` now (higher is better)."""
    me = st.pos[h]
    if me is None:
        return 0.0
    foes = strikable(st, st.team_of[h])
    d = min((distance(me, hx) for hx in foes), default=9)
    hero_d = min(
        (distance(me, st.pos[x]) for x in st.heroes
         if st.pos[x] is not None and st.team_of[x] != st.team_of[h]),
        default=9,
    )  # fmt: skip
    if colour == HOLD:
        return 1.5 if d > 4 and hero_d > 4 else -4.0
    c = st.card_in(h, colour)
    init = icon(st, h, c, "initiative") or 0
    mv = icon(st, h, c, "move") or 0
    far = moves.strike_reach(st, h, colour)
    approach = 0.8 * min(mv, max(d - 1, 0))
    if c.primary == "attack":
        if d <= far:
            return 8.0 + 0.6 * (icon(st, h, c, "attack") or 0) + 0.2 * init
        return approach
    if c.primary == "skill":
        if d <= max(far, 2):
            return 5.0 + 0.1 * init
        return approach
    if c.primary == "move":
        return 1.0 + 1.0 * mv if d > 1 else 0.5
    return approach - 1.0  # a defense card: better kept in hand


def quick_cards(st: GuardsState, seat: int) -> tuple[str, ...]:
    """The quick rules' cards for every hero of ``seat`` that must play."""
    return tuple(
        max(st.hand[h], key=lambda col, h=h: (quick_score(st, h, col), col))
        for h in playing(st, seat)
    )


def guessed_cards(st: GuardsState, seat: int, rng: random.Random, spread: float) -> tuple:
    """What another seat may play: one of its cards, the quick rules' favourites the likelier
    (``spread``: how much the guess wanders from the favourite)."""
    out = []
    for h in playing(st, seat):
        hand = st.hand[h]
        scores = [quick_score(st, h, col) + rng.gauss(0.0, spread) for col in hand]
        out.append(hand[max(range(len(hand)), key=scores.__getitem__)])
    return tuple(out)


def quick_play(st: GuardsState, seat: int, legal: list[Action]) -> Action:
    want = quick_cards(st, seat)
    for a in legal:
        if a["cards"] == want:
            return a
    return legal[0]


# --- trying a card on a copy of the position ---------------------------------------------------
ActPolicy = Callable[["GuardsState", list[Action], int], Action]


def greedy_act(st: GuardsState, legal: list[Action], team: int) -> Action:
    """A card's action (``legal``: the complete actions at an act step) and its choices by the
    greedy look, as the bots answer them in the game (a quick choice here made a card look
    worse than it plays: an attack aimed at the wrong unit, so the bot held instead)."""
    return moves.greedy(st, legal, team, keep=8)


def quick_look(st: GuardsState, legal: list[Action], team: int) -> Action:
    """A card's action (complete actions at an act step) or choice by the quick rules."""
    dec = st.decision()
    if dec is not None and dec.kind in moves.ACT_STEPS:
        return moves.quick_act(st, legal)
    return moves.quick_choose(st, legal)


def run_turn(
    st: GuardsState,
    team: int,
    mine: Callable[[int], bool],
    act: ActPolicy,
    others: ActPolicy = quick_look,
) -> None:
    """Play the revealed turn out: heroes for whom ``mine(hero)`` holds answer with ``act``, the
    others with ``others`` (the quick rules unless told), every defense with the quick rules;
    stop when the next turn (or the end of the round) asks for new cards."""
    for _ in range(400):
        dec = st.decision()
        if dec is None or dec.kind in BETWEEN_TURNS:
            return
        p = dec.players[0]
        legal = st.legal_actions(p)
        kind = dec.kind
        if kind == "defend":
            a = defence.cheapest(st, legal)
        elif kind in moves.ACT_STEPS or kind == "choose":
            h = moves.acting_hero(st)
            full = moves.complete(st, p, kind, legal) if kind != "choose" else legal
            policy = act if h is not None and mine(h) else others
            a = policy(st, full, st.team_of[h] if h is not None else 0)
            if kind != "choose":  # a complete action, both steps at once
                moves.play_full(st, a)
                continue
        else:
            a = legal[0]
        st._apply_quiet(a)


def turn_outcome(st: GuardsState, action: Action, team: int) -> float:
    """The value for ``team`` at the end of the turn after ``action``: the rest of the acting
    hero's card, then every other card of the turn (all face up by now, nothing to guess) by
    the quick rules. Charged for own minions struck as :func:`moves.outcome` is."""
    hero = moves.acting_hero(st)
    w = st.clone()
    moves.play_full(w, action)
    moves.finish_card(w, hero)
    lost = moves.friendly_losses(st, w, team)
    run_turn(w, team, _nobody, quick_look)
    return evaluate(w, team) - moves.FRIENDLY_FIRE * lost


def _nobody(h: int) -> bool:
    return False


def solo_value(
    st: GuardsState, seat: int, h: int, colour: str, act: ActPolicy = greedy_act
) -> float:
    """The value for the seat's team of hero ``h`` playing ``colour`` while everyone else holds."""
    w = st.clone()
    for x in w.heroes:
        if x != h and w.pos[x] is not None:
            w.commit[x] = HOLD  # in this copy every other hero holds (hidden cards unread)
    w.commit[h] = None  # (a search asks this of a hero whose card is face down: its guess)
    w._apply_quiet(Action.make(seat, "play", cards=(colour,)))
    team = w.seat_team[seat]
    run_turn(w, team, lambda x: x == h, act)
    return evaluate(w, team)


def initiative_edge(st: GuardsState, h: int, colour: str) -> float:
    """Acting first is worth a little when enemy heroes are close enough to matter."""
    me = st.pos[h]
    if me is None or colour == HOLD:
        return 0.0
    near = any(
        st.pos[x] is not None and st.team_of[x] != st.team_of[h] and distance(me, st.pos[x]) <= 4
        for x in st.heroes
    )
    if not near:
        return 0.0
    c = st.card_in(h, colour)
    return 0.12 * (icon(st, h, c, "initiative") or 0)


def card_values(st: GuardsState, seat: int, h: int) -> dict[str, float]:
    """Normal's value of each card in hero ``h``'s hand (see :func:`solo_value`)."""
    return {col: solo_value(st, seat, h, col) + initiative_edge(st, h, col) for col in st.hand[h]}


def normal_play(st: GuardsState, seat: int, legal: list[Action]) -> Action:
    """Each hero's best card by :func:`card_values` (a duo seat: each ape on its own)."""
    heroes = playing(st, seat)
    want = []
    for h in heroes:
        vals = card_values(st, seat, h)
        want.append(max(st.hand[h], key=lambda col, v=vals: (v[col], col)))
    combo = tuple(want)
    for a in legal:
        if a["cards"] == combo:
            return a
    return legal[0]


def combos(st: GuardsState, seat: int, per_hero: list[list[str]]) -> list[tuple[str, ...]]:
    """Every way to pick one card per hero from the short lists (a duo seat: pairs)."""
    return [tuple(c) for c in product(*per_hero)]
