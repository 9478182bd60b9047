"""The one event recorder (``GameState.emit``), its quiet mode, and declared event kinds."""

from __future__ import annotations

import pytest

from game.core import registry
from game.core.events import SESSION_EVENTS, EventShape, declare, undeclared
from game.core.protocol import Action, Decision, Event, GameState


class Counter(GameState):
    """A one-seat game of ten steps: each step emits an event whose text and data are counted
    when built, and one private event to seat 0."""

    game_id = "counter"

    def __init__(self) -> None:
        self.steps = 0
        self.built = 0

    @property
    def num_players(self) -> int:
        return 1

    def decision(self) -> Decision | None:
        return Decision((0,), "step") if self.steps < 10 else None

    def legal_actions(self, player: int) -> list[Action]:
        return [Action.make(0, "step")] if self.decision() else []

    def returns(self) -> list[float]:
        return [1.0]

    def fingerprint(self) -> tuple[int]:
        return (self.steps,)

    def _play(self, action: Action) -> None:
        self.steps += 1

        def what() -> tuple[str, dict[str, int]]:
            self.built += 1
            return f"Step {self.steps}.", {"step": self.steps}

        self.emit("stepped", what)
        self.emit("secret", "Only you know.", (0,))


class OldStyle(Counter):
    """A game written on ``_apply`` itself, returning its events (as the test games are)."""

    def _apply(self, action: Action) -> list[Event]:
        self.steps += 1
        return [Event("stepped", "A step.", {"step": self.steps})]


def test_a_loud_move_records_what_the_rules_emit_in_order():
    st = Counter()
    events = st.apply(Action.make(0, "step"))
    assert events == [
        Event("stepped", "Step 1.", {"step": 1}),
        Event("secret", "Only you know.", {}, (0,)),
    ]
    assert type(events[0]) is Event and events[1].visible_to(0) and not events[1].visible_to(None)
    assert st.built == 1
    assert st._ev is None  # between moves nothing is recorded


def test_a_quiet_move_records_nothing_and_builds_no_text_or_data():
    loud, quiet = Counter(), Counter()
    for _ in range(4):
        loud.apply(Action.make(0, "step"))
        assert quiet.apply(Action.make(0, "step"), quiet=True) == []
    quiet._apply_quiet(Action.make(0, "step"))
    loud._apply(Action.make(0, "step"))
    assert quiet.fingerprint() == loud.fingerprint() == (5,)
    assert quiet.built == 0 and loud.built == 5


def test_a_quiet_move_on_a_copy_carrying_a_list_still_records_nothing():
    st = Counter()
    st._ev = []  # a copy made in the middle of a move, or a test that set it
    st._apply_quiet(Action.make(0, "step"))
    assert st.built == 0 and st._ev is None


def test_emitting_outside_a_move_records_nothing():
    st = Counter()
    st.emit("stepped", lambda: ("never built", {}))
    assert st._ev is None


def test_the_quiet_move_is_still_checked():
    st = Counter()
    for _ in range(10):
        st.apply(Action.make(0, "step"), quiet=True)
    with pytest.raises(Exception, match="game is over"):
        st.apply(Action.make(0, "step"), quiet=True)


def test_a_game_written_on_apply_gets_a_quiet_form_that_drops_its_events():
    st = OldStyle()
    assert st.apply(Action.make(0, "step")) == [Event("stepped", "A step.", {"step": 1})]
    assert st.apply(Action.make(0, "step"), quiet=True) == []
    st._apply_quiet(Action.make(0, "step"))
    assert st.steps == 3


def test_a_game_with_neither_play_nor_apply_says_so():
    class Nothing(Counter):
        _play = GameState._play

    with pytest.raises(NotImplementedError, match="neither _play nor _apply"):
        Nothing().apply(Action.make(0, "step"))


# --- declarations -----------------------------------------------------------------------------
DECLARED = declare(
    {
        "die_rolled": "die value galley total | die value player tile",
        "moved": "from to reason?",
        "over": "",
    }
)


def test_a_declaration_reads_fields_optional_fields_and_shapes():
    assert DECLARED["moved"].shapes == (
        EventShape(frozenset({"from", "to"}), frozenset({"reason"})),
    )
    assert DECLARED["over"].shapes == (EventShape(frozenset()),)
    assert len(DECLARED["die_rolled"].shapes) == 2
    assert DECLARED["die_rolled"].fields == {"die", "value", "galley", "total", "player", "tile"}
    assert str(DECLARED["moved"]) == "moved: from to reason?"


@pytest.mark.parametrize(
    ("event", "fits"),
    [
        (Event("moved", "", {"from": 1, "to": 2}), True),
        (Event("moved", "", {"from": 1, "to": 2, "reason": "gaze"}), True),
        (Event("moved", "", {"from": 1}), False),  # a required field missing
        (Event("moved", "", {"from": 1, "to": 2, "roll": 3}), False),  # a field not declared
        (Event("die_rolled", "", {"die": "a", "value": 1, "galley": 0, "total": 1}), True),
        (Event("die_rolled", "", {"die": "p", "value": 1, "player": 0, "tile": "x"}), True),
        (Event("die_rolled", "", {"die": "a", "value": 1, "galley": 0, "tile": "x"}), False),
        (Event("over", "", {}), True),
        (Event("over", "", {"who": 1}), False),
        (Event("flooded", "", {}), False),  # a kind not declared
    ],
)
def test_an_event_fits_its_kind_exactly_in_one_of_its_shapes(event, fits):
    assert (undeclared(DECLARED, event) is None) is fits


def test_what_an_undeclared_event_is_told():
    assert undeclared(DECLARED, Event("flooded", "")) == "event kind 'flooded' is not declared"
    why = undeclared(DECLARED, Event("moved", "", {"from": 1, "roll": 3}))
    assert why == "event 'moved' carries from roll; declared: from to reason?"


@pytest.mark.parametrize(
    "table",
    [{"x": "a a"}, {"x": "a b?  b"}, {"x": "a-b"}, {"x": ["a"]}, {"": "a"}],
)
def test_a_malformed_declaration_is_refused(table):
    with pytest.raises(ValueError):
        declare(table)


def test_every_registered_game_declares_its_events_and_never_the_sessions():
    for spec in registry.games():
        if not spec.new_game.__module__.startswith("game."):
            continue
        assert spec.events, spec.game_id
        assert not spec.events.keys() & SESSION_EVENTS.keys(), spec.game_id


def test_the_sessions_undo_is_declared():
    undo = Event("undo", "Ann takes back a move.", {"player": 0, "action": {"kind": "x"}})
    assert undeclared(SESSION_EVENTS, undo) is None


# --- the rules' event functions ---------------------------------------------------------------
def _event_functions_closing_over_locals() -> list[str]:
    """Every ``emit(kind, lambda ...: ...)`` in the engines whose lambda reads a name of the rule
    around it instead of taking it as a default (``lambda st=st, p=p: ...``)."""
    import ast
    import builtins
    from pathlib import Path

    from game import GAMES

    root = Path(__file__).resolve().parents[2] / "game"
    found = []
    for game in GAMES:
        for path in sorted((root / game).rglob("*.py")):
            tree = ast.parse(path.read_text())
            module = set(dir(builtins))
            for node in tree.body:
                if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
                    module.add(node.name)
                elif isinstance(node, (ast.Import, ast.ImportFrom)):
                    module.update((a.asname or a.name).split(".")[0] for a in node.names)
                elif isinstance(node, (ast.Assign, ast.AnnAssign)):
                    targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                    for t in targets:
                        module.update(x.id for x in ast.walk(t) if isinstance(x, ast.Name))
            for node in ast.walk(tree):
                if not (
                    isinstance(node, ast.Call)
                    and isinstance(node.func, ast.Attribute)
                    and node.func.attr == "emit"
                    and len(node.args) > 1
                    and isinstance(node.args[1], ast.Lambda)
                ):
                    continue
                lam = node.args[1]
                bound = {a.arg for a in lam.args.args} | module
                for x in ast.walk(lam.body):
                    if isinstance(x, ast.comprehension):
                        bound.update(y.id for y in ast.walk(x.target) if isinstance(y, ast.Name))
                free = {
                    x.id
                    for x in ast.walk(lam.body)
                    if isinstance(x, ast.Name) and isinstance(x.ctx, ast.Load) and x.id not in bound
                }
                if free:
                    where = path.relative_to(root.parent)
                    found.append(f"{where}:{node.lineno} reads {', '.join(sorted(free))}")
    return found


def test_the_rules_event_functions_take_their_values_as_defaults():
    """A closure would make the values cells of the rule's function, paid on every call of the
    rule even when nothing is recorded (see ``GameState.emit``)."""
    assert _event_functions_closing_over_locals() == []
