"""Every drop-down and list answers a real mouse, pressed and released through App.step."""

from __future__ import annotations

from conftest import open_scene, pick

from scenes.setup_scene import SetupScene


def test_players_menu_opens_on_a_click_and_four_gives_four_seats(app):
    scene = SetupScene(app)
    open_scene(app, scene)
    pick(app, scene.count_menu, "4")
    assert scene.seat_count == 4 and len(scene.rows) == 4


def test_the_seat_marker_is_drawn_in_the_colour_picked(app):
    """Setup drew seat 3 of Rising as a gold dot beside the word "green"."""
    from scenes.palette import NAMED_RGB

    scene = SetupScene(app)
    open_scene(app, scene)
    pick(app, scene.count_menu, "4")
    for i, row in enumerate(scene.rows):
        centre = (scene_marker_x(), marker_y(scene, i))
        drawn = tuple(app.canvas.get_at(centre))[:3]
        assert drawn == NAMED_RGB[row.colour_value], (row.colour_value, drawn)


def scene_marker_x() -> int:
    from scenes.setup_scene import RIGHT

    return RIGHT.x + 38


def marker_y(scene, i: int) -> int:
    from scenes.setup_scene import RIGHT

    return RIGHT.y + 80 + i * scene.row_h + min(42, scene.row_h - 6) // 2
