"""PyInstaller hook: the app imports ``game`` submodules lazily, so list them all explicitly."""

from PyInstaller.utils.hooks import collect_submodules

hiddenimports = collect_submodules("game")
