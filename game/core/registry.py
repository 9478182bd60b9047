"""Which games exist, how to start one, and which options each offers.

Scenes and the command line discover games here; a game appears in menus only once its engine
registers itself, so nothing unplayable is ever offered.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from game.core.events import EventKind
from game.core.protocol import GameState, OptionSpec

if TYPE_CHECKING:
    from game.core.saves import Seat


@dataclass(frozen=True)
class GameSpec:
    """One game as menus, saves and the command line see it.

    ``new_game(n, options, seed)`` builds a fresh state from the number of seats; a game that
    needs to know who sits where (its teams) sets ``seated=True`` and gets the list of
    :class:`~game.core.saves.Seat` instead, each with its ``team``. :meth:`create` is the one
    way callers start a game, with either the seats or their number.
    """

    game_id: str
    title: str
    tagline: str
    min_players: int
    max_players: int
    new_game: Callable[[Any, Mapping[str, str], int], GameState]
    options: tuple[OptionSpec, ...] = ()
    cooperative: bool = False
    #: seat -> team index: the teams a game of n seats starts with (setup may move seats);
    #: None with no ``team_names`` means every seat is its own side
    teams: Callable[[int], list[int]] | None = None
    colours: tuple[str, ...] = field(default_factory=tuple)
    #: True when seats hold secrets from each other (hot-seat then hands the screen over)
    hidden_information: bool = False
    #: what the game's rulebook calls one pass of play ("turn" in Rising, "round" elsewhere)
    round_word: str = "round"
    #: what a seat plays as, when the game has such roles ("hero", "captain"; see
    #: ``GameState.seat_roles``); the statistics name their charts with it
    role_word: str = ""
    #: the game's own invariants, ``invariants(state)``, raising ``InvariantBroken``: the
    #: soak, the property tests and the conformance suite check them after every move
    invariants: Callable[[GameState], None] | None = None
    #: the teams' names in team order, plural as in "The Titans win" (a team game names them)
    team_names: tuple[str, ...] = ()
    #: the most seats one team may hold; 0: max_players shared out evenly between the teams
    max_team_size: int = 0
    #: new_game takes the list of seats (with their teams) instead of their number
    seated: bool = False
    #: the kinds of event the engine records and the data each carries
    #: (``game.core.events.declare``); the conformance suite holds every event to them
    events: Mapping[str, EventKind] = field(default_factory=dict)

    # --- teams ----------------------------------------------------------------------------
    @property
    def team_game(self) -> bool:
        return bool(self.team_names) or self.teams is not None

    @property
    def team_count(self) -> int:
        """How many teams the game has (0 when every seat plays for itself)."""
        if self.team_names:
            return len(self.team_names)
        if self.teams is not None:
            return len(set(self.teams(self.max_players)))
        return 0

    def team_name(self, team: int) -> str:
        if 0 <= team < len(self.team_names):
            return self.team_names[team]
        return f"Team {team + 1}"

    @property
    def team_limit(self) -> int:
        """The most seats one team may hold."""
        if not self.team_game:
            return self.max_players
        if self.max_team_size:
            return self.max_team_size
        return -(-self.max_players // max(1, self.team_count))

    def default_teams(self, n: int) -> list[int | None]:
        """The team of each of ``n`` seats when nobody has chosen (None: no teams)."""
        if self.teams is not None:
            return list(self.teams(n))
        if self.team_names:
            return [i % len(self.team_names) for i in range(n)]
        return [None] * n

    def with_teams(self, seats: Sequence[Seat]) -> list[Seat]:
        """The seats, each seat without a team given its default one (a team game saved
        before seats had teams plays on in the teams it was played in)."""
        if not self.team_game or all(s.team is not None for s in seats):
            return list(seats)
        defaults = self.default_teams(len(seats))
        return [
            s if s.team is not None else dataclasses.replace(s, team=defaults[i])
            for i, s in enumerate(seats)
        ]

    def check_seats(self, seats: Sequence[Seat]) -> None:
        """Raise ``ValueError`` with a player-facing reason unless the teams can play."""
        if not self.team_game:
            if any(s.team is not None for s in seats):
                raise ValueError(f"{self.title} has no teams, but a seat is given one")
            return
        count = self.team_count
        members: list[list[str]] = [[] for _ in range(count)]
        for s in seats:
            if type(s.team) is not int or not 0 <= s.team < count:
                raise ValueError(f"{s.name} is in no team of {self.title}")
            members[s.team].append(s.name)
        for team, names in enumerate(members):
            if not names:
                raise ValueError(
                    f"The {self.team_name(team)} have no seat: every team needs at least one."
                )
            if len(names) > self.team_limit:
                raise ValueError(
                    f"The {self.team_name(team)} have {len(names)} seats; a team holds at "
                    f"most {self.team_limit}."
                )

    def default_seats(self, n: int) -> list[Seat]:
        """``n`` plain seats in the default teams (for the command line, tests and bots)."""
        from game.core.saves import Seat  # saves imports this module

        teams = self.default_teams(n)
        return [Seat(f"Player {i + 1}", team=teams[i]) for i in range(n)]

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

    def create(
        self, seats: int | Sequence[Seat], options: Mapping[str, str], seed: int
    ) -> GameState:
        """A fresh game for these seats (or this many seats in the default teams)."""
        seated = self.default_seats(seats) if isinstance(seats, int) else self.with_teams(seats)
        num_players = len(seated)
        if not self.min_players <= num_players <= self.max_players:
            raise ValueError(
                f"{self.title} is for {self.min_players}-{self.max_players} players, "
                f"not {num_players}"
            )
        self.check_seats(seated)
        first = seated if self.seated else num_players
        return self.new_game(first, self.parse_options(options), seed)


_GAMES: dict[str, GameSpec] = {}


def register(spec: GameSpec) -> GameSpec:
    _GAMES[spec.game_id] = spec
    return spec


def _load_builtin() -> None:
    # Each engine registers itself on import; a missing engine simply is not offered.
    import importlib

    from game import GAMES

    for module in (f"game.{game_id}" for game_id in GAMES):
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
