"""Filling a view back in: one plausible world for a bot's search (``determinize``).

The ocean comes from the caller's sampler when it passes one (the U-Bot's exact belief in
``ai/finding`` does, through ``ai.worlds``); the game's own draws maps from the generator and
keeps the first that satisfies every located fact of the viewer, or the one that satisfies
the most after :data:`TRIES` draws. Positions come from the viewer's possible positions,
recoveries and mines from where their submarine could have been, unknown captains and
artifacts from the cards the viewer has not seen. Everything random comes from ``rng``.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING

from game.core.hidden import HIDDEN
from game.finding.cards import ARTIFACTS, CAPTAINS
from game.finding.ocean import Ocean, generate
from game.finding.views import recovery_entries

if TYPE_CHECKING:
    from game.finding.state import FindingState

#: generator draws the fallback sampler makes before settling for the best map it saw
TRIES = 64

#: ``sampler(view, viewer, rng)``: a map for the view's hidden ocean (``None``: use the game's)
OceanSampler = Callable[["FindingState", "int | None", random.Random], "Ocean | None"]


def sample_ocean(
    st: FindingState, rng: random.Random, sampler: OceanSampler | None = None
) -> Ocean:
    if sampler is not None:
        got = sampler(st, st.observer, rng)
        if got is not None:
            return got
    facts = st.located_facts(st.observer)
    best: Ocean | None = None
    best_score = -1
    for _ in range(TRIES):
        ocean = generate(st.size, rng)
        score = sum(1 for f in facts if f.holds(ocean))
        if score == len(facts):
            return ocean
        if score > best_score:
            best, best_score = ocean, score
    assert best is not None
    return best


def _pick(rng: random.Random, cells: object) -> int:
    pool = sorted(cells)  # type: ignore[call-overload]
    return pool[rng.randrange(len(pool))]


def _spot(k: object, index: int) -> frozenset[int] | None:
    for i, cells in k.spots:  # type: ignore[attr-defined]
        if i == index:
            return cells
    return None


def fill(st: FindingState, rng: random.Random, sampler: OceanSampler | None = None) -> None:
    """Sample, in place, everything the view ``st`` does not know (the map from ``sampler``
    when given)."""
    from game.finding.state import FULL

    viewer = st.observer
    if viewer == FULL:
        return
    k = st.knowledge(viewer)
    ocean = sample_ocean(st, rng, sampler)
    st.ocean = ocean
    size = st.size
    # recoveries: on an artifact of this map, where the explorer could have been
    left = set(ocean.artifacts) - set(st.recovered)
    for i, idx in enumerate(recovery_entries(st.log)):
        if i >= len(st.recovered) or st.recovered[i] != HIDDEN:
            continue
        near = _spot(k, idx) or frozenset()
        choice = (near & left) or left or set(range(size * size))
        st.recovered[i] = _pick(rng, choice)
        left.discard(st.recovered[i])
    for q in range(st.n):
        if st.pos[q] is None:
            st.pos[q] = _pick(rng, k.where[q])
    # sea monsters: where artifacts were recovered (sleepy), anywhere (hunting)
    if st.monsters:
        if st.hunting or len(st.recovered) < len(st.monsters):
            st.monsters = [rng.randrange(size * size) for _ in st.monsters]
        else:
            st.monsters = rng.sample(st.recovered, len(st.monsters))
    # mines: where their owner was when dropping the last one
    for q in range(st.n):
        if st.mines[q] == HIDDEN:
            drops = [
                i for i, e in enumerate(st.log)
                if e.kind == "move" and e.who == q and e.arg("by") == "drop_mine"
            ]  # fmt: skip
            where = (_spot(k, drops[-1]) if drops else None) or k.where[q]
            st.mines[q] = _pick(rng, where)
    # captains nobody has shown the viewer
    seen = set(st.dealt[viewer] or ()) if viewer is not None else set()
    seen |= {st.captain[q] for q in range(st.n) if st.shown[q]}
    pool = [c.key for c in CAPTAINS if c.key not in seen]
    rng.shuffle(pool)
    order = {c.key: i for i, c in enumerate(CAPTAINS)}
    for q in range(st.n):
        if st.dealt[q] is not None:
            continue
        kept = st.captain[q] if st.shown[q] else pool.pop()
        other = pool.pop() if pool else kept
        st.dealt[q] = tuple(sorted({kept, other}, key=order.__getitem__))  # type: ignore[assignment]
        chosen = st.phase != "captain" or q < st.setup_i
        st.captain[q] = kept if chosen else None
        if len(st.dealt[q]) == 1:  # type: ignore[arg-type]
            st.dealt[q] = (kept, kept)  # type: ignore[assignment]
    # artifacts: the cards the viewer has not seen, shuffled into the deck and others' hands
    known = list(st.arts[viewer]) if viewer is not None else []
    for q in range(st.n):
        known.extend(st.used[q])
    unseen = [a.key for a in ARTIFACTS if a.key not in known]
    rng.shuffle(unseen)
    for i, card in enumerate(st.deck):
        if card == HIDDEN:
            st.deck[i] = unseen.pop() if unseen else ARTIFACTS[0].key
    for q in range(st.n):
        if HIDDEN in st.arts[q]:
            st.arts[q] = tuple(
                sorted(unseen.pop() if unseen else ARTIFACTS[0].key for _ in st.arts[q])
            )
    st.observer = FULL
    st._know = {}
