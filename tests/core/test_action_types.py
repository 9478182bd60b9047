"""apply accepts exactly the types the offered actions have: an int is not a float is not a
bool (they compare equal in Python, so equality alone let them in), for every game."""

from __future__ import annotations

import pytest
import toygame
from damaged_files import shipped_games

from game.core import registry
from game.core.protocol import Action, IllegalAction

toygame.install()
GAMES = [*shipped_games(), "toy"]


def _int_move(game_id: str):
    """A state and an offered action with an int argument (found by playing first moves)."""
    spec = registry.get(game_id)
    state = spec.create(max(2, spec.min_players), {}, 3)
    for _ in range(400):
        dec = state.decision()
        assert dec is not None, "the game ended before offering an int argument"
        legal = state.legal_actions(dec.players[0])
        for a in legal:
            for k, v in a.args:
                if type(v) is int:
                    return state, a, k
        state.apply(legal[0])
    raise AssertionError(f"{game_id} never offered a move with an integer argument")


def _with(action: Action, key: str, value) -> Action:
    args = tuple((k, value if k == key else v) for k, v in action.args)
    return Action(action.player, action.kind, args)


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("wrong", ["float", "bool", "text"])
def test_an_argument_of_the_wrong_type_is_refused_and_the_state_unchanged(game_id, wrong):
    state, offered, key = _int_move(game_id)
    value = offered[key]
    bad_value = {"float": float(value), "bool": bool(value), "text": str(value)}[wrong]
    bad = _with(offered, key, bad_value)
    if wrong == "bool" and value not in (0, 1):
        bad = _with(offered, key, True)
    before = state.fingerprint()
    with pytest.raises(IllegalAction):
        state.apply(bad)
    assert state.fingerprint() == before
    state.apply(offered)  # the offered move itself still plays


@pytest.mark.parametrize("game_id", GAMES)
def test_a_player_of_the_wrong_type_or_out_of_range_is_refused(game_id):
    state, offered, _key = _int_move(game_id)
    before = state.fingerprint()
    p = offered.player
    for player in (float(p), bool(p) if p in (0, 1) else True, -1, state.num_players):
        bad = Action(player, offered.kind, offered.args)
        with pytest.raises(IllegalAction) as exc:
            state.apply(bad)
        assert "Player 0" not in str(exc.value)
    assert state.fingerprint() == before


def test_player_minus_one_gets_a_message_that_names_the_real_players():
    state = registry.get("toy").create(3, {}, 1)
    with pytest.raises(IllegalAction, match=r"player -1, but this game has players 0 to 2"):
        state.apply(Action.make(-1, "pass"))
