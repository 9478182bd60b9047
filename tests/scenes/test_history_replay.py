"""Replays of finished games on their own boards, driven by the mouse: the end is the very
end, back and forth land on the same positions, rounds, speeds, the seat-view switch (only in
a replay) and taking over."""

from __future__ import annotations

import pygame
import pytest
from conftest import click, frames, key, open_scene, pick

from ai.runner import BotRunner
from game.core import history
from game.core.protocol import IllegalAction
from scenes.game_ui import register_game_ui
from scenes.history.history_scene import HistoryScene
from scenes.history.replay_scene import TABLE_VIEW, ReplayScene, view_label
from scenes.session import GameSession
from tools.history_games import TABLES, finished, random_move

GAMES = ("rising", "finding", "guards")


@pytest.fixture
def guards_shown():
    """The Guards board is registered for these tests, whatever another test did before."""
    from scenes.guards import registration

    register_game_ui(registration.UI)
    yield
    register_game_ui(registration.UI)


@pytest.fixture(scope="module")
def games():
    """One finished game of each kind (played once for the whole module)."""
    return {g: finished(g, autosave=False) for g in GAMES}


def _replay(app, session) -> ReplayScene:
    scene = ReplayScene(app, session.record)
    open_scene(app, scene)
    return scene


@pytest.mark.parametrize("game", GAMES)
def test_a_finished_game_replays_by_mouse_to_its_very_end_and_back(app, games, game, guards_shown):
    live = games[game]
    scene = _replay(app, live)
    s = scene.session
    assert s.cursor == 0 and not scene.back_btn.is_enabled
    assert s.state.fingerprint() == live.record.new_state().fingerprint()
    click(app, scene.end_btn)
    assert s.cursor == s.total == len(live.record.actions)
    assert s.state.fingerprint() == live.state.fingerprint()
    assert not scene.next_btn.is_enabled and not scene.take_btn.is_enabled
    # one back, one on: the same end; and every position on the way matches a fresh replay
    at = {}
    for _ in range(3):
        click(app, scene.back_btn)
        at[s.cursor] = s.state.fingerprint()
    for n, fp in at.items():
        assert fp == live.record.replay(n).fingerprint()
    for _ in range(3):
        click(app, scene.next_btn)
    assert s.cursor == s.total and s.state.fingerprint() == live.state.fingerprint()
    # the board drew the final position, its log holds the game's last lines
    assert s.log[-1] == s._events[-1][-1] if s._events[-1] else True
    click(app, scene.start_btn)
    assert s.cursor == 0 and s.state.fingerprint() == live.record.new_state().fingerprint()
    # a jump across the snapshots and back lands on the same states as stepping does
    mid = s.total // 2
    scene.seek(mid)
    fp_mid = s.state.fingerprint()
    click(app, scene.next_btn)
    click(app, scene.back_btn)
    assert s.cursor == mid and s.state.fingerprint() == fp_mid
    frames(app, 3)


@pytest.mark.parametrize("game", GAMES)
def test_play_at_4x_steps_on_by_itself_and_a_round_is_picked_from_the_list(
    app, games, game, guards_shown
):
    scene = _replay(app, games[game])
    s = scene.session
    click(app, scene.speed_btn)
    click(app, scene.speed_btn)
    assert s.speed == "4x" and scene.speed_btn.text == "Speed 4x"
    assert scene.board.anim.speed == "4x"
    click(app, scene.play_btn)
    assert s.playing and scene.play_btn.text == "Pause"
    frames(app, 240, dt=1 / 30)  # eight seconds of play
    moved = s.cursor
    assert moved >= 5
    assert s.state.fingerprint() == games[game].record.replay(moved).fingerprint()
    key(app, pygame.K_SPACE)
    assert not s.playing and scene.play_btn.text == "Play"
    frames(app, 60)
    assert s.cursor == moved
    r = pick_visible_round(app, scene)
    first = dict(s.round_starts())[r]
    assert s.cursor == first and s.current_round() == r
    assert s.state.fingerprint() == games[game].record.replay(first).fingerprint()
    key(app, pygame.K_RIGHT)
    assert s.cursor == first + 1
    key(app, pygame.K_LEFT)
    assert s.cursor == first


@pytest.mark.parametrize("game", ("finding", "guards"))
def test_a_replay_starts_on_the_table_view_and_switches_to_any_seat(app, games, game, guards_shown):
    live = games[game]
    scene = _replay(app, live)
    s = scene.session
    # a position where seat 1 holds a secret (a card face down, a hidden position)
    n = next(
        n
        for n in range(s.total // 2, s.total)
        if (st := live.record.replay(n)).view(1).fingerprint() != st.view(None).fingerprint()
    )
    scene.seek(n)
    assert s.viewer() is None and scene.board.viewer is None
    assert s.view().fingerprint() == s.state.view(None).fingerprint()
    name = s.seats[1].name
    pick(app, scene.view_menu, view_label(name))
    assert s.viewer() == 1 and scene.board.viewer == 1
    assert s.view().fingerprint() == s.state.view(1).fingerprint()
    assert s.view().fingerprint() != s.state.view(None).fingerprint()
    pick(app, scene.view_menu, TABLE_VIEW)
    assert s.viewer() is None and scene.board.viewer is None


@pytest.mark.parametrize("game", ("finding", "guards"))
def test_a_live_game_has_no_seat_view_switch(app, game, guards_shown):
    from scenes.boards import board_for

    seats, options, seed = TABLES[game]
    people = [seats[0], type(seats[1])("Di", team=seats[1].team)] + seats[2:]
    s = GameSession.new(game, people, options, seed=seed, autosave=False)
    board = board_for(game)(app, s)
    open_scene(app, board)
    assert not s.view_switchable
    before = s.viewer()
    with pytest.raises(IllegalAction):
        s.switch_view(1)
    assert s.viewer() == before
    for k in (pygame.K_v, pygame.K_TAB, pygame.K_RIGHT):
        key(app, k)
    assert s.viewer() == before
    # nothing on the live board is a view switch: no drop-down names a seat's view
    labels = [getattr(el, "selected_option", None) for el in board.manager.get_root_container()]
    assert not any(isinstance(x, (str, tuple)) and "View:" in str(x) for x in labels)
    assert app.stack.find(ReplayScene) is None


@pytest.mark.parametrize("game", GAMES)
def test_taking_over_continues_a_legal_game_from_that_position(
    app, games, game, guards_shown, monkeypatch
):
    from ai.runner import BotRunner
    from scenes import session as session_mod

    monkeypatch.setattr(session_mod, "default_runner", lambda: BotRunner(mode="inline"))
    live = games[game]
    scene = _replay(app, live)
    at = live.record.actions
    n = len(at) // 2
    scene.seek(n)
    fp = scene.session.state.fingerprint()
    click(app, scene.take_btn)
    frames(app, 2)
    board = app.stack.top
    taken = board.session
    assert type(taken) is GameSession and taken.autosave_enabled
    assert taken.record.actions == at[:n] and taken.state.fingerprint() == fp
    assert [x.to_json() for x in taken.seats] == [x.to_json() for x in live.seats]
    # it is a normal game: Continue finds its autosave, and it plays on to its end
    from game.core import storage

    assert storage.read_save(storage.autosave_path(game)).actions == at[:n]
    import random

    rng = random.Random(1)
    guard = 0
    while not taken.is_over:
        humans = taken.deciding_humans()
        if humans:
            taken.apply(random_move_for(taken, humans, rng))
        else:
            taken.update(1.0)
        guard += 1
        assert guard < 20000
    assert taken.state.is_terminal()
    assert history.load(game)[0][0].record.actions == taken.record.actions


def pick_visible_round(app, scene) -> int:
    """Open the round list by mouse and click the last round it shows without scrolling."""
    click(app, scene.round_menu)
    listed = scene.round_menu.current_state.options_selection_list
    shown = [
        i
        for i in listed.item_list
        if i["button_element"] is not None
        and i["button_element"].visible
        and listed.rect.contains(i["button_element"].rect)
        and i["text"] in scene.round_names
    ]
    assert len(shown) >= 3
    choice = shown[-1]
    click(app, choice["button_element"])
    frames(app, 3)
    return scene.round_names[choice["text"]]


def random_move_for(session, humans, rng):
    return rng.choice(session.state.legal_actions(rng.choice(humans)))


def test_the_history_screen_opens_a_replay_and_close_returns(app, games):
    s = games["rising"]
    history.add(s.record, s.state, s.results().rounds, s.results().headline)
    scene = HistoryScene(app)
    open_scene(app, scene)
    from conftest import double_click, list_button

    label = next(iter(scene._by_label))
    double_click(app, list_button(scene.list, label))
    replay = app.stack.top
    assert isinstance(replay, ReplayScene) and replay.session.total == len(s.record.actions)
    click(app, replay.next_btn)
    assert replay.session.cursor == 1
    click(app, replay.close_btn)
    frames(app, 2)
    assert app.stack.top is scene
    _ = random_move


@pytest.mark.parametrize("game", GAMES)
def test_nobody_can_move_in_a_replay(app, games, game, guards_shown):
    """Every seat of the record stays a spectator: no board offers a move, a hint or an undo,
    and a click on the board changes nothing."""
    scene = _replay(app, games[game])
    s = scene.session
    scene.seek(s.total // 3)
    assert s.current_human() is None and s.deciding_humans() == []
    assert getattr(scene.board, "human", None) is None and getattr(scene.board, "legal", []) == []
    assert not any(s.can_undo(p) for p in range(len(s.seats)))
    with pytest.raises(IllegalAction):
        s.apply(s.state.legal_actions(s.decision().players[0])[0])
    before = s.state.fingerprint()
    from conftest import _mouse

    for pos in ((640, 330), (300, 300), (1000, 400)):
        app.step([_mouse(pygame.MOUSEBUTTONDOWN, pos)], 1 / 60)
        app.step([_mouse(pygame.MOUSEBUTTONUP, pos)], 1 / 60)
    frames(app, 5)
    assert s.state.fingerprint() == before and s.cursor == s.total // 3


def _log_open(board) -> bool:
    log = board.log
    return bool(getattr(log, "open", getattr(log, "expanded", False)))


@pytest.mark.parametrize("game", GAMES)
def test_the_boards_own_viewing_buttons_answer_in_a_replay(app, games, game, guards_shown):
    """Log, Help and Skip work by mouse as in play; the board's Speed button steps the
    replay's speed (the settings keep theirs) and its Menu closes the replay; nothing moves."""
    from board_ui import click_at

    from scenes.help_scene import HelpScene

    scene = _replay(app, games[game])
    s, board = scene.session, scene.board
    scene.seek(s.total // 2)
    before, settings_speed = s.state.fingerprint(), app.settings.animation_speed
    frames(app, 2)
    assert not _log_open(board)
    if game != "rising":  # (Rising's log opens with L only, in play too)
        click_at(app, board.target_point("cmd:log"))
        assert _log_open(board)
        click_at(app, board.target_point("cmd:log"))
        assert not _log_open(board)
    click_at(app, board.target_point("cmd:help"))
    frames(app, 1)
    assert isinstance(app.stack.top, HelpScene)
    key(app, pygame.K_ESCAPE)
    frames(app, 2)
    assert app.stack.top is scene
    speed_key = "cmd:speed"
    frames(app, 1)
    click_at(app, board.target_point(speed_key))
    assert s.speed == "2x" and scene.speed_btn.text == "Speed 2x"
    assert board.speed_shown() == "2x" and app.settings.animation_speed == settings_speed
    assert board.anim.speed == "2x"
    # the tooltip over the board's Speed button names the replay's speed
    frames(app, 1)
    pos = board.target_point(speed_key)
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))], 0)
    assert "replay" in board.tip
    key(app, pygame.K_l)  # the board's keys for its aids pass too
    assert _log_open(board)
    key(app, pygame.K_l)
    assert s.state.fingerprint() == before and s.cursor == s.total // 2
    menu = "cmd:pause" if game == "rising" else "cmd:menu"
    frames(app, 1)
    click_at(app, board.target_point(menu))
    frames(app, 2)
    assert not isinstance(app.stack.top, ReplayScene)


def test_a_guards_replay_fits_the_arena_and_greys_the_hint(app, games, guards_shown):
    from board_ui import click_at

    scene = _replay(app, games["guards"])
    board = scene.board
    frames(app, 2)
    cam = board.arena.camera
    fitted = cam.key()
    pos = board.target_point("hex:0,0")
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))], 0)
    app.step([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False)], 1 / 60)
    assert cam.key() != fitted  # the wheel zooms as in play
    click_at(app, board.target_point("cmd:fit"))
    assert cam.key() == fitted
    frames(app, 1)
    hint = board.target_point("cmd:hint")
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=hint, rel=(0, 0), buttons=(0, 0, 0))], 0)
    assert "none is asked of you" in board.tip
    click_at(app, hint)
    assert board.hint is None and app.stack.top is scene


def test_the_finding_boards_buttons_clear_the_replay_bar(app, games):
    from scenes.history.replay_scene import BAR

    scene = _replay(app, games["finding"])
    frames(app, 2)
    rects = [h.rect for h in scene.board.hits if h.key.startswith("cmd:")]
    assert len(rects) == 5 and all(r.bottom <= BAR.y for r in rects)


def test_a_finding_replay_on_a_seats_view_switches_its_heat_map(app, games):
    from board_ui import click_at

    scene = _replay(app, games["finding"])
    board = scene.board
    pick(app, scene.view_menu, view_label(scene.session.seats[0].name))
    frames(app, 2)
    assert board.viewer == 0 and not board.aid("heat")
    click_at(app, board.target_point("aid:heat"))
    assert board.aid("heat")


def test_a_replay_boards_tooltip_shows_above_the_bar(app, games):
    """The tip of a button just above the bar is drawn where it can be seen, not under it."""
    from scenes.history.replay_scene import BAR

    scene = _replay(app, games["finding"])
    frames(app, 2)
    pos = scene.board.target_point("cmd:speed")
    above = pygame.Rect(pos[0] - 120, BAR.y - 120, 240, 90)
    quiet = app.canvas.subsurface(above).copy()
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))], 0)
    frames(app, 90)
    assert scene.board.tipper.shown
    shown = app.canvas.subsurface(above)
    changed = sum(
        quiet.get_at((x, y)) != shown.get_at((x, y))
        for x in range(0, above.w, 4)
        for y in range(0, above.h, 4)
    )
    assert changed > 50


def test_a_finding_replay_hears_what_the_device_said_up_to_the_position(app, games):
    """After a jump the device's strip holds the announcements of the new position, as a
    board that had watched every move would."""
    from scenes.finding.voice import Voice

    live = games["finding"]
    scene = _replay(app, live)
    s, board = scene.session, scene.board
    click(app, scene.end_btn)
    frames(app, 2)
    assert board.voice.lines_for(None) == Voice(live.log).lines_for(None) != []
    mid = s.total // 2
    scene.seek(mid)
    frames(app, 1)
    said: list = []
    live.record.replay(mid, events=said)
    assert board.voice.lines_for(None) == Voice(said).lines_for(None) != []


def test_a_finding_replays_device_strip_ends_above_the_bar_with_the_newest_line(app, games):
    from scenes.history.replay_scene import BAR

    scene = _replay(app, games["finding"])
    click(app, scene.end_btn)
    frames(app, 2)
    voice = scene.board.arr.voice
    room = voice.clip(pygame.Rect(0, 0, voice.right, BAR.y - 2))
    rows = scene.board.voice.layout(None, "", scene.board.names, room)
    assert rows and all(y + 16 <= BAR.y for _, (_, y), *_ in rows)
    assert rows[-1][3] == "bold"  # the newest announcement is the one kept


def _button(kind: int, pos, button: int = 1) -> pygame.event.Event:
    return pygame.event.Event(kind, pos=pos, button=button)


def test_a_press_that_ends_over_the_bar_leaves_nothing_armed(app, games):
    """Press Help on the board, let go over the bar; then press on the bar and let go on
    Help: no click (a click is a press and a release on the same target)."""
    from scenes.help_scene import HelpScene

    scene = _replay(app, games["finding"])
    frames(app, 2)
    help_at = scene.board.target_point("cmd:help")
    bar_at = (600, 700)
    for a, b in ((help_at, bar_at), (bar_at, help_at)):
        app.step([_button(pygame.MOUSEBUTTONDOWN, a)], 1 / 60)
        app.step([_button(pygame.MOUSEBUTTONUP, b)], 1 / 60)
        frames(app, 1)
        assert app.stack.top is scene
    menu_at = scene.board.target_point("cmd:menu")
    app.step([_button(pygame.MOUSEBUTTONDOWN, bar_at)], 1 / 60)
    app.step([_button(pygame.MOUSEBUTTONUP, menu_at)], 1 / 60)
    frames(app, 1)
    assert app.stack.top is scene and not isinstance(app.stack.top, HelpScene)


def test_a_right_drag_that_ends_over_the_bar_stops_panning(app, games, guards_shown):
    scene = _replay(app, games["guards"])
    board = scene.board
    frames(app, 2)
    app.step([_button(pygame.MOUSEBUTTONDOWN, (400, 300), 3)], 1 / 60)
    app.step([_button(pygame.MOUSEBUTTONUP, (400, 700), 3)], 1 / 60)
    cam = board.arena.camera.key()
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=(300, 250), rel=(-100, -50),
                                 buttons=(0, 0, 0))], 1 / 60)  # fmt: skip
    assert board.arena.camera.key() == cam and board.drag is None


@pytest.mark.parametrize("game", GAMES)
def test_esc_closes_the_boards_log_first_and_stepping_keeps_it_open(app, games, game, guards_shown):
    scene = _replay(app, games[game])
    board = scene.board
    scene.seek(scene.session.total // 2)
    frames(app, 2)
    key(app, pygame.K_l)
    assert _log_open(board)
    click(app, scene.back_btn)
    key(app, pygame.K_LEFT)
    assert _log_open(board)
    key(app, pygame.K_ESCAPE)
    frames(app, 1)
    assert not _log_open(board) and app.stack.top is scene
    key(app, pygame.K_ESCAPE)
    frames(app, 2)
    assert not isinstance(app.stack.top, ReplayScene)


def test_the_greyed_guide_stays_still_when_nobody_at_the_table_decides(app):
    """In a game of bots only (as in a replay) the Guide is greyed and neither its button nor
    G turns it on."""
    from board_ui import click_at
    from rising_ui import open_board

    from game.core.saves import Seat

    seats = [Seat("B1", "bot", "easy"), Seat("B2", "bot", "easy")]
    session = GameSession.new("rising", seats, {}, seed=3, autosave=False,
                              runner_factory=lambda: BotRunner(mode="inline"))  # fmt: skip
    board = open_board(app, session)
    frames(app, 2)
    was = board.guide_on
    click_at(app, board.target_point("cmd:guide"))
    assert board.guide_on == was
    key(app, pygame.K_g)
    assert board.guide_on == was


def test_a_guards_replay_on_a_seats_view_shows_whole_cards_above_the_bar(app, games, guards_shown):
    from scenes.history.replay_scene import BAR

    scene = _replay(app, games["guards"])
    scene.seek(scene.session.total // 3)
    pick(app, scene.view_menu, view_label(scene.session.seats[0].name))
    frames(app, 2)
    cards = [rect for rect, k, _ in scene.board.hits if k.startswith("card:")]
    assert len(cards) >= 5 and all(r.bottom <= BAR.y for r in cards)


def _unfinished_rising(live) -> bytes:
    """An unfinished Atlantis Rising game in its autosave (one move made): what Take over
    would replace. Returns the autosave's bytes."""
    from game.core import storage

    pending = GameSession.from_record(live.record.__class__(
        "rising", dict(live.record.options), live.record.seed, list(live.record.seats), [], {}
    ), autosave=True)  # fmt: skip
    pending.apply(live.record.actions[0])
    pending.autosave()
    return storage.autosave_path("rising").read_bytes()


def test_take_over_offers_save_it_first_and_enter_keeps_the_unfinished_game(app, games):
    from game.core import storage
    from scenes.autosaves import ReplaceAutosaveDialog

    live = games["rising"]
    before = _unfinished_rising(live)
    scene = _replay(app, live)
    scene.seek(len(live.record.actions) // 2)
    click(app, scene.take_btn)
    ask = app.stack.top
    assert isinstance(ask, ReplaceAutosaveDialog)  # the same dialog New game asks with
    assert [b.text for b in (ask.keep_btn, ask.save_first_btn, ask.start_btn)] == [
        "Keep it", "Save it first", "Play on anyway",
    ]  # fmt: skip
    assert "playing on from this replay replaces it" in ask.message
    key(app, pygame.K_RETURN)  # the default is the safe answer
    assert app.stack.top is scene
    assert storage.autosave_path("rising").read_bytes() == before
    # Save it first: the unfinished game goes to Load game, byte for byte, then play goes on
    click(app, scene.take_btn)
    ask = app.stack.top
    name = ask.save_name
    click(app, ask.save_first_btn)
    frames(app, 2)
    assert storage.save_path(name).read_bytes() == before
    board = app.stack.top
    assert board.session.record.actions == live.record.actions[: len(live.record.actions) // 2]


def test_an_open_game_offers_no_seat_view_in_its_replay(app, games, guards_shown):
    """Atlantis Rising hides nothing from any seat: a View control there would change nothing,
    so the replay bar has none; the games with secrets keep theirs."""
    rising = _replay(app, games["rising"])
    assert rising.view_menu is None
    texts = [getattr(e, "text", "") for e in rising.manager.get_sprite_group().sprites()]
    assert not any(str(t).startswith("View:") for t in texts)
    for game in ("finding", "guards"):
        scene = _replay(app, games[game])
        assert scene.view_menu is not None and scene.view_menu.is_enabled
