"""Choosing councilors (issue 29): who plays which councilor is an option, a random deal comes
from the seed, bots pick by the balance table, and every ability works from any seat."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from game.core import storage
from game.core.protocol import Action, IllegalAction
from game.core.registry import get
from game.rising import components as comps
from game.rising.councilors import BOT_PREFERENCE, COUNCILOR_INDEX, COUNCILORS, assign
from game.rising.island import CENTRE
from tests.rising.helpers import T, do, fresh, give_res, place, run_frames, scenario, set_energy

pytestmark = pytest.mark.usefixtures("halt")

OLD_SAVE = Path(__file__).parents[1] / "core" / "saves_before_teams" / "rising.json"
KEYS = [c.key for c in COUNCILORS]


def _with(key: str, seat: int, n: int) -> str:
    """The ``councilors`` option putting ``key`` at ``seat`` and the others in table order."""
    others = [k for k in KEYS if k != key]
    return ",".join(key if s == seat else others.pop(0) for s in range(n))


# --- the option -------------------------------------------------------------------------------
def test_without_the_option_seat_i_plays_councilor_i_as_before():
    assert fresh(4).councilor == [0, 1, 2, 3]
    assert assign([], 6, 9) == list(range(6))


def test_named_councilors_sit_where_chosen_and_name_their_seat():
    st = fresh(3, councilors="scholar,champion,explorer")
    assert st.councilor == [COUNCILOR_INDEX[k] for k in ("scholar", "champion", "explorer")]
    assert st.player_name(0) == "the Scholar" and st.seat_roles()[1] == ["Champion"]


@pytest.mark.parametrize(
    ("value", "reason"),
    [("scholar,scholar", "both play the Scholar"), ("scholar", "1 choices for 2 seats")],
)
def test_a_councilor_twice_or_a_seat_left_out_is_refused(value, reason):
    with pytest.raises(ValueError, match=reason):
        fresh(2, councilors=value)
    with pytest.raises(ValueError, match="not one of"):
        get("rising").parse_options({"councilors": "scholar,wizard"})


def test_a_random_deal_is_the_seed_s_and_leaves_the_blueprint_and_decks_alone():
    deals = {s: fresh(4, seed=s, councilors="random,random,random,random") for s in range(1, 9)}
    for seed, st in deals.items():
        again = fresh(4, seed=seed, councilors="random,random,random,random")
        assert st.councilor == again.councilor
        assert sorted(set(st.councilor)) == sorted(st.councilor)  # four different councilors
        plain = fresh(4, seed=seed)
        assert (st.blueprint, st.mdeck, st.kdeck) == (plain.blueprint, plain.mdeck, plain.kdeck)
    assert len({tuple(st.councilor) for st in deals.values()}) > 1
    # the Artificer and the Champion come to the table at two players too
    seen = {c for s in range(1, 40) for c in fresh(2, seed=s, councilors="random,random").councilor}
    assert seen == set(range(6))


def test_a_random_seat_never_takes_a_councilor_someone_chose():
    for seed in range(1, 30):
        st = fresh(3, seed=seed, councilors="priest,random,random")
        assert st.councilor[0] == COUNCILOR_INDEX["priest"]
        assert COUNCILOR_INDEX["priest"] not in st.councilor[1:]


def test_a_bot_takes_the_best_rated_councilor_nobody_chose():
    best, second = (COUNCILOR_INDEX[k] for k in BOT_PREFERENCE[:2])
    st = fresh(3, councilors=f"bot,{BOT_PREFERENCE[0]},random")
    assert st.councilor[0] == second and st.councilor[1] == best
    assert fresh(3, seed=2, councilors="random,bot,bot").councilor[1:] == [
        COUNCILOR_INDEX[k] for k in BOT_PREFERENCE[:2]
    ]


def test_an_old_save_without_the_option_replays_as_it_did():
    record = storage.read_save(OLD_SAVE)
    assert "councilors" not in json.loads(OLD_SAVE.read_text())["options"]
    old = record.replay()
    assert old.councilor == [0, 1, 2] and old.player_name(2) == "the Scholar"
    spelled = dataclasses.replace(
        record, options={**record.options, "councilors": "explorer,emissary,scholar"}
    )
    a, b = record.new_state(), spelled.new_state()
    for action in record.actions:
        assert a.apply(action) == b.apply(action)
        assert a.fingerprint() == b.fingerprint()
    assert a.fingerprint() == old.fingerprint() and len(record.actions) > 50


# --- every ability from every seat --------------------------------------------------------------
SEATS = [(n, seat) for n in (2, 3, 4) for seat in range(n)]


def _holders(st, key: str) -> list[int]:
    return [p for p in range(st.n) if st.has_ability(p, key)]


@pytest.mark.parametrize(("n", "seat"), SEATS)
def test_explorer_from_any_seat(n, seat):
    st = scenario(n, councilors=_with("explorer", seat, n))
    assert _holders(st, "explorer") == [seat]
    other = (seat + 1) % n
    assert st.target(seat, T["forests-3"]) == st.target(other, T["forests-3"]) - 1


@pytest.mark.parametrize(("n", "seat"), SEATS)
def test_emissary_from_any_seat(n, seat):
    st = scenario(n, phase="place", councilors=_with("emissary", seat, n))
    assert _holders(st, "emissary") == [seat]
    other = (seat + 1) % n
    place(st, other, "hills-1")
    run_frames(st, ("place", other, False))
    assert Action.make(other, "place", at="hills-1") not in st.legal_actions(other)
    run_frames(st, ("place", seat, False))
    do(st, seat, "place", at="hills-1")
    assert st.occ[T["hills-1"]] == [other, seat]
    with pytest.raises(IllegalAction, match="taken"):
        do(st, seat, "place", at="hills-1")


@pytest.mark.parametrize(("n", "seat"), SEATS)
def test_scholar_from_any_seat(n, seat):
    st = scenario(n, phase="place", councilors=_with("scholar", seat, n))
    assert _holders(st, "scholar") == [seat]
    other = (seat + 1) % n
    run_frames(st, ("place", other, False))
    assert "hold" not in {a.kind for a in st.legal_actions(other)}
    run_frames(st, ("place", seat, False))
    do(st, seat, "hold")
    assert st.held[seat] == 1


@pytest.mark.parametrize(("n", "seat"), SEATS)
def test_priest_from_any_seat(n, seat):
    st = scenario(n, councilors=_with("priest", seat, n))
    assert _holders(st, "priest") == [seat]
    other = (seat + 1) % n
    for p in (seat, seat, other, other):
        place(st, p, "centre")
    run_frames(st, ("act", seat, CENTRE, True), ("act", other, CENTRE, True))
    assert st.energy[seat] == 1 + 2 + 1 and st.energy[other] == 1 + 2


@pytest.mark.parametrize(("n", "seat"), SEATS)
def test_artificer_from_any_seat(n, seat):
    st = scenario(n, phase="build", councilors=_with("artificer", seat, n))
    assert _holders(st, "artificer") == [seat]
    other = (seat + 1) % n
    for p in (seat, other):
        give_res(st, p, crystal=1, atl=3)
    run_frames(st, ("build", other))
    assert not any(a.kind == "build" for a in st.legal_actions(other))  # one gold short
    run_frames(st, ("build", seat))
    do(st, seat, "build", component=comps.COMPONENTS[st.blueprint[0]].key, waive="gold")
    assert st.res[seat] == [0, 0, 0, 0] and st.built[0] == seat


@pytest.mark.parametrize(("n", "seat"), SEATS)
def test_champion_from_any_seat(n, seat):
    st = scenario(n, councilors=_with("champion", seat, n))
    assert _holders(st, "champion") == [seat]
    set_energy(st, seat, 3)
    run_frames(st, ("start", seat))
    do(st, seat, "ability")
    assert st.courage[seat] == 1 and st.energy[seat] == 2
    assert Action.make(seat, "ability") not in st.legal_actions(seat)
