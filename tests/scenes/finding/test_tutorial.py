"""The tutorial played by a person through the real UI: mouse clicks on the lesson's Next,
cards, the compass, the heat-map switch, the chart and the solving buttons, all through
``App.step``. Only the asked move ever reaches the engine; anything else gets a hint."""

from __future__ import annotations

import os

import pygame
import pytest
from conftest import click, frames, save_by_name
from finding_ui import clicks_for, press, settle, spy

from game.finding.tutorial import TUTORIAL_OCEAN, cell_named
from scenes.dialogs import MessageDialog
from scenes.finding.tutorial_board import NEXT_KEY, PULSE, TutorialBoard, TutorialSession
from scenes.finding.tutorial_script import HEAT, NEXT, STEPS, actions


def open_tutorial(app) -> TutorialBoard:
    board = TutorialBoard(app)
    app.stack.reset(board)
    app.stack.apply_pending()
    frames(app, 1)
    settle(app, board)
    return board


def take_step(app, board: TutorialBoard) -> None:
    """Do what the lesson's current step asks, with the mouse."""
    step = board.lesson.step
    settle(app, board)
    if step.ask == NEXT:
        press(app, board, NEXT_KEY)
    elif step.ask == HEAT:
        press(app, board, "aid:heat")
    elif step.key == "claim":
        for a in step.actions:
            press(app, board, f"cell:{a['cell']}")
        press(app, board, "claim:confirm")
    else:
        for key in clicks_for(board, step.action):
            press(app, board, key)
    frames(app, 2)


def test_the_tutorial_is_played_to_its_end_through_the_real_ui(app):
    board = open_tutorial(app)
    applied = spy(board.session)
    seen: list[str] = []
    for _ in range(len(STEPS) + 5):
        if board.lesson.done:
            break
        seen.append(board.lesson.step.key)
        before = board.lesson.index
        take_step(app, board)
        assert board.lesson.index == before + 1, f"{seen[-1]}: {board.notice!r}"
    assert seen == [s.key for s in STEPS]
    assert applied == actions()  # every move the lesson asked, and nothing else
    st = board.session.state
    assert st.winner == 0 and st.ocean.atlantis == TUTORIAL_OCEAN.atlantis
    frames(app, 150)  # the last words are read: on to the results, the true map revealed
    from scenes.finding.results import FindingResults

    assert isinstance(app.stack.top, FindingResults) and app.stack.top.session is board.session


def _to_step(app, board: TutorialBoard, key: str) -> None:
    while board.lesson.step.key != key:
        take_step(app, board)
    settle(app, board)


def test_a_wrong_click_gets_a_gentle_hint_and_never_a_move(app):
    board = open_tutorial(app)
    applied = spy(board.session)
    press(app, board, "cmd:log")  # looking around is always fine
    press(app, board, "cmd:log")
    take_step(app, board)  # welcome
    press(app, board, "keep:engineer")
    assert board.notice == STEPS[1].hint() and applied == []
    take_step(app, board)  # keep the Navy Captain
    settle(app, board)
    press(app, board, "dir:S")
    assert "north" in board.notice and len(applied) == 1
    _to_step(app, board, "sonar")
    press(app, board, "card:jelly")  # not the card asked for: nothing is picked up
    assert board.aim is None and board.notice.endswith("Play the Sonar.")
    press(app, board, "burn")  # burn mode on by mistake: the Sonar is still played, not burned
    press(app, board, "card:sonar")
    assert applied[-1].kind == "sonar" and not board.burn_mode
    _to_step(app, board, "jelly")
    press(app, board, "card:jelly")
    press(app, board, "dir:N")  # the N-S line instead of NW-SE: the card stays in hand
    assert board.aim is not None and "NW-SE" in board.notice
    press(app, board, "dir:SE")
    assert applied[-1].kind == "jelly" and applied[-1]["line"] == "NW-SE"
    _to_step(app, board, "burn")
    press(app, board, "card:sonar")  # playing the Sonar instead of burning it
    assert "Burn" in board.notice and applied[-1].kind == "surface"
    _to_step(app, board, "claim")
    press(app, board, f"cell:{cell_named('E5')}")  # touches F4, but is not the city
    assert board.picks == [] and "F5" in board.notice
    assert all(a in actions() for a in applied)


def test_the_steps_targets_pulse_on_the_board(app):
    board = open_tutorial(app)
    _to_step(app, board, "sonar")
    frames(app, 1)
    (rect,) = board.target_rects()
    assert rect == next(h.rect for h in board.hits if h.key == "card:sonar")
    ring = rect.inflate(8, 8)
    edge = [app.frame.get_at((x, ring.y + 1))[:3] for x in range(ring.x + 10, ring.right - 10)]
    assert any(sum(abs(a - b) for a, b in zip(c, PULSE, strict=True)) < 150 for c in edge)


def test_the_heat_step_waits_for_the_heat_map_switch(app):
    board = open_tutorial(app)
    _to_step(app, board, "heat")
    assert not board.has_target(NEXT_KEY)  # no Next here: the switch itself is the answer
    press(app, board, "card:long_silent")
    assert board.lesson.step.key == "heat" and board.notice.endswith("Switch the heat map on.")
    press(app, board, "aid:heat")
    frames(app, 2)
    assert board.aid("heat") and board.lesson.step.key == "captain"


def test_the_setup_screen_offers_the_tutorial_by_mouse(app):
    from conftest import pick

    from scenes.setup_scene import SetupScene

    setup = SetupScene(app)
    app.stack.reset(setup)
    app.stack.apply_pending()
    frames(app, 1)
    # setup opens on Atlantis Rising (re-picking the shown entry would leave the list open)
    assert setup.spec.game_id == "rising" and setup.tutorial_btn is None  # none offered there
    pick(app, setup.game_menu, "Finding Atlantis")
    assert setup.tutorial_btn is not None and setup.tutorial_btn.visible
    click(app, setup.tutorial_btn)
    frames(app, 2)
    assert isinstance(app.stack.top, TutorialBoard)


def test_the_tutorial_is_never_saved(app):
    board = open_tutorial(app)
    assert isinstance(board.session, TutorialSession) and not board.session.autosave_enabled
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="")], 1 / 60)
    frames(app, 2)
    pause = app.stack.top
    shown = save_by_name(app, pause, "my lesson")
    assert isinstance(shown, MessageDialog) and "not saved" in shown.message
    from game.core import storage

    assert not storage.save_path("my lesson").exists()


FUZZ_FRAMES = int(os.environ.get("ATLANTIS_FUZZ_FRAMES", "300"))


def _follows_the_lesson(applied: list) -> bool:
    """Every move made is the lesson's next one (the city's spaces in any order)."""
    script = actions()
    plain = [a for a in applied if a.kind != "claim"]
    claims = [a for a in applied if a.kind == "claim"]
    return plain == [a for a in script if a.kind != "claim"][: len(plain)] and set(claims) <= {
        a for a in script if a.kind == "claim"
    }


@pytest.mark.parametrize("at", ["welcome", "jelly", "burn", "claim"])
def test_random_input_during_the_lesson_never_makes_a_move_it_did_not_ask_for(app, at):
    import random

    from test_scene_fuzz import random_event

    rng = random.Random(f"tutorial-fuzz-{at}")
    board = open_tutorial(app)
    _to_step(app, board, at)
    applied = spy(board.session)
    if at == "jelly":
        press(app, board, "card:jelly")  # a card half aimed
    for frame in range(FUZZ_FRAMES):
        top = app.stack.top
        if top is None or board not in app.stack.scenes:
            break
        if top is not board:
            if rng.random() < 0.2:
                app.stack.pop(top)  # a dialog the noise opened (pause, help): back to the lesson
                app.stack.apply_pending()
            app.step([], 1 / 60)
            continue
        events = [random_event(rng, app.window_size) for _ in range(rng.choice((0, 1, 2)))]
        events = [e for e in events if e.type not in (pygame.QUIT, pygame.VIDEORESIZE)]
        if board.hits and rng.random() < 0.4:
            pos = rng.choice(board.hits).rect.center
            events += [
                pygame.event.Event(pygame.MOUSEBUTTONDOWN, {"pos": pos, "button": 1}),
                pygame.event.Event(pygame.MOUSEBUTTONUP, {"pos": pos, "button": 1}),
            ]
        app.step(events, rng.choice((1 / 60, 1 / 30, 0.25)), draw=frame % 3 == 0)
        assert _follows_the_lesson(board.session.record.actions), board.session.record.actions
    # the spy checked every move was legal when made; each was also the lesson's next one
    assert all(a in actions() for a in applied)


def test_a_heat_map_already_on_turns_the_heat_step_into_a_next(app):
    board = open_tutorial(app)
    _to_step(app, board, "sonar")
    press(app, board, "aid:heat")  # curious: the heat map on before the lesson asks
    assert board.aid("heat") and board.lesson.step.key == "sonar"
    _to_step(app, board, "heat")
    frames(app, 3)
    assert board.lesson.step.key == "heat" and board.has_target(NEXT_KEY)
    press(app, board, NEXT_KEY)
    frames(app, 2)
    assert board.lesson.step.key == "captain" and board.aid("heat")
