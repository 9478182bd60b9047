"""Every damaged file, for every shipped game, as a save, a settings file and statistics:
one clear message, the file left byte for byte as it was, nothing raised but the message."""

from __future__ import annotations

import pytest
from damaged_files import Damage, corpus, good_record, shipped_games, snapshot

from game.core import storage
from game.core.saves import GameRecord, SaveError
from game.core.storage import Settings

CASES = [(g, d) for g in shipped_games() for d in corpus(g)]
ANY_FILE = [d for d in corpus(shipped_games()[0]) if d.any_file]


def _ids(case: tuple[str, Damage]) -> str:
    return f"{case[0]}-{case[1].name}"


def _clear(message: str, damage: Damage) -> None:
    assert message and "\n" not in message and "Traceback" not in message
    assert len(message) < 400
    assert damage.expect in message.lower(), message
    message.encode("utf-8")  # can be drawn and printed


def test_the_corpus_covers_every_shipped_game_and_starts_from_a_good_save(tmp_path):
    assert "rising" in shipped_games()
    for game in shipped_games():
        path = tmp_path / f"{game}.json"
        path.write_text(good_record(game).dumps(), encoding="utf-8")
        assert storage.read_save(path).actions


@pytest.mark.parametrize("case", CASES, ids=[_ids(c) for c in CASES])
def test_a_damaged_save_is_a_clear_message_and_untouched(case, tmp_path):
    _game, damage = case
    path = tmp_path / "bad.json"
    damage.make(path)
    before = snapshot(path)
    with pytest.raises(SaveError) as exc:
        storage.read_save(path)
    _clear(str(exc.value), damage)
    assert snapshot(path) == before


@pytest.mark.parametrize("case", CASES, ids=[_ids(c) for c in CASES])
def test_writing_over_a_damaged_save_keeps_it_aside(case):
    game, damage = case
    path = storage.save_path("slot")
    path.parent.mkdir(parents=True, exist_ok=True)
    damage.make(path)
    before = snapshot(path)
    storage.write_save(good_record(game), "slot")
    assert storage.read_save(path).game == game
    if damage.name == "link to nowhere":  # a link to nothing holds nothing to keep
        return
    (aside,) = storage.saves_dir().glob("slot.unreadable-*.json")
    assert snapshot(aside) == before


@pytest.mark.parametrize("damage", ANY_FILE, ids=str)
def test_damaged_settings_are_set_aside_intact_and_defaults_used(damage):
    path = storage.config_dir() / "settings.json"
    path.parent.mkdir(parents=True)
    damage.make(path)
    before = snapshot(path)
    loaded, problem = Settings.load()
    assert loaded == Settings()
    assert problem is not None
    _clear(problem, damage)
    assert "defaults" in problem
    (aside,) = storage.config_dir().glob("settings.unreadable-*.json")
    assert aside.name in problem
    assert snapshot(aside) == before


@pytest.mark.parametrize("damage", ANY_FILE, ids=str)
def test_damaged_statistics_give_a_message_and_are_kept(damage):
    path = storage.stats_path()
    path.parent.mkdir(parents=True)
    damage.make(path)
    before = snapshot(path)
    stats, problem = storage.read_stats()
    assert stats == {"games": []}
    assert problem is not None
    _clear(problem, damage)
    assert snapshot(path) == before
    problem = storage.record_result("rising", {"won": True})
    assert problem is not None and "kept as" in problem
    assert storage.read_stats() == ({"games": [{"game": "rising", "won": True}]}, None)
    (aside,) = storage.data_dir().glob("stats.unreadable-*.json")
    assert snapshot(aside) == before


def test_a_lone_surrogate_name_never_reaches_a_record():
    text = good_record("rising").dumps().replace('"Seat 1"', '"\\ud800"')
    with pytest.raises(SaveError, match="Unicode"):
        GameRecord.loads(text)


def test_an_unknown_bot_level_is_a_load_error_naming_the_levels():
    text = good_record("rising").dumps().replace('"easy"', '"impossible"')
    with pytest.raises(SaveError, match=r"bot level .*'impossible'.*random, easy, normal, hard"):
        GameRecord.loads(text)


def test_one_player_is_not_written_players():
    data = good_record("rising").to_json()
    data["players"] = data["players"][:1]
    record = None
    try:
        record = GameRecord.from_json(data)
    except SaveError as exc:
        assert "1 player," in str(exc) and "1 players" not in str(exc)
    if record is not None:  # the game seats one: nothing to word
        assert len(record.seats) == 1


def test_the_bots_and_the_saves_know_the_same_levels():
    from ai.base import LEVELS
    from game.core.saves import BOT_LEVELS

    assert LEVELS == BOT_LEVELS
