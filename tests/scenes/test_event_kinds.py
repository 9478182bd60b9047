"""Every event kind a board reacts to (its sounds, animations, log and voice) is one its game
declares (``GameSpec.events``) or the session's own (``SESSION_EVENTS``): a renamed or misspelt
kind on either side fails here instead of going silent on the board."""

from __future__ import annotations

import pytest

from game.core import registry
from game.core.events import SESSION_EVENTS
from scenes.finding import animations as finding_anims
from scenes.finding import sounds as finding_sounds
from scenes.finding import voice_lines as finding_voice
from scenes.guards import log_panel as guards_log
from scenes.rising import event_anims, monster_anims
from scenes.rising import log_panel as rising_log
from scenes.rising import sounds as rising_sounds

#: game -> (where, the kinds it names) for every table of event kinds the boards keep
TABLES = {
    "rising": [
        ("sounds.SOUND_FOR_EVENT", set(rising_sounds.SOUND_FOR_EVENT)),
        ("sounds.SILENT_EVENTS", set(rising_sounds.SILENT_EVENTS)),
        ("event_anims.ANIMATIONS", set(event_anims.ANIMATIONS)),
        ("event_anims.GAIN_TEXT", set(event_anims.GAIN_TEXT)),
        ("event_anims.BARRIER_WORDS", set(event_anims.BARRIER_WORDS)),
        ("monster_anims.MONSTER_BANNERS", set(monster_anims.MONSTER_BANNERS)),
        ("monster_anims.IDLE_WORDS", set(monster_anims.IDLE_WORDS)),
        ("log_panel.LOUD", set(rising_log.LOUD)),
        # the log's own name for an attack the Navy beat off is no event of the engine's
        ("log_panel.GOOD_KINDS", set(rising_log.GOOD_KINDS) - {rising_log.BEATEN_OFF}),
    ],
    "guards": [
        ("log_panel.QUIET", set(guards_log.QUIET)),
    ],
    "finding": [
        # a reading's sound and animation are looked up by its reading, which is its kind
        ("sounds.SOUND_FOR_EVENT", set(finding_sounds.SOUND_FOR_EVENT)),
        ("sounds.SILENT_EVENTS", set(finding_sounds.SILENT_EVENTS)),
        ("animations.ANIM_FOR", set(finding_anims.ANIM_FOR)),
        ("voice.QUIET", set(finding_voice.QUIET)),
        ("voice.HEADS", set(finding_voice.HEADS)),
    ],
}


def _declared(game: str) -> set[str]:
    return set(registry.get(game).events) | set(SESSION_EVENTS)


@pytest.mark.parametrize("game", sorted(TABLES))
def test_every_kind_a_board_names_is_declared(game):
    declared = _declared(game)
    for where, kinds in TABLES[game]:
        assert kinds, f"scenes/{game}/{where} names no kind (has the table moved?)"
        assert kinds <= declared, f"scenes/{game}/{where}: {sorted(kinds - declared)} undeclared"


@pytest.mark.parametrize("game", ["rising", "finding"])
def test_every_declared_kind_is_sounded_or_silent_on_purpose(game):
    sounds = rising_sounds if game == "rising" else finding_sounds
    assert not set(sounds.SOUND_FOR_EVENT) & set(sounds.SILENT_EVENTS)
    listed = set(sounds.SOUND_FOR_EVENT) | set(sounds.SILENT_EVENTS)
    missing = _declared(game) - listed
    assert not missing, f"scenes/{game}/sounds.py lists no sound (nor silence) for {missing}"
