"""Charts, views, worlds, copies and saves: what each seat may know, and nothing more."""

from __future__ import annotations

import random

from game.core.saves import GameRecord, Seat
from game.finding import SPEC
from game.finding.chart import know, last_sure
from game.finding.facts import all_hold
from game.finding.ocean import generate
from game.finding.readings import facts_of
from game.finding.setup import new_game
from game.finding.state import FindingState
from tests.finding.helpers import SIX, act, c, check_invariants, check_view, random_game, table
from tests.snapshots import round_trip


def _midgame(seed: int = 4, n: int = 3, moves: int = 60, **options: str) -> FindingState:
    st = new_game(n, options, seed)
    rng = random.Random(seed)
    for _ in range(moves):
        d = st.decision()
        if d is None:
            break
        legal = st.legal_actions(d.players[0])
        st.apply(legal[rng.randrange(len(legal))])
    return st


def test_a_view_holds_no_other_seats_secrets_and_offers_the_same_moves():
    st = _midgame(mode="pirate")
    for viewer in (0, 1, 2, None):
        check_view(st, viewer)


def test_a_view_of_a_view_is_the_same_view():
    st = _midgame(8)
    for viewer in (0, 1, None):
        v = st.view(viewer)
        assert v.view(viewer).fingerprint() == v.fingerprint()


def test_the_chart_places_your_own_readings_and_an_others_only_where_you_know_it_was():
    st = table()
    act(st, "sonar")  # seat 0 has not moved since its public start: everyone can place this
    act(st, "silent", direction="N")
    act(st, "jelly", player=1, line="N-S")
    act(st, "silent", player=1, direction="E")
    act(st, "jelly", line="N-S")  # seat 0, one hidden move later, from D3: D2 and D4
    own, other = st.located_facts(0), st.located_facts(1)
    assert any(f.cell == c(3, 1) for f in own if hasattr(f, "cell"))
    assert not any(f.cell == c(3, 1) for f in other if hasattr(f, "cell"))
    sonar_cells = {f.cell for f in other if hasattr(f, "cell")}
    assert c(2, 2) in sonar_cells  # the first sonar, around D4, is on seat 1's chart too
    assert all_hold(own, SIX) and all_hold(other, SIX)
    assert st.possible_positions(1, 0) == frozenset({c(3, 2), c(3, 4), c(2, 3), c(4, 3)})


def test_located_facts_are_always_true_of_the_real_map():
    for seed in range(12):
        st, _ = random_game(1 + seed % 4, seed, {"size": "6" if seed % 2 else "8"})
        assert st.ocean is not None
        for viewer in (*range(st.n), None):
            assert all_hold(st.located_facts(viewer), st.ocean)


def test_determinize_fills_a_view_with_a_world_the_seat_cannot_tell_apart():
    st = _midgame(5, moves=40)
    v = st.view(1)
    rng = random.Random(2)
    for _ in range(5):
        w = v.determinize(rng)
        assert w.ocean is not None and all(p is not None for p in w.pos)
        for q in range(st.n):
            assert w.pos[q] in v.possible_positions(1, q)
        assert w.view(1).fingerprint() == v.fingerprint()
        check_invariants(w)
        d = w.decision()
        if d is not None:
            w.apply(w.legal_actions(d.players[0])[0])


def test_a_world_takes_its_map_from_the_sampler_it_is_given():
    st = _midgame(6, moves=20)
    v = st.view(0)
    chosen = generate(6, random.Random(99))
    seen = []

    def sampler(view, viewer, rng):
        seen.append(viewer)
        return chosen

    w = v.determinize(random.Random(1), sampler)
    assert w.ocean == chosen and seen == [0]
    assert v.determinize(random.Random(1)).ocean != chosen  # the game's own draws its map


def test_the_fallback_sampler_keeps_a_map_that_fits_the_facts_when_one_is_easy_to_draw():
    st = table()
    act(st, "explore")  # D4: a seamount without a trace
    v = st.view(1)
    for seed in range(10):
        w = v.determinize(random.Random(seed))
        assert all_hold(v.located_facts(1), w.ocean)
        assert w.ocean.terrain(c(3, 3)) == "seamount"


def test_a_secret_move_looks_the_same_to_everyone_but_its_mover():
    st = table()
    outcomes = {}
    for d in ("N", "E", "S", "W"):
        s = st.clone()
        s.apply(s.legal_actions(0)[0].__class__.make(0, "silent", direction=d))
        outcomes[d] = (s.view(1).fingerprint(), s.view(None).fingerprint(), s.view(0).fingerprint())
    assert len({o[0] for o in outcomes.values()}) == 1
    assert len({o[1] for o in outcomes.values()}) == 1
    assert len({o[2] for o in outcomes.values()}) == 4
    moves = [a for a in st.legal_actions(0) if a.kind == "silent"]
    assert len({st.observe(a, 1) for a in moves}) == 1
    assert len({st.observe(a, 0) for a in moves}) == 4


def test_clone_is_independent_and_equal():
    st = _midgame(3, moves=30)
    twin = st.clone()
    assert twin.fingerprint() == st.fingerprint()
    before = st.fingerprint()
    d = twin.decision()
    twin.apply(twin.legal_actions(d.players[0])[0])
    assert st.fingerprint() == before and twin.fingerprint() != before


def test_a_snapshot_round_trips_through_json_with_hunting_monsters_and_mines():
    # random games check every game's snapshots (tests/core/test_conformance.py); they seldom
    # reach sea monsters
    st = _midgame(7, moves=80, mode="pirate", monsters="hunting")
    round_trip(st, random.Random(7), play_on=12)


def test_a_save_replays_to_the_same_state():
    opts = SPEC.parse_options({"size": "8", "mode": "pirate"})
    st, actions = random_game(4, 21, opts)
    seats = [Seat(f"Seat {i + 1}", "bot", "random", SPEC.colours[i]) for i in range(4)]
    record = GameRecord("finding", opts, 21, seats, actions)
    loaded = GameRecord.loads(record.dumps())
    assert loaded.replay().fingerprint() == st.fingerprint()


def test_a_reading_taken_before_a_hidden_move_is_placed_when_its_reader_surfaces_later():
    """The play-test's game: a Sonar one hidden move after a known start (E2; seeing no edge,
    it was taken at D2 or E3), then a long hidden move, a Jelly Rod, and surfacing at E5. Only
    E3 lies two spaces in a line from E5, so the Sonar was taken at E3 and the Jelly Rod at E5:
    from the moment of surfacing both are located facts on the other seat's chart, though
    neither was when it was made."""
    st = table(pos=(c(4, 1), c(0, 5)))  # seat 0 at E2, seat 1 at A6
    act(st, "silent", direction="S")  # E3, unseen
    act(st, "sonar")
    sonar = st.log.index(next(e for e in reversed(st.log) if e.kind == "sonar"))
    act(st, "silent", player=1, direction="N")
    act(st, "long_silent", player=1, direction="N")
    act(st, "long_silent", direction="S")  # E5, unseen
    act(st, "jelly", line="N-S")
    jelly = st.log.index(next(e for e in reversed(st.log) if e.kind == "jelly"))
    act(st, "sonar", player=1)
    act(st, "explore", player=1)
    sonar_facts = set(facts_of(st.log[sonar].reading, c(4, 2), 6))
    jelly_facts = set(facts_of(st.log[jelly].reading, c(4, 4), 6))
    assert not sonar_facts <= set(st.located_facts(1))
    assert dict(st.knowledge(1).spots)[sonar] == frozenset({c(3, 1), c(4, 2)})  # D2 or E3
    act(st, "surface")
    assert st.possible_positions(1, 0) == frozenset({c(4, 4)})
    known = set(st.located_facts(1))
    assert sonar_facts <= known and jelly_facts <= known
    spots = dict(st.knowledge(1).spots)
    assert spots[sonar] == frozenset({c(4, 2)}) and spots[jelly] == frozenset({c(4, 4)})
    assert all_hold(st.located_facts(1), st.ocean)
    # the same chart read in one go from the start agrees with the one kept step by step
    fresh = know(st.log, 1, st.n, st.size)
    assert set(fresh.facts) == known and dict(fresh.spots) == spots


def test_every_place_a_chart_gives_a_submarine_holds_its_true_cell():
    """Soundness of the backward walk: over random games, every spot on every chart (where a
    reader was at its reading, where a mover was before its move) holds the true cell."""
    for seed in range(16):
        st = new_game(
            2 + seed % 3,
            {"size": "6" if seed % 2 else "8", "mode": "pirate" if seed % 3 == 0 else "classic"},
            seed,
        )
        truth: dict[int, int] = {}  # log index -> the true cell of the entry's submarine
        rng = random.Random(seed)
        while (d := st.decision()) is not None:
            before = list(st.pos)
            n_log = len(st.log)
            legal = st.legal_actions(d.players[0])
            st.apply(legal[rng.randrange(len(legal))])
            for i in range(n_log, len(st.log)):
                e = st.log[i]
                if e.kind == "move":
                    truth[i] = before[e.who]
                elif e.reading is not None:
                    truth[i] = st.pos[e.who] if e.kind not in ("move",) else before[e.who]
        for viewer in (*range(st.n), None):
            for i, cells in st.knowledge(viewer).spots:
                if i in truth and truth[i] is not None:
                    assert truth[i] in cells, (seed, viewer, i, st.log[i].kind)
            assert all_hold(st.located_facts(viewer), st.ocean)


def test_the_last_sure_place_follows_what_the_chart_pins_not_only_surfacing():
    """ "Last seen" must not stay at the start when the chart has placed the submarine since:
    a burn from a known place is a known place, and so is a reading pinned later."""
    st = table(pos=(c(4, 1), c(0, 5)))  # seat 0 at E2
    k = st.knowledge(1)
    assert last_sure(k, 0, 6) == (k.upto - 1, c(4, 1))  # still where it started: known now
    act(st, "burn", card="sonar", direction="S")  # the table hears it: E3
    k = st.knowledge(1)
    assert k.where[0] == frozenset({c(4, 2)}) and last_sure(k, 0, 6)[1] == c(4, 2)
    act(st, "silent", direction="S")  # E4, unseen: the last sure place is E3, before the move
    k = st.knowledge(1)
    index, cell = last_sure(k, 0, 6)
    assert cell == c(4, 2) and st.log[index].kind == "move"
    assert len(k.where[0]) > 1
