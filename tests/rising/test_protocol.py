"""Registry, determinism, replay, views, clone independence and clear legal."""

from __future__ import annotations

import random

import pytest

from game.core import registry
from game.core.protocol import Action, Decision, IllegalAction
from game.rising.frames import FRAME_ACTIONS, decision_kinds
from tests.rising.helpers import (
    T,
    do,
    fresh,
    give_cards,
    give_res,
    random_game,
    run_frames,
    scenario,
    set_energy,
    stack_misfortunes,
)

pytestmark = pytest.mark.usefixtures("halt")  # scenarios end on the test-only halt frame


def test_registered_with_options():
    spec = registry.get("rising")
    assert spec.cooperative and spec.min_players == 2 and spec.max_players == 6
    assert {o.key for o in spec.options} == {
        "difficulty", "energy_start", "fast", "monsters", "councilors",
    }  # fmt: skip
    st = spec.create(4, {"difficulty": "cosmic", "energy_start": "no", "fast": "yes"}, 5)
    assert st.game_id == "rising" and st.num_players == 4 and st.energy == [0] * 4
    assert len(spec.colours) == 6
    assert st.player_name(0) == "the Explorer"


def test_same_seed_same_actions_same_state_and_replay():
    st, log = random_game(4, 11)
    again = fresh(4, seed=11)
    for a in log:
        again.apply(Action.from_json(a.to_json()))
    assert again.fingerprint() == st.fingerprint()
    other, _ = random_game(4, 12)
    assert other.fingerprint() != st.fingerprint()


def test_clone_is_independent():
    st = fresh(4, seed=3)
    twin = st.clone()
    assert twin.fingerprint() == st.fingerprint()
    rng = random.Random(1)
    for _ in range(60):
        d = twin.decision()
        if d is None:
            break
        twin.apply(rng.choice(twin.legal_actions(d.players[0])))
    assert st.fingerprint() == fresh(4, seed=3).fingerprint()
    # the clone's dice follow the original's
    a, b = fresh(3, seed=9), fresh(3, seed=9)
    c = a.clone()
    assert c.rng.random() == b.rng.random()


def test_view_hides_deck_order_only_and_determinize_round_trips():
    st = fresh(4, seed=5)
    for _ in range(30):
        d = st.decision()
        st.apply(st.legal_actions(d.players[0])[0])
    v = st.view(0)
    assert v.fingerprint() == v.view(0).fingerprint()
    world = v.determinize(random.Random(3))
    assert world.view(0).fingerprint() == v.fingerprint()
    assert sorted(world.mdeck) == sorted(st.mdeck) and world.hand == st.hand
    other = st.clone()
    other.rng.shuffle(other.mdeck)
    other.rng.shuffle(other.kdeck)
    other.rng = st.rng
    assert other.view(1).fingerprint() == st.view(1).fingerprint()
    assert v.legal_actions(v.decision().players[0]) == st.legal_actions(st.decision().players[0])


def test_every_decision_kind_is_declared():
    kinds = decision_kinds()
    assert len(kinds) == len(set(kinds))
    assert set(FRAME_ACTIONS) >= {"start", "place", "build", "pool", "window"}


def refused(st, p, kind, match, **args):
    before = st.fingerprint()
    with pytest.raises(IllegalAction, match=match):
        do(st, p, kind, **args)
    assert st.fingerprint() == before


def test_bad_input_is_refused_clearly_and_changes_nothing():
    st = fresh(4, seed=2)
    refused(st, 2, "place", "not the Scholar's decision", at="centre")
    refused(st, 0, "build", "'build' is not possible here", component="power_core")
    refused(st, 0, "place", "no place called", at="atlantis-9")
    refused(st, 0, "place", "no courage token", at="navy", courage=True)
    refused(st, 0, "play", "do not hold", card="hidden_vein")
    refused(st, 0, "play", "no knowledge card", card="magic_beans")
    st.flooded[0] = 1
    refused(st, 0, "place", "sunk", at="mountains-1")
    st.lack = True
    do(st, 0, "place", at="hills-1")
    refused(st, 0, "place", "ring", at="hills-1")


def test_a_move_built_in_code_with_a_list_or_a_dict_is_refused_and_changes_nothing():
    """``Action(...)`` takes any value: ``card=[...]`` used to crash the refusal's explanation
    (a list is not hashable) with a TypeError instead of an IllegalAction."""
    st = fresh(4, seed=2)

    def no(action, match):
        before = (
            st.fingerprint(),
            st.rng.getstate(),
            [st.view(p).fingerprint() for p in (None, 0, 1, 2, 3)],
        )
        with pytest.raises(IllegalAction, match=match):
            st.apply(action)
        assert (
            st.fingerprint(),
            st.rng.getstate(),
            [st.view(p).fingerprint() for p in (None, 0, 1, 2, 3)],
        ) == before

    no(Action(0, "play", (("card", ["hidden_vein"]),)), r"card=\['hidden_vein'\], a list")
    no(Action(0, "place", (("at", {"centre": 1}),)), "a dict")
    no(Action(0, "place", (("at", "centre"), ("courage", 1.0))), "a float")
    no(Action(0, "place", (("at", 10**5000),)), "a number larger than any move")
    no(Action(0, "place", (("at", "x" * 100_000),)), "text of 100000 characters")
    no(Action(0, "place", None), "tuple of \\(name, value\\) pairs")
    no(Action(0, ["place"], (("at", "centre"),)), "kind is text")
    no(Action.make(0, "play", card=["hidden_vein"]), "no knowledge card")  # a tuple: explained
    do(st, 0, "place", at="centre")  # the real move still plays


def test_bad_energy_and_pool_input():
    st = scenario(4, phase="misfortune")
    stack_misfortunes(st, "flood_hills")
    set_energy(st, 0, 1)
    set_energy(st, 1, 4)
    run_frames(st, ("draw", 0))
    do(st, 0, "cancel")
    refused(st, 0, "contribute", "only 1 mystic", amount=2)
    refused(st, 0, "contribute", "whole number", amount=-1)
    do(st, 0, "contribute", amount=1)
    refused(st, 1, "contribute", "only 2 more", amount=3)


def test_bad_convert_build_and_card_input():
    st = scenario(4, phase="build")
    give_res(st, 1, ore=1)
    set_energy(st, 1, 2)
    give_cards(st, 1, "ancestors_gambit", "hidden_vein")
    run_frames(st, ("build", 1))
    refused(st, 1, "convert", "different", give="ore", take="ore")
    refused(st, 1, "convert", "no gold", give="gold", take="ore")
    refused(st, 1, "convert", "resources are", give="mud", take="ore")
    refused(st, 1, "play", "cannot be played now", card="ancestors_gambit")
    refused(
        st,
        1,
        "build",
        "not in this game's blueprint|already built|cannot pay",
        component="power_core",
    )
    refused(st, 1, "build", "no component", component="moon_laser")
    set_energy(st, 1, 1)
    refused(st, 1, "convert", "costs 2 mystic energy", give="ore", take="gold")


def test_bad_boost_and_keep_input():
    from tests.rising.helpers import fix_dice, place, stack_knowledge

    st = scenario(4)
    place(st, 3, "forests-5")
    set_energy(st, 3, 3)
    fix_dice(st, 4)
    run_frames(st, ("act", 3, T["forests-5"], True))
    refused(st, 3, "boost", "exactly the 2", amount=1)
    refused(st, 3, "boost", "only 3 mystic", amount=5)
    do(st, 3, "boost", amount=2)
    place(st, 3, "libraries-1")
    stack_knowledge(st, "hidden_vein", "heroic_tale", "crystal_cache")
    run_frames(st, ("act", 3, T["libraries-1"], True))
    refused(st, 3, "keep", "not among", card="ancestors_gambit")


def test_bad_choice_input():
    st = scenario(4, phase="attack")
    st.flooded[2] = 6
    st.galley = 5
    from tests.rising.helpers import fix_dice

    fix_dice(st, 3)
    run_frames(st, ("attack",))
    refused(st, 0, "choose", "not available", section="forests")
    refused(st, 0, "choose", "not available", section="swamps")


def test_events_carry_ids_for_animation():
    st = scenario(4, phase="misfortune")
    for p in range(4):
        set_energy(st, p, 0)
    stack_misfortunes(st, "flood_libraries")
    events = run_frames(st, ("draw", 0))
    flooded = next(e for e in events if e.kind == "tile_flooded")
    assert flooded.data["tile"] == "libraries-1" and flooded.text
    drawn = next(e for e in events if e.kind == "misfortune_drawn")
    assert drawn.data["card"] == "flood_libraries" and drawn.data["player"] == 0


# --- the registration API of the turn machine ---------------------------------------------------
def test_a_frame_kind_is_registered_once_and_modules_do_not_replace_each_other():
    from game.rising import frames

    with pytest.raises(ValueError, match="already has a frame 'gaze'"):
        frames.register_frame("gaze", auto=lambda st, f: None)  # a monster frame
    with pytest.raises(ValueError, match="already has a frame 'place'"):
        frames.register_frame(
            "place", ready=None, legal=None, handle=None, decide=lambda st, f: None
        )  # a base frame
    with pytest.raises(ValueError, match="needs ready=, legal=, handle= and decide="):
        frames.register_frame("lonely", ready=lambda st, f: True)
    assert "lonely" not in FRAME_ACTIONS
    with pytest.raises(ValueError, match="no decision frame 'nowhere'"):
        frames.add_frame_actions("nowhere", ("fly",))


def test_one_record_per_frame_kind_and_the_deciding_seat_reads_off_the_frame():
    from game.rising.frames import BASE_FRAMES, FRAMES

    assert len(BASE_FRAMES) == 29
    for fr in BASE_FRAMES:  # the monsters add moves to two base frames (a new record each)
        assert FRAMES[fr.kind] is fr or fr.kind in ("prod", "build"), fr.kind
    base_prod = next(fr for fr in BASE_FRAMES if fr.kind == "prod")
    assert FRAMES["prod"].actions == (*base_prod.actions, "free")
    assert all(kind == fr.kind for kind, fr in FRAMES.items())
    for kind, fr in FRAMES.items():  # automatic, or a decision with everything it needs
        decision_parts = (fr.ready, fr.legal, fr.handle, fr.decide)
        if fr.auto is not None:
            assert decision_parts == (None,) * 4 and not fr.actions and not fr.decisions, kind
        else:
            assert None not in decision_parts and fr.actions and fr.decisions, kind
    # st.decider() reads the seat off the frame; it is the decision's first seat, monsters too
    for seed, monsters in ((4, "none"), (5, "medusa,harpies,scylla"), (6, "harpies,scylla")):
        st = fresh(4, seed=seed, monsters=monsters)
        rng = random.Random(seed)
        while (dec := st.decision()) is not None:
            assert st.decider() == dec.players[0], st.stack[-1]
            legal = st.legal_actions(dec.players[0])
            assert all(not st.legal_actions(q) for q in range(4) if q != dec.players[0])
            st.apply(legal[rng.randrange(len(legal))])
        assert st.decider() is None


def test_the_halt_frame_comes_and_goes_with_its_fixture():
    from game.rising import frames
    from tests.rising.helpers import halt_frame

    assert "halt" in FRAME_ACTIONS and "halt" in decision_kinds()  # this module's fixture
    frames.unregister_frame("halt")
    try:
        assert "halt" not in FRAME_ACTIONS and "halt" not in decision_kinds()
        with halt_frame():
            st = scenario()
            run_frames(st)
            assert st.decision().kind == "halt"
        assert "halt" not in FRAME_ACTIONS
    finally:
        frames.register_frame(
            "halt",
            ready=lambda st, f: True,
            legal=lambda st, f, p: [frames.act(p, "halt")],
            handle=lambda st, f, a: st.stack.pop(),
            decide=lambda st, f: Decision((0,), "halt", "scenario over"),
            actions=("halt",),
            decisions=("halt",),
        )


def test_the_machine_imports_no_monsters_and_a_monsters_save_loads_in_a_fresh_program(tmp_path):
    import ast
    import subprocess
    import sys
    from pathlib import Path

    from game.core.saves import GameRecord, Seat
    from game.rising import frames, legal, turns

    machine = [*Path(frames.__file__).parent.glob("*.py"), Path(turns.__file__)]
    machine.append(Path(legal.__file__))
    assert len(machine) >= 12  # the frames package, the driver, the refusals
    for path in machine:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        imported = {
            (n.module or "") + "." + a.name
            for n in ast.walk(tree)
            if isinstance(n, ast.ImportFrom)
            for a in n.names
        } | {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
        # the monsters register themselves
        assert not [m for m in imported if "monsters" in m], path.name

    record = GameRecord(
        "rising", {"monsters": "medusa,harpies,scylla"}, 3, [Seat(f"S{i}") for i in range(3)]
    )
    st = record.new_state()
    pick = random.Random(3)
    asked: set[str] = set()
    while (dec := st.decision()) is not None and len(record.actions) < 400:
        asked.add(dec.kind)
        a = pick.choice(st.legal_actions(dec.players[0]))
        st.apply(a)
        record.actions.append(a)
    assert asked & {"medusa_gaze", "harpies_lure", "monster_order"}  # the monsters' own frames
    save = tmp_path / "monsters.json"
    save.write_text(record.dumps(), encoding="utf-8")
    code = (
        "from game.core.saves import load_and_replay\n"
        f"record, st = load_and_replay(open({str(save)!r}, encoding='utf-8').read())\n"
        "print(st.fingerprint())\n"
    )
    root = Path(__file__).resolve().parents[2]
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=root, capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == str(st.fingerprint())
