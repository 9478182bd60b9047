"""The engine plays exactly the games it played before the speed work (tests/guards/golden.py).

The file was re-recorded when the card's action became two decisions (the kind, then the
destination): same seats, options and seeds, full action logs for the same five games, final
digests; a one-step game cannot replay on a two-step engine.

Each recorded game is replayed with the same seeded random picker: every decision, every legal
action list in order, every chosen action and event, the snapshot, clones, views and a
determinized world at checkpoints, and the final state must hash as recorded. Games with a
stored action log are also replayed through ``apply`` from that log alone.
"""

from __future__ import annotations

import json

import pytest

from tests.guards import golden

RECORDED = json.loads(golden.DATA.read_text(encoding="utf-8"))["games"]


def _label(g: dict) -> str:
    return f"{g['seats']}seats-seed{g['seed']}-" + "-".join(
        f"{k}={v}" for k, v in g["options"].items()
    )


def test_the_recorded_games_are_the_listed_games():
    assert [(g["seats"], g["options"], g["seed"]) for g in RECORDED] == [
        (n, opts, seed) for n, opts, seed in golden.GAMES
    ]
    assert {i for i, g in enumerate(RECORDED) if "log" in g} == golden.LOGGED
    how = {g["win_how"] for g in RECORDED}
    assert {"round limit", "throne", "towers"} <= how, "the games cover every way a game ends"


@pytest.mark.parametrize("want", RECORDED, ids=_label)
def test_a_seeded_random_game_plays_exactly_as_recorded(want):
    got = golden.play(want["seats"], want["options"], want["seed"])
    for (at, run, check), (at2, run2, check2) in zip(
        want["checkpoints"], got["checkpoints"], strict=False
    ):
        assert at == at2
        assert run2 == run, f"the game took another turn before action {at}"
        assert check2 == check, f"snapshot, clone, a view or a world differs at action {at}"
    for key in ("actions", "rounds", "winner", "win_how", "steps_sha256", "final_state_sha256"):
        assert got[key] == want[key], key
    if "log" in want:
        assert got["log"] == want["log"]


@pytest.mark.parametrize("want", [g for g in RECORDED if "log" in g], ids=_label)
def test_the_recorded_action_log_replays_to_the_recorded_state(want):
    final = golden.replay(want["log"], want["seats"], want["options"], want["seed"])
    assert final == want["final_state_sha256"]
