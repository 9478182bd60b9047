"""The Guards of Atlantis game state: plain data, and the protocol wired to the rules modules.

Heroes are numbered 0.. in seat order (a duo seat's Wuk before its Hanu); a seat is a player.
Every field holds scalars, tuples or lists/dicts of immutable values, so ``clone`` is a few
container copies. The turn machine is :mod:`game.guards.turns`, hero selection
:mod:`game.guards.selection`, the rules of cards and combat :mod:`game.guards.units`,
:mod:`game.guards.combat` and :mod:`game.guards.effects`, the
choices :mod:`game.guards.legal`, privacy :mod:`game.guards.views`.
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from typing import Any

from game.core.protocol import Action, Decision
from game.core.schema import SHARE, DeclaredState, Reset, Schema
from game.guards import legal, selection, snapshot, turns, views
from game.guards.cards import COLOURS, Card, Hero, card, heroes
from game.guards.geo import Geo, get

TEAM_NAMES = ("Titans", "Atlanteans")
#: the seat colours (the shared palette's ten names; saves are checked against them)
SEAT_COLOURS = (
    "coral", "lagoon", "gold", "kelp", "pearl", "urchin", "driftwood", "sapphire", "anemone",
    "rose",
)  # fmt: skip
#: rounds after which the team that pushed further wins (ours: every game ends)
MAX_ROUNDS = 30
_ORDER = {c: i for i, c in enumerate(COLOURS)}


class GuardsState(DeclaredState):
    """One game of Guards of Atlantis for 2-10 seats in two teams."""

    game_id = "guards"

    SCHEMA = Schema(
        scalars=(
            "n", "board", "mode", "phase", "round", "turn", "token", "winner", "win_how",
            "pushes", "tower_goal", "max_rounds", "flip", "pend", "tie", "queue", "place_queue",
            "level_queue", "combat_lanes", "sel_turn", "first_team", "pool", "bans", "packs",
            "captains", "names",
        ),
        lists=(
            "seat_team", "seat_heroes", "picks", "dealt", "hero_id", "seat_of", "team_of", "pos",
            "level", "coins", "slots", "items", "ult", "hand", "out", "red_lock", "back",
            "commit", "minions", "battle", "towers", "defeats", "auras",
        ),
        dicts=("occ", "tokens", "prog"),
        # the memos of the board, of ``turns.act_options`` and of the turn's initiatives are
        # keyed by what they depend on, so they travel with a copy; the offered actions do not
        caches={
            "_geo": SHARE, "_act_memo": SHARE, "_inits": SHARE, "_ev": Reset([]),
            "_offered": Reset(None), "_same_card": Reset(None),
        },
        codecs=snapshot.CODECS,
    )  # fmt: skip

    def __init__(self) -> None:
        self.rng = random.Random(0)
        self.prog: dict[str, Any] | None = None
        self.options: dict[str, str] = {}
        #: (player, the actions) of the last ``legal_actions``, the engine's own copy (the list
        #: returned is the caller's to change); ``_apply`` forgets it
        self._offered: tuple[int, tuple[Action, ...]] | None = None
        #: did the last action leave the resolving card waiting for its owner (``undoable``)?
        self._same_card: bool | None = None

    # --- lookups ------------------------------------------------------------------------------------
    @property
    def geo(self) -> Geo:
        # asked thousands of times a game: a plain attribute read (``self.__dict__`` costs
        # several times more on these instances)
        try:
            g = self._geo
            if g.name == self.board:
                return g
        except AttributeError:
            pass
        g = self._geo = get(self.board)
        return g

    @property
    def heroes(self) -> range:
        return range(len(self.hero_id))

    def hero_def(self, h: int) -> Hero:
        return heroes()[self.hero_id[h]]

    def card_in(self, h: int, colour: str) -> Card:
        """The card hero ``h`` now holds in a colour slot."""
        return card(self.slots[h][_ORDER[colour]])

    def sort_hand(self, colours: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(sorted(set(colours), key=_ORDER.__getitem__))

    def seat_roles(self) -> list[list[str]]:
        return [[self.hero_name(h) for h in self.seat_heroes[s]] for s in range(self.n)]

    def hero_name(self, h: int | None) -> str:
        ids = self.hero_id
        if h is None or not 0 <= h < len(ids):
            return "someone"
        return heroes()[ids[h]].name

    def team_name(self, team: int) -> str:
        return TEAM_NAMES[team]

    def player_name(self, player: int) -> str:
        names = getattr(self, "names", ())
        if 0 <= player < len(names) and names[player]:
            return names[player]
        return f"Player {player + 1}"

    # --- events ----------------------------------------------------------------------------------------
    # the rules record events with ``emit``, all of them public (commits say no card)
    def win(self, team: int, how: str) -> None:
        if self.winner is None:
            self.winner = team
            self.win_how = how
            what = "a draw" if team < 0 else f"the {TEAM_NAMES[team]} win"
            self.emit(
                "game_over",
                lambda team=team, how=how, what=what: (
                    f"Game over: {what} ({how}).",
                    {"team": team, "how": how},
                ),
            )

    # --- protocol ------------------------------------------------------------------------------------
    @property
    def num_players(self) -> int:
        return self.n

    @property
    def round_number(self) -> int:
        return self.round

    def decision(self) -> Decision | None:
        return turns.decision(self)

    def legal_actions(self, player: int) -> list[Action]:
        out = legal.legal_actions(self, player)
        # the offer is kept as a tuple: a caller appending to (or replacing in) the list it
        # got must not make its own object count as offered
        self._offered = (player, tuple(out))
        return out

    def check(self, action: Action) -> None:
        """An action that is one of the very objects ``legal_actions`` just offered this seat
        (no move applied since; the engine's own copy of the offer, not the caller's list) is
        legal as it stands; anything else is checked in full."""
        try:
            offered = self._offered
        except AttributeError:
            offered = None
        if offered is not None and offered[0] == action.player:
            for a in offered[1]:
                if a is action:
                    return
        super().check(action)

    def explain_illegal(self, action: Action) -> str:
        return legal.explain(self, action)

    def describe_action(self, action: Action) -> str:
        return legal.describe(self, action)

    def returns(self) -> list[float]:
        if self.winner is None:
            return [0.0] * self.n
        if self.winner < 0:
            return [0.5] * self.n
        return [1.0 if self.seat_team[p] == self.winner else 0.0 for p in range(self.n)]

    def _play(self, action: Action) -> None:
        self._offered = None
        if action.kind in selection.KINDS:
            selection.apply(self, action)
            self._same_card = None
        else:
            running = self.prog
            turns.apply(self, action)
            turns.advance(self)
            # the card that was resolving still waits for its owner (no defence, no end)
            self._same_card = running is not None and self.prog is running
            return
        turns.advance(self)

    def undoable(self, action: Action) -> bool:
        """A step of a card's action (the kind, a move, the card's action, a choice for it)
        may be taken back while that same card still waits for its owner: nothing hidden was
        shown and no other seat has answered since. Once a defence is asked, the card is done,
        or a tie is to be broken, the step stays."""
        return (
            action.kind in turns.TAKE_BACK
            and bool(self._same_card)
            and self.pend is None
            and self.tie is None
            and self.winner is None
            and turns.who(self) is not None
            and self.seat_of[self.prog["h"]] == action.player  # type: ignore[index]
        )

    def undo_rule(self) -> str:
        return (
            "only the steps of a card's action can be taken back, and only while that card "
            "still waits for you (never once another player has answered, e.g. with a defence)"
        )

    # --- information ---------------------------------------------------------------------------------
    def _redact(self, player: int | None) -> None:
        views.redact(self, player)

    def _shuffle_unknown(self, rng: random.Random) -> None:
        self._offered = None
        views.fill(self, rng)

    def observe(self, action: Action, viewer: int | None) -> Hashable:
        return views.observe(self, action, viewer)
