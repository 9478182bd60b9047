"""Atlantis Rising's results table: the gate's components and who built each, plus notes on
the difficulty, what was built and the tiles the sea and the Athenians took."""

from __future__ import annotations

from collections.abc import Sequence

from game.core.protocol import GameState
from game.core.saves import Seat
from game.rising import components as comps
from game.rising.councilors import COUNCILORS
from game.rising.island import NUM_TILES, SECTIONS
from scenes.results_rows import ResultsTable


def _who(state: GameState, seats: Sequence[Seat], p: int) -> str:
    name = seats[p].name if 0 <= p < len(seats) else f"Player {p + 1}"
    return f"{name} ({COUNCILORS[state.councilor[p]].name})"


def rising_results(state: GameState, seats: Sequence[Seat]) -> ResultsTable:
    """Components (built by whom), difficulty, rounds and tiles lost per section."""
    blueprint = list(state.blueprint)
    built = list(state.built)
    rows: list[list[str]] = []
    per_seat = [0] * len(seats)
    for slot, ci in enumerate(blueprint):
        comp = comps.COMPONENTS[ci]
        by = built[slot] if slot < len(built) else -1
        if by >= 0 and by < len(per_seat):
            per_seat[by] += 1
        deck = "core" if comp.deck == "core" else f"deck {comp.deck}"
        rows.append([comp.name, deck, _who(state, seats, by) if by >= 0 else "not built"])
    difficulty = str(state.options.get("difficulty", "normal"))
    decks = ", ".join(comps.DIFFICULTY_DECKS.get(difficulty, ()))
    finished = sum(b >= 0 for b in built)
    flooded = list(state.flooded)
    lost = ", ".join(f"{SECTIONS[s].capitalize()} {flooded[s]}" for s in range(6))
    notes = [
        f"Difficulty {difficulty.capitalize()} (decks {decks})"
        + (", no starting energy" if state.options.get("energy_start") == "no" else "")
        + f"  ·  {finished} of {len(blueprint)} built",
        f"Tiles lost: {lost}  ({sum(flooded)} of {NUM_TILES})",
        "Built: " + ", ".join(f"{_who(state, seats, p)} {n}" for p, n in enumerate(per_seat)),
    ]
    monsters = tuple(state.monsters or ())
    if monsters:
        notes.append("Monsters: " + "; ".join(_monster_fate(state, seats, k) for k in monsters))
    return ResultsTable(["Component", "Deck", "Built by"], rows, notes)


_MONSTER_NAMES = {"medusa": "Medusa", "harpies": "the Harpies", "scylla": "Scylla & Charybdis"}


def _monster_fate(state: GameState, seats: Sequence[Seat], key: str) -> str:
    """``"Medusa defeated by Kleito (Explorer)"`` or ``"the Harpies still on the prowl"``."""
    from game.rising.monsters.common import SCENARIO_INDEX

    allies = list(state.allies)
    i = SCENARIO_INDEX.get(key, -1)
    by = allies[i] if 0 <= i < len(allies) else -1
    name = _MONSTER_NAMES.get(key, key)
    if by >= 0:
        return f"{name} defeated by {_who(state, seats, by)}"
    return f"{name} never defeated"
