"""The tutorial's set positions of Guards of Atlantis: a real game, set up mid-round.

A guided lesson needs a table that is the same every time (who stands where, which cards are
still in hand, who holds the initiative token), so that what the lesson says stays true.
:func:`build` makes one: a new game whose heroes are picked and placed by the engine's own
actions, then the heroes moved to their spaces, the hands and coins set and the round's turn
chosen, as a :class:`Layout` says. Everything after that is ordinary play. The lessons'
layouts are :data:`LAYOUTS`; the tests check every one with the game's invariants.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.core.saves import Seat
from game.guards import units
from game.guards.cards import COLOURS
from game.guards.geo import Hex
from game.guards.setup import new_game
from game.guards.state import GuardsState


@dataclass(frozen=True)
class Layout:
    """One lesson's table: a hero per seat (seats alternate Titans, Atlanteans)."""

    heroes: tuple[str, ...]
    #: each hero's space (None: where the engine placed it on its throne)
    at: tuple[Hex | None, ...]
    #: each hero's cards still in hand (the others count as played this round)
    hands: tuple[tuple[str, ...], ...] = ()
    coins: tuple[int, ...] = ()
    turn: int = 1
    #: the team holding the initiative token (0 Titans, 1 Atlanteans)
    token: int = 0
    #: minions moved before the lesson: (where one stands now, where it goes)
    minions: tuple[tuple[Hex, Hex], ...] = ()
    seed: int = 6


def build(layout: Layout, names: tuple[str, ...] = ()) -> GuardsState:
    """The lesson's game: picks and entries made by the engine, then the layout applied.
    ``names`` are the seats' names (the log's "You plays face down")."""
    n = len(layout.heroes)
    seats = [Seat(names[s] if s < len(names) else f"Player {s + 1}", team=s % 2)
             for s in range(n)]  # fmt: skip
    st = new_game(seats, {"board": "one_lane"}, layout.seed)
    for _ in range(8 * n):
        dec = st.decision()
        if dec is None or dec.kind == "play":
            break
        p = dec.players[0]
        legal = st.legal_actions(p)
        if dec.kind == "pick":
            st.apply(next(a for a in legal if a["hero"] == layout.heroes[p]))
        else:
            st.apply(legal[0])
    if [st.hero_id[h] for h in st.heroes] != list(layout.heroes):
        raise ValueError(f"the lesson's heroes were not picked: {st.hero_id}")
    for old, new in layout.minions:
        units.move_unit(st, st.occ[old], new)
    for h, hx in enumerate(layout.at):
        if hx is not None and st.pos[h] != hx:
            units.move_unit(st, h, hx)
    for h, hand in enumerate(layout.hands):
        st.hand[h] = tuple(c for c in COLOURS if c in hand)
        st.out[h] = tuple(c for c in COLOURS if c not in hand)
    for h, coins in enumerate(layout.coins):
        st.coins[h] = coins
    st.turn = layout.turn
    st.token = layout.token
    return st


#: the lessons' tables, by lesson
LAYOUTS: dict[str, Layout] = {
    # the first skirmish: Wasp against Tigerclaw from the start of a game
    "skirmish": Layout(heroes=("wasp", "tigerclaw"), at=(None, None)),
    # turn 3 of round 1: Wasp (Titans) between her heavy minion and an Atlantean melee minion,
    # Tigerclaw next to her; Arc Strike is the one card in her hand that stops an attack of 5
    "defence": Layout(
        heroes=("wasp", "tigerclaw"),
        at=((9, 5), (10, 5)),
        hands=(("gold", "black", "red"), ("gold", "black", "red")),
        turn=3,
        minions=(((11, 6), (8, 6)),),
    ),
    # the start of a four-hero game: the Titans (Wasp, Brogan) hold the token
    "token": Layout(
        heroes=("wasp", "tigerclaw", "brogan", "arien"),
        at=(None, None, None, None),
        token=0,
    ),
    # turn 4 of round 1: Wasp next to an Atlantean melee minion with Sting in hand, no coins
    "level": Layout(
        heroes=("wasp", "tigerclaw"),
        at=((10, 6), (18, 5)),
        hands=(("gold", "black"), ("black", "green")),
        turn=4,
    ),
}
