"""The release build: helper logic everywhere, and a real frozen build smoke test on Linux.

The frozen test builds the one-folder app with build/atlantis.spec into a temporary folder and
runs the executable's ``--selftest`` headless, from an empty working directory, so a missing
data file, hidden import or font shows up here instead of on a player's machine. It is marked
``build`` (deselect with ``-m "not build"``) and takes about a minute.
"""

from __future__ import annotations

import importlib.util
import os
import pkgutil
import platform
import re
import subprocess
import sys
import tarfile
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
BUILD_DIR = ROOT / "build"


def _load_buildlib() -> ModuleType:
    """Load build/buildlib.py by path: ``build`` is a folder of scripts, not a package."""
    spec = importlib.util.spec_from_file_location("buildlib", BUILD_DIR / "buildlib.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    # atlantis.spec does ``import buildlib``; make that the very module tested (and patched) here.
    return sys.modules.setdefault("buildlib", module)


buildlib = _load_buildlib()


# --- fast checks of the helpers (every OS) --------------------------------------------------
def test_version_comes_from_pyproject() -> None:
    tomllib = pytest.importorskip("tomllib")  # 3.11+; buildlib has its own 3.10 path
    expected = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    assert buildlib.project_version() == expected


def test_version_reader_without_tomllib(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pyproject = tmp_path / "pyproject.toml"
    pyproject.write_text('[tool.x]\nversion = "9"\n[project]\nname = "a"\nversion = "1.2.3"\n')
    monkeypatch.setattr(buildlib.sys, "version_info", (3, 10, 0))
    assert buildlib.project_version(pyproject) == "1.2.3"


@pytest.mark.parametrize(
    ("version", "expected"),
    [("0.1.0", (0, 1, 0, 0)), ("1.2", (1, 2, 0, 0)), ("2.0.1rc1", (2, 0, 1, 0)),
     ("1.2.3.4.5", (1, 2, 3, 4)), ("v3.1.0", (3, 1, 0, 0)), ("0.1.0.dev2", (0, 1, 0, 0))],
)  # fmt: skip
def test_windows_version_tuple(version: str, expected: tuple[int, ...]) -> None:
    assert buildlib.version_tuple(version) == expected


def test_windows_version_info_is_a_valid_expression() -> None:
    """PyInstaller ``eval``s this file on Windows; check it parses and carries the version."""
    calls: dict[str, Any] = {}

    def recorder(name: str) -> Any:
        def make(*args: Any, **kwargs: Any) -> tuple[str, tuple[Any, ...], dict[str, Any]]:
            calls.setdefault(name, []).append((args, kwargs))
            return (name, args, kwargs)

        return make

    names = ["VSVersionInfo", "FixedFileInfo", "StringFileInfo", "StringTable", "StringStruct",
             "VarFileInfo", "VarStruct"]  # fmt: skip
    eval(buildlib.windows_version_info("1.4.2"), {n: recorder(n) for n in names})
    ffi_kwargs = calls["FixedFileInfo"][0][1]
    assert ffi_kwargs["filevers"] == (1, 4, 2, 0) == ffi_kwargs["prodvers"]
    strings = {args[0]: args[1] for args, _ in calls["StringStruct"]}
    assert strings["ProductVersion"] == "1.4.2"
    assert strings["OriginalFilename"] == "AtlantisTabletop.exe"


@pytest.mark.parametrize(
    ("system", "machine", "name"),
    [("Linux", "x86_64", "atlantis-tabletop-0.3.0-linux-x86_64"),
     ("Windows", "AMD64", "atlantis-tabletop-0.3.0-windows-x86_64"),
     ("Darwin", "arm64", "atlantis-tabletop-0.3.0-macos-arm64"),
     ("Linux", "aarch64", "atlantis-tabletop-0.3.0-linux-arm64")],
)  # fmt: skip
def test_archive_names(system: str, machine: str, name: str) -> None:
    assert buildlib.archive_stem("0.3.0", system, machine) == name


def test_executable_locations() -> None:
    dist = Path("dist")
    assert (
        buildlib.executable_path(dist, False, "Linux")
        == dist / "AtlantisTabletop" / "AtlantisTabletop"
    )
    assert buildlib.executable_path(dist, False, "Windows").name == "AtlantisTabletop.exe"
    mac = buildlib.executable_path(dist, False, "Darwin")
    assert mac.parts[-4:] == ("AtlantisTabletop.app", "Contents", "MacOS", "AtlantisTabletop")
    assert buildlib.executable_path(dist, True, "Linux") == dist / "AtlantisTabletop"
    assert buildlib.shipped_artifact(dist, False, "Darwin") == dist / "AtlantisTabletop.app"


@pytest.mark.parametrize(
    ("dest", "kept"),
    [("pygame_gui/data/NotoSans-Regular.ttf", True), ("pygame_gui/data/NotoSans-Bold.ttf", True),
     ("pygame_gui/data/FiraCode-Regular.ttf", True), ("pygame_gui/data/NotoSansJP-Bold.otf", False),
     ("pygame_gui/data/NotoSansSC-Regular.otf", False), ("pygame_gui/data/NotoSansArabic-Bold.ttf", False),
     ("pygame_gui/data/default_theme.json", True), ("pygame_gui/data/translations/pygame-gui.en.json", True),
     ("pygame/freesansbold.ttf", True), ("assets/fonts/Quattrocento-Regular.otf", True),
     ("assets/__pycache__/x.cpython-312.pyc", False), ("assets/make_sounds.py", False),
     ("pygame_gui\\data\\NotoSansKR-Bold.ttf", False)],
)  # fmt: skip
def test_bundled_data_filter(dest: str, kept: bool) -> None:
    assert buildlib.keep_data_entry(dest) is kept


def test_kept_gui_fonts_are_the_ones_a_ui_manager_loads() -> None:
    """pygame-gui always loads its Latin and symbol defaults; they must survive the filter."""
    from pygame_gui.core.ui_font_dictionary import UIFontDictionary

    source = Path(sys.modules[UIFontDictionary.__module__].__file__ or "").read_text()
    for name in ("NotoSans-Regular.ttf", "NotoSans-Bold.ttf", "FiraCode-Regular.ttf"):
        assert name in source and name in buildlib.KEPT_GUI_FONTS


def test_spec_flag_from_args_or_environment() -> None:
    assert buildlib.spec_flag(["--onefile"], {}, "onefile")
    assert buildlib.spec_flag([], {"ATLANTIS_ONEFILE": "1"}, "onefile")
    assert not buildlib.spec_flag([], {"ATLANTIS_ONEFILE": "0"}, "onefile")
    assert not buildlib.spec_flag([], {}, "onefile")


def test_icons_are_optional(tmp_path: Path) -> None:
    """No icon file (or no formats wanted) means no icons, never a failed build."""
    assert buildlib.make_icons(tmp_path / "missing.png", tmp_path / "out") == {}
    assert buildlib.make_icons(ROOT / "assets" / "icon.png", tmp_path / "out", ()) == {}


def test_icons_from_png_with_pillow(tmp_path: Path) -> None:
    pytest.importorskip("PIL", reason="Pillow is an optional build-time dependency")
    png = ROOT / "assets" / "icon.png"
    if not png.is_file():
        pytest.skip("assets/icon.png does not exist")
    made = buildlib.make_icons(png, tmp_path, ("ico", "icns"))
    assert set(made) == {"ico", "icns"} and all(p.stat().st_size > 0 for p in made.values())


@pytest.mark.skipif(os.name == "nt", reason="symlinks in archives matter on Linux/macOS")
def test_tar_archive_keeps_symlinks_and_exec_bits(tmp_path: Path) -> None:
    app = tmp_path / "dist" / "AtlantisTabletop"
    (app / "_internal" / "lib").mkdir(parents=True)
    exe = app / "AtlantisTabletop"
    exe.write_text("#!/bin/sh\necho hi\n")
    exe.chmod(0o755)
    (app / "_internal" / "lib" / "libx.so.1").write_text("x")
    (app / "_internal" / "libx.so.1").symlink_to("lib/libx.so.1")
    archive = buildlib.make_archive(app, tmp_path / "out", "pkg", system="Linux")
    assert archive.name == "pkg.tar.gz"
    with tarfile.open(archive) as tf:
        members = {m.name: m for m in tf.getmembers()}
    link = members["AtlantisTabletop/_internal/libx.so.1"]
    assert link.issym() and link.linkname == "lib/libx.so.1"
    assert members["AtlantisTabletop/AtlantisTabletop"].mode & 0o111
    assert members["AtlantisTabletop/AtlantisTabletop"].uid == 0


def test_zip_archive_for_windows(tmp_path: Path) -> None:
    import zipfile

    app = tmp_path / "AtlantisTabletop"
    (app / "_internal").mkdir(parents=True)
    (app / "AtlantisTabletop.exe").write_bytes(b"MZ")
    (app / "_internal" / "python312.dll").write_bytes(b"dll")
    archive = buildlib.make_archive(app, tmp_path / "out", "pkg", system="Windows")
    with zipfile.ZipFile(archive) as zf:
        assert sorted(zf.namelist()) == [
            "AtlantisTabletop/AtlantisTabletop.exe",
            "AtlantisTabletop/_internal/python312.dll",
        ]


# --- the spec's wiring for every OS, without PyInstaller -------------------------------------
class _Recorder:
    """Stands in for PyInstaller's spec classes; remembers how the spec called it."""

    calls: dict[str, list[dict[str, Any]]] = {}

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        _Recorder.calls.setdefault(type(self).__name__, []).append({"args": args, **kwargs})
        self.scripts: list[Any] = []
        self.pure: list[Any] = []
        self.binaries: list[Any] = []
        self.datas = [
            ("pygame_gui/data/NotoSansJP-Bold.otf", "x", "DATA"),
            ("pygame_gui/data/NotoSans-Regular.ttf", "x", "DATA"),
            ("assets/theme.json", "x", "DATA"),
        ]


def _exec_spec(tmp_path: Path, argv: list[str]) -> dict[str, Any]:
    names = ("Analysis", "PYZ", "EXE", "COLLECT", "BUNDLE")
    namespace: dict[str, Any] = {n: type(n, (_Recorder,), {}) for n in names}
    namespace.update(SPECPATH=str(BUILD_DIR), workpath=str(tmp_path / "work"))
    _Recorder.calls = {}
    spec_path = BUILD_DIR / "atlantis.spec"
    old_argv = sys.argv
    sys.argv = [str(spec_path), *argv]
    try:
        exec(compile(spec_path.read_text(encoding="utf-8"), str(spec_path), "exec"), namespace)
    finally:
        sys.argv = old_argv
    return namespace


@pytest.mark.parametrize("system", ["linux", "windows", "macos"])
@pytest.mark.parametrize("onefile", [False, True])
def test_spec_wiring(
    system: str, onefile: bool, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Run the spec with stand-ins, per OS: catches mistakes in branches Linux never builds."""
    monkeypatch.setattr(sys, "path", list(sys.path))
    monkeypatch.delenv("ATLANTIS_ONEFILE", raising=False)
    monkeypatch.setattr(buildlib, "os_tag", lambda system_name=None: system)
    argv = ["--onefile"] if onefile else []
    if onefile and system == "macos":
        with pytest.raises(SystemExit):
            _exec_spec(tmp_path, argv)
        return
    ns = _exec_spec(tmp_path, argv)
    calls = _Recorder.calls
    analysis = calls["Analysis"][0]
    assert analysis["args"][0] == [str(ROOT / "main.py")]
    assert str(BUILD_DIR / "hooks") in analysis["hookspath"]
    assert set(analysis["hiddenimports"]) == set(buildlib.lazy_packages(ROOT))
    assert (str(ROOT / "assets"), "assets") in analysis["datas"]
    assert [d[0] for d in ns["a"].datas] == [
        "pygame_gui/data/NotoSans-Regular.ttf",
        "assets/theme.json",
    ]
    (exe,) = calls["EXE"]
    assert exe["upx"] is False and exe["name"] == "AtlantisTabletop"
    assert exe["console"] is (system == "linux")
    if system == "windows":
        assert "VSVersionInfo" in Path(exe["version"]).read_text(encoding="utf-8")
    else:
        assert exe["version"] is None
    if onefile:
        assert "COLLECT" not in calls and exe.get("exclude_binaries") is not True
        return
    assert exe["exclude_binaries"] is True and calls["COLLECT"][0]["upx"] is False
    if system == "macos":
        (bundle,) = calls["BUNDLE"]
        assert bundle["name"] == "AtlantisTabletop.app"
        assert bundle["bundle_identifier"] == buildlib.BUNDLE_ID
        assert bundle["version"] == buildlib.project_version()
    else:
        assert "BUNDLE" not in calls


# --- the real frozen build (Linux) ----------------------------------------------------------
def _frozen_build_skip_reason() -> str | None:
    if platform.system() != "Linux":
        return "the frozen-build smoke test runs on Linux; CI builds and self-tests every OS"
    if importlib.util.find_spec("PyInstaller") is None:
        return "PyInstaller is not installed (pip install -e '.[build]')"
    if not (ROOT / "main.py").is_file():
        return "main.py does not exist yet"
    return None


@pytest.fixture(scope="module")
def frozen_app(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Build the one-folder app once for this module; returns the executable."""
    reason = _frozen_build_skip_reason()
    if reason:
        pytest.skip(reason)
    out = tmp_path_factory.mktemp("frozen")
    done = subprocess.run(
        [sys.executable, str(BUILD_DIR / "build.py"), "--skip-archive",
         "--distpath", str(out / "dist"), "--workpath", str(out / "work")],
        cwd=ROOT, capture_output=True, text=True, timeout=420, check=False,
    )  # fmt: skip
    assert done.returncode == 0, f"build failed:\n{done.stdout[-4000:]}\n{done.stderr[-4000:]}"
    exe = buildlib.executable_path(out / "dist", onefile=False)
    assert exe.is_file() and os.access(exe, os.X_OK)
    return exe


@pytest.mark.build
@pytest.mark.slow
def test_frozen_app_selftest(frozen_app: Path, tmp_path: Path) -> None:
    """The frozen app builds every scene and finds every engine the source tree registers.

    Engines register through lazy imports, so "engines: none" in a frozen build would mean
    the bundling dropped them; comparing with the source registry catches exactly that.
    """
    env = buildlib.headless_env()
    env["ATLANTIS_HOME"] = str(tmp_path / "home")
    env["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    done = subprocess.run(
        [str(frozen_app), "--selftest"],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=180, check=False,
    )  # fmt: skip
    output = done.stdout + done.stderr
    assert done.returncode == 0, f"--selftest exited {done.returncode}:\n{output[-4000:]}"
    scenes = re.search(r"(\d+) scenes\b", output)
    assert scenes, f"--selftest did not report the scenes it built:\n{output}"
    assert int(scenes.group(1)) >= _expected_scene_count(), output

    engines = re.search(r"engines: (.*?)(?:, \w+:|$)", output, re.MULTILINE)
    assert engines, f"--selftest did not report its engines:\n{output}"
    frozen = set(engines.group(1).split(", ")) - {"none"}
    assert frozen == {spec.game_id for spec in _production_games()}, output


def _production_games() -> list:
    """The registered games that ship (tests register toy games of their own beside them)."""
    from game.core import registry

    return [s for s in registry.games() if s.new_game.__module__.startswith("game.")]


def _expected_scene_count() -> int:
    """How many menu scenes the source self-test builds (at least one if that list moved)."""
    try:
        from scenes.selftest import menu_scenes
    except ImportError:
        return 1
    return len(menu_scenes())


@pytest.mark.build
@pytest.mark.slow
def test_frozen_app_bundles_every_project_module(frozen_app: Path) -> None:
    """Engines, bot policies and boards are imported by name at run time; all must ship."""
    from PyInstaller.archive.readers import ZlibArchiveReader

    work = frozen_app.parents[2] / "work"
    pyz = next(work.rglob("PYZ-00.pyz"))
    bundled = set(ZlibArchiveReader(str(pyz)).toc)
    expected: set[str] = set()
    for package in buildlib.lazy_packages(ROOT):
        expected.add(package)
        found = pkgutil.walk_packages([str(ROOT / package)], prefix=f"{package}.")
        expected.update(info.name for info in found)
    assert expected - bundled == set()


@pytest.mark.build
@pytest.mark.slow
def test_frozen_app_plays_bot_games(frozen_app: Path, tmp_path: Path) -> None:
    """The frozen ``simulate`` command plays every registered engine with its (easy) bots."""
    env = buildlib.headless_env()
    env["ATLANTIS_HOME"] = str(tmp_path / "home")
    for spec in _production_games():
        done = subprocess.run(
            [str(frozen_app), "simulate", spec.game_id, "--players", str(spec.min_players),
             "--bots", "easy", "--games", "1", "--json"],
            cwd=tmp_path, env=env, capture_output=True, text=True, timeout=180, check=False,
        )  # fmt: skip
        assert done.returncode == 0, f"{spec.game_id}: {done.stdout}\n{done.stderr}"
        assert '"errors": 0' in done.stdout, done.stdout


@pytest.mark.build
@pytest.mark.slow
def test_frozen_app_ships_only_the_fonts_it_needs(frozen_app: Path) -> None:
    data = frozen_app.parent / "_internal" / "pygame_gui" / "data"
    fonts = {p.name for p in data.iterdir() if p.suffix in (".ttf", ".otf")}
    assert fonts == set(buildlib.KEPT_GUI_FONTS)
    assert (data / "default_theme.json").is_file()
    assert (data / "licenses").is_dir()
    assert (frozen_app.parent / "_internal" / "assets" / "theme.json").is_file()


# --- licence notices -----------------------------------------------------------------------
def test_every_notice_file_named_by_the_build_exists() -> None:
    names = {f for _pattern, files in buildlib.LIBRARY_NOTICES for f in files}
    names |= set(buildlib.ALWAYS_NOTICES) - {"LICENSE"}
    missing = sorted(n for n in names if not (ROOT / "licenses" / n).is_file())
    assert missing == []
    assert "MIT License" in (ROOT / "LICENSE").read_text(encoding="utf-8")


def test_licence_file_matches_pyproject() -> None:
    tomllib = pytest.importorskip("tomllib")
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert project["license"] == "MIT"
    assert (ROOT / "LICENSE").read_text(encoding="utf-8").startswith("MIT License")


def test_every_library_pygame_ce_bundles_has_a_notice() -> None:
    import pygame

    libs = Path(pygame.__file__).resolve().parent.parent / "pygame_ce.libs"
    if not libs.is_dir():
        pytest.skip("this pygame-ce wheel keeps its libraries elsewhere")
    names = [p.name for p in libs.iterdir() if buildlib.is_bundled_library(p.name)]
    assert names, "pygame_ce.libs holds no shared library"
    assert [n for n in names if not buildlib.notices_for_library(n)] == []


@pytest.mark.parametrize(
    ("name", "covered"),
    [("libSDL2-2-50d19f93.0.so.0.3200.10", "sdl2.txt"), ("SDL2_image.dll", "sdl2_image.txt"),
     ("libz.so.1", "zlib.txt"), ("libpython3.11.so.1.0", "python-PSF.txt"),
     ("libfreetype.6.dylib", "freetype.txt"), ("libzstd.so.1", None),
     ("_ssl.cpython-311-x86_64-linux-gnu.so", None)],
)  # fmt: skip
def test_library_names_map_to_their_notices(name: str, covered: str | None) -> None:
    files = buildlib.notices_for_library(name) if buildlib.is_bundled_library(name) else ()
    assert (covered in files) if covered else files == ()


@pytest.mark.build
@pytest.mark.slow
def test_frozen_app_carries_the_licence_of_everything_it_bundles(frozen_app: Path) -> None:
    internal = frozen_app.parent / "_internal"
    shipped = internal / "licenses"
    for name in buildlib.ALWAYS_NOTICES:
        assert (shipped / name).is_file(), f"{name} is not in the frozen app"
    libraries = sorted(
        {p.name for p in internal.rglob("*") if p.is_file() and buildlib.is_bundled_library(p.name)}
    )
    assert any(n.lower().startswith("libsdl2") for n in libraries)
    uncovered = [n for n in libraries if not buildlib.notices_for_library(n)]
    assert uncovered == [], f"bundled without a licence notice: {uncovered}"
    absent = sorted(
        {
            f
            for n in libraries
            for f in buildlib.notices_for_library(n)
            if not (shipped / f).is_file()
        }
    )
    assert absent == []
    fonts = internal / "assets" / "fonts"
    assert (fonts / "NotoSans-OFL.txt").is_file() and (fonts / "Quattrocento-OFL.txt").is_file()
    assert (internal / "pygame_gui" / "data" / "licenses" / "FiraCode-LICENSE.txt").is_file()
