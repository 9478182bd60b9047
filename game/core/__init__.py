"""What the three games share: the engine protocol, the game registry, saves and storage."""

from game.core.protocol import Action, Decision, Event, GameState, IllegalAction, OptionSpec

__all__ = ["Action", "Decision", "Event", "GameState", "IllegalAction", "OptionSpec"]
