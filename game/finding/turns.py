"""The turn machine of Finding Atlantis, declared: who decides in each phase, what, and how.

The phases follow each other as the rules move them (``game.finding.effects`` sets
``st.phase``): two captains dealt and one kept by each seat in turn (``captain``), a first
hidden move each (``start``), then turns of two actions (``play``), interrupted when a
submarine explores a space of Atlantis (``solve``: name the city or keep searching) and,
when it tries, by naming the city space by space (``claim``). ``over`` has no decider.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.core.protocol import Action, Decision
from game.finding import legal

if TYPE_CHECKING:
    from game.finding.state import FindingState


@dataclass(frozen=True, slots=True)
class Phase:
    """One phase: its decision kind, the seat that decides, the words, the actions offered."""

    kind: str
    decider: Callable[[FindingState], int]
    prompt: Callable[[FindingState, int], str]
    actions: Callable[[FindingState, int], list[Action]]


def _turn_prompt(st: FindingState, p: int) -> str:
    left = "one more action" if st.acts == 1 else f"{st.acts} actions"
    return f"{st.player_name(p)}: {left} this turn"


def _claim_prompt(st: FindingState, p: int) -> str:
    return (
        f"Name Atlantis space {len(st.claim) + 1} of {st.city_size} "
        "(it must touch one already named)"
    )


PHASES: dict[str, Phase] = {
    "captain": Phase(
        "captain",
        lambda st: st.setup_i,
        lambda st, p: "Keep one of the two captains dealt",
        legal.keep_actions,
    ),
    "start": Phase(
        "start_move",
        lambda st: st.order()[st.setup_i],
        lambda st, p: "Dive: pick the direction of a first hidden move",
        legal.start_actions,
    ),
    "play": Phase("turn", lambda st: st.seat, _turn_prompt, legal.turn_actions),
    "solve": Phase(
        "solve",
        lambda st: st.seat,
        lambda st, p: "Atlantis lies beneath you: name the whole city now?",
        legal.solve_actions,
    ),
    "claim": Phase("claim", lambda st: st.seat, _claim_prompt, legal.claim_actions),
}


def decision(st: FindingState) -> Decision | None:
    phase = PHASES.get(st.phase)
    if phase is None:
        return None
    p = phase.decider(st)
    return Decision((p,), phase.kind, phase.prompt(st, p))


def legal_actions(st: FindingState, p: int) -> list[Action]:
    phase = PHASES.get(st.phase)
    if phase is None or p != phase.decider(st):
        return []
    return phase.actions(st, p)
