"""The turn, set-up, the action cards, solving and the round limit, on hand-made maps."""

from __future__ import annotations

from game.core.protocol import Action
from game.finding.cards import hand_cards
from game.finding.facts import NotCity
from game.finding.setup import new_game
from tests.finding.helpers import act, c, entries, kinds, table

HAND = hand_cards(False)


# --- set-up -------------------------------------------------------------------------------
def test_each_seat_is_dealt_two_captains_in_private_and_keeps_one():
    st = new_game(4, {}, 5)
    dealt = [st.dealt[p] for p in range(4)]
    assert all(len(set(d)) == 2 for d in dealt)
    assert len({k for d in dealt for k in d}) == 8  # all eight captains, nobody shares one
    for p in range(4):
        (e,) = [e for e in st.log if e.kind == "dealt" and e.who == p]
        assert e.to == (p,) and e.arg("captains") == dealt[p]
    for p in range(4):
        d = st.decision()
        assert d.kind == "captain" and d.players == (p,) and not d.public
        legal = st.legal_actions(p)
        assert [a["captain"] for a in legal] == list(dealt[p])
        events = st.apply(legal[1])
        kept = [e for e in events if e.kind == "kept"]
        assert kept[0].to == (p,) and st.captain[p] == dealt[p][1]
        public = [e for e in events if e.to is None]
        assert [e.kind for e in public] == ["captain_kept"] and "captain" not in public[0].data
    assert st.phase == "start"


def test_start_spaces_are_public_and_distinct_and_the_first_player_is_announced():
    st = new_game(4, {"size": "8"}, 11)
    starts = entries(st, "start")
    assert [e.who for e in starts] == [0, 1, 2, 3]
    assert all(e.to is None and e.at == st.pos[e.who] for e in starts)
    assert len({e.at for e in starts}) == 4
    (first,) = entries(st, "first")
    assert first.to is None and first.who == st.first


def test_each_seat_makes_one_hidden_starting_move_in_turn_order_then_round_1_begins():
    st = new_game(3, {}, 2)
    st.first = 2
    for p in range(3):
        st.apply(st.legal_actions(p)[0])
    order = []
    while st.phase == "start":
        p = st.decision().players[0]
        order.append(p)
        before = st.pos[p]
        events = st.apply(Action.make(p, "start_move", direction="E"))
        public = [e for e in events if e.to is None]
        assert [e.kind for e in public] == ["move"] + (["turn"] if len(order) == 3 else [])
        assert "direction" not in public[0].data
        private = [e for e in events if e.to == (p,)]
        assert private[0].data["direction"] == "E"
        assert st.pos[p] in (before, before + 1)
    assert order == [2, 0, 1]
    assert st.phase == "play" and st.seat == 2 and st.acts == 2 and st.round == 1


# --- the turn -------------------------------------------------------------------------------
def test_a_turn_is_two_actions_and_then_passes_by_itself():
    st = table()
    act(st, "sonar")
    assert st.seat == 0 and st.acts == 1
    events = act(st, "jelly", line="N-S")
    assert st.seat == 1 and st.acts == 2
    assert "turn" in kinds(events)


def test_free_actions_do_not_count_against_the_two():
    st = table(captains=("smuggler", "navy"))
    act(st, "captain", name="smuggler", direction="N")
    assert st.seat == 0 and st.acts == 2
    act(st, "sonar")
    act(st, "explore")
    assert st.seat == 1


def test_a_played_card_goes_to_the_discard_pile_and_surface_brings_everything_back():
    st = table(captains=("navy", "diver"))
    act(st, "sonar")
    act(st, "captain", name="navy", line="E-W")
    assert "sonar" not in st.hand[0] and not st.cap_ready[0]
    act(st, "sonar", player=1)
    act(st, "silent", player=1, direction="N")
    events = act(st, "surface")
    assert st.hand[0] == HAND and st.cap_ready[0]
    (e,) = [e for e in events if e.kind == "surface"]
    assert e.to is None and e.data["cell"] == st.pos[0] == c(3, 3)


def test_the_round_limit_ends_the_game_with_nobody_winning():
    st = table()
    st.round = st.max_rounds
    act(st, "sonar")
    act(st, "explore")
    act(st, "sonar", player=1)
    events = act(st, "explore", player=1)
    assert st.decision() is None and st.returns() == [0.0, 0.0]
    assert "round_limit" in kinds(events)
    assert (st.max_rounds, new_game(1, {"size": "8"}, 1).max_rounds) == (40, 60)


def test_rounds_count_up_after_the_last_seat_in_turn_order():
    st = table(pos=(c(3, 3), c(0, 5), c(5, 0)), seat=1)
    for p in (1, 2, 0):
        assert st.round == 1 and st.seat == p
        act(st, "sonar")
        act(st, "explore")
    assert st.round == 2 and st.seat == 1


# --- readings on the map ---------------------------------------------------------------------------
def test_sonar_reports_seamount_or_deep_for_the_eight_around_in_compass_order():
    st = table()
    events = act(st, "sonar")
    (e,) = [e for e in events if e.kind == "sonar"]
    s, d = "seamount", "deep"
    assert e.data["result"] == (s, s, s, s, s, s, d, s)
    assert e.to is None and "cell" not in e.data
    assert (e.data["who"], e.data["card"]) == (0, "sonar")


def test_sonar_beyond_the_edge_says_edge_which_tells_you_you_are_on_the_edge():
    st = table(pos=(c(0, 5), c(3, 3)))
    events = act(st, "sonar")
    (e,) = [e for e in events if e.kind == "sonar"]
    assert e.data["result"] == ("seamount", "deep", "deep", "edge", "edge", "edge", "edge", "edge")


def test_jelly_rod_reports_trace_or_nothing_on_both_ends_of_the_line():
    st = table()
    got = {}
    for line in ("N-S", "E-W", "NE-SW", "NW-SE"):
        st.hand[0] = HAND
        st.acts = 2
        (e,) = [e for e in act(st, "jelly", line=line) if e.kind == "jelly"]
        got[line] = e.data["result"]
    assert got["N-S"] == ("nothing", "trace")  # the artifact at D5 is south
    assert got["E-W"] == ("nothing", "nothing")
    assert got["NE-SW"] == ("trace", "nothing")  # the artifact at E3 is north-east
    assert got["NW-SE"] == ("nothing", "nothing")
    st2 = table(pos=(c(0, 0), c(3, 3)))
    (e,) = [e for e in act(st2, "jelly", line="E-W") if e.kind == "jelly"]
    assert e.data["result"] == ("trace", "edge")


def test_explore_names_the_terrain_beneath():
    for cell, terrain in ((c(3, 3), "seamount"), (c(2, 3), "deep"), (c(1, 1), "atlantis")):
        st = table(pos=(cell, c(5, 0)))
        (e,) = [e for e in act(st, "explore") if e.kind == "explore"]
        assert e.data["result"] == (terrain,)
        assert st.phase == ("solve" if terrain == "atlantis" else "play")


def test_exploring_an_artifact_draws_a_card_in_private_and_wakes_a_monster_there():
    st = table(pos=(c(4, 2), c(0, 5)), deck=["sunstone", "trident", "seed"])
    events = act(st, "explore")
    assert st.arts[0] == ("seed",) and st.deck == ["sunstone", "trident"]
    (card,) = [e for e in events if e.kind == "artifact_card"]
    assert card.to == (0,) and card.data["name"] == "seed"
    public = [e for e in events if e.to is None]
    assert {"explore", "draw", "monster_woke"} <= set(kinds(public))
    assert all("name" not in e.data and "cell" not in e.data for e in public)
    assert st.monsters == [c(4, 2)] and st.recovered == [c(4, 2)]


def test_a_recovered_artifact_stays_a_trace_on_a_seamount_and_exploring_again_says_so():
    st = table(pos=(c(4, 2), c(4, 3)), deck=["sunstone", "trident"])
    act(st, "explore")
    act(st, "sonar")  # the monster on E3 does not attack the finder
    assert st.seat == 1
    (e,) = [e for e in act(st, "jelly", line="N-S") if e.kind == "jelly"]
    assert e.data["result"][0] == "trace"
    st.seat, st.acts, st.hand[0] = 0, 2, HAND
    (e,) = [e for e in act(st, "explore") if e.kind == "explore"]
    assert e.data["result"] == ("recovered",) and st.arts[0] == ("trident",)
    assert st.monsters == [c(4, 2)]  # no second card, no second monster


# --- moving -----------------------------------------------------------------------------------------
def test_silent_running_moves_one_space_in_secret_and_long_silent_two():
    st = table()
    events = act(st, "silent", direction="N")
    assert st.pos[0] == c(3, 2)
    public = [e for e in events if e.to is None]
    assert all("direction" not in e.data and "cell" not in e.data for e in public)
    (mine,) = [e for e in events if e.kind == "my_move"]
    assert mine.to == (0,) and mine.data["moved"] == 1 and mine.data["cell"] == c(3, 2)
    act(st, "long_silent", direction="W")
    assert st.pos[0] == c(1, 2)


def test_the_edge_ends_a_secret_move_early_and_only_the_mover_learns_how_far_it_went():
    st = table(pos=(c(1, 0), c(3, 3)))
    events = act(st, "long_silent", direction="N")
    assert st.pos[0] == c(1, 0)
    (mine,) = [e for e in events if e.kind == "my_move"]
    assert mine.data["moved"] == 0
    st2 = table(pos=(c(1, 1), c(3, 3)))
    events = act(st2, "long_silent", direction="N")
    assert st2.pos[0] == c(1, 0)
    (mine,) = [e for e in events if e.kind == "my_move"]
    assert mine.data["moved"] == 1 and mine.to == (0,)


def test_burning_a_card_moves_one_space_in_a_public_direction():
    st = table(captains=("diver", "navy"))
    events = act(st, "burn", card="jelly", direction="E")
    assert st.pos[0] == c(4, 3) and "jelly" not in st.hand[0]
    (e,) = [e for e in events if e.kind == "burn"]
    assert e.to is None and e.data["direction"] == "E" and e.data["card"] == "jelly"
    events = act(st, "burn", card="captain", direction="S")
    assert st.pos[0] == c(4, 4) and not st.cap_ready[0] and st.shown[0]
    assert "captain_shown" in kinds(events)
    assert st.possible_positions(1, 0) == frozenset({c(4, 4)})  # start, then two public burns


def test_surface_is_never_offered_as_a_burn_nor_are_artifacts():
    st = table()
    st.arts[0] = ("trident",)
    burns = [a for a in st.legal_actions(0) if a.kind == "burn"]
    assert burns and {a["card"] for a in burns} == set(HAND) - {"surface"} | {"captain"}


# --- solving ----------------------------------------------------------------------------------------
def _on_atlantis():
    st = table(pos=(c(1, 1), c(5, 5)))
    act(st, "explore")
    assert st.decision().kind == "solve"
    return st


def test_declining_to_solve_goes_on_with_the_turn():
    st = _on_atlantis()
    events = act(st, "keep_searching")
    assert st.phase == "play" and st.seat == 0 and st.acts == 1
    assert "declined" in kinds(events)


def test_the_claim_starts_on_the_explored_space_and_grows_through_touching_spaces():
    st = _on_atlantis()
    events = act(st, "solve")
    (e,) = [e for e in events if e.kind == "solve"]
    assert e.to is None and e.data["cell"] == c(1, 1)  # naming the city shows where you are
    assert st.claim == (c(1, 1),)
    claimable = {a["cell"] for a in st.legal_actions(0)}
    assert claimable == {c(0, 0), c(1, 0), c(2, 0), c(0, 1), c(2, 1), c(0, 2), c(1, 2), c(2, 2)}


def test_a_right_claim_wins_at_once():
    st = _on_atlantis()
    act(st, "solve")
    for cell in (c(0, 0), c(1, 0), c(2, 1)):
        events = act(st, "claim", cell=cell)
    assert st.decision() is None and st.returns() == [1.0, 0.0]
    assert "found" in kinds(events)


def test_a_wrong_claim_is_public_teleports_the_submarine_and_leaves_it_lost():
    st = _on_atlantis()
    act(st, "solve")
    for cell in (c(0, 0), c(1, 0), c(2, 2)):
        events = act(st, "claim", cell=cell)
    named = frozenset({c(1, 1), c(0, 0), c(1, 0), c(2, 2)})
    assert st.decision().kind == "turn" and st.seat == 0 and st.acts == 1 and st.lost[0]
    wrong = [e for e in events if e.kind == "wrong_claim"]
    assert wrong[0].to is None and frozenset(wrong[0].data["cells"]) == named
    assert "teleport" in kinds(events)
    assert all("cell" not in e.data for e in events if e.kind == "teleport")
    for seat in (0, 1, None):
        assert NotCity(named) in st.located_facts(seat)
        assert st.possible_positions(seat, 0) == frozenset(range(36))  # nobody knows, not even 0
    assert st.view(0).pos[0] is None
    # a lost submarine may burn towards any side: at the edge it just stops, publicly
    assert {a["direction"] for a in st.legal_actions(0) if a.kind == "burn"} == {"N", "E", "S", "W"}


def test_a_lost_submarine_that_bumps_the_edge_learns_where_it_is_again():
    st = _on_atlantis()
    act(st, "solve")
    for cell in (c(0, 0), c(1, 0), c(2, 2)):
        act(st, "claim", cell=cell)
    st.pos[0] = c(0, 0)  # the current left it in the north-west corner
    act(st, "burn", card="sonar", direction="N")
    assert st.lost[0] and st.possible_positions(0, 0) == frozenset(range(6))
    st.seat, st.acts = 0, 2
    events = act(st, "burn", card="jelly", direction="W")
    assert not st.lost[0] and st.possible_positions(0, 0) == frozenset({c(0, 0)})
    (e,) = [e for e in events if e.kind == "located"]
    assert e.to == (0,) and e.data["cell"] == c(0, 0)
    assert st.view(0).pos[0] == c(0, 0)


def test_surfacing_ends_being_lost():
    st = _on_atlantis()
    act(st, "solve")
    for cell in (c(0, 0), c(1, 0), c(2, 2)):
        act(st, "claim", cell=cell)
    act(st, "surface")
    assert not st.lost[0] and st.possible_positions(1, 0) == frozenset({st.pos[0]})
