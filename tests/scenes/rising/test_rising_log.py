"""The board's log shows the engine's own texts, with seat names for the councilors."""

from __future__ import annotations

import random

from game.core import registry
from game.core.protocol import Event
from scenes.rising.log_panel import entries, humanize

NAMES = ["Kleito", "Euenor", "Leukippe"]


def test_seat_names_replace_councilor_names_and_nothing_else():
    assert humanize("The Explorer places an Atlantean at Hills 3.", NAMES) == (
        "Kleito (Explorer) places an Atlantean at Hills 3."
    )
    assert humanize("The Explorer hands 1 ore to the Emissary.", NAMES) == (
        "Kleito (Explorer) hands 1 ore to Euenor (Emissary)."
    )
    # a councilor without a seat keeps the engine's words; without names nothing changes
    assert humanize("The Champion rallies.", NAMES) == "The Champion rallies."
    text = "The Explorer places an Atlantean in the Navy."
    assert humanize(text) == text


def test_engine_texts_reach_the_log_unchanged_without_seat_names():
    st = registry.get("rising").create(3, {"monsters": "medusa,harpies,scylla"}, 4)
    rng = random.Random(4)
    events: list[Event] = []
    while (dec := st.decision()) is not None and len(events) < 400:
        events += st.apply(rng.choice(st.legal_actions(dec.players[0])))
    lines = entries(events, 1, "setup")
    assert [text for _, text, _ in lines] == [e.text for e in events]
    named = entries(events, 1, "setup", NAMES)
    assert any("Kleito (Explorer)" in text for _, text, _ in named)
    assert not any("The Explorer" in text for _, text, _ in named)


def test_an_undo_names_the_tile_as_the_engine_does():
    events = [
        Event("undo", "Undo: Kleito takes back placing an Atlantean at mountains-1.", {}),
        Event("undo", "Undo: Kleito takes back placing an Atlantean at navy.", {}),
        Event("undo", "Undo: Kleito takes back placing an Atlantean at centre.", {}),
    ]
    assert [text for _, text, _ in entries(events, 2, "place", NAMES)] == [
        "Undo: Kleito takes back placing an Atlantean at Mountains 1.",
        "Undo: Kleito takes back placing an Atlantean in the Navy.",
        "Undo: Kleito takes back placing an Atlantean at the Power Source.",
    ]


def _wheel(app, y: int, pos=(620, 360)) -> None:
    import pygame

    motion = pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    app.step([motion], 1 / 60)
    wheel = pygame.event.Event(
        pygame.MOUSEWHEEL, x=0, y=y, flipped=False, precise_x=0.0, precise_y=float(y)
    )
    app.step([wheel], 1 / 60)


def test_scrolling_up_the_full_log_holds_while_bots_play(app, monkeypatch):
    """Wheel up in the full log, let the bots play on: the same lines stay on screen and a note
    says new ones are below; wheel back to the bottom and the log follows the game again."""
    import pygame
    from conftest import key
    from rising_ui import open_board

    from ai.runner import BotRunner
    from game.core.saves import Seat
    from scenes.rising import log_panel
    from scenes.session import GameSession

    drawn: list[str] = []
    real = log_panel.blit_text

    def recording(surface, s, *args, **kwargs):
        drawn.append(s)
        return real(surface, s, *args, **kwargs)

    def frame_text() -> list[str]:
        drawn.clear()
        app.step([], 1 / 60)
        return list(drawn)

    monkeypatch.setattr(log_panel, "blit_text", recording)
    app.settings.animation_speed = "instant"
    seats = [Seat(f"Bot {i}", "bot", "random", "") for i in range(3)]
    session = GameSession.new(
        "rising", seats, seed=5, autosave=False, runner_factory=lambda: BotRunner(mode="inline")
    )
    board = open_board(app, session)
    while len(board.log.lines) < 40:
        app.step([], 1 / 60)
    key(app, pygame.K_l)
    assert board.log.open
    _wheel(app, 1)
    _wheel(app, 1)
    held = [s for s in frame_text() if "wheel" not in s]
    count = len(board.log.lines)
    while len(board.log.lines) < count + 10:  # the bots keep playing
        app.step([], 1 / 60)
    now = frame_text()
    assert [s for s in now if "wheel" not in s] == held
    assert board.log.unseen >= 10
    assert any(f"{board.log.unseen} new lines below" in s for s in now), now
    for _ in range(30):
        _wheel(app, -1)
        if not board.log.scroll:
            break
    newest = board.log.lines[-1][1]
    shown = frame_text()
    assert not any("new lines below" in s or "Scrolled up" in s for s in shown)
    assert any(s in newest for s in shown if len(s) > 8), (newest, shown[-5:])


def test_the_log_follows_the_game_past_the_lines_the_session_keeps(app, monkeypatch):
    """The session keeps only the newest LOG_LIMIT events; once it is full its length stops
    changing, and the board must still show each new line (it froze at turn 5 before)."""
    from rising_ui import open_board

    from ai.runner import BotRunner
    from game.core.saves import Seat
    from scenes import session as session_module
    from scenes.rising.log_panel import humanize
    from scenes.session import GameSession

    monkeypatch.setattr(session_module, "LOG_LIMIT", 30)
    app.settings.animation_speed = "instant"
    seats = [Seat(f"Bot {i}", "bot", "random", "") for i in range(3)]
    session = GameSession.new(
        "rising", seats, seed=5, autosave=False, runner_factory=lambda: BotRunner(mode="inline")
    )
    board = open_board(app, session)
    checked = 0
    for _ in range(3000):
        app.step([], 1 / 60)
        if len(session.log) == 30 and session.log_version > 60:
            newest = board.log.lines[-1][1]
            assert newest == humanize(session.log[-1].text, board.names) or (
                session.log[-1].text in newest
            )
            checked += 1
            if checked > 20:
                break
    assert checked > 20


def test_a_scrolled_reader_keeps_their_place_when_old_lines_drop_off():
    from scenes.rising.log_panel import LogPanel

    panel = LogPanel()
    lines = [("", f"line {i}", "") for i in range(10)]
    panel.set_lines(lines)
    panel.scroll = 3
    panel.set_lines(lines[2:] + [("", "line 10", ""), ("", "line 11", "")])  # capped at 10
    assert panel.scroll == 5 and panel.unseen == 2
    panel.set_lines(lines[:4])  # an undo took lines back: no new lines counted
    assert panel.unseen <= panel.scroll <= 5


def _board_after_attack(app, sank: bool):
    """A board just after an attack that sank tiles (``sank``) or was beaten off."""
    from rising_ui import open_board

    from scenes.rising import shots

    def ok(_st, events) -> bool:
        return any(
            e.kind == "attack_resolved" and (int(e.data.get("tiles", 0)) > 0) == sank
            for e in events
        )

    actions, seed = shots._play_until(31, ok)
    assert actions, "no such attack in the seeded games"
    return open_board(app, shots._session(actions, seed))


def _ink_of(app, monkeypatch, words: str) -> tuple[int, int, int]:
    """The colour the compact log draws its line containing ``words`` in."""
    from scenes.rising import log_panel

    drawn: list[tuple[str, tuple]] = []
    real = log_panel.blit_text

    def recording(surface, s, pos, size=15, colour=(0, 0, 0), *args, **kwargs):
        drawn.append((s, tuple(colour)))
        return real(surface, s, pos, size, colour, *args, **kwargs)

    monkeypatch.setattr(log_panel, "blit_text", recording)
    app.stack.top.log._key = None  # the log is painted again on the next frame
    app.step([], 1 / 60)
    inks = [c for s, c in drawn if words in s]
    assert inks, (words, [s for s, _ in drawn])
    return inks[0]


def test_a_beaten_off_attack_is_logged_in_the_success_colour(app, monkeypatch):
    from scenes.rising.log_panel import GOOD_INK

    _board_after_attack(app, sank=False)
    assert _ink_of(app, monkeypatch, "beaten off") == GOOD_INK


def test_an_attack_that_sinks_tiles_is_still_logged_in_the_alarm_colour(app, monkeypatch):
    from scenes.rising.look import WARN

    _board_after_attack(app, sank=True)
    assert _ink_of(app, monkeypatch, "will fall") == WARN
