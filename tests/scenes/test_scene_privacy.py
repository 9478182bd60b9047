"""Public and private screens through the real scene: three people and a bot bid in secret.

The secret-bid toy board paints each seat's pearl and still-secret bid in that seat's own
colours (and flashes a bid's colour when it animates a secret bid), so counting pixels says
whose secrets are on the screen. Every frame of a whole game is checked: on a person's private
step only that person's secrets show, on a public step and on every hand-off nobody's do, and
the bot's private events never reach the board's animations, sounds or log.
"""

from __future__ import annotations

import pygame
import pytest
from conftest import click, frames, key, open_scene
from scene_toy import BID_COLOURS, BIDS_ID, PEARL_COLOURS, BidBoard, FakeRunner, install_bids

from game.core.saves import Seat
from scenes.handoff_scene import HandoffScene
from scenes.session import GameSession

PEOPLE = ("Ana", "Bo", "Cy")
BOT = 3
KEYS = (pygame.K_1, pygame.K_2, pygame.K_3)


def count(surface: pygame.Surface, colour) -> int:
    return pygame.mask.from_threshold(surface, colour, (8, 8, 8, 255)).count()


def secrets_on_screen(surface: pygame.Surface) -> set[tuple[str, int]]:
    """Which seats' secrets are drawn: ("pearl", seat) / ("bid", seat)."""
    out = set()
    for seat in range(4):
        if count(surface, PEARL_COLOURS[seat]) > 50:
            out.add(("pearl", seat))
        if count(surface, BID_COLOURS[seat]) > 50:
            out.add(("bid", seat))
    return out


class Watch:
    """Checks every frame, right after the stack drew it: what is on screen, and what the
    board was handed."""

    def __init__(self, app, board: BidBoard, monkeypatch) -> None:
        self.app, self.board = app, board
        self.handoffs: list[str] = []  # "Ana", ..., or "table", in the order they came up
        self.screens: list[tuple[str, int | None]] = []
        self.checked = 0
        self._top = None
        drawn = app.stack.draw

        def draw_and_check(surface: pygame.Surface) -> None:
            drawn(surface)
            self.check()

        monkeypatch.setattr(app.stack, "draw", draw_and_check)

    def frame(self, events=None) -> None:
        frames(self.app, 1, events)

    def check(self) -> None:
        self.checked += 1
        app, board, session = self.app, self.board, self.board.session
        top = app.stack.top
        seen = secrets_on_screen(app.canvas)
        if isinstance(top, HandoffScene):
            if top is not self._top:
                self.handoffs.append("table" if top.to_table else top.name)
            assert not seen, f"a hand-off shows secrets {seen}"
        elif top is board:
            who = session.viewer()
            step = session.decision()
            self.screens.append((step.kind if step else "over", who))
            if who is None:
                assert not seen, f"the public view shows secrets {seen}"
            else:
                assert who != BOT
                assert seen <= {("pearl", who), ("bid", who)}, f"{PEOPLE[who]} sees {seen}"
                assert ("pearl", who) in seen  # and their own pearl is there to see
            for e in board.logged:
                assert e.to is None or (who is not None and who in e.to), f"logged {e}"
        self._top = top
        for who, events in board.received:
            for e in events:
                assert e.to is None or (who is not None and who in e.to), f"animated {e}"
                assert BOT not in (e.to or ()), f"the bot's secret {e} reached the board"


@pytest.fixture
def bids(toy_game):
    install_bids()
    yield


def play(app, monkeypatch, delay_polls: int, rounds: str = "2"):
    runner = FakeRunner(delay_polls=delay_polls)
    session = GameSession.new(
        BIDS_ID,
        [Seat(n) for n in PEOPLE] + [Seat("Bot", "bot", "hard")],
        {"rounds": rounds},
        seed=8,
        runner_factory=lambda: runner,
        pace_s=0.0,
    )
    board = BidBoard(app, session)
    watch = Watch(app, board, monkeypatch)
    open_scene(app, board)
    for _ in range(3000):
        if session.is_over:
            break
        top = app.stack.top
        if isinstance(top, HandoffScene):
            for _ in range(4):  # the sea moves under it: look at a few frames
                watch.frame()
            click(app, top.ready)  # the named person (or everyone) clicks Ready
            continue
        seat = session.current_human()
        if seat is not None and board.input_settled():
            key(app, KEYS[(seat + session.state.round) % 3])
        else:
            watch.frame()
    assert session.is_over
    for _ in range(10):
        watch.frame()
    assert watch.checked > 100
    return session, board, watch, runner


@pytest.mark.parametrize("delay_polls", [3, 400], ids=["bot-first", "bot-last"])
def test_secret_bids_hand_off_to_each_person_then_show_the_table(
    app, bids, monkeypatch, delay_polls
):
    session, board, watch, runner = play(app, monkeypatch, delay_polls)
    # each round: a hand-off to each person for their private bid, then "show the table"
    # before the public reveal and the open dives; nobody is handed the screen in between
    assert watch.handoffs == ["Ana", "Bo", "Cy", "table"] * 2
    bid_screens = {who for kind, who in watch.screens if kind == "bid"}
    assert bid_screens <= {0, 1, 2, None} and {0, 1, 2} <= bid_screens
    assert {who for kind, who in watch.screens if kind == "dive"} == {None}  # public
    # the bot thought once per round: the people's commits never restarted it
    assert [r[0] for r in runner.requests].count(BOT) == 4  # two bids, two dives
    assert runner.cancelled == 0
    # the board did animate and sound the public events, and each person's own secret bid
    kinds = [e.kind for _, events in board.received for e in events]
    assert kinds.count("reveal") == 2 and kinds.count("bid") == 8
    assert "toy-reveal" in board.sounded
    mine = [(who, e.data["player"]) for who, ev in board.received for e in ev if e.to]
    assert all(who == p for who, p in mine)


def test_the_bots_secret_bid_never_plays_in_front_of_a_person(app, bids, monkeypatch):
    played: list[str] = []
    real = app.audio.play
    monkeypatch.setattr(app.audio, "play", lambda name: (played.append(name), real(name)))
    session, board, _watch, _ = play(app, monkeypatch, delay_polls=3, rounds="1")
    bot_bid = [e for e in session.log if e.kind == "bid_secret" and e.to == (BOT,)]
    assert bot_bid  # it happened, and while a person's view was on screen (bot first)
    received = [e for _, events in board.received for e in events]
    assert not any(e.to == (BOT,) for e in received)
    assert played.count("toy-bid_secret") == sum(e.kind == "bid_secret" for e in received)
    assert not any(e.to == (BOT,) for e in session.visible_log())
