"""Hero selection by mouse in every mode (plain picks, Draft, Limited with its bans, Captain's
mode recruiting players), and the duo seat: Wuk and Hanu picked as one, two cards a turn."""

from __future__ import annotations

import pytest
from conftest import frames
from guards_ui import do, guards_shown, open_board, press, settle, spy  # noqa: F401
from scripted import ScriptedRunner

from game.core.saves import Seat
from game.guards.selection import DUO
from scenes.session import GameSession


def people(n: int, mode: str) -> GameSession:
    return GameSession.new("guards", [Seat(f"P{i}") for i in range(n)],
                           {"board": "one_lane", "selection": mode}, seed=8, pace_s=0.0,
                           autosave=False, runner_factory=lambda: ScriptedRunner())  # fmt: skip


@pytest.mark.parametrize("mode", ["pick", "draft", "limited", "captains"])
def test_each_selection_mode_is_played_by_mouse(app, mode):
    app.settings.animation_speed = "instant"
    session = people(4, mode)
    moves = spy(session)
    board = open_board(app, session)
    kinds = set()
    for _ in range(40):
        settle(app, board)
        if board.view.phase != "select":
            break
        kinds.add(board.kind)
        legal = board.legal
        assert legal, board.kind
        press(app, board, f"tile:{_key(legal[-1])}")
        assert board.preview == _key(legal[-1])
        press(app, board, "btn:select")
    assert board.view.phase != "select"
    want = {
        "pick": {"pick"},
        "draft": {"pick"},
        "limited": {"ban", "pick"},
        "captains": {"recruit"},
    }
    assert kinds == want[mode]
    assert {a.kind for a in moves} == want[mode]
    assert all(p is not None for p in session.state.picks)


def _key(action) -> str:
    return f"seat:{action['seat']}" if action.kind == "recruit" else f"unit:{action['hero']}"


def test_the_duo_seat_plays_two_cards_a_turn(app):
    app.settings.animation_speed = "instant"
    session = GameSession.new("guards", [Seat("Ana"), Seat("Bot", "bot", "random")],
                              {"board": "one_lane"}, seed=8, pace_s=0.0, autosave=False,
                              runner_factory=lambda: ScriptedRunner())  # fmt: skip
    moves = spy(session)
    board = open_board(app, session)
    for _ in range(200):
        settle(app, board)
        if board.kind == "play" and board.human == 0:
            break
        if board.human == 0:
            legal = board.legal
            want = [a for a in legal if a.kind == "pick" and a["hero"] == DUO]
            do(app, board, want[0] if want else legal[0])
        else:
            frames(app, 1)
    heroes = board.playing_heroes()
    assert len(heroes) == 2 and {board.view.hero_id[h] for h in heroes} == {"wuk", "hanu"}
    cards = [k for _, k, _ in board.hits if k.startswith("card:")]
    assert len(cards) == 10  # both apes' five cards, all legible on one row
    press(app, board, f"card:{heroes[0]}:gold")
    press(app, board, "btn:confirm")  # one card is not enough: refused with a reason
    assert "each of your heroes" in board.notice
    press(app, board, f"card:{heroes[1]}:red")
    press(app, board, "btn:confirm")
    last = [a for a in moves if a.player == 0][-1]
    assert last.kind == "play" and last["cards"] == ("gold", "red")


def test_resting_on_a_hero_tile_shows_no_tooltip_over_its_neighbours(app):
    """The tile already says the hero's role; a tooltip repeating it covered the tiles below."""
    import pygame
    from guards_ui import event

    session = people(2, "pick")
    board = open_board(app, session)
    settle(app, board)
    rect = next(r for r, key, _ in board.hits if key.startswith("tile:"))
    app.step([event(pygame.MOUSEMOTION, pos=rect.center, rel=(0, 0), buttons=(0, 0, 0))], 1 / 60)
    frames(app, 90)
    assert board.hover.startswith("tile:") and not board.tipper.shown
