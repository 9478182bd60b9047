"""The messages: what a browser may send is checked for shape; what a seat is sent comes from
its view and its legal actions."""

from __future__ import annotations

import json

import pytest

from game.core import registry
from game.core.saves import Seat
from remote import games, messages


@pytest.mark.parametrize(
    "text, why",
    [
        ("not json", "not JSON"),
        ("[1, 2]", "a JSON object"),
        ('{"t": "shout"}', "only hello, join and act"),
        ('{"t": "act", "version": 1}', "needs id as int"),
        ('{"t": "act", "version": 1, "id": true}', "needs id as int"),
        ('{"t": "act", "version": 1.0, "id": 0}', "needs version as int"),
        ('{"t": "act", "version": 1, "id": 0, "seat": 3}', "no field 'seat'"),
        ('{"t": "hello", "secret": "x"}', "needs device as str"),
        ('{"t": "join", "code": "' + "A" * 101 + '", "device": "d"}', "too long"),
        ('{"t": "hello", "secret": "' + "x" * 3000 + '"}', "far longer"),
    ],
)
def test_a_malformed_message_is_refused_with_its_reason(text: str, why: str) -> None:
    with pytest.raises(messages.BadMessage, match=why):
        messages.parse(text)


def test_well_formed_messages_pass() -> None:
    assert messages.parse('{"t": "act", "version": 3, "id": 0}') == {
        "t": "act",
        "version": 3,
        "id": 0,
    }
    assert messages.parse('{"t":"join","code":"ab12","device":"d"}')["code"] == "ab12"
    with pytest.raises(messages.BadMessage, match="binary"):
        messages.parse(b'{"t": "act"}')


def _guards(seed: int = 3):
    spec = registry.get("guards")
    seats = [Seat(n, "human") for n in ("Ann", "Bob", "Cy", "Di")]
    return spec.create(seats, spec.parse_options({}), seed)


def test_the_seat_deciding_gets_its_legal_actions_in_order_with_words() -> None:
    state = _guards()
    seat = state.decision().players[0]
    message, actions = messages.seat_message(state, seat, "Ann", 4)
    assert actions == state.legal_actions(seat)
    assert [row["id"] for row in message["legal"]] == list(range(len(actions)))
    assert [row["kind"] for row in message["legal"]] == [a.kind for a in actions]
    assert all(row["label"].startswith("Pick ") for row in message["legal"])
    assert message["decision"] == {"kind": "pick", "prompt": state.decision().prompt}
    assert message["version"] == 4 and message["name"] == "Ann" and message["game"] == "guards"
    json.dumps(message)  # JSON as it is
    other = next(p for p in range(4) if p not in state.decision().players)
    quiet, none = messages.seat_message(state, other, "Bob", 4)
    assert quiet["legal"] == [] and quiet["decision"] is None and none == []


def test_every_game_has_a_payload_module_and_its_buttons_have_words() -> None:
    for spec in registry.games():
        if not spec.new_game.__module__.startswith("game."):
            continue  # a toy game another test registered
        module = games.module_for(spec.game_id)
        state = spec.create(spec.default_seats(spec.min_players), spec.default_options(), 1)
        seat = state.decision().players[0]
        message, _ = messages.seat_message(state, seat, "Ann", 1)
        assert message["legal"] and all(row["label"].strip() for row in message["legal"])
        assert module.payload(state.view(seat), seat) == message["payload"]
    assert games.has_page("guards") and not games.has_page("rising")
