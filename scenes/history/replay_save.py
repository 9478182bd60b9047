"""Watch any save file move by move: the load screen's list, with Watch instead of Load."""

from __future__ import annotations

from typing import TYPE_CHECKING

from scenes.load_scene import LoadScene, _sentence
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
        from scenes.dialogs import MessageDialog
        from scenes.history.history_scene import open_replay

        entry = self.selected
        if entry is None:
            return
        if entry.record is None:
            self.app.stack.push(
                MessageDialog(
                    self.app, "This save cannot be replayed", _sentence(entry.problem or "")
                )
            )
            return
        open_replay(self.app, entry.record, back=self)
