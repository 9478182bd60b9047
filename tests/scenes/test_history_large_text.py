"""The History and Statistics screens with games in them at text size 2.0: the screen audit
(tests/scenes/screen_audit.py) finds nothing wrong with their words, the totals widen and the
charts take fewer columns, every chart still reached a page at a time by mouse."""

from __future__ import annotations

import pytest
import text_audit
from conftest import click
from screen_audit import screen_problems, top_lines
from screen_audit_run import audit_screen, audited_app
from test_history_screens import choose

from game.core import history
from scenes.history.history_scene import HistoryScene
from scenes.history.stats_scene import StatsScene, charts
from tools.history_games import finished


@pytest.fixture(scope="module")
def played():
    return [finished("rising", autosave=False), finished("finding", autosave=False)]


@pytest.fixture
def large(played):
    for s in played:
        history.add(s.record, s.state, s.results().rounds, s.results().headline)
    with audited_app(2.0, (1280, 720)) as app:
        yield app


def _open(scene_of):  # noqa: ANN001, ANN202
    def open_(app):  # noqa: ANN001, ANN202
        app.stack.reset(scene_of(app))
        app.stack.apply_pending()
        app.step([], 1 / 60)

    return open_


def test_history_buttons_fold_onto_two_rows_and_keep_their_words(large):
    """The buttons take two rows, the entries the whole width (the details under them), and
    an entry still answers a click."""
    assert audit_screen(large, _open(HistoryScene)) == []
    scene = large.stack.top
    assert scene.delete_btn.rect.top > scene.back_btn.rect.bottom  # a second row
    assert scene.stacked and scene.details.rect.top > scene.list.rect.bottom
    assert scene.details.rect.bottom < scene.back_btn.rect.top
    choose(large, scene.list, scene.list.item_list[0]["text"])
    assert scene.selected is scene.entries[0] and scene.watch_btn.is_enabled
    click(large, scene.stats_btn)
    assert isinstance(large.stack.top, StatsScene)


def test_statistics_totals_widen_and_the_charts_take_two_columns(large):
    assert audit_screen(large, _open(StatsScene)) == []
    stats = large.stack.top
    assert stats.columns == 2 and stats.per_page in (2, 4)
    titles = [t for t, _ in charts(stats.summary, None)]
    seen = [t for t, _ in stats.shown_charts()]
    while stats.next_btn.is_enabled:
        click(large, stats.next_btn)
        seen += [t for t, _ in stats.shown_charts()]
    assert seen == titles
    text_audit.start_frame(large.frame)
    large.step([], 1 / 60)
    assert screen_problems(large, top_lines(large, 0)) == []
