"""The one log panel every board opens (scenes/log_panel.py): it lists what the seat on screen
may see and reads the log again for another seat, scrolls three lines a wheel notch between
the newest and the oldest line, and keeps a scrolled reader's place; on each board, as a
person uses it, L opens it, the wheel scrolls it and brings it back, and a hot-seat player
never finds another's secrets in it."""

from __future__ import annotations

import importlib
import random

import pygame
import pytest
from board_ui import answer_handoffs, event
from conftest import frames, key, open_scene

from ai.runner import BotRunner
from game.core.protocol import Event
from game.core.saves import Seat
from scenes import log_panel
from scenes.boards import board_for
from scenes.finding.log_panel import told_from_start
from scenes.session import GameSession
from tools.history_games import TABLES

GAMES = ("rising", "guards", "finding")


class Table:
    """A session's log as the panel reads it: events, a version, the seat on screen."""

    def __init__(self, events: list[Event], viewer: int | None = None) -> None:
        self.log = events
        self.log_version = 1
        self.seat = viewer

    def viewer(self) -> int | None:
        return self.seat

    def visible_log(self) -> list[Event]:
        return [e for e in self.log if e.visible_to(self.seat)]


class Plain(log_panel.LogPanel):
    rect = pygame.Rect(0, 0, 300, 50 + 18 * 4)  # four lines in sight


def test_the_log_lists_only_what_the_seat_on_screen_may_see():
    table = Table(
        [
            Event("a", "Everyone sees this."),
            Event("b", "Only Ann sees this.", to=(0,)),
            Event("c", "Only Bo sees this.", to=(1,)),
            Event("d", "Ann and Bo see this.", to=(0, 1)),
        ],
        viewer=0,
    )
    panel = Plain()
    panel.follow(table)
    assert panel.lines == ["Everyone sees this.", "Only Ann sees this.", "Ann and Bo see this."]
    table.seat = 1  # the hand-off was answered: Bo looks now, the log itself is unchanged
    panel.follow(table)
    assert panel.lines == ["Everyone sees this.", "Only Bo sees this.", "Ann and Bo see this."]
    table.seat = None  # the table: nobody's secrets
    panel.follow(table)
    assert panel.lines == ["Everyone sees this."]


def test_the_log_is_read_again_only_when_it_grew_or_someone_else_looks():
    table = Table([Event("a", "One.")])
    panel = Plain()
    reads: list[int] = []
    real = panel.read
    panel.read = lambda events: (reads.append(len(events)), real(events))[1]  # type: ignore[method-assign]
    panel.follow(table)
    panel.follow(table)
    assert reads == [1]
    table.log.append(Event("b", "Two."))
    table.log_version += 1
    panel.follow(table)
    assert reads == [1, 2] and panel.lines == ["One.", "Two."]


def test_the_wheel_scrolls_three_lines_a_notch_between_the_newest_and_the_oldest():
    panel = Plain()
    panel.set_lines([f"line {i}" for i in range(12)])
    assert panel.in_sight() == ["line 8", "line 9", "line 10", "line 11"]
    panel.on_wheel(1)
    assert panel.scroll == 3 and panel.in_sight() == ["line 5", "line 6", "line 7", "line 8"]
    panel.on_wheel(5)  # no further than the oldest line at the top
    assert panel.scroll == 8 and panel.in_sight() == ["line 0", "line 1", "line 2", "line 3"]
    panel.on_wheel(-1)
    assert panel.scroll == 5
    panel.on_wheel(-9)
    assert panel.scroll == 0 and panel.in_sight()[-1] == "line 11"


def _scrolled(notches: int, kind: type[Plain] = Plain) -> tuple[Plain, list[str]]:
    """A panel of ten lines, scrolled ``notches`` of the wheel up, and its lines."""
    panel = kind()
    lines = [f"line {i}" for i in range(10)]
    panel.set_lines(lines)
    panel.on_wheel(notches)
    return panel, lines


def test_a_scrolled_reader_keeps_their_place_and_is_told_of_new_lines():
    panel, lines = _scrolled(1)
    before = panel.in_sight()
    panel.set_lines([*lines, "line 10", "line 11"])
    assert panel.in_sight() == before and panel.unseen == 2 and panel.scroll == 5
    panel.set_lines([*lines[2:], "line 10", "line 11", "line 12"])  # the oldest dropped off
    assert panel.in_sight() == before and panel.unseen == 3
    panel.on_wheel(-2)  # back at the bottom: the log follows the game again
    assert panel.scroll == 0 and panel.unseen == 0
    panel.set_lines([*lines[2:], "line 10", "line 11", "line 12", "line 13"])
    assert panel.scroll == 0 and panel.in_sight()[-1] == "line 13"


def test_an_undo_taking_lines_back_leaves_the_reader_where_the_log_still_reaches():
    panel, lines = _scrolled(2)
    panel.set_lines(lines[:6])
    assert panel.scroll == 2 and panel.unseen == 0  # six lines, four in sight


def test_a_panel_that_does_not_hold_its_place_shows_the_newest_lines_under_its_scroll():
    class Sliding(Plain):
        holds_place = False

    panel, lines = _scrolled(1, Sliding)
    panel.set_lines([*lines, "line 10", "line 11"])
    assert panel.scroll == 3 and panel.unseen == 0 and panel.in_sight()[-1] == "line 8"


def test_a_wrapped_event_hangs_under_its_first_line():
    assert log_panel.hanging(["The Explorer places", "an Atlantean."]) == [
        "The Explorer places",
        "  an Atlantean.",
    ]
    assert log_panel.hanging([]) == []


def test_the_lines_version_counts_changes_only():
    panel = Plain()
    panel.set_lines(["a"])
    v = panel.version
    panel.set_lines(["a"])
    assert panel.version == v
    panel.set_lines(["a", "b"])
    assert panel.version == v + 1


# --- on the boards, as a person uses them ------------------------------------------------------
#: the function each game's log panel writes its text with (the test reads what it writes)
WRITER = {"rising": "blit_text", "guards": "draw_text", "finding": "draw_text"}


def _played_board(app, game: str, lines: int):
    """The game's board after random bots have written at least ``lines`` lines to its log,
    the bots then holding their moves (the log stays as it is)."""
    app.settings.animation_speed = "instant"
    _, options, seed = TABLES[game]
    team = (lambda i: i % 2) if game == "guards" else (lambda i: None)
    seats = [Seat(f"Bot {i}", "bot", "random", "", team(i)) for i in range(4)]
    session = GameSession.new(game, seats, options, seed=seed, autosave=False,
                              runner_factory=lambda: BotRunner(mode="inline"))  # fmt: skip
    board = board_for(game)(app, session)
    open_scene(app, board)
    for _ in range(4000):
        if len(board.log.lines) >= lines or session.is_over:
            break
        frames(app, 1)
    assert len(board.log.lines) >= lines, len(board.log.lines)
    session.pace_s = 1e9
    frames(app, 2)
    return board


def _wheel(app, y: int, at: tuple[int, int]) -> None:
    app.step([event(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(0, 0, 0))], 1 / 60)
    app.step(
        [event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False, precise_x=0.0, precise_y=float(y))],
        1 / 60,
    )


def _starts(game: str, line) -> str:
    """The words a log line is drawn with first."""
    return line[1] if game == "rising" else line[0] if game == "finding" else line


@pytest.mark.parametrize("game", GAMES)
def test_l_opens_the_log_and_the_wheel_scrolls_it_back_in_time_and_back(app, game, monkeypatch):
    board = _played_board(app, game, 70)
    module = importlib.import_module(f"scenes.{game}.log_panel")
    real = getattr(module, WRITER[game])
    drawn: list[str] = []

    def recording(surface, text, *args, **kwargs):
        drawn.append(str(text))
        return real(surface, text, *args, **kwargs)

    monkeypatch.setattr(module, WRITER[game], recording)

    def shown() -> list[str]:
        """What the board writes in a frame (Guards paints a cached frame: afresh here)."""
        getattr(board, "redraw", lambda: None)()
        drawn.clear()
        frames(app, 1)
        return list(drawn)

    closed = shown()
    key(app, pygame.K_l)
    assert board.log.open
    newest = shown()
    assert newest != closed
    at = board.log.rect.center
    _wheel(app, 1, at)
    older = shown()
    assert older != newest and board.log.scroll == 3
    _wheel(app, -1, at)
    assert shown() == newest
    _wheel(app, -1, at)  # already at the newest line: nothing moves
    assert shown() == newest and board.log.scroll == 0
    for _ in range(60):
        _wheel(app, 1, at)
    oldest = shown()
    first = _starts(game, board.log.lines[0])
    assert any(len(s) > 6 and first.startswith(s) for s in oldest), (first, oldest[:8])
    _wheel(app, 1, at)
    assert shown() == oldest  # no further than the oldest line
    key(app, pygame.K_l)
    assert not board.log.open and first not in shown()


def test_in_hot_seat_each_person_reads_their_own_secrets_and_never_the_others(app):
    """Two people at Finding Atlantis, each moving behind a hand-off: whenever a person's view
    is up, the log lists exactly the events that person may see, and some it leaves out."""
    seats = [Seat("Ann"), Seat("Bo")]
    session = GameSession.new("finding", seats, {"size": "6"}, seed=5, autosave=False)
    board = board_for("finding")(app, session)
    open_scene(app, board)
    rng = random.Random(3)
    checked: dict[int, int] = {}
    for _ in range(300):
        answer_handoffs(app)
        frames(app, 1)
        if session.lingering is not None:  # the last person reads their results, then passes
            frames(app, 30)
            key(app, pygame.K_RETURN)
            continue
        viewer = board.viewer
        if viewer is not None:
            told = [*told_from_start(session), *session.log]  # the deal, then the moves
            mine = [e for e in told if e.visible_to(viewer)]
            theirs = [e for e in told if not e.visible_to(viewer) and e.text]
            assert board.log.lines == board.log.read(mine)
            hidden = set(board.log.read(theirs)) - set(board.log.read(mine))
            assert not hidden & set(board.log.lines)
            if hidden:
                checked[viewer] = checked.get(viewer, 0) + 1
        if len(checked) == 2 and min(checked.values()) >= 3:
            break
        if board.human is not None and board.legal:
            board.act(rng.choice(board.legal))
    assert len(checked) == 2, checked  # both people had secrets the other's log left out
