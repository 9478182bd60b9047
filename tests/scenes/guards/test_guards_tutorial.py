"""The Guards tutorial, played to its end through the real UI: opened from the setup screen by
mouse, every lesson answered by clicks through ``App.step`` (cards, buttons, hexes, the
lesson's own buttons), until the lane is pushed and Finish leads back to the title."""

from __future__ import annotations

from conftest import click, frames, open_scene, pick
from guards_ui import do, guards_shown, press, settle  # noqa: F401

from scenes.guards import tutorial
from scenes.setup_scene import SetupScene
from scenes.title_scene import TitleScene


def test_the_tutorial_is_played_to_its_end_by_mouse(app):
    app.settings.animation_speed = "instant"
    scene = SetupScene(app)
    open_scene(app, scene)
    pick(app, scene.game_menu, "Guards of Atlantis")
    assert scene.tutorial_btn is not None
    click(app, scene.tutorial_btn)
    frames(app, 2)
    board = app.stack.top
    assert isinstance(board, tutorial.TutorialBoard)
    session = board.session
    assert session.state.phase == "play"
    view = session.state
    assert view.hero_id[view.seat_heroes[0][0]] == "wasp"
    clicks = 0
    for _ in range(3000):
        if not isinstance(app.stack.top, tutorial.TutorialBoard):
            break
        settle(app, board)
        step = board.step()
        if step.button:
            key = tutorial.FINISH_KEY if step is tutorial.END else tutorial.NEXT_KEY
            press(app, board, key)
            clicks += 1
            continue
        if board.human == tutorial.PERSON:
            do(app, board, tutorial.tutor_plan(session.state.view(0), 0))
            clicks += 1
        else:
            frames(app, 1)
    assert isinstance(app.stack.top, TitleScene), "Finish did not lead back to the title"
    lessons = [k for k in board.shown if k != "defence"]
    assert lessons[:5] == ["cards", "initiative", "act", "attack", "minions"], board.shown
    assert board.shown[-1] == "end" and board.pushed
    assert "defence" in board.shown and "defence" in board.done  # a defence made by mouse
    assert {"cards", "initiative", "act", "attack"} <= board.done
    assert clicks > 10
    from game.core import storage

    assert not storage.autosave_path("guards").exists()  # the tutorial is never saved
