"""The Guards of Atlantis bots at their three levels, and the factory :mod:`ai.bots` calls.

Every decision kind of the engine is answered from the seat's view alone:

=========  =====================  ==========================  ==============================
decision   easy                   normal                      hard
=========  =====================  ==========================  ==============================
pick/ban   at random              strongest on offer          strongest on offer
place      nearest the battle     nearest the battle          nearest the battle
play       quick rules            each card tried alone       sampled worlds, whole turn
first      enemy in reach first   enemy in reach first        enemy in reach first
act, then  quick rules            greedy look (8 moves) to    greedy look (14 moves) to
move/fast                         the end of the card         the end of the turn
choose     quick rules            greedy look (card)          greedy look (turn)
defend     cheapest that holds    the card missed least       the card missed least
remove     furthest from enemy    greedy look                 greedy look
level      first card offered     best card and item          best card and item
=========  =====================  ==========================  ==============================

The card's action is asked in two steps (the kind, then a move's destination): the bot
chooses the complete action at the first step, answers the kind, and answers the destination
with the same choice (kept with the position it was made in; recomputed on any other).

(:mod:`ai.guards.cards`, :mod:`ai.guards.moves`, :mod:`ai.guards.defence`,
:mod:`ai.guards.levelling`, :mod:`ai.guards.draft`, :mod:`ai.guards.search`.)
"""

from __future__ import annotations

from collections.abc import Callable

from ai.base import SeededBot
from ai.guards import cards, defence, draft, levelling, moves, search
from game.core.protocol import Action, GameState
from game.guards.state import GuardsState

LEVELS = ("easy", "normal", "hard")
#: moves the greedy look tries per ``act`` at each level (the rest are cut by the quick rules)
KEEP = {"normal": 8, "hard": 14}


class GuardsBot(SeededBot):
    """One seat's bot; deterministic for its seed (hard samples with its own generator)."""

    def __init__(self, level: str, seed: int, params: search.Params | None = None) -> None:
        if level not in LEVELS:
            raise ValueError(f"no Guards of Atlantis bot level {level!r}")
        super().__init__(level, seed)
        self.params = params or search.PRESETS["hard"]
        #: (the position without the act stage, the complete action chosen at its act step)
        self._plan: tuple[object, Action] | None = None

    def decide(
        self,
        view: GameState,
        player: int,
        legal: list[Action],
        deadline: float,
        should_stop: Callable[[], bool],
    ) -> Action:
        dec = view.decision()
        assert dec is not None and isinstance(view, GuardsState)
        return self._answer(view, player, dec.kind, legal, deadline)

    def _answer(
        self, st: GuardsState, player: int, kind: str, legal: list[Action], deadline: float
    ) -> Action:
        """The answer to one decision of ``kind`` in the view ``st``."""
        level = self.level
        careful = level != "easy"
        team = st.seat_team[player]
        if kind in ("pick", "ban", "recruit"):
            return draft.select(st, legal, self.rng, careful)
        if kind == "place":
            return draft.place(st, legal)
        if kind == "play":
            if level == "easy":
                return cards.quick_play(st, player, legal)
            if level == "normal":
                return cards.normal_play(st, player, legal)
            return search.choose_cards(st, player, legal, self.rng, self.params, deadline)
        if kind == "first":
            return draft.first(st, legal)
        if kind in moves.ACT_STEPS:
            return moves.step_of(legal, self._complete_act(st, player, kind, legal, team))
        if kind == "choose":
            if not careful:
                return moves.quick_choose(st, legal)
            return moves.greedy(st, legal, team, value=self._look())
        if kind == "defend":
            return defence.keep_best(st, legal) if careful else defence.cheapest(st, legal)
        if kind == "remove":
            return draft.remove(st, legal, careful)
        if kind == "level":
            return levelling.best(st, legal) if careful else levelling.first(st, legal)
        return legal[0]

    def _look(self) -> Callable[[GuardsState, Action, int], float]:
        """What this bot judges a card's action by: normal to the end of the card, hard as
        its settings say (:data:`ai.guards.search.LOOKS`)."""
        return search.LOOKS[self.params.look if self.level == "hard" else "card"]

    def _complete_act(
        self, st: GuardsState, player: int, kind: str, legal: list[Action], team: int
    ) -> Action:
        """The complete action (kind and destination) for a step of the card's action."""
        if self.level == "easy":  # the quick rules pick the same destination at both steps
            return moves.quick_act(st, moves.complete(st, player, kind, legal))
        key = _plan_key(st)
        if kind != "act" and self._plan is not None and self._plan[0] == key:
            if self._plan[1] in legal:
                return self._plan[1]
        full = moves.greedy(
            st,
            moves.complete(st, player, kind, legal),
            team,
            keep=KEEP[self.level],
            value=self._look(),
        )
        self._plan = (key, full)
        return full


def _plan_key(st: GuardsState) -> object:
    """The position a plan was made in, the same at the kind and the destination step."""
    pr = st.prog
    assert pr is not None
    fp = st.fingerprint()
    return (fp[0], fp[1], fp[2], tuple(sorted((k, v) for k, v in pr.items() if k != "stage")))


def make_policy(level: str, seed: int) -> GuardsBot:
    """``ai.bots`` calls this for the easy, normal and hard Guards of Atlantis bots."""
    return GuardsBot(level, seed)
