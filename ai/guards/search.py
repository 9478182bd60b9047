"""Hard's card choice: determinised Monte Carlo over the face-down cards of the turn.

The only hidden information in Guards is what the other seats have committed this turn (the
view shows :data:`~game.core.hidden.HIDDEN`) and what the seats still to commit will play.
Hard turns the simultaneous choice into hidden commits made in seat order: each sampled world
guesses every other hero's card (the quick rules' favourites the likelier, with noise), then
each of hard's candidate cards is played in that same world, the whole turn resolves by
initiative with hard's heroes choosing greedily and everyone else by the quick rules, and the
position at the end of the turn is judged by :func:`ai.guards.tactics.evaluate`. The card with
the best mean over the worlds is played: it is the one that holds up against what the others
plausibly do (who strikes first, who is out of reach by then).

Hard's card's action looks to the end of the turn (:func:`ai.guards.cards.turn_outcome`): by
then every card is face up, so nothing is guessed; the rest of the turn plays out by the quick
rules and the position is judged when the turn is over.

Deterministic for a seed: ``worlds`` caps the sampling and the deadline is only a safety net.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ai.guards import cards, moves
from ai.guards.tactics import evaluate
from game.core.hidden import HIDDEN
from game.core.protocol import Action
from game.guards.turns import playing, seats_to_play

if TYPE_CHECKING:
    from game.guards.state import GuardsState


@dataclass(frozen=True, slots=True)
class Params:
    worlds: int = 6
    #: cards per hero worth a full play-out (the rest are cut by normal's quick look)
    per_hero: int = 4
    #: noise on the guess of another seat's card (in the units of the guess's scores)
    spread: float = 2.5
    #: how another hero's card is guessed: "quick" (the quick rules' scores) or "solo"
    #: (normal's value of each card, worked out once per decision)
    guess: str = "quick"
    #: how the other heroes act in a play-out: "quick" rules or the "greedy" look
    others: str = "quick"
    #: how far a card's action looks: to the end of the "card", or of the "turn"
    look: str = "card"


#: how the other heroes act in a play-out, by :attr:`Params.others`
OTHERS = {"quick": cards.quick_look, "greedy": cards.greedy_act}
#: what a card's action (and its choices) is judged by, by :attr:`Params.look`
LOOKS = {"card": moves.outcome, "turn": cards.turn_outcome}
#: hard's settings by name; ``hard`` is the level's, the others are for measurements
PRESETS = {
    "hard": Params(worlds=12, per_hero=5, spread=2.5, guess="quick", look="turn"),
    "hard_quick": Params(),
    "hard_q12": Params(worlds=12, per_hero=5, spread=2.5, guess="quick"),
    "hard_solo": Params(worlds=12, per_hero=5, spread=1.0, guess="solo"),
}


def guess(st: GuardsState, h: int, rng: random.Random, spread: float) -> str:
    hand = st.hand[h]
    scores = [cards.quick_score(st, h, col) + rng.gauss(0.0, spread) for col in hand]
    return hand[max(range(len(hand)), key=scores.__getitem__)]


Scores = dict[int, dict[str, float]]


def guess_scores(view: GuardsState, seat: int, how: str) -> Scores:
    """Each other hero's score for each card of its hand (higher: likelier played), once per
    decision: the quick rules', or normal's value of the card tried alone (its own seat's)."""
    out: Scores = {}
    for h in view.heroes:
        if view.seat_of[h] == seat or view.pos[h] is None or not view.hand[h]:
            continue
        if how == "solo":
            out[h] = cards.card_values(view, view.seat_of[h], h)
        else:
            out[h] = {col: cards.quick_score(view, h, col) for col in view.hand[h]}
    return out


def _pick(scores: dict[str, float], rng: random.Random, spread: float) -> str:
    cols = sorted(scores)
    noisy = [scores[c] + rng.gauss(0.0, spread) for c in cols]
    return cols[max(range(len(cols)), key=noisy.__getitem__)]


def sample_world(
    view: GuardsState, seat: int, rng: random.Random, spread: float, scores: Scores | None = None
) -> GuardsState:
    """One world: every hidden commit and every seat still to play gets a guessed card (this
    seat's own heroes are left to play). ``scores``: :func:`guess_scores` (else the quick
    rules' scores, worked out here)."""
    w = view.clone()

    def pick(h: int) -> str:
        if scores is not None and h in scores:
            return _pick(scores[h], rng, spread)
        return guess(w, h, rng, spread)

    for h, col in enumerate(w.commit):
        if col == HIDDEN:
            w.commit[h] = pick(h)
    for s in seats_to_play(w):
        if s == seat:
            continue
        for h in playing(w, s):
            w.commit[h] = pick(h)
    return w


def candidates(view: GuardsState, seat: int, params: Params) -> list[tuple[str, ...]]:
    heroes = playing(view, seat)
    per_hero = []
    for h in heroes:
        hand = sorted(view.hand[h], key=lambda col, h=h: -cards.quick_score(view, h, col))
        hand = hand[: params.per_hero]
        per_hero.append(hand)
    return cards.combos(view, seat, per_hero)


def choose_cards(
    view: GuardsState,
    seat: int,
    legal: list[Action],
    rng: random.Random,
    params: Params,
    deadline: float,
) -> Action:
    """The play of ``legal`` with the best mean outcome over sampled worlds."""
    cands = candidates(view, seat, params)
    if len(cands) == 1:
        return _action(legal, cands[0])
    heroes = set(playing(view, seat))
    team = view.seat_team[seat]
    totals = dict.fromkeys(cands, 0.0)
    counts = dict.fromkeys(cands, 0)
    worlds = params.worlds if len(view.hero_id) <= 6 else max(2, params.worlds * 6 // 10)
    scores = guess_scores(view, seat, params.guess)
    others = OTHERS[params.others]
    for i in range(worlds):
        world = sample_world(view, seat, rng, params.spread, scores)
        done: dict[tuple[str, ...], float] = {}
        for combo in cands:  # the quick rules' favourites first: they count if time runs out
            if (i or done) and time.monotonic() >= deadline:
                break
            w = world.clone()
            w._apply_quiet(Action.make(seat, "play", cards=combo))
            cards.run_turn(w, team, heroes.__contains__, cards.greedy_act, others)
            done[combo] = evaluate(w, team)
        if i and len(done) < len(cands):
            break  # a world cut short would favour the cards it reached
        for combo, v in done.items():
            totals[combo] += v
            counts[combo] += 1
        if len(done) < len(cands):
            break
    tried = [c for c in cands if counts[c]]
    best = max(tried, key=lambda c: (totals[c] / counts[c], c))
    return _action(legal, best)


def _action(legal: list[Action], combo: tuple[str, ...]) -> Action:
    for a in legal:
        if a["cards"] == combo:
            return a
    return legal[0]
