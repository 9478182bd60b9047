"""Input between phases on the Rising board, by real clicks through App.step: a new kind of
decision is announced and takes no click pressed before it settled; moves that cannot be taken
back need a second click; the top bar never moves; undo and prompts speak plainly."""

from __future__ import annotations

import random
import re

import pygame
from conftest import frames
from conftest import key as press_key
from rising_ui import click_at, click_for, event, open_board, settle, spy

from game.core import registry
from game.core.protocol import Action
from game.core.saves import Seat
from game.rising.island import SECTION_INDEX
from scenes.board_base import ANNOUNCE_EDGE, ANNOUNCE_S, SETTLE_S
from scenes.rising import animations as anims
from scenes.rising import island_view as iv
from scenes.rising.board import RisingBoard
from scenes.session import GameSession


def _session(moves: list[Action], seed: int, n: int = 2) -> GameSession:
    seats = [Seat(f"Person {i + 1}", "human", "easy", "") for i in range(n)]
    s = GameSession.new("rising", seats, seed=seed, autosave=False)
    for a in moves:
        s.apply(a)
    return s


def _find(kind: str, before: str = "", want=lambda a: True) -> tuple[int, list[Action], Action]:
    """A seeded two-seat game played at random up to a move ``want`` that turns a ``before``
    decision into a ``kind`` decision: (seed, the moves before it, that move)."""
    spec = registry.get("rising")
    for seed in range(200):
        st = spec.create(2, {}, seed)
        rng = random.Random(seed)
        moves: list[Action] = []
        while (dec := st.decision()) is not None and st.round_number < 9:
            legal = st.legal_actions(dec.players[0])
            if dec.kind != kind and (not before or dec.kind == before):
                for a in legal:
                    world = st.clone()
                    world.apply(a)
                    nxt = world.decision()
                    if nxt is not None and nxt.kind == kind and want(a):
                        return seed, moves, a
            a = rng.choice(legal)
            st.apply(a)
            moves.append(a)
    raise AssertionError(f"no game reaches {kind} from {before}")


def _until(found, options=None) -> tuple[int, list[Action]]:
    """A seeded two-seat game played at random until ``found(state, decision, legal)``."""
    spec = registry.get("rising")
    for seed in range(200):
        st = spec.create(2, dict(options or {}), seed)
        rng = random.Random(seed)
        moves: list[Action] = []
        while (dec := st.decision()) is not None and st.round_number < 9:
            legal = st.legal_actions(dec.players[0])
            if found(st, dec, legal):
                return seed, moves
            a = rng.choice(legal)
            st.apply(a)
            moves.append(a)
    raise AssertionError("no game gets there")


def _press(app, pos) -> None:
    app.step([event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))], 1 / 60)
    app.step([event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)], 1 / 60)


def _release(app, pos) -> None:
    app.step([event(pygame.MOUSEBUTTONUP, pos=pos, button=1)], 1 / 60)


def _announce_pixels(app) -> int:
    """Pixels of the announcement's frame colour in the band under the top bar."""
    band = app.canvas.subsurface(pygame.Rect(264, 44, 720, 60))
    return pygame.mask.from_threshold(band, ANNOUNCE_EDGE, (1, 1, 1, 255)).count()


def _at_attack(app) -> tuple[RisingBoard, list[Action], Action]:
    """A board one productive action away from the attack's losses (instant speed)."""
    app.settings.animation_speed = "instant"
    seed, moves, last = _find("attack_tiles", "production")
    board = open_board(app, _session(moves, seed))
    frames(app, int(ANNOUNCE_S * 60) + 10)  # the opening announcement is gone
    assert board.kind == "production" and board.human == last.player
    return board, spy(board.session), last


def _sink_point(board: RisingBoard) -> tuple[str, tuple[int, int]]:
    """An attack-loss choice and the tile a person clicks for it (the one that sinks)."""
    act = next(a for a in board.legal if a.kind == "choose")
    sec = act["section"]
    spot = f"{sec}-{board.view.flooded[SECTION_INDEX[sec]] + 1}"
    return spot, board.target_point(spot)


def test_a_click_pressed_before_the_attack_began_does_not_sink_a_tile(app):
    board, applied, last = _at_attack(app)
    assert _announce_pixels(app) == 0
    # the person presses, while production is still on screen, on a tile the attack can sink
    world = board.session.state.clone()
    world.apply(last)
    chooser = world.decision().players[0]
    sec = next(a for a in world.legal_actions(chooser) if a.kind == "choose")["section"]
    aim = board.target_point(f"{sec}-{world.flooded[SECTION_INDEX[sec]] + 1}")
    _press(app, aim)
    board.session.apply(last)  # ... the game moves on to the attack while the button is down
    frames(app, int(SETTLE_S["instant"] * 60) + 5)
    assert board.kind == "attack_tiles"
    _release(app, aim)  # ... and lets go: that click was meant for production
    frames(app, 2)
    assert len(applied) == 1 and board.armed is None
    # the attack is announced, in words, on the board
    said = board.guard.announcing(board.clock)[0]
    assert (
        said == f"{board.names[board.human]} — The Athenians break through: choose which tile sinks"
    )
    assert _announce_pixels(app) > 100


def test_a_click_just_after_the_change_waits_for_the_settle_time(app):
    board, applied, last = _at_attack(app)
    click_for(app, board, last)  # the last productive action, by a click
    assert applied == [last] and board.kind == "attack_tiles"
    spot, point = _sink_point(board)
    standing = sum(board.view.flooded)
    click_at(app, point)  # a second click in flight when the attack appeared
    assert len(applied) == 1 and board.armed is None
    assert sum(board.view.flooded) == standing
    settle(app, board)
    click_at(app, point)  # now it counts: it asks first
    assert len(applied) == 1 and board.armed is not None
    assert "Click again to sink" in board.notice
    click_at(app, point)
    assert len(applied) == 2 and applied[-1].kind == "choose"
    assert sum(board.view.flooded) == standing + 1
    assert spot not in board.plan.direct  # that tile is gone


def test_sinking_asks_again_and_another_target_changes_the_question(app):
    board, applied, last = _at_attack(app)
    board.session.apply(last)
    applied.clear()
    frames(app, 2)
    settle(app, board)
    choices = [a for a in board.legal if a.kind == "choose"]
    assert len(choices) >= 2
    first, second = choices[0], choices[1]
    standing = list(board.view.flooded)

    def tile(a: Action) -> str:
        sec = a["section"]
        return f"{sec}-{board.view.flooded[SECTION_INDEX[sec]] + 1}"

    click_at(app, board.target_point(tile(first)))
    assert board.armed is not None and board.armed[1] == first and not applied
    click_at(app, board.target_point(tile(second)))  # changed their mind: a new question
    assert board.armed is not None and board.armed[1] == second and not applied
    press_key(app, pygame.K_ESCAPE)  # Esc drops the question
    assert board.armed is None
    click_at(app, board.target_point(tile(second)))
    click_at(app, board.target_point(tile(second)))
    assert applied == [second]
    s = SECTION_INDEX[second["section"]]
    assert board.view.flooded[s] == standing[s] + 1
    assert (
        board.view.flooded[SECTION_INDEX[first["section"]]]
        == standing[SECTION_INDEX[first["section"]]]
        or first["section"] == second["section"]
    )


def test_keys_wait_for_a_new_decision_to_settle(app):
    app.settings.animation_speed = "1x"
    seed, moves, last = _find("place", "start_of_turn")
    board = open_board(app, _session(moves, seed))
    applied = spy(board.session)
    board.act(last)  # 'done': placement begins
    assert board.kind == "place" and not board.input_settled()
    before = len(board.session.record.actions)
    press_key(app, pygame.K_1)  # a number meant for the last decision
    assert len(board.session.record.actions) == before
    settle(app, board)
    assert board.input_settled() and len(applied) == 1


def test_discarding_a_card_takes_two_clicks_on_it(app):
    app.settings.animation_speed = "instant"
    seed, moves, last = _find("discard")
    board = open_board(app, _session(moves, seed))
    board.session.apply(last)
    frames(app, 2)
    settle(app, board)
    assert board.kind == "discard"
    applied = spy(board.session)
    d = next(a for a in board.legal if a.kind == "discard")
    assert board.target_point(f"card:{d['card']}") is not None  # the card in the seat panel
    held = len(board.view.hand[d.player])
    for _ in range(3):  # the card (a menu when it could also be played), then the entry
        click_for(app, board, d)
        if board.armed is not None:
            break
    assert not applied and "Click again to discard" in board.notice
    click_for(app, board, d)
    assert applied == [d] and len(board.view.hand[d.player]) == held - 1


def test_letting_a_flood_through_takes_two_clicks(app):
    app.settings.animation_speed = "instant"
    seed, moves, last = _find("flood_response")
    board = open_board(app, _session(moves, seed))
    board.session.apply(last)
    frames(app, 2)
    settle(app, board)
    assert board.kind == "flood_response"
    applied = spy(board.session)
    accept = next(a for a in board.legal if a.kind == "accept")
    i = next(i for i, it in enumerate(board.plan.bar) if accept in it.actions)
    click_at(app, board.target_point(f"bar:{i}"))
    assert not applied and "Click again to let" in board.notice
    click_at(app, board.target_point(f"bar:{i}"))
    assert applied == [accept]


def test_raising_a_tile_takes_two_clicks(app):
    app.settings.animation_speed = "instant"
    seed, moves = _until(lambda st, dec, legal: any(a.kind == "unflip" for a in legal))
    board = open_board(app, _session(moves, seed))
    applied = spy(board.session)
    raise_ = next(a for a in board.legal if a.kind == "unflip")
    sec = raise_["section"]
    spot = f"{sec}-{board.view.flooded[SECTION_INDEX[sec]]}"
    assert raise_ in board.plan.direct[spot]
    click_at(app, board.target_point(spot))
    assert not applied and "Click again to raise" in board.notice
    click_at(app, board.target_point(spot))
    assert applied == [raise_]


def test_top_bar_buttons_never_move(app):
    app.settings.animation_speed = "1x"
    board = open_board(app, _session([], seed=3))
    frames(app, 1)
    keys = ("cmd:pause", "cmd:help", "cmd:guide", "cmd:undo", "cmd:skip", "cmd:speed")
    without = {k: next(h.rect for h in board.hits if h.key == k) for k in keys}
    board.anim.add(anims.Banner(5.0, message="Turn 9", size=30))  # Skip now does something
    frames(app, 1)
    assert board.anim.active
    with_skip = {k: next(h.rect for h in board.hits if h.key == k) for k in keys}
    assert with_skip["cmd:speed"] == without["cmd:speed"]
    assert with_skip == without
    # nor when the speed label or the guide label changes, or undo becomes possible
    click_at(app, board.target_point("cmd:speed"))
    press_key(app, pygame.K_g)
    click_for(app, board, next(a for a in board.legal if a.kind == "place"))
    assert board.can_undo() and app.settings.animation_speed == "2x"
    after = {k: next(h.rect for h in board.hits if h.key == k) for k in keys}
    assert after == without
    # the decision line ends before the first button
    mid = next(h.rect for h in board.hits if h.key == "info" and h.rect.x == 176)
    assert mid.right < min(r.x for r in after.values())


def test_undo_names_the_tile_as_people_do(app):
    app.settings.animation_speed = "1x"
    seed, moves, last = _find("place", "start_of_turn")
    board = open_board(app, _session(moves, seed))
    board.act(last)
    settle(app, board)
    place = next(a for a in board.legal if a.kind == "place" and a["at"].startswith("cities"))
    click_for(app, board, place)
    assert board.session.record.actions[-1] == place
    press_key(app, pygame.K_z)
    where = place["at"].replace("-", " ").capitalize()
    assert f"at {where}" in board.notice and place["at"] not in board.notice


def test_z_on_another_persons_placement_gives_the_true_reason(app):
    app.settings.animation_speed = "1x"
    seed, moves, last = _find("place", "start_of_turn")
    board = open_board(app, _session(moves, seed))
    board.act(last)
    settle(app, board)
    first = board.human
    click_for(app, board, next(a for a in board.legal if a.kind == "place"))
    settle(app, board)
    if board.human == first:  # the Scholar's own turn goes on: place until it passes
        while board.human == first and board.kind == "place":
            click_for(app, board, next(a for a in board.legal if a.kind == "place"))
            settle(app, board)
    assert board.human is not None and board.human != first
    press_key(app, pygame.K_z)
    name = board.session.seat_name(first)
    assert board.notice == (f"That was {name}'s move; only your own last move can be taken back.")


def test_no_prompt_doubles_its_punctuation():
    spec = registry.get("rising")
    doubled = re.compile(r"[!?.:;,][!?.:;,]")
    seen = set()
    for seed in range(8):
        st = spec.create(2 + seed % 3, {}, seed)
        rng = random.Random(seed)
        while (dec := st.decision()) is not None:
            assert not doubled.search(dec.prompt), dec.prompt
            seen.add(dec.kind)
            st.apply(rng.choice(st.legal_actions(dec.players[0])))
    assert "misfortune_choice" in seen


def test_the_panic_prompt_reads_as_a_sentence(app):
    seed, moves = _until(
        lambda st, dec, legal: dec.kind == "misfortune_choice" and dec.data["what"] == "panic"
    )
    board = open_board(app, _session(moves, seed))
    assert board.decision.prompt.startswith("Panic! Choose a section")
    line = next(h.tip for h in board.hits if h.key == "info" and h.rect.x == 176)
    assert "Panic! Choose" in line and "!:" not in line


def test_in_hot_seat_the_next_persons_decision_of_the_same_kind_waits_for_them(app):
    """Two people place in turn: a click landing just after the first person's last placement
    is not taken as the second person's (one double click must not answer for both)."""
    board = open_board(app, _session([], seed=3))
    applied = spy(board.session)
    first_person = board.session.current_human()

    def a_spot() -> tuple[int, int]:
        spot = next(
            k for k, acts in board.plan.direct.items() if any(a.kind == "place" for a in acts)
        )
        return board.target_point(spot)

    for _ in range(10):  # the first person places all their Atlanteans, one by one
        if board.session.current_human() != first_person:
            break
        settle(app, board)
        click_at(app, point := a_spot())
    placed = len(applied)
    assert placed >= 1 and board.kind == "place"
    assert board.session.current_human() not in (None, first_person)
    click_at(app, point)  # the second click of a double click, meant for nobody
    assert len(applied) == placed
    settle(app, board)
    said = board.guard.announcing(board.clock)[0]
    assert board.names[board.session.current_human()] in said
    click_at(app, a_spot())  # the second person, once the board is theirs
    assert len(applied) == placed + 1 and applied[-1].player != applied[0].player


def test_one_person_against_bots_is_not_slowed_between_own_placements(app):
    seats = [Seat("Ana", "human", "easy", ""), Seat("Bot", "bot", "easy", "")]
    session = GameSession.new("rising", seats, seed=3, autosave=False)
    board = open_board(app, session)
    token = board.guard.kind
    assert "/" not in token  # one person: the kind alone, as before


def test_the_question_before_sinking_never_hides_the_tile_it_asks_about(app):
    """The tips of Mountains and Hills sit under the notice's usual place: asking about one of
    them moves the question out of the way."""
    app.settings.animation_speed = "instant"
    top = {"mountains", "hills"}

    def top_tip_can_sink(st, dec, legal) -> bool:
        return dec.kind == "attack_tiles" and any(
            a.kind == "choose"
            and a["section"] in top
            and st.flooded[SECTION_INDEX[a["section"]]] == 0
            for a in legal
        )

    seed, moves = _until(top_tip_can_sink)
    board = open_board(app, _session(moves, seed))
    applied = spy(board.session)
    frames(app, int(ANNOUNCE_S * 60) + 10)
    settle(app, board)
    asked = 0
    for a in [a for a in board.legal if a.kind == "choose"]:
        sec = a["section"]
        spot = f"{sec}-{board.view.flooded[SECTION_INDEX[sec]] + 1}"
        click_at(app, board.target_point(spot))
        frames(app, 1)
        assert board.armed is not None and board.armed[1] == a
        assert board.notice_rect is not None and "Click again" in board.notice
        centre = iv.spot_center(spot)
        assert not board.notice_rect.inflate(0, 2 * iv.HEX_R).collidepoint(centre), spot
        asked += sec in top
        press_key(app, pygame.K_ESCAPE)
    assert asked and not applied


def test_the_line_under_the_island_speaks_of_the_card_picker_while_it_is_open(app, monkeypatch):
    from scenes.rising import board_drawing

    seed, moves = _until(lambda st, dec, legal: dec.kind == "library_keep")
    board = open_board(app, _session(moves, seed))
    drawn: list[str] = []
    real = board_drawing.blit_text

    def recording(surface, s, *args, **kwargs):
        drawn.append(s)
        return real(surface, s, *args, **kwargs)

    monkeypatch.setattr(board_drawing, "blit_text", recording)
    frames(app, 2)
    assert board.kind == "library_keep" and board.human is not None
    assert "Click a card to keep it." in drawn
    assert "Click a highlighted place on the board." not in drawn
