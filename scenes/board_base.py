"""What every board scene shares: the session loop, hand-offs, pause, "thinking…", results.

A board subclasses :class:`BoardScene`, draws ``self.session.view()`` in ``draw_board`` (never
the full state), and sends the human's choices through ``self.act(action)``. Everything else —
bots, autosave, hand-off screens, Esc for the pause menu, the results screen — happens here.
What a board may show is decided here and in the session, once for every game: the view on
screen is a seat's private view or the public one, and ``on_events`` only ever receives the
events that view may see.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, NamedTuple

import pygame

from game.core.protocol import Action, Decision, Event, IllegalAction
from scenes import canvas, draw
from scenes.animation import Animator
from scenes.log_panel import LogPanel
from scenes.palette import INK, PANEL, PARCHMENT, SeatStyle, seat_styles, style_by_name
from scenes.stack import Scene
from scenes.tooltips import HoverTip
from scenes.ui import H, W, draw_text

if TYPE_CHECKING:
    from scenes.app import App
    from scenes.session import GameSession

ANNOUNCE_EDGE = (236, 196, 96)
#: the animation speeds a board's Speed button steps through
SPEEDS = ("1x", "2x", "4x", "instant")
RESULTS_DELAY_S = 1.5  # let the final position be seen before the results screen
#: After the decision on screen changes kind (production -> attack losses, placement ->
#: production, ...), board input waits this long, in scene seconds counted from the first
#: frame that shows the new decision with no blocking animation in front of it. A person needs
#: about a quarter of a second to notice a change, so even "instant" keeps 0.2 s: a click
#: already on its way is then dropped instead of answering a question nobody has read yet.
#: how long a lingering screen is up before Pass counts (seconds)
LINGER_SETTLE_S = 0.4
SETTLE_S = {"1x": 0.4, "2x": 0.3, "4x": 0.25, "instant": 0.2}
#: how long the line naming a new decision stays up once seen (it fades over the last
#: ANNOUNCE_FADE_S, and goes at once when the decision does)
ANNOUNCE_S = 2.2
ANNOUNCE_FADE_S = 0.6


def speed_label(speed: str) -> str:
    """The Speed button's words: short enough for the button at any text size."""
    return "Instant" if speed == "instant" else f"Speed {speed}"


class DecisionGuard:
    """Which decision is on screen and since when, so input meant for the last one is dropped.

    The board reports the decision it shows every frame (``observe``) and when it could first
    be seen (``shown``). A mouse press is accepted only when it happened in the same decision,
    after it was seen and after the settle time that follows a change of kind.
    """

    def __init__(self) -> None:
        self.key: object = None
        self.kind = ""
        self.epoch = 0
        self.shown_at: float | None = None
        self.settle = 0.0
        self.announce = ""

    def observe(self, key: object, kind: str, now: float, settle: float, text: str) -> bool:
        """Note the decision on screen; True when it is a new one."""
        if key == self.key:
            return False
        self.key = key
        self.epoch += 1
        self.shown_at = None
        changed_kind = kind != self.kind
        self.kind = kind
        self.settle = settle if changed_kind else 0.0
        self.announce = text if changed_kind else ""
        return True

    def new_viewer(self) -> None:
        """Someone else is now looking (a hand-off was answered): whatever was on screen
        before, the decision is new to them, so it is announced and settles again."""
        self.key = None
        self.kind = ""

    def mark_shown(self, now: float) -> None:
        if self.shown_at is None:
            self.shown_at = now

    def settled(self, now: float) -> bool:
        """Has the decision on screen been visible for its settle time?"""
        return self.shown_at is not None and now >= self.shown_at + self.settle

    def accepts(self, press: tuple[int, float] | None) -> bool:
        """Was a press (epoch, time) made on this decision, once it had settled?"""
        if press is None or press[0] != self.epoch or self.shown_at is None:
            return False
        return press[1] >= self.shown_at + self.settle

    def announcing(self, now: float) -> tuple[str, float]:
        """The line naming the new decision and its opacity (0-1); ("", 0) when none."""
        if not self.announce or self.shown_at is None:
            return "", 0.0
        left = ANNOUNCE_S - (now - self.shown_at)
        if left <= 0:
            return "", 0.0
        return self.announce, min(1.0, left / ANNOUNCE_FADE_S)


class Hit(NamedTuple):
    """A clickable place drawn this frame: its rectangle, its key (the board's target) and its
    tooltip. Boards collect them in ``hits`` as they draw; :meth:`BoardScene.hit_at` finds the
    one under the pointer."""

    rect: pygame.Rect
    key: str
    tip: str = ""


class BoardScene(Scene):
    """Base class of the three boards."""

    opaque = True
    modal = True
    #: where the "… is thinking" pill sits (a board may move it off its top bar)
    thinking_y = 14
    #: where the board's own part of the canvas ends: a replay's bar covers what lies below
    foot = H
    #: where a replay's bar, grown a row with large text, begins (None: it does not): a board
    #: whose foot strip holds buttons lays that strip out above it
    raised_foot: int | None = None
    #: the board's targets a replay passes clicks on to: viewing aids that change no position
    #: (a replay answers Speed and Menu itself and keeps every other target still)
    REPLAY_TARGETS: frozenset[str] = frozenset({"cmd:log", "log", "cmd:help", "cmd:skip"})
    #: the keys that press those same aids
    REPLAY_KEYS: frozenset[int] = frozenset({pygame.K_l, pygame.K_h, pygame.K_F1, pygame.K_TAB})

    #: what a board animates and its log panel (None: it has none); the commands all boards
    #: share (:meth:`shared_command`) use them
    anim: Animator | None = None
    log: LogPanel | None = None
    #: in a hot-seat game, the decision kinds after which a person's screen stays up until
    #: they pass the device (their own results are worth reading before the next one looks)
    linger_after: frozenset[str] = frozenset()
    #: the clickable places drawn this frame (:class:`Hit`, or a record with the same fields)
    hits: list[Any]

    def __init__(self, app: App, session: GameSession) -> None:
        super().__init__(app)
        self.session = session
        self.notice = ""
        self.notice_time = 0.0
        self._handing_off = False
        self._over_for = 0.0
        self.guard = DecisionGuard()
        self._press: tuple[int, float] | None = None
        self.press_key = ""  # the target under the last left press ("" none)
        self.hover = ""  # the target under the pointer (boards set it in ``_hover_at``)
        self.tip = ""  # what that target's tooltip says, and where the target lies
        self.tip_rect: pygame.Rect | None = None
        #: shows a board's tooltip after the hover delay, drops it when its target is rebuilt
        self.tipper = HoverTip()
        #: tooltips standing in for the board's own on some targets (a replay's Speed, Menu)
        self.tips_over: dict[str, str] = {}
        # the position as last read (see read_position); boards draw from these
        self._key: object = None
        self.view: Any = None
        self.viewer: int | None = None
        self.decision: Decision | None = None
        self.human: int | None = None
        self.legal: list[Action] = []
        from scenes.session import BOT_PACE_S

        session.pace_s = BOT_PACE_S.get(app.settings.animation_speed, 0.7)
        session.linger = self.linger_after
        self._linger_at: float | None = None  # when the screen began to linger (board clock)

    # --- lifecycle ----------------------------------------------------------------------------
    def enter(self) -> None:
        self.app.audio.stop_ambience()

    def exit(self) -> None:
        self.session.close()

    def resume(self) -> None:
        self._handing_off = False
        from scenes.session import BOT_PACE_S

        self.session.pace_s = BOT_PACE_S.get(self.app.settings.animation_speed, 0.7)

    def unsaved_note(self) -> str | None:
        return self.session.unsaved_note()

    # --- per frame ----------------------------------------------------------------------------
    def animating(self) -> bool:
        """True while the board's animations should hold back bot moves and the results screen."""
        return self.anim is not None and self.anim.busy

    def _sync(self, force: bool = False) -> None:
        """Read the session's position into what the board draws; called every frame no
        hand-off covers the board, and at once with ``force`` after a move. When the position
        moved a half-made choice is dropped (:meth:`drop_choice`); then the board derives what
        it draws (:meth:`position_read`)."""
        moved = self.read_position(force)
        if moved is None:
            return
        if moved:
            self.drop_choice()
        self.position_read()

    def drop_choice(self) -> None:  # noqa: B027 - boards without half-made choices
        """Forget a choice made in several clicks: the position it was for has moved on."""

    def position_read(self) -> None:  # noqa: B027 - boards that derive nothing
        """Derive what the board draws from the position just read (view, decision, legal)."""

    def update(self, dt: float) -> None:
        """One frame: the tooltip's clock and the animations run, the session moves on (bots,
        hand-offs, the results screen), then the board reads the position it now shows."""
        self.tipper.age(dt)
        if self.anim is not None:
            self.anim.update(dt)
        if self.session.lingering is None:
            self._linger_at = None
        elif self._linger_at is None:
            self._linger_at = self.clock
        self._advance(dt)
        if not self._handing_off:
            self._sync()

    def _advance(self, dt: float) -> None:
        super().update(dt)
        if self.notice and self.clock - self.notice_time > 4.0:
            self.notice = ""
        if self.session.is_over:
            if self.animating():
                return
            self._over_for += dt
            if self._over_for >= RESULTS_DELAY_S:
                self.app.stack.replace(self.results_scene())
                self._over_for = -1e9  # replaced once, whatever frames still reach this scene
            return
        if self._hand_off():
            return
        remote = self.app.remote
        if remote is not None and remote.session is self.session and remote.events:
            self.show_events(remote.take_events())  # the phones' moves, animated as any other
            self.watch_decision()
        if not self.animating():
            events = self.session.update(dt)
            if events:
                self.show_events(events)
        if self.session.save_problem and not self.notice:
            self.show_notice(self.session.save_problem)
        self.watch_decision()

    def _hand_off(self) -> bool:
        """Cover the board for the next person when the session asks; True while it does."""
        seat = self.session.needs_handoff()
        if seat is None:
            return False
        if not self._handing_off:
            self._handing_off = True
            self.push_handoff(seat)
        return True

    def pass_device(self) -> None:
        """The person whose screen lingered after their turn passes it on: the hand-off
        screen covers the board at once (no frame of the next view shows in between)."""
        at = self._linger_at
        if self.session.lingering is None or at is None or self.clock - at < LINGER_SETTLE_S:
            return  # a double click on the turn's last move does not pass unread
        self.session.pass_on()
        self._hand_off()

    def results_scene(self) -> Scene:
        """The screen that follows the end of the game: the game's own when it registered
        one (``GameUI.results_scene``), else the shell's."""
        from scenes.game_ui import game_ui
        from scenes.results_scene import ResultsScene

        ui = game_ui(self.session.record.game)
        own = ui.results_scene if ui is not None else None
        return (own or ResultsScene)(self.app, self.session)

    def push_handoff(self, seat: int) -> None:
        """Cover the board until the named person (or, for TABLE, everyone) is looking."""
        from scenes.handoff_scene import HandoffScene
        from scenes.session import TABLE

        def ready() -> None:
            self.session.mark_shown(seat)
            self.guard.new_viewer()
            self.watch_decision()
            self.screen_changed()

        def wanted() -> bool:  # a phone may take the seat while the curtain is up
            return self.session.needs_handoff() == seat

        if seat == TABLE:
            self.app.stack.push(HandoffScene(self.app, None, None, ready, wanted))
            return
        seat_info = self.session.seats[seat]
        style = style_by_name(seat_info.colour, self.app.settings.colourblind, seat)
        self.app.stack.push(HandoffScene(self.app, seat_info.name, style, ready, wanted))

    def screen_changed(self) -> None:
        """Another view is now on screen (a hand-off was answered). Boards drop what they were
        showing of the view before (animations, open menus) and draw afresh."""

    def dismiss(self) -> bool:
        """Close what the board has open over itself (its log, a menu); True when something
        was closed (Esc in a replay closes that first, the replay after). Boards with more
        to close (a menu, a dialog) close that first."""
        if self.log is not None and self.log.open:
            self.log.open = False
            return True
        return False

    def position_jumped(self) -> None:
        """The position changed without its moves being shown (a replay stepped back, jumped
        to a round or to another seat's view): drop what was animating and draw the new
        position, with its log, afresh."""
        self.screen_changed()

    @property
    def kind(self) -> str:
        """The kind of the decision on screen ("" when there is none)."""
        return self.decision.kind if self.decision is not None else ""

    def explain_refusal(self, action: Action) -> str:
        """Why the engine refuses ``action``, in its own words (a short notice for a click on
        something that is not offered); an explanation never crashes the board."""
        try:
            return self.session.state.explain_illegal(action)
        except Exception:  # an explanation must never crash the board
            return "That move is not possible now."

    def hover_hit(self, pos: tuple[int, int]) -> bool:
        """Point ``hover``, ``tip`` and ``tip_rect`` at the drawn place under ``pos`` (all
        cleared over none); True when there is one (a board then looks no further, e.g. for
        the tile or hex under the pointer)."""
        found = self.hit_at(pos)
        self.hover, self.tip, self.tip_rect = found if found is not None else ("", "", None)
        return found is not None

    def hit_at(self, pos: tuple[int, int]) -> tuple[str, str, pygame.Rect] | None:
        """The topmost clickable place drawn at ``pos`` (its key, tooltip and rect), the
        tooltip a replay sets in ``tips_over`` winning; None over no drawn place."""
        for hit in reversed(self.hits):
            if hit.rect.collidepoint(pos):
                return hit.key, self.tips_over.get(hit.key, hit.tip), hit.rect
        return None

    def act(self, action: Action) -> list[Event]:
        """Play a human's move; a refused move becomes a short notice, never a crash."""
        try:
            events = self.session.apply(action)
        except IllegalAction as exc:
            self.show_notice(str(exc))
            return []
        self.show_events(events)
        self.watch_decision()
        return events

    def show_events(self, events: list[Event]) -> None:
        """Hand the board the events the view on screen may show (``Event.to``), once.

        Filtered here, after the move, against the view that will be on screen: another seat's
        secret (a bot's card, the last person's own commit once the table is to be shown)
        never reaches the board's animations or sounds.
        """
        self.on_events(self.session.visible(events))

    def on_events(self, events: list[Event]) -> None:
        """Animate and sound what just happened (boards override); ``events`` are only those
        the view on screen may see."""

    def show_notice(self, text: str) -> None:
        self.notice = text
        self.notice_time = self.clock

    # --- the position as shown ----------------------------------------------------------------
    def read_position(self, force: bool = False) -> bool | None:
        """Re-read the view, the decision and the person's legal moves from the session.

        ``None`` when nothing changed since the last read (and ``force`` is off); otherwise
        whether the position moved (a move was made or someone else is looking), so the board
        can drop a half-made choice. Who may act is :meth:`acting_person`, the board's rule.
        """
        s = self.session
        key = (len(s.record.actions), s.viewer(), s.is_over, s.shown_seat)
        if key == self._key and not force:
            return None
        old = self._key
        moved = not isinstance(old, tuple) or key[0] != old[0] or key[1] != old[1]
        self._key = key
        self.view = s.view()
        self.viewer = s.viewer()
        self.decision = s.decision()
        self.human = self.acting_person(s.current_human())
        self.legal = list(s.state.legal_actions(self.human)) if self.human is not None else []
        return moved

    def acting_person(self, human: int | None) -> int | None:
        """The seat whose clicks answer the decision: by default a person's input counts only
        while their own view is on screen (boards with public steps widen this)."""
        return human if human is not None and human == self.viewer else None

    # --- the decision on screen ----------------------------------------------------------------
    def decision_phase(self, decision: Decision) -> str:
        """What counts as one kind of decision (boards may split a kind, e.g. by its frame)."""
        return decision.kind

    def announce_text(self, decision: Decision) -> str:
        """The line naming a new decision when it reaches a person (boards give their words)."""
        return decision.prompt

    def watch_decision(self) -> None:
        """Follow the decision on screen: a new one is announced and input waits for it."""
        dec = self.session.decision()
        human = self.session.current_human()
        kind = self.decision_phase(dec) if dec is not None else ""
        settle = SETTLE_S.get(self.app.settings.animation_speed, SETTLE_S["1x"])
        text = self.announce_text(dec) if dec is not None and human is not None else ""
        if self.session.lingering is not None:
            text = ""  # the screen is still the last person's: the next one's ask is not theirs
        # in hot-seat the next person's decision of the same kind is new to them: it settles
        # and is announced too, so one double click cannot answer for two people
        token = (
            f"{kind}/{human}" if human is not None and len(self.session.human_seats()) > 1 else kind
        )
        self.guard.observe((kind, human), token, self.clock, settle, text)

    def note_press(self) -> None:
        """A mouse button went down: remember on which decision, and when."""
        self._press = (self.guard.epoch, self.clock)

    def press_counts(self) -> bool:
        """May the click being released answer the decision on screen? (see :class:`DecisionGuard`)"""
        ok = self.guard.accepts(self._press)
        self._press = None
        return ok

    def input_settled(self) -> bool:
        """May a key answer the decision on screen now?"""
        return self.guard.settled(self.clock)

    def announcement_layout(self, text: str, y: int, cx: int) -> tuple[int, list[str], pygame.Rect]:
        """Where the line naming a new decision goes: (font size, lines, box). One line at
        17 px centred under ``(cx, y)``; a board may place it where it hides nothing."""
        from scenes.assets import font

        w, h = font(17, "bold").size(text)
        rect = pygame.Rect(0, 0, w + 40, h + 14)
        rect.midtop = (cx, y)
        return 17, [text], rect

    def draw_announcement(
        self, surface: pygame.Surface, y: int = 52, cx: int = W // 2, show: bool = True
    ) -> pygame.Rect | None:
        """Mark the decision as seen (once no blocking animation hides it) and draw its line
        (unless ``show`` is False: something on screen says it already)."""
        if not self.animating():
            self.guard.mark_shown(self.clock)
        text, alpha = self.guard.announcing(self.clock)
        if not text or not show:
            return None
        from scenes.assets import font

        size, lines, rect = self.announcement_layout(text, y, cx)
        box = canvas.surface(rect.size, pygame.SRCALPHA)
        draw.rect(box, (*PANEL, 235), box.get_rect(), border_radius=10)
        draw.rect(box, ANNOUNCE_EDGE, box.get_rect(), 3, border_radius=10)
        f = font(size, "bold")
        if len(lines) == 1:
            img = f.render(lines[0], True, PARCHMENT)
            box.blit(img, img.get_rect(center=box.get_rect().center))
        else:
            step = f.get_linesize() + 4
            top = (rect.height - (len(lines) * step - 4)) // 2
            for i, line in enumerate(lines):
                img = f.render(line, True, PARCHMENT)
                box.blit(img, img.get_rect(midtop=(rect.width // 2, top + i * step)))
        box.set_alpha(int(255 * alpha))
        surface.blit(box, rect)
        return rect

    # --- commands every board offers ------------------------------------------------------------
    def speed_shown(self) -> str:
        """The speed the board's Speed button names: the session's own (a replay's, which
        leaves the settings alone) or else the settings'."""
        return self.session.speed or self.app.settings.animation_speed

    def next_speed(self) -> str:
        """Step the animation speed (1x -> 2x -> 4x -> instant -> 1x), pace the bots to it and
        keep it in the settings; the board sets its own animator to the returned speed."""
        from scenes.session import BOT_PACE_S

        s = self.app.settings
        cur = s.animation_speed
        s.animation_speed = SPEEDS[(SPEEDS.index(cur) + 1) % len(SPEEDS)] if cur in SPEEDS else "1x"
        self.session.pace_s = BOT_PACE_S.get(s.animation_speed, 0.7)
        self.app.save_settings()
        return s.animation_speed

    def open_help(self) -> None:
        """This game's rules page, over the board."""
        from scenes.help_scene import HelpScene

        self.app.stack.push(HelpScene(self.app, topic=self.session.record.game))

    def open_pause(self) -> None:
        from scenes.pause_scene import PauseScene

        self.app.stack.push(PauseScene(self.app, self.session))

    # --- input --------------------------------------------------------------------------------
    def route_left_click(self, event: pygame.event.Event) -> bool:
        """The left button: a click counts when the press and the release are on the same
        target, and, unless :meth:`click_allowed` frees that target, when it was pressed on
        the decision now shown after it settled. True when the event was the left button."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._hover_at(event.pos)
            self.press_key = self.hover
            self.note_press()
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self._hover_at(event.pos)
            pressed, self.press_key = self.press_key, ""
            fresh = self.press_counts()
            if pressed and self.hover == pressed and (fresh or self.click_allowed(pressed)):
                self.click(pressed)
            return True
        return False

    def click_allowed(self, key: str) -> bool:
        """May a click on ``key`` act while a new decision settles? (targets that answer no
        decision: commands, the log, tooltips ...)"""
        return False

    def _hover_at(self, pos: tuple[int, int]) -> None:
        """Set ``self.hover`` to the target under ``pos``."""

    def tip_bounds(self) -> pygame.Rect:
        """Where the board's tooltips may go: its own part of the canvas (above a replay's bar)."""
        return pygame.Rect(0, 0, W, self.foot)

    def target_at(self, pos: tuple[int, int]) -> str:
        """The key of the target under ``pos`` as the board last drew it ("" none)."""
        self._hover_at(pos)
        return self.hover

    def click(self, key: str) -> None:
        """Act on a click on ``key`` (boards using route_left_click)."""

    def shared_command(self, cmd: str) -> bool:
        """Answer a command every board gives alike (``scenes.board_keys.COMMON``, and the
        buttons of the same names): skip the running animations, open the help, show or hide
        the log, step the animation speed (instant also ends what plays), open the pause menu.
        False for any other command, which the board answers itself."""
        if cmd == "skip":
            self.skip_animations()
        elif cmd == "help":
            self.open_help()
        elif cmd == "log":
            self.toggle_log()
        elif cmd == "speed":
            self.anim.speed = self.next_speed()
            if self.anim.speed == "instant":
                self.skip_animations()
        elif cmd in ("menu", "pause"):
            self.open_pause()
        else:
            return False
        return True

    def skip_animations(self) -> None:
        """Finish every running animation now (Tab, the Skip button)."""
        self.anim.skip()

    def toggle_log(self) -> None:
        """Show or hide the board's whole log."""
        if self.log is not None:
            self.log.open = not self.log.open

    def scroll_log(self, event: pygame.event.Event) -> bool:
        """The mouse wheel scrolls the open log; True when it did (the board does whatever
        else its wheel does only while the log is closed)."""
        if event.type != pygame.MOUSEWHEEL or self.log is None or not self.log.open:
            return False
        self.log.on_wheel(int(getattr(event, "y", 0)))
        return True

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.open_pause()
            return True
        return False

    # --- drawing ------------------------------------------------------------------------------
    def draw_back(self, surface: pygame.Surface) -> None:
        if self._handing_off:  # the curtain is on its way: not one frame of the next view
            self.app.sea.draw(surface)
            return
        self.draw_board(surface)

    def draw_board(self, surface: pygame.Surface) -> None:
        """Draw ``self.session.view()`` (boards override)."""
        surface.fill(INK)

    def draw_front(self, surface: pygame.Surface) -> None:
        self.draw_announcement(surface, 100)
        who = self.thinking_line()
        if who:
            dots = "." * (1 + int(self.clock * 3) % 3)
            self._pill(surface, f"{who}{dots}", self.thinking_y)
        if self.notice:
            self._pill(surface, self.notice, 60)

    def thinking_line(self) -> str:
        """The "<names> is/are thinking" line while bots think ("" when none); boards may shorten it."""
        phones = self.session.waiting_remote()
        who = self.session.thinking()
        if not who:
            return f"Waiting for {phones}" if phones else ""
        verb = "are" if len(self.session.thinking_seats()) > 1 else "is"
        line = f"{who} {verb} thinking"
        return f"{line}; waiting for {phones}" if phones else line

    def seat_style(self, seat: int) -> SeatStyle:
        """The colour (and, colour-blind, letter and shape) of a seat."""
        info = self.session.seats[seat]
        styles = seat_styles(self.app.settings.colourblind)
        return style_by_name(info.colour, self.app.settings.colourblind, seat % len(styles))

    def _pill(self, surface: pygame.Surface, text: str, y: int) -> None:
        from scenes.assets import font

        img = font(17, "bold").render(text, True, PARCHMENT)
        rect = img.get_rect(midtop=(W // 2, y + 8)).inflate(36, 16)
        pulse = 0.5 + 0.5 * math.sin(self.clock * 3)
        draw.rect(surface, (8, 26, 40), rect, border_radius=rect.height // 2)
        draw.rect(
            surface,
            (int(168 + 50 * pulse), int(112 + 64 * pulse), 58),
            rect,
            2,
            border_radius=rect.height // 2,
        )
        draw_text(surface, text, rect.center, size=17, kind="bold", anchor="center")
