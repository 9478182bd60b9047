"""A deterministic, fairly aggressive Guards player for the scene tests, and a runner that
answers bot seats with it inline.

Its answer depends only on the view it is given (and a salt), so a headless game played with
it (``headless_game``) makes exactly the moves the same seats make through the board: that is
how the tests find seeds where a person defends, levels up and fast travels, without
hard-coding any outcome.
"""

from __future__ import annotations

import random

from ai.guards.advisor import enemy_hexes
from ai.runner import InlineAnswers
from game.core import registry
from game.core.protocol import Action, GameState
from game.core.saves import Seat
from game.guards.geo import distance
from game.guards.legal import act_moves


def _enemies(view, player: int) -> list[tuple[int, int]]:
    return enemy_hexes(view, player)


def choose(view: GameState, player: int, salt: int = 0) -> Action:
    """The legal answer to the step on offer that leads to :func:`plan`'s action."""
    full = plan(view, player, salt)
    legal = view.legal_actions(player)
    if full in legal:
        return full
    return next(a for a in legal if a.kind == "act" and a["what"] == full.kind)


def plan(view: GameState, player: int, salt: int = 0) -> Action:
    """The complete action (at the card's action: the kind and the destination together, the
    way a person clicks it). At a destination step it is the choice made at the kind step
    before it, so a game by mouse and a headless game make the same moves."""
    dec = view.decision()
    if dec is not None and dec.kind in ("move", "fast"):
        at_act = view.clone()
        at_act.prog["stage"] = "act"  # the position of the kind step this one came from
        full = _pick(at_act, player, act_moves(at_act, player), salt)
        assert full.kind == dec.kind, (full, dec.kind)
        return full
    if dec is not None and dec.kind == "act":
        return _pick(view, player, act_moves(view, player), salt)
    return _pick(view, player, view.legal_actions(player), salt)


def _pick(view: GameState, player: int, legal: list[Action], salt: int) -> Action:
    """Attack when the card can, else walk towards the nearest enemy; defend when possible;
    level up when possible; sometimes fast travel; otherwise a seeded pick."""
    rng = random.Random(f"{salt}:{view.round}:{view.turn}:{player}:{len(legal)}:{view.phase}")
    kinds = {a.kind for a in legal}
    if "defend" in kinds:
        saving = [a for a in legal if a["card"]]
        return saving[0] if saving else legal[-1]
    if "level" in kinds:
        return legal[0]
    if "primary" in kinds and rng.random() < 0.8:
        return next(a for a in legal if a.kind == "primary")
    if "fast" in kinds and rng.random() < 0.5:
        fasts = [a for a in legal if a.kind == "fast"]
        foes = _enemies(view, player)
        if foes:
            return min(fasts, key=lambda a: min(distance(a["to"], f) for f in foes))
        return fasts[rng.randrange(len(fasts))]
    if "move" in kinds:
        moves = [a for a in legal if a.kind == "move"]
        foes = _enemies(view, player)
        if foes:
            return min(moves, key=lambda a: (min(distance(a["to"], f) for f in foes), a["to"]))
    if "choose" in kinds:
        real = [a for a in legal if a["option"] != "skip"]
        if real:
            return real[rng.randrange(len(real))]
    if "play" in kinds:
        # prefer cards that attack (a bot that hits gives the person defences to make)
        attack = [a for a in legal if all(
            view.card_in(h, c).primary == "attack" for h, c in
            zip(view.seat_heroes[player], a["cards"], strict=False))]  # fmt: skip
        pool = attack if attack and rng.random() < 0.7 else legal
        return pool[rng.randrange(len(pool))]
    return legal[rng.randrange(len(legal))]


class ScriptedRunner(InlineAnswers):
    """Answers every bot request at once with :func:`choose` on the view it was given."""

    def __init__(self, salt: int = 0) -> None:
        super().__init__(lambda view, player: choose(view, player, salt))
        self.salt = salt


def headless_game(seats: list[Seat], options: dict[str, str], seed: int, salt: int = 0):
    """The whole game every seat playing :func:`choose` from its own view: (state, events
    with the seat that was deciding)."""
    spec = registry.get("guards")
    seats = spec.with_teams(seats)
    st = spec.create(seats, spec.parse_options(dict(options)), seed)
    log: list[tuple[int, Action, list]] = []
    while not st.is_terminal():
        dec = st.decision()
        p = min(p for p in dec.players if st.legal_actions(p))
        a = choose(st.view(p), p, salt)
        log.append((p, a, st.apply(a)))
    return st, log


def reach(session, want: str, limit: int = 5000) -> None:
    """Play a session on (people by :func:`choose`, bots by its runner) until a person faces a
    ``want`` step."""
    for _ in range(limit):
        dec = session.decision()
        human = session.current_human()
        if dec is not None and dec.kind == want and human is not None:
            return
        if human is not None:
            session.apply(choose(session.state.view(human), human))
        else:
            session.update(1.0)
    raise AssertionError(f"never reached a {want} step")
