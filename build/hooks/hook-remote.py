"""PyInstaller hook: the app imports ``remote`` (and each game's page payload) lazily, so list
every submodule explicitly."""

from PyInstaller.utils.hooks import collect_submodules

hiddenimports = collect_submodules("remote")
