"""Which games exist, how to start one, and which options each offers.

Scenes and the command line discover games here; a game appears in menus only once its engine
registers itself, so nothing unplayable is ever offered.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from game.core.protocol import GameState, OptionSpec


@dataclass(frozen=True)
class GameSpec:
    game_id: str
    title: str
    tagline: str
    min_players: int
    max_players: int
    new_game: Callable[[int, Mapping[str, str], int], GameState]
    options: tuple[OptionSpec, ...] = ()
    cooperative: bool = False
    #: seat -> team index for team games; None means every seat is its own side
    teams: Callable[[int], list[int]] | None = None
    colours: tuple[str, ...] = field(default_factory=tuple)
    #: True when seats hold secrets from each other (hot-seat then hands the screen over)
    hidden_information: bool = False
    #: what the game's rulebook calls one pass of play ("turn" in Rising, "round" elsewhere)
    round_word: str = "round"

    def default_options(self) -> dict[str, str]:
        return {o.key: o.default for o in self.options}

    def parse_options(self, raw: Mapping[str, str]) -> dict[str, str]:
        """Validate ``key=value`` options; unknown keys or values raise ``ValueError``."""
        known = {o.key: o for o in self.options}
        out = self.default_options()
        for key, value in raw.items():
            if key not in known:
                names = ", ".join(known) or "none"
                raise ValueError(f"{self.game_id} has no option {key!r} (options: {names})")
            out[key] = known[key].parse(str(value))
        return out

    def create(self, num_players: int, options: Mapping[str, str], seed: int) -> GameState:
        if not self.min_players <= num_players <= self.max_players:
            raise ValueError(
                f"{self.title} is for {self.min_players}-{self.max_players} players, "
                f"not {num_players}"
            )
        return self.new_game(num_players, self.parse_options(options), seed)


_GAMES: dict[str, GameSpec] = {}


def register(spec: GameSpec) -> GameSpec:
    _GAMES[spec.game_id] = spec
    return spec


def _load_builtin() -> None:
    # Each engine registers itself on import; a missing engine simply is not offered.
    import importlib

    for module in ("game.rising", "game.guards", "game.finding"):
        try:
            importlib.import_module(module)
        except ModuleNotFoundError as exc:
            if exc.name is None or not module.startswith(exc.name):
                raise


def games() -> list[GameSpec]:
    _load_builtin()
    return list(_GAMES.values())


def get(game_id: str) -> GameSpec:
    _load_builtin()
    try:
        return _GAMES[game_id]
    except KeyError:
        known = ", ".join(sorted(_GAMES)) or "none yet"
        raise KeyError(f"unknown game {game_id!r} (playable: {known})") from None
