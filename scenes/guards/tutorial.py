"""The guided first skirmish of Guards of Atlantis: the real board with a lesson laid over it.

A fixed two-hero game on the one-lane board (the person's Wasp against a bot's Tigerclaw, the
seed and the bot's choices fixed: :func:`tutor_choice`), hero selection and the entry done
before it opens. A lesson panel over the heroes' table says, step by step, what to do; the
step's targets pulse on the board. The lessons, in our own words: the cards and playing one
face down, initiative and the reveal, choosing the action, attacking, defending (whenever the
person is first attacked), and minions and pushing. The skirmish ends at the first push of
the lane, whoever makes it: the last lesson says what happened and Finish goes back to the
title. Nothing is gated: every move is the real game's, so the lesson follows the play.
The tutorial is never saved.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from ai.runner import InlineAnswers
from game.core.protocol import Action, Event
from game.core.saves import Seat
from scenes import draw
from scenes.board_base import Hit
from scenes.guards import look
from scenes.guards.board import GuardsBoard
from scenes.guards.look import draw_text, fit_text, wrap

if TYPE_CHECKING:
    from scenes.app import App
    from scenes.session import GameSession

SEED = 6
PERSON = 0
HEROES = ("wasp", "tigerclaw")  # the person's hero, the bot's
LESSON_BOX = pygame.Rect(look.HEROES)  # where the lesson speaks
NEXT_KEY = "lesson:next"
FINISH_KEY = "lesson:finish"
PULSE = (110, 228, 255)


@dataclass(frozen=True)
class Step:
    key: str
    title: str
    text: str
    targets: tuple[str, ...] = ()  # hit-key prefixes that pulse
    button: str = ""  # "Got it" steps end with a click; the others end with a move


STEPS: tuple[Step, ...] = (
    Step(
        "cards",
        "Your cards",
        "Each turn every hero lays one card face down. The big number is its initiative; "
        "ATK, DEF and MOV are what the card attacks, defends and moves with. Click a card, "
        "then Play face down.",
        ("card:", "btn:confirm"),
    ),
    Step(
        "initiative",
        "Initiative",
        "All cards turn over together. The queue at the top right lists them by initiative: "
        "the highest acts first. A Hold card does nothing this turn.",
        ("queue",),
        "Got it",
    ),
    Step(
        "act",
        "Your action",
        "When your hero's turn comes, pick what the card does: Move (then click a glowing "
        "hex), Fast travel to a zone with no enemies, or Use the card's own action.",
        ("btn:move", "btn:fast", "btn:primary", "hex:"),
    ),
    Step(
        "attack",
        "Attacking",
        "An attack card hits a unit in reach. A minion hit falls at once and pays you coins. "
        "A hero hit must throw away a card whose defence reaches the attack, or leave the "
        "board for a while.",
        ("btn:primary",),
        "Got it",
    ),
    Step(
        "minions",
        "Minions and pushing",
        "The glowing zone is the battle zone. When a team has no minion left there, the lane "
        "is pushed one zone towards that team's throne. Push it into the enemy throne to "
        "win. Play on until the lane moves.",
        (),
    ),
)
DEFENCE = Step("defence", "Defending",
               "You are attacked! Each card shows its defence total, minions next to you "
               "included. Click one that holds, or take the defeat and keep your cards.",
               ("card:", "btn:nodefend"))  # fmt: skip
END = Step(
    "end",
    "The lane moved",
    "That is how a game of Guards goes: cards face down, initiative, actions, fights "
    "and pushes, round after round. Start a real game from New game.",
    (),
    "Finish",
)


def tutor_choice(view: Any, player: int) -> Action:
    """The engine's step towards :func:`tutor_plan` (what the lesson's bot answers)."""
    from scenes.guards.shots import step_towards

    return step_towards(view, player, tutor_plan(view, player))


def tutor_plan(view: Any, player: int) -> Action:
    """The lesson's choice, complete (kind and destination together, as a person clicks it):
    seeded by the position, aggressive."""
    from scenes.guards.shots import plan

    rng = random.Random(f"{SEED}:{view.round}:{view.turn}:{player}:{view.phase}")
    legal = view.legal_actions(player)
    if player != PERSON:  # the tutor goes for the person's hero when it can (a defence to try)
        team = view.seat_team[player]
        for a in legal:
            at = a.get("option") if a.kind == "choose" else None
            code = view.occ.get(at) if isinstance(at, tuple) else None
            if code is not None and code >= 0 and view.team_of[code] != team:
                return a
    return plan(view, player, rng)


class TutorRunner(InlineAnswers):
    """Answers the lesson's bot at once with :func:`tutor_choice` (no processes)."""

    def __init__(self) -> None:
        super().__init__(tutor_choice)


def tutorial_session() -> GameSession:
    """The lesson's game with the heroes picked and on the board (first cards to choose)."""
    from scenes.session import GameSession

    seats = [Seat("You"), Seat("Tutor", "bot", "normal")]
    s = GameSession.new("guards", seats, {"board": "one_lane"}, SEED, autosave=False,
                        runner_factory=TutorRunner)  # fmt: skip
    st = s.state
    for _ in range(40):
        dec = st.decision()
        if dec is None or dec.kind == "play":
            break
        p = dec.players[0]
        legal = st.legal_actions(p)
        if dec.kind == "pick":
            want = HEROES[p] if p < len(HEROES) else None
            pick = next((a for a in legal if a["hero"] == want), legal[0])
            s.apply(pick)
        else:
            s.apply(legal[0])
    return s


class TutorialBoard(GuardsBoard):
    """The Guards board with the lesson panel and the pulsing targets."""

    def __init__(self, app: App, session: GameSession | None = None) -> None:
        super().__init__(app, session or tutorial_session())
        self.done: set[str] = set()
        self.pushed = False
        self.shown: list[str] = []  # the lessons in the order they came up (tests)

    # --- the lesson ---------------------------------------------------------------------------
    def step(self) -> Step:
        if self.pushed:
            return END
        dec = self.decision
        if (
            "defence" not in self.done
            and dec is not None
            and dec.kind == "defend"
            and (PERSON in dec.players)
        ):
            return DEFENCE
        for s in STEPS:
            if s.key not in self.done:
                return s
        return STEPS[-1]

    def on_events(self, events: list[Event]) -> None:
        super().on_events(events)
        for e in events:
            if e.kind == "push":
                self.pushed = True

    def act(self, action: Action) -> list[Event]:
        kind = action.kind
        before = len(self.session.record.actions)
        events = super().act(action)
        if len(self.session.record.actions) > before:  # the move was made
            if kind == "play":
                self.done.add("cards")
            elif kind in ("move", "fast", "primary", "act", "attack"):
                self.done.add("act")
            elif kind == "defend":
                self.done.add("defence")
        return events

    def update(self, dt: float) -> None:
        super().update(dt)
        key = self.step().key
        if not self.shown or self.shown[-1] != key:
            self.shown.append(key)
            self.redraw()  # the panel is part of the cached frame

    def click_allowed(self, key: str) -> bool:
        return key.startswith("lesson:") or super().click_allowed(key)

    def click(self, key: str) -> None:
        if key == NEXT_KEY:
            self.done.add(self.step().key)
            self.redraw()
            return
        if key == FINISH_KEY:
            from scenes.title_scene import TitleScene

            self.app.stack.reset(TitleScene(self.app))
            return
        super().click(key)

    def unsaved_note(self) -> str | None:
        return None  # the tutorial is never saved, so leaving it loses nothing

    # --- drawing ------------------------------------------------------------------------------
    def _draw_static(self, surface, gliding) -> None:
        super()._draw_static(surface, gliding)
        if self.view.phase == "select" or self.log.open:
            return
        step = self.step()
        r = LESSON_BOX
        draw.rect(surface, (12, 36, 54), r, border_radius=10)
        draw.rect(surface, PULSE, r, 2, border_radius=10)
        n = STEPS.index(step) + 1 if step in STEPS else None
        head = f"Tutorial · {step.title}" + (f" ({n} of {len(STEPS)})" if n else "")
        text, size = fit_text(head, r.w - 28, 17, "bold")
        draw_text(surface, text, (r.x + 14, r.y + 12), size=size, kind="bold", colour=look.SELECT)
        y = r.y + 42
        button_top = r.bottom - 50 if step.button else r.bottom - 8
        from scenes.assets import font

        step_px = font(14).get_linesize()
        for line in wrap(step.text, r.w - 28, 14, max_lines=max(1, (button_top - y) // step_px)):
            draw_text(surface, line, (r.x + 14, y), size=14)
            y += step_px
        if step.button:
            rect = pygame.Rect(r.right - 150, r.bottom - 46, 136, 36)
            draw.rect(surface, (46, 96, 64), rect, border_radius=8)
            draw.rect(surface, look.SELECT, rect, 2, border_radius=8)
            t, s = fit_text(step.button, rect.w - 12, 16, "bold")
            draw_text(surface, t, rect.center, size=s, kind="bold", anchor="center")
            key = FINISH_KEY if step is END else NEXT_KEY
            self.hits.append(Hit(rect, key, "Go on to the next step"))

    def draw_front(self, surface: pygame.Surface) -> None:
        super().draw_front(surface)
        step = self.step()
        if not step.targets or self.view is None or self.view.phase == "select":
            return
        pulse = 0.5 + 0.5 * math.sin(self.clock * 5)
        colour = tuple(int(c * (0.55 + 0.45 * pulse)) for c in PULSE)
        for rect, key, _ in self.hits:
            if key.startswith(step.targets) and not key.startswith("hex:"):
                draw.rect(surface, colour, rect.inflate(6, 6), 3, border_radius=10)
        if "queue" in step.targets:
            draw.rect(surface, colour, look.QUEUE.inflate(4, 4), 3, border_radius=10)


def start(app: App) -> TutorialBoard:
    """The setup screen's Tutorial button (with Guards of Atlantis chosen)."""
    return TutorialBoard(app)
