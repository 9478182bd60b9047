"""Watch any save file move by move: the load screen's list, with Watch instead of Load."""

from __future__ import annotations

from typing import TYPE_CHECKING

from scenes.load_scene import LoadScene
from scenes.stack import Scene

if TYPE_CHECKING:
    from scenes.app import App


class ReplaySaveScene(LoadScene):
    """Every save, finished or not; Watch replays it from its first move (the file is only
    read, never written)."""

    heading = "Replay a save"

    def __init__(self, app: App, back: Scene | None = None) -> None:
        super().__init__(app)
        self.back_to = back
        self.load_btn.set_text("Watch")

    def load_selected(self) -> None:
        from scenes.history.history_scene import open_replay

        entry = self.usable_selection("This save cannot be replayed")
        if entry is None or entry.record is None:
            return
        open_replay(self.app, entry.record, back=self)
