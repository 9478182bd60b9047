"""The history of finished games: one small JSON file per game in the data folder.

Each entry holds the game's whole record (seed + options + seats + every action, the save's
own content), so it can be replayed exactly, plus what lists and statistics need without a
replay: when it ended, the result per seat, its length, and each seat's hero or captain.

One file per game keeps deleting one entry simple and means a damaged file costs only
itself: :func:`load` skips it with a message and reads every other entry. Files are written
atomically (``storage.atomic_write``) and never rewritten; the oldest go once there are more
than the cap (default :data:`DEFAULT_CAP`, changed on the History screen).
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.core import files, registry, storage
from game.core.protocol import GameState
from game.core.saves import APP_MARKER, GameRecord, SaveError, Seat

KIND = "history-entry"
HISTORY_VERSION = 1
DEFAULT_CAP = 200
#: the caps the History screen offers
CAPS = (20, 50, 100, 200, 500, 1000)
#: what of an entry's own text is kept when it is read (ours are far shorter: a headline is a
#: sentence, a role a hero's or captain's name); longer text is cut, never laid out whole
MAX_HEADLINE_CHARS = 160
MAX_ROLE_CHARS = 40
MAX_ROLES = 4


def folder() -> Path:
    return storage.data_dir() / "history"


def _settings_path() -> Path:
    return folder() / "settings.json"


@dataclass
class Entry:
    """One finished game as the History and Statistics screens see it."""

    key: str  # the file's stem: unique, and sorts by the time the game ended
    path: Path
    when: str  # "YYYY-MM-DD HH:MM", local time the game ended
    record: GameRecord
    returns: list[float]
    rounds: int
    #: per seat, the heroes (Guards) or the captain (Finding) it played; empty elsewhere
    roles: list[list[str]] = field(default_factory=list)
    headline: str = ""

    @property
    def game(self) -> str:
        return self.record.game

    @property
    def seats(self) -> list[Seat]:
        return self.record.seats

    @property
    def moves(self) -> int:
        return len(self.record.actions)

    def title(self) -> str:
        try:
            return registry.get(self.game).title
        except KeyError:
            return self.game

    def label(self) -> str:
        """One line of the History list."""
        outcome = self.headline or "finished"
        return f"{self.when}   ·   {self.title()}   ·   {outcome}   ·   {self.people()}"

    def people(self) -> str:
        """The seats in a few words: a small table by name, a large one as its first two
        people and the rest counted, so the line fits the list (the details name them all)."""
        if len(self.seats) <= 3:
            return ", ".join(s.name + (f" ({s.level})" if s.is_bot else "") for s in self.seats)
        humans = [s.name for s in self.seats if not s.is_bot]
        levels = [s.level for s in self.seats if s.is_bot]
        parts = humans[:2]
        if len(humans) > 2:
            parts.append(f"{len(humans) - 2} more")
        if levels:
            same = f" ({levels[0]})" if len(set(levels)) == 1 else ""
            parts.append(f"{len(levels)} bot{'s' if len(levels) > 1 else ''}{same}")
        return ", ".join(parts)


# --- what a finished game's seats played ------------------------------------------------------
def seat_roles(state: GameState) -> list[list[str]]:
    """The hero names (Guards) or captain (Finding) of each seat, read from the final state."""
    return [list(map(str, names)) for names in state.seat_roles()]


# --- the cap ----------------------------------------------------------------------------------
def read_cap() -> tuple[int | None, str | None]:
    """How many finished games are kept, or ``None`` and why when the setting cannot be read.

    No file is the default cap. A file that is there but unusable is *not* the default: with
    1,000 games kept, falling back to 200 would delete 800 of them at the next finished game,
    so an unknown cap deletes nothing until the person picks one again.
    """
    path = _settings_path()
    if not os.path.lexists(path):
        return DEFAULT_CAP, None
    try:
        data = files.read_json(path, files.MAX_SETTINGS_BYTES, "history settings file")
    except files.UnreadableFile as exc:
        problem = str(exc)
    else:
        value = data.get("cap") if isinstance(data, dict) else None
        if type(value) is int and value >= 1:
            return value, None
        problem = "the history settings file is damaged (it says no number of games to keep)"
    return None, (
        f"{problem[:1].upper()}{problem[1:]}; no finished game is deleted until you choose "
        "how many to keep on the History screen."
    )


def cap() -> int:
    """How many finished games are kept (the oldest go first); the default when unreadable
    (:func:`read_cap` says so, and nothing is pruned then)."""
    return read_cap()[0] or DEFAULT_CAP


def set_cap(value: int) -> list[Path]:
    """Keep at most ``value`` games from now on; returns the files removed at once. A damaged
    settings file is set aside (kept as it was), never written over."""
    if value < 1:
        raise ValueError("the history keeps at least one game")
    path = _settings_path()
    if read_cap()[1] is not None:
        storage.set_aside(path)
    storage.atomic_write(path, json.dumps({"cap": int(value)}))
    return prune(value)


# --- writing ----------------------------------------------------------------------------------
def entry_json(
    record: GameRecord, state: GameState, rounds: int, headline: str = ""
) -> dict[str, Any]:
    """The JSON of a history entry for a game that has just ended in ``state``."""
    return {
        "app": APP_MARKER,
        "kind": KIND,
        "history_version": HISTORY_VERSION,
        "when": time.strftime("%Y-%m-%d %H:%M"),
        "returns": [float(r) for r in state.returns()],
        "rounds": int(rounds),
        "roles": seat_roles(state),
        "headline": headline,
        "record": record.to_json(),
    }


def _free_path(game: str) -> Path:
    stamp = time.strftime("%Y%m%d-%H%M%S")
    # after every entry of the same second, even deleted ones' successors: names sort by time
    taken = [p.name[len(stamp) + 1 : len(stamp) + 4] for p in folder().glob(f"{stamp}-*.json")]
    n = 1 + max((int(t) for t in taken if t.isdigit()), default=-1)
    return folder() / f"{stamp}-{n:03d}-{game}.json"


def add(record: GameRecord, state: GameState, rounds: int, headline: str = "") -> str | None:
    """Record a finished game (one new file), then drop the oldest beyond the cap. Returns
    why nothing was dropped when the cap cannot be read (for the person to be told)."""
    path = _free_path(record.game)
    storage.atomic_write(path, json.dumps(entry_json(record, state, rounds, headline)))
    keep, problem = read_cap()
    if keep is not None:
        prune(keep)
    return problem


def _entry_files() -> list[Path]:
    """The entry files, newest first (raises :class:`files.UnreadableFile` for a folder that
    cannot be listed)."""
    found = files.scan(folder(), "*.json")
    # the settings file, and a damaged one kept aside beside it, are not games
    return sorted((p for p in found if not p.name.startswith("settings.")), reverse=True)


def prune(keep: int) -> list[Path]:
    """Delete the oldest entry files beyond ``keep``; returns what was removed."""
    gone = []
    try:
        entries = _entry_files()
    except files.UnreadableFile:
        return gone
    for path in entries[keep:]:
        try:
            path.unlink()
            gone.append(path)
        except OSError:
            continue
    return gone


def delete(entry: Entry) -> None:
    """Forget one game (its file goes; nothing else changes)."""
    try:
        entry.path.unlink()
    except FileNotFoundError:
        pass


def delete_all() -> int:
    """Forget every game; returns how many files went (damaged ones too)."""
    n = 0
    try:
        entries = _entry_files()
    except files.UnreadableFile:
        return n
    for path in entries:
        try:
            path.unlink()
            n += 1
        except OSError:
            continue
    return n


# --- reading ----------------------------------------------------------------------------------
def parse(path: Path, text: str) -> Entry:
    """One entry from its file's text; any problem is a :class:`SaveError` for the player."""
    try:
        data = files.parse_json(text, "history entry")
    except files.UnreadableFile as exc:
        raise SaveError(str(exc)) from None
    if not isinstance(data, dict) or data.get("app") != APP_MARKER or data.get("kind") != KIND:
        raise SaveError("it is not an Atlantis Tabletop history entry")
    version = data.get("history_version")
    if type(version) is not int or version < 1:
        raise SaveError("it is damaged (its version is missing)")
    if version > HISTORY_VERSION:
        raise SaveError("it was written by a newer version of Atlantis Tabletop")
    record = GameRecord.from_json(data.get("record"))
    n = len(record.seats)
    returns = data.get("returns")
    if (
        not isinstance(returns, list)
        or len(returns) != n
        or not all(type(r) in (int, float) for r in returns)
    ):
        raise SaveError("it is damaged (its result does not fit its seats)")
    rounds = data.get("rounds")
    if type(rounds) is not int or rounds < 0:
        raise SaveError("it is damaged (its length is missing)")
    when = data.get("when")
    if not isinstance(when, str):
        raise SaveError("it is damaged (its date is missing)")
    roles_raw = data.get("roles", [])
    roles: list[list[str]] = [[] for _ in range(n)]
    if isinstance(roles_raw, list) and len(roles_raw) == n:
        roles = [
            [files.shown(r, MAX_ROLE_CHARS) for r in row[:MAX_ROLES] if isinstance(r, str)]
            if isinstance(row, list)
            else []
            for row in roles_raw
        ]
    headline = data.get("headline", "")
    return Entry(
        key=path.stem,
        path=path,
        when=when[:16],
        record=record,
        returns=[float(r) for r in returns],
        rounds=rounds,
        roles=roles,
        headline=files.shown(headline, MAX_HEADLINE_CHARS) if isinstance(headline, str) else "",
    )


def read(path: Path) -> Entry:
    try:
        text = files.read_text(path, files.MAX_SAVE_BYTES, "history entry")
    except files.UnreadableFile as exc:
        raise SaveError(str(exc)) from None
    try:
        return parse(path, text)
    except SaveError:
        raise
    except Exception as exc:  # a damaged entry must never stop the others being read
        raise SaveError(f"it is damaged ({type(exc).__name__})") from None


def load(game: str | None = None) -> tuple[list[Entry], list[str]]:
    """Every readable entry, newest first (of one game if given), and one message per file
    that was skipped (damaged, foreign, from a newer version or a game this version lacks)."""
    entries: list[Entry] = []
    problems: list[str] = []
    try:
        paths = _entry_files()
    except files.UnreadableFile as exc:
        return entries, [str(exc)]
    for path in paths:
        try:
            entry = read(path)
        except SaveError as exc:
            problems.append(f"{files.shown_name(path)}: {exc}")
            continue
        if game is None or entry.game == game:
            entries.append(entry)
    return entries, problems


def by_key(entries: Sequence[Entry]) -> dict[str, Entry]:
    return {e.key: e for e in entries}
