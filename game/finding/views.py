"""What one seat may know: its view (:func:`redact`), what it sees of a move (:func:`observe`)
and a world filled back in for a search (:func:`fill`).

A view keeps the seat's own chart (the log entries it can see) and the public fields; it
drops the ocean map, other seats' positions, the captains they were dealt, their unplayed
captain and the artifacts in their hands, the order of the artifact deck, the places of
other seats' mines and of every sea monster, and any recovery the seat cannot place. Unknown
cards and unknown places (another seat's mine, a sea monster, someone's recovery) read
:data:`~game.core.hidden.HIDDEN`, positions ``None``, so nothing left in a view can be drawn
as a fact.

A filled-in world takes its map from the caller's sampler when it passes one (the U-Bot's
exact belief in ``ai/finding`` does, through ``ai.worlds``); the game's own draws maps from
the generator and keeps the first that satisfies every located fact of the viewer, or the one
that satisfies the most after :data:`TRIES` draws. Positions come from the viewer's possible
positions, recoveries and mines from where their submarine could have been, unknown captains
and artifacts from the cards the viewer has not seen. Everything random comes from ``rng``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING

from game.core.hidden import HIDDEN
from game.core.protocol import Action
from game.finding.cards import ARTIFACTS, CAPTAINS
from game.finding.chart import ANCHORS, Entry
from game.finding.ocean import Ocean, generate

if TYPE_CHECKING:
    from game.finding.state import FindingState


def recovery_entries(log: tuple[Entry, ...]) -> list[int]:
    """Log indexes of the Explores that recovered an artifact, in the order of ``recovered``."""
    return [
        i
        for i, e in enumerate(log)
        if e.reading is not None
        and e.reading.kind == "explore"
        and e.reading.result[0] == "artifact"
    ]


def publicly_lost(log: tuple[Entry, ...], seat: int) -> bool:
    """Was ``seat`` swept away by a wrong claim, and has it not been seen since?"""
    for e in reversed(log):
        if e.who != seat or e.to is not None:
            continue
        if e.kind == "teleport":
            return True
        if e.kind in ANCHORS and e.at is not None:
            return False
    return False


def own_mine_known(log: tuple[Entry, ...], seat: int, mine: int | None) -> bool:
    for e in reversed(log):
        if e.kind == "my_mine" and e.who == seat:
            return e.at is not None and e.at == mine
    return False


def redact(st: FindingState, viewer: int | None) -> None:
    """Turn ``st`` (a fresh clone) into ``viewer``'s view, in place."""
    log = st.log
    k = st.knowledge(viewer)
    for i, idx in enumerate(recovery_entries(log)):
        if i < len(st.recovered) and k.placed(idx) != st.recovered[i]:
            st.recovered[i] = HIDDEN
    for q in range(st.n):
        if q == viewer:
            if st.lost[q]:
                st.pos[q] = None
            if st.mines[q] is not None and not own_mine_known(log, q, st.mines[q]):
                st.mines[q] = HIDDEN
            continue
        st.pos[q] = None
        st.dealt[q] = None
        if not st.shown[q]:
            st.captain[q] = None
        st.arts[q] = (HIDDEN,) * len(st.arts[q])
        if st.mines[q] is not None:
            st.mines[q] = HIDDEN
        st.lost[q] = publicly_lost(log, q)
    st.ocean = None
    st.deck = [HIDDEN] * len(st.deck)
    st.monsters = [HIDDEN] * len(st.monsters)
    st.log = st.chart(viewer)
    st._know = {}
    st._charts = {}
    st.observer = viewer


# --- what a seat sees of a move --------------------------------------------------------------
SECRET_KINDS = frozenset({"start_move", "silent", "long_silent", "drop_mine"})
SECRET_CAPTAINS = frozenset({"smuggler", "engineer"})


def observe(st: FindingState, a: Action, viewer: int | None) -> Hashable:
    """A secret move's direction (and the captain a seat keeps) is hidden from the others."""
    if viewer == a.player:
        return a
    kind = a.kind
    if kind in SECRET_KINDS or kind == "keep":
        return (a.player, kind)
    if kind == "captain" and a["name"] in SECRET_CAPTAINS:
        return (a.player, kind, a["name"])
    if kind == "artifact" and a["name"] == "pearl":
        return (a.player, kind, "pearl")
    return a


# --- a world filled back in -----------------------------------------------------------------
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
