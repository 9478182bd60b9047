"""Finding Atlantis: hidden submarines race to locate the sunken city.

Importing this package registers the game with :mod:`game.core.registry`. The map model is
``ocean.py``, the fact vocabulary ``facts.py``, the cards ``cards.py``, what each reading
answers ``readings.py``, the per-seat charts ``chart.py``, mines and monsters ``hazards.py``,
the rules of each action ``effects.py``, the turn machine ``turns.py``, the choices
``legal.py``, what a seat may know (views, observed moves, sampled worlds) ``views.py`` and the
state ``state.py``.
"""

from __future__ import annotations

from game.core.protocol import OptionSpec
from game.core.registry import GameSpec, register
from game.finding import invariants
from game.finding.events import EVENTS
from game.finding.setup import new_game
from game.finding.state import COLOURS, FindingState

OPTIONS = (
    OptionSpec(
        "size",
        "Ocean map",
        ("6", "8"),
        "6",
        "6 by 6 spaces (Atlantis covers 4, 4 artifacts) or 8 by 8 (Atlantis covers 6, "
        "6 artifacts).",
        labels=("6 × 6", "8 × 8"),
    ),
    OptionSpec(
        "mode",
        "Game mode",
        ("classic", "pirate"),
        "classic",
        "Pirate mode adds the Periscope and Drop Mine cards: mines rob whoever runs into them, "
        "and the Jelly Rod takes a mine for a trace.",
    ),
    OptionSpec(
        "monsters",
        "Sea monsters",
        ("sleepy", "hunting"),
        "sleepy",
        "A sea monster wakes wherever an artifact is recovered. Sleepy monsters stay there; "
        "hunting monsters move one space towards the nearest submarine after every round.",
    ),
)

SPEC = register(
    GameSpec(
        game_id="finding",
        title="Finding Atlantis",
        tagline="Hidden submarines race to chart the sea floor and name the sunken city first.",
        min_players=1,
        max_players=4,
        new_game=new_game,
        options=OPTIONS,
        colours=COLOURS,
        hidden_information=True,
        round_word="round",
        role_word="captain",
        invariants=invariants.check,
        events=EVENTS,
    )
)

__all__ = ["OPTIONS", "SPEC", "FindingState", "new_game"]
