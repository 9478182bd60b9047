"""Bad input is refused with a message a player understands, and changes nothing."""

from __future__ import annotations

import pytest

from game.core.protocol import Action, IllegalAction
from game.finding.setup import new_game
from tests.finding.helpers import act, c, table


def refused(st, action: Action, *words: str) -> str:
    before = st.fingerprint()
    with pytest.raises(IllegalAction) as exc:
        st.apply(action)
    assert st.fingerprint() == before, "a refused move changed the state"
    msg = str(exc.value)
    for w in words:
        assert w.lower() in msg.lower(), msg
    return msg


def test_a_third_action_in_a_turn():
    st = table()
    act(st, "sonar")
    act(st, "jelly", line="N-S")
    refused(st, Action.make(0, "explore"), "Yellow's turn is over", "two actions", "Red's turn now")


def test_burning_surface():
    refused(
        table(), Action.make(0, "burn", card="surface", direction="N"), "Surface cannot be burned"
    )


def test_burning_an_artifact():
    st = table()
    st.arts[0] = ("trident",)
    refused(st, Action.make(0, "burn", card="trident", direction="N"), "Artifacts cannot be burned")


def test_a_card_already_played():
    st = table()
    act(st, "sonar")
    refused(st, Action.make(0, "sonar"), "Sonar is on your discard pile", "surface")
    refused(st, Action.make(0, "burn", card="sonar", direction="N"), "already played")


def test_solving_without_exploring_an_atlantis_space():
    st = table()
    refused(st, Action.make(0, "solve"), "right after Explore finds an Atlantis space")
    act(st, "explore")  # D4 is a plain seamount
    refused(st, Action.make(0, "solve"), "right after Explore")
    refused(st, Action.make(0, "claim", cell=0), "only after choosing to solve")


def test_moving_off_the_map_by_burn():
    st = table(pos=(c(0, 0), c(3, 3)))
    refused(st, Action.make(0, "burn", card="sonar", direction="N"), "edge of the map")
    refused(st, Action.make(0, "burn", card="sonar", direction="W"), "edge of the map")
    act(st, "burn", card="sonar", direction="E")


def test_a_captain_not_dealt():
    st = new_game(2, {}, 3)
    dealt = st.dealt[0]
    other = next(k for k in ("navy", "diver", "phantom") if k not in dealt)
    msg = refused(st, Action.make(0, "keep", captain=other), "you were dealt", "not one of them")
    assert all(name in msg for name in ("Captain", "not"))


def test_playing_a_captain_you_do_not_have_or_have_used():
    st = table(captains=("navy", "diver"))
    refused(st, Action.make(0, "captain", name="diver", direction="N"), "Your captain is the Navy")
    act(st, "captain", name="navy", line="N-S")
    refused(st, Action.make(0, "captain", name="navy", line="N-S"), "discard pile")


def test_an_artifact_not_held_or_already_used():
    st = table()
    refused(st, Action.make(0, "artifact", name="atlas", cell=0), "You hold no Atlas Shard")
    st.arts[0] = ("atlas",)
    act(st, "artifact", name="atlas", cell=0)
    refused(st, Action.make(0, "artifact", name="atlas", cell=0), "used up")


def test_a_claim_that_does_not_touch_the_named_spaces():
    st = table(pos=(c(1, 1), c(5, 5)))
    act(st, "explore")
    act(st, "solve")
    refused(st, Action.make(0, "claim", cell=c(4, 4)), "must touch")
    refused(st, Action.make(0, "claim", cell=c(1, 1)), "already named")
    refused(st, Action.make(0, "claim", cell=99), "not a space")


def test_a_move_for_the_wrong_seat():
    st = table()
    refused(st, Action.make(1, "sonar"), "not Red's decision", "waiting for Yellow")
    refused(st, Action.make(7, "sonar"), "players 0 to 1")


def test_pirate_cards_outside_pirate_mode_and_unknown_moves():
    st = table()
    refused(st, Action.make(0, "periscope"), "only played in pirate mode")
    refused(st, Action.make(0, "teleport"), "not a move")
    refused(st, Action.make(0, "jelly", line="up"), "does not take those choices")


def test_a_game_that_is_over_takes_no_more_moves():
    st = table(pos=(c(1, 1), c(5, 5)))
    act(st, "explore")
    act(st, "solve")
    for cell in (c(0, 0), c(1, 0), c(2, 1)):
        act(st, "claim", cell=cell)
    refused(st, Action.make(0, "sonar"), "the game is over")


def test_a_move_built_in_code_with_a_list_or_a_dict_is_refused_and_changes_nothing():
    """``Action(...)`` takes any value: ``card=[...]`` used to crash the refusal's explanation
    (a list is not hashable) with a TypeError instead of an IllegalAction."""
    st = table()
    refused(st, Action(0, "burn", (("card", ["sonar"]), ("direction", "N"))), "card=['sonar']")
    refused(st, Action(0, "burn", (("card", "sonar"), ("direction", {"N": 1}))), "a dict")
    refused(st, Action(0, "captain", (("name", ["navy"]),)), "a list")
    refused(st, Action(0, "artifact", (("name", {}),)), "a dict")
    refused(st, Action(0, "claim", (("cell", 10**5000),)), "a number larger than any move")
    refused(st, Action(0, "sonar", (("zz", 1.5),)), "a float")
    refused(st, Action(0, "burn", (("card", "sonar"), ("card", "jelly"))), "'card' twice")
    refused(st, Action([0], "sonar", ()), "players 0 to")
    # Action.make freezes the list into a tuple: a well-formed move, explained by the game
    refused(st, Action.make(0, "burn", card=["sonar"], direction="E"), "no card ('sonar',)")
    act(st, "burn", card="sonar", direction="E")  # the real move still plays
