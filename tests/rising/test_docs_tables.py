"""The content tables in docs/rules-decisions.md say what the data says.

The balance passes change card counts and component costs; a player or a later engineer reading
the decisions file must not see the numbers of an earlier pass.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from game.rising import components as comps
from game.rising.knowledge import KNOWLEDGE
from game.rising.misfortunes import MISFORTUNES

DOC = Path(__file__).resolve().parents[2] / "docs" / "rules-decisions.md"


def _rows() -> list[list[str]]:
    return [
        [c.strip() for c in line.strip().strip("|").split("|")]
        for line in DOC.read_text(encoding="utf-8").splitlines()
        if line.startswith("| ")
    ]


def _row_for(first: str, second: str | None = None) -> list[str]:
    """The content row for a card (second cell a count) or a component (deck, name)."""
    if second is None:
        rows = [r for r in _rows() if r[0] == first and r[1].isdigit()]
    else:
        rows = [r for r in _rows() if r[0] == first and r[1] == second]
    assert rows, f"no row for {first} {second or ''} in {DOC.name}"
    return rows[0]


@pytest.mark.parametrize("card", MISFORTUNES, ids=lambda m: m.key)
def test_misfortune_counts_match_the_data(card):
    assert _row_for(card.name)[1] == str(card.count)


@pytest.mark.parametrize("card", KNOWLEDGE, ids=lambda k: k.key)
def test_knowledge_counts_match_the_data(card):
    assert _row_for(card.name)[1] == str(card.count)


@pytest.mark.parametrize("comp", comps.COMPONENTS, ids=lambda c: c.key)
def test_component_costs_match_the_data(comp):
    row = _row_for(comp.deck, comp.name)
    assert row[2] == comps.cost_text(comps.COMPONENT_INDEX[comp.key])


def test_the_decks_hold_the_rulebook_counts():
    assert sum(m.count for m in MISFORTUNES) == 58
    assert sum(k.count for k in KNOWLEDGE) == 40
    assert len(comps.COMPONENTS) == 21
