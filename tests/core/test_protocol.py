"""The engine protocol's value types behave as saves and the UI rely on."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.core.protocol import Action, Event, OptionSpec

scalars = st.one_of(st.integers(-(10**9), 10**9), st.text(max_size=8), st.booleans(), st.none())
values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4), max_leaves=8)
keys = st.text(alphabet="abcdefghij_", min_size=1, max_size=6).filter(
    lambda k: k not in ("player", "kind")
)


@given(
    st.integers(0, 9), st.text(min_size=1, max_size=10), st.dictionaries(keys, values, max_size=4)
)
def test_action_survives_a_json_round_trip(player, kind, args):
    action = Action.make(player, kind, **args)
    again = Action.from_json(json.loads(json.dumps(action.to_json())))
    assert again == action
    assert hash(again) == hash(action)


def test_argument_order_does_not_matter():
    assert Action.make(0, "place", tile=3, courage=True) == Action.make(
        0, "place", courage=True, tile=3
    )


@pytest.mark.parametrize("bad", [1.5, {"a": 1}, object()])
def test_actions_refuse_values_that_would_not_replay_exactly(bad):
    with pytest.raises(TypeError):
        Action.make(0, "x", v=bad)


@pytest.mark.parametrize(
    "raw", [[], "place", {"kind": "place"}, {"player": "0", "kind": "place"}, {"player": 0}]
)
def test_malformed_json_actions_are_refused_clearly(raw):
    with pytest.raises(ValueError):
        Action.from_json(raw)


def test_private_events_are_only_visible_to_their_seats():
    public = Event("die", "A 4 is rolled.")
    private = Event("card", "You draw a card.", to=(2,))
    assert public.visible_to(None) and public.visible_to(1)
    assert private.visible_to(2)
    assert not private.visible_to(1) and not private.visible_to(None)


def test_option_specs_validate_values():
    single = OptionSpec("difficulty", "Difficulty", ("easy", "normal"), "normal")
    assert single.parse("easy") == "easy"
    with pytest.raises(ValueError, match="not one of"):
        single.parse("cosmic")
    multi = OptionSpec("monsters", "Monsters", ("none", "a", "b"), "none", multi=True)
    assert multi.parse("a,b") == "a,b"
    assert multi.parse("none") == "none"
    with pytest.raises(ValueError):
        multi.parse("a,c")
