"""The Finding Atlantis screenshots show what their names promise (``make screenshots``)."""

from __future__ import annotations

import pytest
from conftest import frames, open_scene

from scenes.finding import shots


@pytest.fixture(params=[6, 8], ids=["6x6", "8x8"])
def size(request) -> int:
    return request.param


def _show(app, scene):
    open_scene(app, scene)
    frames(app, 3)
    return scene


def test_the_setup_picture_has_finding_atlantis_chosen_at_the_map_size(app, size):
    scene = _show(app, shots.setup(app, size))
    assert scene.spec.game_id == "finding" and scene.option_values["size"] == str(size)
    assert scene.game_menu.selected_option[0] == "Finding Atlantis"
    assert len(scene.rows) == 3


def test_the_chart_pictures_are_the_persons_turn_with_clues_early_and_more_late(app, size):
    early = _show(app, shots.early(app, size))
    assert early.viewer == shots.PERSON and early.human == shots.PERSON
    n_early = sum(len(m) for m in early.model.marks.values())
    late = _show(app, shots.late(app, size))
    n_late = sum(len(m) for m in late.model.marks.values())
    assert 0 < n_early < n_late and late.aid("opp")
    assert late.session.state.round >= shots.LATE[size]


def test_the_sonar_picture_plays_the_persons_sonar_on_screen(app, size):
    from scenes.screenshot_director import SETTLE_S

    board = _show(app, shots.sonar(app, size))
    before = len(board.session.record.actions)
    frames(app, int(SETTLE_S * 60))  # the move is made just before the picture is taken
    assert len(board.session.record.actions) == before + 1 and board.animating()
    last = board.session.record.actions[-1]
    assert last.kind == "sonar" and last.player == shots.PERSON
    assert any(e.kind == "sonar" for e in board.session.log[-3:])


def test_the_heat_picture_shows_the_persons_heat_map(app, size):
    board = _show(app, shots.heat(app, size))
    assert board.aid("heat") and board.heat.result(shots.PERSON) is not None


def test_the_mine_picture_is_a_pirate_game_where_the_person_runs_into_a_mine(app, size):
    from scenes.screenshot_director import SETTLE_S

    board = _show(app, shots.mine(app, size))
    frames(app, int(SETTLE_S * 60))
    assert board.animating()  # the blast is on screen when the picture is taken
    st = board.session.state
    assert st.pirate
    assert any(
        e.kind == "mine_hit" and e.data.get("who") == shots.PERSON for e in board.session.log
    )


def test_the_solve_picture_is_the_claim_with_spaces_picked_on_the_chart(app, size):
    board = _show(app, shots.solve(app, size))
    assert board.kind == "claim" and len(board.picks) == 2
    assert set(board.picks) <= board.session.state.ocean.atlantis


def test_the_results_picture_is_the_persons_win(app, size):
    scene = _show(app, shots.results(app, size))
    assert scene.session.state.winner == shots.PERSON
    assert type(scene).__name__ != "FindingBoard"


def test_the_shots_are_registered_for_both_sizes():
    from scenes.game_ui import game_ui

    names = [name for name, _ in game_ui("finding").shots()]
    from tools.screenshots import FINDING

    assert tuple(names) == FINDING and len(names) == 16
