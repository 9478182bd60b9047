"""The Finding Atlantis board: one person's sonar chart, their cards, the device's voice.

Everything drawn comes from ``session.view()`` (the seat on screen, or the public view when
nobody's private step is up) and that seat's own pencil; the full state is never read here.
The board is three parts: this module holds its state, moves and events; drawing is
:mod:`scenes.finding.board_drawing` (the chart itself is :class:`ChartView`); input is
:mod:`scenes.finding.board_input` with the keys of :mod:`scenes.finding.keys`.
``scenes/finding/registration.py`` registers it.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

import pygame

from ai.finding.chart_answer import ChartAnswer
from game.core.protocol import Action, Decision, Event
from game.finding.cards import CARD
from game.finding.ocean import neighbours8
from game.finding.state import COLOURS
from scenes.animation import Animator
from scenes.board_base import BoardScene
from scenes.finding import animations as anims
from scenes.finding import controls, look, sounds
from scenes.finding.arrangement import arrange
from scenes.finding.board_drawing import BoardDrawing, chart_area
from scenes.finding.board_input import BoardInput
from scenes.finding.chart_model import ChartModel, chart_model
from scenes.finding.chart_tip import cell_tip, outlined_city
from scenes.finding.chart_view import ChartView
from scenes.finding.compass import point_of_line
from scenes.finding.heat import HeatMap
from scenes.finding.log_panel import LogPanel, told_from_start
from scenes.finding.look import Hit
from scenes.finding.pencil import Pencil
from scenes.finding.seat_story import SeatStory, seat_story
from scenes.finding.voice import Voice

#: the aids a person can switch on: the opponents' possible places and the heat map
AIDS = ("opp", "heat")

if TYPE_CHECKING:
    from scenes.app import App
    from scenes.session import GameSession


#: the announcement's type size: small enough for one line between the letters and the log
ANNOUNCE_SIZE = 15


class FindingBoard(BoardInput, BoardDrawing, BoardScene):
    """One game of Finding Atlantis on screen."""

    #: what a person's moves told them ("you moved 2 spaces W", a reading, a wrong claim) is
    #: read before the device moves on
    linger_after = frozenset({"turn", "start_move", "solve", "claim"})

    title = "finding"

    def __init__(self, app: App, session: GameSession) -> None:
        super().__init__(app, session)
        st = session.state
        self.size: int = st.size
        self.chart = ChartView(self.size)
        #: the rectangles of the chart, the right column and the foot at the text size now
        self.arr = arrange([])
        self.chart.layout(chart_area(self.arr.chart))
        self.pencils: dict[int, Pencil] = self._load_pencils()
        self.heat = HeatMap()
        #: the two aids, per seat, both off until the person turns them on (saved with the
        #: game, like the pencil marks: a Continue finds them as they were left)
        self.aids: dict[int, dict[str, bool]] = self._load_aids()
        self.anim = Animator(app.settings.animation_speed)
        self.voice = Voice([*told_from_start(session), *session.log])
        self.log = LogPanel()
        self.hits: list[Hit] = []
        self.hover = ""
        self.hover_cell: int | None = None
        self.tip = ""
        self.tip_rect: pygame.Rect | None = None
        #: where the pointer was last seen (canvas units); None before it moved on the board
        self.pointer: tuple[int, int] | None = None
        self.aim: controls.Aim | None = None
        self.burn_mode = False
        self.tool = ""  # the pencil tool in hand ("" = none)
        #: what the right column shows under its tabs when large text gives them turns
        self.tab = "cards"
        #: which dealt captain's card shows when large text leaves room for one at a time
        self.captain_shown = 0
        self.note_cell: int | None = None
        self.note_text = ""
        self.picks: list[int] = []  # the claim's spaces chosen so far (not yet sent)
        self.names = [session.seat_name(q) for q in range(st.n)]
        sounds.install(app.audio)
        # filled by _sync (with the view, decision and legal moves of BoardScene.read_position)
        self.model: ChartModel | None = None
        #: the posterior the model was built with (None: built before it arrived)
        self.model_answer: ChartAnswer | None = None
        #: what everyone may check of each submarine: its last two actions, its cards' order
        self.stories: dict[int, SeatStory] = {}
        #: (viewer, submarine, log length) -> where the chart was last sure of it (last_sure)
        self.sure_cache: dict[tuple[int | None, int, int], tuple[int, int] | None] = {}
        self._sync(force=True)

    # --- pencil marks (private to their seat, saved with the game) -----------------------------
    def _load_pencils(self) -> dict[int, Pencil]:
        data = self.session.record.meta.get("pencil")
        out: dict[int, Pencil] = {}
        #: seat -> the record's entry its pencil was read from or saved as
        self._pencil_raw: dict[int, Any] = {}
        for seat in range(self.session.state.n):
            raw = data.get(str(seat)) if isinstance(data, dict) else None
            out[seat] = Pencil.from_json(raw) if raw is not None else Pencil()
            self._pencil_raw[seat] = raw
        return out

    def reread_pencils(self) -> None:
        """Read again a seat's pencil the record holds anew (its phone wrote it:
        :mod:`remote.finding.notes` stores a new entry per change)."""
        data = self.session.record.meta.get("pencil")
        if not isinstance(data, dict):
            return
        for seat in self.pencils:
            raw = data.get(str(seat))
            if raw is not None and raw is not self._pencil_raw.get(seat):
                self.pencils[seat] = Pencil.from_json(raw)
                self._pencil_raw[seat] = raw

    def save_pencil(self, seat: int) -> None:
        meta = self.session.record.meta
        marks = meta.get("pencil")
        if not isinstance(marks, dict):
            marks = meta["pencil"] = {}
        marks[str(seat)] = self._pencil_raw[seat] = self.pencils[seat].to_json()
        self.session.autosave()

    def _load_aids(self) -> dict[int, dict[str, bool]]:
        data = self.session.record.meta.get("aids")
        out: dict[int, dict[str, bool]] = {}
        if not isinstance(data, dict):
            return out
        for seat in range(self.session.state.n):
            raw = data.get(str(seat))
            if isinstance(raw, dict):
                out[seat] = {k: v for k, v in raw.items() if k in AIDS and v is True}
        return out

    def pencil_mark(self, cell: int, kind: str, text: str = "") -> None:
        """Put (or take off) a pencil mark on the on-screen seat's own chart."""
        if self.viewer is None or self.session.is_bot(self.viewer):
            return
        self.pencils[self.viewer].toggle(cell, kind, text)
        self.save_pencil(self.viewer)

    # --- lifecycle ---------------------------------------------------------------------------
    def exit(self) -> None:
        self.heat.close()
        super().exit()

    def resume(self) -> None:
        super().resume()
        self.anim.speed = self.speed_shown()
        self._sync(force=True)

    def screen_changed(self) -> None:
        """Another person (or the table) is looking now: drop what was shown for the last."""
        self.anim.clear()
        self.aim = None
        self.burn_mode = False
        self.tool = ""
        self.note_cell = None
        self.picks = []
        self.log.open = False
        self.tipper.clear()
        self._sync(force=True)

    def position_jumped(self) -> None:
        # what the device said up to the new position
        self.voice = Voice([*told_from_start(self.session), *self.session.log])
        was_open = self.log.open  # the person reading the log keeps it while stepping
        self.screen_changed()
        self.log.open = was_open

    def aid(self, name: str) -> bool:
        return self.viewer is not None and self.aids.get(self.viewer, {}).get(name, False)

    def toggle_aid(self, name: str) -> None:
        if self.viewer is None:
            return
        seat = self.aids.setdefault(self.viewer, {})
        seat[name] = not seat.get(name, False)
        if not self.session.is_bot(self.viewer):
            self.session.record.meta.setdefault("aids", {})[str(self.viewer)] = {
                k: v for k, v in seat.items() if v
            }
            self.session.autosave()
        self._sync(force=True)

    # --- the state as shown ------------------------------------------------------------------
    def drop_choice(self) -> None:
        self.aim = None
        self.burn_mode = False
        if self.kind != "claim":
            self.picks = []

    def position_read(self) -> None:
        s = self.session
        self.reread_pencils()
        if self.kind == "start_move" and self.human is not None and self.aim is None:
            self.aim = controls.Aim(controls.START)
        self.sure_cache: dict[tuple[int | None, int, int], tuple[int, int] | None] = {}
        if self.viewer is not None:  # the chart reads the posterior too, heat map shown or not
            self.heat.request(self.view, self.viewer)
        self.model = self._model()
        self.log.names = self.names
        self.log.follow(s)
        heard = s.visible_log()
        self.stories = {q: seat_story(heard, q, self.names) for q in range(self.view.n)}

    def posterior(self) -> ChartAnswer | None:
        """The posterior of the viewer's chart as it is now, once worked out (else None)."""
        return self.heat.result(self.viewer) if self.viewer is not None else None

    def current_model(self) -> ChartModel:
        """The chart to draw: rebuilt once the posterior of this chart arrives."""
        answer = self.posterior()
        if self.model is None or answer is not self.model_answer:
            self.model = self._model()
        return self.model

    def _model(self) -> ChartModel:
        view = self.view
        if self.viewer is not None:
            self.model_answer = answer = self.posterior()
            # each submarine in the colour its player chose (the engine numbers them by seat)
            return replace(chart_model(view, self.viewer, answer), colours=self.seat_colours())
        self.model_answer = None
        # the table's chart: nobody's clues, only where the public record puts each submarine
        return ChartModel(
            size=view.size,
            seat=-1,
            marks={},
            counts=(),
            me=None,
            route=(),
            lost=False,
            others={q: view.possible_positions(None, q) for q in range(view.n)},
            colours=self.seat_colours(),
        )

    def chart_owner(self, seat: int) -> str:
        """The chart's caption: "Your chart" when one person plays alone (the tutorial too)."""
        if self.session.human_seats() == [seat]:
            return "Your chart"
        return f"{self.session.seat_name(seat)}'s chart"

    def cell_tip(self, cell: int) -> str:
        """The tooltip of a space of the chart on screen: its clues, route, pencil and heat
        number in words (the heat map's number also when a boat covers it)."""
        if self.model is None:
            return ""
        seat = self.viewer
        heat = self.heat.result(seat) if seat is not None and self.aid("heat") else None
        chance = heat.p_atlantis(cell) if heat is not None and cell < len(heat.cells) else None
        pencil = self.pencils[seat].marks() if seat in self.pencils else None
        shown = self.aid("opp") or seat is None
        best = outlined_city(heat)
        outline = (best, heat.best_p) if heat is not None and best else None
        return cell_tip(self.model, cell, pencil, chance, self.names, shown, outline)

    def seat_colours(self) -> dict[int, str]:
        """Seat -> the colour name its submarine is drawn in: the one chosen at setup."""
        return {
            q: self.session.seats[q].colour or COLOURS[q % len(COLOURS)]
            for q in range(self.session.state.n)
        }

    def announce_text(self, decision: Decision) -> str:
        who = ""
        if len(self.session.human_seats()) > 1 and self.session.current_human() is not None:
            who = self.session.seat_name(self.session.current_human()) + ": "
        if decision.kind == "claim":  # the count is on the claim panel (it counts the picks)
            return self.rename(who + "Name Atlantis: click its spaces on your chart")
        prompt = self.rename(decision.prompt)
        if who and prompt.startswith(who):  # the device already names them
            return prompt
        return who + prompt

    def announcement_layout(self, text: str, y: int, cx: int) -> tuple[int, list[str], pygame.Rect]:
        """The new decision's line under the chart's bottom letters (on neither a row of spaces
        nor the letters that name the columns), down to the log; a long one wraps to a second
        line that grows it upwards."""
        size = ANNOUNCE_SIZE
        lines = look.wrap_text(text, self.arr.chart.w - 20, size, "bold", max_lines=2)
        from scenes.assets import font

        f = font(size, "bold")
        w = max(f.size(line)[0] for line in lines) if lines else 0
        h = len(lines) * (f.get_linesize() + 2) - 2
        rect = pygame.Rect(0, 0, w + 24, h + 4)
        rect.midtop = (cx, y)
        rect.bottom = min(rect.bottom, self.arr.voice.y - 1)
        return size, lines, rect

    # --- moves -------------------------------------------------------------------------------
    def act(self, action: Action) -> list[Event]:
        """Play a person's move: only ever one of ``self.legal``."""
        if action not in self.legal:
            self.show_notice(self.explain_refusal(action))
            return []
        self.aim = None
        self.burn_mode = False
        events = super().act(action)
        self._sync(force=True)
        return events

    # public helpers: what a person clicks, callable from code (tutorial, screenshots)
    def select(self, slot: str, burn: bool = False) -> None:
        """Pick up a card to play (or to burn): its choices are asked next."""
        if self.human is None:
            return
        pool = controls.burnable_slots(self.legal) if burn else controls.playable_slots(self.legal)
        if slot not in pool:
            self.show_notice(self._why_not(slot, burn))
            return
        if self.aim is not None and self.aim.slot == slot and self.aim.burn == burn:
            self.aim = None
            return
        self.aim = controls.Aim(slot, burn)
        self.advance()

    def choose(self, value: Any) -> None:
        """Answer the question the card being aimed asks now."""
        if self.aim is None:
            return
        nxt = controls.next_choice(self.legal, self.aim)
        if nxt is None or value not in nxt[1]:
            return
        self.aim.chosen[nxt[0]] = value
        self.advance()

    def advance(self) -> None:
        if self.aim is None:
            return
        action = controls.ready(self.legal, self.aim)
        if action is not None:
            self.act(action)

    def point_refusal(self, param: str, point: str) -> str:
        """Why the card being aimed cannot go towards ``point`` (a greyed compass point), in
        the engine's words: the same action with that point, explained."""
        cands = controls.candidates(self.legal, self.aim) if self.aim is not None else []
        if not cands:
            return "Not possible now."
        base = cands[0]
        value = point_of_line(point) if param == "line" else point
        return self.explain_refusal(Action.make(base.player, base.kind, **{**dict(base.args),
                                                                            param: value}))  # fmt: skip

    def question(self) -> tuple[str, list[Any]] | None:
        return controls.next_choice(self.legal, self.aim) if self.aim is not None else None

    def _why_not(self, slot: str, burn: bool) -> str:
        if self.kind != "turn":
            return "Answer the question on screen first."
        if burn:
            if slot == "card:surface":
                return "Surface cannot be burned: it is the one card you always keep."
            if slot.startswith("art:"):
                return "Artifacts cannot be burned; only action cards and your captain can."
            return "Only a card in your hand can be burned."
        if slot.startswith("card:"):
            key = slot[5:]
            return f"{CARD[key].name} is on your discard pile until you surface."
        if slot == "captain":
            return "Your captain is on your discard pile until you surface."
        return "That card cannot be played now."

    # claim ---------------------------------------------------------------------------------
    def claim_cells(self) -> frozenset[int]:
        """The spaces that may be named next (touching a named one), as the engine rules."""
        named = set(self.view.claim) | set(self.picks)
        near: set[int] = set()
        for c in named:
            near.update(neighbours8(self.size, c))
        return frozenset(near - named)

    def pick_claim(self, cell: int) -> None:
        if self.kind != "claim" or self.human is None:
            return
        if cell in self.picks:
            return
        if cell not in self.claim_cells():
            self.show_notice("Each space you name must touch one already named.")
            return
        if len(self.view.claim) + len(self.picks) < self.view.city_size:
            self.picks.append(cell)

    def undo_pick(self) -> None:
        if self.picks:
            self.picks.pop()

    def confirm_claim(self) -> None:
        if self.kind != "claim" or self.human is None:
            return
        if len(self.view.claim) + len(self.picks) != self.view.city_size:
            self.show_notice(f"Name all {self.view.city_size} spaces of the city first.")
            return
        picks, self.picks = list(self.picks), []
        for cell in picks:
            action = Action.make(self.human, "claim", cell=cell)
            if action not in self.legal or not self.act(action):
                break

    # --- events to animations and sounds ----------------------------------------------------
    def on_events(self, events: list[Event]) -> None:
        self.voice.add(events)
        self._sync(force=True)
        played: set[str] = set()
        for e in events:
            name = sounds.sound_for(e)
            if name and name not in played:
                played.add(name)
                self.app.audio.play(name)
            kind = anims.ANIM_FOR.get(e.data.get("reading") or e.kind)
            if kind:
                self._animate(kind, e)

    def _animate(self, kind: type[anims.Sign], e: Event) -> None:
        pos = self.device_point()
        who = e.data.get("who")
        if who is not None and who == self.viewer and self.model is not None:
            if self.model.me is not None:
                pos = self.chart.cell_centre(self.model.me)
        if kind is anims.Rod:
            line = (e.data.get("args") or {}).get("line")
            self.anim.add(anims.Rod(pos=pos, angle=anims.LINE_ANGLE.get(line, 0.0)))
        elif kind is anims.Flash:
            colour = (240, 200, 80) if e.kind == "found" else (230, 80, 70)
            self.anim.add(anims.Flash(pos=self.arr.chart.center, colour=colour))
        else:
            self.anim.add(kind(pos=pos))

    def device_point(self) -> tuple[int, int]:
        return (self.arr.voice.x + 22, self.arr.voice.y + 22)

    # --- where a target is (tests, tutorial and screenshots click through these) --------------
    def target_point(self, key: str) -> tuple[int, int]:
        """The canvas point a person clicks for ``key`` (a hit key or ``cell:<n>``)."""
        if key.startswith("cell:"):
            return self.chart.cell_centre(int(key[5:]))
        for hit in self.hits:
            if hit.key == key:
                return hit.rect.center
        raise KeyError(f"{key!r} is not on the board now")

    def has_target(self, key: str) -> bool:
        return key.startswith("cell:") or any(h.key == key for h in self.hits)
