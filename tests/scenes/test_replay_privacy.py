"""A game that is not over keeps every seat's secrets in every screen that can open it.

History -> Replay a save lists the autosave of a game still being played. Its replay, like the
live game, shows only the table's view: the seat-view control is greyed with its reason, a
click on it changes nothing, and no frame at any position draws a seat's secret (counted in
pixels on the secret-bid toy board, compared pixel for pixel on the Guards and Finding
boards). A finished game keeps its seat views (the control, and the pixels, change).
"""

from __future__ import annotations

import pygame
import pytest
from conftest import click, double_click, frames, list_button, on_window, open_scene
from scene_toy import BID_COLOURS, BIDS_ID, install_bids, uninstall

from game.core import storage
from game.core.protocol import IllegalAction
from game.core.saves import Seat
from scenes.game_ui import register_game_ui
from scenes.history.history_scene import HistoryScene
from scenes.history.replay_save import ReplaySaveScene
from scenes.history.replay_scene import TABLE_VIEW, ReplayScene
from scenes.session import GameSession
from tools.history_games import TABLES, play_out


def _count(surface: pygame.Surface, colour) -> int:
    return pygame.mask.from_threshold(surface, colour, (8, 8, 8, 255)).count()


def _secrets_drawn(app) -> set[tuple[str, int]]:
    surface = app.frame.surf
    out = set()
    for seat in range(4):
        if _count(surface, BID_COLOURS[seat]) > 50:
            out.add(("bid", seat))
    return out


@pytest.fixture
def bids():
    install_bids()
    yield
    uninstall()


@pytest.fixture
def guards_shown():
    from scenes.guards import registration

    register_game_ui(registration.UI)
    yield
    register_game_ui(registration.UI)


def _watch_autosave(app) -> ReplayScene:
    """Title's History -> Replay a save -> the autosave -> Watch, all by mouse."""
    history = HistoryScene(app)
    open_scene(app, history)
    click(app, history.save_btn)
    chooser = app.stack.top
    assert isinstance(chooser, ReplaySaveScene)
    label = next(e.label for e in chooser.entries if storage.is_autosave(e.path))
    double_click(app, list_button(chooser.list, label))
    frames(app, 2)
    replay = app.stack.top
    assert isinstance(replay, ReplayScene), type(replay).__name__
    return replay


def _frame(app) -> pygame.Surface:
    frames(app, 2)
    surface = app.frame.surf
    return surface.copy()


def test_an_unfinished_bid_game_replays_with_nobodys_secret_bid_on_screen(app, bids):
    people = [Seat("Ana"), Seat("Bo"), Seat("Cy")]
    s = GameSession.new(BIDS_ID, people, {"rounds": "2"}, seed=4)
    # a round of dives, then two of three secret bids made: the game is far from over
    for action in (*(s.state.legal_actions(p)[2] for p in (0, 1, 2)),):
        s.apply(action)
    while s.decision().kind == "dive":
        s.apply(s.state.legal_actions(s.decision().players[0])[0])
    s.apply(s.state.legal_actions(0)[2])
    s.apply(s.state.legal_actions(1)[1])
    assert not s.is_over and s.state.bids[0] and s.state.bids[1]
    replay = _watch_autosave(app)
    r = replay.session
    assert not r.view_switchable and not replay.view_menu.is_enabled
    assert "not over" in replay.view_menu.tool_tip_text
    for n in range(r.total + 1):
        replay.seek(n)
        click(app, replay.view_menu)  # greyed: nothing opens, nothing switches
        assert r.viewer() is None
        assert _secrets_drawn(app) == set(), f"a secret bid is drawn at move {n}"
    with pytest.raises(IllegalAction):
        r.switch_view(0)


def test_a_finished_bid_game_still_shows_a_seats_view(app, bids):
    """The same check can fail: a finished game's seat view does draw that seat's colours."""
    from conftest import pick

    people = [Seat("Ana"), Seat("Bo")]
    s = GameSession.new(BIDS_ID, people, {"rounds": "1"}, seed=4, autosave=False)
    while not s.is_over:
        s.apply(s.state.legal_actions(s.decision().players[0])[-1])
    replay = ReplayScene(app, s.record)
    open_scene(app, replay)
    assert replay.session.view_switchable and replay.view_menu.is_enabled
    replay.seek(1)  # Ana has bid in secret, Bo not yet
    frames(app, 2)
    assert _secrets_drawn(app) == set()
    pick(app, replay.view_menu, "View: Ana")
    frames(app, 2)
    assert _secrets_drawn(app) == {("bid", 0)}


def _secret_position(live: GameSession, seat: int) -> int:
    """A move after which ``seat``'s view holds more than the table's."""
    st = live.record.replay(0)
    for n in range(len(live.record.actions), 0, -1):
        st = live.record.replay(n)
        if st.view(seat).fingerprint() != st.view(None).fingerprint():
            return n
    raise AssertionError("no position with a secret")


@pytest.mark.parametrize("game", ["guards", "finding"])
def test_an_unfinished_games_replay_draws_only_the_tables_view(app, game, guards_shown):
    seats, options, seed = TABLES[game]
    people = [Seat("Ann", team=seats[0].team), Seat("Di", team=seats[1].team), *seats[2:]]
    s = GameSession.new(game, people, options, seed=seed)
    play_out(s, seed, upto=60)
    s.autosave()
    assert not s.is_over
    n = _secret_position(s, 1)
    replay = _watch_autosave(app)
    r = replay.session
    assert not r.view_switchable and not replay.view_menu.is_enabled
    assert replay.view_menu.text == TABLE_VIEW
    replay.seek(n)
    click(app, replay.view_menu)
    assert r.viewer() is None and replay.board.viewer is None
    table = _frame(app)
    # what a seat's view would have drawn here differs, so the comparison can tell
    r.view_seat = 1
    replay.board.position_jumped()
    seat_view = _frame(app)
    r.view_seat = None
    replay.board.position_jumped()
    again = _frame(app)
    assert _differs(table, seat_view), "a seat's view draws like the table's here"
    assert not _differs(table, again)


def _differs(a: pygame.Surface, b: pygame.Surface) -> bool:
    return pygame.image.tobytes(a, "RGB") != pygame.image.tobytes(b, "RGB")


def test_the_greyed_view_control_says_why_when_the_pointer_rests_on_it(app, bids):
    people = [Seat("Ana"), Seat("Bo")]
    s = GameSession.new(BIDS_ID, people, {"rounds": "2"}, seed=4)
    s.apply(s.state.legal_actions(0)[2])
    replay = _watch_autosave(app)
    assert not replay.view_menu.is_enabled
    x, y = on_window(app, replay.view_menu)
    app.step(
        [
            pygame.event.Event(
                pygame.MOUSEMOTION, {"pos": (x, y), "rel": (0, 0), "buttons": (0, 0, 0)}
            )
        ],
        1 / 60,
    )
    frames(app, 90)  # 1.5 s of resting
    tip = replay.view_menu.tool_tip
    assert tip is not None and "not over" in tip.text_block.html_text
    assert not replay.view_menu.is_enabled
