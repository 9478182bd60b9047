"""The one animator every board plays its animations on (scenes/animation.py): blocking ones in
turn, light ones alongside (on their tracks), scaled by the speed, ended by Skip; and on each
board, as a person sees it, the bots wait while one plays, Tab and the Speed button work."""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame
import pytest
from board_ui import click_at
from conftest import frames, key, open_scene

from ai.runner import BotRunner
from game.core.saves import Seat
from scenes.animation import Anim, Animator
from scenes.boards import board_for
from scenes.screenshot_director import SilentRunner
from scenes.session import GameSession
from tools.history_games import TABLES

GAMES = ("rising", "guards", "finding")


@dataclass
class Mark(Anim):
    """A test piece that writes down what the animator asks it to draw."""

    name: str = ""
    drawn: list[tuple[str, float]] = field(default_factory=list)
    waited: list[str] = field(default_factory=list)
    lane: object = None
    layered: bool = False

    @property
    def track(self):
        return self.lane

    @property
    def in_layer(self) -> bool:
        return self.layered

    def draw(self, surface, p: float) -> None:
        self.drawn.append((self.name, round(p, 3)))

    def draw_waiting(self, surface) -> None:
        self.waited.append(self.name)


@dataclass
class Holding(Mark):
    holds = True


def run(anim: Animator, seconds: float, dt: float = 0.1) -> None:
    for _ in range(round(seconds / dt)):
        anim.update(dt)


def shown(anim: Animator) -> list[str]:
    return [a.name for a in anim.playing()]  # type: ignore[attr-defined]


def test_blocking_animations_play_one_after_another_and_hold_the_table():
    sounds: list[str] = []
    anim = Animator("1x", sounds.append)
    first, second = Mark(1.0, name="first", sound="ding"), Mark(0.5, name="second")
    anim.add(first)
    anim.add(second)
    assert anim.busy and shown(anim) == []  # nothing has started before the first frame
    run(anim, 0.5)
    assert shown(anim) == ["first"] and sounds == ["ding"] and second.elapsed == 0
    anim.draw(pygame.Surface((4, 4)))
    assert first.drawn == [("first", 0.5)] and second.waited == ["second"] and not first.waited
    run(anim, 0.5)  # the first ends; the second starts on the next frame
    run(anim, 0.3)
    assert shown(anim) == ["second"] and anim.queue == [second]
    run(anim, 0.3)
    assert not anim.busy and not anim.active


def test_light_animations_play_alongside_and_hold_the_table_only_when_they_say_so():
    anim = Animator("1x")
    anim.add(Mark(1.0, blocking=False, name="float"))
    assert anim.active and not anim.busy  # a floating "+1 ore": bots need not wait
    anim.add(Holding(1.0, blocking=False, name="ping"))
    assert anim.busy
    run(anim, 0.5)
    assert shown(anim) == ["float", "ping"]
    run(anim, 0.6)
    assert not anim.active and not anim.busy


def test_light_animations_on_one_track_wait_for_each_other():
    anim = Animator("1x")
    a = Mark(1.0, blocking=False, name="a", lane="unit 3")
    b = Mark(1.0, blocking=False, name="b", lane="unit 3")
    c = Mark(1.0, blocking=False, name="c", lane="unit 4")
    for x in (a, b, c):
        anim.add(x)
    run(anim, 0.5)
    assert shown(anim) == ["a", "c"] and b.progress < 0  # b waits for a, c has its own track
    run(anim, 0.6)
    assert shown(anim) == ["b"]
    run(anim, 1.0)
    assert not anim.active


def test_a_delay_waits_and_is_scaled_by_the_speed():
    anim = Animator("2x")
    late = Mark(1.0, blocking=False, name="late")
    anim.add(late, delay=1.0)  # half a second at 2x
    run(anim, 0.4)
    assert shown(anim) == []
    run(anim, 0.2)
    assert shown(anim) == ["late"]
    run(anim, 0.5)
    assert not anim.active


@pytest.mark.parametrize("speed,lasts", [("1x", 1.0), ("2x", 0.5), ("4x", 0.25)])
def test_every_duration_follows_the_speed(speed, lasts):
    anim = Animator(speed)
    anim.add(Mark(1.0, name="x"))
    anim.add(Mark(1.0, blocking=False, name="y"))
    run(anim, lasts - 0.05, dt=0.05)
    assert anim.busy and anim.active
    run(anim, 0.1, dt=0.05)
    assert not anim.active


def test_instant_plays_nothing_but_its_sound():
    sounds: list[str] = []
    anim = Animator("instant", sounds.append)
    anim.add(Mark(1.0, name="x", sound="flood"))
    anim.add(Holding(1.0, blocking=False, name="y"))
    assert sounds == ["flood"] and not anim.active and not anim.busy


def test_skip_ends_everything_and_tells_a_cached_layer():
    anim = Animator("1x")
    anim.add(Mark(1.0, name="tile", layered=True))
    assert anim.changed  # the layer must leave the tile out while it is queued
    anim.changed = False
    anim.add(Mark(1.0, blocking=False, name="float"))
    anim.skip()
    assert not anim.active and anim.changed


def test_a_layered_animation_tells_the_layer_when_it_ends():
    anim = Animator("1x")
    anim.add(Mark(0.2, name="tile", layered=True))
    anim.changed = False
    run(anim, 0.3)
    assert not anim.active and anim.changed


def test_the_board_may_leave_some_out_of_the_picture():
    anim = Animator("1x")
    anim.add(Mark(1.0, name="banner"))
    anim.add(Mark(1.0, blocking=False, name="float"))
    run(anim, 0.1)
    left = [a.name for a in anim.playing(lambda a: a.name == "banner")]  # type: ignore[attr-defined]
    assert left == ["float"]


# --- on the boards, as a person sees them ------------------------------------------------------
def _piece(game: str, seconds: float) -> Anim:
    """One of the game's own animations, ``seconds`` long at 1x."""
    if game == "rising":
        from scenes.rising.animations import Banner

        return Banner(seconds, message="A test banner")
    if game == "guards":
        from scenes.guards.animations import Banner as ArenaBanner

        return ArenaBanner(seconds, text="A test banner")
    from scenes.finding.animations import Ping

    return Ping(seconds, pos=(200, 200))


def _bots_board(app, game: str, silent: bool = False):
    """The game's board with random bots that play as soon as nothing animates (``silent``:
    bots that never answer, so only the test's animations play)."""
    _, options, seed = TABLES[game]
    team = (lambda i: i) if game == "guards" else (lambda i: None)
    seats = [Seat(f"Bot {i}", "bot", "random", "", team(i)) for i in range(2)]
    runner = SilentRunner if silent else (lambda: BotRunner(mode="inline"))
    session = GameSession.new(game, seats, options, seed=seed, autosave=False,
                              runner_factory=runner)  # fmt: skip
    board = board_for(game)(app, session)
    open_scene(app, board)
    return board, session


def _frames_until_still(app, board, limit: int = 400) -> int:
    for n in range(limit):
        if not board.animating():
            return n
        frames(app, 1)
    raise AssertionError("the animation never ended")


def _press_speed(app, board) -> None:
    frames(app, 1)  # the board draws its buttons
    click_at(app, board.target_point("cmd:speed"))


@pytest.mark.parametrize("game", GAMES)
def test_bots_wait_while_an_animation_plays_and_tab_ends_it(app, game):
    app.settings.animation_speed = "1x"
    board, session = _bots_board(app, game)
    _frames_until_still(app, board)
    board.anim.add(_piece(game, 2.0))
    moves = len(session.record.actions)
    frames(app, 60)  # a second: the bots would have moved twice over
    assert board.animating() and len(session.record.actions) == moves
    key(app, pygame.K_TAB)
    assert not board.animating()
    for _ in range(300):
        frames(app, 1)
        if len(session.record.actions) > moves:
            break
    assert len(session.record.actions) > moves  # the game goes on


@pytest.mark.parametrize("game", GAMES)
def test_the_speed_button_shortens_the_animations_and_instant_drops_them(app, game):
    app.settings.animation_speed = "1x"
    board, session = _bots_board(app, game, silent=True)
    _frames_until_still(app, board)
    board.anim.add(_piece(game, 1.0))
    assert 55 <= _frames_until_still(app, board) <= 65  # a second at 60 frames a second
    _press_speed(app, board)
    assert board.anim.speed == app.settings.animation_speed == "2x"
    board.anim.add(_piece(game, 1.0))
    assert 25 <= _frames_until_still(app, board) <= 35
    _press_speed(app, board)
    _press_speed(app, board)
    assert board.anim.speed == "instant"
    board.anim.add(_piece(game, 1.0))
    assert not board.animating()
