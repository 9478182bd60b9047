"""The Guards board gives way to large text (issue 29): what no longer fits moves or folds,
and every control is still clicked where it is drawn."""

from __future__ import annotations

import pygame
import pytest
from conftest import frames
from guards_ui import event, guards_shown, open_board, press, settle  # noqa: F401
from scripted import ScriptedRunner, reach

from game.core.saves import Seat
from scenes import assets
from scenes.guards import look, selection_view
from scenes.session import GameSession
from scenes.text import text_width


@pytest.fixture(autouse=True)
def _reset_sizing():
    yield
    assets.set_text_sizing(assets.TextSizing())  # process-wide: leave it as other tests expect


def _solo(step: str) -> GameSession:
    s = GameSession.new("guards", [Seat("Ana"), Seat("Bot", "bot", "random")],
                        {"board": "one_lane"}, seed=5, pace_s=0.0,
                        runner_factory=lambda: ScriptedRunner())  # fmt: skip
    reach(s, step)
    return s


def _sized(app, scale: float) -> None:
    app.settings.ui_scale = scale
    app.apply_ui_scale()


def _score_hits(board) -> list:
    return [h for h in board.hits if h.key == "info:score"]


def test_the_score_is_in_the_top_bar_as_designed(app):
    board = open_board(app, _solo("act"))
    settle(app, board)
    frames(app, 1)
    assert [look.TOP_BAR.contains(h.rect) for h in _score_hits(board)] == [True]
    assert look.TOP_BAR.contains(board.token_at)
    assert board.score_notes == []


def test_at_double_text_the_token_stays_in_the_bar_and_the_defeats_move_to_the_heroes(app):
    """Two lines no longer fit the bar's height at 2.0: the token keeps its place in the bar
    (the tutorial points at it there), the heroes defeated go to the top of the Heroes panel."""
    _sized(app, 2.0)
    board = open_board(app, _solo("act"))
    settle(app, board)
    frames(app, 1)
    assert look.TOP_BAR.contains(board.token_at)
    assert any(n.startswith("Heroes defeated") for n in board.score_notes)
    places = [h.rect for h in _score_hits(board)]
    assert any(look.TOP_BAR.contains(r) for r in places)
    assert any(look.HEROES.contains(r) for r in places)
    rows = [h for h in board.hits if h.key.startswith("info:") and h.key[5:].isdigit()]
    heroes_rows = [h for h in rows if look.HEROES.contains(h.rect)]
    notes = next(r for r in places if look.HEROES.contains(r))
    assert heroes_rows and all(h.rect.top >= notes.bottom for h in heroes_rows)


def test_at_double_text_the_action_buttons_fold_into_rows_and_still_answer_a_click(app):
    """Move / Fast travel / Use the card (and Back) are as wide as their words at 2.0, so they
    take two rows; pressing Move still leaves the pointer on Move once Back has joined."""
    _sized(app, 2.0)
    session = _solo("act")
    board = open_board(app, session)
    settle(app, board)
    frames(app, 1)
    labels = {key: label for key, label, _, _ in board.buttons()}
    rects = {h.key: h.rect for h in board.hits if h.key in labels}
    assert set(rects) == set(labels)
    for key, rect in rects.items():  # the words at the least size a button draws them
        assert text_width(labels[key], 11, "bold") + 12 <= rect.w, (key, rect)
    assert len({r.y for r in rects.values()}) == 2  # two rows
    at = board.target_point("btn:move")
    press(app, board, "btn:move")
    assert board.stage == "move"
    frames(app, 2)
    assert board.target_at(at) == "btn:move"


def _wheel(app, pos, dy: int) -> None:
    app.step([event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))], 1 / 60)
    app.step([event(pygame.MOUSEWHEEL, x=0, y=dy, flipped=False, precise_x=0.0,
                    precise_y=float(dy))], 1 / 60)  # fmt: skip


def test_at_double_text_the_wheel_brings_a_heros_cards_into_the_preview_and_it_is_picked(app):
    """The preview of a hero (name, role, difficulty, five cards, story) is taller than its
    panel at 2.0: what does not fit is a turn of the wheel away, never cut or shrunk, and the
    tile and the Pick button still answer clicks."""
    _sized(app, 2.0)
    session = GameSession.new("guards", [Seat("Ana"), Seat("Bo")], {"board": "one_lane"},
                              seed=8, pace_s=0.0, autosave=False,
                              runner_factory=lambda: ScriptedRunner())  # fmt: skip
    board = open_board(app, session)
    settle(app, board)
    press(app, board, "tile:unit:brogan")
    assert board.preview == "tile:unit:brogan"[5:]
    frames(app, 1)
    cards = {h.key for h in board.hits if h.key.startswith("info:card:")}
    seen = set(cards)
    for _ in range(8):
        _wheel(app, selection_view.PREVIEW.center, -1)
        frames(app, 1)
        now = {h.key for h in board.hits if h.key.startswith("info:card:")}
        assert all(selection_view.PREVIEW.contains(h.rect) for h in board.hits
                   if h.key.startswith("info:card:"))  # fmt: skip
        seen |= now
    assert len(cards) < 5 and len(seen) == 5  # out of sight at first, then all five
    press(app, board, "btn:select")
    assert session.state.picks[0] == "brogan"


def test_at_double_text_the_results_show_every_hero_a_turn_of_the_wheel_away(app):
    """At 2.0 the results' eight columns cannot sit side by side: each hero's row becomes its
    name, player and team over its counts in words, and the rows the screen has no room for
    come up with the wheel, none cut or overlapping."""
    import text_audit

    from scenes.guards import shots

    _sized(app, 2.0)
    scene = shots.victory(app)
    app.stack.reset(scene)
    app.stack.apply_pending()
    frames(app, 1)
    rows = {" · ".join(row[:3]) for row in scene.results.rows}
    seen: list[set[str]] = []
    with text_audit.auditing():
        for _ in range(len(rows) + 4):
            text_audit.start_frame(app.frame)
            app.step([], 1 / 60)
            drawn = text_audit.lines_on(app.frame)
            assert not text_audit.problems(drawn)
            seen.append({ln.text for ln in drawn})
            _wheel(app, (640, 400), -1)
    assert not rows <= seen[0]  # not all at once at this size
    assert rows <= set().union(*seen)


def test_at_double_text_the_questions_lines_above_the_buttons_scroll_rather_than_drop(app):
    """With its buttons on two rows at 2.0 the ask panel has room for a line or two of the
    question: every word of it is still on screen a turn of the wheel away, none cut."""
    import text_audit

    _sized(app, 2.0)
    board = open_board(app, _solo("act"))
    settle(app, board)
    frames(app, 1)
    want = " ".join(board._ask_lines()).split()
    shown: list[str] = []
    with text_audit.auditing():
        board.redraw()  # the frame cached before the audit began holds no recorded lines
        for _ in range(8):
            text_audit.start_frame(app.frame)
            app.step([], 1 / 60)
            drawn = [ln for ln in text_audit.lines_on(app.frame) if look.ASK.contains(ln.ink)]
            assert not text_audit.problems(drawn)
            shown.append(" ".join(ln.text for ln in drawn if "wheel" not in ln.text))
            _wheel(app, look.ASK.center, -1)
    assert len(shown[0].split()) < len(want)  # not all of it at once at this size
    assert set(want) <= set(" ".join(shown).split())


def test_at_double_text_ten_heroes_are_listed_no_smaller_than_the_smallest_print(app):
    """Ten heroes at 2.0 do not fit the queue and the Heroes panel at the smallest print: the
    rows keep their size and the lists scroll, rather than squeezing to about 12 px."""
    import text_audit
    from screen_audit import small_lines

    from scenes.guards import shots

    _sized(app, 2.0)
    board = dict(shots.SHOTS)["guards-two-lane"](app)
    app.stack.reset(board)
    app.stack.apply_pending()
    frames(app, 3)
    with text_audit.auditing():
        board.redraw()
        text_audit.start_frame(app.frame)
        app.step([], 1 / 60)
        lists = [ln for ln in text_audit.lines_on(app.frame)
                 if look.QUEUE.contains(ln.ink) or look.HEROES.contains(ln.ink)]  # fmt: skip
        assert len(lists) > 4
        assert small_lines(lists) == []
