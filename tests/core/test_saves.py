"""Event-sourced saves: exact replay, and a clear refusal for every kind of bad file."""

from __future__ import annotations

import json
import random

import pytest
import toygame

from game.core import storage
from game.core.protocol import Action, IllegalAction
from game.core.saves import FORMAT_VERSION, GameRecord, SaveError, Seat, load_and_replay

toygame.install()


def _played_record(seed: int = 7, moves: int = 25) -> tuple[GameRecord, object]:
    record = GameRecord("toy", {"rounds": "6"}, seed, [Seat("Ana"), Seat("Bot", "bot", "easy")])
    state = record.new_state()
    pick = random.Random(seed)
    for _ in range(moves):
        dec = state.decision()
        if dec is None:
            break
        action = pick.choice(state.legal_actions(dec.players[0]))
        state.apply(action)
        record.actions.append(action)
    return record, state


def test_a_saved_game_replays_to_the_same_state():
    record, state = _played_record()
    storage.write_save(record, "slot one")
    loaded = storage.read_save(storage.save_path("slot one"))
    assert loaded.to_json() == record.to_json()
    assert loaded.replay().fingerprint() == state.fingerprint()


def test_replaying_a_prefix_gives_the_earlier_state():
    record, _ = _played_record(moves=10)
    state = record.new_state()
    for action in record.actions[:4]:
        state.apply(action)
    assert record.replay(upto=4).fingerprint() == state.fingerprint()


def test_an_illegal_action_leaves_the_state_unchanged():
    record, state = _played_record(moves=3)
    before = state.fingerprint()
    mover = state.decision().players[0]
    for action in (Action(mover, "teleport"), Action(mover + 5, "pass")):
        with pytest.raises(IllegalAction):
            state.apply(action)
        assert state.fingerprint() == before


def _good_json() -> dict:
    return _played_record(moves=6)[0].to_json()


def _with(**changes) -> str:
    data = _good_json()
    data.update(changes)
    return json.dumps(data)


BAD_FILES = {
    "empty": ("", "damaged or truncated"),
    "truncated": (json.dumps(_good_json())[:-40], "damaged or truncated"),
    "binary noise": ("\x00\x01garbage", "damaged or truncated"),
    "a JSON list": ("[1, 2, 3]", "not a JSON object"),
    "someone else's JSON": (json.dumps({"name": "x"}), "not an Atlantis Tabletop save"),
    "a newer version": (_with(format_version=FORMAT_VERSION + 1), "newer version"),
    "no version": (_with(format_version=None), "format version"),
    "an unknown game": (_with(game="chess"), "does not have"),
    "no seed": (_with(seed="abc"), "seed"),
    "unknown option": (_with(options={"speed": "fast"}), "options"),
    "no players": (_with(players=[]), "no players"),
    "too many players": (_with(players=[{"name": str(i)} for i in range(9)]), "cannot seat"),
    "a nameless seat": (_with(players=[{"kind": "human"}, {"name": "b"}]), "no name"),
    "no move list": (_with(actions="many"), "moves"),
    "a damaged move": (_with(actions=[{"kind": "bid"}]), "move 1"),
    "a move that does not replay": (
        _with(actions=[{"player": 0, "kind": "teleport"}]),
        "does not replay",
    ),
}


@pytest.mark.parametrize("name", sorted(BAD_FILES))
def test_every_kind_of_bad_save_gets_a_clear_message_and_is_not_touched(name, tmp_path):
    text, expected = BAD_FILES[name]
    path = tmp_path / "bad.json"
    path.write_text(text, encoding="utf-8")
    before = path.read_bytes()
    with pytest.raises(SaveError, match=expected):
        record = storage.read_save(path)
        record.replay()
    with pytest.raises(SaveError):
        load_and_replay(text)
    assert path.read_bytes() == before


def test_a_missing_file_is_reported(tmp_path):
    with pytest.raises(SaveError, match="no save file"):
        storage.read_save(tmp_path / "nope.json")


def test_save_names_cannot_escape_the_saves_folder():
    path = storage.save_path("../../etc/passwd")
    assert path.parent == storage.saves_dir()


def test_saves_are_listed_newest_first():
    record, _ = _played_record(moves=2)
    storage.write_save(record, "a")
    storage.write_save(record, "b")
    names = [p.stem for p in storage.list_saves()]
    assert set(names) == {"a", "b"}


@pytest.mark.parametrize(
    "text",
    [
        "{ damaged",
        json.dumps({"app": "atlantis-tabletop", "format_version": FORMAT_VERSION + 1}),
    ],
    ids=["damaged", "newer-version"],
)
def test_a_save_that_cannot_be_read_is_moved_aside_never_overwritten(text):
    path = storage.save_path(storage.AUTOSAVE)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    record, _ = _played_record(moves=3)
    assert storage.write_save(record) == path
    assert storage.read_save(path).to_json() == record.to_json()
    aside = [p for p in storage.list_saves() if p != path]
    assert len(aside) == 1 and aside[0].name.startswith("autosave.unreadable-")
    assert aside[0].read_text(encoding="utf-8") == text  # still listed, byte for byte
    with pytest.raises(SaveError):
        storage.read_save(aside[0])
    storage.write_save(record)  # a readable save of our own is simply replaced
    assert len(storage.list_saves()) == 2


def test_two_unreadable_saves_set_aside_in_the_same_second_both_survive():
    path = storage.save_path("slot")
    record, _ = _played_record(moves=1)
    for text in ("{ one", "{ two"):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        storage.write_save(record, "slot")
    kept = sorted(p.read_text() for p in storage.list_saves() if p != path)
    assert kept == ["{ one", "{ two"]


def test_replay_can_collect_the_events_of_every_move():
    record, state = _played_record(moves=25)
    events: list = []
    again = record.replay(events=events)
    assert again.fingerprint() == state.fingerprint()
    expected: list = []
    fresh = record.new_state()
    for action in record.actions:
        expected.extend(fresh.apply(action))
    assert [(e.kind, e.text) for e in events] == [(e.kind, e.text) for e in expected]
    assert events
