"""Event texts and prompts are written for people: tile names, not ids; councilors by name."""

from __future__ import annotations

import random
import re

import pytest

from game.core import registry
from game.rising.councilors import COUNCILORS
from game.rising.island import CENTRE, NAVY, NUM_SPOTS, SPOT_INDEX, at_tile, tile_name
from tests.rising.helpers import do, run_frames, scenario

pytestmark = pytest.mark.usefixtures("halt")  # scenarios end on the test-only halt frame

TILE_ID = re.compile(r"\b(mountains|hills|forests|forges|libraries|cities)-\d\b")
SPOT_WORD = re.compile(r"\b(centre|navy)\b")  # the ids of the centre and the Navy
COUNCILOR_KEY = re.compile(r"\b(" + "|".join(c.key for c in COUNCILORS) + r")\b")


def test_tile_names():
    assert tile_name(SPOT_INDEX["hills-3"]) == "Hills 3"
    assert tile_name(SPOT_INDEX["cities-6"]) == "Cities 6"
    assert tile_name(CENTRE) == "the Power Source"
    assert tile_name(NAVY) == "the Navy"
    assert at_tile(SPOT_INDEX["forges-1"]) == "at Forges 1"
    assert at_tile(CENTRE) == "at the Power Source"
    assert at_tile(NAVY) == "in the Navy"
    assert len({tile_name(t) for t in range(NUM_SPOTS)}) == NUM_SPOTS


def test_sentence_names_keep_the_councilors_name():
    st = registry.get("rising").create(6, {}, 1)
    for p, c in enumerate(COUNCILORS):
        assert st.player_name(p) == f"the {c.name}"
        assert st.sentence_name(p) == f"The {c.name}"


def _check(text: str, where: str) -> None:
    assert not TILE_ID.search(text), (where, text)
    assert not SPOT_WORD.search(text), (where, text)
    assert not COUNCILOR_KEY.search(text), (where, text)
    assert text[:1].isupper() or text[:1].isdigit(), (where, text)


@pytest.mark.parametrize(
    "monsters", ["none", "medusa", "harpies", "scylla", "medusa,harpies,scylla"]
)
def test_random_games_say_tile_and_councilor_names(monsters):
    spec = registry.get("rising")
    seen_kinds: set[str] = set()
    named = 0
    for seed in range(12):
        n = 2 + seed % 5
        opts = {"monsters": monsters, "fast": "yes" if seed % 3 == 0 else "no"}
        st = spec.create(n, opts, seed)
        rng = random.Random(seed)
        while (dec := st.decision()) is not None:
            _check(dec.prompt, dec.kind)
            for e in st.apply(rng.choice(st.legal_actions(dec.players[0]))):
                seen_kinds.add(e.kind)
                _check(e.text, e.kind)
                # the structured data keeps the ids
                for key in ("tile", "spot", "at"):
                    v = e.data.get(key)
                    if isinstance(v, str):
                        assert v in SPOT_INDEX, (e.kind, key, v)
                        if tile_name(SPOT_INDEX[v]) in e.text:
                            named += 1
    assert {"atlantean_placed", "tile_flooded"} <= seen_kinds
    assert named > 50
    if monsters != "none":
        assert any(k.startswith(("medusa", "harpies", "charybdis", "scylla")) for k in seen_kinds)


@pytest.mark.parametrize(
    ("at", "where"),
    [("hills-3", "at Hills 3"), ("centre", "at the Power Source"), ("navy", "in the Navy")],
)
def test_a_placement_reads_well(at, where):
    st = scenario(phase="place")
    run_frames(st, ("place", 0, False))
    placed = next(e for e in do(st, 0, "place", at=at) if e.kind == "atlantean_placed")
    assert placed.text == f"The Explorer places an Atlantean {where}."
    assert placed.data == {"player": 0, "at": at, "courage": False}
