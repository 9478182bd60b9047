"""Hidden cards, determinizing, snapshots, replays and refusals of illegal actions."""

from __future__ import annotations

import json
import random

import pytest

from game.core.hidden import HIDDEN
from game.core.protocol import Action, IllegalAction
from game.guards.setup import new_game
from tests.guards.helpers import commit, duel, game, random_action, scene, stand_ins, to_play, use
from tests.snapshots import round_trip

A, B = 0, 1


def four():
    st = game(4, seed=5)
    to_play(st, picks={0: "arien", 1: "brogan", 2: "dodger", 3: "wasp"})
    return st


def test_a_committed_card_is_hidden_from_every_other_seat_teammates_too_until_the_reveal():
    with stand_ins():
        st = four()
        st.apply(Action.make(0, "play", cards=("red",)))
        mate = next(s for s in range(4) if s != 0 and st.seat_team[s] == st.seat_team[0])
        for viewer in (1, 2, 3, None):
            v = st.view(viewer)
            assert v.commit[0] == HIDDEN
            assert v.hand[0] == st.hand[0]  # the hand still shows the card: it gives nothing away
            assert "red" not in json.dumps(v.to_json()["commit"])
        assert st.view(0).commit[0] == "red"
        assert st.view(mate).commit[0] == HIDDEN
        for s in (1, 2, 3):
            st.apply(Action.make(s, "play", cards=(st.hand[st.seat_heroes[s][0]][0],)))
        assert st.view(1).commit[0] == "red"  # revealed: everyone sees it


def test_determinize_fills_hidden_cards_from_that_heros_hand_and_the_world_plays_on():
    with stand_ins():
        st = four()
        st.apply(Action.make(0, "play", cards=("blue",)))
        v = st.view(1)
        seen = set()
        for seed in range(30):
            w = v.determinize(random.Random(seed))
            assert w.commit[0] in st.hand[0]
            seen.add(w.commit[0])
            assert w.legal_actions(1)
        assert len(seen) > 1


def test_observe_hides_which_card_another_seat_played():
    st = duel()
    a = Action.make(0, "play", cards=("red",))
    b = Action.make(0, "play", cards=("gold",))
    assert st.observe(a, 1) == st.observe(b, 1)
    assert st.observe(a, 0) != st.observe(b, 0)


def snapshot_points():
    """States in the middle of everything: a choice of a card, a pending defense, levelling."""
    st = scene((5, 0), (12, 0))
    use(st, A, "arien_blue1")
    yield st  # a teleport destination to choose
    st = scene((5, 0), (6, 0))
    use(st, A, "arien_gold")
    yield st  # Brogan must defend
    with stand_ins():
        st = new_game(4, {"board": "tiny", "selection": "draft"}, 3)
        yield st
        rng = random.Random(3)
        for _ in range(300):
            if st.decision() is None:
                break
            st.apply(random_action(st, rng))
        yield st


def test_a_snapshot_through_json_rebuilds_the_same_state():
    # random games check every game's snapshots (tests/core/test_conformance.py); these are
    # positions they seldom reach, with stand-in heroes
    for i, st in enumerate(snapshot_points()):
        round_trip(st, random.Random(i))


def test_replaying_the_actions_from_the_seed_reproduces_the_state():
    with stand_ins():
        st = new_game(5, {"board": "tiny", "selection": "limited"}, 11)
        log = []
        rng = random.Random(11)
        while st.decision() is not None and len(log) < 2000:
            a = random_action(st, rng)
            log.append(Action.from_json(json.loads(json.dumps(a.to_json()))))
            st.apply(a)
        again = new_game(5, {"board": "tiny", "selection": "limited"}, 11)
        for a in log:
            again.apply(a)
        assert again.fingerprint() == st.fingerprint()


def refused(st, action, words):
    before = st.fingerprint()
    with pytest.raises(IllegalAction, match=words):
        st.apply(action)
    assert st.fingerprint() == before


def test_illegal_actions_are_refused_with_a_clear_reason_and_the_state_unchanged():
    st = duel()
    refused(st, Action.make(0, "play", cards=("purple",)), "no 'purple' card")
    refused(st, Action.make(0, "play", cards=("red", "blue")), "one card per hero")
    refused(st, Action.make(0, "move", to=(1, 1)), "waits for the face-down cards")
    refused(st, Action.make(7, "play", cards=("red",)), "players 0 to 1")
    st.apply(Action.make(0, "play", cards=("gold",)))
    refused(st, Action.make(0, "play", cards=("red",)), "not Player 1's decision")
    st2 = scene((5, 0), (6, 0))
    use(st2, A, "arien_gold")
    refused(st2, Action.make(1, "defend", card="black"), "Hold card can never be discarded")
    refused(st2, Action.make(1, "defend", card="gold"), "cannot be discarded to defend")
    refused(st2, Action.make(0, "defend", card="red"), "not Player 1's decision")
    st3 = scene((5, 0), (12, 0))
    from tests.guards.helpers import commit

    commit(st3, {A: "gold"})
    refused(st3, Action.make(0, "move", to=(9, 0)), "move to \\(9, 0\\) cannot be reached")
    refused(st3, Action.make(0, "move", to=(5, 0)), "choose to move first")  # two steps
    refused(st3, Action.make(0, "act", what="jump"), "what=move or what=fast")
    st3.apply(Action.make(0, "act", what="move"))
    refused(st3, Action.make(0, "move", to=(9, 0)), "move to \\(9, 0\\) cannot be reached")
    refused(
        st3,
        Action.make(0, "fast", to=(9, 0)),
        "move was chosen for this card: fast travel is not possible",
    )
    refused(st3, Action(0, "primary"), "waits for where to move")
    st4 = scene((1, 0), (12, 0))
    commit(st4, {A: "gold"})
    refused(st4, Action.make(0, "fast", to=(12, 0)), "fast travel to \\(12, 0\\) cannot be reached")
    st5 = st4.clone()
    st4.apply(Action.make(0, "act", what="move"))
    refused(st4, Action(0, "move", (("to", (True, 0)),)), "wrong type")
    st5.apply(Action.make(0, "act", what="fast"))
    refused(st5, Action.make(0, "fast", to=(12, 0)), "fast travel to \\(12, 0\\) cannot be reached")
    refused(st5, Action.make(0, "act", what="move"), "act is not possible now")  # no way back


def test_a_pick_of_a_taken_hero_is_refused():
    st = new_game(2, {"board": "tiny"}, 0)
    seat = st.decision().players[0]
    st.apply(Action.make(seat, "pick", hero="arien"))
    other = st.decision().players[0]
    refused(st, Action.make(other, "pick", hero="arien"), "cannot be chosen now")


def test_the_registered_game_starts_from_seats_and_is_offered_in_the_menus():
    from game.core import registry
    from game.core.saves import Seat

    spec = registry.get("guards")
    assert spec.seated and spec.hidden_information and spec.team_names == ("Titans", "Atlanteans")
    assert spec.default_teams(5) == [0, 1, 0, 1, 0]
    seats = [Seat("Ann", team=0), Seat("Bo", team=1)]
    st = spec.new_game(seats, {**spec.default_options(), "board": "tiny"}, 1)
    assert st.player_name(0) == "Ann" and st.decision().kind == "pick"
    from scenes import boards

    assert "guards" in [g.game_id for g in boards.playable_games()]
    assert boards.why_not_playable("guards") is None


def test_uneven_teams_are_refused():
    from game.core.saves import Seat

    seats = [Seat("a", team=0), Seat("b", team=0), Seat("c", team=0), Seat("d", team=1)]
    with pytest.raises(ValueError, match="teams must be even"):
        new_game(seats, {"board": "tiny"}, 0)


def test_a_view_is_itself_playable_without_determinizing():
    st = duel()
    st.apply(Action.make(0, "play", cards=("red",)))
    v = st.view(1)
    assert v.commit[0] == HIDDEN
    v.apply(v.legal_actions(1)[0])  # the reveal happens in the view's own canonical world
    assert v.commit[0] in st.hand[0] and v.decision() is not None


def test_a_move_built_in_code_with_a_list_or_a_dict_is_refused_and_changes_nothing():
    """``Action(...)`` takes any value: ``what=[...]`` used to crash the refusal's explanation
    (a list is not hashable) with a TypeError instead of an IllegalAction."""
    st = scene((1, 0), (12, 0))
    commit(st, {A: "gold"})
    assert st.decision().kind == "act"
    refused(st, Action(0, "act", (("what", ["move"]),)), "what=\\['move'\\], a list")
    refused(st, Action(0, "act", (("what", {"move": 1}),)), "a dict")
    refused(st, Action(0, "act", (("what", 10**5000),)), "a number larger than any move")
    refused(st, Action.make(0, "act", what=["move"]), "what=move or what=fast")  # a tuple now
    refused(st, Action(0, "move", (("to", [12, 0]),)), "to=\\[12, 0\\], a list")
    refused(st, Action(0, "act", [("what", "move")]), "tuple of \\(name, value\\) pairs")
    refused(st, Action(["me"], "act", (("what", "move"),)), "players 0 to 1")
    st.apply(Action.make(0, "act", what="move"))  # the move itself still plays
    st2 = duel()
    refused(st2, Action(0, "play", (("cards", ["gold"]),)), "cards=\\['gold'\\], a list")
    refused(st2, Action(0, "play", (("cards", ("gold", [1])),)), "a list")
