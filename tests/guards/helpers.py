"""Test helpers: stand-in heroes (until every hero file exists), scripted states, invariants."""

from __future__ import annotations

import dataclasses
import random
from contextlib import contextmanager

from game.core.protocol import Action
from game.guards import cards
from game.guards.cards import HERO_IDS, Hero, heroes
from game.guards.invariants import check
from game.guards.setup import new_game
from game.guards.state import GuardsState


def _clone(src: Hero, hid: str, ape: bool) -> Hero:
    keep = []
    for c in src.cards:
        if ape:
            if c.colour == "ultimate":
                continue
            if c.tier >= 2 and not c.id.endswith("a"):
                continue
            if c.tier == 3 and c.colour == "green":
                continue
        keep.append(
            dataclasses.replace(c, id=f"{hid}__{c.id}", hero=hid, item="" if ape else c.item)
        )
    return dataclasses.replace(
        src, id=hid, name=hid.capitalize(), cards=tuple(keep), items=not ape,
        max_level=6 if ape else 8,
    )  # fmt: skip


@contextmanager
def stand_ins():
    """Every hero id without a file gets a copy of Arien's or Brogan's cards (apes: 10 of them),
    so games of up to 10 seats can be tested before all hero files exist."""
    have = heroes()
    added = []
    for i, hid in enumerate(HERO_IDS):
        if hid not in have:
            have[hid] = _clone(have["arien" if i % 2 else "brogan"], hid, hid in ("wuk", "hanu"))
            added.append(hid)
    cards.card_index.cache_clear()
    try:
        yield
    finally:
        for hid in added:
            del have[hid]
        cards.card_index.cache_clear()


def random_action(st: GuardsState, rng: random.Random) -> Action:
    d = st.decision()
    p = d.players[rng.randrange(len(d.players))]
    la = st.legal_actions(p)
    return la[rng.randrange(len(la))]


def to_play(st: GuardsState, rng: random.Random | None = None, picks: dict | None = None) -> None:
    """Answer selection and placement (random, or ``picks``: seat -> unit) up to the first play."""
    rng = rng or random.Random(0)
    while st.phase in ("select", "place"):
        d = st.decision()
        la = st.legal_actions(d.players[0])
        if picks and d.kind == "pick" and d.players[0] in picks:
            a = next(x for x in la if x["hero"] == picks[d.players[0]])
        else:
            a = la[rng.randrange(len(la))]
        st.apply(a)


def game(n: int = 2, seed: int = 1, board: str = "tiny", **opts: str) -> GuardsState:
    return new_game(n, {"board": board, **opts}, seed)


check_invariants = check  # the engine's own check (game/guards/invariants.py)


# --- scripted positions ------------------------------------------------------------------------
def duel(a: str = "arien", b: str = "brogan", board: str = "open", seed: int = 0, **opts: str):
    """Two seats, the Titans' hero ``a`` and the Atlanteans' ``b``, placed, at the first play."""
    st = new_game(2, {"board": board, **opts}, seed)
    to_play(st, picks={0: a, 1: b})
    return st


def put(st: GuardsState, h: int, hx) -> None:
    from game.guards.units import move_unit

    if hx in st.occ and st.occ[hx] != h:
        raise ValueError(f"{hx} is taken")
    move_unit(st, h, hx)


def clear_minions(st: GuardsState) -> None:
    """Lift every minion off the board (no push: the tests then add their own)."""
    for i, (lane, team, kind, p) in enumerate(st.minions):
        if p is not None:
            del st.occ[p]
        st.minions[i] = (lane, team, kind, None)


def add_minion(st: GuardsState, team: int, kind: str, hx, lane: int = 0) -> int:
    from game.guards.units import move_unit

    st.minions.append((lane, team, kind, None))
    i = len(st.minions) - 1
    move_unit(st, -i - 1, hx)
    return i


def commit(st: GuardsState, plays: dict[int, str]) -> list:
    """Every seat that must play commits: hero -> colour, Hold for heroes not named."""
    events = []
    from game.guards.turns import playing

    d = st.decision()
    assert d is not None and d.kind == "play", d
    for seat in d.players:
        cards = tuple(
            plays.get(h, "black" if "black" in st.hand[h] else st.hand[h][0])
            for h in playing(st, seat)
        )
        events += st.apply(Action.make(seat, "play", cards=cards))
    return events


def do(st: GuardsState, kind: str, **args) -> list:
    """Apply ``kind`` with ``args`` for the seat deciding. A move or fast travel asked at the
    card's ``act`` step is taken in its two steps (the kind, then the destination); the
    events of both are returned."""
    d = st.decision()
    assert d is not None, "the game is over"
    p = d.players[0]
    if kind in ("move", "fast") and d.kind == "act":
        events = st.apply(Action.make(p, "act", what=kind))
        return events + st.apply(Action.make(p, kind, **args))
    return st.apply(Action.make(p, kind, **args))


def give(st: GuardsState, h: int, card_id: str) -> str:
    """Put a card in its colour slot of hero h (as if levelled to it); returns the colour."""
    from game.guards.cards import COLOURS, card

    c = card(card_id)
    slots = list(st.slots[h])
    slots[COLOURS.index(c.colour)] = card_id
    st.slots[h] = tuple(slots)
    return c.colour


_TEST_CARDS = 0


def make_card(hero: str, colour: str, primary: str, effect: list[dict], **icons):
    """A card for one test, registered in the card index (validated like a file's card)."""
    from game.guards.cards import Card, _step, card_index

    global _TEST_CARDS
    _TEST_CARDS += 1
    context = {"defense": "defense", "passive": "passive"}.get(primary, "action")
    steps = tuple(_step("test", s, context) for s in effect)
    keywords = tuple(icons.pop("keywords", ()))
    c = Card(
        f"test_card_{_TEST_CARDS}", f"Test {_TEST_CARDS}", hero, colour, 1, primary,
        keywords=keywords, text="test", effect=steps, **{"initiative": 10, **icons},
    )  # fmt: skip
    card_index()[c.id] = c
    return c.id


def scene(a_at, b_at, board: str = "open"):
    """Arien at a_at, Brogan at b_at on an open field; one spare minion per team far away."""
    st = duel(board=board)
    clear_minions(st)
    add_minion(st, 0, "melee", (-2, 4))
    add_minion(st, 1, "melee", (12, 4))
    put(st, 0, a_at)
    put(st, 1, b_at)
    return st


def use(st: GuardsState, h: int, card_id: str, others: dict[int, str] | None = None) -> None:
    """Hero h plays card_id (everyone else holds) and chooses its primary action."""
    colour = give(st, h, card_id)
    commit(st, {h: colour, **(others or {})})
    d = st.decision()
    if d.kind == "act" and st.prog["h"] == h:
        do(st, "primary")


def finish_round(st: GuardsState) -> None:
    """Play on quietly to the next round: Hold while possible, stay put, never level up."""
    start = st.round
    while st.round == start:
        d = st.decision()
        if d is None:
            return
        if d.kind == "play":
            commit(st, {})
        else:
            legal = st.legal_actions(d.players[0])
            st.apply(legal[0] if d.kind in ("act", "move") else legal[-1])
