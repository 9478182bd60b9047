"""The scene stack: queued changes, lifecycle order, draw order, who gets input."""

from __future__ import annotations

import pygame
import pygame_gui
from conftest import frames

from scenes.stack import Scene, SceneStack


class Probe(Scene):
    """Records what happens to it and paints one colour."""

    def __init__(self, app, name, colour, *, opaque=True, modal=True, log=None):
        self.opaque = opaque
        self.modal = modal
        super().__init__(app)
        self.name = name
        self.colour = colour
        self.log = log if log is not None else []
        self.events = []

    def enter(self):
        self.log.append(f"{self.name}.enter")

    def exit(self):
        self.log.append(f"{self.name}.exit")

    def pause(self):
        self.log.append(f"{self.name}.pause")

    def resume(self):
        self.log.append(f"{self.name}.resume")

    def handle_event(self, event):
        self.events.append(event.type)
        return False

    def draw_back(self, surface):
        self.log.append(f"{self.name}.draw")
        if self.opaque:
            surface.fill(self.colour)
        else:
            surface.fill(self.colour, (0, 0, 100, 100))


def test_changes_wait_for_the_frame_boundary(app):
    a = Probe(app, "a", (255, 0, 0))
    app.stack.push(a)
    assert len(app.stack) == 0
    app.stack.apply_pending()
    assert app.stack.top is a
    b = Probe(app, "b", (0, 255, 0))
    app.stack.push(b)
    assert app.stack.top is a
    frames(app, 1)
    assert app.stack.top is b


def test_lifecycle_order_push_pop_replace(app):
    log = []
    a, b, c = (Probe(app, n, (0, 0, 0), log=log) for n in "abc")
    stack = SceneStack()
    stack.push(a)
    stack.push(b)
    stack.apply_pending()
    stack.replace(c)
    stack.apply_pending()
    stack.pop()
    stack.apply_pending()
    assert log == ["a.enter", "a.pause", "b.enter", "b.exit", "c.enter", "c.exit", "a.resume"]
    assert stack.top is a


def test_pop_a_named_scene_removes_everything_above_it(app):
    log = []
    a, b, c = (Probe(app, n, (0, 0, 0), log=log) for n in "abc")
    for s in (a, b, c):
        app.stack.push(s)
    app.stack.apply_pending()
    app.stack.pop(b)
    app.stack.apply_pending()
    assert app.stack.scenes == (a,)
    assert log[-3:] == ["c.exit", "b.exit", "a.resume"]


def test_reset_exits_all_and_starts_over(app):
    log = []
    a, b, c = (Probe(app, n, (0, 0, 0), log=log) for n in "abc")
    app.stack.push(a)
    app.stack.push(b)
    app.stack.apply_pending()
    app.stack.reset(c)
    app.stack.apply_pending()
    assert app.stack.scenes == (c,)
    assert {"a.exit", "b.exit"} <= set(log)


def test_draw_starts_at_the_highest_opaque_scene(app):
    log = []
    bottom = Probe(app, "bottom", (255, 0, 0), log=log)
    board = Probe(app, "board", (0, 0, 255), log=log)
    overlay = Probe(app, "overlay", (0, 255, 0), opaque=False, log=log)
    for s in (bottom, board, overlay):
        app.stack.push(s)
    app.stack.apply_pending()
    log.clear()
    frames(app, 1)
    draws = [e for e in log if e.endswith(".draw")]
    assert draws == ["board.draw", "overlay.draw"]  # bottom is hidden by the opaque board
    assert app.canvas.get_at((10, 10))[:3] == (0, 255, 0)  # overlay on top
    assert app.canvas.get_at((600, 600))[:3] == (0, 0, 255)  # board shows through elsewhere


def test_modal_top_consumes_input_and_non_modal_passes_it_down(app):
    base = Probe(app, "base", (0, 0, 0))
    passing = Probe(app, "toast", (0, 0, 0), opaque=False, modal=False)
    app.stack.push(base)
    app.stack.push(passing)
    app.stack.apply_pending()
    ev = pygame.event.Event(
        pygame.KEYDOWN, {"key": pygame.K_a, "mod": 0, "unicode": "a", "scancode": 0}
    )
    app.stack.dispatch(ev)
    assert pygame.KEYDOWN in passing.events and pygame.KEYDOWN in base.events

    modal = Probe(app, "dialog", (0, 0, 0), opaque=False, modal=True)
    app.stack.push(modal)
    app.stack.apply_pending()
    base.events.clear()
    assert app.stack.dispatch(ev) is True
    assert pygame.KEYDOWN in modal.events and not base.events


def test_ui_events_go_to_the_owner_even_when_it_is_not_on_top(app):
    class Owner(Probe):
        def __init__(self, *a, **k):
            super().__init__(*a, **k)
            self.button = pygame_gui.elements.UIButton(
                pygame.Rect(0, 0, 10, 10), "x", manager=self.manager
            )
            self.got = []

        def handle_ui(self, event):
            self.got.append(event.ui_element)

    owner = Owner(app, "owner", (0, 0, 0))
    top = Probe(app, "top", (0, 0, 0), opaque=False)
    app.stack.push(owner)
    app.stack.push(top)
    app.stack.apply_pending()
    # a synthetic result on purpose: this tests the stack's routing, not the button
    ev = pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, {"ui_element": owner.button})
    assert app.stack.dispatch(ev)
    assert owner.got == [owner.button]


def test_stale_ui_events_of_a_scene_that_left_are_dropped(app):
    gone = Probe(app, "gone", (0, 0, 0))
    button = pygame_gui.elements.UIButton(pygame.Rect(0, 0, 10, 10), "x", manager=gone.manager)
    app.stack.push(Probe(app, "here", (0, 0, 0)))
    app.stack.apply_pending()
    # synthetic on purpose: a result left in the queue by a scene that has gone
    ev = pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, {"ui_element": button})
    assert app.stack.dispatch(ev) is False


def test_only_the_top_scene_updates(app):
    a = Probe(app, "a", (0, 0, 0))
    b = Probe(app, "b", (0, 0, 0), opaque=False)
    app.stack.push(a)
    app.stack.push(b)
    app.stack.apply_pending()
    frames(app, 10)
    assert a.clock == 0 and b.clock > 0


def test_empty_stack_ends_the_app(app):
    app.stack.push(Probe(app, "a", (0, 0, 0)))
    app.stack.apply_pending()
    app.stack.pop()
    frames(app, 1)
    assert app.running is False
