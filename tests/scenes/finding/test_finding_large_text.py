"""Finding Atlantis at large text (issue 29): its screens give way instead of cutting words.
Each screen is opened as the screen audit opens it and checked with the audit's own checks
(tests/scenes/screen_audit.py), including what only shows after a click."""

from __future__ import annotations

import pytest
import text_audit
from board_ui import click_at, settle
from conftest import click
from screen_audit import screen_problems, top_lines
from screen_audit_run import audit_screen, audited_app
from screen_catalogue import SCREENS


@pytest.fixture
def sized(request):
    """An app at a text size and window size, auditing."""
    with audited_app(*request.param) as app:
        yield app


def press(app, board, key: str) -> None:  # noqa: ANN001
    """Click ``key`` where the board drew it, at the window's own scale (a 900×600 window
    shows the canvas smaller: the click lands where the person sees the target)."""
    from scenes.theme import CANVAS_SIZE

    app.step([], 1 / 60)
    x, y = board.target_point(key)
    r = app.view_rect
    click_at(app, (r.x + (x + 0.5) * r.w / CANVAS_SIZE[0], r.y + (y + 0.5) * r.h / CANVAS_SIZE[1]))


def _redraw(app) -> list[str]:  # noqa: ANN001
    text_audit.start_frame(app.frame)
    app.step([], 1 / 60)
    return screen_problems(app, top_lines(app, 0))


@pytest.mark.parametrize("sized", [(2.0, (1280, 720)), (1.5, (900, 600))], indirect=True)
def test_the_results_table_and_charts_take_turns_when_the_text_is_large(sized):
    app = sized
    assert audit_screen(app, dict(SCREENS)["finding-results-6"]) == []
    results = app.stack.top
    assert results.paged  # no room for both: the charts first, the table a click away
    click(app, results.page_btn)
    assert results.page == "table"
    assert _redraw(app) == []
    assert results.page_btn.text == "Show the charts"
    click(app, results.page_btn)
    assert results.page == "charts"


@pytest.mark.parametrize("sized", [(2.0, (1280, 720)), (1.5, (900, 600))], indirect=True)
@pytest.mark.parametrize("shot", ["finding-chart-late-6", "finding-sonar-8"])
def test_the_board_gives_seats_cards_and_pencil_turns_under_tabs(sized, shot):
    """Too large for all at once: a tab a click away shows each of the three, every word
    whole; the aiming panel stays in view, and a card chip still answers a click."""
    app = sized
    assert audit_screen(app, dict(SCREENS)[shot]) == []
    board = app.stack.top
    assert board.arr.tabbed and board.tab == "cards"
    for tab in ("seats", "tools", "cards"):
        press(app, board, f"tab:{tab}")
        assert board.tab == tab
        assert _redraw(app) == []
        keys = {h.key for h in board.hits}
        assert ("seat:0" in keys) == (tab == "seats")
        assert ("tool:cross" in keys) == (tab == "tools")
        assert ("card:explore" in keys) == (tab == "cards")
        assert "burn" in keys  # the aiming panel, under every tab
    settle(app, board)  # a card answers the decision once it has settled, as for a person
    press(app, board, "card:silent")  # Silent Running asks for a direction
    assert board.aim is not None and board.aim.slot == "card:silent"
    assert _redraw(app) == []  # the question, the compass rose and Cancel, every word whole

    arms = [h.rect for h in board.hits if h.key.startswith("dir")]
    assert arms and all(board.arr.aim.contains(r) for r in arms)


@pytest.mark.parametrize("sized", [(2.0, (1280, 720))], indirect=True)
def test_the_captains_take_turns_and_the_lesson_moves_over_the_chart(sized):
    """At 2.0 the tutorial's lesson speaks over the chart, the captain choice takes the right
    column, one captain's card at a time (a button per captain turns to the other)."""
    app = sized
    assert audit_screen(app, dict(SCREENS)["finding-tutorial"]) == []
    board = app.stack.top
    assert board.lesson_box().x < board.arr.status.x  # over the chart, left of the column
    keys = {h.key for h in board.hits}
    assert {"capview:0", "capview:1"} <= keys
    shown = [k for k in keys if k.startswith("keep:")]
    press(app, board, "capview:1")
    assert board.captain_shown == 1 and _redraw(app) == []
    other = [h.key for h in board.hits if h.key.startswith("keep:")]
    assert len(shown) == len(other) == 1 and shown != other


@pytest.mark.parametrize("sized", [(2.0, (1280, 720))], indirect=True)
def test_a_replays_seats_keep_a_line_each_over_its_bar(sized):
    """A replay's bar takes room from the board: the seats under their tab fold into one line
    each (name, facts, chips), every seat on screen and every word inside its panel."""

    app = sized
    assert audit_screen(app, dict(SCREENS)["replay-finding"]) == []
    board = app.stack.top.board
    assert board.arr.tabbed
    press(app, board, "tab:seats")
    assert board.tab == "seats"
    assert _redraw(app) == []
    rows = [h.rect for h in board.hits if h.key.startswith("seat:")]
    assert len(rows) == board.view.n >= 3
    assert all(board.arr.status.contains(r) for r in rows), (rows, board.arr.status)
    names = {line.text for line in top_lines(app, 0)}
    assert {board.session.seat_name(q) for q in range(board.view.n)} <= names


@pytest.mark.parametrize("sized", [(2.0, (1280, 720))], indirect=True)
def test_a_finished_replays_cards_tab_keeps_its_lines_in_the_hand(sized):
    """A seat's own cards in a finished game's replay, over the bar: every line of the hand's
    panel inside it (the note under the cards shortens to the room left)."""
    from scenes.history.replay_scene import ReplayScene
    from tools.history_games import finished

    app = sized
    scene = ReplayScene(app, finished("finding", autosave=False).record)
    app.stack.reset(scene)
    app.stack.apply_pending()
    board = scene.board
    scene.show_seat(0)  # the view menu's choice (clicked in tests/scenes/test_history_replay.py)
    press(app, board, "tab:cards")
    assert board.tab == "cards"
    assert _redraw(app) == []
    inside = [ln for ln in top_lines(app, 0) if board.arr.hand.colliderect(ln.ink)]
    assert inside and all(board.arr.hand.contains(ln.ink) for ln in inside), inside
