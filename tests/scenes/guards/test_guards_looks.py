"""What a person sees on the Guards board, checked as they meet it: the tooltips of heroes and
minions, the key to the shapes, ten heroes in the right column's lists (the wheel scrolls what
does not fit), the taken Ultimate, the team ring of every figure, the coin badge clear of the
initials, the level-up saying which card is replaced, and the top bar in words."""

from __future__ import annotations

import pygame
import pytest
from conftest import frames
from guards_ui import event, guards_shown, open_board  # noqa: F401

from scenes import canvas
from scenes.guards import figures, look, shots
from scenes.guards.board_drawing import level_swap
from scenes.guards.look import draw_text


def _hover(app, pos) -> None:
    app.step([event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))], 1 / 60)
    frames(app, 60)  # a resting pointer: the tooltip is up by now


def _wheel(app, pos, dy: int) -> None:
    """The wheel turned over the canvas point ``pos`` (in a window of any size)."""
    v = app.view_rect
    pos = (v.x + (pos[0] + 0.5) * v.w / 1280, v.y + (pos[1] + 0.5) * v.h / 720)
    app.step([event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))], 1 / 60)
    app.step([event(pygame.MOUSEWHEEL, x=0, y=dy, flipped=False, precise_x=0.0,
                    precise_y=float(dy))], 1 / 60)  # fmt: skip
    frames(app, 2)


def _ten(app):
    app.settings.animation_speed = "instant"
    board = open_board(app, shots.session_at("two-lane"))
    frames(app, 5)
    return board


def _drawn(app, board) -> list[str]:
    """Every line of text the board draws in a fresh frame."""
    from text_audit import auditing, lines_on

    with auditing():
        board.redraw()
        frames(app, 2)
        return [line.text for line in lines_on(app.frame)]


def _listed(board, rect: pygame.Rect) -> set[str]:
    """The heroes' rows shown in ``rect`` (not the score's line above them)."""
    return {
        h.key
        for h in board.hits
        if h.key.startswith("info:") and h.key[5:].isdigit() and rect.contains(h.rect)
    }


def test_hovering_a_hero_or_a_minion_on_the_arena_names_it(app):
    board = _ten(app)
    view = board.view
    cam = board.arena.camera
    hero = next(h for h in view.heroes if view.pos[h] is not None and cam.visible(view.pos[h]))
    _hover(app, cam.centre(view.pos[hero]))
    assert board.tipper.shown
    tip = board.tipper.text
    assert tip.startswith(f"{view.hero_name(hero)}: {board.names[view.seat_of[hero]]}'s hero")
    assert view.team_name(view.team_of[hero]) in tip and f"Level {view.level[hero]}" in tip
    i = next(i for i, m in enumerate(view.minions) if m[3] is not None and m[2] == "heavy")
    _, team, kind, at = view.minions[i]
    _hover(app, cam.centre(at))
    tip = board.tipper.text
    assert tip.startswith(f"{('Titan', 'Atlantean')[team]} heavy minion (diamond)")
    assert "defence" in tip and "Shielded now" in tip  # its lane still has its other minions
    empty = next(hx for hx in board.arena.board.hexes if hx not in view.occ and cam.visible(hx))
    _hover(app, cam.centre(empty))
    assert board.tip == ""


def test_the_key_under_the_arena_names_the_shapes(app):
    board = _ten(app)
    _hover(app, look.KEY.center)
    assert board.tipper.shown
    for words in ("square = melee", "triangle = ranged", "diamond = heavy", "team", "Ultimate"):
        assert words in board.tipper.text


def test_ten_heroes_face_down_all_listed_at_1280x720(app):
    board = _ten(app)
    assert board.view.phase == "play" and len(board.view.heroes) == 11
    assert app.frame.get_size() == (1280, 720)
    want = {f"info:{h}" for h in board.view.heroes}
    assert _listed(board, look.QUEUE) == want
    assert _listed(board, look.HEROES) == want


def test_ten_revealed_cards_scroll_with_the_wheel_and_none_is_dropped(app):
    board = _ten(app)
    session = board.session
    while session.state.decision() is not None and session.state.decision().kind == "play":
        d = session.state.decision()
        session.apply(session.state.legal_actions(d.players[0])[0])
    frames(app, 5)
    assert board.view.phase == "resolve"
    seen = _listed(board, look.QUEUE)
    first = set(seen)
    assert 0 < len(first) < 11  # the panel holds fewer rows than the reveal has
    for _ in range(12):
        _wheel(app, look.QUEUE.center, -1)
        seen |= _listed(board, look.QUEUE)
    assert seen == {f"info:{h}" for h in board.view.heroes}
    for _ in range(12):
        _wheel(app, look.QUEUE.center, 1)
    assert _listed(board, look.QUEUE) == first  # back at the top, as before the wheel


def test_a_taken_ultimate_shows_on_the_figure_and_in_the_list(app):
    board = _ten(app)
    view = board.session.state
    h = next(h for h in view.heroes if view.pos[h] is not None)
    view.ult[h] = True
    board._sync(force=True)
    board.redraw()
    frames(app, 2)
    tips = [x.tip for x in board.hits if x.key == f"info:{h}" and look.HEROES.contains(x.rect)]
    assert tips and "Ultimate taken" in tips[0]
    _hover(app, board.arena.camera.centre(view.pos[h]))
    assert "Ultimate taken" in board.tipper.text
    # the badge itself: purple where the figure without it shows none
    size = 24
    plain, badged = canvas.surface((80, 80)), canvas.surface((80, 80))
    for surf, ult in ((plain, False), (badged, True)):
        figures.hero(surf, (40, 40), size, hero_id="arien", name="Arien", team=0,
                     seat_rgb=(200, 200, 200), level=3, coins=2, ultimate=ult)  # fmt: skip
    fx, fy = figures.BADGE_AT["ultimate"]
    spot = (int(40 + size * 0.72 * fx + size * 0.32 * 0.6), int(40 + size * 0.72 * fy))
    assert badged.get_at(spot)[:3] == look.SLOT_RGB["ultimate"]
    assert plain.get_at(spot)[:3] != look.SLOT_RGB["ultimate"]


def test_every_figure_carries_its_team_ring_whatever_the_seat_colour(app):
    size = 24
    seats = [board_rgb for board_rgb in _seat_colours()]
    assert len(seats) == 10
    r = size * 0.72
    for team in (0, 1):
        for rgb in seats:
            surf = canvas.surface((80, 80))
            figures.hero(surf, (40, 40), size, hero_id="brogan", name="Brogan", team=team,
                         seat_rgb=rgb, level=1, coins=0)  # fmt: skip
            rim = [surf.get_at((int(40 + (r - 2) * dx), int(40 + (r - 2) * dy)))[:3]
                   for dx, dy in ((-1, 0), (0, 1), (0.7, 0.7))]  # fmt: skip
            assert all(px == look.TEAM_RGB[team] for px in rim), (team, rgb, rim)


def _seat_colours():
    from game.guards.state import SEAT_COLOURS
    from scenes.palette import style_by_name

    return [
        style_by_name(name, cb, i).rgb for cb in (False,) for i, name in enumerate(SEAT_COLOURS)
    ]


@pytest.mark.parametrize("size", [15, 24])  # the ten-hero board's hexes, and a closer look
def test_the_coin_badge_leaves_the_initials_clear(app, size):
    surfs = []
    for coins in (0, 9):
        surf = canvas.surface((80, 80))
        figures.hero(surf, (40, 40), size, hero_id="min", name="Min", team=1,
                     seat_rgb=(200, 90, 150), level=2, coins=coins)  # fmt: skip
        surfs.append(surf)
    probe = canvas.surface((80, 80))
    r = size * 0.72
    initials = draw_text(probe, "Mi", (40, 40 + r * 0.42), size=11, kind="bold", anchor="center")
    changed = [
        (x, y)
        for x in range(80)
        for y in range(80)
        if surfs[0].get_at((x, y)) != surfs[1].get_at((x, y))
    ]
    assert changed, "the coins are drawn"
    assert not any(initials.collidepoint(p) for p in changed)


def test_the_level_up_says_which_card_each_choice_replaces(app):
    app.settings.animation_speed = "instant"
    board = open_board(app, shots.session_at("level"))
    frames(app, 5)
    assert board.kind == "level"
    h = board.decision.data["hero"]
    lines = board._ask_lines()
    choices = [a for a in board.legal if a.kind == "level" and a["card"]]
    from game.guards.cards import card

    for a in choices:
        c = card(a["card"])
        old = board.view.card_in(h, c.colour)
        assert any(c.name in line and f"replaces {old.name}" in line for line in lines), lines
        tip = next(x.tip for x in board.hits if x.key == f"level:{c.id}")
        assert f"Taking it replaces {old.name}." in tip
        assert "leaves the other card as" not in tip


def test_the_ultimate_level_up_mentions_no_item(app):
    app.settings.animation_speed = "instant"
    board = open_board(app, shots.session_at("level"))
    frames(app, 5)
    st = board.session.state
    # the person's hero becomes Arien with every colour at its third tier: the next level is
    # the Ultimate
    h = board.decision.data["hero"]
    st.hero_id[h] = "arien"
    hero = st.hero_def(h)
    from game.guards.cards import COLOURS

    start = hero.starting()
    st.slots[h] = tuple(
        hero.card(col, 3)[0].id if col in ("red", "blue", "green") else start[col]
        for col in COLOURS
    )
    st.level[h], st.coins[h] = 7, 20
    board._sync(force=True)
    assert [a["card"] for a in board.legal if a.kind == "level"] == [hero.ultimate.id, ""]
    assert level_swap(st, h, hero.ultimate) == (None, None)
    board.redraw()
    frames(app, 2)
    text = " ".join(board._ask_lines()) + " ".join(
        x.tip for x in board.hits if x.key.startswith("level:")
    )
    assert "Ultimate" in text and "item" not in text.lower()


def test_the_top_bar_says_defeats_in_words(app):
    board = _ten(app)
    drawn = _drawn(app, board)
    assert any(t.startswith("Heroes defeated: Titans 0 · Atlanteans 0") for t in drawn), drawn
    assert not any("Defeats T" in t for t in drawn)


def test_a_click_on_the_shielded_heavy_says_why_it_cannot_be_hit(app):
    from guards_ui import press, settle

    app.settings.animation_speed = "instant"
    session = shots.session_at("target")
    st = session.state
    h = st.prog["h"]
    heavy = next(i for i, m in enumerate(st.minions) if m[1:3] == (1 - st.team_of[h], "heavy"))
    at = st.minions[heavy][3]
    # the person's hero beside the enemy heavy, with Keen Edge (attack an adjacent unit) to play
    spot = next(
        n for n in st.geo.nbrs[at]
        if n not in st.occ and n in st.geo.passable
        and sum(1 for m in st.geo.nbrs[n] if st.occ.get(m, 0) < 0) >= 3
    )  # fmt: skip
    from game.guards.cards import COLOURS
    from game.guards.units import move_unit

    move_unit(st, h, spot)
    slots = list(st.slots[h])
    slots[COLOURS.index(st.commit[h])] = "arien_gold"
    st.slots[h] = tuple(slots)
    st.prog["card"] = "arien_gold"
    board = open_board(app, session)
    settle(app, board)
    press(app, board, "btn:primary")
    settle(app, board)  # the new question has settled: a click on it counts
    assert board.kind == "choose" and board.decision.prompt == "Attack whom?"
    before = len(session.record.actions)
    press(app, board, f"hex:{at[0]},{at[1]}")
    assert len(session.record.actions) == before
    assert board.notice.startswith("The Atlanteans' heavy minion is shielded")


def test_a_discard_is_asked_in_its_own_words_with_every_card_to_throw_away(app):
    app.settings.animation_speed = "instant"
    session = shots.session_at("defence")
    st = session.state
    kind, target, source, _ = st.pend
    st.pend = ("discard", target, source, 0)  # what Rattle or a mine asks, not an attack
    board = open_board(app, session)
    frames(app, 5)
    drawn = _drawn(app, board)
    assert "Throw away a card, or be defeated" in drawn
    assert not any("attacked" in t or "can't defend" in t for t in drawn), drawn
    hand = [c for c in st.hand[target] if c != "black"]
    assert drawn.count("throw away") == len(hand) >= 1


def test_a_seat_named_you_reads_you_pick_on_the_selection_screen(app):
    from game.core.saves import Seat
    from scenes.screenshot_director import SilentRunner
    from scenes.session import GameSession

    session = GameSession.new("guards", [Seat("You"), Seat("Ada", "bot", "random")],
                              {"board": "one_lane"}, 4, autosave=False,
                              runner_factory=SilentRunner)  # fmt: skip
    while session.state.decision().players[0] != 0:
        d = session.state.decision()
        session.apply(session.state.legal_actions(d.players[0])[0])
    board = open_board(app, session)
    frames(app, 3)
    drawn = _drawn(app, board)
    assert any(t.startswith("Hero selection: You (") and t.endswith(") pick") for t in drawn), drawn


@pytest.mark.parametrize("scale", [2.0, "small window"])
def test_with_larger_text_every_hero_is_still_listed_or_a_wheel_away(app, scale):
    if scale == "small window":  # 900x600: the canvas shrinks and small text gets a floor
        app.window = pygame.Surface((900, 600))
        app.window_size = (900, 600)
        app.settings.ui_scale = 0.0
    else:
        app.settings.ui_scale = scale
    app.apply_ui_scale()
    board = _ten(app)
    want = {f"info:{h}" for h in board.view.heroes}
    for rect in (look.HEROES, look.QUEUE):
        seen = _listed(board, rect)
        for _ in range(12):
            _wheel(app, rect.center, -1)
            seen |= _listed(board, rect)
        assert seen == want, rect
