"""A bot worker's memory stays bounded however many Finding games it plays (issue 25).

Every cache in the Finding packages has a stated maximum size, module-level containers do not
grow with the games played, the artifact counter's memos keep to their limits without
changing a count, and the cities of a map shape are stored compactly.
"""

from __future__ import annotations

import random

import pytest

from ai.bots import make_bot, seat_seed
from ai.finding import belief as belief_module
from ai.finding import sampler
from ai.finding.belief import Belief
from ai.finding.counting import ArtifactCounter
from ai.match import play
from game.finding.ocean import Placements, atlantis_placements
from game.finding.setup import new_game
from game.finding.state import FindingState
from tools.finding.memory import _modules, lru_caches

#: no cache in the Finding packages may hold more entries than this (the largest, the U-Bot's
#: action effects at ~520 bytes an entry, then takes ~17 MB)
MAX_ENTRIES = 1 << 15
#: the artifact counter's memos: counts by their size (~170 bytes a unit), parts by number
MAX_SOLVED_STATES = 1 << 17
MAX_PARTS = 4096


def _play(seed: int, levels: tuple[str, ...], size: str = "6") -> FindingState:
    st = new_game(len(levels), {"size": size}, seed)
    bots = [make_bot("finding", lvl, seat_seed(seed, s)) for s, lvl in enumerate(levels)]
    play(st, bots, 5.0)
    return st


def test_every_cache_in_the_finding_packages_has_a_bounded_size():
    found = lru_caches()
    assert "ai.finding.model.effect" in found and "game.finding.legal._turn" in found
    unbounded = sorted(n for n, fn in found.items() if fn.cache_parameters()["maxsize"] is None)
    assert not unbounded, f"caches without a maximum size: {unbounded}"
    big = {n: fn.cache_parameters()["maxsize"] for n, fn in found.items()}
    big = {n: m for n, m in big.items() if m > MAX_ENTRIES}
    assert not big, f"caches above {MAX_ENTRIES} entries: {big}"
    assert ArtifactCounter.SOLVED_STATES <= MAX_SOLVED_STATES
    assert ArtifactCounter.PARTS_LIMIT <= MAX_PARTS
    assert sampler._KEEP <= 4


def _containers() -> dict[str, int]:
    """The length of every dict, set or list held at module level in the Finding packages."""
    out = {}
    for mod in _modules():
        for attr, obj in vars(mod).items():
            if isinstance(obj, dict | set | list) and not attr.startswith("__"):
                out[f"{mod.__name__}.{attr}"] = len(obj)
    return out


def test_module_level_containers_do_not_grow_with_the_games_played():
    _play(11, ("normal", "easy"))  # whatever one game fills once (tables, registries)
    before = _containers()
    for seed in (12, 13):
        _play(seed, ("easy", "normal", "random"))
    grew = {k: (before.get(k, 0), n) for k, n in _containers().items() if n > before.get(k, 0)}
    # the exact sampler keeps the beliefs of its last few fact sets: bounded by _KEEP
    if "ai.finding.sampler._beliefs" in grew:
        assert grew.pop("ai.finding.sampler._beliefs")[1] <= sampler._KEEP
    assert not grew, f"module-level containers that grew with the games played: {grew}"


def test_the_artifact_counter_memos_keep_to_their_limits_and_the_counts_stay_exact(monkeypatch):
    st = _play(21, ("normal", "normal"))
    facts = list(st.view(0).located_facts(0)) + list(st.view(1).located_facts(1))
    assert len(facts) >= 6, "the game should have given the seats something to go on"
    belief_module._counter.cache_clear()
    roomy = Belief(6)
    for f in facts:
        roomy.add(f)
    expected = (roomy.city_weights(), roomy.cell_counts(), roomy.sample(random.Random(3), 24))
    belief_module._counter.cache_clear()  # a new counter with the small limits below
    monkeypatch.setattr(ArtifactCounter, "SOLVED_STATES", 0)  # keeps the newest count only
    monkeypatch.setattr(ArtifactCounter, "PARTS_LIMIT", 3)
    try:
        tight = Belief(6)
        counter = tight._counter
        for f in facts:
            tight.add(f)
            tight.total_weight()
            assert len(counter._solved) <= 1 and len(counter._parts) <= 3
            assert counter._solved_states == sum(s.states for s in counter._solved.values())
        got = (tight.city_weights(), tight.cell_counts(), tight.sample(random.Random(3), 24))
        assert got == expected
        assert len(counter._solved) <= 1 and len(counter._parts) <= 3
    finally:
        belief_module._counter.cache_clear()


def test_the_cities_of_a_map_shape_are_a_compact_sequence_of_sets():
    cities = atlantis_placements(6, 4)
    assert isinstance(cities, Placements)
    assert len(cities) == 1747
    listed = list(cities)
    assert listed == [cities[i] for i in range(len(cities))]
    assert cities[-1] == listed[-1] and cities[3:6] == tuple(listed[3:6])
    assert all(type(c) is frozenset and len(c) == 4 for c in listed)
    with pytest.raises(IndexError):
        cities[len(cities)]
    # about two bytes a cell, not a frozenset's few hundred bytes a city
    assert cities._cells.itemsize * len(cities._cells) == 2 * 4 * 1747
