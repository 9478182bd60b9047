"""The History and Statistics screens, used by mouse: from the title, newest first, a filter
by game, the cap, deleting one or all (asked first), a damaged entry named and skipped, a save
file replayed, and statistics drawn from the history."""

from __future__ import annotations

import json

import pygame
import pytest
from board_ui import drawn_texts
from conftest import click, double_click, frames, list_button, open_scene, pick

from game.core import history, storage
from game.core.stats import summarise
from game.rising.councilors import COUNCILORS
from scenes.game_ui import register_game_ui, unregister_game_ui
from scenes.history.history_scene import ALL, HistoryScene, keep_label
from scenes.history.replay_scene import ReplayScene
from scenes.history.stats_scene import StatsScene, charts, totals_lines
from scenes.title_scene import TitleScene
from tools.history_games import finished


@pytest.fixture(scope="module")
def played():
    return {
        ("rising", 11): finished("rising", autosave=False),
        ("finding", 5): finished("finding", autosave=False),
        ("finding", 7): finished("finding", autosave=False, seed=7),
    }


def choose(app, selection_list, text: str) -> None:
    """Click an entry of a list, then let the list's result reach the scene."""
    click(app, list_button(selection_list, text))
    frames(app, 3)


def _fill(played, order=(("finding", 5), ("rising", 11), ("finding", 7))):
    for k in order:
        s = played[k]
        history.add(s.record, s.state, s.results().rounds, s.results().headline)


def test_the_title_has_a_history_entry_that_opens_the_screen(app):
    title = TitleScene(app)
    open_scene(app, title)
    assert title.history_btn.rect.bottom <= title.settings_btn.rect.top
    click(app, title.history_btn)
    assert isinstance(app.stack.top, HistoryScene)
    assert "No finished games" in app.stack.top.details.html_text
    assert not app.stack.top.watch_btn.is_enabled


def test_history_lists_newest_first_and_filters_by_game_by_mouse(app, played):
    _fill(played)
    scene = HistoryScene(app)
    open_scene(app, scene)
    labels = [i["text"] for i in scene.list.item_list]
    assert [scene._by_label[t].record.seed for t in labels] == [7, 11, 5]
    assert "Finding Atlantis" in labels[0] and "Atlantis Rising" in labels[1]
    assert scene.filter_names[1:] == ["Atlantis Rising", "Guards of Atlantis", "Finding Atlantis"]
    pick(app, scene.filter, "Finding Atlantis")
    labels = [i["text"] for i in scene.list.item_list]
    assert len(labels) == 2 and all("Finding Atlantis" in t for t in labels)
    pick(app, scene.filter, ALL)
    assert len(scene.list.item_list) == 3
    choose(app, scene.list, scene.list.item_list[1]["text"])
    assert scene.selected.game == "rising" and scene.watch_btn.is_enabled
    assert "Atlantis Rising" in scene.details.html_text and "Ann" in scene.details.html_text
    click(app, scene.watch_btn)
    assert isinstance(app.stack.top, ReplayScene)


def test_guards_entries_are_listed_once_guards_is_offered(app, played):
    from scenes.guards import registration

    s = finished("guards", autosave=False)
    history.add(s.record, s.state, s.results().rounds, s.results().headline)
    unregister_game_ui("guards")  # a version that does not offer Guards hides its entries
    try:
        open_scene(app, HistoryScene(app))
        assert app.stack.top.entries == []
    finally:
        register_game_ui(registration.UI)
    try:
        scene = HistoryScene(app)
        open_scene(app, scene)
        pick(app, scene.filter, "Guards of Atlantis")
        assert [e.game for e in scene.entries] == ["guards"]
        roles = [name for seat in scene.entries[0].roles for name in seat]
        assert roles and all(name in scene.describe(scene.entries[0]) for name in roles)
    finally:
        register_game_ui(registration.UI)


def test_delete_one_and_delete_all_ask_first(app, played):
    from scenes.dialogs import ConfirmDialog

    _fill(played)
    scene = HistoryScene(app)
    open_scene(app, scene)
    first = scene.list.item_list[0]["text"]
    choose(app, scene.list, first)
    click(app, scene.delete_btn)
    dialog = app.stack.top
    assert isinstance(dialog, ConfirmDialog)
    click(app, dialog.cancel)
    assert len(history.load()[0]) == 3
    choose(app, scene.list, first)
    click(app, scene.delete_btn)
    click(app, app.stack.top.confirm)
    frames(app, 2)
    assert [e.record.seed for e in history.load()[0]] == [11, 5]
    assert len(scene.list.item_list) == 2 and not scene.watch_btn.is_enabled
    click(app, scene.delete_all_btn)
    click(app, app.stack.top.confirm)
    frames(app, 2)
    assert history.load() == ([], []) and scene.list.item_list == []


def test_the_cap_is_set_by_mouse_and_keeps_the_newest(app, played):
    _fill(played)
    scene = HistoryScene(app)
    open_scene(app, scene)
    assert scene.cap_menu.selected_option in (keep_label(200), (keep_label(200), keep_label(200)))
    history.set_cap(2)  # what the list offers is read at start: 20 is the smallest
    scene = HistoryScene(app)
    open_scene(app, scene)
    pick(app, scene.cap_menu, keep_label(20))
    assert history.cap() == 20
    pick(app, scene.cap_menu, keep_label(2))
    assert history.cap() == 2 and len(history.load()[0]) == 2


def test_a_damaged_entry_is_named_and_skipped_and_the_rest_still_listed(app, played):
    _fill(played)
    folder = history.folder()
    (folder / "20000101-000000-000-rising.json").write_text("{ not json")
    scene = HistoryScene(app)
    open_scene(app, scene)
    assert len(scene.list.item_list) == 3
    assert len(scene.problems) == 1 and "000-rising.json" in scene.problems[0]
    frames(app, 1)  # the line naming it is drawn
    assert (folder / "20000101-000000-000-rising.json").read_text() == "{ not json"


def test_a_save_file_is_replayed_from_the_history_screen(app, played):
    s = played[("finding", 5)]
    storage.write_save(s.record, "kept game")
    scene = HistoryScene(app)
    open_scene(app, scene)
    click(app, scene.save_btn)
    chooser = app.stack.top
    assert chooser.heading == "Replay a save" and chooser.load_btn.text == "Watch"
    double_click(app, list_button(chooser.list, chooser.list.item_list[0]["text"]))
    replay = app.stack.top
    assert isinstance(replay, ReplayScene) and replay.session.total == len(s.record.actions)
    click(app, replay.end_btn)
    assert replay.session.state.fingerprint() == s.state.fingerprint()
    assert storage.read_save(storage.save_path("kept game")).actions == s.record.actions


def test_a_record_that_does_not_replay_says_why(app, played):
    from scenes.dialogs import MessageDialog

    s = played[("rising", 11)]
    history.add(s.record, s.state, 1, "x")
    path = history.load()[0][0].path
    data = json.loads(path.read_text())
    data["record"]["actions"][3] = data["record"]["actions"][40]
    path.write_text(json.dumps(data))
    scene = HistoryScene(app)
    open_scene(app, scene)
    double_click(app, list_button(scene.list, scene.list.item_list[0]["text"]))
    assert isinstance(app.stack.top, MessageDialog)
    assert "Move 4 (" in app.stack.top.message and "does not replay" in app.stack.top.message


def test_statistics_screen_shows_what_the_history_adds_up_to(app, played):
    _fill(played)
    scene = HistoryScene(app)
    open_scene(app, scene)
    click(app, scene.stats_btn)
    stats = app.stack.top
    assert isinstance(stats, StatsScene) and stats.game is None
    entries = history.load()[0]
    assert stats.summary.total.played == len(entries) == 3
    rows = dict(totals_lines(stats.summary))
    assert rows["Games played"] == "3"
    assert int(rows["Won"]) + int(rows["Lost"]) + int(rows["Bots only (watched)"]) == 3
    titles = [t for t, _ in charts(stats.summary, None)]
    assert titles[:2] == ["Every seat, by councilor or hero or captain", "By game"]
    pick(app, stats.chooser, "Finding Atlantis")
    assert stats.game == "finding" and stats.summary.total.played == 2
    by = dict(charts(stats.summary, "finding"))
    assert sum(t.played for _, t in by["Ocean map"]) == 2
    assert sum(t.played for _, t in by["Every seat, by captain"]) == 6  # three seats a game
    assert stats.summary == summarise(history.load("finding")[0])
    frames(app, 2)
    pick(app, stats.chooser, "Atlantis Rising")
    assert [
        (name, t.played) for name, t in dict(charts(stats.summary, "rising"))["Difficulty"]
    ] == [("Easy", 1)]
    rising = dict(charts(stats.summary, "rising"))
    assert "Councilor" not in rising  # each seat's councilor is counted seat by seat instead
    assert {name for name, _ in rising["Every seat, by councilor"]} <= {c.name for c in COUNCILORS}
    click(app, stats.back_btn)
    frames(app, 2)
    assert app.stack.top is scene


@pytest.mark.parametrize("which", ["history", "statistics", "replay-rising", "replay-finding"])
def test_random_input_never_crashes_the_history_screens(app, played, which):
    """Seeded random mouse, keys, wheel and resizes; whatever the clicks open keeps being
    fuzzed, and the screen under test is put back every few hundred frames."""
    import random

    from test_scene_fuzz import random_event

    _fill(played)
    (history.folder() / "20000101-000000-000-rising.json").write_text("{")
    makers = {
        "history": lambda: HistoryScene(app),
        "statistics": lambda: StatsScene(app),
        "replay-rising": lambda: ReplayScene(app, played[("rising", 11)].record),
        "replay-finding": lambda: ReplayScene(app, played[("finding", 5)].record),
    }
    rng = random.Random(f"fuzz-{which}")
    for i in range(900):
        if i % 300 == 0:
            app.running = True
            app.stack.reset(makers[which]())
            app.stack.apply_pending()
        event = random_event(rng, (1280, 720))
        if event.type == pygame.QUIT:
            continue
        app.step([event], 1 / 60, draw=i % 10 == 0)


def test_statistics_shows_every_chart_a_page_at_a_time_by_mouse(app, played):
    """The cap of six charts dropped "With a bot of level" for Atlantis Rising: every chart
    is now reached with the page buttons."""
    _fill(played)
    stats = StatsScene(app, "rising")
    open_scene(app, stats)
    titles = [t for t, _ in charts(stats.summary, "rising")]
    assert len(titles) > 6 and "With a bot of level" in titles
    seen = [t for t, _ in stats.shown_charts()]
    assert len(seen) == 6 and stats.next_btn.visible and not stats.prev_btn.is_enabled
    while stats.next_btn.is_enabled:
        click(app, stats.next_btn)
        seen += [t for t, _ in stats.shown_charts()]
    assert seen == titles
    click(app, stats.prev_btn)
    assert stats.page == stats.pages - 2
    pick(app, stats.chooser, "Finding Atlantis")  # another game starts on its first page
    assert stats.page == 0


def test_statistics_counts_length_in_one_word_and_says_so_when_games_differ(
    app, played, monkeypatch
):
    from scenes.history.stats_scene import length_word

    assert length_word(["rising"]) == ("turn", "")
    assert length_word(["finding", "finding"]) == ("round", "")
    word, note = length_word(["finding", "rising"])
    assert word == "round" and note == "A turn of Atlantis Rising counts as one round."
    _fill(played)
    stats = StatsScene(app)
    open_scene(app, stats)
    import scenes.history.stats_scene as mod

    drawn = drawn_texts(app, monkeypatch, mod)
    said = " ".join(drawn)
    assert "Average length (rounds)" in said and "turns)" not in said
    assert note in drawn
    assert "bots only (watched)" in drawn  # the grey part of a bar is named in the legend
