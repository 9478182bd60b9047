"""PyInstaller hook: the app imports ``ai`` submodules lazily, so list them all explicitly."""

from PyInstaller.utils.hooks import collect_submodules

hiddenimports = collect_submodules("ai")
