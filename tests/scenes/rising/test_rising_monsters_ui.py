"""The Atlantis Rising board with the monsters module: every monster decision answerable with
the mouse, monster games played to the results screen, random input that never makes an
illegal move, the monster art drawn from cache, and the words (sounds, guide, help) complete."""

from __future__ import annotations

import random

import pygame
import pytest
from conftest import frames
from rising_ui import click_for, event, open_board, spy

from ai.rising import advisor
from ai.runner import BotRunner
from game.core import registry
from game.core.protocol import Action, Event
from game.core.saves import Seat
from game.rising.island import CAP, NAVY, SPOT_IDS
from game.rising.monsters import DECISION_KINDS, harpies
from game.rising.monsters import common as cm
from game.rising.state import RisingState
from scenes.results_scene import ResultsScene
from scenes.rising import animations as mv_anims
from scenes.rising import hints, sounds
from scenes.rising import monsters_view as mv
from scenes.rising.board import RisingBoard
from scenes.rising.controls import make_plan
from scenes.rising.results import rising_results
from scenes.session import GameSession
from tests.rising.helpers import T, give_res, halt_frame, place, run_frames, set_energy
from tests.rising.monster_helpers import mscenario, stone


@pytest.fixture(scope="module")
def halt():
    """The engine tests' halt frame: the monster scenarios here stop on it."""
    with halt_frame():
        yield


pytestmark = pytest.mark.usefixtures("halt")
ALL = "medusa,harpies,scylla"


def _session(kinds: list[str], seed: int, monsters: str = ALL) -> GameSession:
    seats = [Seat(f"{k.capitalize()} {i + 1}", k, "random", "") for i, k in enumerate(kinds)]
    return GameSession.new(
        "rising",
        seats,
        seed=seed,
        options={"monsters": monsters},
        autosave=False,
        runner_factory=lambda: BotRunner(mode="inline"),
    )


def _answer_by_clicks(app, board: RisingBoard, want: Action) -> None:
    session = board.session
    before = len(session.record.actions)
    for _ in range(8):
        click_for(app, board, want)
        if len(session.record.actions) != before:
            break
    assert len(session.record.actions) > before, (want, board.kind)
    assert session.record.actions[before] == want


# --- every legal action has a place ---------------------------------------------------------
@pytest.mark.parametrize("monsters", ["medusa", "harpies", "scylla", ALL])
def test_every_legal_action_in_monster_games_has_a_place(monsters):
    spec = registry.get("rising")
    seen: set[str] = set()
    for seed in range(5):
        st = spec.create(3 + seed % 3, {"monsters": monsters}, seed)
        rng = random.Random(seed)
        while (dec := st.decision()) is not None:
            p = dec.players[0]
            legal = st.legal_actions(p)
            plan = make_plan(dec.kind, legal, ["a"] * st.n, st.flooded, dec.data)
            assert set(legal) <= plan.all_actions(), dec.kind
            for item in plan.bar:
                assert "=" not in item.label, item.label  # every button has real words
            seen.add(dec.kind)
            st.apply(rng.choice(legal))
    assert seen & set(DECISION_KINDS)


# --- focused scenarios: one per new decision, answered with the mouse -------------------------
def _state_order() -> RisingState:
    st = mscenario(ALL)
    st.start = 0
    run_frames(st, ("monsters",))
    return st


def _state_gaze() -> RisingState:
    st = mscenario("medusa")
    st.start = 0
    place(st, 0, "hills-3")
    stone(st, "forests-6", -1, 1)
    run_frames(st, ("medusa",))
    return st


def _state_ally() -> RisingState:
    st = mscenario("medusa")
    st.medusa = -1
    st.allies[cm.MEDUSA] = 0
    run_frames(st, ("mally", 0, 1))
    return st


def _state_lure() -> RisingState:
    st = mscenario("harpies")
    st.start = 0
    for p in range(4):
        set_energy(st, p, harpies.LURE_COST if p == 0 else 0)
    run_frames(st, ("harpies",))
    return st


def _state_tribute() -> RisingState:
    st = mscenario("harpies")
    st.harpies = T["hills-4"]
    place(st, 0, "hills-4")
    give_res(st, 0, ore=1, gold=1)
    run_frames(st, ("htribute", 0, 1))
    return st


def _state_sea() -> RisingState:
    st = mscenario("scylla")
    st.items[cm.SCYLLA] = 0
    st.captives = [1]
    st.home[1] -= 1
    place(st, 0, "navy")
    place(st, 0, "navy")
    run_frames(st, ("sea",))
    return st


def _state_charybdis() -> RisingState:
    st = mscenario("scylla")
    st.charybdis = 1
    run_frames(st, ("charyb", 0, T["hills-1"]))
    return st


SCENARIOS = {
    "monster_order": (_state_order, ALL),
    "medusa_gaze": (_state_gaze, "medusa"),
    "medusa_ally": (_state_ally, "medusa"),
    "harpies_lure": (_state_lure, "harpies"),
    "harpies_tribute": (_state_tribute, "harpies"),
    "sea_confront": (_state_sea, "scylla"),
    "charybdis": (_state_charybdis, "scylla"),
}


def _board_on(app, st: RisingState, monsters: str) -> RisingBoard:
    dec = st.decision()
    seats = ["human" if i == dec.players[0] else "bot" for i in range(st.n)]
    session = _session(seats, seed=1, monsters=monsters)
    session.state = st
    board = open_board(app, session)
    board._sync(force=True)
    frames(app, 2)
    return board


def test_each_new_decision_is_answered_by_clicking(app):
    app.settings.animation_speed = "instant"
    assert set(SCENARIOS) == set(DECISION_KINDS)
    for kind, (make, monsters) in SCENARIOS.items():
        for pick in range(6):
            st = make()
            dec = st.decision()
            assert dec is not None and dec.kind == kind, (kind, dec)
            legal = st.legal_actions(dec.players[0])
            if pick >= len(legal):
                break
            board = _board_on(app, st, monsters)
            assert board.plan.all_actions() >= set(legal)
            spy(board.session)
            _answer_by_clicks(app, board, legal[pick])
            frames(app, 3)  # the answer's events animate and draw without trouble


def _find(monsters: str, want, rich: bool = False) -> tuple[RisingState, Action]:
    """A position from a random game offering an action ``want`` accepts.

    ``rich`` hands the first councilor plenty of each resource first (within the supply), so
    dear magic items can be afforded in a short random game.
    """
    spec = registry.get("rising")
    for seed in range(60):
        st = spec.create(3, {"monsters": monsters}, seed)
        if rich:
            give_res(st, 0, ore=8, gold=12, crystal=8, atl=10)
        rng = random.Random(seed)
        while (dec := st.decision()) is not None:
            legal = st.legal_actions(dec.players[0])
            hits = [a for a in legal if want(a)]
            if hits:
                return st, hits[0]
            st.apply(rng.choice(legal))
    raise AssertionError("no such position")


@pytest.mark.parametrize(
    ("monsters", "kind"),
    [("medusa", "free"), ("medusa", "build_item"), ("harpies", "build_item"), (ALL, "give_up")],
)
def test_freeing_and_magic_items_are_clicked(app, monsters, kind):
    app.settings.animation_speed = "instant"
    st, want = _find(monsters, lambda a: a.kind == kind, rich=kind == "build_item")
    board = _board_on(app, st, monsters)
    spy(board.session)
    if kind == "build_item":
        assert board.dialog == "build"
        assert any(e.action == want for e in board.build_dialog.entries)
    _answer_by_clicks(app, board, want)


# --- whole games ----------------------------------------------------------------------------
def test_a_bots_only_game_with_all_three_monsters_reaches_the_results(app):
    app.settings.animation_speed = "4x"
    session = _session(["bot"] * 3, seed=5)
    applied = spy(session)
    board = open_board(app, session)
    kinds: set[str] = set()
    seen = len(session.log)
    for _ in range(8000):
        app.step([], 0.3)
        kinds.update(e.kind for e in session.log[seen:])
        seen = len(session.log)
        if isinstance(app.stack.top, ResultsScene):
            break
    assert isinstance(app.stack.top, ResultsScene), len(applied)
    assert {"monsters_act", "medusa_moved", "harpies_moved"} <= kinds
    notes = " ".join(board.session.results().notes)
    assert "Medusa" in notes and "Harpies" in notes and "Scylla" in notes


def test_a_human_answers_monster_decisions_with_the_mouse_in_a_seeded_game(app):
    app.settings.animation_speed = "instant"
    answered: set[str] = set()
    for seed in (3, 4):
        session = _session(["human", "bot", "bot"], seed=seed)
        applied = spy(session)
        board = open_board(app, session)
        rng = random.Random(seed)
        for _ in range(3000):
            if isinstance(app.stack.top, ResultsScene):
                break
            if board.human is None:
                app.step([], 1 / 60)
                continue
            legal = session.state.legal_actions(board.human)
            want = rng.choice(legal)
            _answer_by_clicks(app, board, want)
            if board.kind in DECISION_KINDS or want.kind in ("free", "build_item"):
                answered.add(want.kind)
        assert applied
    assert answered & {"choose", "draw_gaze", "pass", "lure", "give_up", "accept", "calm"}


def test_random_input_never_makes_an_illegal_move_with_monsters(app):
    app.settings.animation_speed = "2x"
    session = _session(["human", "human", "bot"], seed=9)
    rng = random.Random(2)
    for _ in range(50):
        dec = session.decision()
        session.apply(rng.choice(session.state.legal_actions(dec.players[0])))
    start = len(session.record.actions)
    spy(session)
    board = open_board(app, session)
    keys = [pygame.K_SPACE, pygame.K_RETURN, pygame.K_TAB, pygame.K_b, pygame.K_1, pygame.K_2,
            pygame.K_3, pygame.K_g, pygame.K_c]  # fmt: skip
    pressed_at = (0, 0)
    for _ in range(1500):
        if isinstance(app.stack.top, ResultsScene):
            break
        if app.stack.top is not board:
            app.stack.pop(app.stack.top)
            app.stack.apply_pending()
        # aim at the monsters and the island as often as anywhere else
        if rng.random() < 0.3 and board.hits:
            pos = rng.choice(board.hits).rect.center
        else:
            pos = (rng.randrange(-20, 1300), rng.randrange(-20, 740))
        r = rng.random()
        if r < 0.35:
            ev = event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0))
        elif r < 0.55:
            pressed_at = pos
            ev = event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
        elif r < 0.8:
            # a click lets go where it pressed; a slip or a drag lets go somewhere else
            up = pressed_at if rng.random() < 0.6 else pos
            ev = event(pygame.MOUSEBUTTONUP, pos=up, button=1)
        else:
            ev = event(pygame.KEYDOWN, key=rng.choice(keys), mod=0, unicode="", scancode=0)
        app.step([ev], rng.choice((1 / 60, 0.1, 0.3)))
    assert len(session.record.actions) > start + 3


# --- drawing ----------------------------------------------------------------------------------
def test_monster_sprites_are_cached_and_frames_reuse_them(app, monkeypatch):
    """No wall-clock limits here (``make bench`` measures speed): a still board repaints
    nothing and paints no new sprite, frame after frame."""
    app.settings.animation_speed = "1x"
    st, _ = _find(ALL, lambda a: a.kind == "place")
    session = _session(["human", "human", "human"], seed=1)
    session.state = st
    board = open_board(app, session)
    assert mv.medusa_sprite() is mv.medusa_sprite()
    assert mv.whirl_frame(3) is mv.whirl_frame(3 + mv.WHIRL_STEPS)
    for step in range(mv.WHIRL_STEPS):
        mv.whirl_frame(step)
    frames(app, 10)
    sprites = {key: img for key, img in mv._CACHE.items()}
    status = board._status_cache[1]
    painted: list[object] = []
    real_paint = board.layer.paint
    monkeypatch.setattr(
        board.layer, "paint", lambda *a, **k: painted.append(a) or real_paint(*a, **k)
    )
    frames(app, 60)
    assert len(mv._CACHE) == len(sprites)  # the cache does not grow per frame
    assert all(mv._CACHE[key] is img for key, img in sprites.items())  # the same Surfaces
    assert board._status_cache[1] is status  # the MONSTERS panel is not repainted
    assert not painted  # nor the island layer
    keys = {h.key for h in board.hits}
    assert {"monster:medusa", "monster:harpies", "monster:scylla"} <= keys


def test_monster_events_animate_without_error(app):
    app.settings.animation_speed = "1x"
    st, _ = _find(ALL, lambda a: a.kind == "place")
    session = _session(["human", "human", "human"], seed=1)
    session.state = st
    board = open_board(app, session)
    tile = st.summary()["monsters"]["medusa"] or "centre"
    events = [
        Event("monsters_act", "The monsters act.", {"monsters": ["medusa"]}),
        Event("medusa_moved", "m", {"from": tile, "to": "hills-2", "roll": [2, 2], "rerolls": []}),
        Event("petrified", "p", {"spot": "hills-2", "pieces": [0, -1], "cause": "dice"}),
        Event("freed", "f", {"spot": "hills-2", "piece": -1, "by": 0, "acts_for": 0}),
        Event("harpies_moved", "h", {"from": "hills-2", "to": "centre", "roll": 3}),
        Event("scylla_struck", "s", {"roll": 6, "taken": [0, -1]}),
        Event("charybdis_moved", "c", {"from": None, "to": "forges", "roll": 6, "hunger": 6}),
        Event("charybdis_swallowed", "c", {"tile": "forges-1", "section": "forges"}),
        Event("curse_broken", "Medusa is free.", {"player": 0}),
        Event("harpies_stole", "h", {"player": 1, "resource": "ore"}),
        Event("medusa_ally", "a", {"player": 0, "reward": "volunteers", "amount": 4}),
    ]
    board.on_events(events)
    assert board.anim.busy
    for _ in range(400):
        frames(app, 1, dt=0.05)
        if not board.anim.active:
            break
    assert not board.anim.active


def test_stone_appears_only_after_medusa_has_slid_there(app, monkeypatch):
    app.settings.animation_speed = "1x"
    board = _board_on(app, _state_gaze(), "medusa")  # stone on forests-6: a volunteer and seat 1
    assert board.monsters["petrified"]["forests-6"] == [-1, 1]
    shown: list[list[int]] = []
    real_paint = board.layer.paint

    def spy(*a, **k):
        shown.append(list((k.get("stone") or {}).get("forests-6", [])))
        real_paint(*a, **k)

    monkeypatch.setattr(board.layer, "paint", spy)
    board.on_events(
        [
            Event("medusa_moved", "m", {"from": "hills-3", "to": "forests-6", "roll": [2, 6]}),
            Event("petrified", "p", {"spot": "forests-6", "pieces": [1], "cause": "dice"}),
        ]
    )
    assert isinstance(board.anim.queue[0], mv_anims.Slide)
    frames(app, 3)
    assert shown and shown[-1] == [-1]  # seat 1's figure is not stone while Medusa slides
    assert board.anim.stone_overrides() == {"forests-6": 1}
    for _ in range(200):
        frames(app, 1, dt=0.05)
        if not board.anim.busy:
            break
    frames(app, 1)
    assert not board.anim.busy and shown[-1] == [-1, 1]


def test_stone_figures_take_the_rings_after_the_active_ones():
    t = next(t for t in range(36) if CAP[t] == 2)
    slots = mv.stone_slots(SPOT_IDS[t], 1, 1)
    x, y = mv.iv.spot_center(SPOT_IDS[t])
    assert slots == [(int(x + 7), int(y + 10))]  # the second ring, after the active one
    assert len(mv.stone_slots("centre", 2, 3)) == 3
    assert mv.stone_piece(None) is not mv.stone_piece((255, 0, 0))


# --- words ------------------------------------------------------------------------------------
def test_every_monster_event_is_sounded_or_silent():
    declared = set(registry.get("rising").events)  # the monsters' events are the game's own
    known = set(sounds.SOUND_FOR_EVENT) | sounds.SILENT_EVENTS
    assert declared <= known, sorted(declared - known)


def test_the_guide_explains_every_monster_decision():
    guide_bot = advisor.USE_BOT
    try:
        for use_bot in (True, False):
            advisor.USE_BOT = use_bot
            for kind, (make, _) in SCENARIOS.items():
                st = make()
                p = st.decision().players[0]
                hint = hints.hint(st, p)
                assert hint is not None and hint.action in st.legal_actions(p), kind
                assert hint.text and hint.text != "This move is safe now.", (kind, hint.text)
    finally:
        advisor.USE_BOT = guide_bot


def test_results_name_the_monsters_and_who_defeated_them():
    st = mscenario(ALL)
    st.allies[cm.HARPIES] = 1
    seats = [Seat(f"P{i}", "bot", "random", "") for i in range(st.n)]
    notes = " ".join(rising_results(st, seats).notes)
    assert "Medusa never defeated" in notes and "the Harpies defeated by P1" in notes


def test_monster_tooltips_and_the_navy_captives():
    st = _state_sea()
    mon = st.summary()["monsters"]
    names = ["A", "B", "C", "D"]
    tip = mv.monster_tip("scylla", mon, names)
    assert "Helm of Passage: held by A" in tip and "Captives (1 now)" in tip
    assert "Wrath" in mv.wrath_tip(3)
    assert st.occ[NAVY].count(0) == 2
    assert mv.iv.tile_at(mv.token_pos("medusa", SPOT_IDS[3])) in (SPOT_IDS[3], None)


@pytest.mark.parametrize("players", [5, 6])
def test_crowded_seat_panels_show_items_and_allies(app, monkeypatch, players):
    """At five or six councilors the seat panels still draw who holds which item and ally."""
    from scenes.rising import panels

    drawn: list[tuple[str, tuple[int, int]]] = []
    real = panels.blit_text

    def recording(surface, s, pos, *args, **kwargs):
        drawn.append((s, (int(pos[0]), int(pos[1]))))
        return real(surface, s, pos, *args, **kwargs)

    monkeypatch.setattr(panels, "blit_text", recording)
    app.settings.animation_speed = "instant"
    session = _session(["human"] + ["bot"] * (players - 1), seed=2)
    st = session.state
    st.items[cm.MEDUSA] = players - 1  # the Mirror Shield, held by the last councilor
    st.allies[cm.HARPIES] = players - 1  # and the Harpy messengers on their side
    board = open_board(app, session)
    board.panels.clear()
    frames(app, 2)
    shield = cm.ITEMS[cm.MEDUSA].name
    ally = cm.ALLY_NAMES[cm.HARPIES].removeprefix("the ").capitalize()
    lines = [s for s, _ in drawn if shield in s]
    assert lines and ally in lines[-1], drawn[-20:]
    # drawn inside the last councilor's panel, and nobody else's
    rect = panels.Panels.seat_rects(players)[-1]
    assert all(pos[1] < rect.height for s, pos in drawn if shield in s)
    frame = app.canvas
    purple = sum(
        1
        for x in range(rect.x, rect.right, 2)
        for y in range(rect.y, rect.bottom, 2)
        if frame.get_at((x, y))[:3] == panels.EXTRAS
    )
    assert purple > 5
    others = panels.Panels.seat_rects(players)[0]
    assert not any(
        frame.get_at((x, y))[:3] == panels.EXTRAS
        for x in range(others.x, others.right, 2)
        for y in range(others.y, others.bottom, 2)
    )
