"""The guided first game of Finding Atlantis: the real board with the lesson laid over it.

:class:`TutorialBoard` is the ordinary :class:`~scenes.finding.board.FindingBoard` on the
lesson's table (:func:`game.finding.tutorial.tutorial_game`) with three changes: a lesson
panel (over the seats' status, which a one-submarine game hardly needs) says the step's
words and its instruction, the step's targets pulse on the board, and every move passes the
lesson's gate first (:class:`~scenes.finding.tutorial_script.Lesson`): the asked move is
played, anything else gets a gentle hint and never reaches the engine. Picking a card,
aiming and naming spaces are gated the same way, so a wrong click is answered at once.

The tutorial is never saved (it always starts from the lesson's own map): its session has
no autosave and refuses "Save as" with a plain reason; a rematch on "the same map" plays the
lesson's map again without the lesson.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from game.core.protocol import Action, Event, GameState
from game.core.saves import GameRecord, Seat
from game.finding.tutorial import tutorial_game
from scenes import draw
from scenes.board_base import RESULTS_DELAY_S
from scenes.finding import controls, look
from scenes.finding.board import FindingBoard
from scenes.finding.look import Hit
from scenes.finding.tutorial_script import HEAT, NEXT, STEPS, Lesson
from scenes.session import GameSession
from scenes.ui import draw_text

if TYPE_CHECKING:
    from scenes.app import App

#: where the lesson speaks: over the seats' status panel, top right
LESSON_BOX = pygame.Rect(look.STATUS)
NEXT_KEY = "lesson:next"
TEXT_SIZE = 14
PULSE = (110, 228, 255)
NAME = "Yellow"
#: the lesson's moves that are not played from a card (they have their own buttons)
NOT_CARDS = frozenset({"keep", "start_move", "solve", "keep_searching", "claim"})
NOT_SAVED = "The tutorial is not saved: it starts from the lesson's own map every time."


class TutorialRecord(GameRecord):
    """The lesson's record: it replays from the lesson's table, not from a seed (the results
    screen replays the record to draw the route)."""

    def new_state(self) -> GameState:
        return tutorial_game()


class TutorialSession(GameSession):
    """The lesson's game: no autosave, no "Save as" (a save could not be replayed)."""

    phones = False  # a guided or replayed game is played at this screen only

    def save_as(self, name: str) -> Path:
        raise OSError(NOT_SAVED)

    def unsaved_note(self) -> str | None:
        return "The tutorial is not saved; you can start it again from the setup screen."

    def rematch(self, same_seed: bool, **kwargs: Any) -> GameSession:
        """The same map means the lesson's map again (free play); else a new solo game."""
        if same_seed:
            return tutorial_session()
        kwargs.setdefault("runner_factory", self._runner_factory)
        return GameSession.new("finding", self.record.seats, self.record.options, None, **kwargs)


def tutorial_session() -> TutorialSession:
    """The lesson's table in a session: one person (yellow), nothing saved."""
    state = tutorial_game()
    seats = [Seat(NAME, "human", "normal", "yellow")]
    record = TutorialRecord("finding", dict(state.options), 13, seats, meta={"tutorial": True})
    return TutorialSession(record, state, autosave=False)


class TutorialBoard(FindingBoard):
    """The Finding board with the lesson over it (see the module docstring)."""

    def __init__(self, app: App, session: GameSession | None = None) -> None:
        super().__init__(app, session if session is not None else tutorial_session())
        self.lesson = Lesson(STEPS)
        #: the heat-map switch as the last frame of the heat step saw it (None: another step)
        self._heat_was: bool | None = None

    # --- the gate ----------------------------------------------------------------------------
    def act(self, action: Action) -> list[Event]:
        if action in self.legal and not self.lesson.offer(action):
            self._refuse()
            return []
        return super().act(action)

    def _refuse(self) -> None:
        """The gentle hint; the card stays picked up, its choices are asked again."""
        self.show_notice(self.lesson.hint)
        if self.aim is not None:
            self.aim.chosen.clear()

    def _wanted_slots(self) -> set[tuple[str, bool]]:
        out: set[tuple[str, bool]] = set()
        for a in self.lesson.wanted():
            if a.kind == "burn":
                out.add((controls.burn_slot(a), True))
            elif a.kind not in NOT_CARDS:
                out.add((controls.slot_of(a), False))
        return out

    def select(self, slot: str, burn: bool = False) -> None:
        wanted = self._wanted_slots()
        if burn and (slot, False) in wanted and (slot, True) not in wanted:
            self.burn_mode = burn = False  # burn mode left on by mistake: play the card
        if self.human is not None and (slot, burn) not in wanted:
            self.lesson.hint = self.lesson.step.hint() if self.lesson.step else ""
            self.show_notice(self.lesson.hint)
            return
        super().select(slot, burn)

    def pick_claim(self, cell: int) -> None:
        wanted = {a.get("cell") for a in self.lesson.wanted() if a.kind == "claim"}
        if self.kind == "claim" and cell not in wanted | set(self.picks):
            step = self.lesson.step
            self.show_notice(step.hint() if step is not None else "")
            return
        super().pick_claim(cell)

    def _offers_next(self) -> bool:
        """A Next button: on a Next step, and on the heat step when the heat map was already
        on before it (the switch has nothing left to teach)."""
        step = self.lesson.step
        return step is not None and (step.ask == NEXT or (step.ask == HEAT and self.aid("heat")))

    def click(self, key: str) -> None:
        if key == NEXT_KEY:
            step = self.lesson.step
            if step is not None and step.ask == HEAT and self.aid("heat"):
                self.lesson.press(HEAT)
            elif not self.lesson.press(NEXT):
                self.show_notice(self.lesson.hint)
            elif self.lesson.done:
                self._finish()
            return
        super().click(key)

    def _finish(self) -> None:
        """The lesson's last Next: on to the results, with the true map revealed."""
        self._over_for = RESULTS_DELAY_S  # BoardScene.update opens them on the next frame

    # --- per frame ---------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        step = self.lesson.step
        heat = self.aid("heat")
        if step is not None and step.ask == HEAT and heat and self._heat_was is False:
            self.lesson.press(HEAT)  # switched on during this step: that is the answer
        self._heat_was = heat if step is not None and step.ask == HEAT else None
        step = self.lesson.step
        if step is not None and step.key == "read" and not self.aid("heat"):
            self.toggle_aid("heat")  # the step reads the heat map: it must be on
        if self.session.is_over and not self.lesson.done:
            self._over_for = -1e9  # the results wait for the lesson's last words
        super().update(dt)

    # --- drawing -----------------------------------------------------------------------------
    def draw_board(self, surface: pygame.Surface) -> None:
        super().draw_board(surface)
        self._draw_lesson(surface)

    def lesson_box(self) -> pygame.Rect:
        """Where the lesson speaks: over the seats' status; over the chart's top when large
        text gives the right column's panels turns (the column is theirs then)."""
        if self.arr.tabbed:
            return pygame.Rect(self.arr.chart.x, self.arr.chart.y, self.arr.chart.w, LESSON_BOX.h)
        return LESSON_BOX

    def _draw_lesson(self, surface: pygame.Surface) -> None:
        from scenes.finding.voice import wrap

        step = self.lesson.step
        r = self.lesson_box()
        if step is None:
            look.panel(surface, r, PULSE)
            draw_text(surface, "Lesson complete.", r.center, size=18, kind="bold",
                      anchor="center")  # fmt: skip
            return
        lines = wrap(step.text, r.width - 24, TEXT_SIZE)
        button = pygame.Rect(r.right - 102, r.bottom - 36, 90, 28)
        do_width = r.width - 24 - (button.width + 12 if self._offers_next() else 0)
        does = wrap(step.do, do_width, 15)
        # every line a line apart at the text size drawn; larger text makes the box taller
        # (down over the panel under it), never its lines crowded or cut
        head, text_step, do_step = look.line_step(12), look.line_step(TEXT_SIZE), look.line_step(15)
        need = 6 + head + len(lines) * text_step + len(does) * do_step + 6
        if need > r.height:
            r = pygame.Rect(r.x, r.y, r.w, need)
            button = pygame.Rect(r.right - 102, r.bottom - 36, 90, 28)
        look.panel(surface, r, PULSE)
        number = self.lesson.index + 1
        draw_text(surface, f"Lesson {number} of {len(self.lesson.steps)}", (r.x + 12, r.y + 6),
                  size=12, colour=look.DIM)  # fmt: skip
        y = r.y + 6 + head
        for line in lines:
            draw_text(surface, line, (r.x + 12, y), size=TEXT_SIZE)
            y += text_step
        for line in does:
            draw_text(surface, line, (r.x + 12, y), size=15, kind="bold", colour=look.SELECT)
            y += do_step
        if self._offers_next():
            self._button(surface, button, "Next", NEXT_KEY, "On to the next step of the lesson.")

    def draw_front(self, surface: pygame.Surface) -> None:
        self._draw_highlights(surface)
        super().draw_front(surface)

    def target_rects(self) -> list[pygame.Rect]:
        """The rectangles of the step's targets that are on the board this frame."""
        step = self.lesson.step
        if step is None:
            return []
        rects: list[pygame.Rect] = []
        for key in step.highlight:
            if key == "chart":
                rects.append(pygame.Rect(self.arr.chart))
            elif key.startswith("cell:"):
                rects.append(self.chart.cell_rect(int(key[5:])))
            else:  # a target's first hit is its face (a compass arm's boxes follow its tip's)
                rects.extend(
                    next(([h.rect] for h in self.hits if isinstance(h, Hit) and h.key == key), [])
                )
        return rects

    def _draw_highlights(self, surface: pygame.Surface) -> None:
        glow = 0.5 + 0.5 * math.sin(self.clock * 5)
        colour = tuple(int(c * (0.6 + 0.4 * glow)) for c in PULSE)
        for rect in self.target_rects():
            draw.rect(surface, colour, rect.inflate(8, 8), 3, border_radius=8)


def tutorial_scene(app: App) -> TutorialBoard:
    """The shell's entry (GameUI.tutorial): a fresh lesson."""
    return TutorialBoard(app)
