"""What the chart tells in words: a space's tooltip, the Note tool's "type now" prompt, and the
results screen's charts (pencil marks, the sea's jump). Driven by the mouse and keys through
``App.step``, as a person does."""

from __future__ import annotations

import pygame
from board_ui import drawn_texts, event
from conftest import frames
from finding_ui import ana_and_a_silent_bot, do, open_board, press

from game.finding.texts import place_name
from scenes.finding import board_drawing, voice


def _to_play(session) -> None:
    """Set-up answered (the first legal move for everyone): Ana's first turn."""
    st = session.state
    while st.phase != "play":
        p = st.decision().players[0]
        session.apply(st.legal_actions(p)[0])


def _type(app, text: str) -> None:
    for ch in text:
        app.step([event(pygame.TEXTINPUT, text=ch)], 1 / 60)


def _key(app, key: int) -> None:
    app.step([event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)], 1 / 60)
    app.step([event(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0)], 1 / 60)


def test_note_mode_says_type_now_beside_the_space_and_how_to_finish_or_cancel(app, monkeypatch):
    session = ana_and_a_silent_bot()
    _to_play(session)
    board = open_board(app, session)
    press(app, board, "tool:note")
    strip = drawn_texts(app, monkeypatch, voice)
    assert any("click a space" in t for t in strip)  # the tool waits for a space
    press(app, board, "cell:14")
    words = drawn_texts(app, monkeypatch, board_drawing)
    assert "Type your note now" in words and "Enter: write it · Esc: cancel" in words
    prompt = next(h for h in board.hits if h.key == "note:prompt")
    cell = board.chart.cell_rect(14)
    assert prompt.rect.bottom <= cell.y or prompt.rect.y >= cell.bottom  # beside, not over it
    assert abs(prompt.rect.centerx - cell.centerx) <= cell.w
    strip = drawn_texts(app, monkeypatch, voice)
    assert any(f"Type a note for {place_name(6, 14)}" in t for t in strip)
    _type(app, "ok?")
    _key(app, pygame.K_RETURN)
    frames(app, 1)
    assert board.pencils[0].marks() == {14: ("note", "ok?")}
    assert not any(h.key == "note:prompt" for h in board.hits)
    press(app, board, "cell:20")
    _type(app, "x")
    _key(app, pygame.K_ESCAPE)  # cancelled: nothing written, the prompt gone
    frames(app, 1)
    assert 20 not in board.pencils[0].marks()
    assert "Type your note now" not in drawn_texts(app, monkeypatch, board_drawing)


def _hover(app, board, cell: int) -> str:
    pos = board.chart.cell_centre(cell)
    app.step([event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))], 1 / 60)
    frames(app, 90)
    return board.tipper.text if board.tipper.shown else ""


def test_a_space_of_the_chart_says_what_is_on_it_when_the_pointer_rests(app):
    session = ana_and_a_silent_bot()
    _to_play(session)
    board = open_board(app, session)
    me = board.model.me
    assert me is not None
    tip = _hover(app, board, me)
    assert tip.startswith(place_name(6, me) + ":") and "Your submarine is here." in tip
    press(app, board, "aid:heat")
    frames(app, 1)
    for _ in range(600):  # the heat map is worked out off the frame
        if board.heat.result(0) is not None:
            break
        frames(app, 1)
    heat = board.heat.result(0)
    assert heat is not None
    tip = _hover(app, board, me)
    p = heat.p_atlantis(me)
    share = "under 1 %" if p < 0.005 else f"{round(p * 100)} %"
    said = f"Heat map: {share} chance" if p > 0 else "cannot be part of Atlantis"
    assert said in tip  # the number under the boat, in words too


def test_a_tooltip_gives_a_danger_reports_round_and_the_sunstone_in_chart_coordinates():
    from scenes.finding.chart_model import chart_model
    from scenes.finding.chart_tip import cell_tip
    from tests.finding.helpers import act, c, table

    st = table(mode="pirate", pos=(c(2, 3), c(5, 5)))
    st.monsters = [c(3, 3)]
    st.arts[0] = ("sunstone",)
    act(st, "artifact", name="sunstone")  # from C4: row 4 holds no Atlantis, column C one
    act(st, "periscope")
    m = chart_model(st.view(0), 0)
    assert cell_tip(m, c(2, 3)) == (
        "C4: Your submarine is here. Sunstone from here: no Atlantis space in row 4, "
        "1 Atlantis space in column C."
    )
    assert "sea monster was reported here in round 1" in cell_tip(m, c(3, 3))
    assert "Seen clear of mines and sea monsters in round 1." in cell_tip(m, c(1, 2))
    assert cell_tip(m, c(5, 0)) == "F1: Nothing known here yet."


def test_a_tooltip_calls_the_seas_jump_a_jump():
    from scenes.finding.chart_model import ChartModel
    from scenes.finding.chart_tip import cell_tip

    m = ChartModel(6, 0, {}, (), 28, (28,), False, {}, {}, landed=7, landed_round=4)
    tip = cell_tip(m, 7, {7: ("note", "here")}, 0.004)
    assert "set you down here after your wrong claim in round 4" in tip
    assert "no line leads here" in tip and "Your pencil note: here" in tip
    assert "Heat map: under 1 % chance" in tip
    assert "cannot be part of Atlantis" in cell_tip(m, 7, None, 0.0)


def _wrong_claim_game():
    """Ana and a silent bot, played at random until Ana has made a wrong claim (the first
    seed that gives one): the session, and where the sea set her down."""
    import random

    for seed in range(1, 60):
        session = ana_and_a_silent_bot(seed=seed)
        st = session.state
        rng = random.Random(seed)
        while not st.is_terminal() and st.round < 30:
            p = st.decision().players[0]
            seen = len(st.log)
            session.apply(rng.choice(st.legal_actions(p)))
            if any(e.kind == "teleport" and e.who == 0 for e in st.log[seen:]):
                return session, st.pos[0]
    raise AssertionError("no wrong claim in 60 random games")


def test_the_results_charts_show_the_pencil_and_the_true_route_jumps_at_a_wrong_claim(app):
    import random

    from scenes.finding import chart_symbols as sym
    from scenes.finding.results import FindingResults, routes

    session, landing = _wrong_claim_game()
    board = open_board(app, session)
    press(app, board, "tool:cross")
    press(app, board, "cell:0")  # Ana crosses out A1 on her chart
    st = session.state
    rng = random.Random(5)
    while not st.is_terminal():
        p = st.decision().players[0]
        session.apply(rng.choice(st.legal_actions(p)))
    legs = routes(session)[0]
    assert len(legs) >= 2 and legs[1][0] == landing  # a new leg from where the sea left her
    claims = [e for e in st.log if e.kind == "solve" and e.who == 0]
    assert legs[0][-1] == claims[0].at  # the first leg ends where she named the city
    results = FindingResults(app, session)
    app.stack.reset(results)
    app.stack.apply_pending()
    frames(app, 2)
    view, _model, pencil = results.views[0]
    assert pencil.marks() == {0: ("cross", "")}
    shot = app.canvas.subsurface(view.cell_rect(0))
    assert any(  # the cross in pencil grey on the results chart's A1
        sum(abs(a - b) for a, b in zip(tuple(shot.get_at((x, y)))[:3], sym.PENCIL, strict=True))
        < 30
        for x in range(shot.get_width())
        for y in range(shot.get_height())
    )


def test_every_clue_kind_has_words_and_the_help_page_tells_route_from_trace():
    from scenes.finding.chart_model import MARK_KINDS
    from scenes.finding.chart_tip import MARK_WORDS
    from scenes.finding.help_text import page

    worded = {kind for kind, _text in MARK_WORDS} | {"count"}  # a count is worded from its badge
    assert set(MARK_KINDS) <= worded
    text = page()
    assert "filled amber diamond" in text and "line through hollow rings" in text
    assert "4=1 C=0" in text and "no line leads to it" in text


def test_a_reader_scrolled_up_in_the_log_keeps_their_place_while_the_bots_play(app, monkeypatch):
    """Four bots play on; the table's log, scrolled up one notch, does not move when new
    lines arrive, and its title says how many wait below."""
    from conftest import key, open_scene

    from ai.runner import BotRunner
    from game.core.saves import Seat
    from scenes.finding import log_panel
    from scenes.finding.board import FindingBoard
    from scenes.session import GameSession

    app.settings.animation_speed = "instant"
    seats = [Seat(f"Bot {i}", "bot", "random") for i in range(4)]
    session = GameSession.new("finding", seats, {"size": "6"}, seed=3, autosave=False,
                              runner_factory=lambda: BotRunner(mode="inline"))  # fmt: skip
    board = FindingBoard(app, session)
    open_scene(app, board)
    for _ in range(4000):
        if len(board.log.lines) >= 40:
            break
        frames(app, 1)
    key(app, pygame.K_l)
    at = board.log.rect.center
    app.step([event(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(0, 0, 0))], 1 / 60)
    app.step([event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False, precise_x=0.0, precise_y=1.0)],
             1 / 60)  # fmt: skip
    before, count, unseen = board.log.in_sight(), len(board.log.lines), board.log.unseen
    assert board.log.scroll >= 3
    for _ in range(4000):
        if len(board.log.lines) >= count + 3 or session.is_over:
            break
        frames(app, 1)
    session.pace_s = 1e9  # the bots hold while the title is read
    frames(app, 1)
    added = len(board.log.lines) - count
    assert added >= 3 and board.log.in_sight() == before
    title = f"Log · {unseen + added} new lines below: wheel down to follow"
    assert title in drawn_texts(app, monkeypatch, log_panel)


def test_the_device_says_who_starts_where_and_who_plays_first(app, monkeypatch):
    """The deal happens before anyone listens: the voice and the log still tell it (the
    voice's own heads for "start" and "first" begin its announcements)."""
    from game.finding.texts import place
    from scenes.finding import log_panel
    from scenes.finding.voice_lines import split_log

    session = ana_and_a_silent_bot()
    board = open_board(app, session)
    st = session.state
    starts = [f"{session.seat_name(q)} starts at {place(st, st.pos[q])}." for q in range(2)]
    first = f"{session.seat_name(st.first)} plays first."
    heard = board.voice.lines_for(0, 3, board.names)
    assert heard == [*starts, first]
    assert [g[0].kind for g in split_log(st.setup_events())] == ["dealt", "start", "start", "first"]
    press(app, board, "cmd:log")
    words = drawn_texts(app, monkeypatch, log_panel)
    assert all(line in words for line in [*starts, first])
    dealt = [e for e in st.setup_events() if e.kind == "dealt"]
    listed = board.log.events_of(session)
    assert dealt[0] in listed and dealt[1] not in listed  # the bot's captains stay its own


def test_in_colour_blind_mode_the_boat_on_the_chart_carries_its_seat_letter(app):
    """The setting reaches the chart: the own boat gets its seat's letter and shape."""
    session = ana_and_a_silent_bot()
    _to_play(session)
    board = open_board(app, session)
    frames(app, 2)
    cell = board.chart.cell_rect(board.model.me)
    plain = pygame.image.tobytes(app.canvas.subsurface(cell), "RGB")
    app.settings.colourblind = True
    frames(app, 2)
    assert board.chart.colourblind
    assert pygame.image.tobytes(app.canvas.subsurface(cell), "RGB") != plain


def test_your_own_mine_read_by_your_jelly_rod_is_not_called_a_trace(app, monkeypatch):
    """Pirate waters: Ana drops a mine, moves off it and reads it with the Jelly Rod. The rod
    hears "trace", which there is her mine answering: the chart draws and tells her mine,
    no "trace or mine" diamond."""
    from game.core.saves import Seat
    from game.finding.ocean import LINES, step
    from scenes.finding.chart_model import Mark
    from scenes.screenshot_director import SilentRunner
    from scenes.session import GameSession

    session = GameSession.new(
        "finding",
        [Seat("Ana", colour="yellow"), Seat("Kleito", "bot", "random", colour="red")],
        {"size": "6", "mode": "pirate"},
        seed=3,
        autosave=False,
        runner_factory=SilentRunner,
    )
    _to_play(session)
    st = session.state
    assert st.seat == 0
    board = open_board(app, session)
    drop = next(
        a
        for a in st.legal_actions(0)
        if a.kind == "drop_mine" and step(6, st.pos[0], a["direction"]) is not None
    )
    mine = st.pos[0]  # dropped where she is; she then moves one space on
    do(app, board, drop)
    line = next(name for name, ends in LINES.items() if drop["direction"] in ends)
    do(app, board, next(a for a in st.legal_actions(0) if a.kind == "jelly" and a["line"] == line))
    assert st.mines[0] == mine
    frames(app, 2)
    assert Mark("trace", "mine?") in board.model.marks[mine]  # what the rod heard there
    tip = _hover(app, board, mine)
    assert "Your own mine" in tip and "A trace" not in tip
