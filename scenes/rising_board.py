"""The Atlantis Rising board: the island, the councilors, the Navy, the blueprint, the log.

Direct manipulation where a person expects it (click or drag Atlanteans onto tiles, click a
section to give it up, click a card to play it, click a component to build it), an action bar
for everything else, pop-up menus where one click could mean several moves. Every move comes
from ``legal_actions``; a refused click shows the engine's own explanation.

Drawing is layered for speed: the sea is painted once, the island and each panel are painted
only when what they show changes, and a frame is a handful of blits plus a few wave lines.
Keys (scenes/rising/keys.py, also the Help page's list): Space/Enter done or pass, 1–9 choices,
C courage, B build, Z undo, Tab skip animations, L log, G guide, H/F1 help, Esc menu.
"""

from __future__ import annotations

import math
import time
from typing import TYPE_CHECKING, Any

import pygame

from game.core.protocol import Action, Decision, Event
from game.core.stats import summary_ms
from game.rising.components import COMPONENT_INDEX
from game.rising.councilors import COUNCILORS
from game.rising.island import NUM_TILES, SECTIONS, SPOT_INDEX
from game.rising.knowledge import KNOWLEDGE, KNOWLEDGE_INDEX
from game.rising.misfortunes import MISFORTUNES
from game.rising.monsters.common import ALLY_NAMES, ITEMS, SCENARIOS
from scenes.assets import font, text_room, text_sizing
from scenes.board_base import BoardScene
from scenes.boards import register_board
from scenes.palette import GOLD, MUTED, PARCHMENT, SeatStyle
from scenes.rising import animations as anims
from scenes.rising import asking, guide, help_text, keys, sounds
from scenes.rising import island_view as iv
from scenes.rising import monsters_view as mv
from scenes.rising.controls import BarItem, Plan, label, make_plan, spot_name
from scenes.rising.dialogs import BuildDialog, Entry, KeepDialog, MagicRow, Menu
from scenes.rising.log_panel import BIG, LogPanel, entries, humanize
from scenes.rising.look import (
    BARRIER,
    DIM_INK,
    GOOD,
    PANEL_HOT,
    WARN,
    blit_text,
    chip,
    councilor_style,
    fit,
    marker,
    panel,
    wrap,
)
from scenes.rising.panels import (
    ACTIONBAR,
    NAVY,
    PHASE_NAMES,
    Hit,
    Panels,
    SeatInfo,
    draw_backplate,
)
from scenes.tooltips import WIDE_TIP_WIDTH, HoverTip, place_tip

if TYPE_CHECKING:
    from scenes.app import App
    from scenes.session import GameSession

SPEEDS = ("1x", "2x", "4x", "instant")
#: targets that answer no decision: clicking them works even while a new decision settles
FREE_KEYS = frozenset(
    {"cmd:pause", "cmd:help", "cmd:guide", "cmd:undo", "cmd:skip", "cmd:speed", "cmd:log", "log"}
)
GUIDE = (140, 255, 170)
HINT_LINES = 3  # the guide's words above the action bar
BANNER_KINDS = {"round_started", "attack_resolved", "game_won", "game_lost", "flood_cancelled"}
#: monster events shown as a banner across the island (colour by whether it is good news)
MONSTER_BANNERS = {
    "curse_broken": GOOD,
    "harpies_defeated": GOOD,
    "scylla_defeated": GOOD,
    "shield_built": GOLD,
    "rattle_built": GOLD,
    "helm_built": GOLD,
    "charybdis_calmed": GOOD,
    "charybdis_swallowed": WARN,
    "harpies_raid": WARN,
    "medusa_ally": GOOD,
}


class RisingBoard(BoardScene):
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
        self.anim = anims.Animator(app.settings.animation_speed, self._sound)
        self.log = LogPanel()
        st = session.state
        self._log_base = (st.round, st.phase)
        self._log_len = -1
        self.hits: list[Hit] = []
        self.hover = ""
        self.tip = ""
        self.tip_rect: pygame.Rect | None = None  # what the tooltip explains
        self.tipper = HoverTip()  # shows self.tip after the hover delay, drops it on a rebuild
        self.menu: Menu | None = None
        self.menu_decision = -1
        self.dialog = ""  # "" | "build"
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
        self.anim.speed = self.app.settings.animation_speed
        self._read_guide_setting()
        self.panels.clear()
        self._sync(force=True)

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
                self.hint = guide.hint(self.view, self.human)
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
        events = self.session.visible_log()
        if len(events) != self._log_len or self._bump:
            self._log_len = len(events)
            self.log.set_entries(entries(events, *self._log_base, names=self.names))

    @property
    def kind(self) -> str:
        return self.decision.kind if self.decision is not None else ""

    # --- per frame ----------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.tipper.age(dt)
        self.anim.update(dt)
        super().update(dt)
        if not self._handing_off:
            self._sync()
            self._settle_cards()

    def _settle_cards(self) -> None:
        """A misfortune card never outstays its phase or covers tiles a person must click."""
        if self.view is None:
            return
        deciding = self.human is not None and self.decision is not None
        tiles = any(SPOT_INDEX.get(k, NUM_TILES) < NUM_TILES for k in self.plan.direct)
        self.anim.settle_cards(self.view.phase, deciding, tiles)

    def animating(self) -> bool:
        """Blocking animations hold back the next bot move and the results screen."""
        return self.anim.busy

    def decision_phase(self, decision: Decision) -> str:
        return asking.phase_of(decision)

    def announce_text(self, decision: Decision) -> str:
        humans = self.session.human_seats()
        p = self.session.current_human()
        who = self.session.seat_name(p) if len(humans) > 1 and p is not None else ""
        return asking.announcement(decision, self.names, who)

    def act(self, action: Action) -> list[Event]:
        """Apply a human's move (only ever one of ``self.legal``); a move that cannot be taken
        back waits for a second click on the same target."""
        if action not in self.legal:
            self.show_notice(self._explain(action))
            return []
        ask = asking.second_click(action, self.decision, self.view.flooded)
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

    def _explain(self, action: Action) -> str:
        try:
            return self.session.state.explain_illegal(action)
        except Exception:  # an explanation must never crash the board
            return "That move is not possible now."

    # --- events to animations -----------------------------------------------------------------
    def seat_anchor(self, seat: int) -> tuple[int, int]:
        rects = Panels.seat_rects(self.view.n)
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
        sound = sounds.sound_for(e) or ""
        added: list[anims.Anim] = []

        def add(anim: anims.Anim) -> None:
            if sound and not added:
                anim.sound = sound
            added.append(anim)
            self.anim.add(anim)

        self._animate_event(e, add)
        if sound and not added:
            self._sound(sound)

    def _animate_event(self, e: Event, add: Any) -> None:
        d = e.data
        k = e.kind
        if k == "round_started":
            add(anims.Banner(1.0, message=f"Turn {d.get('round', '')}", size=30))
        elif k == "phase_started":
            text = PHASE_NAMES.get(str(d.get("phase")), e.text)
            add(anims.Banner(1.3, blocking=False, message=text, y=96, size=20))
        elif k == "misfortune_drawn":
            m = next((x for x in MISFORTUNES if x.key == d.get("card")), None)
            p = d.get("player", -1)
            add(
                anims.Card(
                    1.7,
                    title=m.name if m else str(d.get("card")),
                    body=m.text if m else e.text,
                    drawer=self.names[p] if 0 <= p < len(self.names) else "",
                )
            )
        elif k in ("tile_flooded", "tile_restored"):
            t = SPOT_INDEX.get(str(d.get("tile")), -1)
            if 0 <= t < 36:
                add(anims.Flip(0.9, tile=t, sinking=k == "tile_flooded"))
        elif k == "die_rolled":
            if d.get("die") == "attack":
                add(
                    anims.Dice(
                        1.0,
                        pos=(iv.CENTRE[0], iv.CENTRE[1] - 120),
                        value=int(d.get("value", 1)),
                        caption=f"{d.get('value')} + {d.get('galley')} = {d.get('total')}",
                        size=40,
                        seed=len(self.session.record.actions),
                    )
                )
            else:
                x, y = iv.spot_center(str(d.get("tile", "centre")))
                v, target = int(d.get("value", 1)), int(d.get("target", 7))
                add(
                    anims.Dice(
                        0.8,
                        pos=(int(x), int(y) - 44),
                        value=v,
                        caption=f"needs {target}",
                        good=v >= target,
                        seed=len(self.session.record.actions) * 7 + v,
                    )
                )
        elif k == "die_boosted":
            x, y = iv.spot_center(str(d.get("tile", "centre")))
            add(
                anims.Float(
                    1.0,
                    blocking=False,
                    message=f"boosted to {d.get('value')}",
                    pos=(int(x), int(y) - 30),
                    colour=GOOD,
                )
            )
        elif k == "attack_resolved":
            bad = int(d.get("tiles", 0)) > 0
            add(anims.Banner(1.6, message=e.text, colour=WARN if bad else GOOD))
        elif k == "flood_cancelled":
            add(anims.Banner(1.1, message=e.text, colour=GOOD, size=20))
        elif k in ("game_won", "game_lost"):
            won = k == "game_won"
            add(
                anims.Banner(
                    2.4,
                    message=e.text,
                    colour=GOOD if won else WARN,
                    size=26,
                )
            )
        elif k == "component_built":
            ci = COMPONENT_INDEX.get(str(d.get("component")))
            if ci is not None and ci in self.view.blueprint:
                row = Panels.blueprint_row(self.view.blueprint.index(ci))
                add(anims.Glow(1.6, blocking=False, rect=row))
            add(anims.Banner(1.2, message=e.text, colour=GOLD, size=20))
        elif k == "atlantean_placed":
            p = int(d.get("player", 0))
            at = str(d.get("at"))
            end = NAVY.center if at == "navy" else iv.spot_center(at)
            style = self.styles[p] if 0 <= p < len(self.styles) else self.styles[0]
            cb = self.app.settings.colourblind

            def paint(
                surface: pygame.Surface, pos: tuple[int, int], style: SeatStyle = style
            ) -> None:
                marker(surface, style, pos, 7, cb)

            add(
                anims.Fly(
                    0.35,
                    blocking=False,
                    start=self.seat_anchor(p),
                    end=end,
                    paint=paint,
                )
            )
        elif k in (
            "resource_gained",
            "energy_gained",
            "courage_awarded",
            "atlantean_gained",
            "transmuted",
        ):
            p = int(d.get("player", -1))
            if 0 <= p < len(self.names):
                what = {
                    "resource_gained": f"+{d.get('amount')} {d.get('resource')}",
                    "energy_gained": f"+{d.get('amount')} energy",
                    "courage_awarded": "+1 courage",
                    "atlantean_gained": f"+{d.get('amount')} Atlantean",
                    "transmuted": f"+{d.get('atlantium')} atlantium",
                }[k]
                x, y = self.seat_anchor(p)
                add(anims.Float(1.1, blocking=False, message=what, pos=(x - 60, y), colour=GOLD))
        elif k in ("barrier_placed", "barrier_used", "barrier_lost"):
            x, y = iv.spot_center(str(d.get("tile", "centre")))
            word = {
                "barrier_placed": "barrier",
                "barrier_used": "barrier holds",
                "barrier_lost": "barrier lost",
            }[k]
            add(
                anims.Float(
                    1.2, blocking=False, message=word, pos=(int(x), int(y) - 30), colour=BARRIER
                )
            )
        elif k == "card_played":
            p = int(d.get("player", -1))
            if 0 <= p < len(self.names):
                x, y = self.seat_anchor(p)
                name = (
                    KNOWLEDGE[KNOWLEDGE_INDEX[d["card"]]].name
                    if d.get("card") in KNOWLEDGE_INDEX
                    else "a card"
                )
                add(anims.Banner(1.0, message=f"{self.names[p]} plays {name}", size=20))
        elif k == "undo":
            self.anim.skip()
        else:
            self._animate_monster(e, add)

    def _label(self, action: Action) -> str:
        data = self.decision.data if self.decision is not None else {}
        return label(action, self.names, self.view.flooded, self.kind, data)

    def _paint_token(self, monster: str) -> Any:
        sprite = {
            "medusa": mv.medusa_sprite,
            "harpies": mv.harpies_sprite,
            "charybdis": lambda: mv.whirl_frame(3),
        }[monster]

        def paint(surface: pygame.Surface, pos: tuple[int, int]) -> None:
            img = sprite()
            surface.blit(img, img.get_rect(center=pos))

        return paint

    def _animate_monster(self, e: Event, add: Any) -> None:
        """The monsters' events: moves slide, stone spreads, defeats get a banner."""
        d = e.data
        k = e.kind
        if k == "monsters_act":
            add(anims.Banner(1.0, message="The monsters act", colour=WARN, size=26))
        elif k == "monster_chosen":
            add(anims.Banner(0.8, blocking=False, message=e.text, y=96, size=18))
        elif k in ("medusa_moved", "harpies_moved", "harpies_lured"):
            who = "medusa" if k == "medusa_moved" else "harpies"
            src, dst = d.get("from"), d.get("to", d.get("at"))
            if not (isinstance(src, str) and isinstance(dst, str)):
                return
            roll = d.get("roll")
            dice: tuple[int, ...] = ()
            caption = ""
            if isinstance(roll, list | tuple):
                dice = tuple(int(v) for v in roll if v)
                caption = "section, tile" if len(dice) == 2 else "section die"
            elif isinstance(roll, int) and roll:
                dice = (roll,)
                caption = "section die"
            if d.get("rerolls"):
                caption += f" ({len(d['rerolls'])} rerolled)"
            add(
                anims.Slide(
                    1.5 if dice else 1.0,
                    monster=who,
                    start=mv.token_pos(who, src),
                    end=mv.token_pos(who, dst),
                    paint=self._paint_token(who),
                    dice=dice,
                    caption=caption,
                )
            )
        elif k == "charybdis_moved":
            src, dst = d.get("from"), d.get("to")
            if not isinstance(dst, str):
                return
            end = mv.whirl_pos(dst, self.view.flooded)
            start = mv.whirl_pos(src, self.view.flooded) if isinstance(src, str) else end
            hunger = int(d.get("hunger", 1))
            add(
                anims.Slide(
                    1.6,
                    monster="charybdis",
                    start=start,
                    end=end,
                    paint=self._paint_token("charybdis"),
                    dice=(int(d.get("roll", 1)), hunger),
                    caption="section, hunger" + (" - it feeds!" if hunger >= 5 else ""),
                    hop=0,
                )
            )
        elif k == "petrified":
            spot = str(d.get("spot", ""))
            pieces = [int(q) for q in d.get("pieces", [])]
            if spot not in SPOT_INDEX:
                return
            stone = (self.monsters or {}).get("petrified", {}).get(spot, [])
            t = SPOT_INDEX[spot]
            active = len(self.view.occ[t]) if t < len(self.view.occ) else 0
            slots = mv.stone_slots(spot, active, len(stone))[-len(pieces) :] if pieces else []
            colours = [self.styles[q].rgb if 0 <= q < len(self.styles) else (200, 200, 190)
                       for q in pieces]  # fmt: skip
            x, y = iv.spot_center(spot)
            add(
                anims.Petrify(
                    1.0, points=slots, colours=colours, centre=(int(x), int(y)), spot=spot,
                    pieces=len(slots),
                )
            )  # fmt: skip
            add(
                anims.Float(
                    1.4, blocking=False, message="turned to stone", pos=(int(x), int(y) - 36),
                    colour=(200, 200, 190),
                )
            )  # fmt: skip
        elif k == "freed":
            spot = str(d.get("spot", "centre"))
            x, y = iv.spot_center(spot)
            add(anims.Petrify(0.6, centre=(int(x), int(y)), flash=GOLD))
            add(anims.Float(1.2, blocking=False, message="freed!", pos=(int(x), int(y) - 34)))
        elif k in ("medusa_idle", "harpies_idle", "shield_protects", "harpies_chased"):
            spot = str(d.get("spot", "centre"))
            x, y = iv.spot_center(spot) if spot in SPOT_INDEX else iv.CENTRE
            word = {
                "medusa_idle": "nothing to petrify",
                "harpies_idle": "nothing to take",
                "shield_protects": "the Shield holds",
                "harpies_chased": "chased home",
            }[k]
            add(anims.Float(1.3, blocking=False, message=word, pos=(int(x), int(y) - 36)))
        elif k == "harpies_stole":
            p = int(d.get("player", -1))
            if 0 <= p < len(self.names):
                what = d.get("resource") or "a card"
                x, y = self.seat_anchor(p)
                add(anims.Float(1.2, blocking=False, message=f"-1 {what}", pos=(x - 60, y),
                                colour=WARN))  # fmt: skip
        elif k == "scylla_struck":
            taken = [int(q) for q in d.get("taken", [])]
            roll = int(d.get("roll", 1))
            add(
                anims.Dice(
                    0.8,
                    pos=(mv.SCYLLA_POS[0] - 60, mv.SCYLLA_POS[1] + 10),
                    value=roll,
                    caption="snatch!" if taken else "miss",
                    good=not taken,
                    size=28,
                    seed=len(self.session.record.actions),
                )
            )
            if taken:
                cb = self.app.settings.colourblind
                moves, paints = [], []
                for i, q in enumerate(taken):
                    style = self.styles[q] if 0 <= q < len(self.styles) else None

                    def paint(surface: pygame.Surface, pos: tuple[int, int], style=style) -> None:
                        if style is None:
                            surface.blit(mv.stone_piece(None), pos)
                        else:
                            marker(surface, style, pos, 7, cb)

                    moves.append(((NAVY.x + 20 + 15 * i, NAVY.y + 41), mv.captive_pos(i)))
                    paints.append(paint)
                add(anims.Carry(0.8, moves=moves, paints=paints))
        elif k in ("volunteers_gained", "medusa_ally"):
            p = int(d.get("player", -1))
            if 0 <= p < len(self.names):
                x, y = self.seat_anchor(p)
                n = d.get("amount", "")
                what = f"+{n} followers" if d.get("reward") == "followers" else f"+{n} volunteers"
                add(anims.Float(1.2, blocking=False, message=what, pos=(x - 60, y), colour=GOOD))
        if k == "charybdis_swallowed":
            t = SPOT_INDEX.get(str(d.get("tile")), -1)
            sec = str(d.get("section", ""))
            if 0 <= t < 36 and sec in SECTIONS:
                end = mv.whirl_pos(sec, self.view.flooded)
                add(anims.Sink(1.0, tile=t, start=iv.tile_center(t), end=end))
        if k in MONSTER_BANNERS:
            size = 22 if k in ("curse_broken", "harpies_defeated", "scylla_defeated") else 18
            add(anims.Banner(1.4 if size == 22 else 1.0, message=e.text,
                             colour=MONSTER_BANNERS[k], size=size))  # fmt: skip

    # --- input --------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        et = event.type
        if et == pygame.MOUSEMOTION:
            self._hover_at(event.pos)
            return True
        if et == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._hover_at(event.pos)
            self.press_key = self.hover
            self.note_press()
            if (
                self.hover == "home"
                and self.kind in ("place", "late_place")
                and self.human is not None
            ):
                self.dragging = True
            return True
        if et == pygame.MOUSEBUTTONUP and event.button == 1:
            self._hover_at(event.pos)
            was_drag = self.dragging
            pressed, self.press_key = self.press_key, ""
            self.dragging = False
            # the click must have been pressed on the decision now shown, once it settled
            fresh = self.press_counts() or self.hover in FREE_KEYS
            # a drag only ever drops on the island or the Navy; a click needs press and
            # release on the same target (pressing a tile and letting go over Pass does nothing)
            if self._is_drop(self.hover, event.pos) if was_drag else self.hover == pressed:
                if fresh:
                    self._armed_before, self.armed = self.armed, None
                    self.click(self.hover, event.pos)
                    self._armed_before = None
            return True
        if et == pygame.MOUSEWHEEL:
            if self.log.expanded:
                self.log.on_wheel(int(getattr(event, "y", 0)))
            return True
        if et == pygame.KEYDOWN:
            return self._key_down(event)
        return super().handle_event(event)

    @staticmethod
    def _is_drop(key: str, pos: tuple[int, int]) -> bool:
        """May a dragged Atlantean be let go over ``key``: a tile, the centre or the Navy
        (a monster token standing on a tile counts as that tile)."""
        if key in SPOT_INDEX or key == "navy":
            return True
        return key.startswith("monster:") and iv.tile_at(pos) is not None

    def _hover_at(self, pos: tuple[int, int]) -> None:
        self.hover, self.tip, self.tip_rect = "", "", None
        for hit in reversed(self.hits):
            if hit.rect.collidepoint(pos):
                self.hover, self.tip, self.tip_rect = hit.key, hit.tip, hit.rect
                return
        if self.menu is None and not self.dialog and not self.log.expanded:
            spot = iv.tile_at(pos)
            if spot is not None:
                self.hover = spot
                self.tip = self._spot_tip(spot)
                cx, cy = iv.spot_center(spot)
                r = iv.HEX_R * (2 if spot == "centre" else 1)
                self.tip_rect = pygame.Rect(int(cx) - r, int(cy) - r, 2 * r, 2 * r)

    def _spot_tip(self, spot: str) -> str:
        if spot == "centre":
            return (
                "The Mystic Power Source: any number of Atlanteans; each draws 1 mystic energy. "
                "It sinks only when no other tile stands - and then the game is lost."
            ) + self._monster_note(spot)
        t = SPOT_INDEX[spot]
        text = iv.tile_tip(t)
        acts = self.plan.direct.get(spot)
        if acts:
            text = self._label(acts[0]) + ". " + text
        return text + self._monster_note(spot)

    def _monster_note(self, spot: str) -> str:
        """What the monsters mean for a spot (appended to its tooltip)."""
        mon = self.monsters
        if not mon:
            return ""
        out = ""
        if mon.get("medusa") == spot:
            out += " Medusa stands here: an Atlantean placed here turns to stone at once."
        if mon.get("harpies") == spot:
            out += " The Harpies roost here: each Atlantean here costs a resource or a card."
        stone = mon.get("petrified", {}).get(spot)
        if stone:
            out += f" Stone: {mv.piece_words(stone, self.names)}"
            free = mon.get("free_rings", {}).get(spot)
            out += f" ({free} ring{'s' if free != 1 else ''} left)." if free is not None else "."
            out += " Free one for 1 energy while your Atlantean stands here."
        return out

    def _key_down(self, event: pygame.event.Event) -> bool:
        k = event.key
        cmd = keys.command_for(k)  # the same table the Help page lists
        if cmd == "escape":
            if self.armed is not None:
                self.armed = None
                self.notice = ""
                return True
            if self.menu is not None:
                self.menu = None
                return True
            if self.log.expanded:
                self.log.expanded = False
                return True
            if self.dialog == "build":
                self.dialog = ""
                return True
            return super().handle_event(event)
        answers = cmd in ("confirm", "number")
        if answers and not self.input_settled():
            return True  # the decision on screen just changed: this key was meant for the last
        if answers:
            self._armed_before, self.armed = self.armed, None
        if cmd == "confirm":
            if event.mod & pygame.KMOD_ALT:
                return True
            self.confirm()
        elif cmd == "number":
            self.choose_number(keys.NUMBER_KEYS[k])
        elif cmd == "undo":
            self.undo()
        elif cmd == "skip":
            self.skip()
        elif cmd == "help":
            self.open_help()
        elif cmd == "log":
            self.log.expanded = not self.log.expanded
        elif cmd == "courage":
            self.toggle_courage()
        elif cmd == "build":
            if any(a.kind in ("build", "build_item") for a in self.legal):
                self.dialog = "" if self.dialog == "build" else "build"
        elif cmd == "guide":
            self.guide_on = not self.guide_on
            self._sync(force=True)
        self._armed_before = None
        return True

    # --- commands -----------------------------------------------------------------------------
    def confirm(self) -> None:
        """Space/Enter: the bar's done/pass button (never a move with consequences)."""
        if self.menu is not None:
            return
        for item in self.plan.bar:
            if item.primary and len(item.actions) == 1:
                self.act(item.actions[0])
                return
        if self.decision is not None and self.human is not None:
            self.show_notice(humanize(self.decision.prompt, self.names))

    def choose_number(self, n: int) -> None:
        if self.menu is not None:
            if n <= len(self.menu.entries):
                self._run_entry(self.menu.entries[n - 1])
            return
        if self.dialog or self.log.expanded:
            return
        if n <= len(self.plan.bar):
            self._press_bar(self.plan.bar[n - 1])

    def can_undo(self) -> bool:
        return self.human is not None and self.session.can_undo(self.human)

    def undo(self) -> None:
        if not self.can_undo():
            self.show_notice(self.session.undo_refusal(self.human))
            return
        events = self.session.undo()
        self.anim.skip()
        self._bump += 1
        self.panels.clear()
        self.on_events(events)  # the undo event: its sound, and a fresh view of the state
        self._refresh_log()
        if events:
            self.show_notice(events[-1].text)

    def skip(self) -> None:
        self.anim.skip()
        self._layer_key = None

    def open_help(self) -> None:
        from scenes.help_scene import HelpScene

        help_text.register()
        self.app.stack.push(HelpScene(self.app, topic="rising"))

    def toggle_courage(self) -> None:
        if any(a.kind == "place" and a.get("courage") for a in self.legal):
            self.courage_on = not self.courage_on
        else:
            self.courage_on = False
            self.show_notice("No courage token to place now.")

    def cycle_speed(self) -> None:
        from scenes.session import BOT_PACE_S

        cur = self.app.settings.animation_speed
        nxt = SPEEDS[(SPEEDS.index(cur) + 1) % len(SPEEDS)] if cur in SPEEDS else "1x"
        self.app.settings.animation_speed = nxt
        self.anim.speed = nxt
        self.session.pace_s = BOT_PACE_S.get(nxt, 0.7)
        if nxt == "instant":
            self.skip()
        self.app.save_settings()

    # --- clicks -------------------------------------------------------------------------------
    def click(self, key: str, pos: tuple[int, int]) -> None:
        """What a left click on target ``key`` does."""
        if self.menu is not None:
            if key.startswith("menu:"):
                i = int(key[5:])
                if i < len(self.menu.entries):
                    self._run_entry(self.menu.entries[i])
            else:
                self.menu = None
            return
        if self.log.expanded:
            if not BIG.collidepoint(pos):
                self.log.expanded = False
            return
        if key.startswith("cmd:"):
            self._command(key[4:], pos)
            return
        if key.startswith("bar:"):
            i = int(key[4:])
            if i < len(self.plan.bar):
                self._press_bar(self.plan.bar[i], pos)
            return
        if key.startswith("act:"):
            box = self.build_dialog if self.dialog == "build" else self.keep_dialog
            i = int(key[4:])
            if i < len(box.entries):
                self._run_entry(box.entries[i])
            return
        if self.dialog == "build":
            if BuildDialog.RECT.collidepoint(pos):
                return
            self.dialog = ""
        if key.startswith(("monster:", "status:")) and key not in self.plan.direct:
            key = iv.tile_at(pos) or key  # a token sits on a tile: the click is for the tile
        if key in self.plan.direct:
            self._press_target(key, pos)
            return
        if key in SPOT_INDEX or key == "navy":
            self._refuse(key)

    def _command(self, name: str, pos: tuple[int, int]) -> None:
        if name == "speed":
            self.cycle_speed()
        elif name == "skip":
            self.skip()
        elif name == "undo":
            self.undo()
        elif name == "help":
            self.open_help()
        elif name == "pause":
            from scenes.pause_scene import PauseScene

            self.app.stack.push(PauseScene(self.app, self.session))
        elif name == "log":
            self.log.expanded = not self.log.expanded
        elif name == "guide":
            self.guide_on = not self.guide_on
            self._sync(force=True)
        elif name == "courage":
            self.toggle_courage()
        elif name == "build":
            self.dialog = "build"
        elif name == "close_dialog":
            self.dialog = ""
        elif name == "convert":
            items = [a for a in self.legal if a.kind == "convert"]
            self._open_menu("Convert 1 resource (2 energy)", items, pos)

    def _refuse(self, spot: str) -> None:
        """A click on a tile that is not a legal target now: say why, in the engine's words."""
        if self.human is None or self.decision is None:
            if self.session.thinking():
                self.show_notice(f"Wait: {self.session.thinking()} is choosing a move.")
            return
        if self.kind in ("place", "late_place"):
            self.show_notice(self._explain(Action.make(self.human, "place", at=spot)))
        elif self.kind == "production":
            self.show_notice(f"You have no Atlantean to act with at {spot_name(spot)}.")
        else:
            self.show_notice(humanize(self.decision.prompt, self.names))

    def _press_target(self, key: str, pos: tuple[int, int]) -> None:
        acts = self.plan.direct[key]
        places = [a for a in acts if a.kind == "place"]
        if places:
            want = [a for a in places if bool(a.get("courage")) == self.courage_on]
            acts = want or places
            if len(acts) > 1:
                acts = acts[:1]
        if len(acts) == 1:
            self.act(acts[0])
            return
        title = spot_name(key) if key in SPOT_INDEX else key.split(":", 1)[-1].replace("_", " ")
        if key.startswith("card:"):
            title = KNOWLEDGE[KNOWLEDGE_INDEX[key[5:]]].name
        self._open_menu(title, acts, pos)

    def _press_bar(self, item: BarItem, pos: tuple[int, int] | None = None) -> None:
        if item.group:
            self._open_menu(item.label.rstrip("…"), item.actions, pos or ACTIONBAR.midtop)
        elif item.actions:
            self.act(item.actions[0])

    def _open_menu(self, title: str, actions: list[Action], pos: tuple[int, int]) -> None:
        if not actions:
            return
        entries_ = [Entry(self._label(a), a) for a in actions]
        self.menu = Menu(title, entries_, pos)
        self.menu_decision = len(self.session.record.actions)

    def _run_entry(self, entry: Entry) -> None:
        menu, self.menu = self.menu, None
        if entry.action is not None:
            self.act(entry.action)
            if menu is not None and self.armed is not None and self.armed[1] == entry.action:
                self.menu = menu  # the second click goes to the same entry
        elif entry.command:
            self._command(entry.command, ACTIONBAR.midtop)

    # --- drawing ------------------------------------------------------------------------------
    def _paint_layer(self) -> None:
        before, moving = self.anim.tile_overrides()
        later = self.anim.stone_overrides()
        self.anim.changed = False
        v = self.view
        cb = self.app.settings.colourblind
        key = (self._key, tuple(sorted(before.items())), moving, tuple(sorted(later.items())), cb)
        if key == self._layer_key:
            return
        self._layer_key = key
        flooded = list(v.flooded)
        for t, sunk in before.items():
            s, pos = divmod(t, 6)
            flooded[s] = max(flooded[s], pos + 1) if sunk else min(flooded[s], pos)
        occ = {spot: seats for spot, seats in v.summary()["placed"].items()}
        courage = {
            SECTIONS[t // 6] + f"-{t % 6 + 1}": list(v.cour[t]) for t in range(36) if v.cour[t]
        }
        self.layer.paint(
            flooded,
            v.summary()["barriers"],
            occ,
            courage,
            self.styles,
            cb,
            hidden=(moving,) if moving >= 0 else (),
            stone=self._stone_shown(later),
        )

    def _stone_shown(self, later: dict[str, int]) -> dict[str, list[int]] | None:
        """The stone figures to paint: those still to be turned by a queued animation wait."""
        stone = self.monsters.get("petrified") if self.monsters else None
        if not stone or not later:
            return stone
        return {spot: list(q[: max(0, len(q) - later.get(spot, 0))]) for spot, q in stone.items()}

    def draw_board(self, surface: pygame.Surface) -> None:
        v = self.view
        hits: list[Hit] = []
        surface.blit(self.sea, (0, 0))
        self.waves.draw(surface, self.clock)
        if self.anim.changed or self._layer_key is None or self._layer_key[0] != self._key:
            self._paint_layer()
        surface.blit(self.layer.surface, iv.REGION)
        if self.monsters:
            self._draw_monsters(surface, hits)
        self._draw_panels(surface, hits)
        self._draw_targets(surface)
        self._draw_topbar(surface, hits)
        self._draw_actionbar(surface, hits)
        self.anim.draw(surface)
        self._draw_overlays(surface, hits)
        self.hits = hits
        self._follow_tip()
        del v

    def _draw_targets(self, surface: pygame.Surface) -> None:
        pulse = 0.5 + 0.5 * math.sin(self.clock * 4)
        gold = (int(200 + 55 * pulse), int(160 + 60 * pulse), 70)
        sections = {a["section"] for a in self.legal if a.kind == "choose" and a.get("section")}
        if sections:
            # a section is chosen: mark the one tile of each that would sink (or rise)
            rising = self.kind == "unflip_tile"
            for sec in sections:
                si = SECTIONS.index(sec)
                f = self.view.flooded[si]
                pos = f if not rising else f - 1
                if 0 <= pos < 6:
                    colour = GOOD if rising else (255, int(110 + 60 * pulse), 90)
                    iv.draw_highlight(surface, f"{sec}-{pos + 1}", colour, 4, 3)
        for key in self.plan.direct:
            if key in SPOT_INDEX and not sections:
                iv.draw_highlight(surface, key, gold, 3, 2)
        dec = self.decision
        if dec is not None and dec.kind == "flood_response" and dec.data.get("tile"):
            iv.draw_highlight(surface, str(dec.data["tile"]), WARN, 4, 4)
        if self.hint is not None:
            for t in self.hint.targets:
                if t == "navy":
                    pygame.draw.rect(surface, GUIDE, NAVY.inflate(4, 4), 2, border_radius=11)
                elif t in SPOT_INDEX:
                    iv.draw_highlight(surface, t, GUIDE, 2, 7)
                elif t.startswith("component:"):
                    ci = COMPONENT_INDEX.get(t[10:])
                    if ci is not None and ci in self.view.blueprint:
                        row = Panels.blueprint_row(self.view.blueprint.index(ci))
                        pygame.draw.rect(surface, GUIDE, row.inflate(4, 4), 2, border_radius=7)
        if self.hover in SPOT_INDEX:
            colour = (255, 255, 255) if self.hover in self.plan.direct else DIM_INK
            iv.draw_highlight(surface, self.hover, colour, 2, 5)
        if self.armed is not None:  # the tile a second click would sink (or raise)
            spot = asking.sinking_tile(self.armed[1], dec, self.view.flooded)
            if spot:
                iv.draw_highlight(surface, spot, (255, 255, 255), 4, 9)
                iv.draw_highlight(surface, spot, WARN, 2, 12)

    def _draw_monsters(self, surface: pygame.Surface, hits: list[Hit]) -> None:
        """The monster tokens (each a cached sprite) and the MONSTERS panel (cached)."""
        mon = self.monsters
        cb = self.app.settings.colourblind
        moving = self.anim.monster_positions()
        for key, rect in mv.draw_tokens(
            surface, mon, self.view.flooded, self.clock, self.styles, cb, moving
        ):
            name = key.split(":", 1)[1]
            tip = mv.monster_tip(name, mon, self.names)
            if key in self.plan.direct:
                tip = self._label(self.plan.direct[key][0]) + ". " + tip
                pulse = 0.5 + 0.5 * math.sin(self.clock * 4)
                gold = (int(200 + 55 * pulse), int(160 + 60 * pulse), 70)
                pygame.draw.rect(surface, gold, rect.inflate(8, 8), 2, border_radius=10)
            hits.append(Hit(key, rect, tip))
        rect = mv.STATUS_RECT.copy()
        rect.height = mv.status_height(mon)
        key = ("status", mv.status_key(mon, self.names), tuple(self.styles), cb, text_sizing())
        cached = self._status_cache
        if cached is None or cached[0] != key:
            surf = pygame.Surface(rect.size, pygame.SRCALPHA)
            local_hits = mv.paint_status(surf, mon, self.names, self.styles, cb)
            cached = (key, surf, local_hits)
            self._status_cache = cached
        surface.blit(cached[1], rect)
        for hkey, r, tip in cached[2]:
            if hkey.startswith("status:"):
                name = hkey.split(":", 1)[1]
                tip = mv.monster_tip(name, mon, self.names)
                hkey = f"monster:{name}"
            hits.append(Hit(hkey, r.move(rect.topleft), tip))

    def _seat_infos(self) -> list[SeatInfo]:
        v = self.view
        deciding = set(self.decision.players) if self.decision is not None else set()
        return [
            SeatInfo(
                seat=i,
                name=self.names[i],
                councilor=v.councilor[i],
                home=v.home[i],
                held=v.held[i],
                res=tuple(v.res[i]),
                energy=v.energy[i],
                courage=v.courage[i],
                hand=tuple(KNOWLEDGE[c].key for c in v.hand[i]),
                start=v.start == i,
                deciding=i in deciding,
                you=i == self.human,
                talent=v.talent[i],
                built=sum(1 for b in v.built if b == i),
                **self._seat_extras(i),
            )
            for i in range(v.n)
        ]

    def _seat_extras(self, seat: int) -> dict[str, Any]:
        """A councilor's magic items, allies and volunteers (monsters module)."""
        mon = self.monsters
        if not mon:
            return {}
        words: list[str] = []
        tips: list[str] = []
        for it in ITEMS:
            if mon.get("items", {}).get(it.key, -1) == seat:
                words.append(it.name)
                tips.append(f"{it.name}: {it.text}")
        for i, key in enumerate(SCENARIOS):
            if mon.get("allies", {}).get(key, -1) == seat:
                words.append(ALLY_NAMES[i].removeprefix("the ").capitalize())
                tips.append(mv.monster_tip(key, mon, self.names).rsplit(". ", 1)[-1])
        vols = mon.get("volunteers", {})
        n = sum(x[seat] for x in (vols.get("pool", ()), vols.get("active", ())) if seat < len(x))
        if n:
            words.append(f"{n} volunteer{'s' if n != 1 else ''}")
            tips.append(
                "Volunteers work for this councilor for one round (counted in their Atlanteans) "
                "and then go home."
            )
        return {"extras": tuple(words), "extras_tip": " ".join(tips)}

    def _draw_panels(self, surface: pygame.Surface, hits: list[Hit]) -> None:
        v = self.view
        cb = self.app.settings.colourblind
        playable = frozenset(k[5:] for k in self.plan.direct if k.startswith("card:"))
        self.panels.draw_seats(surface, self._seat_infos(), self.styles, cb, playable, hits)
        self.panels.draw_navy(
            surface,
            v.occ[37],
            v.cour[37],
            v.galley,
            v.cap,
            v.navy_bonus,
            v.die,
            v.phase,
            self.styles,
            cb,
            hits,
        )
        if "navy" in self.plan.direct:
            pulse = 0.5 + 0.5 * math.sin(self.clock * 4)
            pygame.draw.rect(
                surface,
                (int(200 + 55 * pulse), int(160 + 60 * pulse), 70),
                NAVY.inflate(-4, -4).move(0, -34).clip(NAVY),
                3,
                border_radius=8,
            )
        last = MISFORTUNES[v.mdiscard[-1]].key if v.mdiscard else None
        self.panels.draw_misfortunes(surface, len(v.mdeck), last, len(v.mdiscard), hits)
        buildable = frozenset(k[5:] for k in self.plan.direct if k.startswith("comp:"))
        self.panels.draw_blueprint(
            surface, v.blueprint, v.built, buildable, self.styles, self.names, cb, hits
        )
        self.log.draw_compact(surface)

    def _draw_topbar(self, surface: pygame.Surface, hits: list[Hit]) -> None:
        draw_backplate(surface)
        v = self.view
        phase = PHASE_NAMES.get(v.phase, v.phase)
        blit_text(surface, f"Turn {max(1, v.round)}", (12, 4), 18, GOLD, "bold")
        blit_text(surface, phase, (12, 4 + text_room(21, 18)), 13, MUTED, "bold", max_width=150)
        hits.append(
            Hit(
                "info",
                pygame.Rect(0, 0, 170, 44),
                f"Turn {v.round}: {phase}. Tiles standing: {v.surviving()} of 36.",
            )
        )
        # the decision, always obvious
        dec = self.decision
        who = self.session.thinking()
        mid = pygame.Rect(176, 3, min(topbar_slots().values(), key=lambda r: r.x).x - 184, 38)
        if dec is not None:
            p = dec.players[0]
            style = self.styles[p]
            pygame.draw.rect(surface, (14, 40, 58), mid, border_radius=8)
            pygame.draw.rect(surface, style.rgb, mid, 2, border_radius=8)
            marker(surface, style, (mid.x + 18, mid.centery), 9, self.app.settings.colourblind)
            c = COUNCILORS[v.councilor[p]].name
            if who:
                dots = "." * (1 + int(self.clock * 3) % 3)
                line = f"{who} ({c}) is thinking{dots}"
                colour = PARCHMENT
            else:
                # prompts name tiles by id ("cities-3"); people read "Cities 3"
                line = f"{self.names[p]} ({c}): {humanize(dec.prompt, self.names)}"
                colour = GOLD if self.human is not None else PARCHMENT
            self._prompt(surface, line, mid, colour)
            hits.append(Hit("info", mid, line))
        elif self.session.is_over:
            text = "Victory: the cosmic gate is open!" if v.result == "won" else "Atlantis is lost."
            blit_text(
                surface, text, mid.center, 18, GOOD if v.result == "won" else WARN, "bold", "center"
            )
        # commands: each in its own slot, greyed in place when it does nothing now
        undo_ok, skip_ok = self.can_undo(), bool(self.anim.active)
        speed = self.app.settings.animation_speed
        buttons = {
            "cmd:pause": ("Menu", "Pause menu: save, settings, quit (Esc).", True),
            "cmd:help": ("Help", "The rules and this board's controls (H or F1).", True),
            "cmd:guide": (
                "Guide on" if self.guide_on else "Guide off",
                "Show the first-game guide's suggestion (G).",
                True,
            ),
            "cmd:undo": (
                "Undo",
                "Take back your last move (Z). Dice and cards drawn cannot be taken back."
                if undo_ok
                else "Nothing of yours to take back now (click to see why).",
                undo_ok,
            ),
            "cmd:skip": (
                "Skip",
                "Finish the animations now (Tab)."
                if skip_ok
                else "Skip finishes animations (Tab); none is playing.",
                skip_ok,
            ),
            "cmd:speed": (
                f"Speed {speed}",
                "Animation and bot speed: 1x, 2x, 4x or instant (click to change).",
                True,
            ),
        }
        for key, r in topbar_slots().items():
            text, tip, on = buttons[key]
            chip(
                surface,
                r,
                text,
                enabled=on,
                hover=self.hover == key,
                size=13,
                primary=key == "cmd:undo" and on,
            )
            hits.append(Hit(key, r, tip))

    @staticmethod
    def _prompt(
        surface: pygame.Surface, line: str, box: pygame.Rect, colour: tuple[int, int, int]
    ) -> None:
        """The decision line: one line at 16 px, or two at 13 px when it is long."""
        width = box.width - 44
        lines = wrap(line, 16, width, "bold")
        if len(lines) == 1:
            blit_text(surface, line, (box.x + 34, box.centery), 16, colour, "bold", "midleft")
            return
        step = text_room(16, 13)
        if 2 * step > box.height - 4:  # large text: one line, shortened (hover shows it all)
            blit_text(
                surface, line, (box.x + 34, box.centery), 16, colour, "bold", "midleft", width
            )
            return
        lines = wrap(line, 13, width, "bold")
        if len(lines) > 2:  # the rest is in the hover text: say that there is more
            lines = [lines[0], fit(lines[1] + " …", 13, "bold", width)]
        for i, part in enumerate(lines):
            blit_text(
                surface,
                part,
                (box.x + 34, box.y + 3 + i * step),
                13,
                colour,
                "bold",
                max_width=width,
            )

    def _draw_actionbar(self, surface: pygame.Surface, hits: list[Hit]) -> None:
        bar = self.plan.bar
        extra: list[tuple[str, str, bool]] = []
        if any(a.kind == "place" and a.get("courage") for a in self.legal):
            extra.append(
                (
                    "cmd:courage",
                    "Courage: on" if self.courage_on else "Courage: off",
                    self.courage_on,
                )
            )
        if any(a.kind in ("build", "build_item") for a in self.legal) and self.dialog != "build":
            extra.append(("cmd:build", "Build…", True))
        if not bar and not extra:
            if self.human is None and self.decision is not None and not self.session.is_over:
                blit_text(
                    surface,
                    "Watching the bots play · Tab skips animations · Speed in the top bar",
                    ACTIONBAR.center,
                    14,
                    MUTED,
                    "italic",
                    "center",
                )
            elif self.human is not None:
                hint = "Click a highlighted place on the board."
                blit_text(surface, hint, ACTIONBAR.center, 15, GOLD, "bold", "center")
            return
        f = font(14, "bold")
        widths = [max(84, f.size(it.label)[0] + 40) for it in bar] + [
            max(110, f.size(t)[0] + 30) for _, t, _ in extra
        ]
        total = sum(widths) + 8 * (len(widths) - 1)
        scale = min(1.0, (ACTIONBAR.width - 8) / max(1, total))
        x = ACTIONBAR.centerx - int(total * scale) // 2
        hint_kinds = {
            t.split(":", 1)[1]
            for t in (self.hint.targets if self.hint else ())
            if t.startswith("action:")
        }
        for i, item in enumerate(bar):
            w = int(widths[i] * scale)
            r = pygame.Rect(x, ACTIONBAR.y + 5, w, 40)
            key = f"bar:{i}"
            chip(
                surface,
                r,
                item.label,
                primary=item.primary,
                hover=self.hover == key,
                size=14,
                key_hint=str(i + 1) if i < 9 else "",
            )
            if any(a.kind in hint_kinds for a in item.actions) or (
                self.hint and self.hint.action in item.actions and not item.group
            ):
                pygame.draw.rect(surface, GUIDE, r.inflate(6, 6), 2, border_radius=10)
            hits.append(Hit(key, r, bar_tip(item)))
            x = r.right + 8
        for j, (key, text, on) in enumerate(extra):
            w = int(widths[len(bar) + j] * scale)
            r = pygame.Rect(x, ACTIONBAR.y + 5, w, 40)
            chip(surface, r, text, primary=on, hover=self.hover == key, size=14)
            tip = (
                "Place the next Atlantean on a courage token (C)."
                if key == "cmd:courage"
                else "Open the build dialog (B)."
            )
            hits.append(Hit(key, r, tip))
            x = r.right + 8

    def _draw_overlays(self, surface: pygame.Surface, hits: list[Hit]) -> None:
        v = self.view
        cb = self.app.settings.colourblind
        if self.hint is not None and self.menu is None and not self.dialog:
            self._draw_hint(surface, hits)
        if self.kind == "library_keep" and self.human is not None:
            left = int(self.decision.data.get("keep", 1))
            self.keep_dialog.draw(surface, self.legal, left, self.hover, hits)
        elif self.dialog == "build":
            holdings = v.res[self.human] if self.human is not None else (0, 0, 0, 0)
            self.build_dialog.draw(
                surface,
                v.blueprint,
                v.built,
                self.legal,
                holdings,
                self.styles,
                self.names,
                cb,
                self.hover,
                hits,
                self._magic_rows(),
                int(self.monsters.get("wrath", 0)) if self.monsters else 0,
            )
        if self.log.expanded:
            self.log.draw_full(surface)
            hits.append(Hit("log", BIG, ""))
        if self.menu is not None:
            self.menu.draw(surface, self.hover, hits)
        if self.dragging and self.human is not None:
            marker(surface, self.styles[self.human], self.app.mouse, 8, cb)

    def _magic_rows(self) -> list[MagicRow]:
        """The magic items of the monsters in this game, as the build dialog lists them."""
        mon = self.monsters
        if not mon:
            return []
        alive = {"medusa": bool(mon.get("medusa")), "harpies": bool(mon.get("harpies")),
                 "scylla": bool(mon.get("scylla"))}  # fmt: skip
        rows = []
        for it in ITEMS:
            key = SCENARIOS[it.monster]
            if key not in mon.get("monsters", ()):
                continue
            q = int(mon.get("items", {}).get(it.key, -1))
            act = next(
                (a for a in self.legal if a.kind == "build_item" and a["item"] == it.key), None
            )
            status = ""
            if q >= 0:
                status = f"held by {self.names[q] if q < len(self.names) else q}"
            elif not alive[key]:
                status = "its monster is gone"
            short = it.text.split(". ", 1)[1] if ". " in it.text else it.text
            rows.append(
                MagicRow(
                    it.key, it.name, short, it.text, it.resource,
                    int(mon.get("item_costs", {}).get(it.key, it.base_cost)), it.base_cost,
                    q, status, act,
                )
            )  # fmt: skip
        return rows

    def _draw_hint(self, surface: pygame.Surface, hits: list[Hit]) -> None:
        lines = wrap(f"Guide: {self.hint.text}", 13, 700)
        if len(lines) > HINT_LINES:  # larger text: say that there is more
            lines = [
                *lines[: HINT_LINES - 1],
                fit(lines[HINT_LINES - 1] + " …", 13, "regular", 700),
            ]
        step = text_room(16, 13)
        h = 6 + step * len(lines)
        r = pygame.Rect(ACTIONBAR.x, ACTIONBAR.y - h - 2, ACTIONBAR.width, h)
        panel(surface, r, alpha=226)
        pygame.draw.rect(surface, GUIDE, r, 1, border_radius=10)
        for i, line in enumerate(lines):
            blit_text(surface, line, (r.x + 10, r.y + 3 + i * step), 13, (200, 255, 214))
        hits.append(Hit("info", r, "The first-game guide (G turns it off)."))

    def draw_front(self, surface: pygame.Surface) -> None:
        told = self.draw_announcement(surface, 48, iv.CENTRE[0])
        if self.notice:
            lines = wrap(self.notice, 15, 560, "bold")[:3]
            step = text_room(20, 15)
            h = 14 + step * len(lines)
            r = pygame.Rect(iv.CENTRE[0] - 300, told.bottom + 6 if told else 60, 600, h)
            panel(surface, r, alpha=246)
            pygame.draw.rect(surface, WARN, r, 2, border_radius=10)
            for i, line in enumerate(lines):
                blit_text(
                    surface, line, (r.centerx, r.y + 7 + i * step), 15, PARCHMENT, "bold", "midtop"
                )
        self._draw_tip(surface)

    def _follow_tip(self) -> None:
        """After the widgets were rebuilt: what is under the pointer now. A tooltip belongs to
        one widget of one decision, so a rebuilt or vanished widget drops it at once."""
        if self.covered:
            self.tipper.clear()
            return
        self._hover_at(self.app.mouse)
        self.tipper.observe((self.hover, self._tip_generation()), self.tip, self.tip_rect)

    def _tip_generation(self) -> tuple[object, ...]:
        """What a tooltip belongs to besides its widget: the human's decision (every target
        and button is rebuilt for it), or, while bots play, the phase (so a resting pointer
        does not flicker with every bot move, yet no tooltip lasts into the next turn)."""
        v = self.view
        moves = len(self.session.record.actions) if self.human is not None else -1
        return (v.round, v.phase, self.human, moves, self._bump)

    def tip_box(self) -> tuple[pygame.Rect, list[str]] | None:
        """Where the tooltip is drawn and its lines (None: no tooltip on screen now)."""
        if not self.tipper.shown or self.dragging or self.covered:
            return None
        text = self.tipper.text
        lines = wrap(text, 13, 300)
        if len(lines) > 8:  # long rules: a wider box, never a cut one
            lines = wrap(text, 13, WIDE_TIP_WIDTH - 20)
        f = font(13)
        w = min(max(f.size(line)[0] for line in lines) + 22, WIDE_TIP_WIDTH)
        h = 10 + 17 * len(lines)
        return place_tip(self.tipper.anchor, (w, h)), lines

    def _draw_tip(self, surface: pygame.Surface) -> None:
        box = self.tip_box()
        if box is None:
            return
        r, lines = box
        pygame.draw.rect(surface, (6, 18, 28), r, border_radius=6)
        pygame.draw.rect(surface, PANEL_HOT, r, 1, border_radius=6)
        for i, line in enumerate(lines):
            blit_text(surface, line, (r.x + 10, r.y + 5 + i * 17), 13, PARCHMENT)

    # --- for tests and tools ------------------------------------------------------------------
    def target_point(self, key: str) -> tuple[int, int] | None:
        """Where a person would click for target ``key`` (a hit, or a tile/centre)."""
        for hit in reversed(self.hits):
            if hit.key == key:
                return hit.rect.center
        if key in SPOT_INDEX and key != "navy":
            x, y = iv.spot_center(key)
            return int(x), int(y)
        return None


def bar_tip(item: BarItem) -> str:
    """An action-bar button's tooltip: only what its label does not say (how many choices a
    menu holds, the Space key); a plain choice has none, so it never hides its neighbours."""
    if item.group:
        return f"{len(item.actions)} choices: click to pick one."
    if item.primary:
        return "The Space key does this too."
    return ""


#: the top bar's commands, right to left, with every label each may show (the slot fits the
#: longest, so a label changing or a button greying never moves its neighbours)
TOPBAR = (
    ("cmd:pause", ("Menu",)),
    ("cmd:help", ("Help",)),
    ("cmd:guide", ("Guide on", "Guide off")),
    ("cmd:undo", ("Undo",)),
    ("cmd:skip", ("Skip",)),
    ("cmd:speed", tuple(f"Speed {s}" for s in SPEEDS)),
)
_SLOTS: dict[str, pygame.Rect] = {}


def topbar_slots() -> dict[str, pygame.Rect]:
    """Where each top-bar command sits: fixed, whatever is shown or enabled."""
    if not _SLOTS:
        from scenes.assets import font

        f = font(13, "bold")
        x = 1276
        for key, labels in TOPBAR:
            w = max(52, max(f.size(t)[0] for t in labels) + 24)
            _SLOTS[key] = pygame.Rect(x - w, 7, w, 30)
            x -= w + 6
    return {k: r.copy() for k, r in _SLOTS.items()}


def measure_frames(
    frames: int = 600, players: int = 4, level: str = "hard", speed: str = "1x"
) -> dict[str, float]:
    """Frame times (ms) of the board off-screen while bots think and their moves animate.

    Builds a headless App and a bots-only game (bot runner in its default process mode, so a
    hard bot searches while frames are drawn), steps ``frames`` frames at 60 FPS pacing and
    returns p50/p95/max/mean. ``tools/bench.py`` calls this.
    """
    from game.core.saves import Seat
    from scenes.app import App
    from scenes.session import GameSession

    app = App(headless=True, seed=1)
    app.settings.animation_speed = speed
    seats = [Seat(f"Bot {i + 1}", "bot", level) for i in range(players)]
    session = GameSession.new("rising", seats, seed=17, autosave=False)
    board = RisingBoard(app, session)
    app.stack.push(board)
    app.stack.apply_pending()
    for _ in range(5):
        app.step([], 1 / 60)
    times: list[float] = []
    tick = 1 / 60
    try:
        for i in range(frames):
            pos = (300 + (97 * i) % 680, 60 + (53 * i) % 600)
            move = pygame.event.Event(
                pygame.MOUSEMOTION, {"pos": pos, "rel": (1, 1), "buttons": (0, 0, 0)}
            )
            t0 = time.perf_counter()
            app.step([move], tick)
            took = time.perf_counter() - t0
            times.append(took * 1000.0)
            if took < tick:
                time.sleep(tick - took)
    finally:
        app.stack.clear()
        app.stack.apply_pending()
    summary = summary_ms(times)
    return {
        "frames": float(len(times)),
        "p50": summary["p50"],
        "p95": summary["p95"],
        "max": summary["max"],
        "mean": sum(times) / len(times),
        "moves": float(len(session.record.actions)),
    }


register_board("rising", RisingBoard)
help_text.register()
