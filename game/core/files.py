"""The one way the program reads a file it did not just write: saves, settings, statistics.

A file on disk may be anything: a named pipe (``open`` would wait for a writer for ever), a
link to ``/dev/zero`` (reading never ends), a gigabyte, binary junk, JSON nested 100,000 deep
(``RecursionError``), an integer of 5,000 digits (``ValueError``), ``NaN``, or a string with a
lone surrogate that passes every check and then breaks text drawing. :func:`read_json` turns
every one of those into :class:`UnreadableFile`, whose message can be shown to a player as it
is; it never writes to the file. What the data *means* is checked by the caller.

Limits (generous, so no real file ever meets them):

* a save is at most :data:`MAX_SAVE_BYTES` (8 MB): a finished six-player game with every
  module is about 0.1 MB, so 8 MB is ~80 such games of moves;
* settings at most :data:`MAX_SETTINGS_BYTES` (256 kB): ours are well under 1 kB;
* statistics at most :data:`MAX_STATS_BYTES` (32 MB): one finished game adds ~0.5 kB, so this
  is some 60,000 games;
* nesting at most :data:`MAX_DEPTH` (32) levels: our files use at most 6;
* integers within a signed 64-bit range, floats finite, strings valid Unicode (no surrogates).
"""

from __future__ import annotations

import fnmatch
import json
import os
import re
import stat
import time
from pathlib import Path
from typing import Any

MAX_SAVE_BYTES = 8 * 1024 * 1024
MAX_SETTINGS_BYTES = 256 * 1024
MAX_STATS_BYTES = 32 * 1024 * 1024
MAX_DEPTH = 32
MAX_INT = 2**63 - 1

#: what ``atomic_write`` (``tempfile.mkstemp(prefix=".<name>.", suffix=".tmp")``) leaves behind
#: when the program is killed mid-write: ``.<name>.<8 random characters>.tmp``
TEMP_PATTERN = re.compile(r"^\..+\.[a-z0-9_]{8}\.tmp$")
#: a temporary file younger than this may belong to a write still in progress
TEMP_MIN_AGE_S = 60.0


#: the most characters of text from a file that is ever laid out or printed at once: longer
#: text is cut with a note (laying out one 50,000-character word took pygame-gui minutes)
MAX_SHOWN = 600
#: the most characters of a file's name in a message or a list
MAX_SHOWN_NAME = 80


class UnreadableFile(Exception):
    """A file that cannot be used; the message is meant for the player (no traceback), so it
    is bounded by :func:`shown`."""

    def __init__(self, message: str = "") -> None:
        super().__init__(shown(str(message)))


def shown(text: str, limit: int = MAX_SHOWN) -> str:
    """``text`` made safe to lay out, draw or print: at most ``limit`` characters (the rest
    counted, not shown) and no lone surrogate (a file name that is not UTF-8 holds them, and
    drawing one raises ``UnicodeEncodeError``)."""
    if len(text) > limit:
        cut = max(1, limit - 40)
        text = f"{text[:cut]}… ({len(text) - cut:,} more characters)"
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        text = text.encode("utf-8", "replace").decode("utf-8")
    return text


def shown_name(path: Path | str) -> str:
    """A file's name as a message or a list shows it (bounded, undecodable bytes as "?")."""
    return shown(Path(path).name, MAX_SHOWN_NAME)


def scan(folder: Path, pattern: str = "*.json") -> list[Path]:
    """The entries of ``folder`` matching ``pattern`` (none when it does not exist); a folder
    that cannot be listed (no permission, a name too long, a loop) is :class:`UnreadableFile`
    with a message for the player."""
    folder = Path(folder)
    try:
        with os.scandir(folder) as entries:
            names = [e.name for e in entries]
    except (FileNotFoundError, NotADirectoryError):
        return []
    except (OSError, ValueError) as exc:
        raise UnreadableFile(
            f"the folder {shown(str(folder), 160)} cannot be read ({_why(exc)})"
        ) from None
    return [folder / n for n in sorted(names) if fnmatch.fnmatchcase(n, pattern)]


def _size(n: int) -> str:
    return f"{n / (1024 * 1024):.1f} MB" if n >= 1024 * 1024 else f"{max(1, n // 1024)} kB"


def read_text(path: Path, limit: int, what: str = "file") -> str:
    """The UTF-8 text of the regular file ``path``, at most ``limit`` bytes, read without
    ever blocking (``O_NONBLOCK``) or following it into a device, pipe or folder."""
    path = Path(path)
    try:
        st = os.stat(path)
    except FileNotFoundError:
        raise UnreadableFile(f"there is no {what} at {path}") from None
    except (OSError, ValueError) as exc:
        raise UnreadableFile(
            f"the {what} {shown_name(path)} cannot be read ({_why(exc)})"
        ) from None
    if not stat.S_ISREG(st.st_mode):
        raise UnreadableFile(
            f"the {what} {shown_name(path)} is not an ordinary file (it is {_kind(st.st_mode)})"
        )
    if st.st_size > limit:
        raise UnreadableFile(
            f"the {what} {shown_name(path)} is too large to be one ({_size(st.st_size)}; "
            f"the most this version reads is {_size(limit)})"
        )
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    flags |= getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except OSError as exc:
        raise UnreadableFile(
            f"the {what} {shown_name(path)} cannot be read ({_why(exc)})"
        ) from None
    try:
        st = os.fstat(fd)  # the path may have been swapped for something else since stat()
        if not stat.S_ISREG(st.st_mode):
            raise UnreadableFile(
                f"the {what} {shown_name(path)} is not an ordinary file (it is {_kind(st.st_mode)})"
            )
        chunks: list[bytes] = []
        total = 0
        while True:
            chunk = os.read(fd, min(1 << 20, limit + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
            if total > limit:
                raise UnreadableFile(
                    f"the {what} {shown_name(path)} is too large to be one (more than {_size(limit)})"
                )
    except OSError as exc:
        raise UnreadableFile(
            f"the {what} {shown_name(path)} cannot be read ({_why(exc)})"
        ) from None
    finally:
        os.close(fd)
    data = b"".join(chunks)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise UnreadableFile(
            f"the {what} {shown_name(path)} cannot be read: it is damaged or not text (byte "
            f"{_first_bad(data)} is not UTF-8)"
        ) from None


def parse_json(text: str, what: str = "file") -> Any:
    """JSON data from ``text``, checked by :func:`check_plain`; every failure is an
    :class:`UnreadableFile` (never ``RecursionError``, ``ValueError`` …)."""
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise UnreadableFile(
            f"the {what} is damaged or truncated (not valid JSON at line {exc.lineno})"
        ) from None
    except RecursionError:
        raise UnreadableFile(
            f"the {what} is damaged (it is nested far deeper than any of ours)"
        ) from None
    except (ValueError, TypeError, MemoryError) as exc:
        raise UnreadableFile(f"the {what} is damaged ({_why(exc)})") from None
    check_plain(data, what)
    return data


def read_json(path: Path, limit: int, what: str = "file") -> Any:
    """:func:`read_text` then :func:`parse_json`: the one reading path for our JSON files."""
    return parse_json(read_text(path, limit, what), what)


def check_plain(data: Any, what: str = "file") -> None:
    """Refuse data no file of ours holds: nesting deeper than :data:`MAX_DEPTH`, integers
    beyond 64 bits, non-finite floats, strings that are not valid Unicode (lone surrogates
    would make text drawing fail). Iterative, so no input can make it recurse."""
    stack: list[tuple[Any, int]] = [(data, 0)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, str):
            _check_str(value, what)
        elif isinstance(value, bool) or value is None:
            continue
        elif isinstance(value, int):
            if not -MAX_INT - 1 <= value <= MAX_INT:
                raise UnreadableFile(f"the {what} is damaged (it holds a number far too large)")
        elif isinstance(value, float):
            if value != value or value in (float("inf"), float("-inf")):
                raise UnreadableFile(f"the {what} is damaged (it holds a number that is not one)")
        elif isinstance(value, (list, tuple, dict)):
            if depth >= MAX_DEPTH:
                raise UnreadableFile(
                    f"the {what} is damaged (it is nested far deeper than any of ours)"
                )
            if isinstance(value, dict):
                for k, v in value.items():
                    stack.append((k, depth + 1))
                    stack.append((v, depth + 1))
            else:
                stack.extend((v, depth + 1) for v in value)
        else:
            raise UnreadableFile(
                f"the {what} holds a {type(value).__name__}, which none of ours do"
            )


def _check_str(value: str, what: str) -> None:
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise UnreadableFile(
            f"the {what} is damaged (it holds text that is not valid Unicode)"
        ) from None


def _no_constant(name: str) -> Any:
    raise ValueError(f"it holds {name}, which is not a number JSON allows")


def _why(exc: BaseException) -> str:
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror.lower()
    text = str(exc) or type(exc).__name__
    return text if len(text) <= 120 else text[:117] + "..."


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a named pipe"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a file"


def _first_bad(data: bytes) -> int:
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as exc:
        return exc.start + 1
    return 0


def remove_stale_temps(folder: Path, min_age_s: float = TEMP_MIN_AGE_S) -> list[Path]:
    """Delete what interrupted atomic writes left in ``folder`` (our pattern only, regular
    files only, older than ``min_age_s``); returns what was removed. Never raises."""
    removed: list[Path] = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return removed
    now = time.time()
    for entry in entries:
        if not TEMP_PATTERN.match(entry.name):
            continue
        try:
            st = entry.stat(follow_symlinks=False)
            if not stat.S_ISREG(st.st_mode) or now - st.st_mtime < min_age_s:
                continue
            os.unlink(entry.path)
        except OSError:
            continue
        removed.append(Path(entry.path))
    return removed
