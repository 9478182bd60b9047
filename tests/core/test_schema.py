"""game.core.schema: what one declaration of a state's fields gives (clone, fingerprint,
snapshot, the shared generator), on a small state of its own; the three games are checked
through the protocol in test_conformance.py."""

from __future__ import annotations

import json
import random

import pytest

from game.core.protocol import Action, Decision, Event
from game.core.schema import COPY, SHARE, Codec, DeclaredState, Reset, Schema, freeze, thaw


class Box:
    """A value that is no plain data (as Finding's ocean is)."""

    def __init__(self, cells: frozenset[int]) -> None:
        self.cells = cells


BOX = Codec(
    lambda b: sorted(b.cells),
    lambda data: Box(frozenset(data)),
    key=lambda b: tuple(sorted(b.cells)),
)


class Tiny(DeclaredState):
    game_id = "tiny-schema"
    SCHEMA = Schema(
        scalars=("n", "pair", "box"),
        lists=("deck",),
        tables=("hands",),
        dicts=("marks", "maybe"),
        caches={"_memo": SHARE, "_seen": COPY, "_ev": Reset([]), "_offer": Reset(None)},
        codecs={"box": BOX},
    )

    def __init__(self) -> None:
        self.rng = random.Random(0)
        self._seen: dict[int, int] = {}
        self._ev: list[Event] = []
        self._offer = None

    @classmethod
    def new(cls) -> Tiny:
        st = cls()
        st.n, st.pair, st.box = 2, (1, (2, 3)), Box(frozenset({4, 1}))
        st.options = {"b": "2", "a": "1"}
        st.deck = [3, 1, 2]
        st.hands = [[1, 2], [(5, 6)]]
        st.marks = {"x": (1, 2)}
        st.maybe = None
        st._memo = {"kept": 1}
        st._seen = {1: 1}
        st._offer = "offered"
        st.rng = random.Random(7)
        return st

    @property
    def num_players(self) -> int:
        return self.n

    def decision(self) -> Decision | None:
        return Decision((0,), "draw") if self.deck else None

    def legal_actions(self, player: int) -> list[Action]:
        return [Action.make(0, "draw")] if self.deck and player == 0 else []

    def _apply(self, action: Action) -> list[Event]:
        card = self.deck.pop(self.rng.randrange(len(self.deck)))
        self.hands[0].append(card)
        return [Event("drew", f"drew {card}")]

    def returns(self) -> list[float]:
        return [0.0] * self.n


def test_a_clone_copies_each_field_as_declared():
    st = Tiny.new()
    c = st.clone()
    assert type(c) is Tiny and c.fingerprint() == st.fingerprint()
    assert c.pair is st.pair and c.box is st.box and c.options is st.options  # shared
    assert c.deck == st.deck and c.deck is not st.deck  # one level
    assert c.hands == st.hands and c.hands is not st.hands
    assert all(a is not b for a, b in zip(c.hands, st.hands, strict=True))  # two levels
    assert c.hands[1][0] is st.hands[1][0]  # immutable items stay shared
    assert c.marks == st.marks and c.marks is not st.marks and c.maybe is None
    assert c._memo is st._memo  # SHARE
    assert c._seen == st._seen and c._seen is not st._seen  # COPY
    assert c._ev == [] and c._ev is not st._ev and c._offer is None  # Reset
    c.deck.append(9)
    c.hands[0].append(9)
    c.marks["y"] = 1
    assert st.deck == [3, 1, 2] and st.hands[0] == [1, 2] and "y" not in st.marks


def test_the_fingerprint_is_scalars_lists_then_one_item_per_other_field():
    st = Tiny.new()
    assert st.fingerprint() == (
        (2, (1, (2, 3)), (1, 4)),
        ((3, 1, 2),),
        (("a", "1"), ("b", "2")),
        ((1, 2), ((5, 6),)),
        (("x", (1, 2)),),
        None,
    )


def test_a_clone_shares_the_generator_until_one_side_draws():
    st = Tiny.new()
    c = st.clone()
    assert c.__dict__["_rng"] is st.__dict__["_rng"]
    first = [c.rng.random() for _ in range(3)]  # the clone takes its own copy first
    assert [st.rng.random() for _ in range(3)] == first  # the original was not advanced
    d = st.clone()
    d.rng = random.Random(1)  # replaced: nothing was copied
    assert st.__dict__["_rng_shared"] and st.rng.random() == c.rng.random()


def test_a_snapshot_goes_through_json_text_and_plays_on_alike():
    st = Tiny.new()
    st.maybe = {"k": (1, (2,))}
    st.apply(Action.make(0, "draw"))
    data = json.loads(json.dumps(st.to_json()))
    assert (
        data["box"] == [1, 4] and data["pair"] == [1, [2, 3]] and data["maybe"] == {"k": [1, [2]]}
    )
    back = Tiny.from_json(data)
    assert back.fingerprint() == st.fingerprint()
    assert back.pair == (1, (2, 3)) and back.hands[1] == [(5, 6)]
    assert back._ev == [] and back._offer is None and back._seen == {}
    assert back.apply(Action.make(0, "draw")) == st.apply(Action.make(0, "draw"))
    assert back.fingerprint() == st.fingerprint()


def test_thaw_and_freeze_turn_tuples_into_lists_and_back_all_the_way_down():
    value = (1, ("a", (None, True)), ())
    assert thaw(value) == [1, ["a", [None, True]], []]
    assert freeze(json.loads(json.dumps(thaw(value)))) == value


@pytest.mark.parametrize(
    ("kwargs", "why"),
    [
        ({"scalars": ("a",), "lists": ("a",)}, "declared twice"),
        ({"scalars": ("_a",)}, "public attribute"),
        ({"caches": {"a": SHARE}}, "private attribute"),
        ({"caches": {"_a": "keep"}}, "SHARE, COPY or Reset"),
        ({"caches": {"_a": Reset([1])}}, "resets to None or an empty"),
        ({"codecs": {"b": BOX}}, "undeclared"),
    ],
)
def test_a_declaration_that_cannot_work_is_refused(kwargs, why):
    with pytest.raises(ValueError, match=why):
        Schema(**kwargs)


def test_views_start_from_random_0_and_one_drawing_leaves_the_others_alone():
    st = Tiny.new()
    a, b = st.view(0), st.view(None)
    assert a.rng.random() == random.Random(0).random()
    assert b.rng.getstate() == random.Random(0).getstate()
    assert st.rng.getstate() == Tiny.new().rng.getstate()
