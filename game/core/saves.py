"""Event-sourced save files: the options, the seed and every action, as JSON.

Loading replays the actions on a fresh game, so replays, undo and bug reports all come from the
same log. A save is data, never code: no pickle. Every way a file can be wrong is reported as
a :class:`SaveError` whose message can be shown to a player as it is.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, MutableSequence
from dataclasses import dataclass, field
from typing import Any

from game.core import registry
from game.core.files import UnreadableFile, parse_json, shown
from game.core.protocol import Action, Event, GameState, IllegalAction

FORMAT_VERSION = 1
APP_MARKER = "atlantis-tabletop"
#: every bot level a seat may name (``ai.base.LEVELS`` is this tuple)
BOT_LEVELS = ("random", "easy", "normal", "hard")
#: the longest seat name a save may hold (the setup screen allows 18 characters)
MAX_NAME_CHARS = 40


class SaveError(Exception):
    """A save file that cannot be used; the message is meant for the player, so it is bounded
    (a move of a damaged file may quote a megabyte of text)."""

    def __init__(self, message: str = "") -> None:
        super().__init__(shown(str(message)))


@dataclass
class Seat:
    """Who sits in a seat: a human or a bot of some level, with a name, a colour and, in a team
    game, the index of its team (``None`` when every seat plays for itself)."""

    name: str
    kind: str = "human"  # "human" | "bot"
    level: str = "normal"
    colour: str = ""
    team: int | None = None

    @property
    def is_bot(self) -> bool:
        return self.kind == "bot"

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "name": self.name,
            "kind": self.kind,
            "level": self.level,
            "colour": self.colour,
        }
        if self.team is not None:  # saves of games without teams stay as they were
            out["team"] = self.team
        return out

    @classmethod
    def from_json(cls, data: Any, colours: tuple[str, ...] = (), teams: int = 0) -> Seat:
        """A seat read from a file: every field that reaches the screen or picks a bot is
        checked (``colours``: the game's seat colours, when it has fixed ones; ``teams``: how
        many teams the game has, 0 for none). A seat saved without a team has ``team=None``;
        the record gives it the game's default team."""
        if not isinstance(data, Mapping) or not isinstance(data.get("name"), str):
            raise SaveError("a seat in the save file is damaged (it has no name)")
        name = data["name"]
        if not name.strip() or len(name) > MAX_NAME_CHARS or not name.isprintable():
            shown = ascii(name[:MAX_NAME_CHARS])
            raise SaveError(
                f"a seat in the save file has a name that cannot be shown ({shown}; a name is "
                f"1 to {MAX_NAME_CHARS} printable characters)"
            )
        kind = data.get("kind", "human")
        if kind not in ("human", "bot"):
            raise SaveError(f"a seat in the save file has an unknown kind {ascii(kind)}")
        level = data.get("level", "normal")
        if level not in BOT_LEVELS:
            raise SaveError(
                f"the seat {name} has a bot level this version does not have ({ascii(level)}; "
                f"levels: {', '.join(BOT_LEVELS)})"
            )
        colour = data.get("colour", "")
        if not isinstance(colour, str) or (colours and colour and colour not in colours):
            raise SaveError(
                f"the seat {name} has a colour this game does not have ({ascii(colour)})"
            )
        if not colours and (len(colour) > MAX_NAME_CHARS or not colour.isprintable()):
            raise SaveError(f"the seat {name} has a colour that cannot be shown")
        team = data.get("team")
        if team is not None:
            if type(team) is not int or not 0 <= team < teams:
                why = f"teams 1 to {teams}" if teams else "the game has no teams"
                raise SaveError(
                    f"the seat {name} is in a team this game does not have ({ascii(team)}; {why})"
                )
        return cls(name=name, kind=kind, level=level, colour=colour, team=team)


@dataclass
class GameRecord:
    """Everything needed to rebuild a game exactly: the save file's content."""

    game: str
    options: dict[str, str]
    seed: int
    seats: list[Seat]
    actions: list[Action] = field(default_factory=list)
    meta: dict[str, Any] = field(default_factory=dict)

    def new_state(self) -> GameState:
        return registry.get(self.game).create(self.seats, self.options, self.seed)

    def replay(
        self, upto: int | None = None, events: MutableSequence[Event] | None = None
    ) -> GameState:
        """Rebuild the state by replaying the first ``upto`` actions (all by default).

        ``events``, when given, is extended with what every replayed move reported (a bounded
        ``deque`` keeps just the newest), so a loaded game can show its log.
        """
        state = self.new_state()
        for i, action in enumerate(self.actions[:upto]):
            try:
                happened = state.apply(action)
                if events is not None:
                    events.extend(happened)
            except IllegalAction as exc:
                raise SaveError(
                    f"the save file does not replay: move {i + 1} ({shown(str(action), 160)}) "
                    f"is refused: {shown(str(exc), 240)}"
                ) from None
        return state

    def to_json(self) -> dict[str, Any]:
        return {
            "app": APP_MARKER,
            "format_version": FORMAT_VERSION,
            "game": self.game,
            "options": dict(self.options),
            "seed": self.seed,
            "players": [s.to_json() for s in self.seats],
            "actions": [a.to_json() for a in self.actions],
            "meta": dict(self.meta),
        }

    def dumps(self) -> str:
        return json.dumps(self.to_json(), indent=1, sort_keys=True)

    @classmethod
    def from_json(cls, data: Any) -> GameRecord:
        if not isinstance(data, Mapping):
            raise SaveError("this is not an Atlantis Tabletop save (it is not a JSON object)")
        if data.get("app") != APP_MARKER:
            raise SaveError("this file is not an Atlantis Tabletop save")
        version = data.get("format_version")
        if type(version) is not int:
            raise SaveError("the save file is damaged (its format version is missing)")
        if version > FORMAT_VERSION:
            raise SaveError(
                f"this save was made by a newer version of Atlantis Tabletop (format {version}; "
                f"this version reads up to {FORMAT_VERSION}). Update the game to open it."
            )
        if version < 1:
            raise SaveError(f"the save file has an unknown format version {version}")
        game = data.get("game")
        try:
            spec = registry.get(game) if isinstance(game, str) else None
        except KeyError:
            spec = None
        if spec is None:
            raise SaveError(f"the save file is for a game this version does not have ({game!r})")
        seed = data.get("seed")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise SaveError("the save file is damaged (its seed is missing)")
        options = data.get("options", {})
        if not isinstance(options, Mapping) or not all(
            isinstance(v, str) for v in options.values()
        ):
            raise SaveError("the save file is damaged (its options are not a table of words)")
        try:
            options = spec.parse_options({str(k): v for k, v in options.items()})
        except ValueError as exc:
            raise SaveError(
                f"the save file has options this version does not know: {exc}"
            ) from None
        seats_raw = data.get("players")
        if not isinstance(seats_raw, list) or not seats_raw:
            raise SaveError("the save file is damaged (it lists no players)")
        seats = [Seat.from_json(s, tuple(spec.colours), spec.team_count) for s in seats_raw]
        if not spec.min_players <= len(seats) <= spec.max_players:
            n = len(seats)
            raise SaveError(
                f"the save file has {n} player{'' if n == 1 else 's'}, which {spec.title} "
                f"cannot seat (it is for {spec.min_players} to {spec.max_players})"
            )
        # a team game saved before seats had teams: its seats take the game's default teams
        seats = spec.with_teams(seats)
        try:
            spec.check_seats(seats)
        except ValueError as exc:
            raise SaveError(f"the save file's seats cannot play: {exc}") from None
        raw_actions = data.get("actions")
        if not isinstance(raw_actions, list):
            raise SaveError("the save file is damaged (its list of moves is missing)")
        actions = []
        for i, raw in enumerate(raw_actions):
            try:
                actions.append(Action.from_json(raw))
            except (ValueError, TypeError) as exc:
                raise SaveError(f"the save file is damaged at move {i + 1}: {exc}") from None
        meta = data.get("meta", {})
        return cls(
            game,
            dict(options),
            seed,
            seats,
            actions,
            dict(meta) if isinstance(meta, Mapping) else {},
        )

    @classmethod
    def loads(cls, text: str) -> GameRecord:
        """Parse and check a save's text; *any* problem is a :class:`SaveError`."""
        try:
            data = parse_json(text, "save file")
        except UnreadableFile as exc:
            raise SaveError(str(exc)) from None
        try:
            return cls.from_json(data)
        except SaveError:
            raise
        except Exception as exc:  # a damaged file must never crash the program
            raise SaveError(
                f"the save file is damaged ({type(exc).__name__}: {str(exc)[:200]})"
            ) from None


def load_and_replay(text: str) -> tuple[GameRecord, GameState]:
    """Parse and replay a save; any problem is a :class:`SaveError` with a clear message."""
    record = GameRecord.loads(text)
    return record, replay_loaded(record)


def replay_loaded(record: GameRecord, events: MutableSequence[Event] | None = None) -> GameState:
    """Replay a record read from a file; any problem (even an engine bug) is a SaveError."""
    try:
        return record.replay(events=events)
    except SaveError:
        raise
    except Exception as exc:  # a replay must never crash the program
        raise SaveError(
            f"the save file could not be replayed ({type(exc).__name__}: {exc})"
        ) from None
