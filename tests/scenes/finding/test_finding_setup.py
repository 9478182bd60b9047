"""Finding Atlantis is offered, set up by mouse, autosaved with its pencil marks and continued."""

from __future__ import annotations

import pygame
import pytest
from conftest import click, frames, key, open_scene, pick, type_text
from finding_ui import do, open_board, press, settle

from game.core import storage
from game.core.saves import Seat
from scenes.boards import playable_games, why_not_playable
from scenes.finding.board import FindingBoard
from scenes.session import GameSession
from scenes.setup_scene import SetupScene


@pytest.fixture
def quiet_bots(monkeypatch):
    from ai.runner import BotRunner
    from scenes import session as session_mod

    monkeypatch.setattr(session_mod, "default_runner", lambda: BotRunner(mode="inline"))


def test_finding_is_offered_and_set_up_by_mouse_with_u_bot_levels(app, quiet_bots):
    assert why_not_playable("finding") is None
    assert "finding" in [g.game_id for g in playable_games()]
    scene = SetupScene(app)
    open_scene(app, scene)
    pick(app, scene.game_menu, "Finding Atlantis")
    assert scene.spec.game_id == "finding"
    pick(app, scene.count_menu, "3")
    offered = [i["text"] for i in _entries(app, scene.rows[1].kind)]
    assert offered == ["Human", "U-Bot · random", "U-Bot · easy", "U-Bot · normal", "U-Bot · hard"]
    pick(app, scene.rows[1].kind, "U-Bot · hard")
    pick(app, scene.rows[2].kind, "Human")
    pick(app, scene.rows[0].colour, "blue")
    # the ocean reads "6 × 6" / "8 × 8"; the option saved stays "6" / "8"
    assert [i["text"] for i in _entries(app, scene.option_menus["size"])] == ["6 × 6", "8 × 8"]
    assert scene.option_menus["size"].selected_option[0] == "6 × 6"
    pick(app, scene.option_menus["size"], "8 × 8")
    assert scene.option_values["size"] == "8"
    pick(app, scene.option_menus["mode"], "pirate")
    pick(app, scene.option_menus["monsters"], "hunting")
    type_text(app, scene.rows[0].name, "Ana")
    type_text(app, scene.seed_entry, "77")
    click(app, scene.start_btn)
    frames(app, 2)
    board = app.stack.scenes[0]
    assert isinstance(board, FindingBoard)
    rec = board.session.record
    assert [(s.name, s.kind, s.level) for s in rec.seats][:2] == [
        ("Ana", "human", "normal"),
        (rec.seats[1].name, "bot", "hard"),
    ]
    assert rec.seats[2].kind == "human" and rec.seats[0].colour == "blue"
    assert rec.options == {"size": "8", "mode": "pirate", "monsters": "hunting"}
    assert rec.seed == 77 and board.session.state.size == 8 and board.session.state.pirate
    # two people: the first private step (a captain choice) waits behind a hand-off
    assert app.stack.top is not board


def _entries(app, menu):
    click(app, menu)
    items = menu.current_state.options_selection_list.item_list
    click(app, menu)  # close it again
    frames(app, 2)
    return items


def test_pencil_marks_are_autosaved_and_come_back_with_continue(app, quiet_bots):
    session = _ana_and_a_bot()
    board = open_board(app, session)
    legal = session.state.legal_actions(0)
    do(app, board, legal[0])  # keep a captain
    press(app, board, "tool:cross")
    press(app, board, "cell:7")
    press(app, board, "tool:note")
    press(app, board, "cell:8")
    for ch in "A?":
        app.step([_text(ch)], 1 / 60)
    key(app, pygame.K_RETURN)
    assert board.pencils[0].marks() == {7: ("cross", ""), 8: ("note", "A?")}
    saved = storage.read_save(storage.autosave_path("finding"))
    assert saved.meta["pencil"]["0"] == board.pencils[0].to_json()
    # the title's Continue opens it again, marks and all
    board2 = _continue(app, board)
    assert board2.pencils[0].marks() == board.pencils[0].marks()
    assert board2.pencils[1].marks() == {}


def _text(ch: str):
    return pygame.event.Event(pygame.TEXTINPUT, {"text": ch})


def test_aids_switched_on_stay_on_after_continue(app, quiet_bots):
    """A person who turned the heat map and the opponents' places on finds them on again."""
    session = _ana_and_a_bot()
    board = open_board(app, session)
    do(app, board, session.state.legal_actions(0)[0])  # keep a captain
    press(app, board, "aid:heat")
    press(app, board, "aid:opp")
    assert board.aid("heat") and board.aid("opp")
    press(app, board, "aid:opp")  # and off again: only the heat map stays on
    saved = storage.read_save(storage.autosave_path("finding"))
    assert saved.meta["aids"] == {"0": {"heat": True}}
    board2 = _continue(app, board)
    assert board2.aid("heat") and not board2.aid("opp")
    assert board2.aids.get(1, {}) == {}


def _ana_and_a_bot() -> GameSession:
    return GameSession.new(
        "finding",
        [Seat("Ana", colour="yellow"), Seat("Kleito", "bot", "random", colour="red")],
        {"size": "6"},
        seed=9,
        pace_s=0.0,
    )


def _continue(app, board) -> FindingBoard:
    """The title's Continue opens the autosave again: a new board, settled."""
    from scenes.title_scene import TitleScene

    open_scene(app, TitleScene(app))
    click(app, app.stack.top.continue_btn)
    frames(app, 3)
    board2 = app.stack.scenes[0]
    assert isinstance(board2, FindingBoard) and board2 is not board
    settle(app, board2)
    return board2


def test_a_pencil_mark_written_from_a_phone_is_on_the_desktop_chart_and_saved(app, quiet_bots):
    """A seat's phone writes its pencil into the game record; the board reads it back when
    that seat's chart is next read, and the desktop's own marks go on beside it."""
    from remote.finding.notes import note, notes

    session = _ana_and_a_bot()
    board = open_board(app, session)
    meta = session.record.meta
    assert note(meta, session.state.view(0), 0, 9, "question", "") is None
    do(app, board, session.state.legal_actions(0)[0])  # keep a captain: the chart is read again
    assert board.pencils[0].marks() == {9: ("question", "")}
    press(app, board, "tool:cross")
    press(app, board, "cell:7")
    assert notes(meta, 0) == {"pencil": [[7, "cross", ""], [9, "question", ""]]}
    assert notes(meta, 1) == {"pencil": []}
    saved = storage.read_save(storage.autosave_path("finding"))
    assert saved.meta["pencil"]["0"] == board.pencils[0].to_json()
