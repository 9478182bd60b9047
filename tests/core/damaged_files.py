"""A corpus of damaged files, made fresh for any registered game, for every loader's tests.

Each :class:`Damage` knows how to put one kind of damage at a path (a file, a named pipe, a
link to ``/dev/zero`` …) and what the program's message must mention. ``any_file`` damage
breaks every JSON file we read (saves, settings, statistics); the rest is save-specific (a
valid JSON file whose content no save may hold). :func:`snapshot` proves a file was left as
it was. The next games are covered by registering them: :func:`shipped_games` lists them.
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.core import registry
from game.core.saves import GameRecord, Seat


@dataclass(frozen=True)
class Damage:
    name: str
    make: Callable[[Path], None]
    #: a fragment (lower case) the player's message must contain
    expect: str
    #: damages any JSON file (settings, statistics too), not only a save
    any_file: bool = True

    def __str__(self) -> str:
        return self.name


def shipped_games() -> list[str]:
    """The games the program itself registers (test-only games are left out)."""
    return [s.game_id for s in registry.games() if s.new_game.__module__.startswith("game.")]


def good_record(game_id: str, moves: int = 12) -> GameRecord:
    """A valid record of ``game_id``: fewest seats, default options, a few first-legal moves."""
    spec = registry.get(game_id)
    n = spec.min_players if spec.min_players > 1 else 2
    n = min(max(n, spec.min_players), spec.max_players)
    colours = list(spec.colours) or [""] * n
    seats = [
        Seat(f"Seat {i + 1}", "bot" if i else "human", "easy", colours[i % len(colours)])
        for i in range(n)
    ]
    opts = spec.default_options()
    state = spec.create(n, opts, 7)
    record = GameRecord(game_id, opts, 7, seats, meta={"saved": "2026-01-01 10:00"})
    for _ in range(moves):
        dec = state.decision()
        if dec is None:
            break
        action = state.legal_actions(dec.players[0])[0]
        state.apply(action)
        record.actions.append(action)
    return record


def _text(text: str) -> Callable[[Path], None]:
    def make(path: Path) -> None:
        path.write_text(text, encoding="utf-8")

    return make


def _bytes(data: bytes) -> Callable[[Path], None]:
    def make(path: Path) -> None:
        path.write_bytes(data)

    return make


def _fifo(path: Path) -> None:
    os.mkfifo(path)


def _dev_zero(path: Path) -> None:
    os.symlink("/dev/zero", path)


def _dangling(path: Path) -> None:
    os.symlink(path.with_name("nowhere-at-all.json"), path)


def _folder(path: Path) -> None:
    path.mkdir()


def _loop(path: Path) -> None:
    """A link to itself: opening it fails with "too many levels of symbolic links"."""
    os.symlink(path.name, path)


#: bigger than any file of ours may be (saves 8 MB, settings 256 kB, statistics 32 MB)
OVERSIZED_BYTES = 40 * 1024 * 1024


def _oversized(path: Path) -> None:
    """A sparse file over every limit (cheap to make; refused before it is read)."""
    with open(path, "wb") as fh:
        fh.write(b'{"app": "atlantis-tabletop", "pad": "')
        fh.truncate(OVERSIZED_BYTES)


def _nested(depth: int) -> str:
    return "[" * depth + "]" * depth


def _deep_arg(depth: int) -> Any:
    value: Any = 1
    for _ in range(depth):
        value = [value]
    return value


def corpus(game_id: str) -> list[Damage]:
    """Every kind of damage, built on a valid save of ``game_id``."""
    good = good_record(game_id).to_json()
    text = json.dumps(good, indent=1, sort_keys=True)

    def changed(fn: Callable[[dict[str, Any]], None]) -> str:
        data = json.loads(json.dumps(good))
        fn(data)
        return json.dumps(data, indent=1)

    def seat(key: str, value: Any) -> Callable[[dict[str, Any]], None]:
        def fn(d: dict[str, Any]) -> None:
            d["players"][-1][key] = value

        return fn

    def top(key: str, value: Any) -> Callable[[dict[str, Any]], None]:
        def fn(d: dict[str, Any]) -> None:
            d[key] = value

        return fn

    def first_move(key: str, value: Any) -> Callable[[dict[str, Any]], None]:
        def fn(d: dict[str, Any]) -> None:
            d["actions"][0][key] = value

        return fn

    surrogate = text.replace('"Seat 1"', '"Seat \\ud800"', 1)
    assert surrogate != text
    huge_int = text.replace('"seed": 7', '"seed": ' + "9" * 5000, 1)
    assert huge_int != text
    return [
        # damage that breaks any JSON file
        Damage("nested 100000 deep", _text(_nested(100_000)), "nested"),
        Damage("5000-digit integer", _text(huge_int), "damaged"),
        Damage("lone surrogate", _text(surrogate), "unicode"),
        Damage("NaN", _text(text.replace('"seed": 7', '"seed": NaN', 1)), "damaged"),
        Damage("1e400", _text(text.replace('"seed": 7', '"seed": 1e400', 1)), "damaged"),
        Damage("named pipe", _fifo, "named pipe"),
        Damage("link to /dev/zero", _dev_zero, "not an ordinary file"),
        Damage("link to nowhere", _dangling, "no "),
        Damage("link in a loop", _loop, "symbolic links"),
        Damage("folder", _folder, "folder"),
        Damage("oversized", _oversized, "too large"),
        Damage("binary", _bytes(bytes(range(256)) * 16), "not text"),
        Damage("truncated", _text(text[: len(text) // 2]), "truncated"),
        Damage("empty", _text(""), "truncated"),
        Damage("byte order mark", _bytes(b"\xef\xbb\xbf" + text.encode()), "damaged"),
        Damage("not an object", _text("[1, 2, 3]"), ""),
        # valid JSON that no save may hold
        Damage(
            "action argument nested 800 deep",
            _text(changed(first_move("deep", _deep_arg(800)))),
            "nested",
            any_file=False,
        ),
        Damage(
            "unknown bot level",
            _text(changed(seat("level", "impossible"))),
            "bot level",
            any_file=False,
        ),
        Damage("null in name", _text(changed(seat("name", "A\u0000B"))), "name", any_file=False),
        Damage("empty name", _text(changed(seat("name", "  "))), "name", any_file=False),
        Damage("huge name", _text(changed(seat("name", "W" * 5000))), "name", any_file=False),
        Damage("name is a number", _text(changed(seat("name", 5))), "name", any_file=False),
        Damage("unknown colour", _text(changed(seat("colour", "plaid"))), "colour", False),
        Damage("colour is a list", _text(changed(seat("colour", ["red"]))), "colour", False),
        Damage("unknown kind", _text(changed(seat("kind", "ghost"))), "kind", any_file=False),
        Damage("seed is text", _text(changed(top("seed", "seven"))), "seed", any_file=False),
        Damage("seed is true", _text(changed(top("seed", True))), "seed", any_file=False),
        Damage("players is a table", _text(changed(top("players", {}))), "players", False),
        Damage("no players", _text(changed(top("players", []))), "players", any_file=False),
        Damage("moves is a table", _text(changed(top("actions", {}))), "moves", False),
        Damage("options is a list", _text(changed(top("options", [1]))), "options", False),
        Damage(
            "option value is a number",
            _text(changed(top("options", {k: 3 for k in good["options"]} or {"x": 3}))),
            "option",
            any_file=False,
        ),
        Damage("unknown option", _text(changed(top("options", {"zzz": "1"}))), "option", False),
        Damage("unknown game", _text(changed(top("game", "chess"))), "game", any_file=False),
        Damage("game is a list", _text(changed(top("game", ["rising"]))), "game", False),
        Damage("version is text", _text(changed(top("format_version", "1"))), "version", False),
        Damage("newer version", _text(changed(top("format_version", 99))), "newer", False),
        Damage("version is true", _text(changed(top("format_version", True))), "version", False),
        Damage("foreign file", _text(changed(top("app", "other"))), "not an atlantis", False),
        Damage("move is a list", _text(changed(top("actions", [[0, "x"]]))), "move 1", False),
        Damage("move player is true", _text(changed(first_move("player", True))), "move", False),
        Damage("move player is text", _text(changed(first_move("player", "0"))), "move", False),
        Damage("move kind is a number", _text(changed(first_move("kind", 3))), "move", False),
        Damage("move argument is a float", _text(changed(first_move("x", 2.5))), "move", False),
        Damage("move argument is a table", _text(changed(first_move("x", {}))), "move", False),
    ]


def snapshot(path: Path) -> tuple[Any, ...]:
    """What is at ``path`` (never read through a pipe or device): equal before and after
    means the file was left exactly as it was."""
    st = os.lstat(path)
    if stat.S_ISLNK(st.st_mode):
        return ("link", os.readlink(path))
    if stat.S_ISFIFO(st.st_mode):
        return ("fifo", st.st_ino)
    if stat.S_ISDIR(st.st_mode):
        return ("folder", sorted(os.listdir(path)))
    digest = hashlib.sha256(Path(path).read_bytes()).hexdigest()
    return ("file", st.st_size, digest)
