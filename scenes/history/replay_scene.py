"""Watching a finished game again on its own board, with a bar of replay controls.

The game's board scene (the very one it was played on) is held here, off the stack, and driven
by a :class:`~scenes.history.replay_session.ReplaySession`: it draws, animates and logs every
move exactly as in play, while nobody at the table may move. The bar at the foot of the
screen plays, pauses, steps one move either way, jumps to a round, changes the speed, shows
any seat's view (only when the recorded game is over and has secrets; a game still being
played, like a live one, shows the table's alone, and a game without secrets offers no view
at all) and takes over: a new live game from the
position on screen with the same seats.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.core.protocol import IllegalAction
from game.core.saves import GameRecord, SaveError
from scenes import canvas, draw
from scenes.assets import font
from scenes.board_base import BoardScene
from scenes.history.replay_session import SPEEDS, ReplaySession
from scenes.palette import PANEL_EDGE
from scenes.stack import Scene
from scenes.ui import H, W, button, button_size, draw_text, opens_up, place

if TYPE_CHECKING:
    from scenes.app import App

BAR = pygame.Rect(0, H - 58, W, 58)
JUMP = "Jump to a round"
#: the bar's left buttons in order (Close, Start, Back, Play, Next, End): their words (the
#: first shown), tooltip and designed width
LEFT_BUTTONS = (
    (("Close",), "Back to the History", 86),
    (("Start",), "The set-up (Home)", 70),
    (("Back",), "One move back (Left)", 70),
    (("Play", "Pause"), "Play or pause (Space)", 86),
    (("Next",), "One move on (Right)", 70),
    (("End",), "The final position (End)", 70),
)
#: what a drop-down's arrow takes beside its words
MENU_ARROW = 26
TABLE_VIEW = "View: the table"


#: the board's own buttons a replay answers itself, by the replay's rules: (tip, what it does)
OWN_TARGETS: dict[str, tuple[str, Callable[[ReplayScene], None]]] = {
    "cmd:speed": ("The replay's speed: 1x, 2x, 4x", lambda scene: scene.next_speed()),
    "cmd:menu": ("Close the replay: back to the History (Esc)", lambda scene: scene.close()),
    "cmd:pause": ("Close the replay: back to the History (Esc)", lambda scene: scene.close()),
}


def view_label(name: str) -> str:
    return f"View: {name}"


def bar_words(move: str, where: str, room: int) -> list[tuple[str, int, str, int]]:
    """Where the replay stands, as (words, size, face, top) in the bar: the move over the
    turn as designed; one line when larger text makes two too tall for the bar; the move
    alone when even that is too wide (the board's top bar shows the turn)."""
    step = font(16, "bold").get_linesize() - 4
    if step + font(14).get_linesize() <= BAR.height - 2 and font(14).size(where)[0] <= room:
        top = max(2, min(10, (BAR.height - step - font(14).get_linesize()) // 2))
        return [(move, 16, "bold", top), (where, 14, "regular", top + max(22, step))]
    centre = (BAR.height - font(16, "bold").get_linesize()) // 2
    both = f"{move}  ·  {where}"
    if font(16, "bold").size(both)[0] <= room:
        return [(both, 16, "bold", centre)]
    return [(move, 16, "bold", centre)]


class ReplayScene(Scene):
    """One finished game played back on its own board."""

    title = "replay"
    opaque = True
    modal = True

    def __init__(self, app: App, record: GameRecord, *, back: Scene | None = None) -> None:
        """``back`` is where Close returns (the History screen); raises :class:`SaveError`
        when the record does not replay or its game has no board."""
        super().__init__(app)
        from scenes.boards import board_for, why_not_playable

        reason = why_not_playable(record.game)
        if reason:
            raise SaveError(reason)
        self.session = ReplaySession(record)
        factory = board_for(record.game)
        assert factory is not None
        self.board: BoardScene = factory(app, self.session)  # type: ignore[assignment]
        self.board.foot = BAR.y
        self.board.tips_over = {k: tip for k, (tip, _) in OWN_TARGETS.items()}
        self.back_to = back
        self._set_board_speed()
        m = self.manager
        y, h = BAR.y + 8, 42
        # the bar gives way to large text: each button as wide as its longest words, the left
        # group from the left edge, the right group from the right edge, the words between
        x = 8
        left = []
        for words, tip, least in LEFT_BUTTONS:
            w = max([least] + [button_size(m, s, "")[0] for s in words])
            left.append(button(m, (x, y, w, h), words[0], style="", tooltip=tip))
            x += w + 4
        self.close_btn, self.start_btn, self.back_btn, self.play_btn, self.next_btn = left[:5]
        self.end_btn = left[5]
        self.bar_text_x = x + 6
        take_w = max(134, button_size(m, "Take over", "@primary_button")[0])
        view_w = max(190, button_size(m, TABLE_VIEW, "")[0] + MENU_ARROW)
        round_w = max(160, button_size(m, JUMP, "")[0] + MENU_ARROW)
        speed_w = max([86] + [button_size(m, f"Speed {s}", "")[0] for s in SPEEDS])
        group = take_w + 4 + round_w + 4 + speed_w
        if self.session.hidden_information:
            group += view_w + 4
        # the largest text: when the right group would run into the left one, it rises onto a
        # row of its own over the bar's right end (the board ends above it)
        self.raised = 0
        if W - 8 - group < self.bar_text_x + 6:
            self.raised = h + 12
            y = BAR.y - self.raised + 6
        self.take_btn = button(
            m,
            (W - 8 - take_w, y, take_w, h),
            "Take over",
            style="@primary_button",
            tooltip="Start a new game from this position, with the same seats",
        )
        right = W - 8 - take_w - 4
        view_rect = None
        if self.session.hidden_information:
            view_rect = (right - view_w, y, view_w, h)
            right -= view_w + 4
        self.round_rect = (right - round_w, y, round_w, h)
        right -= round_w + 4
        self.group_left = right - speed_w - 4
        self.speed_btn = button(
            m, (right - speed_w, y, speed_w, h), "Speed 1x", style="", tooltip="1x, 2x, 4x"
        )
        self.round_menu = self._round_menu()
        self.view_menu: pygame_gui.core.UIElement | None = None
        self.view_names: list[str] = []
        if view_rect is None:
            pass  # an open game (Atlantis Rising): every seat sees the table, nothing to offer
        elif self.session.view_switchable:
            self.view_names = [TABLE_VIEW] + [view_label(s.name) for s in self.session.seats]
            self.view_menu = pygame_gui.elements.UIDropDownMenu(
                self.view_names,
                TABLE_VIEW,
                place(m, view_rect),
                manager=m,
                object_id=opens_up(m, view_rect, len(self.view_names)),
            )
        else:  # greyed, saying why: only the table's view is ever shown here
            self.view_names = [TABLE_VIEW]
            self.view_menu = button(
                m, view_rect, TABLE_VIEW, style="", tooltip=self.session.why_table_only()
            )
            self.view_menu.disable()
        self._bar: tuple[object, canvas.Drawable] | None = None
        # the largest text: where the replay stands has no room between the buttons; it goes
        # on a strip of its own over the bar's left end (the board ends above it)
        self.strip_h = 0
        widest = f"Move {self.session.total} of {self.session.total}"
        if font(16, "bold").size(widest)[0] > self._words_room():
            self.strip_h = font(16, "bold").get_linesize() + 8
            self.board.foot = BAR.y - self.strip_h
        if self.raised:
            self.board.foot = min(self.board.foot, BAR.y - self.raised)
            self.board.raised_foot = BAR.y - self.raised
        self._pressed = ""  # the board's target under the last left press
        self._refresh()

    # --- lifecycle ------------------------------------------------------------------------------
    def enter(self) -> None:
        self.board.enter()

    def exit(self) -> None:
        self.board.exit()

    def _round_menu(self) -> pygame_gui.elements.UIDropDownMenu:
        self.round_names = {self._round_words(r): r for r, _ in self.session.round_starts()}
        options = [JUMP, *self.round_names]
        return pygame_gui.elements.UIDropDownMenu(
            options,
            JUMP,
            place(self.manager, self.round_rect),
            manager=self.manager,
            object_id=opens_up(self.manager, self.round_rect, len(options)),
        )

    # --- what the controls do ------------------------------------------------------------------
    def toggle_play(self) -> None:
        self.session.play(not self.session.playing)
        if self.session.playing and self.session.cursor == 0:
            self._resync()
        self._refresh()

    def step(self, delta: int) -> None:
        """One move forward (with its animations and log lines) or back."""
        s = self.session
        s.play(False)
        if delta > 0:
            self.board.show_events(s.forward())
        else:
            s.back()
            self._resync()
        self._refresh()

    def seek(self, n: int) -> None:
        self.session.play(False)
        self.session.seek(n)
        self._resync()
        self._refresh()

    def jump_to_round(self, round_number: int) -> None:
        self.session.play(False)
        self.session.jump_to_round(round_number)
        self._resync()
        self.round_menu.kill()
        self.round_menu = self._round_menu()
        self._refresh()

    def next_speed(self) -> None:
        s = self.session
        s.speed = SPEEDS[(SPEEDS.index(s.speed) + 1) % len(SPEEDS)] if s.speed in SPEEDS else "1x"
        self._set_board_speed()
        self._refresh()

    def show_seat(self, seat: int | None) -> None:
        """Any seat's view, or the table's: the game is over, nothing is secret now."""
        self.session.switch_view(seat)
        self._resync()

    def take_over(self) -> None:
        """Play on from here as a new game (asks first when it would replace an unfinished
        game's autosave)."""
        from scenes.autosaves import ReplaceAutosaveDialog, unfinished_autosave

        if self.session.state.is_terminal():
            return
        pending = unfinished_autosave(self.session.record.game)
        if pending is None:
            self._start_live()
            return
        self.app.stack.push(
            ReplaceAutosaveDialog(
                self.app,
                pending,
                on_start=self._start_live,
                replaced_by="playing on from this replay",
                start="Play on anyway",
            )
        )

    def _start_live(self) -> None:
        from scenes.boards import board_for
        from scenes.dialogs import MessageDialog

        try:
            session = self.session.take_over()
        except (IllegalAction, SaveError) as exc:
            self.app.stack.push(MessageDialog(self.app, "Cannot take over", str(exc)))
            return
        factory = board_for(session.record.game)
        assert factory is not None
        self.app.stack.reset(factory(self.app, session))

    def close(self) -> None:
        if self.back_to is not None:
            self.app.stack.pop(self)
        else:
            from scenes.title_scene import TitleScene

            self.app.stack.reset(TitleScene(self.app))

    # --- keeping the board and the bar in step ----------------------------------------------
    def _set_board_speed(self) -> None:
        anim = getattr(self.board, "anim", None)
        if anim is not None:
            anim.speed = self.session.speed

    def _resync(self) -> None:
        """The position jumped (back, a round, another view): the board drops what it was
        animating and draws the new position afresh."""
        self.board.position_jumped()

    def _refresh(self) -> None:
        s = self.session
        self.play_btn.set_text("Pause" if s.playing else "Play")
        self.speed_btn.set_text(f"Speed {s.speed}")
        for btn, ok in (
            (self.start_btn, s.cursor > 0),
            (self.back_btn, s.cursor > 0),
            (self.next_btn, not s.at_end),
            (self.end_btn, not s.at_end),
            (self.take_btn, not s.state.is_terminal()),
        ):
            if ok:
                btn.enable()
            else:
                btn.disable()

    # --- input --------------------------------------------------------------------------------
    def handle_ui(self, event: pygame.event.Event) -> None:
        el = getattr(event, "ui_element", None)
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            actions = {
                self.close_btn: self.close,
                self.start_btn: lambda: self.seek(0),
                self.back_btn: lambda: self.step(-1),
                self.play_btn: self.toggle_play,
                self.next_btn: lambda: self.step(1),
                self.end_btn: lambda: self.seek(self.session.total),
                self.speed_btn: self.next_speed,
                self.take_btn: self.take_over,
            }
            act = actions.get(el)
            if act is not None:
                act()
        elif event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            if el is self.round_menu and event.text in self.round_names:
                self.jump_to_round(self.round_names[event.text])
            elif el is self.view_menu and event.text in self.view_names:
                i = self.view_names.index(event.text)
                self.show_seat(None if i == 0 else i - 1)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key not in self.board.REPLAY_KEYS:
            keys = {
                pygame.K_ESCAPE: lambda: self.board.dismiss() or self.close(),
                pygame.K_SPACE: self.toggle_play,
                pygame.K_LEFT: lambda: self.step(-1) if self.session.cursor else None,
                pygame.K_RIGHT: lambda: self.step(1),
                pygame.K_HOME: lambda: self.seek(0),
                pygame.K_END: lambda: self.seek(self.session.total),
            }
            act = keys.get(event.key)
            if act is not None:
                act()
                return True
        if event.type == pygame.KEYDOWN or event.type == pygame.KEYUP:
            if event.key in self.board.REPLAY_KEYS:
                self.board.process_event(event)  # the log, help, skip (and the arena's view)
                return True
            return False
        if event.type == pygame.MOUSEWHEEL:
            self.board.process_event(event)  # log scrolling, zoom (at the board's pointer)
            return False
        pos = getattr(event, "pos", None)
        if pos is None:
            return False
        if event.type == pygame.MOUSEBUTTONUP:
            # a release ends the press the board saw wherever it lands (over the bar too)
            if event.button == 1:
                self._left_release(event)
            else:
                self.board.process_event(event)  # a right-drag that pans an arena ends
            return False
        if BAR.collidepoint(pos):  # (events come in canvas coordinates)
            return False
        if event.type == pygame.MOUSEMOTION:
            self.board.process_event(event)  # hover tips
        elif event.type == pygame.MOUSEBUTTONDOWN:
            if event.button != 1:
                self.board.process_event(event)  # a right-drag pans an arena
            else:
                self._pressed = self.board.target_at(pos)
                if self._pressed in self.board.REPLAY_TARGETS:
                    self.board.process_event(event)
            return True
        return False

    def process_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 0) == 1:
            self._pressed = ""  # every press starts afresh, even one the bar's widgets take
        return super().process_event(event)

    def _left_release(self, event: pygame.event.Event) -> None:
        """The board's viewing aids answer as in play; its Speed and Menu buttons are the
        replay's own; every other target stays still (nobody moves in a replay). A click
        counts when it was pressed and released on the same target of the board."""
        pressed, self._pressed = self._pressed, ""
        if pressed in self.board.REPLAY_TARGETS:
            self.board.process_event(event)  # the board checks the release's target itself
            return
        on_bar = BAR.collidepoint(event.pos)
        if pressed in OWN_TARGETS and not on_bar and self.board.target_at(event.pos) == pressed:
            OWN_TARGETS[pressed][1](self)

    # --- frame --------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        was_playing = self.session.playing
        self.board.update(dt)
        if was_playing and not self.session.playing:
            self._refresh()
        elif self.session.playing:
            self._refresh_moves()

    def _refresh_moves(self) -> None:
        s = self.session
        if not self.back_btn.is_enabled and s.cursor > 0:
            self._refresh()

    def draw(self, surface: pygame.Surface) -> None:
        self.board.draw(surface)
        s = self.session
        key = (s.cursor, s.current_round(), canvas.density())
        if self._bar is None or self._bar[0] != key:
            self._bar = (key, self._paint_bar())
        surface.blit(self._bar[1], BAR.topleft)
        if self.strip_h:
            self._draw_strip(surface)
        if self.raised:  # the right group's own row
            row = pygame.Rect(
                self.group_left, BAR.y - self.raised, W - self.group_left, self.raised + 2
            )
            draw.rect(surface, (6, 18, 28), row, border_radius=6)
            draw.line(surface, PANEL_EDGE, row.topleft, row.topright, 2)
        self.manager.draw_ui(surface)

    def _draw_strip(self, surface: pygame.Surface) -> None:
        """Where the replay stands, on its strip over the bar's left end: the move, and the
        turn when the strip's room (the board's left column) holds both."""
        s = self.session
        move = f"Move {s.cursor} of {s.total}"
        both = f"{move}  ·  {self._round_words(s.current_round())}"
        f = font(16, "bold")
        words = both if f.size(both)[0] <= W // 3 else move
        strip = pygame.Rect(0, BAR.y - self.strip_h, f.size(words)[0] + 24, self.strip_h + 2)
        draw.rect(surface, (6, 18, 28), strip, border_radius=6)
        draw.line(surface, PANEL_EDGE, strip.topleft, strip.topright, 2)
        draw_text(surface, words, (12, strip.y + 4), size=16, kind="bold")

    def _paint_bar(self) -> canvas.Drawable:
        """The bar's backing with where the replay stands (painted once per move)."""
        s = self.session
        bar = canvas.surface(BAR.size, pygame.SRCALPHA)
        bar.fill((6, 18, 28, 255))
        draw.line(bar, PANEL_EDGE, (0, 0), (BAR.width, 0), 2)
        x = self.bar_text_x
        where = f"{self._round_words(s.current_round())}  ·  replay"
        if self.strip_h:  # on its own strip (see draw)
            return bar
        for part, size, kind, y in bar_words(f"Move {s.cursor} of {s.total}", where,
                                             self._words_room()):  # fmt: skip
            draw_text(bar, part, (x, y), size=size, kind=kind)
        return bar

    def _round_words(self, r: int) -> str:
        """ "Round 3"; the moves before the first round (Finding's captains and first dives)
        are the set-up, not a round 0."""
        return f"{self.session.spec.round_word.capitalize()} {r}" if r >= 1 else "Set-up"

    def _words_room(self) -> int:
        """The bar's room for where the replay stands: from the left buttons to Speed."""
        if self.raised:  # the right group sits above: the bar is the words' to its end
            return W - 8 - self.bar_text_x
        k = getattr(self.manager, "density", 1.0)
        return int(self.speed_btn.rect.left / k) - 6 - self.bar_text_x
