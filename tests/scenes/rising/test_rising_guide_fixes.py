"""Issue 29's Rising board fixes, by a person's mouse through ``App.step``: tile tooltips give
the target the player would really need (the Explorer's cut, as the guide says it), Medusa's
gaze and a played card ask for a second click with what will happen in words, and the pop-ups
and banners keep clear of what they ask about."""

from __future__ import annotations

import pygame
from rising_ui import click_at, click_for, escape, event, open_board, settle

from game.core.saves import Seat
from game.rising.island import SECTION_INDEX, SPOT_IDS, SPOT_INDEX, VALUE
from game.rising.knowledge import KNOWLEDGE, KNOWLEDGE_INDEX
from scenes.rising import island_view as iv
from scenes.rising.board import RisingBoard
from scenes.session import GameSession

MEDUSA = {"monsters": "medusa"}


def _people(n: int, seed: int, options: dict | None = None) -> GameSession:
    seats = [Seat(f"Person {i + 1}", "human", "easy", "") for i in range(n)]
    return GameSession.new("rising", seats, seed=seed, autosave=False, options=options or {})


def _hover(app, pos) -> None:
    for dx in (1, 0):  # a real pointer arrives with a motion, then rests
        p = (pos[0] + dx, pos[1])
        app.step([event(pygame.MOUSEMOTION, pos=p, rel=(1, 0), buttons=(0, 0, 0))], 1 / 60)


def test_a_resource_tiles_tooltip_gives_the_explorers_own_target(app):
    board: RisingBoard = open_board(app, _people(2, seed=5))
    settle(app, board)
    assert board.human == 0 and board.view.councilor[0] == 0  # seat 1 plays the Explorer
    for spot in ("mountains-1", "hills-2", "forests-3"):
        t = SPOT_INDEX[spot]
        cx, cy = iv.spot_center(spot)
        _hover(app, (int(cx), int(cy)))
        printed, yours = VALUE[t]["target"], board.view.target(0, t)
        assert yours == max(2, printed - 1)
        assert board.hover == spot
        assert f"rolls a die: {yours} or more" in board.tip, board.tip
        if yours != printed:
            assert f"Printed {printed}+; Person 1's target is {yours} now" in board.tip


def _reach(want, n: int = 3, options: dict | None = None):
    """A session of ``n`` people, played at random (seeded) until a decision offers a move
    ``want`` accepts: (session, that move)."""
    import random

    for seed in range(40):
        session = _people(n, seed, options)
        rng = random.Random(seed)
        while (dec := session.decision()) is not None and session.state.round_number < 9:
            legal = session.state.legal_actions(dec.players[0])
            hits = [a for a in legal if want(session.state, a)]
            if hits:
                return session, hits[0]
            session.apply(rng.choice(legal))
    raise AssertionError("no game offers that move")


def _twice(app, board: RisingBoard, move) -> tuple[str, int]:
    """Click towards ``move`` until the board asks to confirm; (its words, moves made)."""
    before = len(board.session.record.actions)
    for _ in range(4):
        click_for(app, board, move)
        if board.armed is not None or len(board.session.record.actions) != before:
            break
    return board.notice, len(board.session.record.actions) - before


def test_drawing_medusas_gaze_onto_your_own_atlantean_asks_first_and_says_who_turns_to_stone(app):
    app.settings.animation_speed = "instant"
    session, gaze = _reach(
        lambda st, a: a.kind == "draw_gaze" and st.items[0] != a.player, options=MEDUSA
    )
    board = open_board(app, session)
    settle(app, board)
    t = SPOT_INDEX[gaze["at"]]
    mine = board.view.occ[t].count(gaze.player)
    words, made = _twice(app, board, gaze)
    assert made == 0 and board.armed is not None and board.armed[1] == gaze
    assert words.startswith("Click again to draw Medusa's gaze to ")
    assert f"turns your {mine} Atlantean(s)" in words and "to stone" in words
    stone = len(board.view.petr[t])
    click_for(app, board, gaze)
    assert board.session.record.actions[-1] == gaze
    assert len(board.session.state.petr[t]) > stone


def test_playing_a_card_asks_first_and_says_what_it_does(app):
    app.settings.animation_speed = "instant"
    session, play = _reach(lambda st, a: a.kind == "play", n=2)
    board = open_board(app, session)
    settle(app, board)
    held = len(board.view.hand[play.player])
    words, made = _twice(app, board, play)
    card = KNOWLEDGE[KNOWLEDGE_INDEX[play["card"]]]
    assert made == 0 and board.armed is not None and board.armed[1] == play
    assert words.startswith(f"Click again to play {card.name}: ")
    assert card.text[1:20] in words
    click_for(app, board, play)
    assert board.session.record.actions[-1] == play
    assert len(board.session.state.hand[play.player]) == held - 1


def _shape(name: str, colourblind: bool) -> bytes:
    """A resource's diamond with its colour taken away: dark and light pixels only."""
    from scenes import canvas
    from scenes.rising.look import resource_gem

    surf = canvas.surface((24, 24), pygame.SRCALPHA)
    resource_gem(surf, (12, 12), 6, name, colourblind)
    return bytes(
        int(sum(surf.get_at((x, y))[:3]) < 200 and surf.get_at((x, y))[3] > 0)
        for y in range(24)
        for x in range(24)
    )


def test_in_colour_blind_mode_each_resources_diamond_reads_without_its_colour():
    names = ("ore", "gold", "crystal", "atlantium")
    assert len({_shape(n, True) for n in names}) == 4  # each carries its own mark
    assert len({_shape(n, False) for n in names}) == 1  # the plain ones differ by colour alone


def test_the_blueprint_draws_its_costs_with_the_marks_in_colour_blind_mode(app):
    from scenes.rising.panels import BLUEPRINT

    board: RisingBoard = open_board(app, _people(2, seed=5))
    app.step([], 1 / 60)
    plain = _pixels(app, BLUEPRINT)
    app.settings.colourblind = True
    app.step([], 1 / 60)
    app.step([], 1 / 60)
    assert board.view is not None and _pixels(app, BLUEPRINT) != plain


def _pixels(app, rect) -> bytes:
    from scenes import canvas

    return pygame.image.tobytes(canvas.physical(app.canvas.subsurface(rect)), "RGB")


# --- pop-ups and banners ----------------------------------------------------------------------
def _rest(app, pos, seconds: float = 1.5) -> None:
    _hover(app, pos)
    for _ in range(int(seconds * 60)):
        app.step([], 1 / 60)


def test_a_menus_tooltip_never_covers_its_sixth_choice(app):
    """The report: "6 choices: click to pick one." covered the sixth option of the Raise and
    Convert pop-ups while the pointer rested on the button that opened them."""
    app.settings.animation_speed = "instant"
    session, _ = _reach(
        lambda st, a: sum(b.kind == "convert" for b in st.legal_actions(a.player)) >= 6, n=2
    )
    board = open_board(app, session)
    settle(app, board)
    i = next(i for i, it in enumerate(board.plan.bar) if len(it.actions) >= 6)
    point = board.target_point(f"bar:{i}")
    click_at(app, point)
    assert board.menu is not None and len(board.menu.entries) >= 6
    _rest(app, point)
    entries = [h.rect for h in board.hits if h.key.startswith("menu:")]
    assert len(entries) >= 6
    box = board.tip_box()
    assert box is None or not any(box[0].colliderect(e) for e in entries), box
    # the button's tooltip still shows while its menu is closed
    escape(app)
    _rest(app, point)
    box = board.tip_box()
    assert box is not None and "choices: click to pick one" in board.tipper.text


def test_the_click_again_banner_keeps_clear_of_the_tiles_it_asks_about(app):
    """Sinking at the top of the island: the question covers none of the tips a person may
    pick (the one asked about, nor the others)."""
    app.settings.animation_speed = "instant"

    def top_tips(st, a) -> bool:
        return (
            st.decision().kind == "attack_tiles"
            and st.flooded[0] == 0
            and st.flooded[1] == 0
            and a.kind == "choose"
        )

    session, _ = _reach(top_tips, n=2)
    board = open_board(app, session)
    settle(app, board)
    for _ in range(int(2 * 60)):
        app.step([], 1 / 60)
    for spot in ("mountains-1", "hills-1"):
        click_at(app, board.target_point(spot))
        app.step([], 1 / 60)
        assert board.armed is not None and "Click again to sink" in board.notice
        r = board.notice_rect
        assert r is not None
        tips = [f"{sec}-{board.view.flooded[SECTION_INDEX[sec]] + 1}" for sec in SECTION_INDEX
                if board.view.flooded[SECTION_INDEX[sec]] < 6]  # fmt: skip
        assert not any(r.colliderect(iv.tile_box(SPOT_INDEX[t])) for t in tips), (spot, r)
        escape(app)


def test_the_guide_box_covers_no_tile_and_shows_all_its_words_on_hover(app):
    app.settings.animation_speed = "instant"
    from scenes.rising import hints
    from scenes.rising.look import wrap

    def long_advice(st, a) -> bool:
        h = hints.hint(st.view(a.player), a.player)
        return h is not None and len(wrap(f"Guide: {h.text}", 13, 700)) >= 3

    session, _ = _reach(long_advice, n=3, options=MEDUSA)
    board = open_board(app, session)
    settle(app, board)
    app.step([], 1 / 60)
    r = board.guide_rect
    assert r is not None and iv.clear_of_tiles(r), r
    _rest(app, r.center)
    assert board.tip.startswith(f"Guide: {board.hint.text}"), board.tip


def test_medusa_is_never_cut_by_the_islands_edge():
    from game.rising.island import NUM_TILES
    from scenes.rising import monsters_view as mv

    for t in range(NUM_TILES):
        for monster in ("medusa", "harpies"):
            pos = mv.token_pos(monster, SPOT_IDS[t])
            token = pygame.Rect(0, 0, 44, 44)
            token.center = pos
            assert iv.REGION.contains(token), (monster, SPOT_IDS[t], token)


def test_a_library_that_lets_you_keep_all_you_drew_does_not_ask_you_to_choose(app, monkeypatch):
    from board_ui import drawn_texts

    from scenes.rising import dialogs

    app.settings.animation_speed = "instant"
    session, keep = _reach(
        lambda st, a: (
            a.kind == "keep" and len(st.decision().data["cards"]) <= st.decision().data["keep"]
        )
    )
    board = open_board(app, session)
    settle(app, board)
    drawn = drawn_texts(app, monkeypatch, dialogs, "blit_text")
    assert "The library: this card is yours" in drawn
    assert not any("keep 1 card" in t for t in drawn)
    assert board.session.decision().prompt == "Take the card you drew."
    click_for(app, board, keep)
    assert board.session.record.actions[-1] == keep
