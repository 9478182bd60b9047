"""Where things live on disk (platformdirs) and how they are written (atomically).

Settings in the user config dir; autosave, named saves and statistics in the user data dir;
logs in the user log dir. ``ATLANTIS_HOME`` overrides all three (tests, portable installs).
A file that cannot be read is reported, never overwritten.
"""

from __future__ import annotations

import json
import os
import tempfile
import time
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any

import platformdirs

from game.core.saves import GameRecord, SaveError

APP_NAME = "AtlantisTabletop"
AUTOSAVE = "autosave"


def _root(kind: str) -> Path:
    override = os.environ.get("ATLANTIS_HOME")
    if override:
        return Path(override) / kind
    getter = {
        "config": platformdirs.user_config_dir,
        "data": platformdirs.user_data_dir,
        "log": platformdirs.user_log_dir,
    }[kind]
    return Path(getter(APP_NAME, appauthor=False))


def config_dir() -> Path:
    return _root("config")


def data_dir() -> Path:
    return _root("data")


def log_dir() -> Path:
    return _root("log")


def saves_dir() -> Path:
    return data_dir() / "saves"


def atomic_write(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` so that a crash leaves either the old or the new file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


# --- settings ---------------------------------------------------------------------------------
#: the UI scales a player can pick (0.0 is "auto": the program picks one that fits the window)
UI_SCALES = (0.0, 1.0, 1.25, 1.5, 1.75, 2.0)


@dataclass
class Settings:
    fullscreen: bool = False
    window_width: int = 1280
    window_height: int = 720
    volume: float = 0.7
    animation_speed: str = "1x"  # 1x | 2x | 4x | instant
    colourblind: bool = False
    guided_first_game: bool = True
    #: text size on screen: 1.0–2.0 in steps of 0.25, or 0.0 for "auto" (fit the window)
    ui_scale: float = 0.0

    @classmethod
    def load(cls) -> tuple[Settings, str | None]:
        """Read settings; on a damaged file return defaults *and* a message, keep the file."""
        path = config_dir() / "settings.json"
        if not path.exists():
            return cls(), None
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            if not isinstance(data, dict):
                raise ValueError("not a table")
        except (OSError, ValueError, UnicodeDecodeError) as exc:
            return cls(), f"Settings file {path} is damaged ({exc}); using defaults."
        s = cls()
        for f in fields(cls):
            if f.name in data and isinstance(data[f.name], type(getattr(s, f.name))):
                setattr(s, f.name, data[f.name])
            elif f.name in ("volume", "ui_scale") and type(data.get(f.name)) is int:
                setattr(s, f.name, float(data[f.name]))
        s.volume = min(1.0, max(0.0, s.volume))
        if s.ui_scale not in UI_SCALES:
            s.ui_scale = 0.0
        if s.animation_speed not in ("1x", "2x", "4x", "instant"):
            s.animation_speed = "1x"
        s.window_width = max(640, min(7680, s.window_width))
        s.window_height = max(360, min(4320, s.window_height))
        return s, None

    def save(self) -> None:
        atomic_write(config_dir() / "settings.json", json.dumps(asdict(self), indent=1))


# --- games ------------------------------------------------------------------------------------
def save_path(slot: str) -> Path:
    safe = "".join(c if c.isalnum() or c in "-_ " else "_" for c in slot).strip() or "save"
    return saves_dir() / f"{safe}.json"


def write_save(record: GameRecord, slot: str = AUTOSAVE, *, check_existing: bool = True) -> Path:
    """Write ``record`` to ``slot`` atomically.

    A file already in the slot that cannot be read (damaged, or from a newer version) is never
    overwritten: it is first renamed to ``<slot>.unreadable-<time>.json``, where the load screen
    still lists it as one that cannot be opened. ``check_existing=False`` skips that check for a
    caller that knows the slot holds its own earlier write.
    """
    path = save_path(slot)
    if check_existing and path.exists():
        try:
            read_save(path)
        except SaveError:
            set_aside(path)
    atomic_write(path, record.dumps())
    return path


def set_aside(path: Path) -> Path:
    """Rename an unreadable save to a free ``<stem>.unreadable-<time>[-n].json`` beside it."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    n = 0
    while True:
        suffix = f"-{n}" if n else ""
        aside = path.with_name(f"{path.stem}.unreadable-{stamp}{suffix}.json")
        if not aside.exists():
            break
        n += 1
    os.replace(path, aside)
    return aside


def read_save(path: Path) -> GameRecord:
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise SaveError(f"there is no save file at {path}") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise SaveError(f"the save file {path.name} cannot be read ({exc})") from None
    return GameRecord.loads(text)


def list_saves() -> list[Path]:
    d = saves_dir()
    if not d.is_dir():
        return []
    return sorted(d.glob("*.json"), key=lambda p: p.stat().st_mtime, reverse=True)


# --- autosaves: one per game ------------------------------------------------------------------
# Every game id keeps its own autosave, ``autosave-<game>.json``, so starting a game of one kind
# never touches the unfinished game of another. ``autosave.json`` is the single slot of older
# versions: it is still found and offered, and becomes its game's autosave when that game is next
# written (see ``adopt_legacy_autosave``).


def autosave_slot(game_id: str) -> str:
    """The slot name of ``game_id``'s autosave."""
    return f"{AUTOSAVE}-{game_id}"


def autosave_path(game_id: str) -> Path:
    return save_path(autosave_slot(game_id))


def is_autosave(path: Path) -> bool:
    """Is ``path`` an autosave (per game, or the old single one), not a named or set-aside save?"""
    stem = Path(path).stem
    return "." not in stem and (stem == AUTOSAVE or stem.startswith(AUTOSAVE + "-"))


def list_autosaves() -> list[Path]:
    """Every autosave file, newest first (a set-aside unreadable one is not an autosave)."""
    return [p for p in list_saves() if is_autosave(p)]


def adopt_legacy_autosave(game_id: str) -> None:
    """Before ``game_id``'s autosave is first written, deal with an old ``autosave.json``.

    An unreadable one is set aside (what writing over it always did); one of this game becomes
    this game's autosave, unless that already exists; one of another game is left alone.
    """
    legacy = save_path(AUTOSAVE)
    if not legacy.exists():
        return
    try:
        record = read_save(legacy)
    except SaveError:
        set_aside(legacy)
        return
    target = autosave_path(game_id)
    if record.game == game_id and not target.exists():
        os.replace(legacy, target)


def has_autosave() -> bool:
    return bool(list_autosaves())


# --- statistics -------------------------------------------------------------------------------
def record_result(game: str, result: dict[str, Any]) -> None:
    """Append a finished game's summary to the statistics file (damaged files are kept aside)."""
    path = data_dir() / "stats.json"
    stats: dict[str, Any] = {"games": []}
    if path.exists():
        try:
            loaded = json.loads(path.read_text(encoding="utf-8"))
            if isinstance(loaded, dict) and isinstance(loaded.get("games"), list):
                stats = loaded
            else:
                raise ValueError
        except (OSError, ValueError):
            os.replace(path, path.with_suffix(".damaged.json"))
    stats["games"].append({"game": game, **result})
    atomic_write(path, json.dumps(stats, indent=1))


def load_stats() -> dict[str, Any]:
    path = data_dir() / "stats.json"
    try:
        loaded = json.loads(path.read_text(encoding="utf-8"))
        return loaded if isinstance(loaded, dict) else {"games": []}
    except (OSError, ValueError):
        return {"games": []}
