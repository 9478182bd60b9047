"""The card's action is never a trap, as a person meets it by mouse and keys: a card that can
do nothing has "Use the card" greyed with the reason; Back (and Esc) steps back through every
choice of a card until another seat has answered; targets of one's own side are drawn apart
and a click on one asks first; the Hint never recommends what is not offered.

Positions are real games (the scripted players of ``scripted.py``), played on until the kind
of moment a test needs, so the session's record replays to them (Back replays it).
"""

from __future__ import annotations

import pygame
from conftest import click, frames
from guards_ui import click_at, event, guards_shown, open_board, press, settle  # noqa: F401
from scripted import ScriptedRunner, choose

from game.core.protocol import Action
from game.core.saves import Seat
from game.guards import effects
from scenes.dialogs import ConfirmDialog
from scenes.guards import look
from scenes.pause_scene import PauseScene
from scenes.session import GameSession


def solo(seed: int = 5) -> GameSession:
    return GameSession.new("guards", [Seat("Ana"), Seat("Bot", "bot", "random")],
                           {"board": "one_lane"}, seed=seed, pace_s=0.0,
                           runner_factory=lambda: ScriptedRunner())  # fmt: skip


def reach_when(session: GameSession, wanted, limit: int = 4000) -> None:
    """Play on (the person by the scripted player, the bot by its runner) until ``wanted``
    holds at a step the person must answer."""
    for _ in range(limit):
        human = session.current_human()
        if human is not None and wanted(session, human):
            return
        if human is not None:
            session.apply(choose(session.state.view(human), human))
        else:
            session.update(1.0)
    raise AssertionError("no such moment in this game")


def board_at(app, wanted, seed: int = 5):
    """A solo game played on to the moment ``wanted``, on its board (animations instant)."""
    app.settings.animation_speed = "instant"
    session = solo(seed)
    reach_when(session, wanted)
    board = open_board(app, session)
    settle(app, board)
    return session, board


def _card_now(s: GameSession):
    st = s.state
    h = st.prog["h"]
    return h, st.card_in(h, st.commit[h])


def greyed(s: GameSession, human: int) -> bool:
    """The person's card acts (attack or skill) but can do nothing now."""
    dec = s.decision()
    if dec.kind != "act":
        return False
    h, c = _card_now(s)
    return c.primary in ("attack", "skill") and effects.why_not(s.state, h, c) is not None


def two_choices(s: GameSession, human: int) -> bool:
    """The person's card, used now, asks them twice in a row (e.g. two magma tokens)."""
    if s.decision().kind != "act" or Action(human, "primary") not in s.state.legal_actions(human):
        return False
    w = s.state.clone()
    w.apply(Action(human, "primary"))
    if w.prog is None or w.prog["ask"] is None:
        return False
    first = next(a for a in w.legal_actions(human) if a["option"] != "skip")
    w.apply(first)
    return w.prog is not None and w.prog["ask"] is not None and w.seat_of[w.prog["h"]] == human


def friendly_target(s: GameSession, human: int) -> bool:
    """The person's card asks whom to attack, and one of the choices is their own."""
    dec = s.decision()
    return (
        dec.kind == "choose"
        and bool(effects.friendly_choices(s.state))
        and bool(set(s.state.prog["ask"].options) - set(effects.friendly_choices(s.state)))
    )


def after_a_defence(s: GameSession, human: int) -> bool:
    """The person's card goes on right after the bot defended against it."""
    acts = s.record.actions
    return (
        s.decision().kind == "choose"
        and bool(acts)
        and acts[-1].kind == "defend"
        and acts[-1].player != human
    )


def fingerprint(s: GameSession):
    return s.state.fingerprint()


# --- a card that can do nothing --------------------------------------------------------------
def test_a_card_that_can_do_nothing_has_use_the_card_greyed_with_its_reason(app):
    session = solo()
    reach_when(session, greyed)
    h, c = _card_now(session)
    why = effects.why_not(session.state, h, c)
    assert why.startswith(c.name + ":")
    board = open_board(app, session)
    settle(app, board)
    frames(app, 2)
    btn = next(b for b in board.buttons() if b[0] == "btn:primary")
    assert btn[2] is False and btn[3] == why  # greyed, the reason as its tooltip
    assert f"Not usable now: {why}" in board._ask_lines()  # and in the panel's words
    # the tooltip comes up over the greyed button
    at = board.target_point("btn:primary")
    app.step([event(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(0, 0, 0))], 1 / 60)
    frames(app, 90)
    assert board.tip == why
    # a click does nothing but say why
    before = len(session.record.actions)
    press(app, board, "btn:primary")
    assert len(session.record.actions) == before
    assert board.notice == why
    assert session.decision().kind == "act"


# --- Back at every step of a card ------------------------------------------------------------
def test_back_steps_from_each_choice_of_a_two_step_card_to_the_act_choice(app):
    session, board = board_at(app, two_choices)
    at_act = fingerprint(session)
    n_act = len(session.record.actions)
    assert "btn:back" not in [b[0] for b in board.buttons()]  # nothing to step back to yet
    press(app, board, "btn:primary")
    settle(app, board)
    assert board.kind == "choose"
    at_first = fingerprint(session)
    first = next(a for a in board.legal if a["option"] != "skip")
    press(app, board, f"hex:{first['option'][0]},{first['option'][1]}")
    settle(app, board)
    assert board.kind == "choose" and len(session.record.actions) == n_act + 2
    # Back from the second choice: the first choice again, exactly as it was
    press(app, board, "btn:back")
    settle(app, board)
    assert board.kind == "choose" and fingerprint(session) == at_first
    assert len(session.record.actions) == n_act + 1
    assert board.notice == "Undo: Ana takes back a choice for the card."
    # Esc is Back here (not the menu): the act choice again, exactly as it was
    frames(app, 1, [event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="")])
    settle(app, board)
    assert not isinstance(app.stack.top, PauseScene)
    assert board.kind == "act" and fingerprint(session) == at_act
    assert len(session.record.actions) == n_act
    assert board.notice == "Undo: Ana takes back using the card's action."
    # the autosave was rewritten: loading it gives the same position
    from game.core import storage

    assert len(storage.read_save(storage.autosave_path("guards")).actions) == n_act
    # and at the act step there is nothing more to step back to: Esc is the menu again
    assert "btn:back" not in [b[0] for b in board.buttons()]
    frames(app, 1, [event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="")])
    frames(app, 2)
    assert isinstance(app.stack.top, PauseScene)


def test_back_is_not_offered_once_another_seat_has_defended(app):
    # seed 1: Min's Dissolving Strike, an attack, the bot's defence, then a move
    session, board = board_at(app, after_a_defence, seed=1)
    assert board.kind == "choose"
    assert "btn:back" not in [b[0] for b in board.buttons()]
    assert not session.can_undo(0)
    assert "Bot" in session.undo_refusal(0)
    before = len(session.record.actions)
    frames(app, 1, [event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="")])
    frames(app, 2)
    assert len(session.record.actions) == before  # Esc took nothing back: it opened the menu
    assert isinstance(app.stack.top, PauseScene)


# --- friendly targets ----------------------------------------------------------------------
def _rim_pixels(app, board, hx) -> list[tuple[int, int, int]]:
    """The colours on a target's rim, where the glow (or the red rim) is drawn."""
    cx, cy = board.arena.camera.centre(hx)
    s = board.arena.camera.size
    surf = app.canvas
    out = []
    for dx, dy in ((0, -0.86), (0, 0.86), (0.75, -0.43), (-0.75, 0.43)):
        x, y = int(cx + dx * s * 0.9), int(cy + dy * s * 0.9)
        out.append(tuple(surf.get_at((x, y)))[:3])
    return out


def test_friendly_targets_are_drawn_apart_and_a_click_on_one_asks_first(app):
    session, board = board_at(app, friendly_target)
    friendly = board.friendly_hexes()
    enemy = [hx for hx in board.hex_actions() if hx not in friendly]
    assert friendly and enemy
    frames(app, 2)
    own = _rim_pixels(app, board, friendly[0])
    foe = _rim_pixels(app, board, enemy[0])
    assert any(p == look.BAD for p in own), own  # the red rim of one's own side
    assert not any(p == look.BAD for p in foe), foe
    # the tooltip names it as one's own
    at = board.arena.camera.centre(friendly[0])
    app.step([event(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(0, 0, 0))], 1 / 60)
    frames(app, 90)
    assert "your own side" in board.tip
    # a click asks; No keeps the choice open
    before = len(session.record.actions)
    click_at(app, at)
    frames(app, 2)
    dialog = app.stack.top
    assert isinstance(dialog, ConfirmDialog) and "your side" in dialog.message
    click(app, dialog.cancel)
    frames(app, 2)
    assert app.stack.top is board and len(session.record.actions) == before
    assert board.kind == "choose"
    # Yes hits it
    settle(app, board)
    code = session.state.occ[friendly[0]]
    click_at(app, at)
    frames(app, 2)
    dialog = app.stack.top
    assert isinstance(dialog, ConfirmDialog)
    click(app, dialog.confirm)
    frames(app, 2)
    assert session.record.actions[before] == Action.make(0, "choose", option=friendly[0])
    assert code >= 0 or session.state.minions[-code - 1][3] is None  # the minion fell


def only_own_side(s: GameSession, human: int) -> bool:
    """The person's card could only hit their own side, at once (its one target)."""
    if s.decision().kind != "act":
        return False
    h, c = _card_now(s)
    return effects.only_own_side(s.state, h, c) and bool(effects.friendly_hits(s.state, h, c))


def test_a_card_whose_one_target_is_ones_own_warns_and_asks_before_it_is_used(app):
    session, board = board_at(app, only_own_side)
    h, c = _card_now(session)
    assert f"Careful: {c.name} can only hit your own side here." in board._ask_lines()
    before = len(session.record.actions)
    press(app, board, "btn:primary")
    frames(app, 2)
    dialog = app.stack.top
    assert isinstance(dialog, ConfirmDialog) and "your side" in dialog.message
    click(app, dialog.cancel)  # No: nothing happened, the card's choice is open
    frames(app, 2)
    assert len(session.record.actions) == before and board.kind == "act"
    settle(app, board)
    press(app, board, "btn:primary")
    frames(app, 2)
    click(app, app.stack.top.confirm)  # Yes: the card's action is used
    frames(app, 2)
    assert session.record.actions[before] == Action(0, "primary")


# --- the Hint ------------------------------------------------------------------------------
def test_the_hint_recommends_only_what_is_offered_at_the_act_step():
    """At every act step of a game the Hint's advice is one of the offered actions, and
    never the card's action when that is greyed."""
    from ai.advice import advise

    session = solo()
    seen = greyed_seen = 0
    for _ in range(400):
        human = session.current_human()
        if human is not None and session.decision().kind == "act":
            view = session.state.view(human)
            advice = advise("guards", view, human, seed=len(session.record.actions))
            legal = session.state.legal_actions(human)
            first = advice.action
            assert first in legal or (
                first.kind in ("move", "fast")
                and Action.make(human, "act", what=first.kind) in legal
            ), first
            if Action(human, "primary") not in legal:
                greyed_seen += 1
                assert first.kind != "primary"
            seen += 1
        if human is not None:
            session.apply(choose(session.state.view(human), human))
        else:
            session.update(1.0)
        if session.is_over:
            break
    assert seen > 10 and greyed_seen > 0
