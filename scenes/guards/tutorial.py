"""The guided first games of Guards of Atlantis: the real board with a lesson laid over it.

Four lessons, one after the other, each a real game on the one-lane board with a lesson panel
over the heroes' table that says, step by step, what to do; the step's targets pulse.

1. *A first skirmish* (the person's Wasp against a bot's Tigerclaw from the start of a game):
   the cards and playing one face down, initiative and the reveal, choosing the action,
   attacking, defending (whenever the person is first attacked), and minions and pushing.
   Nothing is gated: every move is the real game's, and the lesson follows the play until the
   lane is first pushed, whoever pushes it.
2. *Hold and defence*, 3. *Ties and the initiative token*, 4. *Coins, levels and items*: each
   starts from a set table (:mod:`game.guards.lessons`) and is guided: a step asks for one
   move, and any other move (or a click on a card that does not answer it) is refused with
   the step's own explanation; after the move the panel says what happened.

The lessons are data (:data:`LESSONS`, each a tuple of :class:`Step`); a step is shown once
its moment has come (``on``: a decision put to the person, or an event seen), ends with the
move it asks for (``wants``), the event it waits for (``until``) or its button, and while a
reading step (one with a button) is up the bots wait. The bots' cards in the guided lessons
are the lesson's (:attr:`Lesson.cards`); everything else they do is :func:`tutor_plan`, which
never strikes its own side. Skip goes on to the next lesson. The tutorial is never saved.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from ai.runner import InlineAnswers
from game.core import registry
from game.core.protocol import Action, Event, GameState
from game.core.saves import GameRecord, Seat
from game.guards import lessons
from scenes import draw
from scenes.assets import font
from scenes.board_base import Hit
from scenes.guards import look
from scenes.guards.board import GuardsBoard
from scenes.guards.look import draw_text, fit_text, wrap
from scenes.session import GameSession
from scenes.text import text_width

if TYPE_CHECKING:
    from scenes.app import App

SEED = 6
PERSON = 0
HEROES = ("wasp", "tigerclaw")  # the person's hero, the bot's (the first lesson)
LESSON_BOX = pygame.Rect(look.HEROES)  # where the lesson speaks
NEXT_KEY = "lesson:next"
SKIP_KEY = "lesson:skip"
PULSE = (110, 228, 255)
NOT_SAVED = "The tutorial is not saved: start it again from the setup screen."

#: ``Want.value`` for "any answer but the empty one" (a card, not "take the defeat")
SOME = "<some>"
ANY = "<any>"


@dataclass(frozen=True)
class Want:
    """A move a step asks for: its kind, and optionally one argument's value."""

    kind: str
    key: str = ""
    value: Any = ANY

    def matches(self, action: Action) -> bool:
        if action.kind != self.kind:
            return False
        if not self.key or self.value == ANY:
            return True
        got = action.get(self.key)
        return bool(got) if self.value == SOME else got == self.value


@dataclass(frozen=True)
class Step:
    key: str
    title: str
    text: str  # may name facts of the game in braces: see :meth:`TutorialBoard.facts`
    targets: tuple[str, ...] = ()  # hit-key prefixes that pulse ("token": the top bar's token)
    button: str = ""  # a reading step: it ends with this button, and the bots wait meanwhile
    wants: tuple[Want, ...] = ()  # the moves that end the step
    #: a guided step refuses every other move with these words (empty: the play is free)
    refuse: str = ""
    #: when the step comes up: "" at once, "decision:<kind>" when that is put to the person,
    #: "event:<kind>" once that has happened since the last step ended
    on: str = ""
    until: str = ""  # an event that ends the step
    after: str = ""  # what happened, shown from the step's end until the next one comes up


@dataclass(frozen=True)
class Lesson:
    key: str
    title: str
    layout: str  # its table in game.guards.lessons.LAYOUTS
    steps: tuple[Step, ...]
    #: the cards the bots play: (round, turn, seat) -> colour
    cards: dict[tuple[int, int, int], str] = field(default_factory=dict)
    #: steps that come up once whenever their moment comes (the first defence)
    asides: tuple[Step, ...] = ()


def _w(kind: str, key: str = "", value: Any = ANY) -> Want:
    return Want(kind, key, value)


DEFENCE = Step("defence", "Defending",
               "You are attacked! Each card shows its defence total, minions next to you "
               "included. Click one that holds, or take the defeat and keep your cards.",
               ("card:", "btn:nodefend"), wants=(_w("defend"),),
               on="decision:defend")  # fmt: skip
END = Step(
    "end",
    "The lane moved",
    "That is how a game of Guards goes: cards face down, initiative, actions, fights and "
    "pushes, round after round. Next: holding, defending, ties and levelling up.",
    button="Next lesson",
)
READ = "Read the lesson first, then click its button."

SKIRMISH = Lesson("skirmish", "A first skirmish", "skirmish", (
    Step("cards", "Your cards",
         "Each turn every hero lays one card face down. The big number is its initiative; "
         "ATK, DEF and MOV are what the card attacks, defends and moves with. Click a card, "
         "then Play face down.",
         ("card:", "btn:confirm"), wants=(_w("play"),)),
    Step("initiative", "Initiative",
         "All cards turn over together. The queue at the top right lists them by initiative: "
         "the highest acts first. A Hold card does nothing this turn.",
         ("queue",), "Got it"),
    Step("act", "Your action",
         "When your hero's turn comes, pick what the card does: Move (then click a glowing "
         "hex), Fast travel to a zone with no enemies, or Use the card's own action.",
         ("btn:move", "btn:fast", "btn:primary", "hex:"),
         wants=(_w("act"), _w("move"), _w("fast"), _w("primary"))),
    Step("attack", "Attacking",
         "An attack card hits a unit in reach. A minion hit falls at once and pays you coins. "
         "A hero hit must throw away a card whose defence reaches the attack, or leave the "
         "board for a while.",
         ("btn:primary",), "Got it"),
    Step("minions", "Minions and pushing",
         "The glowing zone is the battle zone. When a team has no minion left there, the lane "
         "is pushed one zone towards that team's throne. Push it into the enemy throne to "
         "win. Play on until the lane moves.",
         until="push"),
    END,
), asides=(DEFENCE,))  # fmt: skip

HOLD_AND_DEFEND = Lesson("defence", "Hold and defence", "defence", (
    Step("hold", "Hold",
         "Turn 3: Sting, Hold and Arc Strike are left in your hand, and Tigerclaw stands next "
         "to you. A card you play cannot defend you this turn, and Arc Strike is your best "
         "defence. Play Hold: you skip this turn but keep both other cards to defend with.",
         ("card:0:black", "btn:confirm"), wants=(_w("play", "cards", ("black",)),),
         refuse="Play Hold here: any other card leaves your hand and cannot defend you.",
         on="decision:play",
         after="Hold is revealed with the other cards and does nothing: it lies with your "
               "played cards until the round ends. Watch Tigerclaw."),
    Step("defend", "Defending",
         "Tigerclaw attacks with 5. Throw away a card whose defence reaches 5 and you stay. "
         "Minions count: each of your melee or heavy minions next to you adds 1, each enemy "
         "one takes 1 (an enemy ranged minion within 2 hexes too). Your heavy and his melee "
         "cancel out: Arc Strike holds with 5, Sting's 2 does not. Click Arc Strike.",
         ("card:0:red",), wants=(_w("defend", "card", SOME),),
         refuse="Sting's 2 does not reach 5, and taking the defeat sends you off the board: "
                "click Arc Strike, whose 5 holds.",
         on="decision:defend"),
    Step("defended", "You held",
         "Arc Strike is thrown away: like Hold it is out of your hand (greyed) until the "
         "round ends. Had no card held, Wasp would leave the board, lose half her coins (rounded "
         "up), give Tigerclaw 2 coins per level of hers, and return at the end of turn 1 of "
         "the next round without her red card for that round.",
         ("card:0:",), "Next lesson", refuse=READ),
), cards={(1, 3, 1): "red", (1, 4, 1): "gold"})  # fmt: skip

TOKEN = Lesson("token", "Ties and the token", "token", (
    Step("tie", "Initiative token",
         "Four heroes: you and Brogan are the Titans, Tigerclaw and Arien the Atlanteans. "
         "The top bar shows who holds the initiative token: your team. Play Steam Jump "
         "(initiative 9).",
         ("card:0:blue", "btn:confirm", "token"), wants=(_w("play", "cards", ("blue",)),),
         refuse="Play Steam Jump here: its initiative 9 makes the tie this lesson is about.",
         on="decision:play",
         after="Arien's 12 acts first. Then three heroes show 9: Wasp, Brogan and Tigerclaw."),
    Step("first", "A tie between teams",
         "Wasp and Brogan (Titans) and Tigerclaw (Atlanteans) all show 9. When teams tie, the "
         "team holding the token picks which of its tied heroes acts next. That is yours: "
         "click Wasp.",
         ("btn:first:0", "token"), wants=(_w("first", "hero", 0),),
         refuse="Send Wasp first here, so you see the token move after your own action.",
         on="decision:first"),
    Step("leap", "Steam Jump",
         "Steam Jump has no move icon: it leaps to an empty hex up to 3 away. Click a "
         "glowing hex.",
         ("hex:",), wants=(_w("choose"),), on="decision:choose",
         refuse="Click a glowing hex to leap there."),
    Step("passed", "The token passes",
         "Wasp has acted, so the token flipped: the Atlanteans hold it now (top bar). "
         "Tigerclaw and Brogan are still tied at 9, and now the Atlanteans pick: Tigerclaw "
         "acts before Brogan, then the token flips back.",
         ("token",), "Got it", refuse=READ, on="event:token"),
    Step("back", "Back to the Titans",
         "Tigerclaw has acted and the token is back with your team. It can change hands "
         "several times in one turn. A tie inside one team is simpler: that team picks the "
         "order and the token stays where it is.",
         ("token",), "Next lesson", refuse=READ, on="event:token"),
), cards={(1, 1, 1): "red", (1, 1, 2): "gold", (1, 1, 3): "gold"})  # fmt: skip

LEVEL_UP = Lesson("level", "Coins, levels and items", "level", (
    Step("sting", "Coins",
         "Turn 4, the last of the round. Atlantean minions stand next to you and you have no "
         "coins: enemy minions pay for falling. Play Sting.",
         ("card:0:gold", "btn:confirm"), wants=(_w("play", "cards", ("gold",)),),
         refuse="Play Sting here: it attacks a unit next to you.", on="decision:play"),
    Step("use", "Use the card",
         "Click Use the card: Sting attacks an adjacent unit.",
         ("btn:primary",), wants=(_w("primary"),),
         refuse="Click Use the card: a move would waste Sting's attack.", on="decision:act"),
    Step("target", "Strike a minion",
         "Click a glowing Atlantean melee minion. A minion hit falls at once: a melee or "
         "ranged one pays 2 coins, a heavy one 4 (and a heavy cannot be hit while others of "
         "its team stand in the lane).",
         ("hex:",), wants=(_w("choose"),), on="decision:choose",
         refuse="Click one of the glowing minions.",
         after="Two coins are yours. When the round ends, the side with fewer minions in the "
               "battle zone removes one; then everyone takes back their cards and may level "
               "up."),
    Step("level", "Level up",
         "Level 2 costs 2 coins (level 3 costs 3, and so on). Your red, blue and green cards "
         "each have two tier-II cards to choose from: click the one you want. It replaces "
         "your card of that colour, and the other of the pair becomes an item.",
         ("level:",), wants=(_w("level", "card", SOME),),
         refuse="Take the level now: you have the 2 coins it costs.", on="decision:level"),
    Step("item", "Your item",
         "You took {card}. {other} became your item: +1 {item} on every card you play. Your "
         "hand shows it: {where}. (The small \"item:\" line at a card's foot is what that "
         "card gives if it is left at a level-up.)",
         ("card:0:",), "Finish", refuse=READ),
), cards={(1, 4, 1): "green"})  # fmt: skip

LESSONS: tuple[Lesson, ...] = (SKIRMISH, HOLD_AND_DEFEND, TOKEN, LEVEL_UP)
#: where an item shows on the hand's cards, by the value it raises
ITEM_SHOWS = {
    "initiative": "the big initiative number of every card is one higher, tinted gold",
    "attack": "every ATK is one higher, written in amber with a + sign",
    "defense": "every DEF is one higher, written in amber with a + sign",
    "move": "every MOV is one higher, written in amber with a + sign",
    "range": "every RNG is one higher, written in amber with a + sign",
    "radius": "every RAD is one higher, written in amber with a + sign",
}


# --- the lesson's bots -------------------------------------------------------------------------
def tutor_choice(view: GameState, player: int, cards: dict | None = None) -> Action:
    """The engine's step towards :func:`tutor_plan` (what the lesson's bots answer)."""
    from scenes.guards.shots import step_towards

    return step_towards(view, player, tutor_plan(view, player, cards))


def tutor_plan(view: GameState, player: int, cards: dict | None = None) -> Action:
    """The lesson's choice, complete (kind and destination together, as a person clicks it):
    the lesson's card when it names one, else seeded by the position and aggressive, but
    never against its own side."""
    from game.guards.legal import act_moves
    from scenes.guards.shots import plan

    rng = random.Random(f"{SEED}:{view.round}:{view.turn}:{player}:{view.phase}")
    legal = view.legal_actions(player)
    dec = view.decision()
    kind = dec.kind if dec is not None else ""
    colour = (cards or {}).get((view.round, view.turn, player))
    if kind == "play" and colour is not None:
        for a in legal:
            if a["cards"] == (colour,):
                return a
    if kind == "choose":
        return _aim(view, player, legal)
    if kind == "act" and _only_own_targets(view, player):
        moves = [a for a in act_moves(view, player) if a.kind != "primary"]
        return _towards_enemies(view, player, moves) or moves[0]
    return plan(view, player, rng)


def _side(view: Any, hx: Any) -> int | None:
    """The team of the unit on ``hx`` (None: no unit there)."""
    code = view.occ.get(hx) if isinstance(hx, tuple) else None
    if code is None:
        return None
    return view.team_of[code] if code >= 0 else view.minions[~code][1]


def _aim(view: Any, player: int, legal: list[Action]) -> Action:
    """An enemy hero first, then an enemy minion, then a space next to an enemy, then
    skipping, then any other space; a unit of its own side only when nothing else is left."""
    team = view.seat_team[player]
    near = _enemy_neighbours(view, team)

    def rank(a: Action) -> int:
        at = a.get("option")
        side = _side(view, at)
        if side is not None:
            return (0 if view.occ[at] >= 0 else 1) if side != team else 9
        if at == "skip":
            return 3
        return 2 if at in near else 4

    return min(legal, key=rank)


def _enemy_neighbours(view: Any, team: int) -> set[Any]:
    """The spaces next to a unit of the other side."""
    nbrs = view.geo.nbrs
    return {n for hx in view.occ if _side(view, hx) != team for n in nbrs[hx]}


def _only_own_targets(view: Any, player: int) -> bool:
    """Would the card's own action, its choices made as :func:`_aim` makes them, strike a unit
    of its own side? (Played on a copy of the view.)"""
    from scenes.guards.shots import step_towards

    legal = view.legal_actions(player)
    prim = next((a for a in legal if a.kind == "primary"), None)
    if prim is None:
        return False
    sim = view.clone()
    sim.apply(step_towards(sim, player, prim))
    team = view.seat_team[player]
    for _ in range(6):
        dec = sim.decision()
        if dec is None or dec.kind != "choose" or player not in dec.players:
            return False
        pick = _aim(sim, player, sim.legal_actions(player))
        if _side(sim, pick.get("option")) == team:
            return True
        sim.apply(pick)
    return False


def _towards_enemies(view: Any, player: int, moves: list[Action]) -> Action | None:
    from ai.guards.advisor import enemy_hexes
    from game.guards.geo import distance

    foes = enemy_hexes(view, player)
    if not moves or not foes:
        return None
    return min(moves, key=lambda a: (min(distance(a["to"], f) for f in foes), a["to"]))


# --- the lesson's game ----------------------------------------------------------------------
class TutorialRecord(GameRecord):
    """The lesson's record: it replays from the lesson's table (undo and the bots' memory
    replay it), not from a seed."""

    def new_state(self) -> GameState:
        names = tuple(s.name for s in self.seats)
        return lessons.build(lessons.LAYOUTS[self.meta["lesson"]], names)


class TutorialSession(GameSession):
    """The lesson's game: never saved, and its bots wait while the lesson is read."""

    phones = False  # a guided or replayed game is played at this screen only

    paused = False

    def save_as(self, name: str) -> Path:
        raise OSError(NOT_SAVED)

    def unsaved_note(self) -> str | None:
        return NOT_SAVED

    def update(self, dt: float) -> list[Event]:
        return [] if self.paused else super().update(dt)


def tutorial_session(lesson: Lesson = SKIRMISH) -> TutorialSession:
    """The lesson's game on its table, the bots answering with :func:`tutor_choice`."""
    layout = lessons.LAYOUTS[lesson.layout]
    seats = [Seat("You")] + [Seat("Tutor" if len(layout.heroes) == 2 else f"Tutor {i}", "bot",
                                  "normal") for i in range(1, len(layout.heroes))]  # fmt: skip
    options = registry.get("guards").parse_options({"board": "one_lane"})
    record = TutorialRecord("guards", options, layout.seed,
                            [Seat(s.name, s.kind, s.level, None, i % 2)
                             for i, s in enumerate(seats)],
                            meta={"lesson": lesson.layout, "tutorial": True})  # fmt: skip
    return TutorialSession(
        record,
        record.new_state(),
        autosave=False,
        runner_factory=lambda: InlineAnswers(lambda v, p: tutor_choice(v, p, lesson.cards)),
    )


class TutorialBoard(GuardsBoard):
    """The Guards board with the lesson panel, the pulsing targets and the lesson's gate."""

    def __init__(self, app: App, session: GameSession | None = None, lesson: int = 0) -> None:
        self.lesson = LESSONS[lesson]
        self.number = lesson
        self.at = 0  # the step on now (an index into the lesson's steps)
        self.asides_done: set[str] = set()
        self.seen: set[str] = set()  # event kinds since the last step ended
        self.done: set[str] = set()
        self.shown: list[str] = []  # the steps in the order they came up (tests)
        super().__init__(app, session or tutorial_session(self.lesson))

    # --- the lesson ---------------------------------------------------------------------------
    def step(self) -> Step:
        """The step the panel speaks of (an aside whose moment has come goes first)."""
        for s in self.lesson.asides:
            if s.key not in self.asides_done and self._ready(s):
                return s
        return self.lesson.steps[min(self.at, len(self.lesson.steps) - 1)]

    def _ready(self, step: Step) -> bool:
        what, _, kind = step.on.partition(":")
        if what == "decision":
            dec = self.decision
            return dec is not None and dec.kind == kind and PERSON in dec.players
        if what == "event":
            return kind in self.seen
        return True

    def ready(self) -> bool:
        return self._ready(self.step())

    def _finish(self, step: Step) -> None:
        if step in self.lesson.asides:
            self.asides_done.add(step.key)
        else:
            self.at += 1
            self.seen = set()
        self.done.add(step.key)
        self.notice = ""  # a refusal of this step no longer applies
        self.redraw()

    def refusal(self, action: Action) -> str:
        """The lesson's words when the step does not take ``action`` ("" when it does)."""
        step = self.step()
        if not step.refuse or any(w.matches(action) for w in step.wants):
            return ""
        return step.refuse

    def on_events(self, events: list[Event]) -> None:
        super().on_events(events)
        for e in events:
            self.seen.add(e.kind)
            step = self.step()
            if step.until and e.kind == step.until:
                self._finish(step)

    def act(self, action: Action) -> list[Event]:
        if action in self.legal:
            why = self.refusal(action)
            if why:
                self.show_notice(why)
                self.stage = None
                self.chosen = {}
                return []
            step = self.step()
            if any(w.matches(action) for w in step.wants):
                self._finish(step)  # before the move: what it sets off belongs to the next
        return super().act(action)

    def click_card(self, h: int, col: str) -> None:
        """A guided step refuses a card that does not answer it as soon as it is clicked."""
        step = self.step()
        wanted = {w.value for w in step.wants if w.kind in ("play", "defend") and w.key}
        if step.refuse and self.kind in ("play", "defend") and wanted:
            ok = any(v == (col,) or v == col for v in wanted)
            if self.kind == "defend":
                ok = col in {a["card"] for a in self.legal if a.kind == "defend"} - {""}
            if not ok:
                self.show_notice(step.refuse)
                return
        super().click_card(h, col)

    def update(self, dt: float) -> None:
        step = self.step()
        self.session.paused = bool(step.button) and self.ready()
        super().update(dt)
        step = self.step()
        key = step.key if self.ready() else f"after:{step.key}"
        if not self.shown or self.shown[-1] != key:
            self.shown.append(key)
            self.redraw()  # the panel is part of the cached frame

    def click_allowed(self, key: str) -> bool:
        return key.startswith("lesson:") or super().click_allowed(key)

    def click(self, key: str) -> None:
        if key == NEXT_KEY:
            step = self.step()
            if step.button and self.ready():
                self._finish(step)
                if self.at >= len(self.lesson.steps):
                    self.next_lesson()
            return
        if key == SKIP_KEY:
            self.next_lesson()
            return
        super().click(key)

    def next_lesson(self) -> None:
        """The next lesson on its own table, or back to the title after the last."""
        if self.number + 1 < len(LESSONS):
            self.app.stack.reset(TutorialBoard(self.app, lesson=self.number + 1))
            return
        from scenes.title_scene import TitleScene

        self.app.stack.reset(TitleScene(self.app))

    def unsaved_note(self) -> str | None:
        return None  # the tutorial is never saved, so leaving it loses nothing

    def ask_hint(self) -> None:
        """In a guided step the hint is the lesson's own ask, so the two never disagree."""
        step = self.step()
        if step.refuse and self.ready():
            self.show_notice(step.refuse)
            return
        super().ask_hint()

    def _question_lines(self) -> list[str]:
        if getattr(self.session, "paused", False) and self.human is None:
            return ["The game waits for you", "Read the lesson, then click its button."]
        return super()._question_lines()

    def facts(self) -> dict[str, str]:
        """What a step's words may name: the card last taken at a level-up, the card that
        became the item, the item and where it shows."""
        view = self.view
        out = {"card": "", "other": "", "item": "", "where": ""}
        h = PERSON
        items = view.items[h] if view is not None and h < len(view.items) else ()
        if not items:
            return out
        hero = view.hero_def(h)
        for col in ("red", "blue", "green"):
            c = view.card_in(h, col)
            if c.tier == 2:
                other = next(x for x in hero.card(col, 2) if x.id != c.id)
                out.update(card=c.name, other=other.name, item=other.item,
                           where=ITEM_SHOWS.get(other.item, other.item))  # fmt: skip
        return out

    def words(self) -> tuple[str, str]:
        """(title, text) of the panel now: the step, or what happened while it is not up."""
        step = self.step()
        if self.ready():
            return step.title, step.text.format(**self.facts())
        before = self.lesson.steps[self.at - 1] if 0 < self.at <= len(self.lesson.steps) else None
        if before is not None and before.after and step not in self.lesson.asides:
            return before.title, before.after
        return step.title, "Watch the table: the lesson goes on when your turn comes."

    # --- drawing ------------------------------------------------------------------------------
    def _draw_static(self, surface, gliding) -> None:
        super()._draw_static(surface, gliding)
        if self.view.phase == "select" or self.log.open:
            return
        step = self.step()
        r = LESSON_BOX
        draw.rect(surface, (12, 36, 54), r, border_radius=10)
        draw.rect(surface, PULSE, r, 2, border_radius=10)
        title, text = self.words()
        head = f"Lesson {self.number + 1} of {len(LESSONS)} · {title}"
        shown, size = fit_text(head, r.w - 28, 17, "bold")
        draw_text(surface, shown, (r.x + 14, r.y + 12), size=size, kind="bold",
                  colour=look.SELECT)  # fmt: skip
        if self.number + 1 < len(LESSONS):
            # as wide as its words (and as tall) at any text size
            rect = pygame.Rect(r.x + 14, r.bottom - 42, 112, 28)
            rect.w = max(rect.w, text_width("Skip lesson", 14) + 12)
            rect.h = max(rect.h, font(14).get_linesize() + 4)
            rect.bottom = r.bottom - 14
            draw.rect(surface, look.PANEL_EDGE, rect, 1, border_radius=6)
            label, s = fit_text("Skip lesson", rect.w - 10, 14)
            draw_text(surface, label, rect.center, size=s, anchor="center", colour=look.DIM)
            self.hits.append(Hit(rect, SKIP_KEY, f"Leave this lesson for lesson {self.number + 2}"))
        y = r.y + 42
        button = step.button if self.ready() else ""
        skip = self.number + 1 < len(LESSONS)
        button_top = r.bottom - 50 if button or skip else r.bottom - 8
        size, lines = fit_words(text, r.w - 28, button_top - y)
        step_px = font(size).get_linesize()
        for line in lines:
            draw_text(surface, line, (r.x + 14, y), size=size)
            y += step_px
        if button:
            w = max(136, text_width(button, 16, "bold") + 16)  # as wide as its words
            rect = pygame.Rect(r.right - 14 - w, r.bottom - 46, w, 36)
            draw.rect(surface, (46, 96, 64), rect, border_radius=8)
            draw.rect(surface, look.SELECT, rect, 2, border_radius=8)
            t, s = fit_text(button, rect.w - 12, 16, "bold")
            draw_text(surface, t, rect.center, size=s, kind="bold", anchor="center")
            self.hits.append(Hit(rect, NEXT_KEY, "Go on to the next step"))

    def draw_front(self, surface: pygame.Surface) -> None:
        super().draw_front(surface)
        step = self.step()
        if not step.targets or self.view is None or self.view.phase == "select":
            return
        if not self.ready():
            return
        pulse = 0.5 + 0.5 * math.sin(self.clock * 5)
        colour = tuple(int(c * (0.55 + 0.45 * pulse)) for c in PULSE)
        for rect, key, _ in self.hits:
            if key.startswith(step.targets) and not key.startswith("hex:"):
                draw.rect(surface, colour, rect.inflate(6, 6), 3, border_radius=10)
        if "queue" in step.targets:
            draw.rect(surface, colour, look.QUEUE.inflate(4, 4), 3, border_radius=10)
        if "token" in step.targets:
            draw.rect(surface, colour, self.token_at or look.HEROES, 3, border_radius=8)


def fit_words(text: str, width: int, height: int) -> tuple[int, list[str]]:
    """(size, lines) of the lesson's words: 14 px, smaller (down to 10) when larger text
    would run past ``height``; at 10 px whatever fits, the last line ending in "…"."""
    for size in range(14, 9, -1):
        lines = wrap(text, width, size, max_lines=0)
        if len(lines) * font(size).get_linesize() <= height:
            return size, lines
    return 10, wrap(text, width, 10, max_lines=max(1, height // font(10).get_linesize()))


def start(app: App) -> TutorialBoard:
    """The setup screen's Tutorial button (with Guards of Atlantis chosen)."""
    return TutorialBoard(app)
