"""Tooltips as a person meets them: they appear after resting the pointer, sit beside what
they explain (never on it), inside the window, whole, and they go when their widget goes,
changes, or a menu opens above.

Everything goes through ``App.step`` with real mouse motion; the hover delay passes by
stepping frames with ``dt``.
"""

from __future__ import annotations

import pygame
import pygame_gui
from conftest import frames, open_scene
from rising_ui import escape, event, open_board

from ai.runner import BotRunner
from game.core.saves import Seat
from game.rising.island import SPOT_INDEX
from scenes.dialogs import MessageDialog
from scenes.pause_scene import PauseScene
from scenes.rising.board import RisingBoard
from scenes.rising.board_drawing import bar_tip
from scenes.session import GameSession
from scenes.setup_scene import SetupScene
from scenes.tooltips import CANVAS_RECT, TIP_DELAY_S, place_tip

ALL = "medusa,harpies,scylla"


def _session(kinds: list[str], seed: int = 4, monsters: str = "none") -> GameSession:
    seats = [Seat(f"{k.capitalize()} {i + 1}", k, "random", "") for i, k in enumerate(kinds)]
    return GameSession.new(
        "rising",
        seats,
        seed=seed,
        options={"monsters": monsters},
        autosave=False,
        runner_factory=lambda: BotRunner(mode="inline"),
    )


def hover(app, pos, seconds: float = 0.0) -> None:
    """Move the pointer to ``pos`` and rest there for ``seconds``."""
    app.step([event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0))], 1 / 60)
    steps = int(seconds / 0.1) + 1 if seconds else 0
    for _ in range(steps):
        app.step([], 0.1)


def live_tooltips(manager: pygame_gui.UIManager) -> list[pygame_gui.elements.UITooltip]:
    return [
        s
        for s in manager.get_sprite_group().sprites()
        if isinstance(s, pygame_gui.elements.UITooltip) and s.alive()
    ]


# --- the board's own tooltips ---------------------------------------------------------------
def _human_board(app) -> RisingBoard:
    app.settings.animation_speed = "instant"
    board = open_board(app, _session(["human", "bot"]))
    for _ in range(600):
        if board.human is not None and board.kind == "place":
            break
        app.step([], 1 / 60)
    assert board.human is not None and board.kind == "place"
    return board


def test_a_board_tooltip_waits_for_the_pointer_and_sits_beside_its_widget(app):
    board = _human_board(app)
    pos = board.target_point("cmd:help")
    hover(app, pos)
    assert board.tip_box() is None  # not at once: passing the pointer over shows nothing
    hover(app, pos, TIP_DELAY_S + 0.2)
    box = board.tip_box()
    assert box is not None
    rect, lines = box
    widget = next(h.rect for h in board.hits if h.key == "cmd:help")
    assert not rect.colliderect(widget) and CANVAS_RECT.contains(rect)
    assert " ".join(lines) == next(h.tip for h in board.hits if h.key == "cmd:help")


def test_a_board_tooltip_never_shows_over_the_pause_menu(app):
    board = _human_board(app)
    hover(app, board.target_point("cmd:help"), TIP_DELAY_S + 0.2)
    assert board.tip_box() is not None
    escape(app)
    frames(app, 3)
    assert isinstance(app.stack.top, PauseScene) and board.covered
    assert board.tip_box() is None
    # the frame under the pause menu has no tooltip box either: nothing is drawn where it was
    escape(app)
    frames(app, 1)
    assert app.stack.top is board and not board.covered
    assert board.tip_box() is None  # back on the board: the delay starts again
    hover(app, board.target_point("cmd:help"), TIP_DELAY_S + 0.2)
    assert board.tip_box() is not None


def test_a_board_tooltip_goes_when_its_widget_is_rebuilt(app):
    board = _human_board(app)
    spot = next(s for s, acts in board.plan.direct.items() if s in SPOT_INDEX and acts)
    pos = board.target_point(spot)
    hover(app, pos, TIP_DELAY_S + 0.2)
    assert board.tip_box() is not None
    before = len(board.session.record.actions)
    # the click places an Atlantean: a new decision, every target rebuilt
    app.step([event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)], 1 / 60)
    app.step([event(pygame.MOUSEBUTTONUP, pos=pos, button=1)], 1 / 60)
    assert len(board.session.record.actions) > before
    assert board.tip_box() is None
    app.step([], 1 / 60)
    assert board.tip_box() is None


def test_medusas_tooltip_is_shown_whole(app):
    app.settings.animation_speed = "instant"
    board = open_board(app, _session(["human", "bot"], seed=5, monsters=ALL))
    frames(app, 2)
    medusa = [h for h in board.hits if h.tip.startswith(("Medusa", "Medusa."))] or [
        h for h in board.hits if "Medusa" in h.tip and len(h.tip) > 200
    ]
    assert medusa, [h.tip[:40] for h in board.hits]
    hit = max(medusa, key=lambda h: len(h.tip))
    assert len(hit.tip) > 300  # a long rules text: it used to be cut after 8 lines
    hover(app, hit.rect.center, TIP_DELAY_S + 0.2)
    box = board.tip_box()
    assert box is not None
    rect, lines = box
    assert " ".join(lines).split() == board.tipper.text.split()
    assert board.tipper.text == hit.tip
    assert CANVAS_RECT.contains(rect) and not rect.colliderect(hit.rect)


def test_choice_buttons_have_no_tooltip_that_repeats_their_label(app):
    board = _human_board(app)
    frames(app, 1)
    for item in board.plan.bar:
        tip = bar_tip(item)
        assert item.label not in tip
    for hit in board.hits:
        if hit.key.startswith("bar:"):
            item = board.plan.bar[int(hit.key[4:])]
            assert hit.tip != item.label and item.label not in hit.tip


def test_a_tooltip_never_covers_its_anchor_and_stays_in_the_canvas():
    for anchor in [
        pygame.Rect(10, 10, 40, 30),
        pygame.Rect(1240, 690, 40, 30),
        pygame.Rect(600, 300, 80, 40),
        pygame.Rect(0, 200, 1280, 300),  # no room above or below
    ]:
        for size in [(320, 60), (440, 300), (120, 20)]:
            r = place_tip(anchor, size)
            assert CANVAS_RECT.contains(r), (anchor, size, r)
            if anchor.height < 300:
                assert not r.colliderect(anchor), (anchor, size, r)


# --- pygame-gui's tooltips -------------------------------------------------------------------
def _monster_toggle(scene: SetupScene) -> pygame_gui.elements.UIButton:
    toggles = scene.option_toggles.get("monsters")
    assert toggles, list(scene.option_toggles)
    return next(iter(toggles.values()))


def test_the_setup_monsters_tooltip_is_readable_and_beside_its_button(app):
    scene = SetupScene(app)
    open_scene(app, scene)
    b = _monster_toggle(scene)
    hover(app, b.rect.center, 1.2)
    tips = live_tooltips(scene.manager)
    assert len(tips) == 1 and b.tool_tip is tips[0]
    tip = tips[0]
    assert tip.rect.width >= 240  # several words a line, not two
    assert not tip.rect.colliderect(b.rect) and CANVAS_RECT.contains(tip.rect)


def test_a_widget_tooltip_goes_when_a_dialog_opens_above(app):
    scene = SetupScene(app)
    open_scene(app, scene)
    b = _monster_toggle(scene)
    hover(app, b.rect.center, 1.2)
    assert live_tooltips(scene.manager)
    app.stack.push(MessageDialog(app, "A note", "Something to read."))
    frames(app, 2)
    assert scene.covered and live_tooltips(scene.manager) == []
    frames(app, 30, dt=0.1)  # the pointer rests where it was: the covered scene shows none
    assert live_tooltips(scene.manager) == []


def test_a_widget_tooltip_goes_when_its_widget_is_killed_or_hidden(app):
    scene = SetupScene(app)
    open_scene(app, scene)
    b = _monster_toggle(scene)
    hover(app, b.rect.center, 1.2)
    assert live_tooltips(scene.manager)
    b.hide()
    frames(app, 1)
    assert live_tooltips(scene.manager) == []
    b.show()
    hover(app, b.rect.center, 1.2)
    assert live_tooltips(scene.manager)
    b.kill()
    frames(app, 1)
    assert live_tooltips(scene.manager) == []


def test_a_tooltip_whose_panel_is_hidden_goes_too(app):
    """Hiding a container (not the button itself) must not leave its tooltip behind."""
    scene = SetupScene(app)
    open_scene(app, scene)
    m = scene.manager
    panel = pygame_gui.elements.UIPanel(pygame.Rect(40, 600, 300, 80), manager=m)
    b = pygame_gui.elements.UIButton(
        pygame.Rect(10, 10, 120, 40),
        "Help",
        manager=m,
        container=panel,
        tool_tip_text="What this screen is for, in a few sentences of plain words.",
    )
    hover(app, b.rect.center, 1.2)
    assert live_tooltips(m)
    panel.hide()
    frames(app, 1)
    assert live_tooltips(m) == []


def test_a_resting_pointer_carries_no_tooltip_into_the_next_phase(app):
    """The pointer rests on the blueprint's "x of 10 built" while bots play: its tooltip may
    stay within a phase, but goes the moment the phase or round changes."""
    app.settings.animation_speed = "4x"
    board = open_board(app, _session(["bot", "bot", "bot"], seed=7))
    frames(app, 2)
    header = next(h for h in board.hits if "built" in h.tip or "blueprint" in h.tip.lower())
    hover(app, header.rect.center, TIP_DELAY_S + 0.2)
    changes = 0
    seen = False
    last = (board.view.round, board.view.phase)
    for _ in range(400):
        app.step([], 0.1)
        now = (board.view.round, board.view.phase)
        if now != last:
            changes += 1
            assert board.tip_box() is None, (last, now)
            last = now
        seen = seen or board.tip_box() is not None
        if changes >= 3:
            break
    assert changes >= 3 and seen


def test_a_tooltip_steps_past_the_line_of_advice_it_would_cover():
    from scenes.tooltips import place_tip

    guide = pygame.Rect(262, 610, 720, 50)
    tile = pygame.Rect(450, 555, 50, 50)  # a tile just above the guide line
    plain = place_tip(tile, (300, 40))
    assert plain.colliderect(guide)  # left alone it would sit on the advice
    tip = place_tip(tile, (300, 40), avoid=[guide])
    assert not tip.colliderect(guide) and not tip.colliderect(tile)
    assert CANVAS_RECT.contains(tip)
    button = pygame.Rect(400, 666, 120, 50)  # under the guide: goes above the guide
    tip = place_tip(button, (300, 40), avoid=[guide])
    assert tip.bottom <= guide.top and not tip.colliderect(button)
    # the guide's own tooltip may sit where it likes: it is not avoided by itself
    assert place_tip(guide, (300, 40), avoid=[guide]) == place_tip(guide, (300, 40))
