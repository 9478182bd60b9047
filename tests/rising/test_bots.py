"""Atlantis Rising bots: legal answers for every decision kind, whole games, views only, strength."""

from __future__ import annotations

import random
import time

import pytest

import ai.rising as rising_ai
import game.rising  # noqa: F401  (registers the game)
from ai.bots import make_bot
from ai.rising import valuations
from ai.simulate import simulate
from game.core import registry
from game.rising import components as comps
from game.rising.councilors import ABILITIES, COUNCILOR_INDEX
from game.rising.setup import new_game
from tools.rising.balance import play_game

LEVELS = ("easy", "normal", "hard")


def _bots(seed: int) -> dict[str, object]:
    bots = {lv: make_bot("rising", lv, seed) for lv in LEVELS}
    # a hard bot that really searches, but only a few worlds (bounded by worlds, not time)
    bots["hard"] = rising_ai.SearchRisingBot("hard", seed, max_worlds=3, min_worlds=3, max_time=0.2)
    return bots


def test_make_bot_builds_the_rising_policies():
    assert isinstance(make_bot("rising", "easy"), rising_ai.HeuristicBot)
    assert isinstance(make_bot("rising", "normal"), rising_ai.HeuristicBot)
    assert isinstance(make_bot("rising", "hard"), rising_ai.SearchRisingBot)


def test_every_level_answers_every_decision_kind_legally():
    seen: set[str] = set()
    searched = 0
    for seed in range(9):
        n = (2, 4, 6)[seed % 3]
        diff = ("easy", "normal", "hard", "cosmic")[seed % 4]
        st = new_game(n, {"difficulty": diff, "energy_start": "no" if seed == 4 else "yes"}, seed)
        rng = random.Random(seed)
        bots = _bots(seed)
        hard_left = 25
        while (dec := st.decision()) is not None:
            p = dec.players[0]
            view = st.view(p)
            legal = view.legal_actions(p)
            seen.add(dec.kind)
            picks = {}
            for lv in ("easy", "normal"):
                picks[lv] = bots[lv].choose(view, p, time.monotonic() + 1.0)
                assert picks[lv] in legal, (lv, dec.kind, picks[lv])
            if len(legal) > 1 and (hard_left > 0 or dec.kind not in ("place", "build")):
                hard_left -= 1
                a = bots["hard"].choose(view, p, time.monotonic() + 1.0)
                assert a in legal, ("hard", dec.kind, a)
                searched += bots["hard"].last_worlds > 0
            # mix in random moves so that rarer decisions come up too
            move = rng.choice(legal) if rng.random() < 0.35 else picks["normal"]
            st.apply(move)
    core = {
        "start_of_turn", "place", "flood_response", "pool_energy", "misfortune_choice",
        "card_window", "production", "boost", "library_keep", "attack_tiles", "build",
        "place_barrier", "unflip_tile", "late_place", "discard",
    }  # fmt: skip
    assert core <= seen, core - seen
    assert searched > 0


@pytest.mark.parametrize("players", [2, 4, 6])
def test_easy_and_normal_finish_whole_games(players):
    levels = [("easy", "normal")[s % 2] for s in range(players)]  # one level per seat
    report = simulate("rising", players, levels, games=2, seed=players)
    assert report["errors"] == 0, report.get("first_error")
    assert report["length"]["mean"] >= 1


def test_hard_with_a_tiny_budget_finishes_a_game():
    report = simulate("rising", 2, ["hard"], games=1, seed=3, budget=0.003)
    assert report["errors"] == 0, report.get("first_error")


def test_deterministic_levels_ignore_the_hidden_deck_order():
    """Bots decide from what a view shows: reshuffling the hidden decks changes nothing."""
    checked = 0
    for seed in range(4):
        st = new_game(4, {}, seed)
        rng = random.Random(seed)
        steps = 0
        while (dec := st.decision()) is not None and steps < 400:
            p = dec.players[0]
            view = st.view(p)
            other = view.determinize(random.Random(seed * 31 + steps))
            assert other.mdeck != view.mdeck or len(view.mdeck) < 2 or other.kdeck != view.kdeck
            for lv in ("easy", "normal"):
                a = make_bot("rising", lv, 1).choose(view, p, time.monotonic() + 1)
                b = make_bot("rising", lv, 2).choose(other, p, time.monotonic() + 1)
                assert a == b, (lv, dec.kind)
                checked += 1
            st.apply(rng.choice(st.legal_actions(p)) if rng.random() < 0.3 else a)
            steps += 1
    assert checked > 500


def test_simulate_feeds_bots_views_only(monkeypatch):
    """The real state is never handed to a bot: its decks arrive in canonical (sorted) order."""
    seen = []
    original = rising_ai.HeuristicBot.choose

    def spy(self, view, player, deadline, should_stop=lambda: False):
        seen.append(view.mdeck == sorted(view.mdeck) and view.kdeck == sorted(view.kdeck))
        return original(self, view, player, deadline, should_stop)

    monkeypatch.setattr(rising_ai.HeuristicBot, "choose", spy)
    simulate("rising", 3, ["normal"], games=1, seed=5)
    assert seen and all(seen)


def test_hard_beats_normal_on_the_same_seeds():
    """hard's own policy (search capped at 0 worlds: no timing in the test) beats normal."""
    seeds = range(12)
    hard = [play_game("hard", 4, "normal", s, 1.0, {}, worlds=0) for s in seeds]
    normal = [play_game("normal", 4, "normal", s, 1.0, {}) for s in seeds]
    hard_won = sum(r["won"] for r in hard)
    normal_won = sum(r["won"] for r in normal)
    hard_built = sum(r["built"] for r in hard)
    normal_built = sum(r["built"] for r in normal)
    assert hard_won >= normal_won, (hard_won, normal_won)
    assert hard_built >= normal_built + len(seeds), (hard_built, normal_built)  # +1 a game


def test_levels_order_by_strength_on_fixed_seeds():
    seeds = range(12)
    built = {}
    won = {}
    for lv in ("random", "easy", "normal"):
        results = [play_game(lv, 4, "normal", s, 1.0, {}) for s in seeds]
        built[lv] = sum(r["built"] for r in results) / len(results)
        won[lv] = sum(r["won"] for r in results)
    assert built["easy"] >= built["random"] + 0.5
    assert built["normal"] >= built["easy"] + 1.5
    assert won["normal"] >= won["easy"] >= won["random"]


def test_each_decision_frame_has_one_registered_ranker():
    from ai.rising import rankers, valuations

    with pytest.raises(ValueError, match="'place' already has a Rising ranker"):
        rankers.register_ranker("place", lambda st, f, p, legal, easy: [])
    with pytest.raises(ValueError, match="'gaze' already has a Rising ranker"):
        rankers.register_ranker("gaze", lambda st, f, p, legal, easy: [])  # the monsters' own
    with pytest.raises(ValueError, match="already have a monsters ranking"):
        rankers.register_monster_ranking(lambda st, f, p, legal, easy, ranker: [])
    with pytest.raises(ValueError, match="already has a monsters part"):
        valuations.register_monster_evaluation(lambda st: 0.0)


# --- the Artificer's waiver is the councilor's data ------------------------------------------
def _artificer_state(seed: int):
    state = registry.get("rising").create(3, {}, seed)
    state.councilor[0] = COUNCILOR_INDEX["artificer"]
    state.talent[0] = -1
    state.lack = False
    return state


@pytest.mark.parametrize("waived", [ABILITIES["artificer"].amount, 2])
def test_the_bots_build_check_reads_the_artificers_waiver_as_the_engine_does(monkeypatch, waived):
    """What the bots think the Artificer can build is what the engine offers, at the waiver in
    the councilor data and at another amount."""
    assert valuations.WAIVED == ABILITIES["artificer"].amount == comps.WAIVED
    monkeypatch.setattr(valuations, "WAIVED", waived)
    monkeypatch.setattr(comps, "WAIVED", waived)
    rng = random.Random(waived)
    state = _artificer_state(4)
    assert state.has_ability(0, "artificer")
    agreed = enabled = 0
    for _ in range(600):
        state.res[0] = [rng.randrange(0, 5) for _ in range(4)]
        engine = bool(comps.affordable(state, 0))
        assert valuations.enables_build(state, 0) == engine, state.res[0]
        agreed += 1
        enabled += engine
    assert agreed == 600 and 0 < enabled < 600
