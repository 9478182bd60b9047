"""Every drop-down and list answers a real mouse, pressed and released through App.step."""

from __future__ import annotations

from conftest import open_scene, pick

from scenes.setup_scene import SetupScene


def test_players_menu_opens_on_a_click_and_four_gives_four_seats(app):
    scene = SetupScene(app)
    open_scene(app, scene)
    pick(app, scene.count_menu, "4")
    assert scene.seat_count == 4 and len(scene.rows) == 4
