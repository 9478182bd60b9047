"""The Guards of Atlantis screenshots show what their names promise (``make screenshots``)."""

from __future__ import annotations

from conftest import frames, open_scene
from guards_ui import guards_shown  # noqa: F401

from scenes.guards import shots
from scenes.guards.results import GuardsResults


def _show(app, scene):
    open_scene(app, scene)
    frames(app, 3)
    return scene


def test_each_board_picture_asks_the_person_what_its_name_says(app):
    for name, kind in (("selection", "pick"), ("fresh", "play"), ("target", "act"),
                       ("defence", "defend"), ("level", "level"), ("two-lane", "play")):  # fmt: skip
        make = dict(shots.SHOTS)[f"guards-{name}"]
        board = _show(app, make(app))
        assert board.kind == kind and board.human == shots.PERSON, name
        assert app.stack.top is board, name  # no hand-off covers it
    assert board.view.board == "two_lane" and len(board.session.seats) == 10
    sel = _show(app, shots.selection(app))
    assert sel.preview.startswith("unit:")
    tgt = _show(app, shots.target(app))
    assert tgt.hex_actions(), "the targeting picture shows no glowing hex"


def test_the_reveal_picture_lays_the_last_card_on_screen(app):
    from scenes.screenshot_director import SETTLE_S

    board = _show(app, shots.reveal(app))
    seen: list[str] = []
    real = board.anim.add
    board.anim.add = lambda anim, **kw: (seen.append(anim.kind), real(anim, **kw))
    frames(app, int(SETTLE_S * 60))
    assert board.session.record.actions[-1].player == shots.PERSON
    assert "reveal" in seen and board.animating()


def test_the_victory_picture_is_the_results_of_a_finished_game(app):
    scene = _show(app, shots.victory(app))
    assert isinstance(scene, GuardsResults) and scene.session.is_over
