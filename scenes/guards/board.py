"""The Guards of Atlantis board: the hex arena, the queue, the heroes, the hand, the question.

Everything drawn comes from ``session.view()`` (the seat on screen, or the public view when
nobody's private step is up); the full state is never read here. The hand drawn is only ever
the on-screen seat's own, so in hot-seat nothing of another person's hand reaches the screen,
and another seat's face-down card is hidden by the view itself. The board is three parts: this
module holds its state, moves, hints and events; drawing is :mod:`scenes.guards.board_drawing`;
input is :mod:`scenes.guards.board_input` with the keys of :mod:`scenes.guards.keys`.
``scenes/guards/registration.py`` registers the board.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.core.hidden import HIDDEN
from game.core.protocol import Action, Decision, Event
from game.guards import effects, turns
from scenes.animation import Animator
from scenes.assets import font
from scenes.board_base import BoardScene, Hit
from scenes.guards import controls, look
from scenes.guards.animations import PUSH_STEP_S, Banner, Burst, Glide, Reveal, Strike
from scenes.guards.arena_view import ArenaView
from scenes.guards.board_drawing import BoardDrawing
from scenes.guards.board_input import BoardInput
from scenes.guards.hints import target as controls_target
from scenes.guards.log_panel import LogPanel
from scenes.guards.look import fit_text
from scenes.palette import style_by_name

if TYPE_CHECKING:
    from scenes.app import App
    from scenes.session import GameSession


class GuardsBoard(BoardInput, BoardDrawing, BoardScene):
    """One game of Guards of Atlantis on screen."""

    title = "guards"
    thinking_y = 42  # on the arena's top edge, clear of the top bar's buttons

    def __init__(self, app: App, session: GameSession) -> None:
        super().__init__(app, session)
        self.anim = Animator(app.settings.animation_speed)
        self.log = LogPanel()
        self.hits: list[Hit] = []
        self.hover = ""
        self.tip = ""
        self.tip_rect: pygame.Rect | None = None
        self.pointer: tuple[int, int] | None = None
        self.drag: tuple[int, int] | None = None
        self.stage: str | None = None  # the action kind chosen for the card ("move", "fast")
        self.chosen: dict[int, str] = {}  # the cards picked to play, by hero (not yet sent)
        self.preview = ""  # the selection tile being looked at
        #: how far the wheel scrolled the right column's lists ("queue", "heroes")
        self.lists: dict[str, int] = {}
        self._frame: tuple | None = None  # (key, painted frame, its click targets)
        self.arena: ArenaView | None = None
        self.hint: tuple[object, str, tuple[int, int] | None] | None = None  # (position, line, hex)
        self._sync(force=True)

    # --- the state as shown ------------------------------------------------------------------
    def drop_choice(self) -> None:
        self.stage = None
        self.chosen = {}

    def position_read(self) -> None:
        s = self.session
        if self.arena is None or self.arena.board.name != self.view.board:
            self.arena = ArenaView(self.view.board)
        names = [s.seat_name(q) for q in range(len(s.seats))]
        self.names = names
        self.log.follow(s)

    def acting_person(self, human: int | None) -> int | None:
        if self.decision is not None and self.decision.public:
            return human  # a public step is answered on the open table
        return super().acting_person(human)

    def seat_rgb(self, seat: int) -> tuple[int, int, int]:
        info = self.session.seats[seat] if seat < len(self.session.seats) else None
        colour = (info.colour if info else None) or self.session.spec.colours[seat % 10]
        return style_by_name(colour, self.app.settings.colourblind, seat).rgb

    def resume(self) -> None:
        super().resume()
        self.anim.speed = self.speed_shown()
        self._sync(force=True)

    def position_jumped(self) -> None:
        was_open = self.log.open  # the person reading the log keeps it while stepping
        self.screen_changed()
        self.log.open = was_open

    def screen_changed(self) -> None:
        """Another person (or the table) is looking now: drop what was shown for the last."""
        self.anim.clear()
        self.stage = None
        self.chosen = {}
        self.log.open = False
        self.tipper.clear()
        self.redraw()
        self._sync(force=True)

    def thinking_line(self) -> str:
        seats = self.session.thinking_seats()
        if len(seats) > 3:  # ten heroes: the names would run over the top bar
            phones = len(self.session.deciding_remote())
            more = f"; {phones} phone{'s' if phones > 1 else ''} to answer" if phones else ""
            return f"{len(seats)} bots are thinking{more}"
        return super().thinking_line()

    def announce_text(self, decision: Decision) -> str:
        who = ""
        if len(self.session.human_seats()) > 1 and self.session.current_human() is not None:
            who = self.session.seat_name(self.session.current_human()) + ": "
        return who + controls.ask_words(decision)

    def announcement_layout(self, text: str, y: int, cx: int):

        text, size = fit_text(text, look.ARENA.w - 60, 17, "bold")
        w, h = font(size, "bold").size(text)
        rect = pygame.Rect(0, 0, w + 40, h + 14)
        rect.midbottom = (look.ARENA.centerx, look.ARENA.bottom - 8)
        return size, [text], rect

    # --- moves -------------------------------------------------------------------------------
    def act(self, action: Action) -> list[Event]:
        """Play a person's move: only ever one of ``self.legal``."""
        if action not in self.legal:
            self.show_notice(self.explain_refusal(action))
            return []
        self.stage = None
        self.chosen = {}
        events = super().act(action)
        self._sync(force=True)
        return events

    # --- the card's action: why not, stepping back, friendly fire ----------------------------
    def primary_reason(self) -> str:
        """Why the card's own action is not offered at the act step ("" when it is)."""
        if self.kind != "act" or self.human is None or controls.find(self.legal, "primary"):
            return ""
        h = self.decision.data["hero"]  # type: ignore[union-attr]
        col = self.view.commit[h]
        if col in (None, HIDDEN):
            return ""
        return effects.why_not(self.view, h, self.view.card_in(h, col)) or ""

    def can_take_back(self) -> bool:
        """May the person step back from this choice of their card (the session takes back
        their last step; Guards says which steps may go: ``GuardsState.undoable``)?"""
        return (
            self.human is not None
            and self.kind in ("act", "move", "fast", "choose")
            and self.session.can_undo(self.human)
        )

    def take_back(self) -> None:
        """Step back to the card's choice before this one (the session replays the record
        without the last step and rewrites the autosave)."""
        if not self.can_take_back():
            self.show_notice(self.session.undo_refusal(self.human))
            return
        events = self.session.undo()
        self.anim.skip()
        self.stage = None
        self.chosen = {}
        self.redraw()
        self._sync(force=True)
        self.watch_decision()
        if events:
            self.show_notice(events[-1].text)

    def friendly_hexes(self) -> tuple[tuple[int, int], ...]:
        """The glowing targets of the person's own side (an attack on their own minion)."""
        if self.kind != "choose" or self.human is None:
            return ()
        return effects.friendly_choices(self.view)

    def ask_friendly(self, action: Action, what: str) -> None:
        """Hitting one's own side asks first: Yes makes ``action``, No leaves the choice open."""
        from scenes.dialogs import ConfirmDialog

        self.app.stack.push(
            ConfirmDialog(
                self.app, "Hit your own side?",
                f"{what} is on your side. Hitting it helps the other team (and a minion of "
                "yours earns nobody coins). Hit it anyway?",
                confirm="Yes, hit it", cancel="No", on_confirm=lambda: self.act(action),
                purpose="friendly fire",
            )
        )  # fmt: skip

    def unit_words(self, code: int) -> str:
        """A unit in a few words: "Your melee minion", "Brogan"."""
        if code >= 0:
            return self.view.hero_name(code)
        return f"Your {self.view.minions[-code - 1][2]} minion"

    def playing_heroes(self) -> tuple[int, ...]:
        if self.human is None or self.kind != "play":
            return ()
        return turns.playing(self.view, self.human)

    def hex_actions(self) -> dict[tuple[int, int], Action]:
        return controls.hex_actions(self.kind, self.legal, self.stage, self.complete_acts())

    # --- teammates talk: intents and the hint --------------------------------------------------
    def intents(self) -> list[tuple[tuple[int, int], tuple[int, int, int]]]:
        """Where the bots of the on-screen person's team are about to go or strike (their
        answer is in and waits for the bot pace), in their seat colours. Only on that team's
        private screen: never on the open table, never for the other team, never a card."""
        viewer = self.viewer
        if viewer is None or self.session.is_bot(viewer) or self.view.phase == "select":
            return []
        team = self.view.seat_team[viewer]
        out = []
        for seat in self.session.thinking_seats():
            if seat == viewer or self.view.seat_team[seat] != team:
                continue
            a = self.session.answer_waiting(seat)
            hx = controls_target(self.view, a) if a is not None and a.kind != "play" else None
            if hx is not None:
                out.append((hx, self.seat_rgb(seat)))
        return out

    def hint_line(self) -> str:
        return self.hint[1] if self.hint is not None and self.hint[0] == self._key else ""

    def ask_hint(self) -> None:
        """The normal bot's choice for the person's decision, from that person's view only,
        with its reason in one line (and its hex marked)."""
        if self.human is None or self.decision is None:
            self.show_notice("A hint is for your own decision: none is asked of you now.")
            return
        from ai.advice import advise
        from scenes.guards.hints import explain

        view = self.session.state.view(self.human)
        advice = advise("guards", view, self.human, seed=len(self.session.record.actions))
        if advice is None:
            self.show_notice("No hint this time.")
            return
        self.hint = (self._key, explain(view, advice), advice.facts.get("target"))

    def _command(self, cmd: str) -> None:
        if cmd == "hint":
            self.ask_hint()
        else:
            super()._command(cmd)

    # --- events to animations and sounds ----------------------------------------------------
    def on_events(self, events: list[Event]) -> None:
        arena = self.arena
        if arena is None:
            return
        cam = arena.camera
        view = self.view
        where: dict[int, Any] = {h: view.pos[h] for h in view.heroes}
        for i, m in enumerate(view.minions):
            where[-(i + 1)] = m[3]
        sound = ""
        for e in events:
            d = e.data
            if e.kind in ("move", "fast", "teleport") and d.get("to") is not None:
                h = d["hero"]
                if where.get(h) is not None:
                    self.anim.add(Glide(unit=h, a=cam.centre(where[h]), b=cam.centre(d["to"])))
                where[h] = d["to"]
                sound = sound or "place"
            elif e.kind == "displace" and d.get("to") is not None:
                u = d["unit"]
                if where.get(u) is not None:
                    self.anim.add(Glide(unit=u, a=cam.centre(where[u]), b=cam.centre(d["to"])))
                where[u] = d["to"]
            elif e.kind == "swap":
                h, u = d["hero"], d["unit"]
                if where.get(h) is not None and where.get(u) is not None:
                    a, b = where[h], where[u]
                    self.anim.add(Glide(unit=h, a=cam.centre(a), b=cam.centre(b)))
                    self.anim.add(Glide(unit=u, a=cam.centre(b), b=cam.centre(a)))
                    where[h], where[u] = b, a
            elif e.kind in ("placed", "respawn") and d.get("at") is not None:
                team = view.team_of[d["hero"]]
                self.anim.add(Burst(at=cam.centre(d["at"]), colour=look.TEAM_RGB[team]))
                where[d["hero"]] = d["at"]
                sound = sound or "place"
            elif e.kind == "attack":
                a, t = where.get(d.get("hero")), where.get(d.get("target"))
                if a is not None and t is not None:
                    self.anim.add(Strike(a=cam.centre(a), b=cam.centre(t)))
                sound = "attack"
            elif e.kind == "defeat":
                p = where.get(d["hero"])
                if p is not None:
                    self.anim.add(Burst(at=cam.centre(p), colour=(240, 80, 60)))
                where[d["hero"]] = None
            elif e.kind == "minion_defeated" and d.get("at") is not None:
                self.anim.add(Burst(at=cam.centre(d["at"]), colour=(240, 160, 60)))
                sound = sound or "attack"
            elif e.kind == "push":
                self.anim.add(Banner(text=e.text))
                self._animate_push(where, d.get("lane"))
                sound = "flood"
            elif e.kind == "reveal":
                self.anim.add(Reveal())
                sound = sound or "click"
            elif e.kind == "level":
                sound = sound or "chime"
            elif e.kind == "game_over":
                self.anim.add(Banner(text=e.text))
                sound = "win"
        if sound:
            self.app.audio.play(sound)
        self._sync(force=True)

    def _animate_push(self, where: dict[int, Any], lane: int | None) -> None:
        """A pushed lane's minions move to the new battle zone one after the other: each glides
        from where it stood (a minion that had fallen rises there with a burst)."""
        cam = self.arena.camera
        after = self.session.view()
        n = 0
        for i, (ln, team, _kind, at) in enumerate(after.minions):
            if (lane is not None and ln != lane) or at is None:
                continue
            code = -(i + 1)
            old = where.get(code)
            if old == at:
                continue
            if old is not None:
                glide = Glide(unit=code, a=cam.centre(old), b=cam.centre(at))
                self.anim.add(glide, delay=PUSH_STEP_S * n)
            else:
                burst = Burst(at=cam.centre(at), colour=look.TEAM_RGB[team])
                self.anim.add(burst, delay=PUSH_STEP_S * n)
            where[code] = at
            n += 1
