"""Guards of Atlantis: two teams of heroes push their minions down a lane, one card a turn.

Importing this package registers the rules engine with :mod:`game.core.registry`. There is no
board scene yet, so :mod:`scenes.boards` keeps the game out of every menu (a game is offered
only with an engine *and* a board scene). Modules: the hex board ``board.py`` and its engine
tables ``geo.py``; hero and card data ``cards.py`` with the effect vocabulary ``steps.py``;
card values, units and auras ``units.py``; attacks, defense, defeat, minions and pushes
``combat.py``; the effect steps ``effects.py``; the turn machine ``turns.py`` and the end of a round ``rounds.py``; hero selection
``selection.py``; choices ``legal.py``; views ``views.py``; the state ``state.py``.
"""

from __future__ import annotations

from game.core.protocol import OptionSpec
from game.core.registry import GameSpec, register
from game.guards import invariants
from game.guards.events import EVENTS
from game.guards.setup import default_teams, new_game
from game.guards.state import SEAT_COLOURS, TEAM_NAMES, GuardsState

OPTIONS = (
    OptionSpec(
        "board",
        "Board",
        ("auto", "one_lane", "two_lane"),
        "auto",
        "By the players: Sunken Causeway (one lane) for up to 6 heroes, Twin Currents (two "
        "lanes) for more.",
        labels=("By the players", "Sunken Causeway (one lane)", "Twin Currents (two lanes)"),
    ),
    OptionSpec(
        "selection",
        "Hero selection",
        ("pick", "draft", "limited", "captains"),
        "pick",
        "Take turns: the teams choose in turn; Draft: each team picks from a random half and "
        "passes it on; Bans, then picks: each team bans heroes first; Captains: two captains "
        "recruit players dealt random heroes.",
        labels=("Take turns", "Draft", "Bans, then picks", "Captains"),
    ),
    OptionSpec(
        "towers",
        "Tower Rush",
        ("off", "2", "3", "4", "5", "6"),
        "off",
        "Every push claims a tower; the first team with this many towers wins (2-3 suit the "
        "one-lane board, 5-6 the two-lane one).",
        labels=("Off", "2 towers", "3 towers", "4 towers", "5 towers", "6 towers"),
    ),
)

SPEC = register(
    GameSpec(
        game_id="guards",
        title="Guards of Atlantis",
        tagline="Two teams of heroes push their minions towards the enemy throne, one card a turn.",
        min_players=2,
        max_players=10,
        new_game=new_game,
        options=OPTIONS,
        teams=default_teams,
        colours=SEAT_COLOURS,
        hidden_information=True,
        round_word="round",
        role_word="hero",
        invariants=invariants.check,
        events=EVENTS,
        team_names=TEAM_NAMES,
        max_team_size=5,
        seated=True,
    )
)

__all__ = ["OPTIONS", "SPEC", "GuardsState", "new_game"]
