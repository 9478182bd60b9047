"""Setup of a team game by mouse: two columns, seats moved between teams, ten seats, and the
results speaking per team. Every control is used through real mouse events via App.step."""

from __future__ import annotations

import pygame
import pytest
from conftest import click, frames, key, open_scene, pick
from scene_toy import TEAM_GAME_ID, TEAM_SPEC, TeamToyBoard, ToyBoard, ToyState

from game.core import registry
from game.core.registry import GameSpec
from game.core.saves import Seat
from scenes import boards
from scenes.dialogs import MessageDialog
from scenes.palette import style_by_name
from scenes.results_rows import headline
from scenes.results_scene import ResultsScene
from scenes.session import GameSession
from scenes.setup_scene import SetupScene


def _team_setup(app, seats: int) -> SetupScene:
    scene = SetupScene(app)
    open_scene(app, scene)
    pick(app, scene.game_menu, TEAM_SPEC.title)
    assert scene.spec.game_id == TEAM_GAME_ID
    pick(app, scene.count_menu, str(seats))
    assert len(scene.rows) == seats
    return scene


def _columns(scene: SetupScene) -> list[list[str]]:
    """The names a person sees in each team column, top to bottom."""
    out = []
    for col in scene.team_columns():
        inside = [r for r in scene.rows if col.contains(r.name.rect)]
        inside.sort(key=lambda r: r.name.rect.y)
        out.append([r.name.get_text() for r in inside])
    return out


def test_setup_with_10_seats_in_two_teams_starts_a_team_toy_game(app, toy_game):
    app.settings.animation_speed = "instant"
    scene = _team_setup(app, 10)
    columns = _columns(scene)
    assert [len(c) for c in columns] == [5, 5]  # two columns, every seat in one of them
    assert columns[0][0] == "Player 1" and columns[1][0] == "Euenor"
    colours = [r.colour_value for r in scene.rows]
    assert len(set(colours)) == 10  # ten seats, ten colours: nothing to refuse
    # both teams are full: the move button swaps the seat with the one opposite
    click(app, scene.rows[0].move)
    assert _columns(scene)[0][0] == "Euenor" and _columns(scene)[1][0] == "Player 1"
    click(app, scene.start_btn)
    board = app.stack.top
    assert isinstance(board, TeamToyBoard)
    seats = board.session.record.seats
    assert [s.team for s in seats] == [1, 0] + [i % 2 for i in range(2, 10)]
    assert board.session.state.teams == [s.team for s in seats]  # the game knows who is where
    assert len({s.colour for s in seats}) == 10
    for _ in range(600):  # the person dives on their turns, nine bots on theirs
        if isinstance(app.stack.top, ResultsScene):
            break
        if board.session.current_human() is not None:
            key(app, pygame.K_SPACE)
        frames(app, 1)
    results = app.stack.top
    assert isinstance(results, ResultsScene)
    totals = board.session.state.team_totals()
    best = max(totals.values())
    winners = [t for t, v in totals.items() if v == best]
    if len(winners) == 1:
        team = TEAM_SPEC.team_name(winners[0])
        assert results.results.headline == f"The {team} win!"
        names = [s.name for s in seats if s.team == winners[0]]
        assert all(n in results.results.detail for n in names)
    else:
        assert results.results.headline == "A draw"
    assert results.results.headers == ["Player", "Team", "Seat", "Result"]
    assert [row[1] for row in results.results.rows] == [TEAM_SPEC.team_name(s.team) for s in seats]


def test_a_seat_moves_to_the_other_team_by_mouse_and_back(app, toy_game):
    scene = _team_setup(app, 4)
    pick(app, scene.rows[1].kind, "Human")  # what the seat is set to travels with it
    pick(app, scene.rows[1].colour, "Rose")
    assert _columns(scene) == [["Player 1", "Leukippe"], ["Player 2", "Gadeiros"]]
    click(app, scene.rows[1].move)
    assert _columns(scene) == [["Player 1", "Player 2", "Leukippe"], ["Gadeiros"]]
    row = scene.rows[1]
    assert row.team == 0 and row.kind_value == "Human" and row.colour_value == "Rose"
    assert row.kind.selected_option[0] == "Human" and row.colour.selected_option[0] == "Rose"
    click(app, scene.rows[1].move)  # from the last column the button sends it back
    assert _columns(scene) == [["Player 1", "Leukippe"], ["Player 2", "Gadeiros"]]


def test_a_new_seat_joins_the_smaller_team(app, toy_game):
    scene = _team_setup(app, 4)
    click(app, scene.rows[1].move)  # 3 Titans, 1 Atlantean
    pick(app, scene.count_menu, "6")
    assert [r.team for r in scene.rows] == [0, 0, 0, 1, 1, 1]


def test_a_team_left_without_seats_cannot_start(app, toy_game):
    scene = _team_setup(app, 2)
    click(app, scene.rows[1].move)
    assert _columns(scene) == [["Player 1", "Euenor"], []]
    click(app, scene.start_btn)
    dialog = app.stack.top
    assert isinstance(dialog, MessageDialog)
    assert "Atlanteans have no seat" in dialog.message
    click(app, dialog.ok)
    assert app.stack.top is scene


def test_the_move_button_says_what_it_will_do(app, toy_game):
    scene = _team_setup(app, 10)
    tip = scene.rows[2].move.tool_tip_text
    assert tip == "Swap Leukippe with Gadeiros (the Atlanteans are full)"
    pick(app, scene.count_menu, "9")
    assert scene.rows[2].move.tool_tip_text == "Move Leukippe to the Atlanteans"


@pytest.fixture
def ten_seat_toy():
    """A game without teams for up to ten seats (the plain toy with a bigger table)."""
    spec = GameSpec(
        "toy10",
        "Toy Crowd",
        "Ten divers, no teams.",
        2,
        10,
        lambda n, opts, seed: ToyState(n, 1, seed),
    )
    registry.register(spec)
    boards.register_board("toy10", ToyBoard)
    yield spec
    registry._GAMES.pop("toy10", None)
    boards.unregister_board("toy10")


def test_ten_seats_of_a_game_without_teams_get_ten_colours_and_start(app, toy_game, ten_seat_toy):
    scene = SetupScene(app)
    open_scene(app, scene)
    pick(app, scene.game_menu, ten_seat_toy.title)
    pick(app, scene.count_menu, "10")
    assert len(scene.rows) == 10 and scene.rows[0].move is None
    styles = {style_by_name(r.colour_value, False, i).rgb for i, r in enumerate(scene.rows)}
    assert len(styles) == 10
    bottom = max(r.colour.rect.bottom for r in scene.rows)
    assert bottom <= 590  # every row inside the seats panel
    click(app, scene.start_btn)
    assert isinstance(app.stack.top, ToyBoard)
    assert [s.team for s in app.stack.top.session.record.seats] == [None] * 10


def _seats(teams):
    return [Seat(n, team=t) for n, t in zip(["Ana", "Bo", "Cy", "Di"], teams, strict=False)]


def test_the_headline_speaks_per_team_and_names_the_seats_that_won(toy_game):
    seats = _seats([0, 1, 0, 1])
    assert headline(TEAM_SPEC, seats, [1, 0, 1, 0]) == (
        "The Titans win!",
        "Ana and Cy win for the Titans.",
    )
    assert headline(TEAM_SPEC, seats, [0, 1, 0, 1])[0] == "The Atlanteans win!"
    assert headline(TEAM_SPEC, seats, [0.5] * 4) == (
        "A draw",
        "The Titans and the Atlanteans share the game.",
    )
    long = [Seat(f"Diver number {i}", team=i % 2) for i in range(10)]
    assert headline(TEAM_SPEC, long, [1, 0] * 5) == (
        "The Titans win!",
        "All 5 of them win for the Titans.",
    )
    # a game without teams still speaks of seats
    plain = [Seat("Ana"), Seat("Bo")]
    assert headline(toy_game.SPEC, plain, [0, 1]) == ("Bo wins!", "")


def test_a_team_game_saved_without_teams_shows_its_default_teams_on_the_results(toy_game):
    session = GameSession.new(
        TEAM_GAME_ID, [Seat("Ana"), Seat("Bo"), Seat("Cy")], {"rounds": "1"}, 4, autosave=False
    )
    assert [s.team for s in session.seats] == [0, 1, 0]
    while not session.is_over:
        seat = session.decision().players[0]
        session.apply(session.state.legal_actions(seat)[0])
    res = session.results()
    assert res.headline in ("The Titans win!", "The Atlanteans win!", "A draw")
    assert [row[1] for row in res.rows] == ["Titans", "Atlanteans", "Titans"]
