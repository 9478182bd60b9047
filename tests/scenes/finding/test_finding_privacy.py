"""Three people share one screen: every frame of their game is checked for the others' secrets.

Each seat's secrets are made to draw in that seat's own loud colours: the captain cards get
one colour per captain, and the chart is wrapped so that whatever own position and pencil
marks the board hands it are painted in the colour of the seat they belong to. Counting those
colours on the canvas says whose secrets are on screen. Every frame: a hand-off shows none; a
person's screen shows only that person's position, pencil marks and captains (a captain
played since is public); the table's screen shows nobody's. The words drawn are checked too:
no other seat's private sentence (its own moves, its captain, its artifacts) and no unplayed
captain's name. The board is only ever handed events its viewer may see.
"""

from __future__ import annotations

import random

import pygame
import pytest
from conftest import click, frames
from finding_ui import do, open_board, press, settle, spy

from game.core.saves import Seat
from game.finding.cards import CAPTAIN, CAPTAINS
from scenes import draw
from scenes.finding import board as board_mod
from scenes.finding import board_drawing, hand_view, look, solve_dialog, voice
from scenes.handoff_scene import HandoffScene
from scenes.session import GameSession

PEOPLE = ("Ana", "Bo", "Cy")
POS = [(250, 10, 200), (10, 250, 200), (200, 10, 250)]
PEN = [(250, 120, 10), (120, 250, 10), (10, 120, 250)]
CAPS = {c.key: (3, 40 + 25 * i, 251) for i, c in enumerate(CAPTAINS)}


def count(surface, colour) -> int:
    return pygame.mask.from_threshold(surface, colour, (2, 2, 2, 255)).count()


@pytest.fixture
def loud(monkeypatch):
    """Secrets drawn in loud colours; every text the board draws is written down."""
    monkeypatch.setattr(look, "CAPTAIN_COLOURS", dict(CAPS))
    written: list[str] = []

    def spy_text(real):
        def draw_text(surface, text, *a, **kw):
            written.append(str(text))
            return real(surface, text, *a, **kw)

        return draw_text

    for mod in (board_drawing, hand_view, solve_dialog, voice):
        monkeypatch.setattr(mod, "draw_text", spy_text(mod.draw_text))
    real_draw = board_mod.ChartView.draw

    def chart_draw(self, surface, model, pencil, **kw):
        real_draw(self, surface, model, pencil, **kw)
        if model.seat >= 0 and model.me is not None:
            draw.rect(surface, POS[model.seat], self.cell_rect(model.me).inflate(-30, -30))
        if pencil is not None:
            owner = next(s for s, p in BOARD[0].pencils.items() if p is pencil)
            for c in pencil.marks():
                r = self.cell_rect(c)
                draw.rect(surface, PEN[owner], pygame.Rect(r.x + 2, r.bottom - 14, 12, 12))

    monkeypatch.setattr(board_mod.ChartView, "draw", chart_draw)
    return written


BOARD: list = [None]


def secrets(surface) -> set[tuple[str, object]]:
    """Whose secrets are on the canvas (looked for on a quarter-size copy: nearest-pixel
    scaling keeps every colour exact, and the marks are far larger than four pixels)."""
    small = pygame.transform.scale(surface, (surface.get_width() // 4, surface.get_height() // 4))
    out = set()
    for seat in range(3):
        if count(small, POS[seat]) > 20:
            out.add(("pos", seat))
        if count(small, PEN[seat]) > 3:
            out.add(("pen", seat))
    for key, rgb in CAPS.items():
        if count(small, rgb) > 20:
            out.add(("captain", key))
    return out


def test_three_people_never_see_each_others_secrets(app, loud, monkeypatch):
    app.settings.animation_speed = "4x"
    session = GameSession.new(
        "finding",
        [Seat(n, colour=c) for n, c in zip(PEOPLE, ("yellow", "red", "green"), strict=True)],
        {"size": "6", "mode": "pirate"},
        seed=21,
        pace_s=0.0,
    )
    spy(session)
    board = open_board(app, session)
    BOARD[0] = board
    handed: list[tuple[int | None, object]] = []
    real_on = board.on_events

    def on_events(events):
        handed.extend((board.viewer, e) for e in events)
        return real_on(events)

    monkeypatch.setattr(board, "on_events", on_events)
    checked = {"handoff": 0, "person": 0, "table": 0, "own": 0, "lingered": 0}
    drawn = app.stack.draw

    def draw_and_check(surface):
        loud.clear()
        drawn(surface)
        top = app.stack.top
        seen = secrets(app.canvas)
        state = session.state
        if isinstance(top, HandoffScene):
            checked["handoff"] += 1
            assert not seen, f"a hand-off shows {seen}"
            assert not loud, f"a hand-off drew the board's words {loud[:3]}"
            return
        if top is not board:
            return
        who = session.viewer()
        if who is None:
            checked["table"] += 1
            allowed_caps = {state.captain[q] for q in range(3) if state.shown[q]}
            assert {s for s in seen if s[0] != "captain"} == set(), seen
        else:
            checked["person"] += 1
            allowed_caps = {state.captain[q] for q in range(3) if state.shown[q]}
            allowed_caps |= set(state.dealt[who] or ()) | {state.captain[who]}
            others = {s for s in seen if s[0] in ("pos", "pen") and s[1] != who}
            assert not others, f"{PEOPLE[who]} sees {others}"
            if not state.lost[who]:
                checked["own"] += ("pos", who) in seen  # their own submarine is there to see
        caps = {s[1] for s in seen if s[0] == "captain"}
        assert caps <= allowed_caps, f"captains {caps - allowed_caps} shown to {who}"
        text = " ".join(loud)
        for q in range(3):
            if q == who:
                continue
            for e in session.log:
                if e.to is not None and who not in e.to and len(e.text) > 12:
                    assert e.text not in text, f"{who} reads {e.text!r}"
            hidden = set(state.dealt[q] or ()) | {state.captain[q]}
            if not state.shown[q]:
                for key in hidden - allowed_caps:
                    if key:
                        assert CAPTAIN[key].name not in text, (who, key)

    monkeypatch.setattr(app.stack, "draw", draw_and_check)
    rng = random.Random(4)
    made = 0
    for _ in range(6000):
        if session.is_over or session.state.round > 4:
            break
        top = app.stack.top
        if isinstance(top, HandoffScene):
            frames(app, 3)
            click(app, top.ready)
            continue
        if session.lingering is not None:  # the last person read their results: pass on
            checked["lingered"] += 1
            press(app, board, "pass")
            continue
        p = session.current_human()
        if p is None or board.human != p:
            frames(app, 1)
            continue
        settle(app, board)
        if rng.random() < 0.3 and board.kind == "turn":
            press(app, board, "tool:cross")
            press(app, board, f"cell:{rng.randrange(36)}")
            press(app, board, "tool:cross")
        legal = [a for a in session.state.legal_actions(p) if a.kind != "solve"]
        do(app, board, rng.choice(legal))
        made += 1
    assert made > 24
    assert checked["handoff"] > 20 and checked["person"] > 100 and checked["lingered"] > 8
    assert checked["own"] > 0.8 * checked["person"]  # the check can see what it looks for
    for viewer, e in handed:
        assert e.visible_to(viewer), f"{viewer} was handed {e}"
    # every person did mark their chart, and every mark stayed theirs
    assert all(board.pencils[q].marks() for q in range(3))
    settle(app, board)
