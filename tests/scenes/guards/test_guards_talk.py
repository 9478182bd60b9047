"""Teammates talk: a bot on the person's team marks the hex it is about to go for (only on
that team's own screen), the Hint button gives the normal bot's choice for the person with its
reason in one line, and the strip under the arena shows the newest events."""

from __future__ import annotations

from conftest import frames
from guards_ui import guards_shown, open_board, press, settle  # noqa: F401
from scripted import ScriptedRunner, reach

from game.core.saves import Seat
from scenes.guards.hints import target
from scenes.session import GameSession


def _game(seats, seed=5, pace=0.0):
    return GameSession.new("guards", seats, {"board": "one_lane"}, seed=seed, pace_s=pace,
                           autosave=False, runner_factory=lambda: ScriptedRunner())  # fmt: skip


def test_the_hint_button_shows_the_normal_bots_choice_and_why(app):
    session = _game([Seat("Ana"), Seat("Bot", "bot", "random")])
    reach(session, "play")
    board = open_board(app, session)
    settle(app, board)
    assert board.human == 0 and board.hint_line() == ""
    press(app, board, "cmd:hint")
    frames(app, 1)
    line = board.hint_line()
    assert line.startswith("Hint: play ") and " - " in line
    assert board._ask_lines()[1] == line  # under the question, in the ask panel
    # the line names a card of the person's own hand
    view = session.state.view(0)
    names = {view.card_in(h, c).name for h in view.seat_heroes[0] for c in view.hand[h]}
    assert any(n in line for n in names)
    # a move made: the hint belongs to the old position and goes
    board.act(next(a for a in board.legal if a.kind == "play"))
    frames(app, 1)
    assert board.hint_line() == ""


def test_a_teammate_bots_target_is_marked_only_on_its_teams_screen(app):
    # Ana and Bot0 are one team, Cleo is on the other; bots wait a long pace after answering
    seats = [Seat("Ana", team=0), Seat("Cleo", team=1), Seat("Bot0", "bot", "random", team=0),
             Seat("Bot1", "bot", "random", team=1)]  # fmt: skip
    session = _game(seats, seed=8, pace=1e9)
    st = session.state
    import random

    from scenes.guards.shots import choose

    rng = random.Random(1)
    marked = None
    for _ in range(3000):  # every seat plays (bots inline) until Bot0 is to act with a target
        dec = st.decision()
        if dec is None:
            break
        p = max(p for p in dec.players if st.legal_actions(p))
        if p == 2 and dec.kind in ("act", "choose"):
            a = choose(st.view(2), 2, rng)
            if target(st.view(2), a) is not None and a.kind != "play":
                marked = a
                break
        session.apply(choose(st.view(p), p, rng))
    assert marked is not None
    session.update(0.0)  # Bot0 is asked ...
    session.update(0.0)  # ... its answer is in, held by the pace
    waiting = session.answer_waiting(2)
    assert waiting is not None
    board = open_board(app, session)
    hx = target(st.view(2), waiting)
    # on Ana's own screen (her team): the mark; on Cleo's and on the open table: none
    session.shown_seat = 0
    board.viewer = 0
    assert (hx, board.seat_rgb(2)) in board.intents()
    board.viewer = 1
    assert board.intents() == []
    board.viewer = None
    assert board.intents() == []


def test_the_strip_under_the_arena_shows_the_newest_event(app):
    session = _game([Seat("Ana"), Seat("Bot", "bot", "random")])
    reach(session, "play")
    board = open_board(app, session)
    settle(app, board)
    newest = [e.text for e in session.visible_log() if e.text and e.kind != "committed"][-1]
    assert board.log.recent[-1] == newest and not board.log.open
    assert any(key == "cmd:log" and r.y > 460 for r, key, _ in board.hits)


def test_a_push_moves_the_lanes_minions_one_after_the_other(app):
    from scenes.guards import shots

    app.settings.animation_speed = "1x"
    spec_wants = shots.WANTS["victory"]
    n, options, first, _ = spec_wants

    # the first push of the victory picture's game: replay up to the move before it
    seed, actions = shots.play_until(n, options, first, lambda st, a: st.pushes > 0)
    from scenes.guards.shots import _seats
    from scenes.screenshot_director import SilentRunner

    session = GameSession.new("guards", _seats(n), options, seed, autosave=False,
                              runner_factory=SilentRunner)  # fmt: skip
    for a in actions[:-1]:
        session.apply(a)
    board = open_board(app, session)
    board.anim.speed = "1x"
    added: list[tuple[str, float]] = []
    real = board.anim.add

    def spy(anim, delay=0.0):
        added.append((anim.kind, delay, getattr(anim, "unit", None)))
        real(anim, delay)

    board.anim.add = spy
    events = session.apply(actions[-1])
    assert any(e.kind == "push" for e in events)
    board.show_events(events)
    minion_moves = [(k, d) for k, d, u in added if (k == "glide" and u is not None and u < 0)
                    or k == "burst"]  # fmt: skip
    delays = [d for _, d in minion_moves if d > 0]
    assert len(minion_moves) >= 3 and delays == sorted(delays) and len(set(delays)) >= 2
    assert board.animating()
    frames(app, 240)  # they all arrive
    assert not board.animating()
