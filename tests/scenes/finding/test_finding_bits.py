"""Smaller pieces of the Finding board: help, the sounds table, names in the voice, aiming."""

from __future__ import annotations

import random

from finding_ui import open_board, press, settle
from story import new_session

from game.core.protocol import Action
from game.core.registry import get
from game.core.saves import Seat
from scenes.finding import controls, sounds
from scenes.finding.voice import Voice
from scenes.finding.voice_lines import rename
from scenes.help_scene import HelpScene


def test_help_opens_on_the_finding_page_from_the_board(app):
    session = new_session(3, {"size": "6"})
    board = open_board(app, session)
    press(app, board, "cmd:help")
    top = app.stack.top
    assert isinstance(top, HelpScene) and top.topic == "finding"
    from scenes.finding.help_text import page

    text = page()
    assert "40 rounds" in text and "Surface" in text and "burn" in text


def test_every_event_the_engine_emits_has_a_sound_or_is_silent_on_purpose():
    rng = random.Random(1)
    seen: set[str] = set()
    for seed, options in ((1, {"mode": "pirate", "monsters": "hunting"}), (2, {"size": "8"})):
        st = get("finding").create(
            [Seat(f"s{i}", "bot", "random") for i in range(4)], options, seed
        )
        events = []
        while not st.is_terminal():
            p = st.decision().players[0]
            events += st.apply(rng.choice(st.legal_actions(p)))
        seen |= {e.data.get("reading") or e.kind for e in events}
    listed = set(sounds.SOUND_FOR_EVENT) | sounds.SILENT_EVENTS
    assert seen - listed == set()
    assert not set(sounds.SOUND_FOR_EVENT) & sounds.SILENT_EVENTS


def test_the_voice_calls_people_by_name_and_forgets_what_the_next_viewer_may_not_hear():
    assert rename("Yellow's Sonar: deep N. Red burns Sonar.", ["Ana", "Red"]) == (
        "Ana's Sonar: deep N. Red burns Sonar."
    )
    from game.core.protocol import Event

    v = Voice()
    v.add([Event("move", "Yellow runs silent."), Event("my_move", "You moved N.", to=(0,))])
    assert v.lines_for(0) == ["Yellow runs silent. You moved N."]
    assert v.lines_for(1) == ["Yellow runs silent."]
    v.add([Event("my_move", "You moved S.", to=(0,))])
    assert v.lines_for(1) == ["Yellow runs silent."]  # nothing of seat 0's own is left


def test_aiming_asks_only_what_a_legal_move_still_has():
    legal = [
        Action.make(0, "captain", name="engineer", direction=d, distance=k)
        for d in ("N", "E")
        for k in (1, 2, 3)
    ] + [Action.make(0, "burn", card="sonar", direction="S")]
    aim = controls.Aim("captain")
    assert controls.next_choice(legal, aim) == ("direction", ["N", "E"])
    aim.chosen["direction"] = "E"
    assert controls.next_choice(legal, aim) == ("distance", [1, 2, 3])
    aim.chosen["distance"] = 2
    assert controls.ready(legal, aim) == legal[4]
    burn = controls.Aim("card:sonar", burn=True)
    assert controls.next_choice(legal, burn) == ("direction", ["S"])


def test_a_card_on_the_discard_pile_says_why_it_cannot_be_played(app):
    session = new_session(3, {"size": "6"})
    board = open_board(app, session)
    while board.kind != "turn" or board.human is None:
        if board.human is not None:
            board.act(board.legal[0])
        app.step([], 1 / 60)
    settle(app, board)
    sonar = next(a for a in board.legal if a.kind == "sonar")
    board.act(sonar)
    if board.kind == "turn" and board.human is not None:
        press(app, board, "card:sonar")
        assert "discard pile" in board.notice


def test_the_strip_keeps_your_own_result_while_the_others_take_their_turns():
    from game.core.protocol import Event

    v = Voice()
    v.add([Event("turn", "Round 2: Ana's turn.", {"player": 0})])
    v.add([Event("sonar", "Ana's Sonar: deep N.", {"who": 0})])
    v.add([Event("move", "Ana runs silent."), Event("my_move", "You moved 2 W, now E7.", to=(0,))])
    v.add([Event("turn", "Red's turn.", {"player": 1}), Event("burn", "Red burns Sonar.")])
    v.add([Event("sonar", "Red's Sonar: seamount S.")])
    assert v.lines_for(0) == ["Ana runs silent. You moved 2 W, now E7.", "Red's Sonar: seamount S."]
    assert v.lines_for(1) == ["Red burns Sonar.", "Red's Sonar: seamount S."]
    assert "You moved" not in " ".join(v.lines_for(1))
    v.add([Event("turn", "Round 3: Ana's turn.", {"player": 0})])
    v.add([Event("sonar", "Ana's Sonar: deep E.")])
    assert "You moved" not in " ".join(v.lines_for(0))  # her next turn began: the pin goes


def test_a_greyed_compass_point_says_why_on_hover_and_on_click(app):
    """Burning towards the edge is not offered: the greyed arm tells why instead of nothing."""
    import pygame
    from board_ui import event
    from conftest import frames
    from finding_ui import ana_and_a_silent_bot, open_board, press

    session = ana_and_a_silent_bot(seed=7)  # Ana starts on the north edge (row 1)
    st = session.state
    while st.phase != "play":
        p = st.decision().players[0]
        legal = st.legal_actions(p)
        move = [a for a in legal if a.kind == "start_move" and a["direction"] in ("E", "W")]
        session.apply(move[0] if p == 0 and move else legal[0])
    assert st.seat == 0 and st.pos[0] // 6 == 0
    board = open_board(app, session)
    press(app, board, "burn")
    press(app, board, "card:sonar")
    frames(app, 1)
    greyed = next(h for h in board.hits if h.key == "dirx:N")
    assert "edge" in greyed.tip
    app.step([event(pygame.MOUSEMOTION, pos=greyed.rect.center, rel=(0, 0), buttons=(0, 0, 0))],
             1 / 60)  # fmt: skip
    frames(app, 60)
    assert "edge" in board.tipper.text
    before = len(session.record.actions)
    press(app, board, "dirx:N")
    assert "edge" in board.notice and len(session.record.actions) == before


def test_a_click_anywhere_on_a_compass_arm_aims_it(app, monkeypatch):
    """Not only near the tip: ~32 px and ~16 px from the centre, on the arm itself."""
    import math

    from board_ui import click_at, spy
    from conftest import frames
    from finding_ui import do

    from scenes.finding import board_drawing
    from scenes.finding.compass import POINTS

    session = new_session(3, {"size": "6"})
    applied = spy(session)
    board = open_board(app, session)
    roses: list[tuple[int, int]] = []
    real = board_drawing.draw_rose
    monkeypatch.setattr(
        board_drawing, "draw_rose", lambda s, c, *a, **k: roses.append(c) or real(s, c, *a, **k)
    )
    for _ in range(300):  # the set-up, the bot's turn: until Ana's turn is on screen
        settle(app, board)
        if board.kind == "turn" and board.human == 0:
            break
        if session.current_human() == 0 and board.human == 0:
            do(app, board, session.state.legal_actions(0)[0])
        else:
            frames(app, 1)
    for distance, clicks, kind in (
        (32, ["card:silent"], "silent"),
        (16, ["burn", "card:sonar"], "burn"),
    ):
        for key in clicks:
            press(app, board, key)
        aim = next(p for p in ("N", "E", "S", "W") if board.has_target(f"dir:{p}"))
        cx, cy = roses[-1]
        ang = math.radians(90 - 45 * POINTS.index(aim))
        before = len(applied)
        click_at(app, (round(cx + distance * math.cos(ang)), round(cy - distance * math.sin(ang))))
        assert len(applied) == before + 1, distance
        assert applied[-1].kind == kind and applied[-1]["direction"] == aim
