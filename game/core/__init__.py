"""What the three games share: the engine protocol, the declared state schema (clone,
fingerprint, snapshots), the hidden marker, the game registry, saves and storage."""

from game.core.protocol import Action, Decision, Event, GameState, IllegalAction, OptionSpec

__all__ = ["Action", "Decision", "Event", "GameState", "IllegalAction", "OptionSpec"]
