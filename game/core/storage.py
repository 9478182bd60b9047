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
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

import platformdirs

from game.core import files
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


def remove_leftover_temps() -> list[Path]:
    """At start-up: delete what writes interrupted by a crash or ``kill -9`` left behind
    (only :func:`atomic_write`'s own ``.<name>.<random>.tmp`` files older than a minute)."""
    removed: list[Path] = []
    for folder in (config_dir(), data_dir(), saves_dir()):
        removed += files.remove_stale_temps(folder)
    return removed


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
    #: the setup screen's last game and, per game, the options and seats it was started with
    #: ({"game": id, "games": {id: {"options": {...}, "seats": [{name, kind, colour, team}]}}});
    #: read back through scenes.setup_scene, which keeps only what the game still accepts
    last_setup: dict = field(default_factory=dict)

    @classmethod
    def load(cls) -> tuple[Settings, str | None]:
        """Read settings; on a damaged file return defaults *and* a message, keep the file."""
        path = config_dir() / "settings.json"
        if not os.path.lexists(path):
            return cls(), None
        try:
            data = files.read_json(path, files.MAX_SETTINGS_BYTES, "settings file")
            if not isinstance(data, dict):
                raise files.UnreadableFile("the settings file is damaged (it is not a table)")
            return cls._from_data(data), None
        except files.UnreadableFile as exc:
            problem = str(exc)
        except Exception as exc:  # never let a settings file stop the program
            problem = f"the settings file is damaged ({type(exc).__name__})"
        try:
            kept = f"it was kept as {set_aside(path).name}"
        except OSError as exc:
            kept = f"it could not be moved aside ({exc.strerror or exc})"
        return cls(), f"{problem[:1].upper()}{problem[1:]}; {kept}, and the defaults are used."

    @classmethod
    def _from_data(cls, data: dict[str, Any]) -> Settings:
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
        return s

    def save(self) -> None:
        atomic_write(config_dir() / "settings.json", json.dumps(asdict(self), indent=1))


# --- games ------------------------------------------------------------------------------------
#: names Windows keeps for devices, whatever follows the dot: a save called ``CON.json`` would
#: be written to the console there (checked on every system, so saves travel between them)
DEVICE_NAMES = frozenset(
    ["CON", "PRN", "AUX", "NUL"]
    + [f"{kind}{n}" for kind in ("COM", "LPT") for n in "123456789\u00b9\u00b2\u00b3"]
)
#: the longest slot name kept (60 characters of up to 4 UTF-8 bytes stay under 255 bytes)
MAX_SLOT_CHARS = 60


def save_path(slot: str) -> Path:
    safe = "".join(c if c.isalnum() or c in "-_ " else "_" for c in slot[:MAX_SLOT_CHARS])
    safe = safe.strip() or "save"
    if safe.upper() in DEVICE_NAMES:
        safe = f"{safe}_"
    return saves_dir() / f"{safe}.json"


def write_save(record: GameRecord, slot: str = AUTOSAVE, *, check_existing: bool = True) -> Path:
    """Write ``record`` to ``slot`` atomically.

    A file already in the slot that cannot be read (damaged, or from a newer version) is never
    overwritten: it is first renamed to ``<slot>.unreadable-<time>.json``, where the load screen
    still lists it as one that cannot be opened. ``check_existing=False`` skips that check for a
    caller that knows the slot holds its own earlier write.
    """
    path = save_path(slot)
    if check_existing and os.path.lexists(path):
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
    """Read and check (not replay) a save; every problem is a :class:`SaveError`."""
    try:
        text = files.read_text(Path(path), files.MAX_SAVE_BYTES, "save file")
    except files.UnreadableFile as exc:
        raise SaveError(str(exc)) from None
    return GameRecord.loads(text)


def scan_saves() -> tuple[list[Path], str | None]:
    """Every ``*.json`` in the saves folder, newest first, and why the folder cannot be read
    (no permission, a path too long …) when it cannot: then the list is empty."""
    try:
        found = files.scan(saves_dir(), "*.json")
    except files.UnreadableFile as exc:
        return [], str(exc)
    return sorted(found, key=modified, reverse=True), None


def list_saves() -> list[Path]:
    return scan_saves()[0]


def modified(path: Path) -> float:
    """When ``path`` last changed (a link to nothing: when the link did; gone: 0)."""
    for look in (os.stat, os.lstat):
        try:
            return look(path).st_mtime
        except OSError:
            continue
    return 0.0


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
def stats_path() -> Path:
    return data_dir() / "stats.json"


def read_stats() -> tuple[dict[str, Any], str | None]:
    """The statistics, or an empty table *and* a message when the file cannot be used."""
    path = stats_path()
    if not os.path.lexists(path):
        return {"games": []}, None
    try:
        loaded = files.read_json(path, files.MAX_STATS_BYTES, "statistics file")
    except files.UnreadableFile as exc:
        return {"games": []}, f"{exc}"
    games = loaded.get("games") if isinstance(loaded, dict) else None
    if not isinstance(games, list) or not all(isinstance(g, dict) for g in games):
        return {"games": []}, "the statistics file is damaged (it holds no list of games)"
    return loaded, None


def record_result(game: str, result: dict[str, Any]) -> str | None:
    """Append a finished game's summary to the statistics file. A file that cannot be read is
    set aside (kept byte for byte) and a new one started; the message says so."""
    path = stats_path()
    stats, problem = read_stats()
    if problem is not None:
        problem = f"{problem}; it was kept as {set_aside(path).name} and a new one started"
    stats["games"].append({"game": game, **result})
    atomic_write(path, json.dumps(stats, indent=1))
    return problem


def load_stats() -> dict[str, Any]:
    """The statistics (empty when the file cannot be used; :func:`read_stats` says why)."""
    return read_stats()[0]
