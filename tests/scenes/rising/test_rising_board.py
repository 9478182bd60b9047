"""The Atlantis Rising board, headless: whole games at every speed, a human who only clicks,
random input that never produces an illegal move, and every legal action reachable."""

from __future__ import annotations

import random

import pygame
import pytest
from conftest import click, frames
from conftest import key as press_key
from rising_ui import click_at, click_for, event, open_board, spy

from ai.runner import BotRunner
from game.core import registry
from game.core.protocol import Event
from game.core.saves import Seat
from game.rising.island import NUM_TILES, SPOT_IDS, SPOT_INDEX
from game.rising.knowledge import HAND_LIMIT, KNOWLEDGE
from scenes.canvas import Canvas
from scenes.help_scene import HelpScene
from scenes.results_scene import ResultsScene
from scenes.rising import animations as anims
from scenes.rising import island_view as iv
from scenes.rising.board import RisingBoard
from scenes.rising.controls import make_plan
from scenes.session import GameSession
from scenes.settings_scene import SettingsScene


def _session(kinds: list[str], seed: int, level: str = "random") -> GameSession:
    seats = [Seat(f"{k.capitalize()} {i + 1}", k, level, "") for i, k in enumerate(kinds)]
    return GameSession.new(
        "rising", seats, seed=seed, autosave=False, runner_factory=lambda: BotRunner(mode="inline")
    )


def test_tiles_are_found_where_they_are_drawn():
    for t in range(NUM_TILES):
        x, y = iv.tile_center(t)
        assert iv.tile_at((int(x), int(y))) == SPOT_IDS[t]
        assert iv.REGION.collidepoint(x, y)
    assert iv.tile_at(iv.CENTRE) == "centre"


def test_every_legal_action_has_a_place_on_the_board():
    """Random games: at every decision, each legal action is a target or a button."""
    spec = registry.get("rising")
    kinds: set[str] = set()
    for seed in range(6):
        st = spec.create(3 + seed % 4, {}, seed)
        rng = random.Random(seed)
        while (dec := st.decision()) is not None:
            p = dec.players[0]
            legal = st.legal_actions(p)
            plan = make_plan(dec.kind, legal, ["a"] * st.n, st.flooded)
            assert set(legal) <= plan.all_actions(), dec.kind
            kinds.add(dec.kind)
            st.apply(rng.choice(legal))
    assert {"place", "production", "attack_tiles", "build", "card_window"} <= kinds


@pytest.mark.parametrize(
    ("speed", "dt"), [("instant", 1 / 60), ("1x", 0.5), ("2x", 0.4), ("4x", 0.3)]
)
def test_bot_games_reach_the_results_screen(app, speed, dt):
    app.settings.animation_speed = speed
    session = _session(["bot"] * 3, seed=11)
    applied = spy(session)
    board = open_board(app, session)
    for _ in range(6000):
        app.step([], dt)
        if isinstance(app.stack.top, ResultsScene):
            break
    assert isinstance(app.stack.top, ResultsScene), (speed, len(applied))
    assert session.is_over and applied
    assert board.session.results().rows


def test_a_human_plays_a_whole_game_with_the_mouse(app):
    app.settings.animation_speed = "instant"
    session = _session(["human", "bot"], seed=4)
    applied = spy(session)
    board = open_board(app, session)
    rng = random.Random(3)
    by_human = 0
    for _ in range(20000):
        if isinstance(app.stack.top, ResultsScene):
            break
        if board.human is None:
            app.step([], 1 / 60)
            continue
        legal = session.state.legal_actions(board.human)
        want = rng.choice(legal)
        before = len(session.record.actions)
        for _ in range(6):
            click_for(app, board, want)
            if len(session.record.actions) != before:
                break
        assert len(session.record.actions) > before, (want, board.kind)
        assert applied[before] == want
        by_human += 1
    assert isinstance(app.stack.top, ResultsScene)
    assert by_human > 30


def test_random_input_never_makes_an_illegal_move(app):
    app.settings.animation_speed = "2x"
    session = _session(["human", "human", "bot"], seed=8)
    rng = random.Random(5)
    for _ in range(70):  # mid-game: floods, cards in hand, a galley on its way
        dec = session.decision()
        session.apply(rng.choice(session.state.legal_actions(dec.players[0])))
    start = len(session.record.actions)
    spy(session)
    board = open_board(app, session)
    keys = [
        pygame.K_SPACE,
        pygame.K_RETURN,
        pygame.K_z,
        pygame.K_TAB,
        pygame.K_l,
        pygame.K_c,
        pygame.K_b,
        pygame.K_g,
        pygame.K_1,
        pygame.K_2,
        pygame.K_3,
        pygame.K_5,
        pygame.K_9,
    ]
    held = False
    pressed_at = (0, 0)
    for _ in range(3000):
        if isinstance(app.stack.top, ResultsScene):
            break
        if app.stack.top is not board:
            app.stack.pop(app.stack.top)
            app.stack.apply_pending()
        pos = (rng.randrange(-20, 1300), rng.randrange(-20, 740))
        targets = [k for k in board.plan.direct if k in SPOT_INDEX] or [h.key for h in board.hits]
        if rng.random() < 0.3 and targets:  # aim at the island and the buttons as well
            point = board.target_point(rng.choice(targets))
            if point is not None:
                view = app.view_rect  # canvas to window: the window may have been resized
                pos = (
                    view.x + point[0] * view.width // 1280,
                    view.y + point[1] * view.height // 720,
                )
        r = rng.random()
        if r < 0.4:
            ev = event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(1 if held else 0, 0, 0))
        elif r < 0.6:
            held = True
            pressed_at = pos
            ev = event(pygame.MOUSEBUTTONDOWN, pos=pos, button=rng.choice((1, 1, 3)))
        elif r < 0.8:
            held = False
            # a click lets go where it pressed; a slip or a drag lets go somewhere else
            up = pressed_at if rng.random() < 0.6 else pos
            ev = event(pygame.MOUSEBUTTONUP, pos=up, button=1)
        elif r < 0.83:
            ev = event(pygame.MOUSEWHEEL, x=0, y=rng.choice((-1, 1)), flipped=False)
        elif r < 0.85:
            ev = event(
                pygame.VIDEORESIZE,
                size=(rng.randrange(300, 2000), rng.randrange(200, 1200)),
                w=800,
                h=600,
            )
        else:
            ev = event(pygame.KEYDOWN, key=rng.choice(keys), mod=0, unicode="", scancode=0)
        app.step([ev], rng.choice((1 / 60, 0.1, 0.3)))
    assert len(session.record.actions) > start + 3


# --- review fixes: rising tiles, press/release, live settings, undo sound, help ---------------
def _placing(app) -> RisingBoard:
    """Two people at the table, the first one placing Atlanteans (no hand-off screen)."""
    app.settings.animation_speed = "1x"
    board = open_board(app, _session(["human", "human"], seed=3))
    assert board.kind == "place" and board.human == 0
    return board


def test_a_restored_tile_rises_and_stays_sunk_until_it_does(app, monkeypatch):
    board = _placing(app)
    t = 5
    board.on_events([Event("tile_restored", "The tile rises.", {"tile": SPOT_IDS[t]})])
    flip = board.anim.queue[-1]
    assert isinstance(flip, anims.Flip) and flip.sinking is False
    before, _ = board.anim.tile_overrides()
    assert before[t] is True  # drawn sunk while it waits: it must not stand, sink, then pop up
    drawn: list[bool] = []
    monkeypatch.setattr(iv, "draw_flip", lambda surface, tile, p, sinking: drawn.append(sinking))
    frames(app, 3)
    assert drawn and not any(drawn)  # the rising animation, never the sinking one


def _press_release(app, down: tuple[int, int], up: tuple[int, int]) -> None:
    app.step([event(pygame.MOUSEMOTION, pos=down, rel=(0, 0), buttons=(0, 0, 0))], 1 / 60)
    app.step([event(pygame.MOUSEBUTTONDOWN, pos=down, button=1)], 1 / 60)
    app.step([event(pygame.MOUSEMOTION, pos=up, rel=(1, 1), buttons=(1, 0, 0))], 1 / 60)
    app.step([event(pygame.MOUSEBUTTONUP, pos=up, button=1)], 1 / 60)


def test_a_click_needs_press_and_release_on_the_same_target(app):
    board = _placing(app)
    applied = spy(board.session)
    tile = board.target_point("cities-1")
    speed = board.target_point("cmd:speed")
    assert tile is not None and speed is not None
    _press_release(app, tile, speed)  # pressed on a tile, let go over a button
    assert app.settings.animation_speed == "1x" and not applied
    _press_release(app, speed, tile)  # and the other way round
    assert app.settings.animation_speed == "1x" and not applied
    _press_release(app, tile, tile)
    assert [a.kind for a in applied] == ["place"]


def test_a_dragged_atlantean_drops_only_on_the_island_or_the_navy(app):
    board = _placing(app)
    applied = spy(board.session)
    home = board.target_point("home")
    guide = board.target_point("cmd:guide")
    assert home is not None and guide is not None and board.guide_on
    _press_release(app, home, guide)  # dropped over a button: the button is not pressed
    assert board.guide_on and not applied and not board.dragging
    _press_release(app, home, board.target_point("cities-2"))
    assert [a.get("at") for a in applied] == ["cities-2"]


def test_the_guidance_setting_applies_to_the_running_game(app):
    board = _placing(app)
    assert board.guide_on and board.hint is not None
    settings = SettingsScene(app)
    app.stack.push(settings)
    frames(app, 1)
    click(app, settings.guidance)  # "First-game guidance" off, from the pause menu's settings
    click(app, settings.back_btn)
    assert app.stack.top is board
    assert not board.guide_on and board.hint is None
    press_key(app, pygame.K_g)  # G still turns it back on for this game
    assert board.guide_on and board.hint is not None
    app.stack.push(SettingsScene(app))  # an unchanged setting does not undo the G key
    frames(app, 1)
    app.stack.pop(app.stack.top)
    app.stack.apply_pending()
    frames(app, 1)
    assert board.guide_on


def test_the_first_placement_on_the_board_teaches_the_navy(app):
    """Round 1, nothing attacked yet: the guide line names the Navy, lights it up, and fits."""
    from scenes.rising.board_drawing import HINT_LINES
    from scenes.rising.look import wrap

    board = _placing(app)
    assert board.view.round == 1 and board.guide_on
    text = board.hint.text
    assert "Navy" in text and "attack" in text and "navy" in board.hint.targets
    assert len(wrap(f"Guide: {text}", 13, 700)) <= HINT_LINES, text


def test_undo_plays_its_sound(app, monkeypatch):
    board = _placing(app)
    played: list[str] = []
    monkeypatch.setattr(app.audio, "play", lambda name, *a, **k: played.append(name))
    moves = len(board.session.record.actions)
    click_at(app, board.target_point("cities-1"))
    assert board.can_undo() and len(board.session.record.actions) == moves + 1
    played.clear()
    press_key(app, pygame.K_z)
    assert len(board.session.record.actions) == moves
    assert "click" in played  # the undo event's sound


def test_the_board_opens_its_own_help_page(app):
    board = _placing(app)
    board.open_help()
    app.stack.apply_pending()
    frames(app, 1)
    top = app.stack.top
    assert isinstance(top, HelpScene) and top.topic == "rising"
    assert "Mystic energy" in top.text.html_text  # the rules page, not the app's welcome


def _luminance(c) -> float:
    def lin(v: int) -> float:
        v = v / 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

    return 0.2126 * lin(c[0]) + 0.7152 * lin(c[1]) + 0.0722 * lin(c[2])


def _contrast(a, b) -> float:
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def _banner_contrast(surface: pygame.Surface, band: pygame.Rect) -> tuple[float, float]:
    """(text vs background contrast, share of the band in its background colour), read from
    the drawn pixels: the background is the band's commonest colour, the text its pixel that
    stands out most from it."""
    from collections import Counter

    px = Counter(
        tuple(surface.get_at((x, y))[:3])
        for x in range(band.x, band.right)
        for y in range(band.y + 3, band.bottom - 3)
    )
    bg, n = px.most_common(1)[0]
    text = max(px, key=lambda c: _contrast(c, bg))
    return _contrast(text, bg), n / sum(px.values())


@pytest.mark.parametrize("colour", ["GOLD", "GOOD", "WARN"])
def test_banners_read_clearly_over_the_palest_tile(colour):
    """Over the brightest tile colour the band is solid and the words keep 4.5:1 or more."""
    from scenes import palette
    from scenes.rising import look

    rgb = getattr(palette, colour, None) or getattr(look, colour)
    surface = Canvas(pygame.Surface((1280, 720)))
    surface.fill(palette.PARCHMENT)
    banner = anims.Banner(1.6, message="The Athenians sink 4 tiles.", colour=rgb)
    banner.draw(surface, 0.5)
    ratio, solid = _banner_contrast(surface, banner.band())
    assert ratio >= 4.5, ratio
    assert solid > 0.6  # no island showing through the band


def test_the_attack_banner_on_the_board_has_contrast(app):
    board = _placing(app)
    board.on_events([Event("attack_resolved", "The Athenians sink 3 tiles.", {"tiles": 3})])
    banner = next(a for a in board.anim.queue if isinstance(a, anims.Banner))
    while banner.progress < 0.5:
        app.step([], 0.1)
    ratio, solid = _banner_contrast(app.canvas, banner.band())
    assert ratio >= 4.5 and solid > 0.6, (ratio, solid)


def _tiles_under(rect: pygame.Rect) -> list[int]:
    return [t for t in range(NUM_TILES) if rect.collidepoint(iv.tile_center(t))]


def test_the_misfortune_card_leaves_when_its_phase_is_over(app):
    """A person plays against a bot at normal speed: each misfortune card shows, never sits
    over tiles the person must click, and is gone once the person decides in a later phase."""
    app.settings.animation_speed = "1x"
    session = _session(["human", "bot"], seed=6)
    board = open_board(app, session)
    shown = cleared = 0
    for _ in range(4000):
        app.step([], 0.05)
        cards = [a for a in board.anim.queue if isinstance(a, anims.Card)]
        if any(a.started for a in cards):
            shown += 1
        deciding = board.human is not None and board.decision is not None
        wants_tiles = any(k in SPOT_INDEX and SPOT_INDEX[k] < NUM_TILES for k in board.plan.direct)
        later = deciding and board.view.phase != "misfortune"
        for card in cards:
            if later or (deciding and wants_tiles):
                assert not _tiles_under(card.where), card.where  # beside the island
            if later and card.started:
                assert card.progress <= anims.CARD_SHOWN + 0.05  # and soon gone
        if later and shown and not cards:
            cleared += 1
        if deciding and not board.anim.busy:
            board.act(session.state.legal_actions(board.human)[0])
        if board.view.round > 2:
            break
    assert shown and cleared


def _longest_first(keys: list[str]) -> list[str]:
    from scenes.assets import font
    from scenes.rising.panels import CARD_FONT

    return sorted(keys, key=lambda k: -font(CARD_FONT, "bold").size(KNOWLEDGE[k_idx(k)].short)[0])


def k_idx(key: str) -> int:
    from game.rising.knowledge import KNOWLEDGE_INDEX

    return KNOWLEDGE_INDEX[key]


def test_every_card_button_names_its_card_in_full_words():
    """Any card, any hand up to the limit, any table size: the label fits its button in the
    font in use (no ellipsis), at 14 px or more, and it is the card's name or its short name."""
    from scenes.assets import font
    from scenes.rising import panels

    assert panels.CARD_FONT >= 14
    f = font(panels.CARD_FONT, "bold")
    for n in range(1, 7):
        height = panels.Panels.seat_rects(n)[0].height
        for cards in range(1, HAND_LIMIT + 2):
            if cards > HAND_LIMIT and n == 6:
                continue  # a fifth card at six seats: see the test below
            rects = panels.card_rects(height, cards)
            assert len(rects) == cards
            assert all(r.bottom <= height - 2 and r.right <= panels.LEFT.width - 8 for r in rects)
            for card in KNOWLEDGE:
                for r in rects:
                    label = panels.card_label(card.key, r.width)
                    assert label in (card.name, card.short)
                    assert f.size(label)[0] <= r.width - panels.CARD_PAD, (n, cards, label)


def test_six_seat_panels_draw_unshortened_card_names(app, monkeypatch):
    """What the panel really draws at six seats, with the four longest-named cards in hand."""
    from scenes.rising import panels

    drawn: list[str] = []
    real = panels.blit_text

    def recording(surface, s, *args, **kwargs):
        drawn.append(s)
        return real(surface, s, *args, **kwargs)

    monkeypatch.setattr(panels, "blit_text", recording)
    app.settings.animation_speed = "instant"
    session = _session(["human"] + ["bot"] * 5, seed=1)
    longest = _longest_first([c.key for c in KNOWLEDGE])[:HAND_LIMIT]
    session.state.hand[0] = [k_idx(k) for k in longest]
    board = open_board(app, session)
    board.panels.clear()
    frames(app, 2)
    for key in longest:
        card = KNOWLEDGE[k_idx(key)]
        assert card.name in drawn or card.short in drawn, (card.name, drawn)
    assert not [s for s in drawn if s.endswith("…")], drawn


def test_a_prompt_too_long_for_the_bar_says_there_is_more(monkeypatch):
    """Medusa's prompt ran past two lines and was cut mid-sentence with no sign of the rest;
    a real prompt now gets three lines (test_rising_polish), one longer than any says so."""
    import pygame

    import scenes.rising.board_drawing as rb

    drawn: list[str] = []
    real = rb.blit_text
    monkeypatch.setattr(
        rb, "blit_text", lambda surf, text, *a, **k: drawn.append(text) or real(surf, text, *a, **k)
    )
    long_line = (
        "Player 1 (Explorer): " + "Medusa is about to move from Hills 2 and look around. " * 7
    )
    rb.BoardDrawing._prompt(
        Canvas(pygame.Surface((800, 60))),
        rb.prompt_layout(long_line, 620 - 44, 38),
        pygame.Rect(0, 0, 620, 38),
        (255, 255, 255),
    )
    assert len(drawn) == 2 and drawn[-1].endswith("…")


def test_the_animation_table_names_real_events_each_in_one_place():
    """The event -> animation table: base and monster kinds never overlap, and every kind it
    animates is one the engine declares (or the session's undo)."""
    from game.core import registry
    from game.core.events import SESSION_EVENTS
    from scenes.rising import event_anims, monster_anims

    assert not event_anims.BASE_ANIMATIONS.keys() & monster_anims.ANIMATIONS.keys()
    declared = set(registry.get("rising").events) | set(SESSION_EVENTS)
    assert set(event_anims.ANIMATIONS) <= declared, sorted(set(event_anims.ANIMATIONS) - declared)
    medusa_ally = event_anims.ANIMATIONS["medusa_ally"]
    assert medusa_ally == (monster_anims.followers, monster_anims.banner)  # motion, then banner


def test_large_text_blueprint_scrolls_with_the_wheel_to_every_component(app):
    """At text size 1.5 the blueprint's rows (names whole, a cost line under a long one) do
    not all fit the column: the mouse wheel over the blueprint brings the last component
    into sight, where the mouse finds it; elsewhere the wheel leaves the blueprint alone."""
    from game.rising.components import COMPONENTS
    from scenes.assets import TextSizing, set_text_sizing
    from scenes.rising import panels
    from scenes.rising.shots import SHOTS

    app.settings.ui_scale = 1.5
    app.apply_ui_scale()
    try:
        board = dict(SHOTS)["rising-midgame"](app)
        app.stack.reset(board)
        app.stack.apply_pending()
        frames(app, 3)
        last = len(board.view.blueprint) - 1
        name = COMPONENTS[board.view.blueprint[last]].name
        assert not panels.Panels.blueprint_row_shown(last)
        assert not any(name in h.tip and h.rect.colliderect(panels.BLUEPRINT) for h in board.hits)

        def wheel(at: tuple[int, int], dy: int) -> None:
            app.step([event(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(0, 0, 0))], 1 / 60)
            app.step([event(pygame.MOUSEWHEEL, x=0, y=dy, flipped=False, precise_x=0.0,
                            precise_y=float(dy))], 1 / 60)  # fmt: skip

        wheel((640, 360), -5)  # over the island: nothing moves
        assert not panels.Panels.blueprint_row_shown(last)
        for _ in range(10):
            wheel(panels.BLUEPRINT.center, -1)
        frames(app, 1)
        assert panels.Panels.blueprint_row_shown(last)
        row = panels.Panels.blueprint_row(last)
        assert panels.BLUEPRINT.contains(row)
        found = [h for h in board.hits if h.rect.collidepoint(row.center)]
        assert found and name in found[-1].tip
        click_at(app, row.center)  # a click there is the component's (no error, no move)
        for _ in range(10):
            wheel(panels.BLUEPRINT.center, 1)
        assert panels.Panels.blueprint_row_shown(0)
    finally:
        set_text_sizing(TextSizing())


def _shot_at(app, shot: str, scale: float) -> RisingBoard:  # noqa: ANN001
    """The catalogue's board ``shot`` at text size ``scale``, settled and shown."""
    from rising_ui import settle

    from scenes.rising.shots import SHOTS

    app.settings.ui_scale = scale
    app.apply_ui_scale()
    board = dict(SHOTS)[shot](app)
    app.stack.reset(board)
    app.stack.apply_pending()
    settle(app, board)
    return board


def _lines_drawn(app) -> list:  # noqa: ANN001
    """The lines of the next frame (inside ``text_audit.auditing()``)."""
    import text_audit

    text_audit.start_frame(app.frame)
    app.step([], 1 / 60)
    return text_audit.lines_on(app.frame)


def test_a_tooltip_at_large_text_keeps_its_lines_apart(app):
    """At text size 2.0 a tooltip's lines (the Power Source's rules) are a line of their text
    apart and inside their box: the designed 17-px step laid them over each other."""
    import text_audit

    from scenes.assets import TextSizing, set_text_sizing
    from scenes.rising import island_view as iv

    try:
        with text_audit.auditing():
            board = _shot_at(app, "rising-midgame", 2.0)
            centre = (int(iv.CENTRE[0]), int(iv.CENTRE[1]))
            app.step([event(pygame.MOUSEMOTION, pos=centre, rel=(0, 0), buttons=(0, 0, 0))],
                     1 / 60)  # fmt: skip
            for _ in range(90):
                text_audit.start_frame(app.frame)
                app.step([], 1 / 60)
            box = board.tip_box()
            assert box is not None and len(box[1]) >= 3, box
            rect, lines = box
            drawn = [ln for ln in text_audit.lines_on(app.frame) if ln.text in lines]
            assert len(drawn) >= len(lines)
            inks = sorted((ln.ink for ln in drawn), key=lambda r: r.y)
            assert all(a.bottom <= b.top + 1 for a, b in zip(inks, inks[1:], strict=False)), inks
            assert all(rect.contains(ink) for ink in inks)
    finally:
        set_text_sizing(TextSizing())


def test_a_long_decision_at_large_text_takes_the_turns_corner_and_is_shown_whole(app):
    """At 1.5 the Athenians' attack asks in three lines' worth of words: the decision's box
    takes the top bar's corner (the turn moves to its tooltip) and shows every word; at 1.0
    the corner keeps the turn and the phase."""
    import text_audit

    from scenes.assets import TextSizing, set_text_sizing
    from scenes.rising.shots import SHOTS

    def shown(scale: float) -> tuple[object, list]:
        app.settings.ui_scale = scale
        app.apply_ui_scale()
        board = dict(SHOTS)["rising-attack"](app)
        app.stack.reset(board)
        app.stack.apply_pending()
        frames(app, 2)
        text_audit.start_frame(app.frame)
        app.step([], 1 / 60)
        return board, text_audit.lines_on(app.frame)

    try:
        with text_audit.auditing():
            board, drawn = shown(1.0)
            assert any(ln.text.startswith("Turn ") for ln in drawn)
            board, drawn = shown(1.5)
            box = board.prompt_rect
            tip = next(h.tip for h in board.hits if h.rect == box)
            line = tip.rsplit(" (Turn ", 1)[0]
            assert "Turn" in tip and "choose a section" in line
            inside = sorted((ln for ln in drawn if box.contains(ln.ink)), key=lambda ln: ln.ink.y)
            assert " ".join(ln.text for ln in inside) == line, [ln.text for ln in inside]
            assert not any(ln.text.startswith("Turn ") for ln in drawn)
    finally:
        set_text_sizing(TextSizing())


def test_seats_fold_to_a_name_row_at_the_largest_text_and_tell_the_rest_on_hover(app):
    """At 2.0 the four seat panels' lines do not all fit the column: the deciding seat keeps
    its whole panel, the others fold to their name's row, no seat's line is drawn below the
    chosen size, and pointing at a folded row tells its counts (they used to share the column
    alike and draw every line small)."""
    import text_audit
    from screen_audit import small_lines

    from scenes.assets import TextSizing, set_text_sizing
    from scenes.rising import panels

    try:
        with text_audit.auditing():
            board = _shot_at(app, "rising-midgame", 2.0)
            text_audit.start_frame(app.frame)
            app.step([], 1 / 60)
            seats = [ln for ln in text_audit.lines_on(app.frame) if "_paint_seat" in ln.site
                     or "_paint_folded" in ln.site]  # fmt: skip
            assert seats and not small_lines(seats), small_lines(seats)
            view = board.view
            deciding = [i for i in range(view.n) if i not in panels._FOLDED]
            assert panels._FOLDED and deciding, panels._FOLDED
            rects = panels.Panels.seat_rects(view.n, board.foot)
            seat = min(panels._FOLDED)
            pos = rects[seat].center
            app.step([event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))],
                     1 / 60)  # fmt: skip
            for _ in range(90):
                app.step([], 1 / 60)
            box = board.tip_box()
            assert box is not None, "no tooltip over a folded seat"
            words = " ".join(box[1])
            assert "at home" in words and "Knowledge cards" in words, words
    finally:
        set_text_sizing(TextSizing())


def test_a_decision_too_long_for_the_top_bar_at_the_largest_text_gets_a_box_atop_the_seats(app):
    """At 2.0 Medusa's placement question does not fit the top bar even taking the turn's
    corner: it is shown in a box of its own atop the seats' column, every word whole, and the
    seat panels start under it (the bar cut it to 'Kleito (Explorer): Pl…')."""
    import text_audit

    from scenes.assets import TextSizing, set_text_sizing
    from scenes.rising import panels

    try:
        with text_audit.auditing():
            board = _shot_at(app, "rising-medusa", 2.0)
            text_audit.start_frame(app.frame)
            app.step([], 1 / 60)
            box = board.prompt_rect
            assert box is not None and box.x == panels.LEFT_DESIGNED.x and box.y >= 44, box
            said = board._decision_line()[0]
            drawn = [ln for ln in text_audit.lines_on(app.frame) if box.contains(ln.ink)]
            words = " ".join(ln.text for ln in sorted(drawn, key=lambda ln: ln.ink.y))
            assert words == said or words.endswith("(more)") or "(more:" in words, words
            assert "…" not in words and words.split(":")[0] in said
            seats = panels.Panels.seat_rects(board.view.n, board.foot)
            assert seats[0].y >= box.bottom and seats[-1].bottom <= board.foot
    finally:
        set_text_sizing(TextSizing())


def test_the_guide_keeps_its_move_whole_with_a_shorter_note_when_the_long_one_does_not_fit():
    """The largest text: 'Fill Cities 2 with your own Atlanteans' with ' (more: point here)'
    takes two lines of the room, with ' (more)' one: one whole line, no ellipsis."""
    from scenes.rising.board_drawing import GUIDE_MORE, guide_lines
    from scenes.rising.look import font

    advice = "Fill Cities 2 with your own Atlanteans (1 ring(s)) to raise the Power Source."
    head = "Guide: Fill Cities 2 with your own Atlanteans"
    f = font(13)
    width = f.size(head + " (more)")[0] + 2
    assert f.size(head + GUIDE_MORE)[0] > width
    lines, cut = guide_lines(advice, 1, width)
    assert cut and lines == [head + " (more)"], lines


def test_the_attack_at_the_largest_text_keeps_the_sections_and_the_misfortune_whole(app):
    """At 2.0 the six sections to give up fit the action bar with their names whole (tighter
    margins; they were cut to 'Mountai…', 'Fores…'), and the last misfortune's words, too many
    for the full column, give way to a line saying where they are: pointing there tells them
    (the column used to fall back to small print)."""
    import text_audit
    from screen_audit import small_lines

    from scenes.assets import TextSizing, set_text_sizing
    from scenes.rising import panels

    try:
        with text_audit.auditing():
            board = _shot_at(app, "rising-attack", 2.0)
            text_audit.start_frame(app.frame)
            app.step([], 1 / 60)
            drawn = text_audit.lines_on(app.frame)
            chips = [ln for ln in drawn if ln.site.startswith("rising.look:chip")]
            labels = {ln.text for ln in chips}
            assert {"Mountains", "Hills", "Forests", "Forges", "Libraries", "Cities"} <= labels
            assert not any("…" in t for t in labels), labels
            right = [ln for ln in drawn if panels.MISFORTUNE.contains(ln.ink)]
            assert panels.MISFORTUNE_MORE in {ln.text for ln in right}
            assert not small_lines(right), small_lines(right)
        where = (panels.MISFORTUNE.centerx, panels.MISFORTUNE.bottom - 10)
        app.step([event(pygame.MOUSEMOTION, pos=where, rel=(0, 0), buttons=(0, 0, 0))], 1 / 60)
        for _ in range(90):
            app.step([], 1 / 60)
        box = board.tip_box()
        assert box is not None and "Panic!" in " ".join(box[1]), box
    finally:
        set_text_sizing(TextSizing())


def test_the_build_dialog_at_the_largest_text_scrolls_its_rows_with_the_wheel(app):
    """At 2.0 the build dialog's ten rows do not fit it: they keep the chosen size (it used to
    draw them smaller) and the wheel over the dialog brings the last component into sight; a
    line says how many rows are out of sight."""
    import text_audit
    from screen_audit import small_lines

    from game.rising.components import COMPONENTS
    from scenes.assets import TextSizing, set_text_sizing

    try:
        with text_audit.auditing():
            board = _shot_at(app, "rising-build", 2.0)
            dialog, drawn = board.build_dialog, _lines_drawn(app)
            inside = [ln for ln in drawn if dialog.rect.contains(ln.ink)]
            assert inside and not small_lines(inside), small_lines(inside)
            assert dialog.hidden[1] > 0 and any("below" in ln.text for ln in inside)
        last = COMPONENTS[board.view.blueprint[-1]].name
        assert last not in [d.name for d in dialog.drawn]
        for _ in range(12):
            app.step([event(pygame.MOUSEMOTION, pos=dialog.rect.center, rel=(0, 0),
                            buttons=(0, 0, 0))], 1 / 60)  # fmt: skip
            app.step([event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0,
                            precise_y=-1.0)], 1 / 60)  # fmt: skip
        assert last in [d.name for d in dialog.drawn], [d.name for d in dialog.drawn]
        assert dialog.hidden[1] == 0 and dialog.hidden[0] > 0
    finally:
        set_text_sizing(TextSizing())


def test_a_replay_at_the_largest_text_says_where_it_stands_on_a_strip_of_its_own(app):
    """At 2.0 the replay bar has no room for 'Move 0 of N' between its buttons (it lay under
    Speed): it goes on a strip over the bar's left end, whole, clear of every button, and the
    board ends above the strip; stepping on by the bar's Next button moves it on."""
    import text_audit

    from scenes.assets import TextSizing, set_text_sizing
    from scenes.history.replay_scene import BAR, ReplayScene

    try:
        board = _shot_at(app, "rising-midgame", 2.0)
        replay = ReplayScene(app, board.session.record)
        app.stack.reset(replay)
        app.stack.apply_pending()
        frames(app, 2)
        total = replay.session.total
        replay._bar = None  # the bar paints its words once per move: paint them in sight
        with text_audit.auditing():
            drawn = _lines_drawn(app)
        moves = [ln for ln in drawn if ln.text.startswith(f"Move 0 of {total}")]
        assert moves, [ln.text for ln in drawn if "Move" in ln.text]
        buttons = [replay.speed_btn, replay.close_btn, replay.next_btn, replay.take_btn]
        assert not any(moves[0].ink.colliderect(b.rect) for b in buttons)
        assert replay.board.foot <= moves[0].ink.top < BAR.y
        click(app, replay.next_btn)
        frames(app, 2)
        with text_audit.auditing():
            drawn = _lines_drawn(app)
        assert any(ln.text.startswith(f"Move 1 of {total}") for ln in drawn)
    finally:
        set_text_sizing(TextSizing())
