"""Not a test: the real window with the toy team game registered, for screenshots under Xvfb.

    Xvfb :91 -screen 0 1280x720x24 &
    DISPLAY=:91 ATLANTIS_HOME=$(mktemp -d) python tests/scenes/team_window.py /tmp/rects.json &
    xdotool mousemove X Y click 1; import -window root shot.png

Bots answer through the scene tests' FakeRunner (the toy games have no bot policy). Every ten
frames the centres of the setup scene's controls (and of an open drop-down's entries) are
written to the JSON file given, so a shell script can click them with xdotool.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parent), str(HERE.parents[1])]
os.chdir(HERE.parents[1])

import scene_toy as toy  # noqa: E402

from scenes import session as session_mod  # noqa: E402
from scenes.app import App  # noqa: E402
from scenes.setup_scene import SetupScene  # noqa: E402


def _centres(app: App) -> dict[str, object]:
    top = app.stack.top
    out: dict[str, object] = {"scene": type(top).__name__}
    if not isinstance(top, SetupScene):
        return out
    named = {"game_menu": top.game_menu, "start": top.start_btn}
    named["count_menu"] = getattr(top, "count_menu", None)
    named.update({f"move{i}": r.move for i, r in enumerate(top.rows)})
    out.update({k: list(el.rect.center) for k, el in named.items() if el is not None})
    for key in ("game_menu", "count_menu"):
        entries = getattr(
            getattr(named[key], "current_state", None), "options_selection_list", None
        )
        for item in getattr(entries, "item_list", []):
            if item.get("button_element") is not None:
                out[f"{key}:{item['text']}"] = list(item["button_element"].rect.center)
    return out


def main(rects_path: str) -> int:
    toy.install()
    session_mod.default_runner = lambda: toy.FakeRunner()
    app = App(seed=3)
    step, frames = app.step, [0]

    def traced(events, dt, draw=True):  # noqa: ANN001, ANN202
        step(events, dt, draw)
        frames[0] += 1
        if frames[0] % 10 == 0:
            tmp = rects_path + ".tmp"
            Path(tmp).write_text(json.dumps(_centres(app)))
            os.replace(tmp, rects_path)

    app.step = traced  # type: ignore[method-assign]
    return app.run(SetupScene(app))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "/tmp/rects.json"))
