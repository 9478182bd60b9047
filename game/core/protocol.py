"""The one engine protocol all three games speak.

A game state is plain data plus its own seeded ``random.Random``. It always says who must decide
what (:class:`Decision`), offers the legal :class:`Action` values, and applies one action at a
time, returning :class:`Event` values that scenes animate and log. Humans and bots answer the
same decisions with the same actions; the UI never invents moves.

Hidden information: ``view(player)`` returns a *state of the same type* in which everything the
player may not know is canonicalised (unknown decks sorted, unknown hands pooled, the RNG
replaced). A view is therefore itself a playable state, and ``determinize(rng)`` turns it into
one plausible world by shuffling what is unknown. Bots only ever receive views, so they cannot
peek, and the hot-seat UI draws the current human's view.
"""

from __future__ import annotations

import copy
import random
import reprlib
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

JsonScalar = int | str | bool | None


def _freeze(value: Any) -> Any:
    """Make an argument hashable and canonical (lists become tuples, recursively)."""
    if isinstance(value, (list, tuple)):
        return tuple(_freeze(v) for v in value)
    if isinstance(value, dict):
        raise TypeError("action arguments may not be dicts; use tuples of pairs")
    if isinstance(value, float):
        raise TypeError("action arguments may not be floats (saves must replay exactly)")
    if value is None or isinstance(value, (int, str, bool)):
        return value
    raise TypeError(f"action argument of type {type(value).__name__} is not JSON-safe")


def _same_types(a: Any, b: Any) -> bool:
    """Equal values of exactly the same types, all the way down (``2`` is not ``2.0``)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, tuple):
        return len(a) == len(b) and all(_same_types(x, y) for x, y in zip(a, b, strict=True))
    return True


#: bounds no offered move comes near (the soak checks every offered move against them); a move
#: beyond them is refused as malformed before the game is asked to explain it
MAX_INT = 2**53 - 1  # the largest whole number every JSON reader keeps exact
MAX_TEXT = 200
MAX_ITEMS = 64
MAX_DEPTH = 4

_ALLOWED = "text, whole numbers, true/false, nothing, or tuples of these"


def _shown(value: Any, width: int = 40) -> str:
    """``repr(value)``, short and safe, for a message: a huge int, a long text or a deep tuple
    must not make the message itself fail (or fill a screen)."""
    if type(value) is int and abs(value) > MAX_INT:
        return f"a number of about {int(value.bit_length() * 0.30103) + 1} digits"
    if isinstance(value, (list, tuple, dict, set, frozenset)) and len(value) > MAX_ITEMS:
        return f"a {type(value).__name__} of {len(value)} items"
    short = reprlib.Repr()
    short.maxlevel, short.maxstring, short.maxother = 3, width, width
    try:
        text = short.repr(value)
    except Exception:  # noqa: BLE001 - any object can make its repr fail
        return f"a {type(value).__name__}"
    return text if len(text) <= width else text[: width - 1] + "…"


def _bad_value(value: Any, depth: int = 0) -> str | None:
    """Why ``value`` cannot be a move's argument (``None``: it can)."""
    t = type(value)
    if value is None or t is bool:
        return None
    if t is int:
        return None if abs(value) <= MAX_INT else "a number larger than any move takes"
    if t is str:
        return None if len(value) <= MAX_TEXT else f"text of {len(value)} characters"
    if t is tuple:
        if depth >= MAX_DEPTH:
            return "tuples nested deeper than any move's"
        if len(value) > MAX_ITEMS:
            return f"a tuple of {len(value)} items"
        for v in value:
            why = _bad_value(v, depth + 1)
            if why:
                return why
        return None
    if t is list:
        return "a list (Action.make turns lists into tuples)"
    if t is float:
        return "a float (moves take whole numbers, so saves replay exactly)"
    if t is dict:
        return "a dict (use a tuple of pairs)"
    return f"a {t.__name__}"


def malformed(action: Action) -> str | None:
    """Why ``action`` is no well-formed move at all, in a few words (``None``: it is one).

    A well-formed move has a text kind and a tuple of ``(name, value)`` pairs, each name once,
    each value JSON-safe and within bounds: what ``Action.make`` and ``Action.from_json`` build.
    ``Action(...)`` itself takes anything, so a move built in code may be none of this; it is
    refused with this reason before a game's ``explain_illegal`` (which trusts the shape) sees it.
    """
    kind, args = action.kind, action.args
    if type(kind) is not str:
        return f"a move's kind is text such as 'pass', not {_shown(kind)}"
    if len(kind) > MAX_TEXT:
        return f"no move has a kind of {len(kind)} characters"
    if type(args) is not tuple or len(args) > MAX_ITEMS:
        return (
            f"{kind} needs its arguments as a tuple of (name, value) pairs, not {_shown(args)} "
            "(build moves with Action.make)"
        )
    names = set()
    for pair in args:
        if type(pair) is not tuple or len(pair) != 2 or type(pair[0]) is not str:
            return (
                f"{kind} needs its arguments as (name, value) pairs, not {_shown(pair)} "
                "(build moves with Action.make)"
            )
        name, value = pair
        if len(name) > MAX_TEXT:
            return f"{kind} has an argument name of {len(name)} characters"
        if name in names:
            return f"{kind} names its argument {name!r} twice"
        names.add(name)
        why = _bad_value(value)
        if why:
            return f"{kind} has {name}={_shown(value)}, {why}: a move's values are {_ALLOWED}"
    return None


def _thaw(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_thaw(v) for v in value]
    return value


@dataclass(frozen=True, slots=True)
class Action:
    """An immutable, hashable, JSON-serialisable move: who, what kind, and its arguments."""

    player: int
    kind: str
    args: tuple[tuple[str, Any], ...] = ()

    @classmethod
    def make(cls, player: int, kind: str, **args: Any) -> Action:
        return cls(player, kind, tuple(sorted((k, _freeze(v)) for k, v in args.items())))

    def get(self, key: str, default: Any = None) -> Any:
        for k, v in self.args:
            if k == key:
                return v
        return default

    def __getitem__(self, key: str) -> Any:
        for k, v in self.args:
            if k == key:
                return v
        raise KeyError(key)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"player": self.player, "kind": self.kind}
        out.update((k, _thaw(v)) for k, v in self.args)
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Action:
        if not isinstance(data, Mapping):
            raise ValueError("an action must be a JSON object")
        try:
            player = data["player"]
            kind = data["kind"]
        except KeyError as exc:
            raise ValueError(f"an action is missing its {exc.args[0]!r} field") from None
        if not isinstance(player, int) or isinstance(player, bool) or not isinstance(kind, str):
            raise ValueError("an action needs an integer 'player' and a string 'kind'")
        rest = {k: v for k, v in data.items() if k not in ("player", "kind")}
        return cls.make(player, kind, **rest)

    def __str__(self) -> str:
        args = ", ".join(f"{k}={v}" for k, v in self.args)
        return f"P{self.player}:{self.kind}({args})"


@dataclass(frozen=True, slots=True)
class Decision:
    """Who must decide next, and about what.

    ``players`` holds one seat for ordinary turns and several for simultaneous decisions
    (each of them answers once, in any order). ``prompt`` is player-facing, in our own words.

    ``public`` says what a hot-seat screen may show while the step is answered. ``False`` (the
    default, the safe answer) makes the step *private*: each deciding seat answers from its
    own view, behind a hand-off to that person, and a simultaneous decision is private per
    seat. ``True`` makes it *public*: answering needs no seat's secret (taking in a reveal,
    a move on the open board), so it is drawn from the public view and is preceded by a
    "show the table" hand-off when a private step came before it. A step on which only bots
    decide is shown as public whatever this says. Games without hidden information never
    hand off, so for them the flag changes nothing.
    """

    players: tuple[int, ...]
    kind: str
    prompt: str = ""
    data: Mapping[str, Any] = field(default_factory=dict)
    public: bool = False

    def __contains__(self, player: object) -> bool:
        return player in self.players


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened, for animation and the game log.

    ``to`` limits who may see the event (``None`` = everyone); the log and the animations of a
    hot-seat game only show events visible to the seat whose view is on screen.
    """

    kind: str
    text: str
    data: Mapping[str, Any] = field(default_factory=dict)
    to: tuple[int, ...] | None = None

    def visible_to(self, player: int | None) -> bool:
        return self.to is None or (player is not None and player in self.to)


_new_event = object.__new__
_set_kind, _set_text = Event.kind.__set__, Event.text.__set__  # type: ignore[attr-defined]
_set_data, _set_to = Event.data.__set__, Event.to.__set__  # type: ignore[attr-defined]


def _event(kind: str, text: str, data: Mapping[str, Any], to: tuple[int, ...] | None) -> Event:
    """``Event(kind, text, data, to)`` at a third of the cost (a frozen dataclass's ``__init__``
    sets each field through ``object.__setattr__``): the recorder makes every event this way."""
    event = _new_event(Event)
    _set_kind(event, kind)
    _set_text(event, text)
    _set_data(event, data)
    _set_to(event, to)
    return event


class InvariantBroken(AssertionError):
    """A game's own invariant does not hold: a bug in the engine, never a player's mistake."""


def require(condition: object, what: str) -> None:
    """Raise :class:`InvariantBroken` saying ``what`` unless ``condition`` holds (the engines'
    invariant checks use it rather than ``assert``, which ``python -O`` would strip)."""
    if not condition:
        raise InvariantBroken(what)


class IllegalAction(ValueError):
    """Raised by ``apply`` for an action that is not legal now; the state is left unchanged."""


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One game option offered on the setup screen and on the ``simulate`` command line."""

    key: str
    label: str
    choices: tuple[str, ...]
    default: str
    help: str = ""
    multi: bool = False  # comma-separated subset of choices (e.g. monsters=medusa,harpies)
    #: the words the setup screen shows for each choice, in order (empty: the choices themselves)
    labels: tuple[str, ...] = ()
    #: asked on each seat's row instead of with the game's options: the value holds one choice
    #: per seat, in seat order (empty: the game's own default assignment)
    per_seat: bool = False
    #: what each choice does, in order (the setup screen's tooltip and the line under the row)
    tips: tuple[str, ...] = ()
    #: the choices several seats may take at once (the others go to one seat only)
    repeatable: tuple[str, ...] = ()
    #: the seat colour each choice brings, in order ("" or missing: none; Rising's councilors
    #: come in the colour of their title)
    colours: tuple[str, ...] = ()

    def tip_of(self, choice: str) -> str:
        """What ``choice`` does, in words (empty when the option does not say)."""
        if self.tips and choice in self.choices:
            return self.tips[self.choices.index(choice)]
        return ""

    def label_of(self, choice: str) -> str:
        """How ``choice`` reads on the setup screen; the value saved stays ``choice``. A value
        of several choices reads choice by choice ("Scholar, Random deal")."""
        if self.labels and choice in self.choices:
            return self.labels[self.choices.index(choice)]
        if self.multi and "," in choice:
            return ", ".join(self.label_of(c) for c in choice.split(","))
        if self.per_seat and not choice:
            return "in seat order"
        return choice

    def sample(self, rng: random.Random, seats: int) -> str:
        """A random value a game of ``seats`` seats accepts (the soak's and digests' mixes):
        a per-seat option is empty or one choice per seat, no other choice taken twice."""
        if self.per_seat:
            if rng.random() < 0.25:
                return ""
            once = [c for c in self.choices if c not in self.repeatable]
            rng.shuffle(once)
            return ",".join(
                rng.choice(self.repeatable)
                if self.repeatable and rng.random() < 0.3
                else once.pop()
                for _ in range(seats)
            )
        if not self.multi:
            return rng.choice(self.choices)
        picks = [c for c in self.choices if c != "none" and rng.random() < 0.5]
        return ",".join(picks) if picks else ("none" if "none" in self.choices else "")

    def parse(self, raw: str) -> str:
        parts = [p.strip() for p in raw.split(",") if p.strip()] if self.multi else [raw.strip()]
        if self.multi and raw.strip() in ("", "none"):
            return "none" if "none" in self.choices else ""
        for p in parts:
            if p not in self.choices:
                raise ValueError(
                    f"option {self.key}={raw!r}: {p!r} is not one of {', '.join(self.choices)}"
                )
        return ",".join(parts)


class GameState(ABC):
    """Base class of every game state. Subclasses hold plain data and ``self.rng``."""

    game_id: ClassVar[str] = ""
    rng: random.Random

    # --- whose turn -------------------------------------------------------------------------
    @abstractmethod
    def decision(self) -> Decision | None:
        """The pending decision, or ``None`` once the game is over."""

    @abstractmethod
    def legal_actions(self, player: int) -> list[Action]:
        """Every action ``player`` may take now (empty when they have nothing to decide)."""

    def is_terminal(self) -> bool:
        return self.decision() is None

    @abstractmethod
    def returns(self) -> list[float]:
        """Final score per seat: 1 win, 0 loss (co-op games give every seat the same value)."""

    @property
    @abstractmethod
    def num_players(self) -> int: ...

    @property
    def round_number(self) -> int:
        """The current round (1-based); reports and the log use it."""
        return int(getattr(self, "round", 0))

    # --- applying moves ---------------------------------------------------------------------
    def apply(self, action: Action, *, quiet: bool = False) -> list[Event]:
        """Validate ``action`` and apply it. Raises :class:`IllegalAction`, state unchanged.

        ``quiet=True`` records no event (and builds no event text): the move's events are
        ``[]``. Search playouts, which never read events, apply moves quietly.
        """
        if type(action) is not Action:  # before any game's check reads its fields
            raise IllegalAction(f"a move is an Action, not {_shown(action)}")
        self.check(action)
        if quiet:
            self._apply_quiet(action)
            return []
        return self._apply(action)

    def check(self, action: Action) -> None:
        """Raise :class:`IllegalAction` with a clear message unless ``action`` is legal now."""
        dec = self.decision()
        if dec is None:
            raise IllegalAction("the game is over; no more moves can be made")
        player = action.player
        if type(player) is not int or not 0 <= player < self.num_players:
            raise IllegalAction(
                f"a move for player {_shown(player)}, but this game has players 0 to "
                f"{self.num_players - 1} ({self.player_name(0)} to "
                f"{self.player_name(self.num_players - 1)})"
            )
        if player not in dec.players:
            who = ", ".join(self.player_name(p) for p in dec.players)
            raise IllegalAction(
                f"it is not {self.player_name(player)}'s decision now (waiting for {who})"
            )
        # a plain search, not ``list.index``: its ValueError would spell out the move's repr,
        # which a huge number or a deep tuple makes fail (and a long text makes slow)
        for offered in self.legal_actions(player):
            if offered == action:
                break
        else:
            # not offered: a move of no valid shape is refused as such; a game explains only
            # well-formed moves (its explanations look values up, and a list is not hashable)
            raise IllegalAction(malformed(action) or self.explain_illegal(action))
        # 2.0 == 2 == True, so equality alone would let a float or a bool in where the game
        # declared an int; the state would then hold it and its save would no longer load
        if type(action.kind) is not str or not _same_types(action.args, offered.args):
            raise IllegalAction(
                f"{action.kind} has an argument of the wrong type (the move offered is {offered})"
            )

    def explain_illegal(self, action: Action) -> str:
        """A player-facing reason why a well-formed action is refused. Games override this."""
        return f"{action.kind} is not a legal move now"

    def player_name(self, player: int) -> str:
        return f"Player {player + 1}"

    def seat_roles(self) -> list[list[str]]:
        """What each seat plays as, by name (heroes, a captain): the History counts wins by
        them. Empty for a game without such roles."""
        return [[] for _ in range(self.num_players)]

    # --- recording events -------------------------------------------------------------------
    #: the events the move being applied has recorded so far; ``None`` records nothing (between
    #: moves, and through a quiet move)
    _ev: list[Event] | None = None

    def _apply(self, action: Action) -> list[Event]:
        """Apply an action already known to be legal and return its events.

        It runs the game's :meth:`_play`, keeping what the rules :meth:`emit`. A game may
        instead override ``_apply`` itself (returning its events), as small test games do.
        """
        events: list[Event] = []
        self._ev = events
        try:
            self._play(action)
        finally:
            self._ev = None
        return events

    def _apply_quiet(self, action: Action) -> None:
        """:meth:`_apply` recording nothing and building no event text (search playouts)."""
        self._ev = None  # a copy may carry a list of its own
        self._play(action)

    def _play(self, action: Action) -> None:
        """The rules of ``action`` (known to be legal): change the state, :meth:`emit` events.

        Engines implement this. A game that overrides :meth:`_apply` instead plays through it
        (its events dropped), so every game has a quiet form.
        """
        if type(self)._apply is GameState._apply:
            raise NotImplementedError(f"{type(self).__name__} defines neither _play nor _apply")
        self._apply(action)

    def emit(
        self,
        kind: str,
        what: str | Callable[[], tuple[str, dict[str, Any]]],
        /,
        audience: tuple[int, ...] | None = None,
    ) -> None:
        """Record an event of the move being applied: the one way rules record events.

        ``what`` is a function returning the event's player-facing text and its data::

            st.emit("die_rolled", lambda st=st, p=p, roll=roll: (
                f"{st.player_name(p)} rolls {roll}.", {"player": p, "value": roll}))

        It is called at once while events are recorded and never in a quiet move, which so
        builds neither text nor data; a bare text is an event without data. The function takes
        the values it needs as defaults (``p=p``) rather than from the rule around it: a
        closure would make them cells of the rule's function, which every call of the rule
        pays for, recording or not. ``audience`` is the event's ``to`` (``None``: everyone).
        The data are the fields the game declares for ``kind`` (:mod:`game.core.events`).
        """
        events = self._ev
        if events is not None:
            if type(what) is str:
                events.append(_event(kind, what, {}, audience))
            else:
                text, data = what()
                events.append(_event(kind, text, data, audience))

    def undoable(self, action: Action) -> bool:
        """May ``action``, just applied to this state, be taken back?

        Only when applying it revealed nothing random or hidden (no die, no shuffle, no card
        drawn), so replaying the moves before it gives a position the player has already seen.
        Asked right after ``apply``; the default is the safe answer, ``False``.
        """
        return False

    def describe_action(self, action: Action) -> str:
        """A short player-facing phrase for ``action``, as in "takes back <phrase>".

        Games override this to name their own pieces and places; the default names the kind.
        """
        args = ", ".join(f"{k} {v}" for k, v in action.args)
        return action.kind.replace("_", " ") + (f" ({args})" if args else "")

    def undo_rule(self) -> str:
        """Which moves may be taken back in this game, in a few words, for a refused undo."""
        return "moves stay once the game has moved on after them"

    def decision_key(self, player: int) -> Hashable:
        """What ``player``'s pending decision rests on, as far as that seat can tell.

        A bot's search stays valid while this is unchanged, so another seat's secret commit to
        the same simultaneous decision does not restart it. The default is the decision's kind
        and round and the seat's legal actions: a commit that changes what the seat may do (a
        shared pool drafted from) restarts it, one that only says "someone chose" does not.
        Games whose commits reveal something a seat should reconsider add it here.
        """
        dec = self.decision()
        if dec is None or player not in dec.players:
            return None
        return (dec.kind, self.round_number, tuple(self.legal_actions(player)))

    # --- information ------------------------------------------------------------------------
    def view(self, player: int | None) -> GameState:
        """What ``player`` may know, as a playable state (``None`` = a spectator/public view)."""
        v = self.clone()
        v._redact(player)
        v.rng = random.Random(0)
        return v

    def observe(self, action: Action, viewer: int | None) -> Hashable:
        """What ``viewer`` (``None`` = the public) sees of ``action``, asked before it is applied.

        Actions that look alike to ``viewer`` must give equal values, and the value may depend
        only on what ``viewer`` knows. The default is the action itself; a secret move returns
        something coarser (e.g. ``("moved", player)`` when the direction is hidden). Search keys
        other seats' moves by this, so its tree never splits on what its player cannot see.
        """
        return action

    def _redact(self, player: int | None) -> None:  # noqa: B027 - perfect-information default
        """Canonicalise, in place, everything ``player`` may not know."""

    def determinize(self, rng: random.Random) -> GameState:
        """A copy of this (view) state with unknown information sampled from ``rng``."""
        world = self.clone()
        world._shuffle_unknown(rng)
        world.rng = random.Random(rng.getrandbits(64))
        return world

    def _shuffle_unknown(self, rng: random.Random) -> None:  # noqa: B027
        """Sample, in place, the information this view does not know."""

    def clone(self) -> GameState:
        """A deep, independent copy. Games override with a faster hand-written version."""
        return copy.deepcopy(self)

    # --- comparison for tests and replay checks -----------------------------------------------
    @abstractmethod
    def fingerprint(self) -> Any:
        """Plain data describing the whole state (used to compare states for equality)."""

    # --- snapshots (bug reports, tests; saves replay actions instead) -------------------------
    def to_json(self) -> dict[str, Any]:
        """The whole state as JSON data, its generator included: ``from_json(to_json(s))`` has
        the fingerprint of ``s`` and plays on exactly as ``s`` does. The three games get it
        from their declared fields (:mod:`game.core.schema`)."""
        raise NotImplementedError(f"{type(self).__name__} has no snapshot")

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> GameState:
        """The state :meth:`to_json` wrote."""
        raise NotImplementedError(f"{cls.__name__} has no snapshot")
