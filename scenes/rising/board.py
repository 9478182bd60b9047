"""The Atlantis Rising board: the island, the councilors, the Navy, the blueprint, the log.

Direct manipulation where a person expects it (click or drag Atlanteans onto tiles, click a
section to give it up, click a card to play it, click a component to build it), an action bar
for everything else, pop-up menus where one click could mean several moves. Every move comes
from ``legal_actions``; a refused click shows the engine's own explanation.

The board is split by concern: input (:mod:`scenes.rising.board_input`), drawing
(:mod:`scenes.rising.board_drawing`) and what each event animates, a table of event kind ->
animation builders (:mod:`scenes.rising.event_anims`); this module holds the state they share,
and turns events into animations and sounds (``scenes/rising/registration.py`` registers it). Keys (scenes/rising/keys.py, also the Help page's list): Space/Enter
done or pass, 1–9 choices, C courage, B build, Z undo, Tab skip animations, L log, G guide,
H/F1 help, Esc menu.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.core.protocol import Action, Decision, Event
from game.rising.councilors import COUNCILORS
from game.rising.island import NUM_TILES, SPOT_INDEX
from scenes.assets import text_sizing
from scenes.board_base import BoardScene
from scenes.palette import SeatStyle
from scenes.rising import animations as anims
from scenes.rising import asking, event_anims, hints, sounds
from scenes.rising import island_view as iv
from scenes.rising.board_drawing import BoardDrawing
from scenes.rising.board_input import BoardInput
from scenes.rising.controls import Plan, label, make_plan
from scenes.rising.dialogs import BuildDialog, KeepDialog, Menu
from scenes.rising.log_panel import LogPanel, by_councilor
from scenes.rising.look import councilor_style
from scenes.rising.panels import Hit, Panels

if TYPE_CHECKING:
    from scenes.app import App
    from scenes.session import GameSession


class RisingBoard(BoardInput, BoardDrawing, BoardScene):
    """One game of Atlantis Rising on screen."""

    title = "rising"
    #: how a seat's colour name is drawn (the setup screen's markers use it too)
    colour_style = staticmethod(councilor_style)

    def __init__(self, app: App, session: GameSession) -> None:
        super().__init__(app, session)
        #: the settings' "First-game guidance" as last seen; G overrides it until it changes
        self._guide_setting = bool(app.settings.guided_first_game)
        self.guide_on = self._guide_setting
        self.panels = Panels()
        self.layer = iv.IslandLayer()
        self.sea = iv.paint_sea()
        self.waves = iv.Waves()
        self.anim = anims.IslandAnimator(app.settings.animation_speed, self._sound)
        st = session.state
        self.log = LogPanel(st.round, st.phase)
        self.hits: list[Hit] = []
        self.hover = ""
        self.tip = ""
        self.tip_rect: pygame.Rect | None = None  # what the tooltip explains
        self.menu: Menu | None = None
        self.menu_decision = -1
        self.dialog = ""  # "" | "build"
        self.prompt_rect: pygame.Rect | None = None  # the decision line's box, as last drawn
        #: the largest text: the decision's box atop the seats' column (None: in the top bar)
        self._side_prompt: pygame.Rect | None = None
        self._side_lines: list[str] = []  # its lines
        self.announce_rect: pygame.Rect | None = None  # the new decision's line, while shown
        self.build_dialog = BuildDialog()
        self.keep_dialog = KeepDialog()
        self.courage_on = False
        self.dragging = False
        self.press_key = ""
        self._bump = 0
        self._key: object = None
        self._layer_key: object = None
        self._dialog_opened_at = -1
        #: a move waiting for its second click: (move number, action); see scenes.rising.asking
        self.armed: tuple[int, Action] | None = None
        #: where the last notice was drawn (None: no notice on screen)
        self.notice_rect: pygame.Rect | None = None
        #: where the first-game guide's line is drawn (tooltips step past it)
        self.guide_rect: pygame.Rect | None = None
        self._armed_before: tuple[int, Action] | None = None
        self._status_cache: tuple[Any, pygame.Surface, list[Any]] | None = None
        # filled by _sync
        self.view: Any = None
        self.decision: Any = None
        self.human: int | None = None
        self.legal: list[Action] = []
        self.plan = Plan()
        self.hint: Any = None
        self.styles: list[SeatStyle] = []
        self.names: list[str] = []
        self._sync(force=True)

    # --- sounds and lifecycle -----------------------------------------------------------------
    def _sound(self, name: str) -> None:
        self.app.audio.play(name)

    def resume(self) -> None:
        super().resume()
        self.anim.speed = self.speed_shown()
        self._read_guide_setting()
        self.panels.clear()
        self._sync(force=True)

    def position_jumped(self) -> None:
        self.anim.skip()
        self._sync(force=True)
        self._layer_key = None

    def _read_guide_setting(self) -> None:
        """Follow the settings' guidance switch when it was changed (e.g. from the pause menu)."""
        setting = bool(self.app.settings.guided_first_game)
        if setting != self._guide_setting:
            self._guide_setting = setting
            self.guide_on = setting

    # --- the state as shown -------------------------------------------------------------------
    def _sync(self, force: bool = False) -> None:
        """Re-read the session when a move was made (or undone) since the last frame."""
        s = self.session
        key = (
            len(s.record.actions),
            self._bump,
            s.is_over,
            self.app.settings.colourblind,
            text_sizing(),
        )
        if key == self._key and not force:
            return
        self._key = key
        self.view = s.view()
        self.decision = s.decision()
        self.human = s.current_human()
        self.legal = list(s.state.legal_actions(self.human)) if self.human is not None else []
        n = self.view.n
        cb = self.app.settings.colourblind
        self.names = [s.seat_name(i) for i in range(n)]
        #: the same names by the councilor each plays, for the engine's sentences
        self.said_names = by_councilor(self.names, self.view.councilor)
        self.styles = [
            councilor_style(s.seats[i].colour or COUNCILORS[self.view.councilor[i]].colour, i, cb)
            for i in range(n)
        ]
        kind = self.decision.kind if self.decision is not None else ""
        data = self.decision.data if self.decision is not None else {}
        self.plan = make_plan(kind, self.legal, self.names, self.view.flooded, data)
        self.monsters = self.view.summary().get("monsters") if self.view.monsters else None
        self.hint = None
        if self.guide_on and self.human is not None:
            try:
                self.hint = hints.hint(self.view, self.human, len(s.record.actions))
            except Exception:  # advice must never stop a game
                self.hint = None
        if self.menu is not None and self.menu_decision != len(s.record.actions):
            self.menu = None
        if self.armed is not None and self.armed[0] != len(s.record.actions):
            self.armed = None
        if not any(a.kind == "place" and a.get("courage") for a in self.legal):
            self.courage_on = False
        if kind == "build" and self.human is not None:
            if self._dialog_opened_at != len(s.record.actions) and any(
                a.kind in ("build", "build_item") for a in self.legal
            ):
                self._dialog_opened_at = len(s.record.actions)
                self.dialog = "build"
        elif self.dialog == "build":
            self.dialog = ""
        self._refresh_log()

    def _refresh_log(self) -> None:
        self.log.names = self.said_names
        self.log.follow(self.session)

    # --- per frame ----------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        if not self._handing_off:
            self._settle_cards()

    def _settle_cards(self) -> None:
        """A misfortune card never outstays its phase or covers tiles a person must click."""
        if self.view is None:
            return
        deciding = self.human is not None and self.decision is not None
        tiles = any(SPOT_INDEX.get(k, NUM_TILES) < NUM_TILES for k in self.plan.direct)
        self.anim.settle_cards(self.view.phase, deciding, tiles)

    def decision_phase(self, decision: Decision) -> str:
        return asking.phase_of(decision)

    def announcement_layout(self, text: str, y: int, cx: int) -> tuple[int, list[str], pygame.Rect]:
        """Between the tips of the Mountains and the Hills, over no tile (island_view.top_spot:
        wrapped and made smaller as it must be)."""
        return iv.top_spot(text, 17, "bold", pad=(14, 7))

    def announce_text(self, decision: Decision) -> str:
        humans = self.session.human_seats()
        p = self.session.current_human()
        who = self.session.seat_name(p) if len(humans) > 1 and p is not None else ""
        return asking.announcement(decision, self.said_names, who)

    def act(self, action: Action) -> list[Event]:
        """Apply a human's move (only ever one of ``self.legal``); a move that cannot be taken
        back waits for a second click on the same target."""
        if action not in self.legal:
            self.show_notice(self.explain_refusal(action))
            return []
        ask = asking.second_click(action, self.decision, self.view.flooded, self.view)
        move = (len(self.session.record.actions), action)
        if ask and move not in (self.armed, self._armed_before):
            self.armed = move
            self.show_notice(ask)
            return []
        if ask:
            self.notice = ""  # the question is answered
        self.armed = self._armed_before = None
        self.menu = None
        events = super().act(action)
        self._sync(force=True)
        return events

    # --- events to animations -----------------------------------------------------------------
    def seat_anchor(self, seat: int) -> tuple[int, int]:
        rects = Panels.seat_rects(self.view.n, self.foot)
        r = rects[seat] if 0 <= seat < len(rects) else rects[0]
        return r.right - 40, r.y + 40

    def on_events(self, events: list[Event]) -> None:
        """Turn what happened into animations (scaled by speed) and sounds."""
        self._sync(force=True)
        for e in events:
            self._animate(e)
        if self.anim.changed:
            self._layer_key = None

    def _animate(self, e: Event) -> None:
        """Play what ``e`` animates (:data:`scenes.rising.event_anims.ANIMATIONS`) with its sound."""
        sound = sounds.sound_for(e) or ""
        made = event_anims.animations_for(self, e)
        if sound and made:
            made[0].sound = sound
        for anim in made:
            self.anim.add(anim)
        if sound and not made:
            self._sound(sound)

    def _label(self, action: Action) -> str:
        data = self.decision.data if self.decision is not None else {}
        return label(action, self.names, self.view.flooded, self.kind, data)
