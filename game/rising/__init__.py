"""Atlantis Rising: the cooperative worker-placement engine, its content and the monsters module.

Importing this package registers the game with :mod:`game.core.registry`.
"""

from __future__ import annotations

from game.core.protocol import OptionSpec
from game.core.registry import GameSpec, register
from game.rising import invariants
from game.rising.councilors import BOT, COLOURS, COUNCILORS, RANDOM
from game.rising.events import EVENTS
from game.rising.setup import new_game
from game.rising.state import RisingState

OPTIONS = (
    OptionSpec(
        "difficulty",
        "Difficulty",
        ("easy", "normal", "hard", "cosmic"),
        "normal",
        "Which component decks make up the blueprint: Easy A+B+C, Normal A+B+D, Hard A+C+D, "
        "Cosmic B+C+D (3 of each, plus the Power Core).",
    ),
    OptionSpec(
        "energy_start",
        "Starting mystic energy",
        ("yes", "no"),
        "yes",
        "'no' is the final challenge: every councilor starts without mystic energy.",
    ),
    OptionSpec(
        "fast",
        "Faster play",
        ("no", "yes"),
        "no",
        "Each councilor's productive actions resolve by themselves in a fixed order "
        "(no ordering prompts).",
    ),
    OptionSpec(
        "monsters",
        "Monsters",
        ("none", "medusa", "harpies", "scylla"),
        "none",
        "Monster scenarios, any combination: Medusa Unleashed, The Harpies' Lair, Between "
        "Scylla and Charybdis. They act after the misfortunes each turn.",
        multi=True,
    ),
    OptionSpec(
        "councilors",
        "Councilor",
        tuple(c.key for c in COUNCILORS) + (RANDOM, BOT),
        "",
        "Which councilor each seat plays, seat by seat; a random deal comes from the seed, "
        "a bot takes the best councilor left. Empty: seat 1 is the Explorer, seat 2 the "
        "Emissary and so on.",
        multi=True,
        labels=tuple(c.name for c in COUNCILORS) + ("Random deal", "Bot's choice"),
        per_seat=True,
        tips=tuple(c.text for c in COUNCILORS)
        + (
            "Dealt at random from the councilors nobody chose (the same deal for the same seed).",
            "The bot takes the councilor it plays best with of those nobody chose.",
        ),
        repeatable=(RANDOM, BOT),
        colours=COLOURS,
    ),
)

SPEC = register(
    GameSpec(
        game_id="rising",
        title="Atlantis Rising",
        tagline="Build the cosmic gate together before the sea and the Athenians take the island.",
        min_players=2,
        max_players=6,
        new_game=new_game,
        options=OPTIONS,
        cooperative=True,
        colours=COLOURS,
        round_word="turn",
        role_word="councilor",
        invariants=invariants.check,
        events=EVENTS,
    )
)

__all__ = ["OPTIONS", "SPEC", "RisingState", "new_game"]
