"""The lesson of Finding Atlantis's guided first game, as data: one step per thing to learn.

Each :class:`Step` says what the device tells the player (our own words), the one thing the
player is asked to do (an engine :class:`~game.core.protocol.Action`, or a button of the
lesson itself: :data:`NEXT`, :data:`HEAT`), what the board lights up, and, for a reading, the
result the lesson's map gives, so a test can check that every sentence about the sea floor
is true (tests/scenes/finding/test_tutorial_script.py plays the whole script on the engine).

The game is :func:`game.finding.tutorial.tutorial_game`: one submarine (yellow) on a fixed
6×6 map, starting at D5, dealt the Navy Captain and the Engineer, the Sunstone on top of the
artifact deck. Every card of the hand is used once, in an order that tells a story: look
around, move in secret, find a wreck, count, measure, read the heat map, surface, burn a card
to step onto the city, and name it.

Highlight ids are the board's own click targets (scenes/finding/board.py): ``card:<key>``
an action card, ``captain`` the captain card, ``art:<key>`` an artifact, ``dir:<point>`` a
point of the compass rose, ``cell:<n>`` a space of the chart, ``keep:<captain>`` a dealt
captain, ``burn`` the burn switch, ``aid:heat`` the heat-map switch, ``solve:yes`` and
``claim:confirm`` the solving buttons, plus the lesson's own ``lesson:next`` and ``chart``
(the whole chart). Pure data: no pygame here.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.core.protocol import Action
from game.finding.tutorial import cell_named

#: the lesson's one seat
SEAT = 0
#: a step the player ends by pressing the lesson's own "Next" button
NEXT = "next"
#: a step the player ends by switching on the heat-map aid
HEAT = "aid:heat"


@dataclass(frozen=True)
class Step:
    """One step: the words, the short instruction, what is asked and what is lit."""

    key: str
    text: str
    #: the instruction in a few words (shown in bold, and repeated as the gentle hint)
    do: str
    #: an engine action, several played one after the other (naming the city), or a
    #: lesson button
    ask: Action | tuple[Action, ...] | str
    highlight: tuple[str, ...] = ()
    #: the public result the asked reading gives on the lesson's map (checked by the test)
    result: tuple | None = None

    @property
    def actions(self) -> tuple[Action, ...]:
        """The engine actions this step asks for, in order (none for a lesson button)."""
        if isinstance(self.ask, Action):
            return (self.ask,)
        if isinstance(self.ask, tuple):
            return self.ask
        return ()

    @property
    def action(self) -> Action | None:
        """The step's first engine action (``None`` for a lesson button)."""
        return self.actions[0] if self.actions else None

    def accepts(self, action: Action, played: frozenset[Action] = frozenset()) -> bool:
        """Is ``action`` a move this step wants, ``played`` being those already made? (The
        city's spaces may be named in any order the engine allows; anything else gets
        :meth:`hint`.)"""
        return action in self.actions and action not in played

    def hint(self) -> str:
        """What the device says, kindly, when the player tries something else."""
        return f"Not just yet. {self.do}"


def _a(kind: str, **args: object) -> Action:
    return Action.make(SEAT, kind, **args)


def _cell(name: str) -> str:
    return f"cell:{cell_named(name)}"


STEPS: tuple[Step, ...] = (
    Step(
        "welcome",
        "Welcome aboard. Somewhere under this 6 by 6 patch of sea lies Atlantis: four spaces "
        "that touch by a side or a corner. This screen is your navigation device and your "
        "own sea chart: every clue you learn is drawn on it, and nobody else sees it.",
        "Press Next to begin.",
        NEXT,
        ("chart", "lesson:next"),
    ),
    Step(
        "keep",
        "Every crew is dealt two captains and keeps one. Keep the Navy Captain: once per "
        "trip to the surface, it tells you how many spaces away the nearest trace lies along "
        "a line through your space.",
        "Keep the Navy Captain.",
        _a("keep", captain="navy"),
        ("keep:navy",),
    ),
    Step(
        "dive",
        "You start at D5, and every crew at the table can see that. Before round one, each "
        "submarine dives one space in a direction only its own crew knows.",
        "Dive north: click N on the compass.",
        _a("start_move", direction="N"),
        ("dir:N",),
    ),
    Step(
        "sonar",
        "You are at D4 now, and only you know it. A turn is two actions. Start with the "
        "Sonar: for each of the eight spaces around you it tells seamount or deep ocean.",
        "Play the Sonar.",
        _a("sonar"),
        ("card:sonar",),
        ("deep", "deep", "seamount", "seamount", "deep", "seamount", "seamount", "seamount"),
    ),
    Step(
        "jelly",
        "Deep water to the north, north-east and south; seamounts all around the rest. A "
        "seamount rises on every trace (a part of Atlantis or an old wreck) and on the "
        "spaces beside it. The Jelly Rod asks about traces themselves: trace or nothing at "
        "both ends of a line through your space.",
        "Play the Jelly Rod along NW-SE: click the card, then NW or SE.",
        _a("jelly", line="NW-SE"),
        ("card:jelly", "dir:NW", "dir:SE"),
        ("nothing", "nothing"),
    ),
    Step(
        "silent",
        "Nothing at C3 and nothing at E5. That was your second action, so the round is over; "
        "round two begins. Silent Running moves you one space, and the table only hears "
        "that you moved, not where to.",
        "Play Silent Running to the west.",
        _a("silent", direction="W"),
        ("card:silent", "dir:W"),
    ),
    Step(
        "explore",
        "You are on C4, one of the seamounts the Sonar found. Explore tells you what lies "
        "right beneath you.",
        "Play Explore.",
        _a("explore"),
        ("card:explore",),
        ("artifact",),
    ),
    Step(
        "artifact",
        "A wreck! You brought up an artifact card: the Sunstone. Recovering it woke a sea "
        "monster, which now sleeps on C4, so do not sail back there. Each artifact works "
        "once. The Sunstone counts the Atlantis spaces in your row and in your column.",
        "Use the Sunstone.",
        _a("artifact", name="sunstone"),
        ("art:sunstone",),
        (1, 0),
    ),
    Step(
        "heat",
        "One Atlantis space in row 4 and none in column C. Your chart holds a fair number "
        "of clues now. The heat map adds them up for you: each space is shaded by the chance "
        "that it is part of Atlantis, worked out from your chart and nothing else.",
        "Switch the heat map on.",
        HEAT,
        ("aid:heat",),
    ),
    Step(
        "captain",
        "Still spread out: the one Atlantis space of row 4 could be in several places. Time for "
        "your captain.",
        "Play the Navy Captain along E-W: click the captain, then E or W.",
        _a("captain", name="navy", line="E-W"),
        ("captain", "dir:E", "dir:W"),
        (3, 0),
    ),
    Step(
        "read",
        "To the east the nearest trace is 3 spaces away, on F4; to the west there is none. "
        "So D4 and E4 hold no trace, and the one Atlantis space of row 4 can only be F4. "
        "Look at the heat map: with everything else your chart knows, it now shows one city "
        "for certain, F4, F5, E6 and F6.",
        "Press Next when you have found the city on the chart.",
        NEXT,
        (_cell("F4"), _cell("F5"), _cell("E6"), _cell("F6"), "lesson:next"),
    ),
    Step(
        "long_silent",
        "Round three is over (the captain was its second action). Long Silent Running moves "
        "you two spaces in a direction nobody else hears.",
        "Play Long Silent Running to the east.",
        _a("long_silent", direction="E"),
        ("card:long_silent", "dir:E"),
    ),
    Step(
        "surface",
        "You are on E4, and your hand is empty but for Surface. Surfacing brings every "
        "played card and your captain back, but everyone learns where you are. In a real "
        "race, surfacing beside the city gives it away; today nobody is racing you.",
        "Play Surface.",
        _a("surface"),
        ("card:surface",),
    ),
    Step(
        "burn",
        "All your cards are back for round five. There is one more way to move: burn a card. "
        "It costs an action and the card (until you surface again), it moves you one space, "
        "and the whole table hears the direction.",
        "Burn the Sonar to move east: click Burn a card, then the Sonar, then E.",
        _a("burn", card="sonar", direction="E"),
        ("burn", "card:sonar", "dir:E"),
    ),
    Step(
        "explore_city",
        "You are on F4, where the heat map burns brightest.",
        "Play Explore.",
        _a("explore"),
        ("card:explore",),
        ("atlantis",),
    ),
    Step(
        "solve",
        "Atlantis lies beneath you! Only now, right after Explore finds the city, may you "
        "name it. A wrong answer sweeps you to a random space, lost; the right one wins at "
        "once. Your chart is sure.",
        "Choose to name the city.",
        _a("solve"),
        ("solve:yes",),
    ),
    Step(
        "claim",
        "F4 is named already. Name the other three spaces on the chart: each one must "
        "touch, by a side or a corner, a space already named. Then send the claim.",
        "Click F5, then E6 and F6 on the chart, then Name the city.",
        (
            _a("claim", cell=cell_named("F5")),
            _a("claim", cell=cell_named("E6")),
            _a("claim", cell=cell_named("F6")),
        ),
        (_cell("F5"), _cell("E6"), _cell("F6"), "claim:confirm"),
    ),
    Step(
        "done",
        "You found Atlantis! That is the whole game: gather clues where nobody can place "
        "them, move unseen, and name the city before the other crews do. In a real game the "
        "map is new every time, and the other submarines read the same device you do.",
        "Press Next to finish the lesson.",
        NEXT,
        ("lesson:next",),
    ),
)


def actions() -> list[Action]:
    """The engine actions of the whole lesson, in order (the lesson buttons left out)."""
    return [a for s in STEPS for a in s.actions]


class Lesson:
    """Where the player is in the lesson, and the one gate every move goes through.

    The tutorial scene asks :meth:`offer` before it plays a person's move: the asked move
    passes (and the lesson moves on), anything else is answered with the step's gentle hint
    and never reaches the engine. The lesson's own buttons (:data:`NEXT`, :data:`HEAT`) go
    through :meth:`press`.
    """

    def __init__(self, steps: tuple[Step, ...] = STEPS) -> None:
        self.steps = steps
        self.index = 0
        #: the step's actions played so far (naming the city takes three)
        self.played: frozenset[Action] = frozenset()
        #: the last hint given (the scene shows it; cleared when the lesson moves on)
        self.hint = ""

    @property
    def step(self) -> Step | None:
        return self.steps[self.index] if self.index < len(self.steps) else None

    @property
    def done(self) -> bool:
        return self.index >= len(self.steps)

    def offer(self, action: Action) -> bool:
        """May ``action`` be played now? True moves the lesson on; False leaves a hint."""
        step = self.step
        if step is not None and step.accepts(action, self.played):
            self.played |= {action}
            if self.played == frozenset(step.actions):
                self._advance()
            return True
        self.hint = step.hint() if step is not None else "The lesson is over."
        return False

    def wanted(self) -> tuple[Action, ...]:
        """The engine actions the step still waits for, in the script's order."""
        step = self.step
        return tuple(a for a in step.actions if a not in self.played) if step else ()

    def press(self, ask: str) -> bool:
        """A lesson button (``NEXT``) or aid (``HEAT``): True when it is what the step asks."""
        step = self.step
        if step is not None and step.ask == ask:
            self._advance()
            return True
        if step is not None and ask == NEXT:
            self.hint = step.hint()
        return False

    def _advance(self) -> None:
        self.index += 1
        self.played = frozenset()
        self.hint = ""
