"""The Guards board's smaller promises, each as a person meets it: not offered in the menus
yet; an illegal click refused with a reason and the game unchanged; wheel zoom and a right
drag pan the arena; the log, help, speed and skip buttons; Continue from the autosave; a
rematch from the results screen; the results count kills and pushes from the events."""

from __future__ import annotations

import pygame
from conftest import frames
from guards_ui import click_at, event, guards_shown, open_board, press, settle  # noqa: F401
from scripted import ScriptedRunner, headless_game, reach

from game.core.protocol import Action, Event
from game.core.saves import Seat
from scenes import boards
from scenes.game_ui import register_game_ui, unregister_game_ui
from scenes.guards import registration
from scenes.guards.animations import Banner
from scenes.guards.board import GuardsBoard
from scenes.guards.results import GuardsResults, tally
from scenes.help_scene import HelpScene
from scenes.session import GameSession


def solo(step: str, seed: int = 5, **kw) -> GameSession:
    s = GameSession.new("guards", [Seat("Ana"), Seat("Bot", "bot", "random")],
                        {"board": "one_lane"}, seed=seed, pace_s=0.0,
                        runner_factory=lambda: ScriptedRunner(), **kw)  # fmt: skip
    reach(s, step)
    return s


def test_guards_is_offered_and_a_test_that_takes_it_out_can_put_it_back():
    assert "guards" in [s.game_id for s in boards.playable_games()]
    unregister_game_ui("guards")
    assert boards.board_for("guards") is None
    assert "guards" not in [s.game_id for s in boards.playable_games()]
    register_game_ui(registration.UI)
    assert boards.board_for("guards") is GuardsBoard


def test_a_hex_out_of_reach_is_refused_with_a_reason(app):
    app.settings.animation_speed = "instant"
    session = solo("act")
    board = open_board(app, session)
    settle(app, board)
    press(app, board, "btn:move")
    assert board.stage == "move"
    reach_hexes = set(board.hex_actions())
    far = next(
        h for h in board.arena.board.hexes if h not in reach_hexes and board.arena.camera.visible(h)
    )
    before = len(session.record.actions)
    press(app, board, f"hex:{far[0]},{far[1]}")
    assert len(session.record.actions) == before
    assert "reach" in board.notice or "glowing" in board.notice
    # a glowing hex makes the move
    to = sorted(reach_hexes)[0]
    press(app, board, f"hex:{to[0]},{to[1]}")
    # one click, the engine's two steps: the kind, then the destination
    assert session.record.actions[before:before + 2] == [
        Action.make(0, "act", what="move"), Action.make(0, "move", to=to)
    ]  # fmt: skip


def test_pressing_move_leaves_the_pointer_on_move_not_under_backs_tooltip(app):
    """Back joins the row of action buttons without moving them, so the pointer that pressed
    Move still rests on Move (Back's tooltip would cover the choices otherwise)."""
    session = solo("act")
    board = open_board(app, session)
    settle(app, board)
    frames(app, 1)
    at = board.target_point("btn:move")
    press(app, board, "btn:move")
    assert board.stage == "move"
    frames(app, 90)  # a resting pointer: any tooltip would be up by now
    assert board.target_at(at) == "btn:move"
    assert board.tip == ""


def test_the_wheel_zooms_and_a_right_drag_pans_the_arena(app):
    session = solo("play")
    board = open_board(app, session)
    cam = board.arena.camera
    size = cam.size
    centre = board.arena.camera.centre((10, 5))
    app.step([event(pygame.MOUSEMOTION, pos=centre, rel=(0, 0), buttons=(0, 0, 0))], 1 / 60)
    app.step(
        [event(pygame.MOUSEWHEEL, x=0, y=2, flipped=False, precise_x=0.0, precise_y=2.0)], 1 / 60
    )
    assert cam.size > size
    assert cam.hex_at(centre) == (10, 5)  # the hex under the pointer stays under it
    start = cam.centre((10, 5))
    app.step([event(pygame.MOUSEBUTTONDOWN, pos=centre, button=3)], 1 / 60)
    app.step(
        [
            event(
                pygame.MOUSEMOTION, pos=(centre[0] + 50, centre[1]), rel=(50, 0), buttons=(0, 0, 1)
            )
        ],
        1 / 60,
    )
    app.step([event(pygame.MOUSEBUTTONUP, pos=(centre[0] + 50, centre[1]), button=3)], 1 / 60)
    assert abs(cam.centre((10, 5))[0] - (start[0] + 50)) <= 1
    press(app, board, "cmd:fit")
    assert cam.size == cam.base_size


def test_log_help_speed_and_skip(app):
    app.settings.animation_speed = "1x"
    session = solo("play")
    board = open_board(app, session)
    press(app, board, "cmd:log")
    assert board.log.open and any("picks" in line for line in board.log.lines)
    press(app, board, "cmd:log")
    assert not board.log.open
    press(app, board, "cmd:speed")
    assert app.settings.animation_speed == "2x" and board.anim.speed == "2x"
    board.anim.add(Banner(text="x"))
    press(app, board, "cmd:skip")
    assert not board.animating()
    press(app, board, "cmd:help")
    frames(app, 1)
    assert isinstance(app.stack.top, HelpScene)


def test_continue_from_the_autosave_shows_the_same_game(app):
    app.settings.animation_speed = "instant"
    session = solo("act")
    moves = list(session.record.actions)
    loaded = GameSession.from_record(
        session.record, runner_factory=lambda: ScriptedRunner(), pace_s=0.0
    )
    assert loaded.record.actions == moves
    assert loaded.state.fingerprint() == session.state.fingerprint()
    board = open_board(app, loaded)
    settle(app, board)
    assert board.kind == "act" and board.human == 0
    press(app, board, "btn:primary" if "primary" in {a.kind for a in board.legal} else "btn:move")


def test_results_count_kills_and_pushes_and_offer_a_rematch(app):
    app.settings.animation_speed = "instant"
    seats = [Seat("Ana", "bot", "random"), Seat("Bot", "bot", "random")]
    state, log = headless_game(seats, {"board": "one_lane"}, 3)
    events = [e for _, _, evs in log for e in evs]
    t = tally(events)
    assert sum(t.kills.values()) == sum(
        1 for e in events if e.kind == "defeat" and e.data.get("by") is not None
    )
    assert sum(t.team_pushes) == sum(1 for e in events if e.kind == "push") > 0
    session = GameSession.new("guards", seats, {"board": "one_lane"}, seed=3,
                              runner_factory=lambda: ScriptedRunner(), pace_s=0.0)  # fmt: skip
    open_board(app, session)
    for _ in range(20000):
        if isinstance(app.stack.top, GuardsResults):
            break
        frames(app, 1)
    results = app.stack.top
    assert isinstance(results, GuardsResults)
    assert results.tally.team_pushes == tally(session.seen_by(0)).team_pushes
    from conftest import click

    click(app, results.new_seed)
    frames(app, 2)
    assert isinstance(app.stack.top, GuardsBoard) and app.stack.top.session is not session


def test_tally_credits_a_push_to_the_hero_whose_card_made_it():
    ev = [Event("resolve", "", {"hero": 1}), Event("push", "", {"team": 1}),
          Event("outnumbered", "", {}), Event("push", "", {"team": 0}),
          Event("defeat", "", {"hero": 0, "by": 1})]  # fmt: skip
    t = tally(ev)
    assert (
        t.pushes == {1: 1} and t.team_pushes == [1, 1] and t.kills == {1: 1} and t.defeats == {0: 1}
    )


def test_the_heroes_panel_tells_a_hero_not_yet_entered_from_a_defeated_one():
    from game.guards.combat import defeat
    from scenes.guards.queue_view import hero_away

    session = solo("place")
    view = session.state.view(0)
    waiting = [h for h in view.heroes if view.pos[h] is None]
    assert waiting and all(hero_away(view, h) == " (not on the board yet)" for h in waiting)
    reach(session, "play")
    state = session.state
    hero = next(h for h in state.heroes if state.pos[h] is not None)
    defeat(state, hero, None)
    assert hero_away(state.view(0), hero) == " (defeated)"
