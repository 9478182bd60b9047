"""The results screen for Atlantis Rising, and the per-game results registry behind it."""

from __future__ import annotations

import random

from conftest import open_scene

from game.core.saves import Seat
from game.rising import components as comps
from scenes import results_rows
from scenes.results_scene import ResultsScene
from scenes.session import GameSession


def finished_game(seed: int = 4, difficulty: str = "hard") -> GameSession:
    seats = [Seat("Ann"), Seat("Bo"), Seat("Cy")]
    s = GameSession.new("rising", seats, {"difficulty": difficulty}, seed=seed, autosave=False)
    rng = random.Random(seed)
    while not s.is_over:
        p = s.decision().players[0]
        s.apply(rng.choice(s.state.legal_actions(p)))
    return s


def test_rising_results_show_components_builders_rounds_difficulty_and_losses():
    s = finished_game()
    r = s.results()
    state = s.state
    assert r.headers == ["Component", "Deck", "Built by"]
    assert len(r.rows) == len(state.blueprint) == 10
    assert r.rows[0][0] == "Power Core"
    for row, slot in zip(r.rows, range(10), strict=True):
        by = state.built[slot]
        if by >= 0:
            assert row[2].startswith(s.seat_name(by)) and "(" in row[2]
        else:
            assert row[2] == "not built"
    text = " ".join(r.notes)
    assert "Hard" in text and "decks A, C, D" in text
    assert "turns played" not in text  # the line above the notes says it once, in turns
    assert "Tiles lost: Mountains" in text and f"({sum(state.flooded)} of 36)" in text
    assert "Ann (Explorer)" in text and "Cy (Scholar)" in text


def test_the_results_screen_draws_the_rising_table(app):
    s = finished_game(seed=9, difficulty="easy")
    scene = ResultsScene(app, s)
    open_scene(app, scene)
    assert scene.results.notes and scene.table_rect.bottom <= scene.same_seed.rect.top
    # ten component rows fit in the table without the "… more" line
    rows_room = (scene.table_rect.height - 60) // max(
        22, min(34, (scene.table_rect.height - 60) // 10)
    )
    assert rows_room >= 10


def test_other_games_can_register_their_own_rows(toy_game):
    def toy_rows(state, seats):
        return results_rows.ResultsTable(
            ["Diver", "Depth"],
            [[seat.name, str(d)] for seat, d in zip(seats, state.depth, strict=True)],
            ["deep water"],
        )

    results_rows.register_results(toy_game.GAME_ID, toy_rows)
    try:
        s = GameSession.new(
            toy_game.GAME_ID, [Seat("A"), Seat("B")], {"rounds": "1"}, seed=2, autosave=False
        )
        from game.core.protocol import Action

        s.apply(Action.make(0, "dive", fathoms=3))
        s.apply(Action.make(1, "dive", fathoms=1))
        r = s.results()
        assert r.headers == ["Diver", "Depth"] and r.rows == [["A", "3"], ["B", "1"]]
        assert r.notes == ["deep water"]
    finally:
        results_rows.unregister_results(toy_game.GAME_ID)
    # without a registered table the plain who-won table stays
    assert results_rows.results_rows(toy_game.GAME_ID, s.state, s.seats) is None
    assert s.results().headers == ["Player", "Seat", "Result"]


def test_component_names_come_from_the_engine():
    s = finished_game(seed=2, difficulty="normal")
    names = {row[0] for row in s.results().rows}
    assert names == {comps.COMPONENTS[ci].name for ci in s.state.blueprint}


def _drawn(app, events=()) -> list[str]:
    """The lines of text one frame of the app draws (after ``events``)."""
    import text_audit

    text_audit.start_frame(app.frame)
    app.step(list(events), 1 / 60)
    return [ln.text for ln in text_audit.lines_on(app.frame)]


def test_large_text_results_wrap_their_notes_and_scroll_to_every_component(app):
    """At text size 2.0 the notes wrap inside the screen and the components' table is reached
    with the mouse wheel (the room above the buttons holds only part of it); at 1.0 the
    shell's layout is kept."""
    import pygame
    from text_audit import auditing, problems

    from scenes.assets import TextSizing, set_text_sizing
    from scenes.rising.results_screen import RisingResults

    s = finished_game(seed=9, difficulty="easy")
    last = s.results().rows[-1][0]
    wheel = pygame.event.Event(
        pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0, precise_y=-1.0
    )
    try:
        with auditing():
            scene = RisingResults(app, s)
            open_scene(app, scene)
            assert scene.designed_fits()
            app.settings.ui_scale = 2.0
            app.apply_ui_scale()
            assert not scene.designed_fits()
            first = _drawn(app)
            assert not any(last in t for t in first) and any("below" in t for t in first)
            for _ in range(40):
                later = _drawn(app, [wheel])
            assert any(last in t for t in later), later
            import text_audit

            assert not problems(text_audit.lines_on(app.frame))
            buttons = min(b.rect.top for b in (scene.same_seed, scene.new_seed, scene.title_btn))
            k = getattr(scene.manager, "density", 1.0)
            assert all(ln.ink.bottom <= buttons / k for ln in text_audit.lines_on(app.frame))
    finally:
        set_text_sizing(TextSizing())
