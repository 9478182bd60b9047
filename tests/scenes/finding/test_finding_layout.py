"""What a player notices of the Finding board's layout: every word stays inside its panel, card
or button (at 1280×720 and in a 900×600 window, where the text floor makes small fonts larger),
tooltips go with their targets, the claim's count agrees everywhere, and the results screen
shows every submarine."""

from __future__ import annotations

import random

import pygame
import pytest
from conftest import frames
from finding_ui import answer_handoffs, click_at, event, open_board, press, settle
from story import PERSON, Story, new_session

from game.core.protocol import Action
from game.core.saves import Seat
from game.finding.cards import hand_cards
from scenes.finding import board as board_mod
from scenes.finding import board_drawing, hand_view, look, solve_dialog, voice
from scenes.finding.results import FindingResults
from scenes.session import GameSession

SIZES = [(1280, 720), (900, 600)]


@pytest.fixture
def sizing_reset():
    yield
    from scenes import assets

    assets.set_text_sizing(assets.TextSizing())
    pygame.event.get()


def windowed(size):
    from game.core.storage import Settings
    from scenes.app import App

    app = App(headless=True, seed=3, settings=Settings())
    app.window = pygame.Surface(size)
    app.window_size = size
    app.apply_ui_scale()
    app.settings.animation_speed = "instant"
    return app


def record_texts(monkeypatch) -> list[tuple[str, pygame.Rect]]:
    """Every text the board's modules draw this frame, with the rect it was drawn in."""
    drawn: list[tuple[str, pygame.Rect]] = []
    for mod in (board_drawing, hand_view, voice, solve_dialog):
        real = mod.draw_text

        def recording(surface, text, pos, *args, _real=real, **kwargs):
            rect = _real(surface, text, pos, *args, **kwargs)
            drawn.append((text, pygame.Rect(rect)))
            return rect

        monkeypatch.setattr(mod, "draw_text", recording)
    return drawn


def press_in_window(app, board, key: str) -> None:
    """Click ``key`` where it is in the window (the canvas is scaled in a small window)."""
    frames(app, 1)
    x, y = board.target_point(key)
    r = app.view_rect
    pos = (r.x + round((x + 0.5) * r.w / 1280), r.y + round((y + 0.5) * r.h / 720))
    assert app.to_canvas(pos) == (x, y) or abs(app.to_canvas(pos)[0] - x) <= 1
    click_at(app, pos)


def discards(state, seat: int) -> int:
    return sum(1 for k in hand_cards(state.pirate) if k not in state.hand[seat])


def crowded_session(seed: int = 5) -> GameSession:
    """Four people on an 8×8 Pirate ocean, played (never surfacing) until the other three have
    many cards on their discard piles and it is the first one's turn."""
    seats = [Seat(n, colour=c) for n, c in zip(("Ana", "Bo", "Cy", "Di"),
                                               ("yellow", "red", "green", "blue"), strict=True)]  # fmt: skip
    session = GameSession.new(
        "finding", seats, {"size": "8", "mode": "pirate"}, seed=seed, pace_s=0.0, autosave=False
    )
    rng = random.Random(seed)
    for _ in range(3000):
        st = session.state
        dec = st.decision()
        p = dec.players[0]
        if (p == 0 and dec.kind == "turn" and st.acts == 2
                and all(discards(st, q) >= 5 for q in (1, 2, 3))):  # fmt: skip
            return session
        legal = st.legal_actions(p)
        quiet = [a for a in legal if a.kind not in ("surface", "solve")] or legal
        session.apply(rng.choice(quiet))
    raise AssertionError("the game never got crowded")


def inside_checks(board, drawn) -> list[str]:
    """The texts that cross the edge of the panel, card or button they sit in."""
    boxes = [
        board.arr.status,
        board.arr.hand,
        board.arr.aim,
        board.arr.tools,
        board.arr.voice,
        board.arr.buttons,
    ]
    boxes += [h.rect for h in board.hits if not h.key.startswith(("seat:", "log"))]
    bad = []
    for text, rect in drawn:
        for box in boxes:
            if box.collidepoint(rect.center) and not box.inflate(2, 2).contains(rect):
                bad.append(f"{text!r} {tuple(rect)} crosses {tuple(box)}")
    return bad


@pytest.mark.parametrize("size", SIZES, ids=["1280x720", "900x600"])
def test_every_word_of_a_crowded_pirate_board_stays_inside_its_panel(
    monkeypatch, sizing_reset, size
):
    app = windowed(size)
    session = crowded_session()
    board = open_board(app, session)
    answer_handoffs(app)
    settle(app, board)
    assert board.viewer == 0 and board.kind == "turn"
    drawn = record_texts(monkeypatch)
    frames(app, 1)
    assert drawn and not inside_checks(board, drawn)
    # the discard piles are on screen (as chips, with a "+N" when a row is full)
    chips = [h for h in board.hits if h.key.startswith("seat:") and h.key.count(":") >= 2]
    assert chips and all(board.arr.status.contains(h.rect) for h in chips)
    assert all(any(h.key.startswith(f"seat:{q}:") for h in chips) for q in (1, 2, 3))
    # each card's label is on its card: nine cards in a Pirate hand (the captain's too)
    cards = [h for h in board.hits if h.key.startswith("card:") or h.key == "captain"]
    assert len(cards) == 9
    for h in cards:
        words = [t for t, r in drawn if h.rect.contains(r)]
        assert words, h.key
    # the aids and pencil buttons lie inside their panel, the commands inside theirs
    tools = [h for h in board.hits if h.key.startswith(("aid:", "tool:"))]
    assert len(tools) == 6 and all(board.arr.tools.contains(h.rect) for h in tools)
    cmds = [h for h in board.hits if h.key.startswith("cmd:")]
    assert len(cmds) == 5 and all(board.arr.buttons.contains(h.rect) for h in cmds)
    # aiming a card: the compass and its words stay in the aiming panel
    ctl = board_mod.controls
    slot = next(k for k in sorted(ctl.playable_slots(board.legal))
                if ctl.next_choice(board.legal, ctl.Aim(k)) is not None)  # fmt: skip
    press_in_window(app, board, slot)
    assert board.aim is not None and board.aim.slot == slot
    drawn.clear()
    frames(app, 1)
    assert not inside_checks(board, drawn)


@pytest.mark.parametrize("size", SIZES, ids=["1280x720", "900x600"])
def test_the_voice_wraps_long_announcements_inside_its_strip(monkeypatch, sizing_reset, size):
    app = windowed(size)
    board = open_board(app, new_session(3, {"size": "6"}))
    long = (
        "Red explores: beneath lies an artifact. Red recovers an artifact and draws an "
        "artifact card; a sea monster wakes where the artifact lay."
    )
    from game.core.protocol import Event

    board.voice.add([Event("move", long)])
    board.voice.add([Event("move", long + " " + long)])
    drawn = record_texts(monkeypatch)
    frames(app, 1)
    strip = [(t, r) for t, r in drawn if board.arr.voice.collidepoint(r.center)]
    assert len(strip) >= 3  # the older line, the newest (wrapped) and the prompt
    assert all(board.arr.voice.contains(r) for _, r in strip)
    # nothing runs under the Log / Help buttons beside the strip
    assert all(r.right <= board.arr.voice.right - 6 for _, r in strip)
    assert any(t.endswith("…") for t, _ in strip)  # what has no room is cut, visibly


@pytest.mark.parametrize("size", SIZES, ids=["1280x720", "900x600"])
@pytest.mark.parametrize("ocean", ["6", "8"])
def test_the_chart_caption_sits_under_the_coordinate_letters(
    monkeypatch, sizing_reset, size, ocean
):
    app = windowed(size)
    board = open_board(app, new_session(3, {"size": ocean}))
    drawn = record_texts(monkeypatch)
    frames(app, 1)
    caption = next(r for t, r in drawn if t.endswith(" chart"))
    assert ("Your chart", caption) in drawn  # one person at the table: not "Ana's chart"
    chart = board.chart
    # the letters under the grid are drawn inside the chart's own rect; the caption below it
    assert chart.grid.bottom + chart.label <= chart.rect.bottom <= caption.top + 1
    assert board.arr.chart.contains(caption) and caption.bottom <= board.arr.voice.top


def _hover(app, pos, seconds: float = 1.0) -> None:
    app.step([event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))], 1 / 60)
    for _ in range(int(seconds * 60)):
        app.step([], 1 / 60)


def test_a_tooltip_goes_away_with_its_target(app):
    """Rest on a captain (its tooltip shows), click it: the choice is gone and so is the tip;
    the same for a point of the compass rose once the first move is made."""
    app.settings.animation_speed = "instant"
    session = new_session(3, {"size": "6"})
    board = open_board(app, session)
    tips: list[str] = []
    real = board._draw_tip
    board._draw_tip = lambda s, text, anchor: (tips.append(text), real(s, text, anchor))
    key = next(h.key for h in board.hits if h.key.startswith("keep:"))
    _hover(app, board.target_point(key))
    assert tips and tips[-1].startswith("Keep the")
    click_at(app, board.target_point(key))
    assert session.state.phase != "captain" or session.current_human() != PERSON
    tips.clear()
    for _ in range(120):  # the pointer rests where the captain was
        frames(app, 1)
    assert not [t for t in tips if t.startswith("Keep the")]
    # the first hidden move: the rose's point has a tooltip, which goes with the rose
    for _ in range(600):
        if board.kind == "start_move" and board.human == PERSON:
            break
        frames(app, 1)
    settle(app, board)
    frames(app, 1)
    point = next(h for h in board.hits if h.key.startswith("dir:"))
    _hover(app, point.rect.center)
    assert tips and tips[-1].startswith("Aim ")
    click_at(app, point.rect.center)
    tips.clear()
    for _ in range(120):
        frames(app, 1)
    assert not [t for t in tips if t.startswith("Aim ")]


def test_a_cards_tooltip_keeps_off_the_aiming_panels_title(app):
    app.settings.animation_speed = "instant"
    session = new_session(3, {"size": "6"})
    board = open_board(app, session)
    for _ in range(2000):
        if board.kind == "turn" and board.human == PERSON:
            break
        if board.human == PERSON:
            legal = board.legal
            act = next((a for a in legal if a.kind == "keep"), None) or next(
                a for a in legal if a.kind == "start_move"
            )
            session.apply(act)
            board._sync(force=True)
        frames(app, 1)
    settle(app, board)
    press(app, board, "card:jelly")
    assert board.aim is not None and board.question() is not None
    boxes: list[pygame.Rect] = []
    real = board.tip_box
    board.tip_box = lambda text, anchor: (lambda r: (boxes.append(r[0]), r)[1])(real(text, anchor))
    _hover(app, board.target_point("card:sonar"))
    assert boxes
    title = pygame.Rect(board.arr.aim.x, board.arr.aim.y, board.arr.aim.w, 56)
    assert not boxes[-1].colliderect(title)
    assert not boxes[-1].colliderect(next(h.rect for h in board.hits if h.key == "card:sonar"))


def _to_claim(seed: int):
    session = new_session(seed, {"size": "6"})
    story = Story()
    for _ in range(3000):
        if session.is_over:
            return None
        st = session.state
        if session.current_human() == PERSON:
            if st.phase == "claim":
                return session
            what, arg = story.next(st)
            if what != "act":
                return None
            story.after(st, session.apply(arg))
        else:
            session.update(1.0)
    return None


def test_the_claims_count_is_the_same_on_the_panel_and_the_prompt_and_the_banner_hides_no_space(
    app, monkeypatch
):
    app.settings.animation_speed = "instant"
    session = next(s for s in map(_to_claim, range(1, 30)) if s is not None)
    board = open_board(app, session)
    banners: list[pygame.Rect] = []
    real = board.draw_announcement
    board.draw_announcement = lambda *a, **k: (lambda r: (banners.append(r), r)[1])(real(*a, **k))
    frames(app, 1)
    assert banners and banners[0] is not None
    assert not banners[0].colliderect(board.chart.grid)  # no space of the chart is hidden
    drawn = record_texts(monkeypatch)
    cell = sorted(board.claim_cells())[0]
    press(app, board, f"cell:{cell}")
    assert board.picks == [cell]
    drawn.clear()
    frames(app, 1)
    named = len(session.state.claim) + 1
    total = session.state.city_size
    words = [t for t, _ in drawn]
    assert f"Name Atlantis: {named} of {total} spaces" in words  # the panel's title
    assert any(f"{named} of {total} spaces named" in t for t in words)  # the prompt line
    assert not any(f"space {named} of" in t or f"space {named - 1} of" in t for t in words)
    assert Action.make(PERSON, "claim", cell=cell) in session.state.legal_actions(PERSON)


def _finished(n: int, seed: int) -> GameSession:
    session = GameSession.new(
        "finding",
        [Seat(f"Sub{i}", "bot", "random") for i in range(n)],
        {"size": "8", "mode": "pirate"},
        seed=seed,
        pace_s=0.0,
        autosave=False,
    )
    rng = random.Random(seed)
    while not session.state.is_terminal():
        p = session.state.decision().players[0]
        session.apply(rng.choice(session.state.legal_actions(p)))
    return session


@pytest.mark.parametrize("size", SIZES, ids=["1280x720", "900x600"])
@pytest.mark.parametrize("n", [3, 4])
def test_the_results_show_every_submarine_with_the_true_map_and_every_chart(
    monkeypatch, sizing_reset, size, n
):
    from scenes import canvas, results_scene
    from scenes.ui import H, W

    app = windowed(size)
    session = _finished(n, seed=7)
    rendered: list[str] = []
    real_render = canvas.Font.render

    def render(self, text, *args, **kwargs):
        rendered.append(text)
        return real_render(self, text, *args, **kwargs)

    monkeypatch.setattr(canvas.Font, "render", render)
    more: list[str] = []
    real_text = results_scene.draw_text
    monkeypatch.setattr(results_scene, "draw_text",
                        lambda s, t, *a, **k: (more.append(t), real_text(s, t, *a, **k))[1])  # fmt: skip
    results = FindingResults(app, session)
    app.stack.reset(results)
    app.stack.apply_pending()
    frames(app, 2)
    assert not [t for t in more if "more" in t]
    for seat in session.record.seats:
        assert f"{seat.name} (U-Bot · random)" in rendered  # every submarine's row
    assert len(results.views) == n
    rects = [results.map_rect, *results.chart_rects]
    canvas_rect = pygame.Rect(0, 0, W, H)
    for i, r in enumerate(rects):
        assert canvas_rect.contains(r)
        assert not r.colliderect(results.table_rect)
        assert all(not r.colliderect(o) for o in rects[i + 1 :])
    assert results.table_rect.bottom <= H - 120  # above the rematch buttons


def test_each_submarine_is_drawn_in_the_colour_its_player_chose_and_named_once(app):
    """Seat 1 chose green (the engine's seat-1 colour is red): its own chart, the seats panel
    and the results draw it green; the hot-seat banner does not name the player twice."""
    from scenes.finding.board import FindingBoard
    from scenes.palette import style_by_name

    session = GameSession.new(
        "finding",
        [Seat("Ana", colour="yellow"), Seat("Bo", colour="green"), Seat("Cy", colour="red")],
        {"size": "6"},
        seed=4,
        pace_s=0.0,
        autosave=False,
    )
    rng = random.Random(1)
    while not (session.state.phase == "play" and session.state.decision().players[0] == 1):
        p = session.state.decision().players[0]
        session.apply(rng.choice(session.state.legal_actions(p)))
    board = FindingBoard(app, session)
    app.stack.reset(board)
    app.stack.apply_pending()
    for _ in range(5):
        answer_handoffs(app)
        frames(app, 2)
    assert board.viewer == 1, (app.stack.top, session.viewer(), session.current_human())
    green = style_by_name("green", False, 1).rgb
    assert board.model.colours[1] == "green"
    assert board.chart._style(board.model, 1).rgb == green
    # the submarine's own marker on the chart is green: a pixel of that colour in its cell
    me = board.model.me
    cell = board.chart.cell_rect(me)
    shot = app.canvas.subsurface(cell)
    assert any(
        tuple(shot.get_at((x, y)))[:3] == green
        for x in range(0, cell.w, 2)
        for y in range(0, cell.h, 2)
    )
    text = board.announce_text(session.decision())
    assert text.count("Bo") == 1, text
    results = FindingResults(app, _finished_from(session))
    _, model, _ = results.views[1]
    assert model.colours[1] == "green"


def _finished_from(session: GameSession) -> GameSession:
    rng = random.Random(2)
    while not session.state.is_terminal():
        p = session.state.decision().players[0]
        session.apply(rng.choice(session.state.legal_actions(p)))
    return session


@pytest.mark.parametrize("size", SIZES, ids=["1280x720", "900x600"])
def test_every_artifacts_name_fits_its_card(monkeypatch, sizing_reset, size):
    """Artifacts lie under the hand, five to a row: each name stays on its card (a long one,
    the Harpoon of Triton or the Orichalcum Sounder, in a smaller letter)."""
    from game.finding.cards import ARTIFACT

    app = windowed(size)
    session = crowded_session()
    names = sorted(ARTIFACT)
    for start in range(0, len(names), 5):
        session.state.arts[0] = tuple(names[start : start + 5])  # the test deals them
        board = open_board(app, session)
        answer_handoffs(app)
        settle(app, board)
        drawn = record_texts(monkeypatch)
        frames(app, 1)
        chips = [h for h in board.hits if h.key.startswith("art:")]
        assert len(chips) == len(names[start : start + 5])
        for h in chips:
            words = [(t, r) for t, r in drawn if h.rect.collidepoint(r.center)]
            assert words and all(h.rect.contains(r) for _, r in words), (h.key, words)
            assert board.arr.hand.contains(h.rect)


def test_the_top_bar_offers_free_actions_only_on_the_players_own_turn(app, monkeypatch):
    """Ana keeps the Smuggler (a free action): the top bar says so on her turn, and not while
    the U-Bot is thinking over its own turn."""
    from ai.runner import BotRunner
    from game.core.saves import Seat

    for seed in range(1, 40):
        session = GameSession.new(
            "finding",
            [Seat("Ana", colour="yellow"), Seat("U0", "bot", "easy", colour="red")],
            {"size": "6"},
            seed=seed,
            runner_factory=lambda: BotRunner(mode="inline"),
            pace_s=600.0,  # the U-Bot thinks over its turn for as long as the test looks
            autosave=False,
        )
        keep = Action.make(PERSON, "keep", captain="smuggler")
        if keep in session.state.legal_actions(PERSON):
            break
    else:
        raise AssertionError("no seed deals Ana the Smuggler")
    session.apply(keep)
    board = open_board(app, session)
    drawn = record_texts(monkeypatch)

    def top_bar() -> str:
        drawn.clear()
        frames(app, 1)
        return " ".join(t for t, r in drawn if look.TOP_BAR.collidepoint(r.center))

    for _ in range(50):  # the bot keeps its captain and dives; Ana dives
        st = session.state
        p = st.decision().players[0]
        if st.phase == "play":
            break
        session.apply(next(a for a in st.legal_actions(p) if a.kind in ("keep", "start_move")))
    board._sync(force=True)
    while session.state.seat != PERSON:  # the U-Bot's turn first: play it for it
        p = session.state.decision().players[0]
        session.apply(next(a for a in session.state.legal_actions(p) if a.kind == "surface"))
    board._sync(force=True)
    assert "free: Smuggler" in top_bar()
    for _ in range(4):  # Ana ends her turn: two actions
        if session.state.seat != PERSON:
            break
        session.apply(next(a for a in session.state.legal_actions(PERSON) if a.kind == "surface"
                           or a.kind == "explore"))  # fmt: skip
    board._sync(force=True)
    assert session.state.seat != PERSON and board.viewer == PERSON
    bar = top_bar()
    assert "U0's turn" in bar and "free:" not in bar
