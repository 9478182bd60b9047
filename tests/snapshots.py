"""The snapshot contract, written once: the conformance suite checks it on random games of
every registered game, and a game's own tests on the positions random play seldom reaches."""

from __future__ import annotations

import json
import random

from game.core.protocol import GameState
from game.core.schema import DeclaredState
from tools.replay_digest import state_fields

#: moves played on both the state and its restored snapshot
PLAY_ON = 6


def round_trip(st: GameState, rng: random.Random, play_on: int = PLAY_ON) -> GameState:
    """Check that ``st`` through JSON text and back (``to_json``, ``json.dumps``/``loads``,
    ``from_json``) is the same state, field by field, and plays on exactly as ``st`` does: the
    same decisions and moves offered, the same events, states and random draws. ``st`` itself
    is left as it was; returns the restored state."""
    if isinstance(st, DeclaredState):
        undeclared = set(vars(st)) - st.SCHEMA.attributes()
        assert not undeclared, f"attributes not in {type(st).__name__}.SCHEMA: {undeclared}"
    text = json.dumps(st.to_json())
    back = type(st).from_json(json.loads(text))
    assert type(back) is type(st)
    assert back.fingerprint() == st.fingerprint(), "a snapshot restores another fingerprint"
    assert json.dumps(back.to_json()) == text, "a restored snapshot writes another snapshot"
    original, again = st.clone(), back.clone()  # the game itself goes on undisturbed
    assert state_fields(again) == state_fields(original), "a snapshot restores other fields"
    for _ in range(play_on):
        dec = original.decision()
        assert again.decision() == dec
        if dec is None:
            break
        legal = {p: original.legal_actions(p) for p in dec.players}
        assert {p: again.legal_actions(p) for p in dec.players} == legal
        movers = [p for p in dec.players if legal[p]]
        action = rng.choice(legal[rng.choice(movers)])
        assert again.apply(action) == original.apply(action), "a snapshot tells another story"
        assert again.fingerprint() == original.fingerprint()
    assert state_fields(again) == state_fields(original), "a snapshot plays on to other fields"
    return back
