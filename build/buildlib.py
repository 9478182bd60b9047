"""Plain helpers shared by ``atlantis.spec``, ``build.py`` and ``tests/test_build.py``.

Kept free of PyInstaller imports so the pure parts (names, versions, archives, which data
files ship) can be unit-tested quickly and reused from the spec, which PyInstaller ``exec``s.
"""

from __future__ import annotations

import os
import platform
import re
import sys
import tarfile
import zipfile
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
APP_NAME = "AtlantisTabletop"
DISPLAY_NAME = "Atlantis Tabletop"
ARCHIVE_PREFIX = "atlantis-tabletop"
BUNDLE_ID = "org.atlantistabletop.AtlantisTabletop"
#: Packages the app imports lazily (registry, bots), so PyInstaller cannot see them statically.
LAZY_PACKAGES = ("game", "ai", "scenes", "remote")
#: pygame-gui fonts a ``UIManager`` needs: the Latin default (all four styles, since themes
#: and HTML text may ask for bold/italic) and the symbols font of the default theme. The CJK,
#: Arabic, Hebrew and Georgian fonts (~38 MB) are only for locales this game never selects.
KEPT_GUI_FONTS = frozenset(
    {
        "NotoSans-Regular.ttf",
        "NotoSans-Bold.ttf",
        "NotoSans-Italic.ttf",
        "NotoSans-BoldItalic.ttf",
        "FiraCode-Regular.ttf",
    }
)
FONT_SUFFIXES = (".ttf", ".otf")
#: Build/dev leftovers that must never ship inside the bundle's data.
JUNK_PARTS = frozenset({"__pycache__", ".DS_Store"})


def project_version(pyproject: Path = ROOT / "pyproject.toml") -> str:
    """Read ``[project].version``: one source of truth for archive names and Windows metadata."""
    text = pyproject.read_text(encoding="utf-8")
    if sys.version_info >= (3, 11):
        import tomllib

        return str(tomllib.loads(text)["project"]["version"])
    # Python 3.10 has no tomllib; the version line is simple enough to read directly.
    in_project = False
    for line in text.splitlines():
        stripped = line.strip()
        if stripped.startswith("["):
            in_project = stripped == "[project]"
        elif in_project:
            match = re.match(r'version\s*=\s*["\']([^"\']+)["\']', stripped)
            if match:
                return match.group(1)
    raise ValueError(f"no [project].version in {pyproject}")


def version_tuple(version: str) -> tuple[int, int, int, int]:
    """Windows wants four integers; ``0.2.0rc1`` becomes ``(0, 2, 0, 0)``."""
    match = re.match(r"^v?(\d+(?:\.\d+)*)", version.strip())
    numbers = [int(n) for n in match.group(1).split(".")][:4] if match else []
    numbers += [0] * (4 - len(numbers))
    return (numbers[0], numbers[1], numbers[2], numbers[3])


def os_tag(system: str | None = None) -> str:
    """Short OS name used in archive names (``linux``, ``windows``, ``macos``)."""
    system = (system or platform.system()).lower()
    return {"darwin": "macos", "windows": "windows"}.get(system, system)


def arch_tag(machine: str | None = None) -> str:
    """Normalise ``platform.machine()`` so Windows' ``AMD64`` and Linux' ``x86_64`` agree."""
    machine = (machine or platform.machine()).lower()
    return {"amd64": "x86_64", "x64": "x86_64", "aarch64": "arm64"}.get(machine, machine)


def archive_stem(version: str, system: str | None = None, machine: str | None = None) -> str:
    return f"{ARCHIVE_PREFIX}-{version}-{os_tag(system)}-{arch_tag(machine)}"


def executable_path(dist: Path, onefile: bool, system: str | None = None) -> Path:
    """Where the runnable binary of a build lives (inside the ``.app`` on macOS)."""
    tag = os_tag(system)
    exe = APP_NAME + (".exe" if tag == "windows" else "")
    if onefile:
        return dist / exe
    if tag == "macos":
        return dist / f"{APP_NAME}.app" / "Contents" / "MacOS" / APP_NAME
    return dist / APP_NAME / exe


def shipped_artifact(dist: Path, onefile: bool, system: str | None = None) -> Path:
    """What goes into the archive: the folder, the ``.app``, or the single file."""
    if onefile:
        return executable_path(dist, True, system)
    if os_tag(system) == "macos":
        return dist / f"{APP_NAME}.app"
    return dist / APP_NAME


def keep_data_entry(dest: str) -> bool:
    """Filter for ``Analysis.datas``: drop unused pygame-gui fonts, asset scripts, leftovers."""
    parts = Path(dest.replace("\\", "/")).parts
    if JUNK_PARTS.intersection(parts) or dest.endswith((".pyc", ".pyo")):
        return False
    if parts[:1] == ("assets",) and dest.endswith(".py"):
        return False  # the scripts that generate assets are for developers, not players
    if parts[:2] == ("pygame_gui", "data") and dest.lower().endswith(FONT_SUFFIXES):
        return parts[-1] in KEPT_GUI_FONTS
    return True


def filter_datas(datas: Iterable[tuple[str, str, str]]) -> list[tuple[str, str, str]]:
    """Apply :func:`keep_data_entry` to a PyInstaller TOC of ``(dest, src, typecode)``."""
    return [entry for entry in datas if keep_data_entry(entry[0])]


def strip_libpython_debug_info(
    binaries: Iterable[tuple[str, str, str]], out_dir: Path
) -> list[tuple[str, str, str]]:
    """Linux: swap ``libpython*.so`` for a copy without DWARF debug info (~23 MB -> ~6 MB).

    Only libpython and only ``--strip-debug``: PyInstaller's global ``strip=True`` would also
    rewrite the auditwheel-patched libraries of pygame-ce, which is how those get corrupted.
    Without a ``strip`` tool the binaries are left as they are.
    """
    import shutil
    import subprocess

    entries = list(binaries)
    tool = shutil.which("strip")
    if tool is None:
        return entries
    out: list[tuple[str, str, str]] = []
    for dest, src, kind in entries:
        if Path(dest).name.startswith("libpython") and ".so" in Path(dest).name:
            out_dir.mkdir(parents=True, exist_ok=True)
            copy = out_dir / Path(dest).name
            shutil.copy2(src, copy)
            done = subprocess.run([tool, "--strip-debug", str(copy)], check=False)
            if done.returncode == 0:
                out.append((dest, str(copy), kind))
                continue
        out.append((dest, src, kind))
    return out


def gui_licence_datas() -> list[tuple[str, str]]:
    """The OFL licences of the pygame-gui fonts we ship (its hook leaves them out)."""
    import pygame_gui

    licences = Path(pygame_gui.__file__).parent / "data" / "licenses"
    return [(str(licences), "pygame_gui/data/licenses")] if licences.is_dir() else []


#: Every shared library a build may bundle -> the notice files (in ``licenses/``) that cover
#: it. Names are matched without a leading "lib", case-insensitively, up to a version or
#: hash suffix; the frozen-build test fails on any bundled library this table does not name.
LIBRARY_NOTICES: tuple[tuple[str, tuple[str, ...]], ...] = (
    (r"sdl2_image", ("sdl2_image.txt",)),
    (r"sdl2_mixer", ("sdl2_mixer.txt",)),
    (r"sdl2_ttf", ("sdl2.txt",)),  # SDL_ttf is zlib-licensed by the SDL authors, as SDL is
    (r"sdl2", ("sdl2.txt",)),
    (r"freetype", ("freetype.txt",)),
    (r"harfbuzz", ("harfbuzz.txt",)),
    (r"png\d*", ("png.txt",)),
    (r"jpeg", ("jpeg.txt",)),
    (r"tiff", ("tiff.txt",)),
    (r"(webp|webpdemux|sharpyuv)", ("webp.txt",)),
    (r"(z|zlib\d*)", ("zlib.txt",)),
    (r"flac", ("FLAC.txt",)),
    (r"(ogg|vorbis|vorbisenc|vorbisfile)", ("ogg-vorbis.txt",)),
    (r"opusfile", ("opusfile.txt",)),
    (r"opus", ("opus.txt",)),
    (r"mpg123", ("mpg123.txt", "LGPL-2.1.txt")),
    (r"fluidsynth", ("fluidsynth.txt", "LGPL-2.1.txt")),
    (r"sndfile", ("sndfile.txt", "LGPL-2.1.txt")),
    (r"xmp", ("xmp.txt",)),
    (r"wavpack", ("wavpack.txt",)),
    (r"portmidi", ("portmidi.txt",)),
    (r"modplug", ("modplug.txt",)),
    (r"brotli(common|dec|enc)?", ("brotli.txt",)),
    (r"asound", ("alsa-lib.txt", "LGPL-2.1.txt")),
    (r"bz2", ("bzip2.txt",)),
    (r"(ssl|crypto)", ("openssl.txt",)),
    (r"ffi", ("libffi.txt",)),
    (r"lzma", ("xz-liblzma.txt",)),
    (r"uuid", ("libuuid.txt",)),
    (r"(gcc_s|stdc\+\+)", ("gcc-runtime.txt",)),
    (r"python\d[\d.]*", ("python-PSF.txt",)),
)
#: What every build ships whatever it bundles: our licence, Python's, the libraries we import
#: (pygame-ce is LGPL; pygame-gui and platformdirs MIT; websockets and segno BSD) and the fonts
#: (OFL, in assets/fonts).
ALWAYS_NOTICES = (
    "LICENSE",
    "THIRD-PARTY.md",
    "python-PSF.txt",
    "LGPL-2.1.txt",
    "pygame-gui-MIT.txt",
    "platformdirs-MIT.txt",
    "websockets-BSD.txt",
    "segno-BSD.txt",
)
_SHARED_LIBRARY = re.compile(r"\.(so(\.\d+)*|dylib|dll)$", re.IGNORECASE)


def is_bundled_library(name: str) -> bool:
    """A native shared library, not a Python extension module (those belong to their package)."""
    lower = name.lower()
    if ".cpython-" in lower or lower.endswith(".pyd") or lower.startswith("api-ms-win-"):
        return False
    return bool(_SHARED_LIBRARY.search(lower))


def notices_for_library(name: str) -> tuple[str, ...]:
    """The notice files covering one shared library file name; () when none does."""
    stem = name.lower().removeprefix("lib")
    for pattern, files in LIBRARY_NOTICES:
        if re.match(rf"{pattern}(?=[-.]|$)", stem):
            return files
    return ()


def licence_datas(root: Path = ROOT) -> list[tuple[str, str]]:
    """Our LICENSE and the third-party notices (``licenses/``), shipped as ``licenses/``."""
    out = [(str(root / "licenses"), "licenses")] if (root / "licenses").is_dir() else []
    if (root / "LICENSE").is_file():
        out.append((str(root / "LICENSE"), "licenses"))
    return out


def lazy_packages(root: Path = ROOT) -> list[str]:
    """The lazily imported project packages that exist yet (engines land over time)."""
    return [name for name in LAZY_PACKAGES if (root / name / "__init__.py").is_file()]


def windows_version_info(version: str) -> str:
    """Text of a PyInstaller version-info file (a ``VSVersionInfo`` expression)."""
    numbers = version_tuple(version)
    strings = {
        "CompanyName": DISPLAY_NAME,
        "FileDescription": DISPLAY_NAME,
        "FileVersion": version,
        "InternalName": APP_NAME,
        "LegalCopyright": "MIT License",
        "OriginalFilename": f"{APP_NAME}.exe",
        "ProductName": DISPLAY_NAME,
        "ProductVersion": version,
    }
    table = ",\n          ".join(f"StringStruct({k!r}, {v!r})" for k, v in strings.items())
    return f"""VSVersionInfo(
  ffi=FixedFileInfo(
    filevers={numbers},
    prodvers={numbers},
    mask=0x3f,
    flags=0x0,
    OS=0x40004,
    fileType=0x1,
    subtype=0x0,
    date=(0, 0)
  ),
  kids=[
    StringFileInfo([
      StringTable(
        '040904B0',
        [
          {table}
        ])
    ]),
    VarFileInfo([VarStruct('Translation', [1033, 1200])])
  ]
)
"""


def make_icons(
    png: Path, out_dir: Path, formats: Sequence[str] = ("ico", "icns")
) -> dict[str, Path]:
    """Convert ``icon.png`` to ``.ico``/``.icns`` when Pillow is importable; else return ``{}``.

    Pillow is only a build-time nicety: without it the app simply keeps PyInstaller's icon.
    """
    if not formats:
        return {}
    if not png.is_file():
        print(f"icon: {png} not found, using the default icon")
        return {}
    try:
        from PIL import Image
    except ImportError:
        print("icon: Pillow not installed, using the default icon")
        return {}
    out_dir.mkdir(parents=True, exist_ok=True)
    made: dict[str, Path] = {}
    with Image.open(png) as source:
        image = source.convert("RGBA")
        sizes = [(s, s) for s in (16, 24, 32, 48, 64, 128, 256) if s <= max(image.size)]
        options: dict[str, dict[str, Any]] = {"ico": {"sizes": sizes or [(32, 32)]}, "icns": {}}
        for fmt in formats:
            kwargs = options[fmt]
            target = out_dir / f"{APP_NAME}.{fmt}"
            try:
                image.save(target, format=fmt.upper(), **kwargs)
            except (OSError, ValueError, KeyError) as exc:
                print(f"icon: could not write {target.name}: {exc}")
                continue
            made[fmt] = target
    return made


def make_archive(source: Path, dest_dir: Path, stem: str, system: str | None = None) -> Path:
    """Pack ``source`` (folder, ``.app`` or file) so that users unpack a runnable app.

    POSIX: ``tar.gz`` keeps symlinks (PyInstaller 6 uses them, macOS frameworks need them) and
    the executable bits. Windows: ``zip`` (no symlinks there). The CI uploads this file as is;
    ``upload-artifact`` would otherwise re-zip it and drop the permission bits.
    """
    dest_dir.mkdir(parents=True, exist_ok=True)
    if os_tag(system) == "windows":
        target = dest_dir / f"{stem}.zip"
        with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED, compresslevel=6) as zf:
            paths = [source] if source.is_file() else sorted(source.rglob("*"))
            for path in paths:
                arcname = path.relative_to(source.parent).as_posix()
                if path.is_dir():
                    continue
                zf.write(path, arcname)
        return target
    target = dest_dir / f"{stem}.tar.gz"

    def _normalise(info: tarfile.TarInfo) -> tarfile.TarInfo:
        info.uid = info.gid = 0
        info.uname = info.gname = ""
        return info

    with tarfile.open(target, "w:gz", compresslevel=6) as tf:
        # dereference=False (the default) stores symlinks as symlinks.
        tf.add(source, arcname=source.name, filter=_normalise)
    return target


def tree_size(path: Path) -> int:
    """Bytes on disk of a file or folder, not following symlinks (so nothing counts twice)."""
    if path.is_file() or path.is_symlink():
        return path.lstat().st_size
    total = 0
    for dirpath, _dirnames, filenames in os.walk(path):
        for name in filenames:
            total += (Path(dirpath) / name).lstat().st_size
    return total


def mib(size: int) -> str:
    return f"{size / (1024 * 1024):.1f} MB"


def headless_env(base: dict[str, str] | None = None) -> dict[str, str]:
    """Environment for running the app without a screen or sound card."""
    env = dict(os.environ if base is None else base)
    env.setdefault("SDL_VIDEODRIVER", "dummy")
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    return env


def spec_flag(argv: Sequence[str], environ: dict[str, str] | os._Environ[str], name: str) -> bool:
    """A spec option given either as ``-- --name`` or as ``ATLANTIS_<NAME>=1``."""
    if f"--{name}" in argv:
        return True
    value = environ.get(f"ATLANTIS_{name.upper().replace('-', '_')}", "")
    return value.strip().lower() in {"1", "true", "yes", "on"}
